"""Can 9 players over 5 rounds reach bench/seating.py's bound of 4 repeated opponents? An exhaustive search.

    .venv/bin/python bench/seating_bound.py

bench/seating.py's bound counts, per player, the opponent meetings beyond the n − 1 others
he can meet. For 9 players over 5 rounds (two tables and one sit-out a round, T5.2) five
players sit out once and play 4 rounds (8 opponents for 8 others) and four play all 5 (10
for 8): the bound is 4 repeated opponents, and it is reached only if no pair with a player
who sat out repeats and the four who never sit out repeat 4 pairs among themselves. This
script searches every seating of the five rounds with no repeated partner (T5.3's first
count) under exactly that condition (who sits out when is a relabelling, so round r's
sit-out is player s<r>), pruning as soon as a pair repeats that may not. It prints whether
such a seating exists; "none" means the generator's goal row "9 players, 5 rounds" cannot
be met at the bound, only by the fifth-of-random criterion.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator

FULL = ("f0", "f1", "f2", "f3")  # play every round
OUT = ("s0", "s1", "s2", "s3", "s4")  # s<r> sits out round r
ROUNDS = 5
BOUND = 4

Team = tuple[str, str]
Table = tuple[Team, Team]


def key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def arrangements(players: list[str]) -> Iterator[list[Table]]:
    """Every split of eight players into two tables of two teams."""
    first = players[0]
    splits = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))
    for rest in itertools.combinations(players[1:], 3):
        one = (first, *rest)
        two = tuple(p for p in players if p not in one)
        for a in splits:
            for b in splits:
                yield [
                    ((one[a[0]], one[a[1]]), (one[a[2]], one[a[3]])),
                    ((two[b[0]], two[b[1]]), (two[b[2]], two[b[3]])),
                ]


def search() -> list[list[Table]] | None:
    partners: set[tuple[str, str]] = set()
    opponents: dict[tuple[str, str], int] = {}
    chosen: list[list[Table]] = []

    def deeper(number: int, excess: int) -> bool:
        if number == ROUNDS:
            return True
        players = [p for p in FULL + OUT if p != OUT[number]]
        for tables in arrangements(players):
            teams = [team for table in tables for team in table]
            if any(key(*team) in partners for team in teams):
                continue
            pairs = [key(x, y) for one, two in tables for x in one for y in two]
            added = 0
            for pair in pairs:
                if opponents.get(pair, 0):
                    if pair[0] in OUT or pair[1] in OUT:
                        break  # a player with 4 rounds has no opponent to spare
                    added += 1
            else:
                if excess + added > BOUND:
                    continue
                partners.update(key(*team) for team in teams)
                for pair in pairs:
                    opponents[pair] = opponents.get(pair, 0) + 1
                chosen.append(tables)
                if deeper(number + 1, excess + added):
                    return True
                chosen.pop()
                for pair in pairs:
                    opponents[pair] -= 1
                partners.difference_update(key(*team) for team in teams)
        return False

    return chosen if deeper(0, 0) else None


def main() -> int:
    started = time.perf_counter()
    found = search()
    took = time.perf_counter() - started
    if found is None:
        print(
            f"9 players, 5 rounds: no seating without repeated partners has {BOUND} repeated opponents ({took:.0f} s)"
        )
    else:
        print(f"9 players, 5 rounds: a seating at the bound exists ({took:.0f} s): {found}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
