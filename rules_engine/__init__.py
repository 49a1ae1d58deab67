"""Tafel's rules engine: pure Python rules for Swiss card games, one package per game.

Public contract (``docs/DEAL_RECORD.md``): :func:`score_deal`, :func:`score_match`,
:func:`legal_cards`, :func:`score_passe`, :func:`score_tournament`,
:func:`seat_next_round`, :func:`score_series` and :func:`rate_players`, each taking a
JSON-like record and returning a JSON-like answer whose keys :mod:`rules_engine.answers` and each game's ``answers`` module type. The games
are found through :mod:`rules_engine.games`.
Nothing here imports the web stack (flask, wtforms, babel, reportlab).

>>> card = Card.parse("HJ")
>>> str(card), card == Card(Suit.HEARTS, Rank.JACK), Seat(1).next.number
('HJ', True, 2)
"""

import importlib
from typing import TYPE_CHECKING, Any

from rules_engine.api import (
    legal_cards,
    rate_players,
    resume_match,
    score_deal,
    score_match,
    score_passe,
    score_series,
    score_tournament,
    seat_next_round,
)
from rules_engine.cards import Card, Rank, Suit
from rules_engine.errors import InvalidNotation, InvalidRecord, Reason, RuleBroken, TafelError
from rules_engine.games import DealAnswer, LegalAnswer, MatchAnswer, register
from rules_engine.seats import Seat

if TYPE_CHECKING:
    from rules_engine.answers import NextTurn, ReasonJSON
    from rules_engine.resume import MatchState

#: Names defined when first asked for, by their module: a command that scores one deal never
#: needs them (the answers' types type the answers; nothing checks an answer at run time).
_LATER = {
    "MatchState": "rules_engine.resume",
    "NextTurn": "rules_engine.answers",
    "ReasonJSON": "rules_engine.answers",
}


def __getattr__(name: str) -> Any:
    home = _LATER.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


__all__ = [
    "Card",
    "DealAnswer",
    "InvalidNotation",
    "InvalidRecord",
    "LegalAnswer",
    "MatchAnswer",
    "MatchState",
    "NextTurn",
    "Rank",
    "Reason",
    "ReasonJSON",
    "RuleBroken",
    "Seat",
    "Suit",
    "TafelError",
    "legal_cards",
    "rate_players",
    "register",
    "resume_match",
    "score_deal",
    "score_match",
    "score_passe",
    "score_series",
    "score_tournament",
    "seat_next_round",
]
