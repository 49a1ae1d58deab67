"""Screens 2 and 4: who takes the trick (S4.6, K4.4) and whether a count is possible (S8, K10)."""

from __future__ import annotations

import pytest

from rules_engine.schieber.contracts import Contract, schieber_options
from rules_engine.schieber.replay import card_points_table
from scorer.disputes.count import count_ruling
from scorer.disputes.trick import trick_ruling
from scorer.games.ruling import Unreadable

pytestmark = pytest.mark.usefixtures("ctx")


def test_highest_trump_wins() -> None:
    ruling = trick_ruling("schieber", "H", ["CK", "H9", "HA", "CA"], leader=2)
    # Trump order J 9 A K …: the Nell (9) beats the Ass.
    assert ruling.data["winner"] == "H9" and ruling.data["seat"] == 3
    assert ruling.rules == ["S4.6"]
    # 4 + 14 + 11 + 11
    assert ruling.data["points"] == 40


def test_undenufe_lowest_of_suit_led() -> None:
    ruling = trick_ruling("schieber", "undenufe", ["C9", "C6", "CA", "H6"])
    assert ruling.data["winner"] == "C6"
    # H6 is lower but not of the suit led.
    assert [r["role"] for r in ruling.data["rows"]][3].startswith("discards")


def test_obenabe_highest_of_suit_led() -> None:
    ruling = trick_ruling("schieber", "obenabe", ["C9", "HA", "CT", "C8"])
    assert ruling.data["winner"] == "CT"
    # Obenabe: 0 + 11 + 10 + 8 (every 8 is worth 8, S5.3)
    assert ruling.data["points"] == 29


def test_klammern_jappa_wins() -> None:
    ruling = trick_ruling("klammern", "D", ["DA", "D9", "DJ", "DT"])
    assert ruling.data["winner"] == "DJ" and ruling.rules == ["K4.4"]
    # 11 + 14 + 22 + 10 (K2.4: the trump J is 2 + 20)
    assert ruling.data["points"] == 57


def test_trick_size_is_checked() -> None:
    with pytest.raises(Unreadable):
        trick_ruling("schieber", "H", ["CK", "H9", "HA"])


@pytest.mark.parametrize("contract", ["H", "D", "S", "C", "obenabe", "undenufe"])
def test_156_is_impossible(contract: str) -> None:
    ruling = count_ruling("schieber", contract, 156)
    assert ruling.ok is False
    assert ruling.rules[0] == "S8"
    assert ruling.data["example"] is None


@pytest.mark.parametrize("contract", ["H", "obenabe", "undenufe"])
def test_1_is_impossible(contract: str) -> None:
    assert count_ruling("schieber", contract, 1).ok is False


@pytest.mark.parametrize("points", [0, 2, 57, 98, 155, 157])
def test_possible_counts_come_with_cards_that_make_them(points: int) -> None:
    ruling = count_ruling("schieber", "H", points)
    assert ruling.ok is True
    cards = ruling.data["example"]
    table = card_points_table(Contract("H"), schieber_options())
    from rules_engine.cards import Card

    card_sum = sum(table[Card.parse(c)] for c in cards)
    assert len(cards) % 4 == 0
    assert card_sum + (5 if ruling.data["last_trick"] else 0) == points
    assert ruling.data["other"] == 157 - points


def test_157_without_a_match_is_possible() -> None:
    ruling = count_ruling("schieber", "H", 157)
    assert ruling.ok is True and 0 < ruling.data["tricks"] < 9


def test_257_only_as_a_match() -> None:
    ruling = count_ruling("schieber", "H", 257)
    assert ruling.ok is True and ruling.rules == ["S5.5"]


def test_out_of_range() -> None:
    ruling = count_ruling("schieber", "H", 158)
    assert ruling.ok is False and ruling.rules[0] == "S8"


def test_klammern_counts() -> None:
    assert count_ruling("klammern", "S", 163).ok is False
    assert count_ruling("klammern", "S", 1).ok is False
    # K2.5 jappa_total: 162 a deal, 161 impossible.
    assert count_ruling("klammern", "S", 161, jappa_total=True).ok is False
    ruling = count_ruling("klammern", "S", 82)
    assert ruling.ok is True and ruling.data["other"] == 82
