"""A Differenzler tournament in TOURNAMENT.md's format (D7.3): tables of four redrawn each round (T5.1, T5.2),
each table's Passe a Partie of four deals (D7.1), the ranking lowest total first (D1.2), sit-outs by
``sitout_score``. Each table plays DIFFERENZLER.md's worked example 2 (totals 13, 12, −9, 4 by seat)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules_engine import InvalidRecord, score_tournament
from rules_engine.differenzler.tournament import score_differenzler_tournament, seat_next_differenzler_round

#: Worked example 2: forehand, trump, estimates, made; totals by seat 13, 12, −9, 4; exact hits 1, 1, 2, 1.
PASSE = [
    (1, "C", [40, 0, 65, 50], [43, 0, 65, 49]),
    (2, "H", [30, 55, 20, 45], [28, 61, 20, 48]),
    (3, "S", [70, 10, 35, 40], [52, 14, 41, 50]),
    (4, "D", [25, 45, 50, 30], [25, 47, 55, 30]),
]
DEALS = [{"forehand": f, "trump": t, "estimates": e, "points": p} for f, t, e, p in PASSE]


def table(number: int, ids: str) -> dict[str, Any]:
    return {"table": number, "seats": dict(zip("1234", ids.split(), strict=True))}


def record(players: str, rounds: list[tuple[list[str], list[str]]], **options: Any) -> dict[str, Any]:
    return {
        "game": "differenzler_tournament",
        "options": options,
        "passen": len(rounds),
        "players": [{"id": p, "name": p} for p in players.split()],
        "rounds": [
            {"tables": [table(n, ids) for n, ids in enumerate(tables, start=1)], "sitouts": out}
            for tables, out in rounds
        ],
        "results": [
            {"round": r, "table": n, "deals": copy.deepcopy(DEALS)}
            for r, (tables, _out) in enumerate(rounds, start=1)
            for n in range(1, len(tables) + 1)
        ],
    }


EIGHT = record("A B C D E F G H", [(["A B C D", "E F G H"], []), (["C D A B", "G H E F"], [])])


def by_id(answer: dict[str, Any]) -> dict[str, Any]:
    return {entry["id"]: entry for entry in answer["ranking"]}


def test_eight_players_lowest_total_first_and_shared_ranks() -> None:
    answer = score_differenzler_tournament(EIGHT)
    assert answer["valid"], answer["errors"]
    ranking = by_id(answer)
    assert ranking["A"]["passen"] == [13, -9] and ranking["A"]["total"] == 4
    assert ranking["B"]["passen"] == [12, 4] and ranking["B"]["total"] == 16
    assert [(e["rank"], e["id"], e["total"], e["shared"]) for e in answer["ranking"]] == [
        (1, "A", 4, True),
        (1, "C", 4, True),
        (1, "E", 4, True),
        (1, "G", 4, True),
        (5, "B", 16, True),
        (5, "D", 16, True),
        (5, "F", 16, True),
        (5, "H", 16, True),
    ]
    assert answer["finished"] is True
    assert ranking["A"]["exact_hits"] == 1 + 2  # seat 1 then seat 3 of example 2
    assert answer["seating"]["meeting_repeats"] > 0  # the same four met twice (T5.3, reported only)


NINE = record(
    "A B C D E F G H I",
    [(["A B C D", "E F G H"], ["I"]), (["C D I B", "G H E F"], ["A"])],
)


def test_sit_outs_score_the_players_own_average() -> None:
    """T5.5's own_average: A played 13 once, so his sit-out is 13; I played −9, so his is −9."""
    ranking = by_id(score_differenzler_tournament(NINE))
    assert ranking["A"]["passen"] == [13, 13] and ranking["A"]["sitouts"] == [1]
    assert ranking["I"]["passen"] == [-9, -9] and ranking["I"]["total"] == -18
    assert ranking["I"]["rank"] == 1


def test_fixed_sit_out_points() -> None:
    answer = score_differenzler_tournament(
        {**NINE, "options": {"sitout_score": "fixed", "sitout_points": 20}}
    )
    assert by_id(answer)["I"]["passen"] == [20, -9]


def test_sitting_out_again_before_the_others_breaks_t5_2() -> None:
    broken = record("A B C D E F G H I", [(["A B C D", "E F G H"], ["I"]), (["A B C D", "E F G H"], ["I"])])
    answer = score_differenzler_tournament(broken)
    assert ("T5.2", "sitout_order", 2) in [(e["rule"], e["code"], e.get("round")) for e in answer["errors"]]


def test_a_passe_error_names_its_round_and_table() -> None:
    broken = copy.deepcopy(EIGHT)
    broken["results"][3]["deals"][1]["points"] = [28, 61, 20, 47]  # sums to 156 (D8)
    answer = score_differenzler_tournament(broken)
    assert not answer["valid"]
    error = answer["errors"][0]
    assert (error["rule"], error["round"], error["table"]) == ("D8", 2, 2)


def test_an_unplayed_passe_is_provisional() -> None:
    open_round = copy.deepcopy(EIGHT)
    open_round["results"] = open_round["results"][:3]
    answer = score_differenzler_tournament(open_round)
    assert answer["valid"] and answer["finished"] is False
    assert by_id(answer)["E"]["passen"] == [13, None] and by_id(answer)["E"]["provisional"]


@pytest.mark.parametrize(
    "change",
    [
        {"game": "schieber_tournament"},
        {"options": {"sitout_points": 10}},
        {"options": {"sitout_score": "half_control"}},
        {"players": [{"id": "A", "name": "A"}, {"id": "A", "name": "B"}]},
        {"colour": "red"},
    ],
)
def test_malformed(change: dict[str, Any]) -> None:
    with pytest.raises(InvalidRecord):
        score_differenzler_tournament({**EIGHT, **change})


def test_score_tournament_keeps_d7_3() -> None:
    """DIFFERENZLER.md D7.3 still makes ``score_tournament`` refuse the game (exit 2)."""
    with pytest.raises(InvalidRecord):
        score_tournament(EIGHT)


def test_the_standblatt_has_a_line_per_round() -> None:
    """T1.4: A sat in seat 1 at table 1, then in seat 3 at table 1 (seat 3's −9 of example 2); I sat out first."""
    lines = score_differenzler_tournament(NINE)["standblatt"]
    assert lines["A"] == [
        {"round": 1, "table": 1, "opponents": ["B", "C", "D"], "score": 13},
        {"round": 2, "table": None, "sitout": True, "score": 13},
    ]
    assert lines["I"][0] == {"round": 1, "table": None, "sitout": True, "score": -9}
    assert lines["I"][1]["opponents"] == ["C", "D", "B"] and lines["I"][1]["score"] == -9


def test_the_next_round_seats_tables_of_four_and_the_sit_outs_in_turn() -> None:
    """T5.1, T5.2: nine players make two tables and one sit-out, never the same one twice running."""
    first = record("A B C D E F G H I", [])
    first["rounds"], first["results"], first["passen"] = [], [], 3
    proposal = seat_next_differenzler_round({**first, "seed": 7})
    assert proposal["valid"] and proposal["round"] == 1 and len(proposal["tables"]) == 2
    seated = [p for t in proposal["tables"] for p in t["seats"].values()]
    assert sorted(seated + proposal["sitouts"]) == list("ABCDEFGHI") and len(proposal["sitouts"]) == 1
    assert seat_next_differenzler_round({**first, "seed": 7}) == proposal  # reproducible
    second = {**first, "rounds": [{"tables": proposal["tables"], "sitouts": proposal["sitouts"]}]}
    again = seat_next_differenzler_round(second)
    assert again["round"] == 2 and again["sitouts"] != proposal["sitouts"]
    both = [*second["rounds"], {"tables": again["tables"], "sitouts": again["sitouts"]}]
    assert score_differenzler_tournament({**second, "rounds": both})["valid"]
    full = {**first, "passen": 1, "rounds": second["rounds"]}
    with pytest.raises(InvalidRecord):
        seat_next_differenzler_round(full)
