"""What the series' forms and its import both check: a date as typed, and options the engine takes."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import rules_engine
from rules_engine.errors import InvalidRecord

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def date_of(raw: str) -> date | None:
    """A calendar date written YYYY-MM-DD, or None."""
    if _ISO_DATE.fullmatch(raw):
        try:
            return date.fromisoformat(raw)
        except ValueError:
            return None
    return None


def options_problem(options: dict[str, Any], planned: int | None) -> str | None:
    """The engine's reason against these options of a series (Z11), or None."""
    record: dict[str, Any] = {"game": "series", "options": options, "players": [], "events": []}
    if planned is not None:
        record["planned_events"] = planned
    try:
        rules_engine.score_series(record)
    except InvalidRecord as error:
        return str(error)
    return None
