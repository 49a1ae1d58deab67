"""The PDFs' games, found through the registry, and why a match cannot be printed.

The shapes the pads and scoresheets are made of (:class:`~scorer.games.sheet.Column`,
:class:`~scorer.games.sheet.Header` …) live with the games' interface
(:mod:`scorer.games.sheet`): each game's columns, pad boxes and row figures are built in its
folder (``scorer/games/<game>/sheet.py``, a :class:`scorer.games.sheet.SheetPart`), found by
:func:`sheet_part`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scorer.games.sheet import SheetPart

Answer = Mapping[str, Any]
ScoreMatch = Callable[[Mapping[str, Any]], Mapping[str, Any]]


class SheetError(ValueError):
    """The match cannot be printed: not a record, or the engine rejects it."""

    def __init__(self, message: str, errors: Sequence[Mapping[str, Any]] = ()) -> None:
        super().__init__(message)
        self.errors = list(errors)


def game_names() -> tuple[str, ...]:
    """The names of the games that have sheets, in the registry's order."""
    from scorer import games

    return tuple(name for name, game in games.sheet_games().items() if game.sheet is not None)


def record_game(record: Mapping[str, Any]) -> str:
    """The game a match record is of (DEAL_RECORD.md: the registry's default when it names none)."""
    from scorer import games

    return str(record.get("game", games.RECORD_DEFAULT))


def sheet_part(game: str) -> SheetPart | None:
    """The sheet part of ``game`` (its columns, pad and figures); None: no such game or no sheets.

    The registry is imported here, not at the top: the renderers need no web stack.
    """
    from scorer import games

    try:
        return games.sheet_game(game).sheet
    except games.UnknownGame:
        return None
