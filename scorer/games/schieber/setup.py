"""A new Schieber match: the settings its set-up form states, and those of an imported record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.schieber.contracts import CONTRACT_KEYS
from scorer.games.base import Form, Settings, Setup
from scorer.games.common import kept_fields, typed_names
from scorer.games.schieber.forms import NewSchieberForm
from scorer.games.schieber.record import MATCH_FIELDS, OPTION_FIELDS, match_fields

FACTOR_KEYS = CONTRACT_KEYS


def settings(form: Form) -> Settings:
    options: dict[str, Any] = {}
    factors = {
        key: form[f"factor_{key}"].data for key in FACTOR_KEYS if form[f"factor_{key}"].data is not None
    }
    if factors:
        options["factors"] = factors
    for key in OPTION_FIELDS:
        if form[key].data:
            options[key] = form[key].data
    for key in ("four_nines", "four_low"):
        if form[key].data is not None:
            options[key] = form[key].data
    if form.kreuzweis.data:
        options["kreuzweis"] = form.kreuzweis.data == "yes"
    stated: Settings = {
        "game": "schieber",
        "profile": form.profile.data,
        "options": options,
        "deck": form.deck.data,
        "names": typed_names(form, 4),
        "players": 4,
        "first_forehand": int(form.rosen7.data),
    }
    if form.target.data is not None:
        stated["target"] = form.target.data
    return stated


def check(form: Form, settings: Settings) -> bool:
    return True  # every seat exists; the engine judges the rest


def from_record(record: Mapping[str, Any], form: Form) -> Settings:
    stated: Settings = {
        "game": "schieber",
        "players": 4,
        "names": typed_names(form, 4),
        "deck": form.deck.data,
    }
    return kept_fields(record, MATCH_FIELDS, stated)


SETUP = Setup(
    form=NewSchieberForm,
    settings=settings,
    check=check,
    error_fields={"profile": "profile", "target": "target"},
    record_fields=match_fields,
    from_record=from_record,
)
