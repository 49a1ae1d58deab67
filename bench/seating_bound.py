"""The least repeated opponents without a repeated partner, for the small fields where the generator misses the bound.

    .venv/bin/python bench/seating_bound.py

bench/seating.py's bound counts, per player, the opponent meetings beyond the n − 1 others
he can meet. Two of its rows sit above it:

- 9 players over 5 rounds (two tables and one sit-out a round, T5.2): five players sit out
  once and play 4 rounds (8 opponents for 8 others), four play all 5 (10 for 8), so the
  bound is 4. This script searches every seating of the five rounds with no repeated
  partner (T5.3's first count) for one with at most ``limit`` repeated opponents, for
  limits 4, 5 and 6. Who sits out when is a relabelling (round r's sit-out is player
  ``s<r>``), and so is any reordering of the four who never sit out and of the sit-outs of
  rounds 2 to 5 together with their rounds: the first round is taken only once per class
  under those relabellings. A branch is cut as soon as its repeats so far, plus half the
  repeats its players cannot avoid any more (each player's opponent meetings still to come
  beyond the others he has not met), exceed the limit.
- 12 players over 6 rounds: the bound is 6 (12 opponent meetings among 11 others each).
  ``rules_engine.tournament.designs`` stores a seating that reaches it; this script checks
  that seating with the engine's own report (T5.3). It was found by the same search as
  above, written in C for speed and not kept (round 1 fixed, round 2 over its 76 classes
  under round 1's relabellings, rounds 3 to 6 in order of player 0's partner; 27 million
  tables tried, 41 classes of round 2 before the first seating at 6).
"""

from __future__ import annotations

import itertools
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rules_engine.tournament import SeatedTable, seating_report  # noqa: E402
from rules_engine.tournament.designs import DESIGNS  # noqa: E402

Table = tuple[tuple[int, int], tuple[int, int]]
PLAYERS = 9
ROUNDS = 5
FULL = (0, 1, 2, 3)  # play every round
OUT = (4, 5, 6, 7, 8)  # OUT[r] sits out round r


def splits(four: tuple[int, ...]) -> Iterator[Table]:
    a, b, c, d = four
    yield (a, b), (c, d)
    yield (a, c), (b, d)
    yield (a, d), (b, c)


def first_rounds() -> list[list[Table]]:
    """Round 1 once per class under the relabellings of the four who never sit out and of s1..s4."""
    playing = [p for p in range(PLAYERS) if p != OUT[0]]
    relabellings = []
    for full in itertools.permutations(FULL):
        for later in itertools.permutations(OUT[1:]):
            relabel = dict(zip(FULL + OUT[1:], full + later, strict=True))
            relabel[OUT[0]] = OUT[0]
            relabellings.append(relabel)

    def shape(tables: list[Table]) -> frozenset[frozenset[frozenset[int]]]:
        return frozenset(frozenset((frozenset(x), frozenset(y))) for x, y in tables)

    seen: set[frozenset[frozenset[frozenset[int]]]] = set()
    found = []
    for rest in itertools.combinations(playing[1:], 3):
        one = (playing[0], *rest)
        two = tuple(p for p in playing if p not in one)
        for x in splits(one):
            for y in splits(two):
                tables = [x, y]
                if shape(tables) in seen:
                    continue
                found.append(tables)
                for m in relabellings:
                    seen.add(shape([((m[a], m[b]), (m[c], m[d])) for (a, b), (c, d) in tables]))
    return found


class Search:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.partners = [[False] * PLAYERS for _ in range(PLAYERS)]
        self.opponents = [[0] * PLAYERS for _ in range(PLAYERS)]
        self.met = [0] * PLAYERS  # distinct opponents so far
        self.excess = 0
        self.tables = 0
        # Opponent meetings each player still has from round r on.
        self.slots = [
            [2 * sum(1 for q in range(r, ROUNDS) if OUT[q] != p) for p in range(PLAYERS)]
            for r in range(ROUNDS + 1)
        ]
        self.chosen: list[list[Table]] = []

    def hopeless(self, r: int, unseated: set[int]) -> bool:
        """Repeats so far plus half the repeats no later round can avoid exceed the limit."""
        forced = 0
        for p in range(PLAYERS):
            left = self.slots[r + 1][p] + (2 if p in unseated else 0)
            forced += max(0, left - (PLAYERS - 1 - self.met[p]))
        return self.excess + (forced + 1) // 2 > self.limit

    def place(self, table: Table, sign: int) -> None:
        (a, b), (c, d) = table
        for x, y in ((a, b), (c, d)):
            self.partners[x][y] = self.partners[y][x] = sign > 0
        for x in (a, b):
            for y in (c, d):
                if sign > 0:
                    if self.opponents[x][y]:
                        self.excess += 1
                    else:
                        self.met[x] += 1
                        self.met[y] += 1
                    self.opponents[x][y] += 1
                    self.opponents[y][x] += 1
                else:
                    self.opponents[x][y] -= 1
                    self.opponents[y][x] -= 1
                    if self.opponents[x][y]:
                        self.excess -= 1
                    else:
                        self.met[x] -= 1
                        self.met[y] -= 1

    def round(self, r: int, unseated: set[int], tables: list[Table]) -> bool:
        if not unseated:
            self.chosen.append(list(tables))
            if r + 1 == ROUNDS or self.round(r + 1, {p for p in range(PLAYERS) if p != OUT[r + 1]}, []):
                return True
            self.chosen.pop()
            return False
        a = min(unseated)
        for b in sorted(unseated - {a}):
            if self.partners[a][b]:
                continue
            for c, d in itertools.combinations(sorted(unseated - {a, b}), 2):
                if self.partners[c][d]:
                    continue
                table = ((a, b), (c, d))
                self.tables += 1
                self.place(table, 1)
                left = unseated - {a, b, c, d}
                if self.excess <= self.limit and not self.hopeless(r, left):
                    tables.append(table)
                    if self.round(r, left, tables):
                        return True
                    tables.pop()
                self.place(table, -1)
        return False

    def run(self) -> list[list[Table]] | None:
        for first in first_rounds():
            for table in first:
                self.place(table, 1)
            if self.round(1, {p for p in range(PLAYERS) if p != OUT[1]}, []):
                return [first, *self.chosen]
            for table in first:
                self.place(table, -1)
        return None


def main() -> int:
    for limit in (4, 5, 6):
        started = time.perf_counter()
        search = Search(limit)
        found = search.run()
        took = time.perf_counter() - started
        if found is None:
            print(
                f"9 players, 5 rounds: no seating without repeated partners has at most {limit} repeated opponents ({search.tables} tables tried, {took:.1f} s)"
            )
        else:
            seated = [
                [SeatedTable((str(a), str(b)), (str(c), str(d))) for (a, b), (c, d) in r] for r in found
            ]
            report = seating_report(seated, [])
            print(
                f"9 players, 5 rounds: a seating with {report['opponent_repeats']} repeated opponents and {report['partner_repeats']} repeated partners ({search.tables} tables tried, {took:.1f} s): {found}"
            )
    design = DESIGNS[(12, 6)]
    rounds = [[SeatedTable((str(a), str(b)), (str(c), str(d))) for a, b, c, d in tables] for tables in design]
    report = seating_report(rounds, [])
    print(
        f"12 players, 6 rounds, the stored seating: {report['partner_repeats']} repeated partners, {report['opponent_repeats']} repeated opponents, {report['meeting_repeats']} repeated meetings"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
