"""The least repeated opponents without a repeated partner, for the small fields where the generator missed the bound.

    .venv/bin/python bench/seating_bound.py          # 9 × 5 and 12 × 5 (a few minutes on a loaded machine)
    .venv/bin/python bench/seating_bound.py --nine   # 9 × 5 only (under a minute)

bench/seating.py's bound counts, per player, the opponent meetings beyond the n − 1 others
he can meet. The search below tries every seating with no repeated partner (T5.3's first
count) for one with at most ``limit`` repeated opponents, and cuts a branch as soon as its
repeats so far, plus half the repeats its players can no longer avoid (each player's
opponent meetings still to come beyond the others he has not met yet), exceed the limit.
Relabellings are tried once:

- 9 players over 5 rounds (two tables and one sit-out a round, T5.2): five players sit out
  once and four never, so the bound is 4. Round r's sit-out is player ``OUT[r]``; the four
  who never sit out, and the sit-outs of rounds 2 to 5 with their rounds, may be reordered,
  so round 1 is tried once per class under those relabellings. Result: none at 4 or 5, one
  at 6, so 6 is the least possible.
- 12 players over 5 rounds (bound 0): round 1 is fixed, round 2 is tried once per class
  under the relabellings that keep round 1 (which table, which team, which seat: 3072), and
  rounds 3 to 5 in increasing order of player 0's partner. Result: none at 0 or 1, so 2 is
  the least possible; ``rules_engine.tournament.designs`` stores a seating at 2.
- 12 players over 6 rounds: the bound is 6 (12 opponent meetings among 11 others each) and
  the stored seating reaches it; this script checks it with the engine's report. It was
  found by this search written in C (not kept; 27 million tables). The same C search found
  no seating of 12 × 5 at 2 repeated opponents with fewer than 30 repeated meetings, the
  stored seating's.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rules_engine.tournament import SeatedTable, seating_report  # noqa: E402
from rules_engine.tournament.designs import DESIGNS  # noqa: E402

Table = tuple[tuple[int, int], tuple[int, int]]
Shape = frozenset[frozenset[frozenset[int]]]


def splits(four: Sequence[int]) -> Iterator[Table]:
    a, b, c, d = four
    yield (a, b), (c, d)
    yield (a, c), (b, d)
    yield (a, d), (b, c)


def every_round(playing: Sequence[int]) -> Iterator[list[Table]]:
    """Every seating of ``playing`` at tables of four (the first free player at the next table)."""
    if not playing:
        yield []
        return
    first, rest = playing[0], playing[1:]
    for others in itertools.combinations(rest, 3):
        left = [p for p in rest if p not in others]
        for table in splits((first, *others)):
            for more in every_round(left):
                yield [table, *more]


def shape(tables: Sequence[Table]) -> Shape:
    return frozenset(frozenset((frozenset(x), frozenset(y))) for x, y in tables)


def relabel(tables: Sequence[Table], m: Sequence[int] | dict[int, int]) -> list[Table]:
    return [((m[a], m[b]), (m[c], m[d])) for (a, b), (c, d) in tables]


def classes(rounds: Iterator[list[Table]], relabellings: list[dict[int, int]]) -> list[list[Table]]:
    """One round of each class under ``relabellings`` (a group)."""
    seen: set[Shape] = set()
    found = []
    for tables in rounds:
        if shape(tables) in seen:
            continue
        found.append(tables)
        seen.update(shape(relabel(tables, m)) for m in relabellings)
    return found


class Search:
    def __init__(self, players: int, out: Sequence[Sequence[int]], limit: int, ordered_from: int) -> None:
        self.n = players
        self.out = [set(o) for o in out]
        self.rounds = len(out)
        self.limit = limit
        self.ordered_from = ordered_from  # after this round, player 0's partner increases round by round
        self.partners = [[False] * players for _ in range(players)]
        self.opponents = [[0] * players for _ in range(players)]
        self.met = [0] * players  # distinct opponents so far
        self.excess = 0
        self.tried = 0
        # Opponent meetings each player still has from round r on.
        self.slots = [
            [2 * sum(1 for q in range(r, self.rounds) if p not in self.out[q]) for p in range(players)]
            for r in range(self.rounds + 1)
        ]
        self.chosen: list[list[Table]] = []
        self.partner_of_0: list[int] = []

    def hopeless(self, r: int, unseated: set[int]) -> bool:
        """Repeats so far plus half the repeats no later meeting can avoid exceed the limit."""
        forced = 0
        for p in range(self.n):
            left = self.slots[r + 1][p] + (2 if p in unseated else 0)
            forced += max(0, left - (self.n - 1 - self.met[p]))
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

    def playing(self, r: int) -> set[int]:
        return {p for p in range(self.n) if p not in self.out[r]}

    def round(self, r: int, unseated: set[int], tables: list[Table]) -> bool:
        if not unseated:
            self.chosen.append(list(tables))
            if r + 1 == self.rounds or self.round(r + 1, self.playing(r + 1), []):
                return True
            self.chosen.pop()
            return False
        a = min(unseated)
        for b in sorted(unseated - {a}):
            if self.partners[a][b]:
                continue
            if a == 0 and r > self.ordered_from and b <= self.partner_of_0[-1]:
                continue
            for c, d in itertools.combinations(sorted(unseated - {a, b}), 2):
                if self.partners[c][d]:
                    continue
                table = ((a, b), (c, d))
                self.tried += 1
                self.place(table, 1)
                left = unseated - {a, b, c, d}
                if self.excess <= self.limit and not self.hopeless(r, left):
                    tables.append(table)
                    if a == 0:
                        self.partner_of_0.append(b)
                    if self.round(r, left, tables):
                        return True
                    if a == 0:
                        self.partner_of_0.pop()
                    tables.pop()
                self.place(table, -1)
        return False

    def run(self, fixed: list[Table], starts: list[list[Table]]) -> list[list[Table]] | None:
        """Round 1 ``fixed`` (may be empty), then each of ``starts`` as the next round, then the search."""
        first = len([fixed] if fixed else [])
        for table in fixed:
            self.place(table, 1)
        for start in starts:
            for table in start:
                self.place(table, 1)
            self.partner_of_0 = [b for (a, b), _ in (*fixed, *start) if a == 0]
            r = first + 1
            if self.excess <= self.limit and not self.hopeless(r - 1, set()):
                if self.round(r, self.playing(r), []):
                    return [*([fixed] if fixed else []), start, *self.chosen]
            for table in start:
                self.place(table, -1)
        return None


def nine_by_five(limit: int) -> tuple[Search, list[list[Table]] | None]:
    full, out = (0, 1, 2, 3), (4, 5, 6, 7, 8)  # out[r] sits out round r
    relabellings = []
    for f in itertools.permutations(full):
        for later in itertools.permutations(out[1:]):
            m = dict(zip(full + out[1:], f + later, strict=True))
            m[out[0]] = out[0]
            relabellings.append(m)
    search = Search(9, [[o] for o in out], limit, ordered_from=99)
    starts = classes(every_round([p for p in range(9) if p != out[0]]), relabellings)
    return search, search.run([], starts)


def twelve(rounds: int, limit: int) -> tuple[Search, list[list[Table]] | None]:
    fixed: list[Table] = [((0, 1), (2, 3)), ((4, 5), (6, 7)), ((8, 9), (10, 11))]
    relabellings = []
    for order in itertools.permutations(range(3)):
        for flips in itertools.product(range(8), repeat=3):
            m = {}
            for position, (index, flip) in enumerate(zip(order, flips, strict=True)):
                (a, b), (c, d) = fixed[index]
                one, two = (a, b), (c, d)
                if flip & 4:
                    one, two = two, one
                if flip & 1:
                    one = one[::-1]
                if flip & 2:
                    two = two[::-1]
                for place, player in zip(range(4 * position, 4 * position + 4), (*one, *two), strict=True):
                    m[place] = player
            relabellings.append(m)
    # Rounds 3 on (index 2 on) may come in any order: player 0's partner increases from round 3 to the last.
    search = Search(12, [[] for _ in range(rounds)], limit, ordered_from=2)
    for table in fixed:
        search.place(table, 1)
    seconds = [
        tables
        for tables in every_round(list(range(12)))
        if not any(search.partners[a][b] or search.partners[c][d] for (a, b), (c, d) in tables)
    ]
    for table in fixed:
        search.place(table, -1)
    return search, search.run(fixed, classes(iter(seconds), relabellings))


def report(found: list[list[Table]]) -> dict[str, object]:
    seated = [[SeatedTable((str(a), str(b)), (str(c), str(d))) for (a, b), (c, d) in r] for r in found]
    return dict(seating_report(seated, []))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nine", action="store_true", help="9 players over 5 rounds only")
    args = parser.parse_args(argv)
    Case = tuple[str, Callable[[int], tuple[Search, list[list[Table]] | None]], tuple[int, ...]]
    cases: list[Case] = [("9 players, 5 rounds", nine_by_five, (4, 5, 6))]
    if not args.nine:
        cases.append(("12 players, 5 rounds", lambda limit: twelve(5, limit), (0, 1)))
    for name, run, limits in cases:
        for limit in limits:
            started = time.perf_counter()
            search, found = run(limit)
            took = time.perf_counter() - started
            if found is None:
                print(
                    f"{name}: no seating without repeated partners has at most {limit} repeated opponents ({search.tried} tables tried, {took:.1f} s)",
                    flush=True,
                )
            else:
                r = report(found)
                print(
                    f"{name}: {r['partner_repeats']} repeated partners, {r['opponent_repeats']} repeated opponents ({search.tried} tables tried, {took:.1f} s): {found}",
                    flush=True,
                )
    for (players, rounds), design in sorted(DESIGNS.items()):
        found = [[((a, b), (c, d)) for a, b, c, d in tables] for tables in design]
        r = report(found)
        print(
            f"{players} players, {rounds} rounds, the stored seating: {r['partner_repeats']} repeated partners, {r['opponent_repeats']} repeated opponents, {r['meeting_repeats']} repeated meetings"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
