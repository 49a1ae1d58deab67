"""Schieber's answers as types (DEAL_RECORD.md): the keys ``mypy --strict`` checks.

Keys marked ``Required`` are in every answer, the others only where the docstring says (a
deal with tricks, a deal inside a match).

>>> from rules_engine.schieber import score_deal
>>> answer: SchieberDealAnswer = score_deal({"forehand": 2, "contract": "obenabe",
...                                          "points": {"team": 2, "value": 100}})
>>> answer["total"], answer["dealer"]
([171, 300], 1)
"""

from __future__ import annotations

from typing import Any, Literal, Required, TypeAlias, TypedDict

from rules_engine.answers import NextTurn, ReasonJSON

__all__ = [
    "DealAnswer",
    "DeclaredWeisJSON",
    "LegalAnswer",
    "MatchAnswer",
    "SchieberDealAnswer",
    "SchieberLegalAnswer",
    "SchieberMatchAnswer",
    "SchieberRaw",
    "WeisJSON",
]


class WeisJSON(TypedDict):
    kind: str
    cards: list[str]
    points: int


class DeclaredWeisJSON(WeisJSON):
    seat: int


class SchieberRaw(TypedDict):
    """A deal's figures per team before the contract factor."""

    trick_points: list[int]
    match_bonus: list[int]
    weis: list[int]
    stoeck: list[int]
    total: list[int]


class SchieberDealAnswer(TypedDict, total=False):
    """``score_deal`` for Schieber. An invalid deal keeps every key, with null figures."""

    valid: Required[bool]
    errors: Required[list[ReasonJSON]]
    factor: Required[int]
    contract: Required[str]
    forehand: Required[int]
    #: S2.3: the seat before forehand.
    dealer: Required[int]
    pushed: Required[bool]
    #: Per team, after the factor; null when the deal is invalid.
    trick_points: Required[list[int] | None]
    match_bonus: Required[list[int] | None]
    weis: Required[list[int] | None]
    weis_winner: Required[int | None]
    stoeck: Required[list[int] | None]
    total: Required[list[int] | None]
    raw: Required[SchieberRaw | None]
    match_team: Required[int | None]
    weis_declared: Required[dict[str, list[WeisJSON]] | None]
    weis_best: Required[DeclaredWeisJSON | None]
    weis_comparison: Required[dict[str, Any] | None]
    #: Only when the record gives ``tricks``: the seat that took each trick.
    trick_winners: list[int] | None
    #: Only inside a match answer: the deal's index, what it added to the match (S7.1),
    #: the scores after it and the stage that ended the match in it (S7.2).
    index: int
    counted: list[int] | None
    scores_after: list[int] | None
    ended_on: Literal["stoeck", "weis", "trick_points"] | None


class SchieberMatchAnswer(TypedDict, total=False):
    """``score_match`` for Schieber. Invalid: null ``scores``/``finished``/``winner``."""

    valid: Required[bool]
    errors: Required[list[ReasonJSON]]
    profile: Required[str]
    #: S1.2: the target in force (the profile's default when the record gives none).
    target: Required[int]
    scores: Required[list[int] | None]
    finished: Required[bool | None]
    winner: Required[int | None]
    points_needed: Required[list[int] | None]
    #: S1.3: teams that would be Schneider if the match ended now (empty once finished).
    schneider_threatened: Required[list[int] | None]
    deals: Required[list[SchieberDealAnswer]]
    #: Once finished (S1.3).
    schneider: bool
    #: While not finished (S2.3); null before the first deal unless ``first_forehand`` is given.
    next: NextTurn | None


class SchieberLegalAnswer(TypedDict):
    legal: list[str]
    illegal: dict[str, ReasonJSON]


#: The names every game's ``answers`` module gives its three answers.
DealAnswer: TypeAlias = SchieberDealAnswer
MatchAnswer: TypeAlias = SchieberMatchAnswer
LegalAnswer: TypeAlias = SchieberLegalAnswer
