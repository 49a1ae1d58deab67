"""The JSON answers of the tournament entry points, as typed dicts (TOURNAMENT.md, "JSON records").

``score_passe`` answers a :class:`PasseAnswer`, ``score_tournament`` a
:class:`TournamentAnswer` and ``seat_next_round`` a :class:`SeatingAnswer`. Keys marked
``NotRequired`` are present only where the rule file says so.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

__all__ = [
    "ControlAnswer",
    "ErrorAnswer",
    "GameAnswer",
    "PasseAnswer",
    "RankingEntry",
    "SeatingAnswer",
    "SeatingReport",
    "StandblattLine",
    "TableAnswer",
    "TournamentAnswer",
]


class ErrorAnswer(TypedDict):
    """A broken rule (or a T3.3 warning): rule id, English message, stable code and its parameters."""

    rule: str
    message: str
    code: str
    params: dict[str, Any]
    field: NotRequired[str]
    #: 0-based index of the game in its Passe.
    game: NotRequired[int]
    #: 1-based round and table number.
    round: NotRequired[int]
    table: NotRequired[int]


class GameAnswer(TypedDict):
    """One game of a Passe (T6.3): its totals per team after the factor, Match flags, state."""

    total: list[int] | None
    match: list[bool] | None
    state: str
    #: Only with option `weis` (`stoeck`) true: that part of ``total`` (T2.1).
    weis: NotRequired[list[int] | None]
    stoeck: NotRequired[list[int] | None]


class ControlAnswer(TypedDict):
    """T3.5: the control sum the games must reach, what they add up to, whether they agree."""

    expected: int
    actual: int | None
    ok: bool | None


class PasseAnswer(TypedDict):
    """``score_passe``: every figure is null when the record breaks a rule (nothing half-applied)."""

    valid: bool
    errors: list[ErrorAnswer]
    warnings: list[ErrorAnswer]
    status: str | None
    games: list[GameAnswer]
    team_totals: list[int] | None
    player_totals: NotRequired[dict[str, int] | None]
    matches: list[int] | None
    control: ControlAnswer
    forehand_counts: dict[str, int]
    disputed: list[int]


class RunningPasse(TypedDict):
    """A ranking entry's open Passe: its round (1-based) and the team's total so far (T6.5)."""

    round: int
    score: int


class RankingEntry(TypedDict):
    """T7.5: one competitor's line of the ranking."""

    rank: int
    id: str
    total: int
    passen: list[int | None]
    struck: list[int]
    sitouts: list[int]
    shared: bool
    provisional: bool
    matches: int
    decided_by: NotRequired[str]
    #: The competitor's open Passe, shown apart and never counted (T7.5): its round and the
    #: team's total so far, every game with a figure (T6.5).
    running: NotRequired[RunningPasse]


class StandblattLine(TypedDict):
    """One round of a competitor's Standblatt (T1.4): his table, or his sit-out, and his score."""

    round: int
    table: int | None
    score: int | None
    partner: NotRequired[str]
    #: Einzelschieber: the two opponents' ids in seat order; Partnerschieber: the opposing pair's id.
    opponents: NotRequired[list[str] | str]
    sitout: NotRequired[bool]
    #: A round before a late entry's first (``late_entries``), scored by option ``late_entry``.
    late_entry: NotRequired[bool]


class SeatingReport(TypedDict):
    """T5.3: the spread of a seating over its rounds."""

    partner_repeats: int
    opponent_repeats: int
    meeting_repeats: int
    sitout_counts: dict[str, int]


class TournamentAnswer(TypedDict):
    """``score_tournament``: ``ranking`` and ``standblatt`` are null when the record breaks a rule."""

    valid: bool
    errors: list[ErrorAnswer]
    warnings: list[ErrorAnswer]
    rounds_complete: list[bool]
    ranking: list[RankingEntry] | None
    seating: SeatingReport
    standblatt: dict[str, list[StandblattLine]] | None


class TableAnswer(TypedDict):
    """One table of a drawn round, as a tournament record's ``rounds[i].tables`` holds it."""

    table: int
    seats: NotRequired[dict[str, str]]
    pairs: NotRequired[list[str]]


class SeatingAnswer(TypedDict):
    """``seat_next_round``: the next round's tables and sit-outs, and the spread with it (T5).

    When the rounds so far break T5.1 or T5.2 the answer is ``valid: false`` with their
    errors, no tables and no sit-outs.
    """

    valid: bool
    errors: list[ErrorAnswer]
    round: int
    tables: list[TableAnswer]
    sitouts: list[str]
    seating: SeatingReport
