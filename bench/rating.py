"""``rate_players`` on a club's log (SEASON.md Z10) against numpy's dense solve of the same system,
in one run: part (e) of ``bench/engine.py`` (``.venv/bin/python bench/engine.py --only e`` prints it;
a whole run or ``--rating`` writes its section of bench/RESULTS.md).

The log: 300 players of one club over 40 evenings, each evening 60–100 of them drawn to tables of
four with new partners every 12 games, each table's Passe one team result by its totals (``games:
12``, Z10.3): 10,000 games in all, plus 1 % of the Passen corrected (``replaces``) as an office
would. Timed, best of five passes in
CPU time: (1) Tafel's whole answer from the JSON-like record (reading, checks, the system, the
solve); (2) Tafel's solve alone (``rules_engine.season.linalg.posterior``, pure Python) and
numpy's of the same matrix (``numpy.linalg.cholesky`` and the inverse it gives, LAPACK), the
system built once for both. The figures of both must agree to 1e-9.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

# One BLAS thread, as the app runs it (scorer/linalg.py): CPU time then counts one thread's work.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402  (after its thread count is set)

from rules_engine import rate_players
from rules_engine.season import rating as season_rating
from rules_engine.season.linalg import posterior
from scorer.linalg import posterior as app_posterior

SEED = 20261203
PLAYERS = 300
GAMES = 10_000
#: Games of a Passe, entered by its totals.
PASSE = 12
EVENINGS = 40
REPEATS = 5
BEGIN, END = "<!-- bench/engine.py rating: begin -->", "<!-- bench/engine.py rating: end -->"
CLOCK = time.process_time


def club_log(seed: int = SEED) -> dict[str, Any]:
    rng = random.Random(seed)
    players = [f"p{n:03d}" for n in range(PLAYERS)]
    strength = {p: rng.gauss(0, 6) for p in players}
    results: list[dict[str, Any]] = []
    played = evening = 0
    while played < GAMES:
        day = f"2026-{1 + evening // 4:02d}-{1 + 7 * (evening % 4):02d}"
        present = rng.sample(players, rng.randint(60, 100) // 4 * 4)
        for table in range(0, len(present), 4):
            a, b, c, d = present[table : table + 4]
            games = min(PASSE, GAMES - played)
            if games == 0:
                break
            points_a = 0
            for _ in range(games):
                margin = strength[a] + strength[b] - strength[c] - strength[d] + rng.gauss(0, 54)
                points_a += max(0, min(157, round(78.5 + margin / 2)))
            # Z10.3: a Passe entered by its totals weighs its games.
            results.append(
                {
                    "id": f"g{len(results)}",
                    "date": day,
                    "teams": [[a, b], [c, d]],
                    "points": [points_a, 157 * games - points_a],
                    "games": games,
                }
            )
            played += games
        evening = min(evening + 1, EVENINGS - 1)
    for n, wrong in enumerate(rng.sample(results, len(results) // 100)):
        results.append({**wrong, "id": f"c{n}", "replaces": wrong["id"], "points": wrong["points"][::-1]})
    return {
        "game": "rating",
        "options": {"min_games": 12},
        "players": [{"id": p, "name": p.upper()} for p in players],
        "results": results,
    }


def _system(record: dict[str, Any]) -> tuple[list[list[float]], list[float], list[str]]:
    """The matrix and vector Z10.4 states, built by the engine's own reading of the record."""
    register = season_rating.read_register(record["players"])
    effective, _ = season_rating.read_log(record["results"])
    options = season_rating.RatingOptions(min_games=12)
    observed = sorted({register.resolve[p] for entry in effective for p in entry.named()})
    index = {p: i for i, p in enumerate(observed)}
    size = len(observed)
    a = [[(1 / options.tau**2) if i == j else 0.0 for j in range(size)] for i in range(size)]
    b = [0.0] * size
    for entry in effective:
        # Z10.1: x is +1 for team A's players and -1 for team B's.
        assert entry.teams is not None and entry.points is not None
        weight = entry.games / options.sigma**2
        y = (entry.points[0] - entry.points[1]) / (options.scale * entry.games)
        x = {index[register.resolve[p]]: 1.0 for p in entry.teams[0]}
        x.update({index[register.resolve[p]]: -1.0 for p in entry.teams[1]})
        for i, xi in x.items():
            b[i] += weight * xi * y
            for j, xj in x.items():
                a[i][j] += weight * xi * xj
    return a, b, observed


def _best(function: Any) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        started = CLOCK()
        function()
        best = min(best, CLOCK() - started)
    return best


def numpy_posterior(a: list[list[float]], b: list[float]) -> tuple[np.ndarray, np.ndarray]:
    matrix = np.array(a)
    lower = np.linalg.cholesky(matrix)
    inverse_lower = np.linalg.inv(lower)
    inverse = inverse_lower.T @ inverse_lower
    return inverse @ np.array(b), np.sqrt(np.diag(inverse))


def measure() -> dict[str, Any]:
    record = club_log()
    answer = rate_players(record)
    a, b, observed = _system(record)
    mu, sd = posterior(a, b)
    np_mu, np_sd = numpy_posterior(a, b)
    by_id = {row["id"]: row for row in answer["ratings"] + answer["unrated"]}
    agreement = max(
        max(
            abs(mu[i] - np_mu[i]),
            abs(sd[i] - np_sd[i]),
            abs(by_id[p]["mu"] - np_mu[i]),
            abs(by_id[p]["sd"] - np_sd[i]),
        )
        for i, p in enumerate(observed)
    )
    if agreement > 1e-9:
        raise AssertionError(f"Tafel and numpy disagree by {agreement:.2e}")
    whole = _best(lambda: rate_players(record))
    with_app = _best(lambda: rate_players(record, solve=app_posterior))
    ours = _best(lambda: posterior(a, b))
    peer = _best(lambda: numpy_posterior(a, b))
    return {
        "players": len(observed),
        "entries": len(record["results"]),
        "used": answer["results_used"],
        "games": sum(row["games"] for row in answer["ratings"] + answer["unrated"]) // 4,
        "whole": whole,
        "with_app": with_app,
        "ours": ours,
        "peer": peer,
        "agreement": agreement,
    }


def section(found: dict[str, Any], when: str, machine: str) -> str:
    ratio = found["ours"] / found["peer"]
    return (
        "\n".join(
            [
                BEGIN,
                "## Engine benchmark: a club's rating (`bench/engine.py` (e), `bench/rating.py`)",
                "",
                f"Run {when} on {machine}. A log of {found['games']:,} games of {found['players']} players over "
                f"{EVENINGS} evenings, each table's Passe one team result by its totals (`games: {PASSE}`, Z10.3): "
                f"{found['used']:,} Passen, {found['entries'] - found['used']:,} of them corrected (`replaces`), "
                f"{found['entries']:,} entries (seed {SEED}). Best of {REPEATS} passes, CPU time.",
                "",
                "| what | Tafel ms | numpy ms | Tafel ÷ numpy |",
                "| --- | ---: | ---: | ---: |",
                f"| solve of the {found['players']}×{found['players']} system (μ and every sd, Z10.4) | "
                f"{found['ours'] * 1000:,.1f} | {found['peer'] * 1000:,.1f} | {ratio:,.0f}× |",
                f"| `rate_players`, the whole answer from the record | {found['whole'] * 1000:,.1f} | — | — |",
                f"| the same with the app's solver (`scorer/linalg.py`, numpy), as the API and the pages "
                f"answer | {found['with_app'] * 1000:,.1f} | — | — |",
                "",
                f"Tafel's and numpy's μ and sd agree within {found['agreement']:.1e} (the goal: 1e-6, Z10.8). The "
                "engine is standard-library Python (it also runs under Pyodide), so its dense Cholesky is "
                "interpreted: its cost grows with the cube of the players rated at once, which "
                "`rules_engine.limits.SEASON.rated_players` bounds. The app hands `rate_players` LAPACK's "
                "solve instead, so that a club's log is rated within one request's bound (`bench/abuse.py`).",
                END,
            ]
        )
        + "\n"
    )


if __name__ == "__main__":
    result = measure()
    print(result)
