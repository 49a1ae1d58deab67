"""A new Schieber match: the settings its set-up form states, and those of an imported record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.schieber.contracts import CONTRACT_KEYS
from scorer.games.base import Form, Settings, Setup
from scorer.games.common import kept_fields, typed_names
from scorer.games.schieber.forms import NewSchieberForm
from scorer.games.schieber.record import MATCH_FIELDS, match_fields, setup_settings
from scorer.web.posted import of_form

FACTOR_KEYS = CONTRACT_KEYS


def settings(form: Form) -> Settings:
    """The settings the judged set-up form states, by the builder the tablet runs too."""
    return setup_settings(of_form(form))


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
