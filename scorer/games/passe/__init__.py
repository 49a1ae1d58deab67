"""A Passe at one table (rules/TOURNAMENT.md): a fixed number of Schieber games, no target.

It reuses Schieber's deal entry (forehand, contract, points, Match); under the tournament
profile there is no Weis and no Stöck (T2.1). The engine's ``score_passe`` answers it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorer.games.base import Game


def __getattr__(name: str) -> Game:
    # ``GAME`` is built on first read: the printed sheets import the game's ``sheet`` module
    # (through this package) without the pages' forms and the web stack ``game.py`` imports.
    if name == "GAME":
        from scorer.games.passe.game import GAME

        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
