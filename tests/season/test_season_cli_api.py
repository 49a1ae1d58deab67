"""SEASON.md's worked examples through the command line (``python -m rules_engine series|rating``)
and the JSON API (``POST /api/v1/series``, ``/api/v1/rating``), with their exit codes and statuses."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from flask.testing import FlaskClient

from rules_engine import InvalidRecord, rate_players, score_series
from rules_engine.limits import SEASON
from scorer.api.openapi import document
from tests.helpers.season import CORRECTION_3, RATING_EXAMPLE_2, SEASON_EXAMPLE_1, rating_example

ROOT = Path(__file__).resolve().parents[2]


def run(verb: str, record: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", verb],
        input=record if isinstance(record, str) else json.dumps(record),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


@pytest.mark.slow
def test_the_command_line_answers_the_worked_examples_exit_0() -> None:
    series = run("series", SEASON_EXAMPLE_1)
    assert series.returncode == 0, series.stderr
    assert json.loads(series.stdout) == score_series(copy.deepcopy(SEASON_EXAMPLE_1))
    rating = run("rating", rating_example(CORRECTION_3))
    assert rating.returncode == 0, rating.stderr
    assert json.loads(rating.stdout)["ratings"][0]["id"] == "A"


@pytest.mark.slow
def test_the_command_line_exits_1_on_a_rule_break_and_2_on_a_malformed_record() -> None:
    broken = copy.deepcopy(SEASON_EXAMPLE_1)
    broken["events"][0]["results"][0]["player"] = "Z"
    answer = run("series", broken)
    assert answer.returncode == 1 and json.loads(answer.stdout)["errors"][0]["rule"] == "Z2.3"
    malformed = run("rating", {"game": "series", "players": [], "results": []})
    assert malformed.returncode == 2 and malformed.stdout == ""
    assert len(malformed.stderr.strip().splitlines()) == 1 and "game" in malformed.stderr


def validator(name: str) -> Any:
    schemas = document()["components"]["schemas"]
    return jsonschema_rs.Draft202012Validator(
        {"$ref": f"#/components/schemas/{name}", "components": {"schemas": schemas}}
    )


def test_the_api_answers_the_worked_examples_as_documented(client: FlaskClient) -> None:
    series = client.post("/api/v1/series", json=SEASON_EXAMPLE_1)
    assert series.status_code == 200 and series.get_json() == score_series(copy.deepcopy(SEASON_EXAMPLE_1))
    validator("SeriesAnswer").validate(series.get_json())
    validator("SeriesRecord").validate(SEASON_EXAMPLE_1)
    rating = client.post("/api/v1/rating", json=RATING_EXAMPLE_2)
    assert rating.status_code == 200
    # The API solves Z10.4 by LAPACK (scorer.linalg): the engine's answer, its figures to 1e-12 (Z10.8).
    answered, expected = rating.get_json(), rate_players(copy.deepcopy(RATING_EXAMPLE_2))
    figures = ("mu", "sd", "rating", "rating_sd", "conservative")
    plain = [{k: v for k, v in row.items() if k not in figures} for row in answered["ratings"]]
    assert plain == [{k: v for k, v in row.items() if k not in figures} for row in expected["ratings"]]
    for ours, theirs in zip(answered["ratings"], expected["ratings"]):
        assert [ours[k] for k in figures] == pytest.approx([theirs[k] for k in figures], abs=1e-9)
    assert {k: v for k, v in answered.items() if k != "ratings"} == {
        k: v for k, v in expected.items() if k != "ratings"
    }
    validator("RatingAnswer").validate(rating.get_json())
    validator("RatingRecord").validate(
        rating_example(CORRECTION_3, {"id": "r6", "replaces": "r4", "void": True})
    )


def test_the_api_answers_a_rule_break_200_and_a_malformed_record_400(client: FlaskClient) -> None:
    record = rating_example(
        {"id": "n", "date": "2026-03-06", "teams": [["A", "B"], ["C", "D"]], "points": [-1, 9]}
    )
    broken = client.post("/api/v1/rating", json=record)
    assert broken.status_code == 200 and broken.get_json()["errors"][0]["rule"] == "Z9.4"
    validator("RatingAnswer").validate(broken.get_json())
    malformed = client.post("/api/v1/series", json={**SEASON_EXAMPLE_1, "planned_events": 0})
    assert malformed.status_code == 400 and "planned_events" in malformed.get_json()["error"]


def test_a_season_log_may_be_longer_than_a_match_but_not_unbounded(client: FlaskClient) -> None:
    most = SEASON.rated_players
    players = [{"id": f"p{i}", "name": "x" * 40} for i in range(most)]
    record = {
        "game": "rating",
        "players": players,
        "results": [
            {
                "id": f"r{i}",
                "date": "2026-01-01",
                "teams": [[f"p{i % most}"], [f"p{(i + 1) % most}"]],
                "points": [90, 67],
            }
            for i in range(SEASON.results)
        ],
    }
    body = json.dumps(record)
    assert 128 * 1024 < len(body) < SEASON.text
    assert client.post("/api/v1/rating", data=body, content_type="application/json").status_code == 200
    assert client.post("/api/v1/deal", data=body, content_type="application/json").status_code in (400, 413)
    huge = json.dumps({**record, "name": "x" * SEASON.text})
    assert client.post("/api/v1/rating", data=huge, content_type="application/json").status_code in (400, 413)
    longer = {**record, "results": [*record["results"], {**record["results"][0], "id": "one more"}]}
    refused = client.post("/api/v1/rating", json=longer)
    assert refused.status_code == 400
    assert f"results: at most {SEASON.results} entries" in refused.get_json()["error"]


def test_a_series_answers_at_most_its_bound_of_players_times_events(client: FlaskClient) -> None:
    """The standing gives every player of the register one entry per event (SEASON.md, the
    answer): a wide register over many events is refused by that product, before its events are
    read, and an event list longer than its cells too."""
    events = SEASON.cells // 100 + 1
    register = [{"id": f"p{i}", "name": f"p{i}"} for i in range(100)]
    wide = {
        "game": "series",
        "players": register,
        "events": [
            {"id": f"e{k}", "date": "2026-01-01", "results": [{"player": "p0", "rank": 1, "total": 1}]}
            for k in range(events)
        ],
    }
    refused = client.post("/api/v1/series", json=wide)
    assert refused.status_code == 400
    assert f"events: at most {SEASON.cells} players' entries" in refused.get_json()["error"]
    assert client.post("/api/v1/series", json={**wide, "events": wide["events"][:-1]}).status_code == 200
    # One player, two events, more results than the standing has cells: one name again and again.
    half = SEASON.cells // 2 + 1
    assert half <= SEASON.results_per_event
    crowded = {
        "game": "series",
        "players": [{"id": "p0", "name": "p0"}],
        "events": [
            {"id": f"e{k}", "date": "2026-01-01", "results": [{"player": "p0", "rank": 1, "total": 1}] * half}
            for k in range(2)
        ],
    }
    refused = client.post("/api/v1/series", json=crowded)
    assert refused.status_code == 400
    assert f"events[1].results: at most {SEASON.cells} results" in refused.get_json()["error"]


def test_more_players_than_one_solve_rates_is_refused_naming_the_bound() -> None:
    most = SEASON.rated_players
    players = [{"id": f"p{i}", "name": "x"} for i in range(most + 2)]
    results = [
        {"id": f"r{i}", "date": "2026-01-01", "teams": [[f"p{i}"], [f"p{i + 1}"]], "points": [90, 67]}
        for i in range(0, most + 1, 2)
    ]
    with pytest.raises(InvalidRecord, match=f"at most {most} players"):
        rate_players({"game": "rating", "players": players, "results": results})
    # As of a date before the later half, fewer players are rated at once: no refusal.
    results[-1]["date"] = "2026-02-01"
    assert rate_players({"game": "rating", "as_of": "2026-01-01", "players": players, "results": results})[
        "valid"
    ]
