"""Schieber (SCHIEBER.md): public entry points of the game.

``score_deal`` (:mod:`.deal`), ``score_match`` and ``resume_match`` (:mod:`.match`) and
``legal_cards`` (:mod:`.play`) take DEAL_RECORD.md records and answer in JSON; :mod:`.weis`
offers ``find_weis``, ``best_declaration`` and ``compare_weis`` for the app and the dispute
desk. Each module is imported when one of its names is first asked for, so that a command
that scores one deal does not define the match's or the legal-card layer's types.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from rules_engine.limits import GameLimits

if TYPE_CHECKING:
    from rules_engine.schieber.deal import score_deal
    from rules_engine.schieber.match import resume_match, score_match
    from rules_engine.schieber.play import legal_cards
    from rules_engine.schieber.weis import best_declaration, compare_weis, find_weis

#: The largest Schieber record a table can produce (rules_engine.limits.GameLimits).
LIMITS = GameLimits(
    # S2.1: the deck of 36. A misdealt tenth card is still S8's "more than nine cards in one
    # hand"; a hand of 37 names a card twice.
    deck=36,
    # A run takes 3+ cards (S6.1) and a card counts in one run only (S6.3), so nine cards hold
    # at most 3 runs; four of a kind takes 4 (S6.2), so at most 2 fours, which with
    # Kreuzweis may share cards with the runs: 3 + 2 = 5. Twice that, so that every Weis
    # declared twice (S6.3) is still judged by its rule.
    melds_per_seat=10,
    melds_why="S6.1-S6.3: twice the most nine cards can declare",
    # S6.1: the longest run is the whole suit, 6 to Ass.
    meld_cards=9,
    # S2.1: every card is played once; twice the deck, so that a trick too many or a card
    # twice is still S8's.
    played_cards=72,
)

#: Public name -> the module defining it.
_HOMES = {
    "score_deal": "deal",
    "score_match": "match",
    "resume_match": "match",
    "legal_cards": "play",
    "legal_cards_fast": "play",
    "best_declaration": "weis",
    "compare_weis": "weis",
    "find_weis": "weis",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "LIMITS",
    "best_declaration",
    "compare_weis",
    "find_weis",
    "legal_cards",
    "resume_match",
    "score_deal",
    "score_match",
]
