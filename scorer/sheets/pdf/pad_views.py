"""The view-model of a blank pad: the game's columns and boxes with the names and target given.

>>> view = pad_view("schieber", teams=("Bern", "Thun"))
>>> [side.name for side in view.header.sides], view.header.target, view.schneider
(['Bern', 'Thun'], 3000, 1500)
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.games.sheet import PadView
from scorer.sheets.pdf.model import game_names, sheet_part


def pad_view(
    game: str,
    format: str | None = None,
    *,
    target: int | None = None,
    teams: Sequence[str] = (),
    players: Sequence[str] = (),
) -> PadView:
    """The blank pad of a game, with the names and target that were given.

    A game played by two or three, each alone, gets one column group per player (K1.4).

    :raises ValueError: unknown game or format, a format for a game without formats, a bad target.
    """
    part = sheet_part(game)
    if part is None:
        raise ValueError(f"game: unknown game {game!r} (use {' or '.join(game_names())})")
    if target is not None and (isinstance(target, bool) or not isinstance(target, int) or target < 1):
        raise ValueError(f"target must be a whole number >= 1, not {target!r}")
    names: tuple[str | None, ...] = tuple(p or None for p in players)
    return part.pad(format, target, teams, names)
