"""``rate_players`` against SEASON.md: worked examples 2 and 3, the model's properties (Z10.3: a
Passe by its totals is its games; Z9.2: a correction is recomputed from scratch), and the rules."""

from __future__ import annotations

import copy
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import InvalidRecord, rate_players
from rules_engine.limits import SEASON
from scorer import linalg as app_linalg
from tests.helpers.season import (
    CORRECTION_3,
    RATING_EXAMPLE_2,
    RATING_TABLE_2,
    RATING_TABLE_3,
    rating_example,
)


#: The rule files' tables print μ and sd to 8 decimals, the rest to 4.
def assert_table(answer: dict[str, Any], table: dict[str, tuple[Any, ...]]) -> None:
    assert [row["id"] for row in answer["ratings"]] == list(table)
    for row in answer["ratings"]:
        rank, games, mu, sd, rating, rating_sd, conservative = table[row["id"]]
        assert (row["rank"], row["games"]) == (rank, games)
        assert row["mu"] == pytest.approx(mu, abs=5e-9) and row["sd"] == pytest.approx(sd, abs=5e-9)
        for key, value in (("rating", rating), ("rating_sd", rating_sd), ("conservative", conservative)):
            assert row[key] == pytest.approx(value, abs=5e-5), key


def test_example_2_six_players_three_passen_and_a_differenzler_partie() -> None:
    answer = rate_players(copy.deepcopy(RATING_EXAMPLE_2))
    assert answer["valid"] and answer["unrated"] == []
    assert (answer["as_of"], answer["results_used"], answer["results_later"], answer["entries_replaced"]) == (
        "2026-03-06",
        4,
        0,
        0,
    )
    assert_table(answer, RATING_TABLE_2)
    assert {row["id"]: row["results"] for row in answer["ratings"]} == {
        "A": 3,
        "F": 3,
        "B": 2,
        "E": 3,
        "D": 2,
        "C": 3,
    }


def test_example_3_a_correction_changes_every_rating() -> None:
    answer = rate_players(rating_example(CORRECTION_3))
    assert (answer["results_used"], answer["entries_replaced"]) == (4, 1)
    assert_table(answer, RATING_TABLE_3)


def test_example_3_voiding_the_partie_leaves_everyone_24_games() -> None:
    answer = rate_players(rating_example(CORRECTION_3, {"id": "r6", "replaces": "r4", "void": True}))
    assert (answer["results_used"], answer["entries_replaced"]) == (3, 2)
    assert {row["games"] for row in answer["ratings"]} == {24}
    # The rule file's one row of this answer (JSON records, "Answer").
    anna = next(row for row in answer["ratings"] if row["id"] == "A")
    assert anna["rank"] == 1
    assert anna["mu"] == pytest.approx(0.012699957164946657, abs=1e-12)
    assert anna["sd"] == pytest.approx(0.03585774983593897, abs=1e-12)
    assert anna["conservative"] == pytest.approx(1407.3455982641178, abs=1e-8)
    assert [row["id"] for row in answer["ratings"]] == ["A", "F", "B", "D", "E", "C"]


def test_a_new_player_without_results_is_the_prior() -> None:
    record = rating_example()
    record["players"].append({"id": "N", "name": "Neu"})
    answer = rate_players(record)
    (new,) = answer["unrated"]
    assert (new["id"], new["mu"], new["sd"], new["games"], new["results"]) == ("N", 0.0, 0.04, 0, 0)
    assert (
        new["rating"] == 1500
        and new["rating_sd"] == pytest.approx(62.8)
        and new["conservative"] == pytest.approx(1374.4)
    )
    assert "rank" not in new


def test_as_of_leaves_later_results_out_and_counts_them() -> None:
    record = rating_example()
    record["results"][3]["date"] = "2026-03-20"
    record["as_of"] = "2026-03-10"
    answer = rate_players(record)
    assert (answer["results_used"], answer["results_later"]) == (3, 1)
    assert {row["id"]: row["games"] for row in answer["ratings"]} == {p: 24 for p in "ABCDEF"}


def test_min_games_puts_short_logs_in_unrated() -> None:
    record = rating_example()
    record["options"]["min_games"] = 25
    answer = rate_players(record)
    assert [row["id"] for row in answer["ratings"]] == ["A", "F", "E", "C"]
    assert [row["id"] for row in answer["unrated"]] == ["B", "D"]


def test_an_alias_rates_as_its_player() -> None:
    record = rating_example()
    record["players"][0]["aliases"] = ["A2"]
    record["results"][0]["teams"][0][0] = "A2"
    assert rate_players(record)["ratings"] == rate_players(rating_example())["ratings"]


def test_a_log_written_with_nulls_and_whole_floats_rates_as_the_plain_log() -> None:
    """Z11: a number with an integral value is that integer, and an optional field given as null
    is left out; such a log rates exactly as the same log written plainly."""
    plain = rating_example()
    written = copy.deepcopy(plain)
    for result in written["results"]:
        for key in ("points", "scores"):
            if key in result:
                result[key] = [float(value) for value in result[key]]
        result["games"] = float(result.get("games", 1))
        result["event"] = result["reason"] = result["replaces"] = None
        if "players" in result:
            result["direction"] = None
        else:
            result["scores"] = None
    assert rate_players(written) == rate_players(plain)


def exact_posterior(record: dict[str, Any]) -> dict[str, tuple[Fraction, Fraction]]:
    """Z10.4 solved in exact fractions, written from the rule file alone (Z10.1–Z10.3 defaults)."""
    sigma2, tau2, scale, individual = Fraction(35, 100) ** 2, Fraction(4, 100) ** 2, 157, 25
    players = [p["id"] for p in record["players"]]
    n = len(players)
    a = [[Fraction(int(i == j)) / tau2 for j in range(n)] for i in range(n)]
    b = [Fraction(0)] * n
    observations = []
    for result in record["results"]:
        games = result.get("games", 1)
        if "teams" in result:
            x = {players.index(q): 1 for q in result["teams"][0]} | {
                players.index(q): -1 for q in result["teams"][1]
            }
            observations.append(
                (x, Fraction(result["points"][0] - result["points"][1], scale * games), games)
            )
        else:
            k = len(result["players"])
            mean = Fraction(sum(result["scores"]), k)
            for j, q in enumerate(result["players"]):
                x = {players.index(o): Fraction(-1, k) for o in result["players"]}
                x[players.index(q)] = 1 - Fraction(1, k)
                observations.append((x, -(result["scores"][j] - mean) / (individual * games), games))
    for x, y, w in observations:
        for i, xi in x.items():
            b[i] += w * y * xi / sigma2
            for j, xj in x.items():
                a[i][j] += w * xi * xj / sigma2
    # Gauss-Jordan on [A | I | b].
    rows = [a[i] + [Fraction(int(i == j)) for j in range(n)] + [b[i]] for i in range(n)]
    for col in range(n):
        pivot = rows[col][col]
        rows[col] = [v / pivot for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col])]
    return {players[i]: (rows[i][-1], rows[i][n + i]) for i in range(n)}


def test_the_engine_agrees_with_an_exact_solve_to_1e_9() -> None:
    rng = random.Random(7)
    players = [{"id": f"P{i}", "name": f"P{i}"} for i in range(7)]
    results: list[dict[str, Any]] = []
    for number in range(15):
        ids = rng.sample([p["id"] for p in players], 4)
        if number % 4 == 3:
            results.append(
                {
                    "id": f"r{number}",
                    "date": "2026-01-01",
                    "players": ids,
                    "scores": [rng.randint(-20, 60) for _ in ids],
                    "games": 3,
                }
            )
        else:
            games = rng.choice([1, 12])
            results.append(
                {
                    "id": f"r{number}",
                    "date": "2026-01-01",
                    "teams": [ids[:2], ids[2:]],
                    "points": [rng.randint(0, 157 * games), rng.randint(0, 157 * games)],
                    "games": games,
                }
            )
    record = {"game": "rating", "options": {"min_games": 0}, "players": players, "results": results}
    exact = exact_posterior(record)
    # The engine's own solve, and LAPACK's that the app hands it (scorer.linalg).
    for solve in (None, app_linalg.posterior):
        answer = rate_players(record) if solve is None else rate_players(record, solve=solve)
        assert len(answer["ratings"]) == len(players)
        for row in answer["ratings"]:
            mu, variance = exact[row["id"]]
            assert row["mu"] == pytest.approx(float(mu), abs=1e-9)
            assert row["sd"] ** 2 == pytest.approx(float(variance), abs=1e-12)


@pytest.mark.slow  # the engine's own solve of 300 players: a second, left to `make test`
def test_the_apps_solve_gives_the_engines_answer_for_a_club_of_the_most_players() -> None:
    """Z10.8: two exact methods agree far within 1e-6; the app's answers the API and the pages."""
    rng = random.Random(11)
    ids = [f"p{i}" for i in range(SEASON.rated_players)]
    results = []
    for number in range(SEASON.rated_players * 2):
        seated = rng.sample(ids, 4)
        results.append(
            {
                "id": f"r{number}",
                "date": f"2026-01-{1 + number % 28:02d}",
                "teams": [seated[:2], seated[2:]],
                "points": [rng.randint(0, 1884), rng.randint(0, 1884)],
                "games": 12,
            }
        )
    record = {"game": "rating", "players": [{"id": i, "name": i} for i in ids], "results": results}
    engine, app = rate_players(record), rate_players(record, solve=app_linalg.posterior)
    assert len(engine["ratings"]) == SEASON.rated_players
    assert [row["id"] for row in app["ratings"]] == [row["id"] for row in engine["ratings"]]
    for ours, theirs in zip(engine["ratings"], app["ratings"]):
        assert ours["mu"] == pytest.approx(theirs["mu"], abs=1e-12)
        assert ours["sd"] == pytest.approx(theirs["sd"], abs=1e-12)


PLAYERS = [{"id": p, "name": p} for p in "ABCDEFGH"]
games_points = st.lists(st.tuples(st.integers(0, 157), st.integers(0, 157)), min_size=1, max_size=12)


@settings(max_examples=40)
@given(games_points, st.permutations(list("ABCDEFGH")))
def test_a_passe_by_its_totals_rates_as_its_games_one_by_one(
    points: list[tuple[int, int]], seats: list[str]
) -> None:
    teams = [seats[:2], seats[2:4]]
    one_by_one = [
        {"id": f"g{i}", "date": "2026-01-01", "teams": teams, "points": list(pair)}
        for i, pair in enumerate(points)
    ]
    totals = [sum(a for a, _ in points), sum(b for _, b in points)]
    by_totals = [
        {"id": "passe", "date": "2026-01-01", "teams": teams, "points": totals, "games": len(points)}
    ]
    first = rate_players({"game": "rating", "players": PLAYERS, "results": one_by_one})
    second = rate_players({"game": "rating", "players": PLAYERS, "results": by_totals})
    for a, b in zip(first["ratings"] + first["unrated"], second["ratings"] + second["unrated"]):
        assert a["id"] == b["id"] and a["games"] == b["games"]
        assert a["mu"] == pytest.approx(b["mu"], abs=1e-12) and a["sd"] == pytest.approx(b["sd"], abs=1e-12)


@settings(max_examples=30)
@given(st.randoms(use_true_random=False))
def test_the_order_of_entries_does_not_matter_and_a_void_restores_the_rating(rng: random.Random) -> None:
    record = rating_example()
    before = rate_players(record)
    shuffled = copy.deepcopy(record)
    rng.shuffle(shuffled["results"])
    assert [(r["id"], round(r["mu"], 12)) for r in rate_players(shuffled)["ratings"]] == [
        (r["id"], round(r["mu"], 12)) for r in before["ratings"]
    ]
    extra = {
        "id": "x",
        "date": "2026-03-06",
        "teams": [["A", "F"], ["B", "C"]],
        "points": [rng.randint(0, 2000), 0],
        "games": 12,
    }
    voided = rating_example(extra, {"id": "v", "replaces": "x", "void": True})
    after = rate_players(voided)
    assert [(r["id"], r["mu"], r["sd"], r["games"]) for r in after["ratings"]] == [
        (r["id"], r["mu"], r["sd"], r["games"]) for r in before["ratings"]
    ]


def test_decay_halves_a_result_one_half_life_old() -> None:
    old = {"id": "o", "date": "2025-03-06", "teams": [["A", "B"], ["C", "D"]], "points": [157, 0]}
    aged = {
        "game": "rating",
        "as_of": "2026-03-06",
        "options": {"half_life": 365, "min_games": 0},
        "players": PLAYERS,
        "results": [old],
    }
    halved = {
        "game": "rating",
        "options": {"min_games": 0, "sigma": 0.35 * 2**0.5},
        "players": PLAYERS,
        "results": [{**old, "date": "2026-03-06"}],
    }
    for a, b in zip(rate_players(aged)["ratings"], rate_players(halved)["ratings"]):
        assert a["mu"] == pytest.approx(b["mu"], abs=1e-12) and a["sd"] == pytest.approx(b["sd"], abs=1e-12)


def test_unit_result_weighs_a_passe_as_one_observation() -> None:
    passe = {
        "id": "p",
        "date": "2026-01-01",
        "teams": [["A", "B"], ["C", "D"]],
        "points": [1010, 874],
        "games": 12,
    }
    by_result = rate_players(
        {"game": "rating", "options": {"unit": "result"}, "players": PLAYERS, "results": [passe]}
    )
    # Under unit "game" its weight is 12/σ²: a noise σ·√12 gives the same 1/σ² as unit "result" (Z10.3).
    wider = {"sigma": 0.35 * 12**0.5}
    by_game = rate_players({"game": "rating", "options": wider, "players": PLAYERS, "results": [passe]})
    narrow = rate_players({"game": "rating", "players": PLAYERS, "results": [passe]})
    assert [(r["id"], r["games"]) for r in by_result["ratings"]] == [
        ("A", 12),
        ("B", 12),
        ("C", 12),
        ("D", 12),
    ]
    for a, b in zip(by_result["ratings"], by_game["ratings"]):
        assert a["mu"] == pytest.approx(b["mu"], abs=1e-12) and a["sd"] == pytest.approx(b["sd"], abs=1e-12)
    assert by_result["ratings"][0]["mu"] < narrow["ratings"][0]["mu"]


def errors(answer: dict[str, Any]) -> list[tuple[str, str | None]]:
    assert answer["valid"] is False and set(answer) == {"valid", "errors"}
    return [(e["rule"], e.get("result")) for e in answer["errors"]]


def test_rule_breaks_of_effective_results_after_as_of_included() -> None:
    record = rating_example(
        {"id": "u", "date": "2026-04-01", "teams": [["A", "Z"], ["C", "D"]], "points": [1, 2]},
        {"id": "t", "date": "2026-03-01", "players": ["A", "B", "A"], "scores": [1, 2, 3]},
        {"id": "n", "date": "2026-03-01", "teams": [["A", "B"], ["C", "D"]], "points": [-5, 162]},
    )
    record["as_of"] = "2026-03-10"
    assert errors(rate_players(record)) == [("Z2.3", "u"), ("Z2.4", "t"), ("Z9.4", "n")]


def test_a_replaced_entry_is_not_checked_for_rule_breaks() -> None:
    wrong = {"id": "w", "date": "2026-03-01", "teams": [["A", "Z"], ["C", "D"]], "points": [-5, 162]}
    fixed = {
        "id": "f",
        "date": "2026-03-01",
        "replaces": "w",
        "teams": [["A", "B"], ["C", "D"]],
        "points": [5, 162],
    }
    assert rate_players(rating_example(wrong, fixed))["valid"]


@pytest.mark.parametrize(
    "entry",
    [
        {"id": "r1", "date": "2026-03-06", "teams": [["A"], ["B"]], "points": [1, 2]},
        {"id": "x", "replaces": "nope", "void": True},
        {"id": "x", "replaces": "r1", "void": True, "date": "2026-03-06"},
        {"id": "x", "void": True},
        {"id": "x", "replaces": "r1", "void": False},
        {"id": "x", "date": "2026-03-06"},
        {
            "id": "x",
            "date": "2026-03-06",
            "teams": [["A"], ["B"]],
            "points": [1, 2],
            "players": ["A", "B"],
            "scores": [1, 2],
        },
        {"id": "x", "date": "2026-03-06", "teams": [["A"], []], "points": [1, 2]},
        {"id": "x", "date": "2026-03-06", "teams": [["A"], ["B"], ["C"]], "points": [1, 2]},
        {"id": "x", "date": "2026-03-06", "teams": [["A"], ["B"]], "points": [1]},
        {"id": "x", "date": "2026-03-06", "teams": [["A"], ["B"]], "points": [1, 2], "direction": "low"},
        {"id": "x", "date": "2026-03-06", "players": ["A"], "scores": [1]},
        {"id": "x", "date": "2026-03-06", "players": ["A", "B"], "scores": [1]},
        {"id": "x", "date": "2026-03-06", "players": ["A", "B"], "scores": [1, 2], "points": [1, 2]},
        {"id": "x", "date": "2026-03-06", "teams": [["A"], ["B"]], "points": [1, 2], "games": 0},
        {"id": "x", "date": "2026-03-06", "teams": [["A"], [""]], "points": [1, 2]},
        {"id": "x", "date": "2026-13-06", "teams": [["A"], ["B"]], "points": [1, 2]},
        {"id": "x", "date": "2026-03-06", "teams": [["A"], ["B"]], "points": [True, 2]},
    ],
)
def test_malformed_entries_are_refused(entry: dict[str, Any]) -> None:
    with pytest.raises(InvalidRecord):
        rate_players(rating_example(entry))


def test_an_entry_replaced_twice_is_malformed_but_a_chain_is_not() -> None:
    first = {**CORRECTION_3}
    second = {**CORRECTION_3, "id": "r6"}
    with pytest.raises(InvalidRecord):
        rate_players(rating_example(first, second))
    chained = {**CORRECTION_3, "id": "r6", "replaces": "r5", "points": [1010, 874]}
    assert_table(rate_players(rating_example(first, chained)), RATING_TABLE_2)


@pytest.mark.parametrize(
    "options",
    [
        {"sigma": 0},
        {"tau": -1},
        {"scale": True},
        {"half_life": 0},
        {"min_games": -1},
        {"unit": "deal"},
        {"colour": 1},
    ],
)
def test_malformed_options_are_refused(options: dict[str, Any]) -> None:
    record = rating_example()
    record["options"] = options
    with pytest.raises(InvalidRecord):
        rate_players(record)
