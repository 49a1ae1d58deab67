"""A new Passe at one table: the settings its set-up form states (TOURNAMENT.md T1.2, T2, T3.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.tournament.options import WITH_SLALOM
from scorer.games.base import Form, Record, Settings, Setup
from scorer.games.common import kept_fields, present, typed_names
from scorer.games.passe.forms import NewPasseForm
from scorer.games.passe.record import MATCH_FIELDS
from scorer.games.schieber.setup import FACTOR_KEYS

#: The table's device enters each game and both teams see it (T6.2 ``none``): the app's Passe
#: has no second confirmation step.
CONFIRM = "none"


def settings(form: Form) -> Settings:
    options: dict[str, Any] = {"games_per_passe": form.games_per_passe.data, "confirm": CONFIRM}
    if form.rules.data == "own":
        options["match_value"] = int(form.match_value.data)
        options["weis"] = form.weis.data == "yes"
        options["stoeck"] = form.stoeck.data == "yes"
        if form.slalom.data == "yes":
            options["contracts"] = list(WITH_SLALOM)
        factors = {
            key: form[f"factor_{key}"].data for key in FACTOR_KEYS if form[f"factor_{key}"].data is not None
        }
        if factors:
            options["factors"] = factors
    return {
        "game": "passe",
        "profile": "tournament",
        "options": options,
        "deck": form.deck.data,
        "names": typed_names(form, 4),
        "players": 4,
        "first_forehand": int(form.rosen7.data),
    }


def check(form: Form, settings: Settings) -> bool:
    return True  # the engine judges the options


def record_fields(settings: Mapping[str, Any]) -> Record:
    return present(settings, MATCH_FIELDS)


def from_record(record: Mapping[str, Any], form: Form) -> Settings:
    stated: Settings = {"game": "passe", "players": 4, "names": typed_names(form, 4), "deck": form.deck.data}
    return kept_fields(record, MATCH_FIELDS, stated)


SETUP = Setup(
    form=NewPasseForm,
    settings=settings,
    check=check,
    error_fields={"profile": "rules", "games_per_passe": "games_per_passe"},
    record_fields=record_fields,
    from_record=from_record,
)
