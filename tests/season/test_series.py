"""``score_series`` against SEASON.md: worked example 1 and its variants, then each rule (Z2–Z8)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules_engine import InvalidRecord, score_series
from tests.helpers.season import SEASON_EXAMPLE_1, dropped, series_example, standing


def rules(answer: dict[str, Any]) -> list[str]:
    assert answer["valid"] is False and set(answer) == {"valid", "errors"}
    return [error["rule"] for error in answer["errors"]]


def test_example_1_best_3_of_4_with_a_merged_player_and_tie_breaks() -> None:
    answer = score_series(copy.deepcopy(SEASON_EXAMPLE_1))
    assert answer["valid"] and answer["errors"] == []
    assert (answer["events_held"], answer["events_planned"], answer["provisional"]) == (4, 4, False)
    assert standing(answer) == [
        (1, "A", 11580, False, "best"),
        (2, "B", 11580, False, None),
        (3, "D", 11450, False, "best"),
        (4, "C", 11450, False, None),
        (5, "E", 11350, True, None),
        (5, "F", 11350, True, None),
    ]
    # Dropped: A's absence at E3, B's at E4, C's 3790, D's 3700, E's 3650, F's 3650 (Z6.3).
    assert [dropped(answer, p) for p in "ABCDEF"] == [["E3"], ["E4"], ["E4"], ["E3"], ["E2"], ["E1"]]
    # G played once, as G2 (Z2.2): unranked below min_events 2; of three equal absent zeros the earliest drops.
    (gian,) = answer["unranked"]
    assert (gian["id"], gian["total"], gian["attended"]) == ("G", 3600, 1)
    assert [e["status"] for e in gian["events"]] == ["dropped", "counted", "counted", "counted"]
    assert "rank" not in gian and "shared" not in gian
    assert answer["prizes"] == {
        "most_matches": {"matches": 3, "ids": ["D"]},
        "booby": {"rank": 5, "ids": ["E", "F"]},
    }
    anna = answer["standings"][0]
    assert (anna["attended"], anna["wins"], anna["matches"]) == (3, 2, 2)
    assert anna["events"][2] == {"event": "E3", "score": 0, "absent": True, "status": "dropped"}


def test_example_1_without_best_of_the_absences_cost_a_whole_evening() -> None:
    answer = score_series(series_example(best_of=None))
    assert standing(answer) == [
        (1, "C", 15240, False, None),
        (2, "D", 15150, False, None),
        (3, "E", 15000, True, None),
        (3, "F", 15000, True, None),
        (5, "A", 11580, False, "best"),
        (6, "B", 11580, False, None),
    ]
    assert answer["prizes"]["booby"] == {"rank": 6, "ids": ["B"]}


def test_example_1_with_own_average_absentees() -> None:
    answer = score_series(series_example(absent_counts="own_average"))
    totals = {s["id"]: s["total"] for s in answer["standings"]}
    assert (totals["A"], totals["B"]) == (11740, 11640)
    assert dropped(answer, "A") == ["E2"] and dropped(answer, "B") == ["E3"]
    anna = answer["standings"][0]
    assert anna["events"][2]["score"] == 3860 and anna["events"][2]["absent"]


def test_example_1_with_the_default_points_table() -> None:
    answer = score_series(series_example(counts="points_table"))
    assert standing(answer) == [
        (1, "A", 61, False, "best"),
        (2, "B", 61, False, None),
        (3, "C", 52, False, None),
        (4, "E", 49, False, "best"),
        (5, "D", 49, False, None),
        (6, "F", 46, False, None),
    ]
    # D's two 13s: the earlier one (E1) is dropped (Z6.3).
    assert dropped(answer, "D") == ["E1"]
    # D and F share E3's 4th place and get 13 each (Z4.1); G2's 6th is worth 10.
    scores = {
        row["id"]: [e["score"] for e in row["events"]] for row in answer["standings"] + answer["unranked"]
    }
    assert scores["F"][2] == scores["D"][2] == 13 and scores["G"][2] == 10


def test_example_1_four_of_six_planned_is_provisional_and_drops_nothing() -> None:
    record = series_example()
    record["planned_events"] = 6
    answer = score_series(record)
    assert answer["provisional"] is True and answer["events_planned"] == 6
    assert standing(answer) == standing(score_series(series_example(best_of=None)))
    assert all(e["status"] == "counted" for row in answer["standings"] for e in row["events"])
    record["options"]["drop_early"] = True
    assert standing(score_series(record)) == standing(score_series(series_example()))


def small(results: list[list[dict[str, Any]]], players: str = "ABCD", **options: Any) -> dict[str, Any]:
    return {
        "game": "series",
        "options": options,
        "players": [{"id": p, "name": p} for p in players],
        "events": [
            {"id": f"E{n + 1}", "date": f"2026-0{n + 1}-01", "results": listed}
            for n, listed in enumerate(results)
        ],
    }


def p(player: str, rank: int, total: int, **more: Any) -> dict[str, Any]:
    return {"player": player, "rank": rank, "total": total, **more}


def test_rank_points_count_the_guests_in_participants() -> None:
    record = small([[p("A", 1, 100), p("B", 3, 80)]], counts="rank_points")
    record["events"][0]["participants"] = 5
    totals = {s["id"]: s["total"] for s in score_series(record)["standings"]}
    assert totals == {"A": 5, "B": 3}


def test_a_final_counting_double_weighs_its_absentees_too() -> None:
    record = small([[p("A", 1, 10), p("B", 2, 8)], [p("A", 1, 10)]], absent_counts="fixed", absent_value=3)
    record["events"][1]["weight"] = 2
    rows = {s["id"]: s for s in score_series(record)["standings"]}
    assert [e["score"] for e in rows["B"]["events"]] == [8, 6]
    assert rows["A"]["total"] == 30


def test_skip_leaves_the_event_out_and_last_prefers_an_entry() -> None:
    record = small(
        [[p("A", 1, 10), p("B", 1, 10)], [p("A", 1, 5)]], absent_counts="skip", tiebreak=["last", "shared"]
    )
    record["events"][1]["results"].append(p("B", 2, 5))
    record["events"][1]["results"][1]["rank"] = 1
    answer = score_series(record)
    assert standing(answer)[:2] == [(1, "A", 15, True, None), (1, "B", 15, True, None)]
    # C and D never played: skipped everywhere, no scores, unranked.
    c_row = next(r for r in answer["unranked"] if r["id"] == "C")
    assert [(e["score"], e["status"]) for e in c_row["events"]] == [(None, "skipped"), (None, "skipped")]


def test_low_totals_series_goes_lowest_first_and_absentees_get_the_worst() -> None:
    record = small(
        [[p("A", 1, 40), p("B", 2, 90)], [p("A", 2, 70), p("B", 1, 50), p("C", 3, 99)]], direction="low"
    )
    for event in record["events"]:
        event["direction"] = "low"
    answer = score_series(record)
    # Z5.1: under total + low the default absentee score is the event's worst (C: 90 at E1).
    assert standing(answer) == [
        (1, "A", 110, False, None),
        (2, "B", 140, False, None),
        (3, "C", 189, False, None),
    ]


def test_attendance_and_wins_steps() -> None:
    record = small(
        [[p("A", 1, 10), p("B", 2, 5)], [p("B", 1, 5)], [p("A", 2, 0), p("B", 1, 0)]],
        tiebreak=["attendance", "wins", "shared"],
    )
    answer = score_series(record)
    assert standing(answer)[:2] == [(1, "B", 10, False, "attendance"), (2, "A", 10, False, None)]
    record["options"]["tiebreak"] = ["wins", "shared"]
    assert standing(score_series(record))[0] == (1, "B", 10, False, "wins")


def test_min_events_keeps_a_rare_player_apart() -> None:
    answer = score_series(small([[p("A", 1, 10), p("B", 2, 5)], [p("A", 1, 9)]], min_events=2))
    assert [s["id"] for s in answer["standings"]] == ["A"]
    assert [r["id"] for r in answer["unranked"]] == ["B", "C", "D"]
    assert answer["prizes"]["booby"] is None and answer["prizes"]["most_matches"] is None


@pytest.mark.parametrize(
    ("results", "rule"),
    [
        ([[p("X", 1, 10)]], "Z2.3"),
        ([[p("A", 1, 10), p("A", 2, 5)]], "Z2.4"),
        ([[p("A", 1, 10), p("B", 3, 5)]], "Z3.3"),
        ([[p("A", 1, 10), p("B", 1, 5)]], "Z3.4"),
        ([[p("A", 1, 5), p("B", 2, 10)]], "Z3.4"),
        ([[p("A", 1, 10, matches=3, games=2)]], "Z3.6"),
        ([[{"player": "A", "absent": True}]], "Z3.8"),
    ],
)
def test_each_rule_break_is_answered_with_its_rule(results: list[list[dict[str, Any]]], rule: str) -> None:
    answer = score_series(small(results))
    assert rules(answer) == [rule]
    assert answer["errors"][0]["event"] == "E1"


def test_an_alias_twice_with_its_player_breaks_z2_4_and_skips_the_rank_checks() -> None:
    record = small([[p("A", 1, 10), p("A2", 5, 50)]])
    record["players"][0]["aliases"] = ["A2"]
    assert rules(score_series(record)) == ["Z2.4"]


def test_participants_fewer_than_results_break_z3_5_only() -> None:
    record = small([[p("A", 1, 10), p("B", 7, 50)]])
    record["events"][0]["participants"] = 1
    assert rules(score_series(record)) == ["Z3.5"]


def test_ranks_with_guests_between_them_are_a_ranking() -> None:
    record = small([[p("A", 1, 10), p("B", 3, 5)]])
    record["events"][0]["participants"] = 3
    assert score_series(record)["valid"]


def test_more_events_than_planned_breaks_z3_7() -> None:
    record = small([[p("A", 1, 10)], [p("A", 1, 10)]])
    record["planned_events"] = 1
    assert rules(score_series(record)) == ["Z3.7"]


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.update(game="rating"),
        lambda r: r.update(extra=1),
        lambda r: r["players"].append({"id": "A", "name": "again"}),
        lambda r: r["players"][0].update(aliases=["B"]),
        lambda r: r["players"][0].update(id=""),
        lambda r: r["events"][0].update(date="2026-02-30"),
        lambda r: r["events"][0].update(date="20260101"),
        lambda r: r["events"].append({"id": "E1", "date": "2026-05-01", "results": []}),
        lambda r: r["events"].append({"id": "E9", "date": "2025-05-01", "results": []}),
        lambda r: r["options"].update(best_of=2, drop_worst=0),
        lambda r: r["options"].update(best_of=0),
        lambda r: r["options"].update(points_table=[3, 2, 1]),
        lambda r: r["options"].update(counts="points_table", points_table=[1, 2]),
        lambda r: r["options"].update(counts="points_table", points_table=[3, 1], points_beyond=2),
        lambda r: r["options"].update(absent_counts="fixed"),
        lambda r: r["options"].update(absent_value=3),
        lambda r: r["options"].update(direction="low", absent_counts="zero"),
        lambda r: r["events"][0].update(direction="low"),
        lambda r: r["options"].update(tiebreak=["best"]),
        lambda r: r["options"].update(tiebreak=["best", "best", "shared"]),
        lambda r: r["options"].update(min_events=0),
        lambda r: r["options"].update(unknown=True),
        lambda r: r["events"][0]["results"][0].update(rank=True),
        lambda r: r["events"][0]["results"][0].update(total=1.5),
        lambda r: r["events"][0]["results"].append({"player": "B", "absent": False}),
        lambda r: r["events"][0]["results"].append({"player": "B", "absent": True, "rank": 2}),
        lambda r: r["events"][0]["results"].append({"player": "B", "total": 3}),
    ],
)
def test_malformed_records_are_refused(change: Any) -> None:
    record = small([[p("A", 1, 10)]])
    change(record)
    with pytest.raises(InvalidRecord):
        score_series(record)


def test_an_integral_float_is_an_integer_and_null_is_left_out() -> None:
    record = small([[p("A", 1.0, 10.0, matches=None)]], best_of=None)
    assert score_series(record)["standings"][0]["total"] == 10
