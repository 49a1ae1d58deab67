"""Screen 1, "Was that card allowed?", on the rule files' examples and the tricky cases."""

from __future__ import annotations

import pytest

from scorer.disputes.card import card_ruling
from scorer.games.ruling import Unreadable

pytestmark = pytest.mark.usefixtures("ctx")


def test_undertrump_with_other_cards_is_not_allowed() -> None:
    # DEAL_RECORD.md's position: H trump, CK led, H9 trumped; H6 would undertrump (S4.4).
    ruling = card_ruling("schieber", "H", ["H6", "C6", "CA"], ["CK", "H9"], "H6")
    assert ruling.ok is False
    assert ruling.rules[0] == "S4.4"
    assert sorted(ruling.data["legal"]) == ["C6", "CA"]
    assert any("CA" in line and "C6" in line for line in ruling.lines)


def test_undertrump_with_only_trumps_is_allowed() -> None:
    # S4.4: "unless your hand holds nothing but trumps".
    ruling = card_ruling("schieber", "H", ["H6", "H7"], ["CK", "H9"], "H6")
    assert ruling.ok is True
    assert ruling.rules[0] == "S4.4"


def test_bare_buur_may_be_held_back() -> None:
    # S4.5: trump led, the only trump is the Under: any card.
    ruling = card_ruling("schieber", "H", ["HJ", "C6", "CA"], ["H6"], "C6")
    assert ruling.ok is True
    assert ruling.rules == ["S4.5"]
    assert "Buur" in ruling.lines[0]


def test_buur_with_another_trump_must_follow() -> None:
    ruling = card_ruling("schieber", "H", ["HJ", "H7", "CA"], ["H6"], "CA")
    assert ruling.ok is False
    assert ruling.rules[0] == "S4.5"
    assert sorted(ruling.data["legal"]) == ["H7", "HJ"]


def test_trump_allowed_even_when_following_is_possible() -> None:
    ruling = card_ruling("schieber", "S", ["C7", "S6"], ["CK"], "S6")
    assert ruling.ok is True and ruling.rules == ["S4.3"]


def test_no_duty_to_trump() -> None:
    ruling = card_ruling("schieber", "S", ["D7", "S6"], ["CK"], "D7")
    assert ruling.ok is True and ruling.rules == ["S4.3"]


def test_obenabe_must_follow_suit() -> None:
    ruling = card_ruling("schieber", "obenabe", ["C7", "D6"], ["CK"], "D6")
    assert ruling.ok is False
    assert ruling.rules[0] == "S4.2"
    assert ruling.data["legal"] == ["C7"]


def test_played_card_joins_a_partial_hand() -> None:
    # Only part of the hand is known; the played card is certainly in it.
    ruling = card_ruling("schieber", "obenabe", ["C7"], ["CK"], "D6")
    assert ruling.ok is False and "D6" in ruling.data["hand"]


def test_leading_is_free() -> None:
    ruling = card_ruling("klammern", "S", ["S7", "HA"], [], "HA")
    assert ruling.ok is True and ruling.rules == ["K4.1"]


def test_klammern_overtrump_duty() -> None:
    # KLAMMERN.md K4.3 / the engine's doctest: C8 led, SK trumped; SA overtrumps, S7 would not.
    ruling = card_ruling("klammern", "S", ["S7", "SA", "H9"], ["C8", "SK"], "S7")
    assert ruling.ok is False
    assert ruling.rules[0] == "K4.3"
    assert ruling.data["legal"] == ["SA"]


def test_klammern_lower_trump_still_required() -> None:
    # K4.3 [reading]: cannot overtrump -> still a (lower) trump, not a discard.
    ruling = card_ruling("klammern", "S", ["S7", "H9"], ["C8", "SJ"], "H9")
    assert ruling.ok is False and ruling.rules[0] == "K4.3"
    assert ruling.data["legal"] == ["S7"]


def test_klammern_must_follow_suit() -> None:
    ruling = card_ruling("klammern", "S", ["C7", "SA"], ["C8"], "SA")
    assert ruling.ok is False and ruling.rules[0] == "K4.2"


def test_klammern_trump_lead_must_head() -> None:
    ruling = card_ruling("klammern", "S", ["S7", "SJ"], ["S9"], "S7")
    assert ruling.ok is False and ruling.rules[0] == "K4.3"
    assert ruling.data["legal"] == ["SJ"]


def test_unreadable_questions() -> None:
    with pytest.raises(Unreadable) as caught:
        card_ruling("schieber", "H", ["H6"], ["CK", "H9", "C6", "CA"], "H6")
    assert caught.value.field == "trick"
    with pytest.raises(Unreadable):
        card_ruling("klammern", "obenabe", ["H7"], [], "H7")
    with pytest.raises(Unreadable):
        card_ruling("schieber", "H", ["H6"], ["H6"], "H6")
