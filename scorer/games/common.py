"""Small helpers the games' folders share (no game's rules live here)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.games import board
from scorer.games.base import Form, Settings
from scorer.games.records import present as present
from scorer.web import display
from scorer.web.forms import NONE, choices


def typed_names(form: Form, count: int) -> list[str]:
    """The players' names typed on a set-up or import form, seat 1 first."""
    return [(form[f"name_{n}"].data or "").strip()[:40] for n in range(1, count + 1)]


def kept_fields(record: Mapping[str, Any], fields: tuple[str, ...], settings: Settings) -> Settings:
    """``settings`` with the match-level ``fields`` an imported record states, and its first forehand."""
    for key in fields:
        if key in record and key != "players":
            settings[key] = record[key]
    deals = record.get("deals") or []
    if deals and isinstance(deals[0], dict) and isinstance(deals[0].get("forehand"), int):
        settings["first_forehand"] = deals[0]["forehand"]
    return settings


def name_seats(
    form: Form, settings: Settings, seats: tuple[str, ...], optional: tuple[str, ...] = ()
) -> None:
    """Seat choices by the players' names (``optional`` ones may be left empty), and the
    two teams a ``team`` choice names."""
    names = board.names(settings)
    pairs = [(str(n), name) for n, name in enumerate(names, start=1)]
    for field in seats:
        form[field].choices = choices(*pairs)
    for field in optional:
        form[field].choices = choices(NONE, *pairs)
    if "team" in form:
        form.team.choices = choices(
            ("1", display.side_label(1, settings)), ("2", display.side_label(2, settings))
        )
