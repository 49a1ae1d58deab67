"""Tafel's rules engine: pure Python rules for Schieber and Klammern.

Public contract (``../shared/DEAL_RECORD.md``): :func:`score_deal`, :func:`score_match`,
:func:`legal_cards`, :func:`score_passe`, :func:`score_tournament` and
:func:`seat_next_round`, each taking a JSON-like record and returning a JSON-like answer.
Nothing here imports the web stack (flask, wtforms, babel, reportlab).
"""

from rules_engine.api import (
    legal_cards,
    score_deal,
    score_match,
    score_passe,
    score_tournament,
    seat_next_round,
)
from rules_engine.cards import Card, Rank, Suit
from rules_engine.errors import InvalidNotation, InvalidRecord, Reason, RuleBroken, TafelError
from rules_engine.seats import Seat

__all__ = [
    "Card",
    "InvalidNotation",
    "InvalidRecord",
    "Rank",
    "Reason",
    "RuleBroken",
    "Seat",
    "Suit",
    "TafelError",
    "legal_cards",
    "score_deal",
    "score_match",
    "score_passe",
    "score_tournament",
    "seat_next_round",
]
