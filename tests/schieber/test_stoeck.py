"""Stöck (S6.6, S6.7): trump König and Ober, 20 × factor, independent of Weis."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import InvalidRecord, score_deal
from rules_engine.cards import parse_cards
from rules_engine.schieber.contracts import Contract
from rules_engine.schieber.stoeck import check_stoeck, stoeck_cards
from rules_engine.seats import Seat


def deal(**fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "schieber",
        "forehand": 1,
        "contract": "H",
        "points": {"team": 1, "value": 100},
    }
    record.update(fields)
    return record


def rules(answer: dict[str, Any]) -> list[tuple[str, str]]:
    return [(e["rule"], e["code"]) for e in answer["errors"]]


@pytest.mark.parametrize(("contract", "factor"), [("H", 1), ("D", 1), ("S", 2), ("C", 2)])
def test_stoeck_is_20_times_the_factor(contract: str, factor: int) -> None:
    answer = score_deal(deal(contract=contract, stoeck=4))
    assert answer["valid"]
    assert answer["stoeck"] == [0, 20 * factor]
    assert answer["total"] == [100 * factor, (57 + 20) * factor]


@pytest.mark.parametrize("contract", ["obenabe", "undenufe"])
def test_no_stoeck_without_trump(contract: str) -> None:
    answer = score_deal(deal(contract=contract, stoeck=1))
    assert not answer["valid"]
    assert rules(answer) == [("S6.6", "stoeck_without_trump")]
    assert answer["stoeck"] is None and answer["total"] is None


def test_stoeck_counts_whether_or_not_the_team_won_the_weis() -> None:
    # Team 1 holds Stöck, team 2 the only Weis.
    answer = score_deal(deal(stoeck=3, weis={"2": [["S6", "S7", "S8"]]}))
    assert answer["valid"]
    assert (answer["stoeck"], answer["weis"], answer["weis_winner"]) == ([20, 0], [0, 20], 2)
    assert answer["total"] == [120, 77]


def test_stoeck_cards_may_also_be_in_the_holders_own_weis() -> None:
    answer = score_deal(deal(stoeck=1, weis={"1": [["HQ", "HK", "HA"]]}))
    assert answer["valid"]
    assert answer["total"] == [100 + 20 + 20, 57]


def test_another_players_weis_with_the_trump_koenig_contradicts_stoeck() -> None:
    answer = score_deal(deal(stoeck=1, weis={"2": [["HJ", "HQ", "HK"]]}))
    assert not answer["valid"]
    assert rules(answer) == [("S6.6", "stoeck_card_in_other_weis")]
    assert answer["errors"][0]["params"]["cards"] == "HK HQ"
    # Even the partner's Weis: one card, one hand.
    partner = score_deal(deal(stoeck=1, weis={"3": [["HT", "HJ", "HQ"]]}))
    assert rules(partner) == [("S6.6", "stoeck_card_in_other_weis")]


def test_stoeck_against_the_dealt_hands() -> None:
    hands = {
        "1": "HA HK HQ HJ HT H9 H8 H7 H6".split(),
        "2": "SA SK SQ SJ ST S9 S8 S7 S6".split(),
        "3": "DA DK DQ DJ DT D9 D8 D7 D6".split(),
        "4": "CA CK CQ CJ CT C9 C8 C7 C6".split(),
    }
    assert score_deal(deal(stoeck=1, hands=hands))["valid"]
    answer = score_deal(deal(stoeck=2, hands=hands))
    assert rules(answer) == [("S6.6", "stoeck_not_held")]


def test_stoeck_when_only_other_hands_are_known() -> None:
    reasons = check_stoeck(Contract.parse("S"), Seat(1), {}, {Seat(2): parse_cards(["SK", "H6"])})
    assert [(r.rule, r.code) for r in reasons] == [("S6.6", "stoeck_card_dealt_elsewhere")]


def test_stoeck_for_two_players_cannot_be_written() -> None:
    # The record names one seat (S8 "Stöck for two players" is structural).
    with pytest.raises(InvalidRecord):
        score_deal(deal(stoeck=[1, 3]))
    with pytest.raises(InvalidRecord):
        score_deal(deal(stoeck=5))


def test_stoeck_cards() -> None:
    assert [str(c) for c in stoeck_cards(Contract.parse("C"))] == ["CK", "CQ"]
    assert stoeck_cards(Contract.parse("obenabe")) == ()


def test_stoeck_checked_against_the_played_cards() -> None:
    # Seat 1 leads every heart (trump) and takes all nine tricks: it held HK and HQ.
    tricks = [[f"H{r}", f"S{r}", f"D{r}", f"C{r}"] for r in "J9AKQT876"]
    record = {"game": "schieber", "forehand": 1, "contract": "H", "tricks": tricks}
    assert score_deal(record | {"stoeck": 1})["stoeck"] == [20, 0]
    answer = score_deal(record | {"stoeck": 2})
    assert rules(answer) == [("S6.6", "stoeck_not_held")]
