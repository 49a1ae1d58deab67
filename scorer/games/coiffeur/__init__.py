"""Coiffeur (rules/COIFFEUR.md): Schieber's cards played down a grid of contracts, two teams."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorer.games.base import Game


def __getattr__(name: str) -> Game:
    # ``GAME`` is built on first read: the printed sheets import the game's ``sheet`` module
    # (through this package) without the pages' forms and the web stack ``game.py`` imports.
    if name == "GAME":
        from scorer.games.coiffeur.game import GAME

        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
