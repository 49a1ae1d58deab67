"""K5: Terz and Fifty, comparison, team scoring, Bella; K10 meld conflicts."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import score_deal
from rules_engine.cards import parse_cards
from rules_engine.errors import Reason
from rules_engine.klammern.melds import Meld, read_meld
from rules_engine.seats import Seat


def deal(**fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "klammern",
        "players": 4,
        "format": "small_big",
        "forehand": 1,
        "trump": "C",
        "declarer": 1,
        "how": "orgi",
        "points": {"team": 1, "value": 100},
    }
    record.update(fields)
    return record


def rules(answer: dict[str, Any]) -> set[str]:
    assert answer["valid"] is False
    return {e["rule"] for e in answer["errors"]}


def meld(*codes: str) -> Meld | Reason:
    return read_meld(Seat(1), parse_cards(codes))


@pytest.mark.parametrize(
    ("codes", "points", "top"),
    [
        (("H9", "HT", "HJ"), 20, "HJ"),
        (("HJ", "H9", "HT"), 20, "HJ"),  # given in any order
        (("SQ", "SK", "SA"), 20, "SA"),
        (("C7", "C8", "C9"), 20, "C9"),
        (("D7", "D8", "D9", "DT"), 50, "DT"),
        (("D9", "DT", "DJ", "DQ", "DK"), 50, "DK"),  # a longer run is still a Fifty
    ],
)
def test_terz_and_fifty_in_natural_order_k5_1(codes: tuple[str, ...], points: int, top: str) -> None:
    result = meld(*codes)
    assert isinstance(result, Meld)
    assert result.points == points and str(result.top) == top


@pytest.mark.parametrize(
    ("codes", "code"),
    [
        (("H9", "HT"), "meld_too_short"),
        (("H9", "HT", "SJ"), "meld_mixed_suits"),
        (("H9", "HJ", "HQ"), "meld_not_consecutive"),
        (("HK", "HA", "H7"), "meld_not_consecutive"),  # no wrap-around A-7
        (("H7", "H8", "H8"), "meld_not_consecutive"),
    ],
)
def test_not_a_meld_k5_1(codes: tuple[str, ...], code: str) -> None:
    result = meld(*codes)
    assert isinstance(result, Reason) and result.rule == "K5.1" and result.code == code


# K5.3's example: A has 9-10-J, B has 7-8-9, C has two Terzen (8-9-10 in two suits), D has
# Q-K-A; seats A=1, B=2, C=3, D=4, forehand A, trump clubs.
A = [["H9", "HT", "HJ"]]
B = [["C7", "C8", "C9"]]
C = [["S8", "S9", "ST"], ["D8", "D9", "DT"]]
D = [["DQ", "DK", "DA"]]


def test_k5_3_example_with_d() -> None:
    answer = score_deal(deal(melds={"1": A, "2": B, "3": C, "4": D}))
    assert answer["valid"], answer
    # D's Q-K-A is best: B and D score their two Terzen.
    assert answer["meld_winner"] == 2
    assert answer["melds"] == [0, 40]


def test_k5_3_example_without_d() -> None:
    answer = score_deal(deal(melds={"1": A, "2": B, "3": C}))
    # A's J-high beats C's 10-high Terzen: A and C score three Terzen.
    assert answer["meld_winner"] == 1
    assert answer["melds"] == [60, 0]


def test_fifty_beats_a_higher_terz_k5_2() -> None:
    answer = score_deal(deal(melds={"1": [["H7", "H8", "H9", "HT"]], "2": [["SQ", "SK", "SA"]]}))
    assert answer["meld_winner"] == 1 and answer["melds"] == [50, 0]


def test_higher_top_card_wins_k5_2() -> None:
    answer = score_deal(deal(melds={"1": [["HJ", "HQ", "HK"]], "2": [["SQ", "SK", "SA"]]}))
    assert answer["meld_winner"] == 2 and answer["melds"] == [0, 20]


def test_equal_top_the_trump_meld_wins_k5_2() -> None:
    # Seat 1 declares first, but seat 2's equal Terz is in trumps.
    answer = score_deal(deal(trump="S", melds={"1": [["H9", "HT", "HJ"]], "2": [["S9", "ST", "SJ"]]}))
    assert answer["meld_winner"] == 2


def test_equal_top_first_declared_wins_k5_2() -> None:
    # Forehand 3: play order 3, 4, 1, 2 -- seat 4 declares before seat 1.
    melds = {"1": [["S9", "ST", "SJ"]], "4": [["D9", "DT", "DJ"]]}
    answer = score_deal(deal(forehand=3, trump="C", melds=melds))
    assert answer["meld_winner"] == 2
    answer = score_deal(deal(forehand=1, trump="C", melds=melds))
    assert answer["meld_winner"] == 1


def test_equal_top_suit_rank_option_k5_2() -> None:
    # Clubs > spades > hearts > diamonds, whoever declared first.
    melds = {"1": [["D9", "DT", "DJ"]], "2": [["H9", "HT", "HJ"]]}
    answer = score_deal(deal(trump="S", melds=melds, options={"meld_tiebreak": "suit_rank"}))
    assert answer["meld_winner"] == 2
    melds = {"2": [["D9", "DT", "DJ"]], "3": [["C9", "CT", "CJ"]]}
    answer = score_deal(deal(trump="S", melds=melds, options={"meld_tiebreak": "suit_rank"}))
    assert answer["meld_winner"] == 1
    # The trump step stays above the suit rank: diamonds trump beats clubs.
    answer = score_deal(deal(trump="D", melds=melds, options={"meld_tiebreak": "suit_rank"}))
    assert answer["meld_winner"] == 2


def test_winning_team_scores_every_meld_of_both_partners_k5_3() -> None:
    melds = {
        "1": [["HQ", "HK", "HA"], ["C7", "C8", "C9", "CT"]],
        "3": [["S7", "S8", "S9"]],
        "2": [["D7", "D8", "D9"]],
    }
    answer = score_deal(deal(trump="H", melds=melds))
    assert answer["melds"] == [20 + 50 + 20, 0]


def test_card_in_two_melds_of_one_player_k5_1() -> None:
    answer = score_deal(deal(melds={"1": [["H7", "H8", "H9"], ["H9", "HT", "HJ"]]}))
    assert "K5.1" in rules(answer)


def test_same_card_in_two_hands_k10() -> None:
    answer = score_deal(deal(melds={"1": [["H7", "H8", "H9"]], "2": [["H9", "HT", "HJ"]]}))
    assert "K10" in rules(answer)


def test_more_melded_cards_than_a_hand_holds_k10() -> None:
    melds = {"1": [["H7", "H8", "H9"], ["S7", "S8", "S9"], ["D7", "D8", "D9"]]}
    answer = score_deal(deal(melds=melds))
    assert any(e["code"] == "hand_size" for e in answer["errors"])


def test_a_six_in_a_meld_is_malformed() -> None:
    from rules_engine.errors import InvalidRecord

    with pytest.raises(InvalidRecord, match="6"):
        score_deal(deal(melds={"1": [["H6", "H7", "H8"]]}))


# -- Bella K5.5 ------------------------------------------------------------------------------


def test_bella_scores_whatever_the_meld_comparison_k5_5() -> None:
    answer = score_deal(deal(trump="H", bella=1, melds={"2": [["S7", "S8", "S9"]]}))
    assert answer["bella"] == [20, 0]
    assert answer["melds"] == [0, 20]


def test_bella_cards_may_be_in_the_holders_own_sequence_k5_5() -> None:
    answer = score_deal(deal(trump="H", bella=4, melds={"4": [["HQ", "HK", "HA"]]}))
    assert answer["valid"] and answer["bella"] == [0, 20] and answer["melds"] == [0, 20]


def test_bella_holder_cannot_hold_a_card_melded_elsewhere_k5_5() -> None:
    answer = score_deal(deal(trump="H", bella=1, melds={"2": [["HQ", "HK", "HA"]]}))
    assert rules(answer) == {"K5.5"}


def test_bella_checked_against_the_hands() -> None:
    hands = {
        "1": ["HA", "HT", "HK", "HQ", "HJ", "H9", "H8", "H7"],
        "2": ["CA", "CT", "CK", "CQ", "CJ", "C9", "C8", "C7"],
        "3": ["DA", "DT", "DK", "DQ", "DJ", "D9", "D8", "D7"],
        "4": ["SA", "ST", "SK", "SQ", "SJ", "S9", "S8", "S7"],
    }
    assert score_deal(deal(trump="S", bella=4, hands=hands))["valid"]
    assert rules(score_deal(deal(trump="S", bella=2, hands=hands))) == {"K5.5"}
    assert rules(score_deal(deal(trump="S", melds={"2": [["SQ", "SK", "SA"]]}, hands=hands))) == {"K10"}


def test_beet_rises_by_half_of_each_meld_k6_2() -> None:
    answer = score_deal(deal(melds={"1": [["H7", "H8", "H9"]]}, bella=3, trump="S"))
    assert answer["beet"] == (164 + 20 + 20) / 2
    answer = score_deal(deal(melds={"2": [["H7", "H8", "H9", "HT"]]}))
    assert answer["beet"] == (164 + 50) / 2


def test_three_players_compare_melds_across_all_sides_k1_4() -> None:
    record = deal(
        players=3,
        points={"sides": [60, 50, 40]},
        melds={"1": [["H7", "H8", "H9"]], "2": [["S7", "S8", "S9", "ST"]], "3": [["DQ", "DK", "DA"]]},
    )
    answer = score_deal(record)
    assert answer["valid"], answer
    assert answer["meld_winner"] == 2 and answer["melds"] == [0, 50, 0]
