"""The shapes of Differenzler's JSON answers (DIFFERENZLER.md, "JSON records").

Arrays are per seat (index 0 is seat 1). Figures are null in an answer whose record
breaks a rule.
"""

from __future__ import annotations

from typing import Any, TypedDict

from rules_engine.answers import ReasonJSON


class DealAnswer(TypedDict, total=False):
    """``score_deal`` for ``game: "differenzler"``, and each entry of a Partie's ``deals``."""

    valid: bool
    errors: list[ReasonJSON]
    players: int
    forehand: int
    dealer: int
    void: bool
    trump: str | None
    estimates: list[int | None] | None
    #: The record's card points, or those the tricks give (no Stöck).
    points: list[int] | None
    tricks_won: list[int] | None
    #: Card points plus a counted Stöck (D5.4).
    made: list[int] | None
    difference: list[int] | None
    exact: list[bool] | None
    #: What D6.2-D6.3 actually grant (subtracted).
    credit: list[int] | None
    #: Penalty points (D6.4, added).
    penalty: list[int] | None
    #: D6.5: the dealer's credit (subtracted from the dealer's score).
    dealer_credit: int | None
    score: list[int] | None
    #: Whether a Stöck counted in this deal (then the made points total 177).
    stoeck_counted: bool | None
    #: With ``tricks``: the seat that took each trick.
    trick_winners: list[int] | None
    index: int


class RankEntry(TypedDict):
    rank: int
    seat: int
    total: int
    shared: bool


class Next(TypedDict):
    dealer: int
    forehand: int


class MatchAnswer(TypedDict, total=False):
    """``score_match`` for ``game: "differenzler"``: a Partie."""

    valid: bool
    errors: list[ReasonJSON]
    players: int
    deal_count: int
    names: list[str | None] | None
    #: Deals counted toward ``deal_count`` (void deals are not, D6.4).
    deals_counted: int | None
    totals: list[int] | None
    exact_hits: list[int] | None
    ranking: list[RankEntry] | None
    finished: bool | None
    next: Next | None
    deals: list[DealAnswer]


class IllegalAnswer(TypedDict, total=False):
    rule: str
    message: str
    code: str
    params: dict[str, Any]


class LegalAnswer(TypedDict):
    """``legal_cards`` for ``game: "differenzler"``."""

    legal: list[str]
    illegal: dict[str, IllegalAnswer]
