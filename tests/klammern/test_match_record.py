"""The Klammern match record (DEAL_RECORD.md "Match record and answer"): reading it,
locating a deal's errors, rejecting deals after the end (K10), ``next`` (K1.3).

The deal scorer is replaced by one that answers from the test's own figures, so these
tests exercise the match layer alone; end-to-end tests with real deals live in
``test_match_end_to_end.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from rules_engine.errors import InvalidRecord, Reason, RuleBroken
from rules_engine.klammern.match import next_turn, parse_match, score_match_with

Answer = dict[str, Any]
SEEN: list[Mapping[str, Any]] = []


def fake_score_deal(record: Mapping[str, Any]) -> Answer:
    """Answers with the figures the test put in the deal record under ``fake``."""
    SEEN.append(record)
    if "raise" in record:
        raise InvalidRecord("points.value must be a whole number, not 'x'")
    if "broken" in record:
        raise RuleBroken(Reason("K6.3", "x", "broken {n}", {"n": 1}))
    return dict(record["fake"])


def small(index: int, side: int, points: int = 1, forehand: int = 1) -> dict[str, Any]:
    """A valid small/big deal won by the playing side ``side``."""
    small_points = [points if s == side else 0 for s in (1, 2)]
    return {
        "forehand": forehand,
        "fake": {
            "valid": True,
            "errors": [],
            "forehand": forehand,
            "declarer_side": side,
            "winner_sides": [side],
            "durchmarsch": None,
            "small_points": small_points,
        },
    }


def invalid(rule: str = "K10", message: str = "card points 163 are impossible") -> dict[str, Any]:
    reason = {"rule": rule, "message": message, "code": "impossible_total", "field": "points", "params": {}}
    return {"fake": {"valid": False, "errors": [reason]}}


def match(deals: list[dict[str, Any]], **fields: Any) -> Answer:
    return score_match_with({"game": "klammern", **fields, "deals": deals}, fake_score_deal)


def test_empty_match_defaults() -> None:
    answer = match([])
    assert answer["valid"] is True and answer["errors"] == []
    assert answer["scores"] == {"small": [0, 0], "big": [0, 0]}
    assert answer["finished"] is False and answer["winner"] is None
    assert answer["kalte"] == [] and answer["laube"] == [] and answer["must_play"] is None
    assert answer["next"] is None
    assert answer["deals"] == [] and answer["running"] == []


def test_each_deal_gets_the_match_level_fields() -> None:
    SEEN.clear()
    match([small(0, 1)], players=4, format="small_big", options={"jappa_total": True})
    assert SEEN[-1]["game"] == "klammern"
    assert SEEN[-1]["players"] == 4
    assert SEEN[-1]["format"] == "small_big"
    assert SEEN[-1]["options"] == {"jappa_total": True}


def test_small_big_answer_fields() -> None:
    answer = match([small(i, 1, forehand=i % 4 + 1) for i in range(4)])
    assert answer["scores"] == {"small": [4, 0], "big": [0, 0]}
    assert answer["laube"] == [1] and answer["must_play"] == 2
    assert answer["running"][0] == {"small": [1, 0], "big": [0, 0]}
    assert len(answer["deals"]) == 4
    # Deal 3 had forehand 4: seat 4 deals next, seat 1 leads (K1.3).
    assert answer["next"] == {"dealer": 4, "forehand": 1}


def test_a_kalte_is_listed_by_deal_index() -> None:
    answer = match([small(0, 2), small(1, 2, points=2), small(2, 2, points=2)])
    assert answer["scores"] == {"small": [0, 0], "big": [0, 2]}
    assert answer["kalte"] == [2]


@pytest.mark.parametrize(
    ("forehand", "players", "expected"),
    [
        (1, 4, {"dealer": 1, "forehand": 2}),
        (4, 4, {"dealer": 4, "forehand": 1}),
        (3, 3, {"dealer": 3, "forehand": 1}),
        (2, 2, {"dealer": 2, "forehand": 1}),
        (1, 2, {"dealer": 1, "forehand": 2}),
    ],
)
def test_next_dealer_and_forehand(forehand: int, players: int, expected: dict[str, int]) -> None:
    assert next_turn(forehand, players) == expected


def test_finished_match_has_a_winner_and_no_next() -> None:
    answer = match([small(i, 1) for i in range(5)], target_big=2)
    assert answer["finished"] is True and answer["winner"] == 1
    assert "next" not in answer


def test_deal_after_the_end_is_a_rule_break_naming_it() -> None:
    answer = match([small(i, 1) for i in range(7)], target_big=2)
    assert answer["valid"] is False
    assert answer["scores"] is None and answer["winner"] is None and answer["finished"] is None
    assert [(e["rule"], e["deal"], e["code"]) for e in answer["errors"]] == [("K7.6", 5, "deal_after_end")]
    assert len(answer["deals"]) == 7


def test_an_invalid_deal_makes_the_match_invalid_and_is_located() -> None:
    answer = match([small(0, 1), invalid(), small(2, 1)])
    assert answer["valid"] is False
    assert answer["scores"] is None
    assert answer["errors"] == [
        {
            "rule": "K10",
            "message": "card points 163 are impossible",
            "code": "impossible_total",
            "deal": 1,
            "field": "points",
            "params": {},
        }
    ]
    assert answer["deals"][1]["valid"] is False and answer["deals"][2]["valid"] is True


def test_every_invalid_deal_is_reported_in_order() -> None:
    answer = match([invalid("K5.1"), small(1, 1), invalid("K4.2")])
    assert [(e["rule"], e["deal"]) for e in answer["errors"]] == [("K5.1", 0), ("K4.2", 2)]


def test_an_extra_deal_and_a_broken_deal_are_both_reported() -> None:
    deals = [*(small(i, 1) for i in range(5)), small(5, 2), invalid("K5.1")]
    answer = match(deals, target_big=2)
    assert [(e["rule"], e["deal"]) for e in answer["errors"]] == [("K7.6", 5), ("K5.1", 6)]


def test_a_raised_rule_break_is_still_an_answer() -> None:
    answer = match([{"broken": True}])
    assert answer["valid"] is False
    assert answer["errors"][0]["rule"] == "K6.3" and answer["errors"][0]["deal"] == 0


def test_a_malformed_deal_names_its_index() -> None:
    with pytest.raises(InvalidRecord, match=r"deals\[1\]: points.value"):
        match([small(0, 1), {"raise": True}])


def test_liga_answer_and_durchmarsch() -> None:
    def liga(augen: list[int], winner: int, march: dict[str, Any] | None = None) -> dict[str, Any]:
        return {
            "fake": {
                "valid": True,
                "errors": [],
                "forehand": 1,
                "declarer_side": winner,
                "winner_sides": [winner],
                "durchmarsch": march,
                "augen": augen,
            }
        }

    answer = match([liga([20, 10], 1)], format="liga")
    assert answer["scores"] == [20, 10]
    assert answer["durchmarsch"] is None
    assert answer["next"] == {"dealer": 1, "forehand": 2}
    answer = match(
        [liga([20, 10], 1), liga([0, 0], 1, {"seat": 1, "side": 1, "all_tricks": False})], format="liga"
    )
    assert answer["finished"] is True and answer["winner"] == 2
    assert answer["durchmarsch"] == {"deal": 1, "side": 1, "succeeded": False}
    answer = match([liga([30, 10], 1), liga([30, 10], 1)], format="liga", target=61)
    assert answer["finished"] is False and answer["scores"] == [60, 20]


def test_hamburg_answer_has_dice_faces() -> None:
    deal = {
        "fake": {
            "valid": True,
            "errors": [],
            "forehand": 1,
            "declarer_side": 1,
            "winner_sides": [1],
            "durchmarsch": None,
            "dice": [2, 0],
        }
    }
    answer = match([deal], format="hamburg", players=2)
    assert answer["scores"] == [2, 0]
    assert answer["dice_faces"] == [2, 6]


# Malformed match records (exit 2)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ([], "must be a JSON object"),
        ({"game": "klammern", "deals": [], "teams": ["A", "B"]}, "unknown field 'teams'"),
        ({"game": "schieber", "deals": []}, "game"),
        ({"game": "klammern"}, "deals is missing"),
        ({"game": "klammern", "deals": {}}, "deals must be a JSON list"),
        ({"game": "klammern", "deals": [3]}, r"deals\[0\] must be a JSON object"),
        ({"game": "klammern", "players": 5, "deals": []}, "players must be at most 4"),
        ({"game": "klammern", "players": "4", "deals": []}, "players must be a whole number"),
        ({"game": "klammern", "format": "jass", "deals": []}, "format: unknown value 'jass'"),
        ({"game": "klammern", "target": 51, "deals": []}, "target belongs to the 'liga' format"),
        ({"game": "klammern", "format": "hamburg", "target": 51, "deals": []}, "target belongs"),
        ({"game": "klammern", "format": "liga", "target_big": 3, "deals": []}, "target_big belongs"),
        ({"game": "klammern", "format": "liga", "target": 0, "deals": []}, "target must be at least 1"),
        ({"game": "klammern", "format": "liga", "target": 5.5, "deals": []}, "target must be a whole number"),
        ({"game": "klammern", "target_big": True, "deals": []}, "target_big must be a whole number"),
        ({"game": "klammern", "options": {"trumpf": 1}, "deals": []}, "unknown klammern option 'trumpf'"),
        ({"game": "klammern", "options": [], "deals": []}, "options must be a JSON object"),
        ({"game": "klammern", "profile": "official", "deals": []}, "profile"),
        (
            {"game": "klammern", "format": "liga", "deals": [{"format": "hamburg"}]},
            r"deals\[0\].format is 'hamburg' but the match gives 'liga'",
        ),
    ],
)
def test_malformed_match_records(record: Any, message: str) -> None:
    with pytest.raises(InvalidRecord, match=message):
        score_match_with(record, fake_score_deal)


def test_a_deal_repeating_the_match_values_is_accepted() -> None:
    deal = {**small(0, 1), "players": 4, "format": "small_big", "game": "klammern"}
    assert match([deal])["valid"] is True


def test_targets_are_read() -> None:
    _format, setup, _options, _records = parse_match({"format": "liga", "target": 101, "deals": []})
    assert setup.target == 101
    _format, setup, _options, _records = parse_match({"format": "liga", "deals": []})
    assert setup.target == 51  # K8.2 default
    _format, setup, _options, _records = parse_match({"target_big": 7, "deals": []})
    assert setup.target_big == 7
    _format, setup, _options, _records = parse_match({"target_big": None, "deals": []})
    assert setup.target_big is None
