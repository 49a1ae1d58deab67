"""Which trick-point totals a side can possibly take, computed from the card values.

A side that takes ``k`` of the deal's tricks holds exactly ``k * cards_per_trick`` cards
(any such set of cards can be arranged into tricks) and the last-trick bonus when it
took the last trick. So its total is a sum of exactly ``k * cards_per_trick`` card
values, plus the bonus if ``k >= 1`` and it took the last trick. Nothing here is a
hard-coded list: the rules state the consequences (S8: 1 and 156 impossible of 157; K10:
1 and 163 of 164) and the tests check them against this computation.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, slots=True)
class TrickTake:
    """One way to reach a total: how many tricks, whether the last one, and the card sum."""

    tricks: int
    last_trick: bool
    card_points: int


@lru_cache(maxsize=64)
def _sums_by_count(values: tuple[int, ...]) -> tuple[frozenset[int], ...]:
    """For each n, every sum of exactly n of ``values`` (a subset-sum table)."""
    reachable: list[set[int]] = [set() for _ in range(len(values) + 1)]
    reachable[0].add(0)
    for value in values:
        for count in range(len(values) - 1, -1, -1):
            if reachable[count]:
                reachable[count + 1].update(total + value for total in reachable[count])
    return tuple(frozenset(s) for s in reachable)


def achievable_totals(
    card_values: Iterable[int], cards_per_trick: int, tricks: int, last_trick_bonus: int
) -> dict[int, tuple[TrickTake, ...]]:
    """Every total a side can take, with the trick counts that allow it.

    ``card_values`` are the point values of every card in play; a side that takes all
    ``tricks`` tricks appears with ``tricks == tricks`` (a Match, S5.5).
    """
    values = tuple(sorted(card_values))
    sums = _sums_by_count(values)
    totals: dict[int, list[TrickTake]] = {}
    for taken in range(tricks + 1):
        count = taken * cards_per_trick
        if count > len(values):
            break
        for card_sum in sums[count]:
            options = [False] if taken == 0 else [True] if taken == tricks else [True, False]
            for last in options:
                total = card_sum + (last_trick_bonus if last else 0)
                totals.setdefault(total, []).append(TrickTake(taken, last, card_sum))
    return {total: tuple(takes) for total, takes in totals.items()}


def impossible_totals(
    card_values: Iterable[int], cards_per_trick: int, tricks: int, last_trick_bonus: int
) -> list[int]:
    """Totals between 0 and the deal's total that no set of tricks can produce."""
    values = tuple(card_values)
    maximum = sum(values) + last_trick_bonus
    possible = achievable_totals(values, cards_per_trick, tricks, last_trick_bonus)
    return [total for total in range(maximum + 1) if total not in possible]


def simplest_take(takes: Iterable[TrickTake], tricks: int) -> TrickTake:
    """The easiest way to explain a total: some but not all tricks, as few as possible,
    without needing the last trick."""
    return min(takes, key=lambda t: (not 0 < t.tricks < tricks, t.tricks, t.last_trick))


@lru_cache(maxsize=64)
def _prefix_sums(values: tuple[int, ...]) -> tuple[frozenset[tuple[int, int]], ...]:
    """For each prefix of ``values``, every (count, sum) that some subset of it makes."""
    reachable: list[frozenset[tuple[int, int]]] = [frozenset({(0, 0)})]
    for value in values:
        previous = reachable[-1]
        reachable.append(previous | {(count + 1, total + value) for count, total in previous})
    return tuple(reachable)


def example_subset(values: Iterable[int], count: int, card_sum: int) -> tuple[int, ...] | None:
    """Indexes of exactly ``count`` of ``values`` that add up to ``card_sum``, or None.

    >>> example_subset([11, 0, 10, 4], 2, 15)
    (0, 3)
    """
    ordered = tuple(values)
    reachable = _prefix_sums(ordered)
    state = (count, card_sum)
    if state not in reachable[-1]:
        return None
    chosen: list[int] = []
    # Walk back through the prefixes: a value is needed when the state was unreachable without it.
    for index in range(len(ordered), 0, -1):
        if state in reachable[index - 1]:
            continue
        chosen.append(index - 1)
        state = (state[0] - 1, state[1] - ordered[index - 1])
    return tuple(reversed(chosen))
