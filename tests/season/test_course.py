"""A player's course in a series' rating (SEASON.md Z9.3): after each evening from the first they
played, the rating as of that evening's date over the Passen played by its end, every player's
read at once and kept until the record changes, each evening's rating kept for its own log."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

import rules_engine
from scorer.season import rating as season_rating

EVENINGS = [(date(2026, 1, 9), 1), (date(2026, 1, 16), 3)]


def log() -> season_rating.RatingLog:
    results = [
        {
            "id": "a",
            "date": "2026-01-09",
            "teams": [["A", "B"], ["C", "D"]],
            "points": [1010, 874],
            "games": 12,
        },
        {
            "id": "b",
            "date": "2026-01-16",
            "teams": [["A", "C"], ["B", "D"]],
            "points": [700, 1184],
            "games": 12,
        },
        {
            "id": "c",
            "date": "2026-01-16",
            "teams": [["A", "D"], ["B", "C"]],
            "points": [990, 894],
            "games": 12,
        },
    ]
    record = {
        "game": "rating",
        "players": [{"id": p, "name": p} for p in "ABCD"],
        "results": results,
    }
    return season_rating.RatingLog(record, {}, list(EVENINGS), 0, "schieber_tournament")


def counted_ratings(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The records the engine is asked to rate from now on, in order."""
    calls: list[Any] = []
    engine = rules_engine.rate_players

    def counted(record: Any, **choices: Any) -> Any:
        calls.append(record)
        return engine(record, **choices)

    monkeypatch.setattr(rules_engine, "rate_players", counted)
    return calls


def test_each_point_is_the_rating_as_of_its_evening_over_the_passen_played_by_then() -> None:
    made = log()
    for player in "ABCD":
        points = season_rating.course(made, player)
        assert [day for day, _, _ in points] == [day for day, _ in EVENINGS]
        for (day, played), (_, rating, sd) in zip(EVENINGS, points):
            record = {**made.record, "results": made.record["results"][:played], "as_of": day.isoformat()}
            rows = rules_engine.rate_players(record)
            (row,) = [r for r in rows["ratings"] + rows["unrated"] if r["id"] == player]
            assert rating == pytest.approx(row["rating"], abs=1e-9)
            assert sd == pytest.approx(row["rating_sd"], abs=1e-9)


def test_every_players_course_comes_from_one_rating_per_evening_until_the_record_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = counted_ratings(monkeypatch)
    made = log()
    made.record["name"] = "a series of its own"  # no course kept from another test
    first = season_rating.course(made, "A")
    assert len(calls) == len(EVENINGS)
    assert all(season_rating.course(made, player) for player in "BCD")
    assert season_rating.course(made, "A") == first and len(calls) == len(EVENINGS)
    # A corrected Passe is another record: its courses are read afresh.
    made.record["results"][0] = {**made.record["results"][0], "points": [874, 1010]}
    assert season_rating.course(made, "A") != first
    assert len(calls) == 2 * len(EVENINGS)


def test_a_new_evening_or_a_correction_of_the_last_rates_only_the_evenings_whose_log_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = counted_ratings(monkeypatch)
    made = log()
    made.record["name"] = "a series whose evenings are kept"
    before = season_rating.course(made, "A")
    assert len(calls) == len(EVENINGS)
    # A third evening, where E plays for the first time: only that evening is rated.
    made.record["results"].append(
        {
            "id": "d",
            "date": "2026-01-23",
            "teams": [["A", "E"], ["B", "C"]],
            "points": [1100, 784],
            "games": 12,
        }
    )
    made.record["players"].append({"id": "E", "name": "E"})
    made.evenings.append((date(2026, 1, 23), 4))
    after = season_rating.course(made, "A")
    assert len(calls) == len(EVENINGS) + 1 and after[:2] == before
    # E's course starts with the evening E first played (Z9.3: nothing is rated before).
    assert [day for day, _, _ in season_rating.course(made, "E")] == [date(2026, 1, 23)]
    # A corrected Passe of the last evening: that evening alone is rated again, and differs.
    made.record["results"][3] = {**made.record["results"][3], "points": [784, 1100]}
    corrected = season_rating.course(made, "A")
    assert len(calls) == len(EVENINGS) + 2
    assert corrected[:2] == before and corrected[2][1] < after[2][1]
    # Each point is still the whole log's rating as of that evening (never a patched one).
    last = rules_engine.rate_players({**made.record, "as_of": "2026-01-23"})
    (row,) = [r for r in last["ratings"] + last["unrated"] if r["id"] == "A"]
    assert corrected[2][1] == pytest.approx(row["rating"], abs=1e-9)


def test_a_reading_rates_the_latest_evenings_within_its_budget_and_the_rest_after() -> None:
    made = log()
    made.record["name"] = "a series read in parts"
    # No budget left: each reading rates one evening, the latest not kept yet.
    points, until = season_rating.course_within(made, "A", budget=0.0)
    assert [day for day, _, _ in points] == [EVENINGS[1][0]] and until == EVENINGS[0][0]
    whole = season_rating.course(log(), "A")  # the same figures as the whole course's
    assert points == whole[1:]
    # What the reading left is rated after its page (once), and kept for the next reading.
    season_rating.finish_course(made)
    assert season_rating.course_within(made, "A", budget=0.0) == (whole, None)


def test_a_reading_within_a_budget_rates_at_least_one_evening() -> None:
    made = log()
    made.record["name"] = "a series read one evening a time"
    first, until = season_rating.course_within(made, "B", budget=0.0)
    assert len(first) == 1 and until is not None
    second, until = season_rating.course_within(made, "B", budget=0.0)
    assert len(second) == 2 and until is None and second[1:] == first
