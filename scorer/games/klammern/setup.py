"""A new Klammern match: the settings its set-up form states, and those of an imported record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from scorer.games.base import Form, Settings, Setup
from scorer.games.common import kept_fields, typed_names
from scorer.games.klammern.forms import NewKlammernForm
from scorer.games.klammern.record import MATCH_FIELDS, match_fields, stated_settings
from scorer.web.posted import of_form


def settings(form: Form) -> Settings:
    """The settings the judged set-up form states, by the builder the tablet runs too."""
    return stated_settings(of_form(form))


def check(form: Form, settings: Settings) -> bool:
    """The first dealer sits at the table (K1.3: seats 1 to ``players``; the default, seat 4, is
    the seat before seat 1 at any table, ``record.first_dealer``)."""
    dealer = int(form.first_dealer.data)
    if dealer != 4 and dealer > settings["players"]:
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
