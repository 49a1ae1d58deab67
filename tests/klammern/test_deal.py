"""K1.4, K3, K5.6, K6-K10: scoring one deal in each format, and what the engine rejects."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import score_deal
from rules_engine.errors import InvalidRecord
from rules_engine.klammern.deal import augen_of


def deal(**fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "klammern",
        "players": 4,
        "format": "small_big",
        "forehand": 1,
        "trump": "S",
        "declarer": 1,
        "how": "orgi",
        "kontra": False,
        "re": False,
        "melds": None,
        "bella": None,
        "points": {"team": 1, "value": 90},
        "revoke": None,
        "durchmarsch": None,
        "tricks": None,
    }
    record.update(fields)
    return record


def rules(answer: dict[str, Any]) -> set[str]:
    assert answer["valid"] is False
    assert set(answer) == {"valid", "errors"}  # nothing half-applied
    return {e["rule"] for e in answer["errors"]}


def test_deal_record_example() -> None:
    record = deal(melds={"1": [["S9", "ST", "SJ"]], "4": [["HQ", "HK", "HA"]]}, bella=3)
    answer = score_deal(record)
    # Seat 4's A-high Terz beats seat 1's J-high one: team 2 scores 20; Bella 20 to team 1.
    assert answer["valid"] and answer["errors"] == []
    assert answer["card_points"] == [90, 74]
    assert answer["melds"] == [0, 20] and answer["meld_winner"] == 2
    assert answer["bella"] == [20, 0]
    assert answer["beet"] == 102  # (164 + 20 + 20) / 2
    assert answer["declarer_wins"] is True  # 110 > 102
    assert answer["small_points"] == [1, 0]
    assert answer["winner_side"] == 1 and answer["winner_sides"] == [1]
    assert answer["declarer_side"] == 1 and answer["forehand"] == 1
    assert "augen" not in answer and "dice" not in answer


def test_deal_record_example_in_liga() -> None:
    record = deal(format="liga", melds={"1": [["S9", "ST", "SJ"]], "4": [["HQ", "HK", "HA"]]}, bella=3)
    # 110 -> 11, 94 -> 9 (K8.1)
    assert score_deal(record)["augen"] == [11, 9]


def test_other_team_points_are_the_complement() -> None:
    answer = score_deal(deal(points={"team": 2, "value": 100}))
    assert answer["card_points"] == [64, 100]
    answer = score_deal(deal(points={"team": 2, "value": 100}, options={"jappa_total": True}))
    assert answer["card_points"] == [62, 100] and answer["total"] == 162


# -- K6: the Beet and "strictly more" ----------------------------------------------------


def test_tie_at_82_loses_k6_3() -> None:
    answer = score_deal(deal(points={"team": 1, "value": 82}))
    assert answer["beet"] == 82
    assert answer["declarer_wins"] is False
    assert answer["small_points"] == [0, 2]
    assert answer["winner_sides"] == [2]


def test_83_wins_k6_3() -> None:
    answer = score_deal(deal(points={"team": 1, "value": 83}))
    assert answer["declarer_wins"] is True and answer["small_points"] == [1, 0]


def test_tie_with_jappa_total_is_81() -> None:
    answer = score_deal(deal(points={"team": 1, "value": 81}, options={"jappa_total": True}))
    assert answer["beet"] == 81 and answer["declarer_wins"] is False


def test_melds_raise_the_beet_k6_2() -> None:
    # Team 1's Terz: Beet (164 + 20) / 2 = 92; 72 + 20 = 92 is a tie and loses.
    melds = {"1": [["H7", "H8", "H9"]]}
    assert score_deal(deal(points={"team": 1, "value": 72}, melds=melds))["declarer_wins"] is False
    assert score_deal(deal(points={"team": 1, "value": 73}, melds=melds))["declarer_wins"] is True


def test_defenders_meld_can_beat_the_playing_team_k6_1() -> None:
    # 90 card points, but the defenders' Fifty: 90 vs 74 + 50 = 124; Beet 107.
    answer = score_deal(deal(melds={"2": [["H7", "H8", "H9", "HT"]]}))
    assert answer["beet"] == 107 and answer["declarer_wins"] is False
    assert answer["side_points"] == [90, 124]


def test_second_seat_declarer_plays_for_team_2() -> None:
    answer = score_deal(deal(declarer=4, points={"team": 1, "value": 90}))
    assert answer["declarer_side"] == 2 and answer["declarer_wins"] is False
    assert answer["small_points"] == [2, 0]


# -- K7 small points and K5.6 Kontra / Re ---------------------------------------------------


@pytest.mark.parametrize(
    ("kontra", "re", "value", "small"),
    [
        (False, False, 90, [1, 0]),
        (True, False, 90, [2, 0]),
        (True, True, 90, [4, 0]),
        (False, False, 80, [0, 2]),
        (True, False, 80, [0, 4]),
        (True, True, 80, [0, 8]),
    ],
)
def test_small_points_k7_1_k7_2(kontra: bool, re: bool, value: int, small: list[int]) -> None:
    answer = score_deal(deal(kontra=kontra, re=re, points={"team": 1, "value": value}))
    assert answer["small_points"] == small


def test_re_without_kontra_k5_6() -> None:
    assert rules(score_deal(deal(re=True))) == {"K5.6"}


# -- K3 trump making -----------------------------------------------------------------------


def test_besser_must_be_clubs_k3_3() -> None:
    assert rules(score_deal(deal(how="besser", trump="H"))) == {"K3.3"}
    assert score_deal(deal(how="besser", trump="C"))["valid"]
    assert score_deal(deal(how="kleines", trump="H"))["valid"]


# -- K8 Liga --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "augen"), [(50, 5), (54, 5), (55, 6), (64, 6), (110, 11), (115, 12), (0, 0), (4, 0), (5, 1)]
)
def test_augen_rounding_table_k8_1(points: int, augen: int) -> None:
    assert augen_of(points) == augen


def test_liga_won_deal_each_side_rounds_its_own_points_k8_3() -> None:
    answer = score_deal(deal(format="liga", points={"team": 1, "value": 95}))
    assert answer["augen"] == [10, 7]  # 95 -> 9.5 -> 10; 69 -> 6.9 -> 7


def test_liga_kontra_multiplies_rounded_augen_k8_3() -> None:
    assert score_deal(deal(format="liga", kontra=True, points={"team": 1, "value": 95}))["augen"] == [20, 14]
    assert score_deal(deal(format="liga", kontra=True, re=True, points={"team": 1, "value": 95}))[
        "augen"
    ] == [40, 28]


def test_liga_lost_deal_defenders_take_all_points_k8_3() -> None:
    answer = score_deal(deal(format="liga", points={"team": 1, "value": 80}))
    assert answer["augen"] == [0, 16]  # 164 -> 16
    answer = score_deal(
        deal(format="liga", points={"team": 1, "value": 80}, melds={"2": [["H7", "H8", "H9"]]})
    )
    assert answer["augen"] == [0, 18]  # 184 -> 18
    assert answer["credited"] == [0, 184]


def test_liga_lost_deal_jappa_total() -> None:
    answer = score_deal(deal(format="liga", points={"team": 1, "value": 80}, options={"jappa_total": True}))
    assert answer["augen"] == [0, 16]  # 162 -> 16


def test_durchmarsch_success_and_failure_k8_4() -> None:
    record = deal(format="liga", declarer=1, durchmarsch=3, points={"team": 1, "all_tricks": True})
    answer = score_deal(record)
    assert answer["valid"], answer
    assert answer["durchmarsch"] == {"seat": 3, "side": 1, "all_tricks": True}
    assert answer["augen"] == [0, 0]  # a march adds no Augen
    assert answer["winner_sides"] == [1]
    failed = score_deal(deal(format="liga", durchmarsch=3, points={"team": 1, "all_tricks": False}))
    assert failed["durchmarsch"]["all_tricks"] is False and failed["winner_sides"] == [2]


def test_durchmarsch_outside_liga_k8_4() -> None:
    answer = score_deal(deal(format="small_big", durchmarsch=1, points={"team": 1, "all_tricks": True}))
    assert "K8.4" in rules(answer)


def test_durchmarsch_of_the_wrong_side_k8_4() -> None:
    answer = score_deal(deal(format="liga", durchmarsch=2, points={"team": 1, "all_tricks": True}))
    assert rules(answer) == {"K8.4"}


# -- K9 Hamburg dice --------------------------------------------------------------------------


def test_ben_and_sue_k9() -> None:
    # Ben (seat 1) wins an Orgi he played: 2; Sue (seat 2) wins a little one she played: 1.
    ben = score_deal(deal(format="hamburg", players=2, declarer=1, how="orgi", points={"sides": [90, 40]}))
    assert ben["dice"] == [2, 0]
    sue = score_deal(
        deal(format="hamburg", players=2, declarer=2, how="kleines", trump="H", points={"sides": [30, 90]})
    )
    assert sue["dice"] == [0, 1]


@pytest.mark.parametrize(
    ("how", "trump", "value", "kontra", "dice"),
    [
        ("orgi", "S", 90, False, [2, 0]),
        ("orgi", "S", 80, False, [0, 4]),
        ("kleines", "S", 90, False, [1, 0]),
        ("besser", "C", 80, False, [0, 2]),
        ("orgi", "S", 80, True, [0, 8]),
        ("kleines", "S", 90, True, [2, 0]),
    ],
)
def test_dice_k9_2(how: str, trump: str, value: int, kontra: bool, dice: list[int]) -> None:
    record = deal(format="hamburg", how=how, trump=trump, kontra=kontra, points={"team": 1, "value": value})
    assert score_deal(record)["dice"] == dice


def test_dice_each_opponent_scores_when_alone_k9_2() -> None:
    answer = score_deal(deal(format="hamburg", players=3, declarer=2, points={"sides": [60, 50, 40]}))
    # 50 of 150 + melds: Beet 75, lost: each opponent scores 4.
    assert answer["dice"] == [4, 0, 4]


# -- K1.4 two and three players -----------------------------------------------------------


def test_three_players_declarer_must_beat_all_opponents_together() -> None:
    answer = score_deal(deal(players=3, declarer=1, points={"sides": [80, 40, 30]}))
    assert answer["beet"] == 75 and answer["declarer_wins"] is True
    assert answer["small_points"] == [1, 0, 0]
    answer = score_deal(deal(players=3, declarer=1, points={"sides": [61, 50, 40]}))
    assert answer["beet"] == 75.5 and answer["declarer_wins"] is False
    assert answer["small_points"] == [0, 2, 2]


def test_three_players_liga_lost_declarer_scores_zero() -> None:
    answer = score_deal(deal(players=3, format="liga", declarer=1, points={"sides": [61, 50, 40]}))
    assert answer["augen"] == [0, 5, 4]


def test_two_players_kontra() -> None:
    answer = score_deal(deal(players=2, declarer=2, kontra=True, points={"sides": [70, 60]}))
    assert answer["small_points"] == [4, 0]


def test_two_players_points_must_be_possible() -> None:
    # Two players play 16 cards: at most the 16 best cards and the last trick.
    assert score_deal(deal(players=2, points={"sides": [120, 32]}))["valid"]
    assert "K1.4" in rules(score_deal(deal(players=2, points={"sides": [150, 40]})))
    assert "K10" in rules(score_deal(deal(players=2, points={"sides": [1, 40]})))


# -- K10: rejected totals -----------------------------------------------------------------------


@pytest.mark.parametrize("value", [1, 163])
def test_impossible_totals_k10(value: int) -> None:
    assert "K10" in rules(score_deal(deal(points={"team": 1, "value": value})))


def test_impossible_totals_jappa_total_k10() -> None:
    record = deal(points={"team": 2, "value": 161}, options={"jappa_total": True})
    assert "K10" in rules(score_deal(record))
    record = deal(points={"team": 2, "value": 163}, options={"jappa_total": True})
    assert not score_deal(record)["valid"]
    record = deal(points={"team": 2, "value": 163})
    assert not score_deal(record)["valid"]


@pytest.mark.parametrize("value", [165, -1, 400])
def test_points_out_of_range_k10(value: int) -> None:
    assert not score_deal(deal(points={"team": 1, "value": value}))["valid"]


def test_four_player_split_must_total_164() -> None:
    assert score_deal(deal(points={"sides": [100, 64]}))["card_points"] == [100, 64]
    assert "K2.4" in rules(score_deal(deal(points={"sides": [100, 60]})))
    assert "K2.5" in rules(score_deal(deal(points={"sides": [100, 64]}, options={"jappa_total": True})))


# -- malformed input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        {"how": "solo"},
        {"format": "league"},
        {"trump": "obenabe"},
        {"players": 5},
        {"declarer": 5},
        {"kontra": "yes"},
        {"points": {"team": 1, "value": "90"}},
        {"points": {"team": 3, "value": 90}},
        {"points": {"team": 1}},
        {"points": None},
        {"players": 3, "points": {"team": 1, "value": 90}},
        {"players": 3, "points": {"sides": [1, 2]}},
        {"bella": 0},
        {"melds": {"1": [["S6", "S7", "S8"]]}},
        {"melds": {"1": ["S7", "S8", "S9"]}},
        {"tricks": [["S7", "S8", "S9", "ST"]]},
        {"points": None, "tricks": [["S6", "S8", "S9", "ST"]]},
        {"points": None, "revoke": {"seat": 1, "points": [1]}},
        {"revoke": {"seat": 1, "points": [10, 10]}},
        {"colour": "red"},
        {"options": {"jappa_total": 1}},
        {"profile": "official"},
    ],
)
def test_malformed_records(changes: dict[str, Any]) -> None:
    with pytest.raises(InvalidRecord):
        score_deal(deal(**changes))


def test_another_game_is_not_a_klammern_deal() -> None:
    from rules_engine.klammern import score_deal as klammern_score_deal

    with pytest.raises(InvalidRecord, match="game"):
        klammern_score_deal(deal(game="schieber"))


def test_via_the_api_by_game_name() -> None:
    import rules_engine.api as api

    assert api.score_deal(deal())["valid"]


def test_three_players_points_against_the_hands_dealt() -> None:
    hands = {
        "1": ["HA", "HT", "HK", "HQ", "HJ", "H9", "H8", "H7"],  # 30
        "2": ["CA", "CT", "CK", "CQ", "CJ", "C9", "C8", "C7"],  # 30
        "3": ["SA", "ST", "SK", "SQ", "SJ", "S9", "S8", "S7"],  # 64 in trumps
    }
    # 124 card points in play and the last trick: 134.
    assert score_deal(deal(players=3, hands=hands, points={"sides": [60, 40, 34]}))["valid"]
    answer = score_deal(deal(players=3, hands=hands, points={"sides": [60, 40, 40]}))
    assert "K1.4" in rules(answer)


# -- trick winners ------------------------------------------------------------------------------
#
# Trump H. Every player holds two cards of each suit, and each suit is played out in two
# tricks, so every card follows suit. Plain order A T K Q J 9 8 7, trump order
# J 9 A T K Q 8 7 (K2.2, K2.3); the winner leads next (K4.1), the highest trump or else
# the highest card of the led suit takes the trick (K4.4).
WINNER_HANDS = {
    "1": ["C7", "CJ", "DA", "DJ", "S7", "SQ", "HJ", "H9"],
    "2": ["CA", "CK", "D9", "DQ", "S8", "ST", "H7", "HA"],
    "3": ["C8", "CT", "D7", "DK", "S9", "SK", "H8", "HT"],
    "4": ["C9", "CQ", "D8", "DT", "SA", "SJ", "HQ", "HK"],
}
WINNER_TRICKS = [
    ["C7", "CA", "C8", "C9"],  # seat 1 leads; CA (seat 2) takes it
    ["CK", "CT", "CQ", "CJ"],  # seat 2 leads; CT (seat 3): T above K
    ["D7", "D8", "DA", "D9"],  # seat 3 leads; DA (seat 1)
    ["DJ", "DQ", "DK", "DT"],  # seat 1 leads; DT (seat 4)
    ["SA", "S7", "S8", "S9"],  # seat 4 leads; SA (seat 4)
    ["SJ", "SQ", "ST", "SK"],  # seat 4 leads; ST (seat 2)
    ["H7", "H8", "HQ", "HJ"],  # seat 2 leads trump, each overtrumps (K4.3); HJ (seat 1)
    ["H9", "HA", "HT", "HK"],  # seat 1 leads H9; nobody holds a higher trump; seat 1
]


def test_trick_winners_of_a_replayed_deal() -> None:
    answer = score_deal(deal(trump="H", points=None, hands=WINNER_HANDS, tricks=WINNER_TRICKS))
    assert answer["valid"], answer["errors"]
    assert answer["trick_winners"] == [2, 3, 1, 4, 4, 2, 1, 1]


def test_trick_winners_stop_before_a_revoke() -> None:
    # Seat 2 holds clubs but throws D9 to the first trick (K4.2): the deal ends there.
    answer = score_deal(deal(trump="H", points=None, hands=WINNER_HANDS, tricks=[["C7", "D9"]]))
    assert answer["valid"], answer["errors"]
    assert answer["revoke"]["trick"] == 0
    assert answer["trick_winners"] == []
    # Seat 2 takes the first trick and leads CK; seat 3 still holds CT but plays D7.
    second = score_deal(
        deal(trump="H", points=None, hands=WINNER_HANDS, tricks=[WINNER_TRICKS[0], ["CK", "D7"]])
    )
    assert second["valid"], second["errors"]
    assert second["revoke"]["seat"] == 3 and second["revoke"]["trick"] == 1
    assert second["trick_winners"] == [2]


def test_no_trick_winners_without_tricks() -> None:
    assert "trick_winners" not in score_deal(deal())
