"""Klammern's answers as types (DEAL_RECORD.md): the keys ``mypy --strict`` checks.

Keys marked ``Required`` are in every answer, the others only where the docstring says (a
valid deal, a deal inside a match, a format's own states).
"""

from __future__ import annotations

from typing import Required, TypeAlias, TypedDict

from rules_engine.answers import NextTurn, ReasonJSON

__all__ = [
    "DealAnswer",
    "KlammernDealAnswer",
    "KlammernLegalAnswer",
    "KlammernMatchAnswer",
    "LegalAnswer",
    "MarchJSON",
    "MarchOutcomeJSON",
    "MatchAnswer",
    "RevokeJSON",
    "SmallBigScores",
]


class RevokeJSON(TypedDict):
    """K4.5: who revoked, the points counted then, whether the revoking side kept the deal;
    ``trick``/``card``/``rule``/``message`` when the engine found it in the tricks."""

    seat: int
    side: int
    points: list[int]
    kept: bool
    trick: int | None
    card: str | None
    rule: str | None
    message: str | None


class MarchJSON(TypedDict):
    """K8.4: the march of a deal: who announced it and whether it took every trick."""

    seat: int
    side: int
    all_tricks: bool


class MarchOutcomeJSON(TypedDict):
    """K8.4: the march that decided a Liga match."""

    deal: int
    side: int
    succeeded: bool


class SmallBigScores(TypedDict):
    small: list[int]
    big: list[int]


class KlammernDealAnswer(TypedDict, total=False):
    """``score_deal`` for Klammern. Invalid: only ``valid`` and ``errors``. Per-side lists
    hold one entry per side (two teams, or every player of a 2-3-player table)."""

    valid: Required[bool]
    errors: Required[list[ReasonJSON]]
    players: int
    #: ``small_big``, ``liga`` or ``hamburg``.
    format: str
    #: ``orgi``, ``kleines`` or ``besser``.
    how: str
    trump: str
    forehand: int
    #: K1.3: the seat before forehand.
    dealer: int
    declarer: int
    declarer_side: int
    kontra: bool
    re: bool
    multiplier: int
    total: int
    melds: list[int]
    meld_winner: int | None
    bella: list[int]
    revoke: RevokeJSON | None
    durchmarsch: MarchJSON | None
    trick_winners: list[int]
    card_points: list[int] | None
    beet: int | float | None
    side_points: list[int] | None
    credited: list[int]
    declarer_wins: bool | None
    winner_sides: list[int]
    winner_side: int | None
    #: The figure of the record's format (only that one).
    small_points: list[int]
    augen: list[int]
    dice: list[int]
    #: Only inside a match answer: the deal's index, the scores after it (null when it is
    #: not counted), and the format's states after it.
    index: int
    scores_after: SmallBigScores | list[int] | None
    laube_after: list[int] | None
    must_play_after: int | None
    dice_faces_after: list[int] | None


class KlammernMatchAnswer(TypedDict, total=False):
    """``score_match`` for Klammern. Invalid: null ``scores``/``finished``/``winner``."""

    valid: Required[bool]
    errors: Required[list[ReasonJSON]]
    #: The target in the format's unit: Liga Augen (K8.2), big points (K7.6, null when
    #: open-ended), Hamburg points back to six (K9.4).
    target: Required[int | None]
    scores: Required[SmallBigScores | list[int] | None]
    finished: Required[bool | None]
    winner: Required[int | None]
    #: Per side, what it still needs of the target; null without a target or when invalid.
    points_needed: Required[list[int] | None]
    deals: Required[list[KlammernDealAnswer]]
    #: Valid matches: the scores after each counted deal.
    running: list[SmallBigScores] | list[list[int]]
    #: While not finished (K1.3); null before the first deal unless ``first_forehand`` is given.
    next: NextTurn | None
    #: Small/big (K7.3, K7.5).
    kalte: list[int]
    laube: list[int]
    must_play: int | None
    must_play_missed: list[int]
    #: Liga (K8.4).
    durchmarsch: MarchOutcomeJSON | None
    #: Hamburg (K9.1): what each side's die shows.
    dice_faces: list[int]


class KlammernLegalAnswer(TypedDict):
    valid: bool
    errors: list[ReasonJSON]
    legal: list[str]
    illegal: dict[str, ReasonJSON]


#: The names every game's ``answers`` module gives its three answers.
DealAnswer: TypeAlias = KlammernDealAnswer
MatchAnswer: TypeAlias = KlammernMatchAnswer
LegalAnswer: TypeAlias = KlammernLegalAnswer
