"""DIFFERENZLER.md's worked examples, figure by figure, through the public entry points.

Every number below is copied from the rule file, not from the engine's output.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from rules_engine import InvalidRecord, score_deal, score_match

# Example 1, and the deal record of "JSON records" (the same deal).
RECORD: dict[str, Any] = {
    "game": "differenzler",
    "options": {"form": "hidden"},
    "players": 4,
    "forehand": 1,
    "trump": "C",
    "estimates": [40, 0, 65, 50],
    "points": [43, 0, 65, 49],
    "tricks_won": [2, 0, 4, 3],
    "stoeck": None,
    "stoeck_counted": None,
    "penalties": [0, 0, 0, 0],
    "void": False,
    "announcements": None,
    "sealed_at": None,
    "weis": None,
    "hands": None,
    "tricks": None,
}


def deal(**changes: Any) -> dict[str, Any]:
    return {**RECORD, **changes}


def test_example_1_answer_as_documented() -> None:
    answer = score_deal(RECORD)
    expected = {
        "valid": True,
        "errors": [],
        "made": [43, 0, 65, 49],
        "difference": [3, 0, 0, 1],
        "exact": [False, True, True, False],
        "credit": [0, 0, 10, 0],
        "penalty": [0, 0, 0, 0],
        "dealer_credit": 0,
        "score": [3, 0, -10, 1],
    }
    assert {key: answer[key] for key in expected} == expected
    assert answer["dealer"] == 4


def test_example_1_needs_zero_trick_still_scores_0_without_a_trick() -> None:
    answer = score_deal(deal(options={"zero_exact": "needs_zero_trick"}))
    assert answer["score"][1] == 0


def test_example_1_needs_zero_trick_credits_a_zero_point_trick() -> None:
    # Seat 2 won one trick worth 0 (not the last): he scores −10.
    answer = score_deal(deal(options={"zero_exact": "needs_zero_trick"}, tricks_won=[2, 1, 3, 3]))
    assert answer["valid"], answer["errors"]
    assert answer["score"][1] == -10


def test_example_1_counted_stoeck() -> None:
    counted = score_deal(deal(options={"stoeck": "counted"}, stoeck=3, estimates=[40, 0, 85, 50]))
    assert counted["made"] == [43, 0, 85, 49]
    assert counted["points"] == [43, 0, 65, 49]
    assert counted["score"][2] == -10
    short = score_deal(deal(options={"stoeck": "counted"}, stoeck=3))
    assert short["difference"][2] == 20


@pytest.mark.parametrize(
    ("changes", "code", "message"),
    [
        ({"points": [43, 0, 65, 48]}, "points_sum", "the players' points sum to 156, not 157"),
        ({"points": [43, 1, 64, 49], "tricks_won": None}, "impossible_points", "1 is impossible"),
        ({"tricks_won": [2, 1, 0, 6]}, "points_without_trick", "65 points need at least one trick"),
        ({"estimates": [40, None, 65, 50]}, "no_estimate", "seat 2 gave no estimate"),
    ],
)
def test_example_1_rejections(changes: dict[str, Any], code: str, message: str) -> None:
    answer = score_deal(deal(**changes))
    assert answer["valid"] is False
    assert answer["score"] is None
    error = next(e for e in answer["errors"] if e["code"] == code)
    assert error["rule"] == "D8"
    assert message in error["message"]


def test_example_1_three_estimates_are_malformed() -> None:
    with pytest.raises(InvalidRecord):
        score_deal(deal(estimates=[40, 0, 65]))


# Example 2: one Passe of 4 deals.
PASSE = [
    (1, "C", [40, 0, 65, 50], [43, 0, 65, 49], [3, 0, -10, 1]),
    (2, "H", [30, 55, 20, 45], [28, 61, 20, 48], [2, 6, -10, 3]),
    (3, "S", [70, 10, 35, 40], [52, 14, 41, 50], [18, 4, 6, 10]),
    (4, "D", [25, 45, 50, 30], [25, 47, 55, 30], [-10, 2, 5, -10]),
]


def partie(options: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    deals = [{"forehand": f, "trump": t, "estimates": e, "points": p} for f, t, e, p, _ in PASSE]
    record = {"game": "differenzler", "players": 4, "deal_count": 16, "deals": deals, **fields}
    if options is not None:
        record["options"] = options
    return score_match(record)


def test_example_2_scores_totals_hits_and_ranking() -> None:
    answer = partie()
    assert answer["valid"], answer["errors"]
    for entry, (forehand, _, _, made, scores) in zip(answer["deals"], PASSE, strict=True):
        assert sum(made) == 157
        assert entry["made"] == made
        assert entry["score"] == scores
        assert entry["dealer"] == (forehand - 2) % 4 + 1
    assert answer["totals"] == [13, 12, -9, 4]
    assert answer["exact_hits"] == [1, 1, 2, 1]
    assert answer["ranking"] == [
        {"rank": 1, "seat": 3, "total": -9, "shared": False},
        {"rank": 2, "seat": 4, "total": 4, "shared": False},
        {"rank": 3, "seat": 2, "total": 12, "shared": False},
        {"rank": 4, "seat": 1, "total": 13, "shared": False},
    ]
    assert answer["finished"] is False
    assert answer["next"] == {"dealer": 4, "forehand": 1}


def test_example_2_without_exact_bonus_seats_2_and_4_swap() -> None:
    answer = partie({"exact_bonus": 0})
    assert answer["totals"] == [23, 12, 11, 14]
    assert [entry["seat"] for entry in answer["ranking"]] == [3, 2, 4, 1]
    assert [entry["total"] for entry in answer["ranking"]] == [11, 12, 14, 23]


def test_example_2_dealer_credit_in_the_open_form() -> None:
    options = {"form": "open", "dealer_credit": True}
    record = {
        "game": "differenzler",
        "options": options,
        "forehand": 3,
        "trump": "S",
        "points": [52, 14, 41, 50],
    }
    as_played = score_deal({**record, "estimates": [70, 10, 35, 40]})
    assert (as_played["dealer"], as_played["dealer_credit"], as_played["score"][1]) == (2, 0, 4)
    # Had they summed to 180: ⌊23/5⌋ = 4 off the dealer's 4.
    summed_180 = score_deal({**record, "estimates": [95, 10, 35, 40]})
    assert summed_180["dealer_credit"] == 4
    assert summed_180["score"][1] == 0


def test_the_partie_record_with_names_and_lots() -> None:
    answer = partie(names=["Anna", "Beat", "Cla", "Doris"], lots=None)
    assert answer["names"] == ["Anna", "Beat", "Cla", "Doris"]
    assert answer["deals_counted"] == 4


def test_example_2_through_the_command_line() -> None:
    """Example 2's Passe as `python -m rules_engine match` answers it (exit 0)."""
    deals = [{"forehand": f, "trump": t, "estimates": e, "points": p} for f, t, e, p, _ in PASSE]
    record = {"game": "differenzler", "players": 4, "deal_count": 16, "deals": deals}
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "match"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert [entry["score"] for entry in answer["deals"]] == [scores for *_, scores in PASSE]
    assert answer["totals"] == [13, 12, -9, 4]
