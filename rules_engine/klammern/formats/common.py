"""What every Klammern match format shares: the per-deal figures it folds, ties, endings.

A format is a pure fold over :class:`DealFigures` — the few numbers a match needs from
one *valid* deal's answer — so the accumulation can be tested with small synthetic
figures, without cards, melds or the deal engine (STYLE.md practice 9).

Sides are numbered 1..S as in DEAL_RECORD.md: teams 1 and 2 with four players, else
each seat is its own side (K1.1, K1.4). Per-side tuples hold side 1 first.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from rules_engine.errors import Reason
from rules_engine.seats import Seat, side_count


@dataclass(frozen=True, slots=True)
class March:
    """A Durchmarsch (K8.4): the side that announced it and whether it took every trick."""

    side: int
    succeeded: bool


@dataclass(frozen=True, slots=True)
class DealFigures:
    """One valid deal as a match sees it (DEAL_RECORD.md deal answer, reduced).

    ``winner_sides`` are the sides that won the deal: the playing side when it won,
    else every opponent (one team with four players, K1.4). ``small_points``,
    ``augen`` and ``dice`` are this deal's per-side figures of the format in play
    (already multiplied by Kontra/Re); only the format's own figure needs to be given.
    """

    index: int
    forehand: int
    declarer_side: int
    winner_sides: frozenset[int]
    players: int = 4
    small_points: tuple[int, ...] = ()
    augen: tuple[int, ...] = ()
    dice: tuple[int, ...] = ()
    march: March | None = None

    @property
    def sides(self) -> int:
        return side_count(self.players)

    def play_order(self) -> tuple[int, ...]:
        """Every side once, in play order from this deal's forehand (K1.4 tie order)."""
        order: list[int] = []
        for seat in Seat(self.forehand, self.players).iter_from():
            if seat.side not in order:
                order.append(seat.side)
        return tuple(order)


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """The match record's fields that the formats read (after validation)."""

    players: int = 4
    #: Liga target in Augen (K8.2).
    target: int = 51
    #: Small/big target in big points (K7.6); None: the match is open-ended.
    target_big: int | None = None
    #: The first deal's forehand (the seat left of the first dealer, K1.3), when the table
    #: says it before any deal is entered; None: not given.
    first_forehand: int | None = None

    @property
    def sides(self) -> int:
        return side_count(self.players)


@dataclass(frozen=True, slots=True)
class Ending:
    """The deal that decided the match, who won it and the rule that decided it."""

    deal: int
    winner: int
    rule: str


def add(totals: Sequence[int], figures: Sequence[int]) -> tuple[int, ...]:
    """Per-side sum of a running total and one deal's figures."""
    if len(totals) != len(figures):
        raise ValueError(f"per-side figures {list(figures)} do not match {len(totals)} sides")
    return tuple(a + b for a, b in zip(totals, figures))


def break_tie(
    candidates: Iterable[int],
    totals: Sequence[int],
    deal: DealFigures,
    prefer: Collection[int] = (),
) -> int:
    """The one side among ``candidates`` that wins: highest total first (K8.3, K9.4);
    at equal totals a side in ``prefer`` (the deal's winner, K8.3/K9.4); then the side
    earliest in play order from the deal's forehand (K1.4).

    >>> deal = DealFigures(0, forehand=2, declarer_side=3, winner_sides=frozenset({1, 2}), players=3)
    >>> break_tie([1, 2], [60, 60, 10], deal)
    2
    """
    pool = list(candidates)
    if not pool:
        raise ValueError("break_tie needs at least one candidate side")
    best = max(totals[side - 1] for side in pool)
    pool = [side for side in pool if totals[side - 1] == best]
    preferred = [side for side in pool if side in prefer]
    if preferred:
        pool = preferred
    for side in deal.play_order():
        if side in pool:
            return side
    raise ValueError(f"sides {pool} are not sides of a {deal.players}-player table")


class Standing(Protocol):
    """A format's state after a sequence of deals (what :func:`score_match` answers)."""

    @property
    def ending(self) -> Ending | None: ...

    @property
    def progress(self) -> tuple[int, ...]:
        """Per side, the total the format's target is measured against."""
        ...

    def scores_json(self) -> Any:
        """The running total in the answer's ``scores`` field."""

    def states_json(self) -> dict[str, Any]:
        """The format's own answer fields (``kalte``, ``laube``, ``durchmarsch``...)."""

    def after_json(self) -> dict[str, Any]:
        """The format's states after one deal, for that deal's row (``laube_after``...)."""


S = TypeVar("S", bound=Standing)


def fold(
    start: Callable[[int], S],
    step: Callable[[S, DealFigures, MatchSetup], S],
    deals: Iterable[DealFigures],
    setup: MatchSetup,
) -> tuple[S, list[Any]]:
    """A format's fold: its standing after ``deals``, stopping at the deal that decides the
    match, and the running ``scores`` after each deal played.

    ``start`` gives the standing before the first deal for the table's players, ``step``
    the standing after one more deal (each format's own).
    """
    standing = start(setup.players)
    running: list[Any] = []
    for deal in deals:
        if standing.ending is not None:
            break
        standing = step(standing, deal, setup)
        running.append(standing.scores_json())
    return standing, running


def deal_after_end(ending: Ending | None, deal_count: int) -> Reason | None:
    """K10: the first deal recorded after the deal that decided the match, if any."""
    if ending is None or deal_count <= ending.deal + 1:
        return None
    extra = ending.deal + 1
    return Reason(
        ending.rule,
        "deal_after_end",
        "deals[{deal}] comes after deals[{decided}], which decided the match for side {winner};"
        " a decided match takes no more deals",
        {"deal": extra, "decided": ending.deal, "winner": ending.winner},
        field="deals",
        deal=extra,
    )
