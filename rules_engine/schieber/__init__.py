"""Schieber (SCHIEBER.md): public entry points of the game.

``score_deal`` (:mod:`.deal`), ``score_match`` (:mod:`.match`) and ``legal_cards``
(:mod:`.play`) take DEAL_RECORD.md records and answer in JSON; :mod:`.weis` offers
``find_weis``, ``best_declaration`` and ``compare_weis`` for the app and the dispute desk.
"""

from rules_engine.schieber.deal import score_deal
from rules_engine.schieber.match import resume_match, score_match
from rules_engine.schieber.play import legal_cards
from rules_engine.schieber.weis import best_declaration, compare_weis, find_weis

__all__ = [
    "best_declaration",
    "compare_weis",
    "find_weis",
    "legal_cards",
    "resume_match",
    "score_deal",
    "score_match",
]
