"""A new Klammern match: the settings its set-up form states, and those of an imported record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from scorer.games.base import Form, Settings, Setup
from scorer.games.common import kept_fields, typed_names
from scorer.games.klammern.forms import NewKlammernForm
from scorer.games.klammern.record import MATCH_FIELDS, match_fields


def settings(form: Form) -> Settings:
    players = int(form.players.data)
    options: dict[str, Any] = {}
    if form.jappa_total.data == "yes":
        options["jappa_total"] = True
    if form.meld_tiebreak.data:
        options["meld_tiebreak"] = form.meld_tiebreak.data
    if form.revoke.data:
        options["revoke"] = form.revoke.data
    dealer = int(form.first_dealer.data)
    stated: Settings = {
        "game": "klammern",
        "players": players,
        "format": form.format.data,
        "options": options,
        "deck": "french",
        "names": typed_names(form, players),
        "first_forehand": dealer % players + 1,
    }
    if form.format.data == "liga" and form.target.data is not None:
        stated["target"] = form.target.data
    if form.format.data == "small_big" and form.target_big.data is not None:
        stated["target_big"] = form.target_big.data
    return stated


def check(form: Form, settings: Settings) -> bool:
    """The first dealer sits at the table (K1.3: seats 1 to ``players``)."""
    if int(form.first_dealer.data) > settings["players"]:
        form.first_dealer.errors.append(_("There is no such seat with this many players."))
        return False
    return True


def from_record(record: Mapping[str, Any], form: Form) -> Settings:
    players = int(record.get("players") or 4)
    stated: Settings = {
        "game": "klammern",
        "players": players,
        "names": typed_names(form, players),
        "deck": "french",
    }
    return kept_fields(record, MATCH_FIELDS, stated)


SETUP = Setup(
    form=NewKlammernForm,
    settings=settings,
    check=check,
    error_fields={"target": "target", "target_big": "target_big", "players": "players", "format": "format"},
    record_fields=match_fields,
    from_record=from_record,
)
