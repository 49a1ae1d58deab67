"""The seating generator against a random draw, in one run (TOURNAMENT.md T5).

    .venv/bin/python bench/seating.py            # measure, print, update bench/RESULTS.md
    .venv/bin/python bench/seating.py --no-write # measure and print only

For each field (8 to 400 players) and each tournament length (3 to 6 rounds) the
Einzelschieber is seated round by round three times: by ``rules_engine.tournament.next_round``
(the generator, told how many rounds are still to come, so small fields look ahead
and 12 players over 5 or 6 rounds follow a stored seating), by the
same generator without that (round by round only) and by a random draw (the players shuffled into tables; both use the same
fair sit-out rule of T5.2, so only the tables differ). The counts are T5.3's over all
rounds, averaged over several seeds: repeated partners, repeated opponents and repeated
meetings. The time is the generator's slowest round, in wall and in CPU time. A simple lower bound for repeated
opponents is printed beside them: a player meets two opponents a round, so over r rounds
at least 2r − (n − 1) of his opponent meetings repeat when 2r > n − 1 (r the rounds he plays).

Goals: zero repeated partners wherever possible (it is whenever r ≤ m/2, m the seated
players: each player's unseen partners then form a graph of degree ≥ m/2, which has a
perfect matching), and repeated opponents at most a fifth of the random draw's (or at the
lower bound, where the bound itself is above a fifth). Also: well under a second per round
for 400 players.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from results import write_section  # noqa: E402  (bench/ is the script folder)

from rules_engine import seat_next_round  # noqa: E402
from rules_engine.tournament import SeatedTable, next_round, seating_report  # noqa: E402
from rules_engine.tournament.seating import SEARCH_WORK  # noqa: E402

FIELDS = (8, 9, 12, 16, 18, 24, 40, 100, 200, 400)
ROUNDS = (3, 4, 5, 6)
SEED = 20261201
RESULTS = ROOT / "bench" / "RESULTS.md"
BEGIN, END = "<!-- bench/seating.py: begin -->", "<!-- bench/seating.py: end -->"

Draw = Callable[
    [list[str], list[list[SeatedTable]], Counter[str], int, int], tuple[list[SeatedTable], list[str]]
]


def generator(
    players: list[str], history: list[list[SeatedTable]], counts: Counter[str], seed: int, left: int
) -> tuple[list[SeatedTable], list[str]]:
    """The generator told how many rounds are still to come (small fields look ahead)."""
    return next_round(players, history, counts, seed=seed, rounds_left=left)


def greedy(
    players: list[str], history: list[list[SeatedTable]], counts: Counter[str], seed: int, left: int
) -> tuple[list[SeatedTable], list[str]]:
    """The generator round by round, without looking ahead."""
    return next_round(players, history, counts, seed=seed)


def random_draw(
    players: list[str], history: list[list[SeatedTable]], counts: Counter[str], seed: int, left: int
) -> tuple[list[SeatedTable], list[str]]:
    """Shuffle into tables of four; the sit-outs by T5.2 (fewest sit-outs so far, ties by lot)."""
    rng = random.Random(seed)
    order = sorted(players, key=lambda p: (counts[p], rng.random()))
    out = order[: len(players) % 4]
    seated = [p for p in players if p not in set(out)]
    rng.shuffle(seated)
    tables = [
        SeatedTable((seated[i], seated[i + 2]), (seated[i + 1], seated[i + 3]))
        for i in range(0, len(seated), 4)
    ]
    return tables, out


def tournament(draw: Draw, n: int, rounds: int, seed: int) -> tuple[dict[str, int], float, float]:
    """T5.3's counts of a whole tournament, and its slowest round in wall time and in CPU time."""
    players = [f"P{i:03d}" for i in range(n)]
    history: list[list[SeatedTable]] = []
    sitouts: list[list[str]] = []
    slowest = slowest_cpu = 0.0
    for number in range(rounds):
        counts = Counter(p for names in sitouts for p in names)
        started, started_cpu = time.perf_counter(), time.process_time()
        tables, out = draw(players, history, counts, seed * 100 + number, rounds - number - 1)
        slowest = max(slowest, time.perf_counter() - started)
        slowest_cpu = max(slowest_cpu, time.process_time() - started_cpu)
        history.append(tables)
        sitouts.append(out)
    report = seating_report(history, sitouts)
    repeats = {
        "partner_repeats": report["partner_repeats"],
        "opponent_repeats": report["opponent_repeats"],
        "meeting_repeats": report["meeting_repeats"],
    }
    return repeats, slowest, slowest_cpu


def opponent_bound(n: int, rounds: int) -> int:
    """Σ over players of max(0, 2 × rounds played − (n − 1)), halved: each repeat involves two players.

    A player meets two opponents a round and has n − 1 others to meet; the sit-outs (T5.2)
    are spread as evenly as they can be, so each player plays ``rounds`` minus his share.
    """
    sitouts = rounds * (n % 4)
    share, extra = divmod(sitouts, n)
    total = 0
    for player in range(n):
        plays = rounds - share - (1 if player < extra else 0)
        total += max(0, 2 * plays - (n - 1))
    return (total + 1) // 2


def measure(trials: int) -> list[dict[str, float]]:
    rows = []
    for n in FIELDS:
        for rounds in ROUNDS:
            runs = trials if n <= 100 else max(1, trials // 3)
            sums: dict[str, float] = {}
            slowest = slowest_cpu = 0.0
            for trial in range(runs):
                seed = SEED + trial
                ours, took, took_cpu = tournament(generator, n, rounds, seed)
                plain, _, _ = tournament(greedy, n, rounds, seed)
                sums["greedy_opponent_repeats"] = sums.get("greedy_opponent_repeats", 0.0) + (
                    plain["opponent_repeats"] / runs
                )
                theirs, _, _ = tournament(random_draw, n, rounds, seed)
                slowest = max(slowest, took)
                slowest_cpu = max(slowest_cpu, took_cpu)
                for key, value in ours.items():
                    sums["gen_" + key] = sums.get("gen_" + key, 0.0) + value / runs
                for key, value in theirs.items():
                    sums["rnd_" + key] = sums.get("rnd_" + key, 0.0) + value / runs
            seated = n - n % 4
            row = {
                "players": n,
                "rounds": rounds,
                "trials": runs,
                "ms": slowest * 1000,
                "cpu_ms": slowest_cpu * 1000,
                **sums,
            }
            row["bound"] = opponent_bound(n, rounds)
            row["partner_possible"] = rounds <= seated // 2
            rows.append(row)
            print(
                f"{n:>4} players {rounds} rounds: partners {row['gen_partner_repeats']:.1f} vs "
                f"{row['rnd_partner_repeats']:.1f}, opponents {row['gen_opponent_repeats']:.1f} vs "
                f"{row['rnd_opponent_repeats']:.1f} (bound {row['bound']}), meetings "
                f"{row['gen_meeting_repeats']:.1f} vs {row['rnd_meeting_repeats']:.1f}, slowest round {row['ms']:.0f} ms (CPU {row['cpu_ms']:.0f} ms)",
                flush=True,
            )
    return rows


def json_path_time() -> float:
    """The public JSON entry point for the 6th round of 400 players (reading and checking the record too)."""
    players = [f"P{i:03d}" for i in range(400)]
    record: dict[str, object] = {
        "game": "schieber_tournament",
        "passen": 6,
        "players": [{"id": p, "name": p} for p in players],
        "rounds": [],
        "results": [],
    }
    rounds: list[dict[str, object]] = []
    took = 0.0
    for number in range(6):
        record["rounds"] = rounds
        started = time.perf_counter()
        answer = seat_next_round({**record, "seed": number})
        took = time.perf_counter() - started
        rounds.append({"tables": answer["tables"], "sitouts": answer["sitouts"]})
    return took


#: The least repeated opponents any seating without a repeated partner has, where it is above the
#: bound: shown by exhaustive search in bench/seating_bound.py (9 players over 5 rounds: not 4, not 5).
LEAST = {(9, 5): 6}


def goal(row: dict[str, float]) -> str:
    partners_ok = row["gen_partner_repeats"] == 0 or not row["partner_possible"]
    fifth = row["rnd_opponent_repeats"] / 5
    opponents_ok = row["gen_opponent_repeats"] <= max(fifth, row["bound"])
    if partners_ok and opponents_ok:
        return "yes"
    least = LEAST.get((int(row["players"]), int(row["rounds"])))
    if partners_ok and least is not None and row["gen_opponent_repeats"] <= least:
        return "**no**, least possible"
    return "**no**"


def hard(rows: list[dict[str, float]]) -> str:
    """What the rows 9 × 5, 12 × 5 and 12 × 6 (the small fields with a known least) show."""
    by = {(int(row["players"]), int(row["rounds"])): row for row in rows}
    nine, twelve = by[9, 5], by[12, 6]
    return (
        f"9 players over 5 rounds: the goal there is the bound of {nine['bound']} (a fifth of the random "
        f"draw's {nine['rnd_opponent_repeats']:.1f} is {nine['rnd_opponent_repeats'] / 5:.1f}, below it). "
        "`bench/seating_bound.py` searches every seating without repeated partners (first rounds taken once "
        "per relabelling class, branches cut by the repeats they can no longer avoid) and finds none with 4 "
        "and none with 5 repeated opponents, and one with 6. "
        "As T5.3 puts repeated partners first, 6 is the least any generator can reach there, so this row's "
        f"goal cannot be met; the generator gets {nine['gen_opponent_repeats']:.1f} with the lookahead and "
        f"{nine['greedy_opponent_repeats']:.1f} without. 12 players over 6 rounds: the goal is the bound of "
        f"{twelve['bound']} (a fifth of {twelve['rnd_opponent_repeats']:.1f} is "
        f"{twelve['rnd_opponent_repeats'] / 5:.1f}). A seating at the bound exists: a search of the same kind "
        "found one, `rules_engine/tournament/designs.py` stores it, and the generator, told the "
        "rounds still to come, follows it relabelled by the seed for as long as the rounds so far are that "
        f"seating: {twelve['gen_opponent_repeats']:.1f} with it, {twelve['greedy_opponent_repeats']:.1f} "
        "round by round without lookahead. 12 players over "
        "5 rounds: the bound is 0, but `bench/seating_bound.py` finds no seating without repeated partners below "
        "2 repeated opponents; a stored seating at 2 repeated opponents and 30 repeated meetings gives "
        f"{by[12, 5]['gen_opponent_repeats']:.1f} and {by[12, 5]['gen_meeting_repeats']:.1f}. Rounds seated "
        "otherwise (by hand, or a field that changed) fall back to the search. The lookahead (fields of up to "
        "16 when the caller passes `rounds_left`; `seat_next_round` passes the rounds still to draw) plays up "
        "to 6 candidate rounds out greedily over the next 3 rounds per round drawn, which is why the small "
        "fields' slowest rounds above take longer than the large fields'; fields above 16 take the "
        "round-by-round path unchanged. Every round's search evaluates at most "
        f"{SEARCH_WORK:,} table costs (`SEARCH_WORK`), half of them for the lookahead's play-outs, "
        "whatever the field and the rounds so far. "
        "The wall times rise with the machine's load (its 1-minute average is given above); the CPU times "
        "(the process's, over the same round) much less so."
    )


def section(rows: list[dict[str, float]], json_ms: float, seconds: float, trials: int) -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [
        BEGIN,
        "## Seating generator (`bench/seating.py`)",
        "",
        f"Run {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC on {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}, {platform.system()}; command `.venv/bin/python bench/seating.py` "
        f"({seconds:.0f} s in all; 1-minute load average {load:.2f}). Einzelschieber seated round by round "
        f"by `next_round` (the generator, told the rounds still to come, so fields of up to 16 look ahead and 12 players over 5 or 6 rounds follow a stored seating), "
        f"by the same generator without lookahead, and by a random draw with the same fair sit-outs, in the same run; "
        f"T5.3's counts over all rounds, the mean of {trials} seeds from {SEED} ({max(1, trials // 3)} above 100 "
        'players). "Bound": at least this many repeated opponents in any seating '
        '(Σ max(0, 2r − (n − 1)) over players, r the rounds each plays, halved). "Possible": r ≤ m/2, where a seating without '
        "repeated partners is guaranteed to exist.",
        "",
        "| players | rounds | partner repeats: generator | random | possible | opponent repeats: generator "
        "| without lookahead | random | bound | generator / random | meeting repeats: generator | random "
        "| slowest round: wall | CPU | goal |",
        "| ---: | ---: | ---: | ---: | :---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |",
    ]
    for row in rows:
        ratio = (
            row["gen_opponent_repeats"] / row["rnd_opponent_repeats"] if row["rnd_opponent_repeats"] else 0.0
        )
        lines.append(
            f"| {row['players']} | {row['rounds']} | {row['gen_partner_repeats']:.1f} | {row['rnd_partner_repeats']:.1f} "
            f"| {'yes' if row['partner_possible'] else 'no'} | {row['gen_opponent_repeats']:.1f} "
            f"| {row['greedy_opponent_repeats']:.1f} | {row['rnd_opponent_repeats']:.1f} | {row['bound']} | {ratio:.2f} | {row['gen_meeting_repeats']:.1f} "
            f"| {row['rnd_meeting_repeats']:.1f} | {row['ms']:.0f} ms | {row['cpu_ms']:.0f} ms | {goal(row)} |"
        )
    met = sum(goal(row) == "yes" for row in rows)
    least = sum(goal(row) == "**no**, least possible" for row in rows)
    lines += [
        "",
        f"Goal (zero repeated partners where possible; repeated opponents ≤ a fifth of the random draw's, or at "
        f"the bound): met in {met} of {len(rows)} rows; {least} more at the least possible (see below). The public JSON path (`seat_next_round`, reading and "
        f"checking a 400-player record with 5 rounds, then drawing the 6th): {json_ms:.0f} ms.",
        "",
        hard(rows),
        END,
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="do not update bench/RESULTS.md")
    parser.add_argument("--trials", type=int, default=6, help="seeds per field and length (default 6)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rows = measure(args.trials)
    json_ms = json_path_time() * 1000
    seconds = time.perf_counter() - started
    print(f"seat_next_round, 400 players, round 6: {json_ms:.0f} ms; total {seconds:.1f} s")
    if not args.no_write:
        write_section(RESULTS, BEGIN, END, section(rows, json_ms, seconds, args.trials))
        print(f"wrote {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
