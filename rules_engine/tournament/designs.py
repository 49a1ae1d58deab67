"""Stored seatings of whole tournaments for small fields where the round-by-round search falls short (T5.3).

Both have no repeated partner and were found by an exhaustive search over the seatings
without one; ``bench/seating_bound.py`` describes that search, runs it where Python is fast
enough (the least for 12 × 5) and checks both with :func:`.seating.seating_report`.

- 12 players over 6 rounds: each player meets two opponents a round, 12 in all, among 11
  others, so every seating repeats at least 12 / 2 = 6 opponent pairs. The round-by-round
  search (with its lookahead) ends at 7 or 8; the seating below repeats exactly 6 (and 42
  meetings, also the least: 18 meetings among 11 others per player).
- 12 players over 5 rounds: no seating without a repeated partner repeats fewer than 2
  opponent pairs, nor, with 2, fewer than 30 meetings (the search finds none); the
  round-by-round search ends at 2 or 3 repeated opponents, the seating below at 2 and 30.

:func:`continue_design` follows such a seating: the first round is the stored one relabelled
by the seed, and each later round continues the stored seating under the relabelling that
maps it onto the rounds so far. Rounds that are no relabelling of it (seated by hand, or a
field that changed) get ``None``, and the caller searches as usual.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import permutations, product

from rules_engine.tournament.tables import SeatedTable

__all__ = ["continue_design"]

#: (a, b, c, d): a and b partners against c and d.
Design = tuple[tuple[tuple[int, int, int, int], ...], ...]

DESIGNS: dict[tuple[int, int], Design] = {
    (12, 5): (
        ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)),
        ((0, 4, 1, 5), (2, 6, 8, 10), (3, 7, 9, 11)),
        ((0, 2, 6, 9), (1, 4, 8, 11), (3, 10, 5, 7)),
        ((0, 6, 7, 11), (1, 8, 5, 9), (2, 10, 3, 4)),
        ((0, 7, 2, 8), (1, 11, 5, 10), (3, 9, 4, 6)),
    ),
    (12, 6): (
        ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)),
        ((0, 4, 1, 8), (2, 9, 5, 6), (3, 10, 7, 11)),
        ((0, 2, 4, 11), (1, 7, 6, 10), (3, 8, 5, 9)),
        ((0, 3, 6, 9), (1, 11, 5, 7), (2, 4, 8, 10)),
        ((0, 6, 5, 10), (1, 4, 9, 11), (2, 8, 3, 7)),
        ((0, 9, 2, 7), (1, 6, 8, 11), (3, 5, 4, 10)),
    ),
}

Shape = frozenset[frozenset[frozenset[str]]]


def _shape(tables: Sequence[SeatedTable]) -> Shape:
    """A round as who sits with whom: seats and table numbers do not matter."""
    return frozenset(frozenset((frozenset(t.team1), frozenset(t.team2))) for t in tables)


def _round(design_round: Sequence[tuple[int, int, int, int]], label: Sequence[str]) -> list[SeatedTable]:
    return [SeatedTable((label[a], label[b]), (label[c], label[d])) for a, b, c, d in design_round]


def _labellings(
    first: Sequence[tuple[int, int, int, int]], seated: Sequence[SeatedTable]
) -> Iterator[list[str]]:
    """Every labelling of the stored first round's places that gives the round ``seated``, in a fixed order."""
    for order in permutations(range(len(seated))):
        for flips in product(range(8), repeat=len(seated)):
            label = [""] * sum(len(t) for t in first)
            for places, index, flip in zip(first, order, flips, strict=True):
                table = seated[index]
                one, two = table.team1, table.team2
                if flip & 4:
                    one, two = two, one
                if flip & 1:
                    one = one[::-1]
                if flip & 2:
                    two = two[::-1]
                for place, name in zip(places, (*one, *two), strict=True):
                    label[place] = name
            yield label


def continue_design(
    names: Sequence[str], history: Sequence[Sequence[SeatedTable]], rounds_total: int, seed: int
) -> list[SeatedTable] | None:
    """The next round of the stored seating for ``len(names)`` players over ``rounds_total`` rounds, or None.

    None when no seating is stored for that field and length, or when the rounds so far are not
    the stored seating's first rounds under one relabelling of the players.
    """
    design = DESIGNS.get((len(names), rounds_total))
    if design is None or len(history) >= len(design):
        return None
    if not history:
        label = list(names)
        random.Random(seed).shuffle(label)
        return _round(design[0], label)
    everyone = set(names)
    if any(
        len(tables) != len(design[0])
        or any(len(t.team1) != 2 or len(t.team2) != 2 for t in tables)
        or {p for t in tables for p in (*t.team1, *t.team2)} != everyone
        for tables in history
    ):
        return None
    wanted = [_shape(tables) for tables in history]
    for label in _labellings(design[0], history[0]):
        if all(_shape(_round(design[k], label)) == wanted[k] for k in range(1, len(history))):
            return _round(design[len(history)], label)
    return None
