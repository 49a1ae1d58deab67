"""The engine's answers as types: JSON-like dicts whose keys ``mypy --strict`` checks.

Every answer stays a plain dict (what ``json.dumps`` prints and the command line writes),
so nothing changes for a caller that reads it as JSON; these :class:`~typing.TypedDict` s
say which keys it has and what they hold (``docs/DEAL_RECORD.md`` plus the additions
in ``docs/DEAL_RECORD_ADDITIONS.md``). Keys marked ``Required`` are in every answer, the
others only where the docstring says (a valid Klammern deal, a deal inside a match, a
format's own states).

A per-game entry point answers its own type (``rules_engine.schieber.score_deal`` a
:class:`SchieberDealAnswer`, ``rules_engine.coiffeur.score_deal`` a
``rules_engine.coiffeur.answers.DealAnswer``); the generic :func:`rules_engine.score_deal`
answers the union of them all, which a caller narrows by the game it asked about.

>>> from rules_engine import score_deal
>>> answer: DealAnswer = score_deal({"game": "schieber", "forehand": 2, "contract": "obenabe",
...                                  "points": {"team": 2, "value": 100}})
>>> answer["total"], answer["dealer"]
([171, 300], 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Required, TypeAlias, TypedDict

if TYPE_CHECKING:
    from rules_engine.coiffeur import answers as coiffeur
    from rules_engine.differenzler import answers as differenzler

__all__ = [
    "DealAnswer",
    "DeclaredWeisJSON",
    "KlammernDealAnswer",
    "KlammernLegalAnswer",
    "KlammernMatchAnswer",
    "LegalAnswer",
    "MarchJSON",
    "MarchOutcomeJSON",
    "MatchAnswer",
    "NextTurn",
    "ReasonJSON",
    "RevokeJSON",
    "SchieberDealAnswer",
    "SchieberLegalAnswer",
    "SchieberMatchAnswer",
    "SchieberRaw",
    "SmallBigScores",
    "WeisJSON",
]


class ReasonJSON(TypedDict, total=False):
    """A broken rule (``Reason.to_json``): rule id, English message, stable code, where."""

    rule: Required[str]
    message: Required[str]
    code: Required[str]
    #: 0-based index of the deal in a match record.
    deal: int
    #: The offending field inside the deal (``points``, ``tricks[3][1]``, ``weis.2``).
    field: str
    #: The values that fill the code's sentence (absent in Klammern's legal-card reasons).
    params: dict[str, Any]


class NextTurn(TypedDict):
    """Who deals and who leads the next deal (S2.3, K1.3)."""

    dealer: int
    forehand: int


# -- Schieber ------------------------------------------------------------------------------------


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


# -- Klammern ------------------------------------------------------------------------------------


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


# The unions the generic entry points answer. Coiffeur's and Differenzler's answers live in
# their own ``answers`` modules; they are named here for the type checker only, so that
# ``import rules_engine`` still imports a game on first use (rules_engine.api).
DealAnswer: TypeAlias = (
    "SchieberDealAnswer | KlammernDealAnswer | coiffeur.DealAnswer | differenzler.DealAnswer"
)
MatchAnswer: TypeAlias = (
    "SchieberMatchAnswer | KlammernMatchAnswer | coiffeur.MatchAnswer | differenzler.MatchAnswer"
)
LegalAnswer: TypeAlias = (
    "SchieberLegalAnswer | KlammernLegalAnswer | coiffeur.LegalAnswer | differenzler.LegalAnswer"
)
