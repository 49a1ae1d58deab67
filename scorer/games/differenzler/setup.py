"""A new Differenzler Partie: players, length, the estimates' form and the options (DIFFERENZLER.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from scorer.games.base import Form, Record, Settings, Setup
from scorer.games.common import kept_fields, present, typed_names
from scorer.games.differenzler.forms import NewDifferenzlerForm

#: Match-level settings copied into the engine's Partie record.
MATCH_FIELDS = ("players", "deal_count", "options")


def settings(form: Form) -> Settings:
    players = int(form.players.data)
    options: dict[str, Any] = {"form": form.form.data}
    for key in ("exact_bonus", "penalty_points"):
        if form[key].data is not None:
            options[key] = form[key].data
    for key in ("zero_exact", "stoeck", "tie"):
        if form[key].data:
            options[key] = form[key].data
    if form.dealer_credit.data:
        options["dealer_credit"] = True
    if form.modes.data == "all":
        options["modes"] = ["suit", "obenabe", "undenufe"]
    return {
        "game": "differenzler",
        "players": players,
        "deal_count": int(form.deal_count.data),
        "options": options,
        "deck": "swiss",
        "names": typed_names(form, players),
        "first_forehand": int(form.first_forehand.data),
    }


def check(form: Form, settings: Settings) -> bool:
    """The first forehand sits at the table (D1.1: seats 1 to ``players``)."""
    if int(form.first_forehand.data) > settings["players"]:
        form.first_forehand.errors.append(_("There is no such seat with this many players."))
        return False
    return True


def record_fields(settings: Mapping[str, Any]) -> Record:
    return present(settings, MATCH_FIELDS)


def from_record(record: Mapping[str, Any], form: Form) -> Settings:
    players = int(record.get("players") or 4)
    stated: Settings = {"game": "differenzler", "players": players, "names": typed_names(form, players)}
    stated["deck"] = "swiss"
    return kept_fields(record, MATCH_FIELDS, stated)


SETUP = Setup(
    form=NewDifferenzlerForm,
    settings=settings,
    check=check,
    error_fields={"players": "players", "deal_count": "deal_count", "options": "form"},
    record_fields=record_fields,
    from_record=from_record,
)
