"""A deal in one line as players say it ("Rosen, Anna & Cla 98, Beat: 4 × Under, Stöck: Anna"):
for the history of a corrected deal and for the message of an undo, instead of its record.
Each game says its deals' parts (:attr:`scorer.games.base.MatchPage.words`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer import games
from scorer.games import words


def deal_line(record: Mapping[str, Any], settings: Mapping[str, Any]) -> str:
    """``record`` (a deal of DEAL_RECORD.md) of the match with ``settings``, in words."""
    try:
        game = games.of(settings)
        return words.line(game.match.words(record, settings, game.deck))
    except (games.UnknownGame, KeyError, TypeError, ValueError):  # a record the app did not write
        return ""
