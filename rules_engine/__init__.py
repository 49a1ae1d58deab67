"""Tafel's rules engine: pure Python rules for Schieber and Klammern.

Public contract (``docs/DEAL_RECORD.md``): :func:`score_deal`, :func:`score_match`,
:func:`legal_cards`, :func:`score_passe`, :func:`score_tournament` and
:func:`seat_next_round`, each taking a JSON-like record and returning a JSON-like answer
whose keys :mod:`rules_engine.answers` and each game's ``answers`` module type
(``SchieberDealAnswer``, ``KlammernMatchAnswer``...).
Nothing here imports the web stack (flask, wtforms, babel, reportlab).

>>> card = Card.parse("HJ")
>>> str(card), card == Card(Suit.HEARTS, Rank.JACK), Seat(1).next.number
('HJ', True, 2)
"""

from typing import TYPE_CHECKING, Any

from rules_engine.api import (
    legal_cards,
    resume_match,
    score_deal,
    score_match,
    score_passe,
    score_tournament,
    seat_next_round,
)
from rules_engine.cards import Card, Rank, Suit
from rules_engine.errors import InvalidNotation, InvalidRecord, Reason, RuleBroken, TafelError
from rules_engine.seats import Seat

if TYPE_CHECKING:
    from rules_engine.answers import (
        DealAnswer,
        KlammernDealAnswer,
        KlammernLegalAnswer,
        KlammernMatchAnswer,
        LegalAnswer,
        MatchAnswer,
        NextTurn,
        ReasonJSON,
        SchieberDealAnswer,
        SchieberLegalAnswer,
        SchieberMatchAnswer,
    )
    from rules_engine.resume import MatchState

#: The answers' types, defined when first asked for: a command that scores one deal never
#: needs them (they type the answers; nothing checks an answer against them at run time).
_ANSWER_TYPES = frozenset(
    {
        "DealAnswer",
        "KlammernDealAnswer",
        "KlammernLegalAnswer",
        "KlammernMatchAnswer",
        "LegalAnswer",
        "MatchAnswer",
        "NextTurn",
        "ReasonJSON",
        "SchieberDealAnswer",
        "SchieberLegalAnswer",
        "SchieberMatchAnswer",
    }
)


def __getattr__(name: str) -> Any:
    if name == "MatchState":  # with the match layer, which a deal's command does not need
        from rules_engine.resume import MatchState

        globals()[name] = MatchState
        return MatchState
    if name in _ANSWER_TYPES:
        from rules_engine import answers

        value = getattr(answers, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Card",
    "DealAnswer",
    "KlammernDealAnswer",
    "KlammernLegalAnswer",
    "KlammernMatchAnswer",
    "LegalAnswer",
    "MatchAnswer",
    "MatchState",
    "NextTurn",
    "ReasonJSON",
    "SchieberDealAnswer",
    "SchieberLegalAnswer",
    "SchieberMatchAnswer",
    "InvalidNotation",
    "InvalidRecord",
    "Rank",
    "Reason",
    "RuleBroken",
    "Seat",
    "Suit",
    "TafelError",
    "legal_cards",
    "resume_match",
    "score_deal",
    "score_match",
    "score_passe",
    "score_tournament",
    "seat_next_round",
]
