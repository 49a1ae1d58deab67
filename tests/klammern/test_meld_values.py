"""Klammern melds given by value only (``meld_values``, docs/DEAL_RECORD_ADDITIONS.md): what the
engine still checks from values — K5.3 (a single meld is worth 20 or 50), K5.1 (a side's melds
fit its hands of eight cards, a card in one sequence), K5.2 (a Fifty beats a Terz; equal best
values need the players' word), K6.2 (melds raise the Beet), K1.4 (2 and 3 players: every
seat its own side)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import InvalidRecord, score_deal
from rules_engine.klammern.meld_values import possible_values


def deal(**fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "klammern",
        "players": 4,
        "forehand": 1,
        "trump": "H",
        "declarer": 1,
        "points": {"team": 1, "value": 80},
    }
    record.update(fields)
    return record


def rules(answer: Any) -> list[tuple[str, str]]:
    return [(e["rule"], e["code"]) for e in answer["errors"]]


def test_a_single_meld_is_worth_a_terz_or_a_fifty_k5_3() -> None:
    assert possible_values() == (20, 50)
    answer = score_deal(deal(meld_values={"2": [30]}))
    assert not answer["valid"]
    assert rules(answer) == [("K5.3", "meld_value_impossible")]
    assert answer["errors"][0]["field"] == "meld_values.2"
    # 100 is two Fifties together, not one meld
    assert rules(score_deal(deal(meld_values={"1": [100]}))) == [("K5.3", "meld_value_impossible")]


def test_a_fifty_beats_a_terz_and_its_side_scores_all_its_melds_k5_2_k5_3() -> None:
    answer = score_deal(deal(meld_values={"1": [20], "2": [50, 20]}))
    assert answer["valid"], answer["errors"]
    assert answer["melds"] == [0, 70]
    assert answer["meld_winner"] == 2


def test_a_meld_raises_the_beet_and_can_win_the_deal_k6_2() -> None:
    # 80 of 164 card points loses (Beet 82, K6.3); with a Fifty the Beet is 107 and 130 wins.
    assert score_deal(deal())["declarer_wins"] is False
    answer = score_deal(deal(meld_values={"1": [50]}))
    assert answer["valid"], answer["errors"]
    assert answer["beet"] == 107
    assert answer["side_points"] == [130, 84]
    assert answer["declarer_wins"] is True


def test_the_k5_3_example_by_value_needs_the_players_word_on_the_tie() -> None:
    # A 9-10-J, C two Terzen (team 1: 20 20 20); B 7-8-9, D Q-K-A (team 2: 20 20).
    values = {"1": [20, 20, 20], "2": [20, 20]}
    missing = score_deal(deal(meld_values=values))
    assert rules(missing) == [("K5.2", "meld_best_missing")]
    assert missing["errors"][0]["field"] == "meld_best"
    # D's Q-K-A is best: B and D score 40.
    assert score_deal(deal(meld_values=values, meld_best=2))["melds"] == [0, 40]
    # Without D's Terz A's beats C's: A and C score 60.
    assert score_deal(deal(meld_values={"1": [20, 20, 20], "2": [20]}, meld_best=1))["melds"] == [60, 0]


def test_meld_best_must_name_a_side_in_the_tie_and_is_ignored_where_values_decide() -> None:
    three = {"game": "klammern", "players": 3, "trump": "S", "declarer": 1, "points": {"sides": [60, 30, 20]}}
    answer = score_deal({**three, "meld_values": {"1": [20], "2": [20]}, "meld_best": 3})
    assert rules(answer) == [("K5.2", "meld_best_not_tied")]
    assert score_deal(deal(meld_values={"1": [50], "2": [20]}, meld_best=2))["melds"] == [50, 0]


def test_a_sides_melds_must_fit_its_hands_of_eight_cards_k5_1() -> None:
    # Four players: two hands of eight; a Fifty takes four cards, a Terz three.
    assert score_deal(deal(meld_values={"1": [50, 20, 50, 20]}))["valid"]
    assert score_deal(deal(meld_values={"1": [50, 50, 50, 20]}))["valid"]  # 4 + 4 and 4 + 3
    assert score_deal(deal(meld_values={"1": [50, 50, 50, 50]}))["valid"]  # two runs of 4 a hand
    too_many = score_deal(deal(meld_values={"1": [50, 50, 50, 50, 20]}))
    assert rules(too_many) == [("K5.1", "meld_values_too_many")]
    assert too_many["errors"][0]["field"] == "meld_values.1"
    assert rules(score_deal(deal(meld_values={"2": [20] * 5}))) == [("K5.1", "meld_values_too_many")]


@pytest.mark.parametrize(
    ("players", "sides"), [(2, [90, 40]), (3, [60, 30, 20])], ids=["two players", "three players"]
)
def test_with_two_or_three_players_each_seat_is_a_side_with_one_hand_k1_4(
    players: int, sides: list[int]
) -> None:
    record = {"game": "klammern", "players": players, "trump": "C", "declarer": 1, "points": {"sides": sides}}
    answer = score_deal({**record, "meld_values": {"2": [50, 20]}})
    assert answer["valid"], answer["errors"]
    assert answer["melds"] == [0, 70, 0][:players]
    assert answer["meld_winner"] == 2
    # one hand of eight cards: a Fifty and a Terz fit (7), two Fifties (8), not 50 + 50 + 20
    assert score_deal({**record, "meld_values": {"1": [50, 50]}})["valid"]
    refused = score_deal({**record, "meld_values": {"1": [50, 50, 20]}})
    assert rules(refused) == [("K5.1", "meld_values_too_many")]


def test_melds_by_cards_and_by_value_are_not_both_given_and_sides_are_the_tables() -> None:
    with pytest.raises(InvalidRecord, match="not both"):
        score_deal(deal(melds={"1": [["H7", "H8", "H9"]]}, meld_values={"1": [20]}))
    with pytest.raises(InvalidRecord, match="not a side"):
        score_deal(deal(meld_values={"3": [20]}))
    with pytest.raises(InvalidRecord, match="not a meld value"):
        score_deal(deal(meld_values={"1": ["20"]}))
