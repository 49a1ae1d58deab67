"""A late entry (registered after the first draw): not active before his round (T5.1, T5.2), and his missed
rounds scored by option ``late_entry`` (docs/DEAL_RECORD_ADDITIONS.md; the default follows T8.4's 0)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules_engine import InvalidRecord, score_tournament, seat_next_round

DATA = Path(__file__).parent / "data"
EXAMPLE3: dict[str, Any] = json.loads((DATA / "example3_tournament.json").read_text())


def late_i(**options: Any) -> dict[str, Any]:
    """Example 3 with I arriving for round 2: round 1 seats the other eight, nobody sits out."""
    record = copy.deepcopy(EXAMPLE3)
    record["options"].update(options)
    record["late_entries"] = [{"player": "I", "from_round": 2}]
    record["rounds"][0]["sitouts"] = []
    return record


def ranking(record: dict[str, Any]) -> dict[str, Any]:
    answer = score_tournament(record)
    assert answer["valid"], answer["errors"]
    return {entry["id"]: entry for entry in answer["ranking"]}


def test_default_a_missed_round_is_a_played_zero() -> None:
    """T8.4's reading for a round a competitor is not active: 0, never null, and no sit-out."""
    entry = ranking(late_i())["I"]
    assert entry["passen"] == [0, 942, 942] and entry["sitouts"] == []
    assert entry["total"] == 942 + 942 and not entry["provisional"]


def test_sitout_score_values_the_missed_round_as_a_sit_out() -> None:
    """``late_entry: "sitout_score"``: the missed round is a sit-out of T5.5 (942 for 12 games)."""
    entry = ranking(late_i(late_entry="sitout_score"))["I"]
    assert entry["passen"] == [942, 942, 942] and entry["sitouts"] == [0]
    answer = score_tournament(late_i(late_entry="sitout_score"))
    assert answer["standblatt"] is not None
    assert answer["standblatt"]["I"][0] == {
        "round": 1,
        "table": None,
        "sitout": True,
        "late_entry": True,
        "score": 942,
    }


def test_own_average_values_the_missed_round_at_his_mean() -> None:
    """``late_entry: "own_average"``: I played 943 and 942, so his missed round is 942.5 → 943."""
    record = late_i(late_entry="own_average")
    record["results"][3]["team_totals"] = [941, 943]  # F+I 943 in round 2
    entry = ranking(record)["I"]
    assert entry["passen"] == [943, 943, 942]


def test_seated_or_listed_before_his_round_breaks_t5_1() -> None:
    record = late_i()
    record["rounds"][0]["sitouts"] = ["I"]
    codes = [(e["rule"], e["code"], e.get("round")) for e in score_tournament(record)["errors"]]
    assert ("T5.1", "late_listed", 1) in codes


def test_the_draw_leaves_him_out_before_his_round() -> None:
    """seat_next_round for round 1 seats the eight players present; I is neither seated nor sitting out."""
    record = late_i()
    record["rounds"] = []
    record["results"] = []
    answer = seat_next_round(record)
    seated = {p for table in answer["tables"] for p in table["seats"].values()}
    assert "I" not in seated and answer["sitouts"] == [] and len(seated) == 8


@pytest.mark.parametrize(
    "late",
    [
        [{"player": "I", "from_round": 1}],  # round 1 is not late
        [{"player": "Z", "from_round": 2}],  # not a competitor
        [{"player": "I", "from_round": 2}, {"player": "I", "from_round": 3}],
        [{"player": "I", "from_round": 2, "table": 1}],
    ],
)
def test_malformed_late_entries(late: list[dict[str, Any]]) -> None:
    record = late_i()
    record["late_entries"] = late
    with pytest.raises(InvalidRecord):
        score_tournament(record)


def test_an_unknown_late_entry_option_is_malformed() -> None:
    with pytest.raises(InvalidRecord):
        score_tournament(late_i(late_entry="average"))


def i_sits_out_round_2(**options: Any) -> dict[str, Any]:
    """``late_i`` with I sitting out round 2, his first round, and H playing in his seat."""
    record = late_i(**options)
    record["rounds"][1]["tables"][1]["seats"]["4"] = "H"
    record["rounds"][1]["sitouts"] = ["I"]
    return record


def order_errors(record: dict[str, Any]) -> list[tuple[str, str, int]]:
    return [(e["rule"], e["code"], e["round"]) for e in score_tournament(record)["errors"]]


@pytest.mark.parametrize("option", ["sitout_score", "own_average"])
def test_a_missed_round_scored_as_a_sit_out_counts_for_t5_2(option: str) -> None:
    """T5.2: nobody sits out again while another has sat out fewer times. Under these options I's
    missed round 1 is a sit-out (T5.5), so I sitting out round 2 while A..H (none yet) play breaks it."""
    assert ("T5.2", "sitout_order", 2) in order_errors(i_sits_out_round_2(late_entry=option))


def test_a_missed_round_scored_as_a_played_zero_is_no_sit_out() -> None:
    """Under ``zero`` the missed round is a played 0, not a sit-out: I has none, like everyone, and may sit out."""
    answer = score_tournament(i_sits_out_round_2())
    assert answer["valid"], answer["errors"]


def test_the_seating_report_counts_the_missed_round_as_a_sit_out() -> None:
    """T5.3's ``sitout_counts`` and the ranking's ``sitouts`` agree: I sat out once under ``sitout_score``."""
    assert score_tournament(late_i(late_entry="sitout_score"))["seating"]["sitout_counts"] == {
        "G": 1,
        "H": 1,
        "I": 1,
    }
    assert score_tournament(late_i())["seating"]["sitout_counts"] == {"G": 1, "H": 1}


@pytest.mark.parametrize("seed", range(4))
def test_the_draw_does_not_sit_him_out_again_first(seed: int) -> None:
    """``seat_next_round`` for round 2 under ``sitout_score``: I sat out round 1, the eight others never,
    so one of them sits out (T5.2), whatever the seed."""
    record = late_i(late_entry="sitout_score")
    record["rounds"] = record["rounds"][:1]
    record["results"] = [r for r in record["results"] if r["round"] == 1]
    answer = seat_next_round({**record, "seed": seed})
    assert answer["valid"], answer["errors"]
    assert len(answer["sitouts"]) == 1 and answer["sitouts"] != ["I"]
    assert answer["seating"]["sitout_counts"]["I"] == 1
