"""Klammern (KLAMMERN.md): public entry points of the game.

``score_deal`` (:mod:`.deal`), ``legal_cards`` (:mod:`.play`), ``score_match`` and
``resume_match`` (:mod:`.match`), found by :mod:`rules_engine.api` through the record's
``game``. Each module is imported when one of its names is first asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from rules_engine.limits import GameLimits

if TYPE_CHECKING:
    from rules_engine.klammern.deal import score_deal
    from rules_engine.klammern.match import resume_match, score_match
    from rules_engine.klammern.play import legal_cards

#: The largest Klammern record a table can produce (rules_engine.limits.GameLimits).
LIMITS = GameLimits(
    # K2.1: the deck of 32. A misdealt ninth card is still K10's; a hand of 33 names a card
    # twice.
    deck=32,
    # A sequence takes 3+ of the 8 cards and a card counts in one sequence only (K5.1): at
    # most 2, twice that so that "more cards than a hand holds" (K10) is still judged.
    melds_per_seat=4,
    melds_why="K5.1: twice the most eight cards can declare",
    # K5.1: the longest sequence is the whole suit, 7 to Ace.
    meld_cards=8,
    # K2.1: every card is played once; twice the deck, so that a trick too many or a card
    # twice is still K10's.
    played_cards=64,
)

#: Public name -> the module defining it.
_HOMES = {
    "score_deal": "deal",
    "score_match": "match",
    "resume_match": "match",
    "legal_cards": "play",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = ["LIMITS", "legal_cards", "resume_match", "score_deal", "score_match"]
