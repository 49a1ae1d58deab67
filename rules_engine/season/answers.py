"""The JSON answers of :func:`~rules_engine.season.score_series` and
:func:`~rules_engine.season.rate_players`, as typed dicts (SEASON.md, "JSON records").

Keys marked ``NotRequired`` are present only where the rule file says so; a record that breaks
a rule is answered with ``valid`` and ``errors`` only (Z11).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

__all__ = [
    "RatingAnswer",
    "RatingRow",
    "SeasonError",
    "SeriesAnswer",
    "SeriesEventEntry",
    "SeriesPrizes",
    "SeriesRow",
    "SeriesStanding",
]


class SeasonError(TypedDict):
    """A broken rule: rule id, English message, stable code, its parameters, and where."""

    rule: str
    message: str
    code: str
    params: dict[str, Any]
    event: NotRequired[str]
    result: NotRequired[str]
    player: NotRequired[str]


class SeriesEventEntry(TypedDict):
    """A player's entry at one event (Z1.4): ``score`` null for a ``skip`` absence (Z5.2)."""

    event: str
    score: int | None
    absent: bool
    #: ``counted``, ``dropped`` (Z6.3) or ``skipped``.
    status: str


class SeriesRow(TypedDict):
    """A player of the series, ranked or not (Z7.1)."""

    id: str
    name: str
    total: int
    attended: int
    wins: int
    matches: int
    events: list[SeriesEventEntry]


class SeriesStanding(SeriesRow):
    """A ranked player (Z7.4): players left tied share the rank; ``decided_by`` per Z7.6."""

    rank: int
    shared: bool
    decided_by: NotRequired[str]


class MostMatches(TypedDict):
    matches: int
    ids: list[str]


class Booby(TypedDict):
    rank: int
    ids: list[str]


class SeriesPrizes(TypedDict):
    """Z8: the most Matches and the booby prize, null when nobody earns them."""

    most_matches: MostMatches | None
    booby: Booby | None


class SeriesAnswer(TypedDict):
    valid: bool
    errors: list[Any]
    events_held: NotRequired[int]
    events_planned: NotRequired[int]
    provisional: NotRequired[bool]
    standings: NotRequired[list[SeriesStanding]]
    unranked: NotRequired[list[SeriesRow]]
    prizes: NotRequired[SeriesPrizes]


class RatingRow(TypedDict):
    """A player's strength (Z10.5): ``mu`` and ``sd`` in the model's units, the rest displayed."""

    id: str
    name: str
    mu: float
    sd: float
    rating: float
    rating_sd: float
    conservative: float
    games: int
    results: int
    rank: NotRequired[int]


class RatingAnswer(TypedDict):
    valid: bool
    errors: list[Any]
    as_of: NotRequired[str | None]
    results_used: NotRequired[int]
    results_later: NotRequired[int]
    entries_replaced: NotRequired[int]
    ratings: NotRequired[list[RatingRow]]
    unrated: NotRequired[list[RatingRow]]
