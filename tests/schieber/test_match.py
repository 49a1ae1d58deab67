"""A Schieber match (S1.2, S1.3, S2.3, S7): running totals, endings, Schneider, who is next."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import InvalidRecord, score_match

# The hand-worked deal of test_deal.py: Obenabe ×3, forehand 1; team 1 takes tricks 1-5
# (84 raw, 252 after trick 5), team 2 tricks 6-9 (73 raw, 219).
TRICKS = [
    ["HA", "H6", "D6", "C6"],
    ["HK", "H7", "D7", "C7"],
    ["HQ", "H8", "D8", "C8"],
    ["HJ", "H9", "D9", "C9"],
    ["HT", "ST", "DT", "CT"],
    ["S9", "SJ", "DJ", "CJ"],
    ["SA", "DQ", "CQ", "S8"],
    ["SK", "DK", "CK", "S7"],
    ["SQ", "DA", "CA", "S6"],
]


def pts(team: int, value: int, contract: str = "H", forehand: int = 1, **more: Any) -> dict[str, Any]:
    return {"forehand": forehand, "contract": contract, "points": {"team": team, "value": value}, **more}


def match(deals: list[dict[str, Any]], target: int | None = 200, **more: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"game": "schieber", "deals": deals, **more}
    if target is not None:
        record["target"] = target
    return record


def rules(answer: dict[str, Any]) -> list[tuple[str, str, int | None]]:
    return [(e["rule"], e["code"], e.get("deal")) for e in answer["errors"]]


# Two deals in Rosen (×1), team 2 90 each: 67 : 90, then 134 : 180.
OPENING = [pts(2, 90), pts(2, 90, forehand=2)]


def test_running_totals_and_next_dealer() -> None:
    answer = score_match(match(OPENING))
    assert answer["valid"]
    assert answer["scores"] == [134, 180]
    assert [d["scores_after"] for d in answer["deals"]] == [[67, 90], [134, 180]]
    assert answer["finished"] is False and answer["winner"] is None
    # S2.3 reading: last forehand 2 deals next, seat 3 leads.
    assert answer["next"] == {"dealer": 2, "forehand": 3}
    assert "schneider" not in answer
    assert answer["points_needed"] == [66, 20]


def test_next_after_forehand_4_wraps_to_seat_1() -> None:
    assert score_match(match([pts(1, 80, forehand=4)]))["next"] == {"dealer": 4, "forehand": 1}


def test_a_match_without_deals() -> None:
    answer = score_match(match([], target=None))
    assert (answer["valid"], answer["scores"], answer["finished"], answer["next"]) == (
        True,
        [0, 0],
        False,
        None,
    )
    assert answer["target"] == 3000


def test_default_targets_by_profile() -> None:
    assert score_match(match([], target=None, profile="official"))["target"] == 2500
    assert score_match(match([], target=1000))["target"] == 1000


def test_ends_on_stoeck_only_that_stoeck_counts() -> None:
    # Team 2 at 180: its Stöck (20) reaches 200 before team 1's four Unders (200) or any trick point.
    last = pts(1, 100, stoeck=2, weis={"1": [["HJ", "SJ", "DJ", "CJ"]]})
    answer = score_match(match(OPENING + [last]))
    assert answer["valid"], answer["errors"]
    assert (answer["finished"], answer["winner"]) == (True, 2)
    assert answer["scores"] == [134, 200]
    assert answer["deals"][2]["counted"] == [0, 20]
    assert answer["deals"][2]["ended_on"] == "stoeck"
    assert answer["schneider"] is False  # 134 is not under 100
    assert "next" not in answer


def test_ends_on_weis_stoeck_and_weis_count() -> None:
    # Team 1's Stöck (20) first: 154; then team 2's Weis (20): 200. Trick points do not count.
    last = pts(1, 157, stoeck=1, weis={"2": [["S6", "S7", "S8"]]})
    answer = score_match(match(OPENING + [last]))
    assert answer["valid"], answer["errors"]
    assert (answer["winner"], answer["scores"]) == (2, [154, 200])
    assert answer["deals"][2]["ended_on"] == "weis"


def test_ends_on_trick_points_everything_counts() -> None:
    last = pts(1, 37)  # 134 + 37 = 171 : 180 + 120 = 300
    answer = score_match(match(OPENING + [last]))
    assert (answer["winner"], answer["scores"]) == (2, [171, 300])
    assert answer["deals"][2]["counted"] == [37, 120]
    assert answer["deals"][2]["ended_on"] == "trick_points"


def test_match_bonus_counts_in_full() -> None:
    answer = score_match(match(OPENING + [pts(2, 0, contract="S") | {"points": {"team": 2, "match": True}}]))
    assert (answer["winner"], answer["scores"]) == (2, [134, 180 + 514])


def test_both_cross_by_trick_points_needs_reached_first() -> None:
    # 134 + 80 = 214 and 180 + 77 = 257: both cross by trick points only.
    answer = score_match(match(OPENING + [pts(1, 80)]))
    assert not answer["valid"]
    assert rules(answer) == [("S7.3", "reached_first_missing", 2)]
    assert answer["scores"] is None and answer["finished"] is None


@pytest.mark.parametrize("first", [1, 2])
def test_reached_first_decides(first: int) -> None:
    answer = score_match(match(OPENING + [pts(1, 80, reached_first=first)]))
    assert answer["valid"]
    assert (answer["winner"], answer["scores"]) == (first, [214, 257])


def test_reached_first_given_where_not_needed_is_ignored() -> None:
    answer = score_match(match(OPENING + [pts(1, 37, reached_first=1)]))
    assert answer["valid"] and answer["winner"] == 2
    not_crossing = score_match(match([pts(1, 80, reached_first=2)]))
    assert not_crossing["valid"] and not_crossing["finished"] is False


def test_weis_beats_trick_points_when_both_would_cross() -> None:
    # Team 2 (180) would cross by its 97 trick points, but team 1's four Unders (134 + 200)
    # cross first in the S7.2 order: trick points are not counted.
    last = pts(2, 97, weis={"1": [["HJ", "SJ", "DJ", "CJ"]]})
    answer = score_match(match(OPENING + [last]))
    assert (answer["winner"], answer["scores"], answer["deals"][2]["ended_on"]) == (1, [334, 180], "weis")


def test_deals_after_the_deciding_deal_are_rejected() -> None:
    answer = score_match(match(OPENING + [pts(1, 37), pts(1, 100), pts(2, 100)]))
    assert not answer["valid"]
    assert rules(answer) == [("S7.1", "deal_after_end", 3)]
    assert answer["errors"][0]["params"]["decided"] == 2
    assert answer["deals"][3]["counted"] is None


def test_an_invalid_deal_makes_the_match_invalid_and_names_it() -> None:
    answer = score_match(match([pts(1, 100), pts(1, 156), pts(1, 100)]))
    assert rules(answer) == [("S8", "impossible_total", 1)]
    assert answer["deals"][0]["scores_after"] == [100, 57]
    assert answer["deals"][1]["valid"] is False and answer["deals"][2]["scores_after"] is None
    assert answer["scores"] is None


@pytest.mark.parametrize(("loser_points", "schneider"), [(57, True), (99, True), (100, False)])
def test_schneider_under_half_the_target(loser_points: int, schneider: bool) -> None:
    # Team 1: 157 - loser_points + 157 >= 200; team 2 ends with loser_points.
    answer = score_match(match([pts(2, 0), pts(2, loser_points)]))
    assert answer["winner"] == 1 and answer["scores"][1] == loser_points
    assert answer["schneider"] is schneider


def test_schneider_with_the_default_target() -> None:
    # 3000: Undenufe Matches (257 × 4 = 1028 each) end it at the third; team 2 has 0.
    deals = [{"forehand": 1, "contract": "undenufe", "points": {"team": 1, "match": True}}] * 3
    answer = score_match({"game": "schieber", "deals": deals})
    assert (answer["winner"], answer["scores"], answer["schneider"]) == (1, [3084, 0], True)


# ----------------------------------------------------------------- S7.3 checked against the tricks


def trick_deal(**more: Any) -> dict[str, Any]:
    return {"forehand": 1, "contract": "obenabe", "tricks": TRICKS, **more}


def test_reached_first_checked_against_the_tricks() -> None:
    # Target 200 from 0 : 0: team 1 reaches it after trick 5, team 2 only after trick 9.
    assert score_match(match([trick_deal(reached_first=1)]))["winner"] == 1
    wrong = score_match(match([trick_deal(reached_first=2)]))
    assert rules(wrong) == [("S7.3", "reached_first_wrong", 0)]
    assert wrong["errors"][0]["params"] == {"claim": 2, "by_tricks": 1, "target": 200, "trick": 5}
    missing = score_match(match([trick_deal()]))
    assert rules(missing) == [("S7.3", "reached_first_missing", 0)]
    assert missing["errors"][0]["params"]["by_tricks"] == 1


# ----------------------------------------------------------------- malformed match records


@pytest.mark.parametrize(
    "record",
    [
        {"game": "schieber"},
        {"game": "schieber", "deals": {}},
        {"game": "schieber", "deals": [], "target": 0},
        {"game": "schieber", "deals": [], "target": "3000"},
        {"game": "schieber", "deals": [], "colour": 1},
        {"game": "schieber", "deals": [pts(1, 100) | {"profile": "seed"}]},
        {"game": "schieber", "deals": [pts(1, 100) | {"options": {}}]},
        {"game": "schieber", "deals": [pts(1, 100, reached_first=0)]},
        {"game": "schieber", "deals": [42]},
    ],
)
def test_malformed_match_records(record: dict[str, Any]) -> None:
    with pytest.raises(InvalidRecord):
        score_match(record)


def test_match_options_apply_to_every_deal() -> None:
    answer = score_match(match([pts(1, 100, contract="obenabe")], options={"factors": {"obenabe": 1}}))
    assert answer["scores"] == [100, 57]


def test_null_target_is_the_default_and_null_deals_are_malformed() -> None:
    assert score_match({"game": "schieber", "target": None, "deals": []})["target"] == 3000
    with pytest.raises(InvalidRecord, match="deals"):
        score_match({"game": "schieber", "deals": None})
