"""D8 rejects 157 points with fewer than all tricks; a deal can give them (another player's trick worth 0).
Option ``full_points`` (docs/DEAL_RECORD_ADDITIONS.md): ``all_tricks`` keeps D8's reading, ``zero_tricks``
admits such a deal."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import InvalidRecord, score_deal

HANDS = {
    "1": ["C6", "H7", "H8", "H9", "HT", "HJ", "HQ", "HK", "HA"],
    "2": ["C9", "H6", "CT", "CJ", "CQ", "CK", "CA", "D6", "D7"],
    "3": ["C7", "D8", "D9", "DT", "DJ", "DQ", "DK", "DA", "S6"],
    "4": ["C8", "S7", "S8", "S9", "ST", "SJ", "SQ", "SK", "SA"],
}
#: Seat 2 takes trick 1 (C6 C9 C7 C8: nothing in a Rosen deal), seat 1 every other trick.
TRICKS = [
    ["C6", "C9", "C7", "C8"],
    ["H6", "D8", "S7", "H7"],
    ["H8", "CT", "D9", "S8"],
    ["H9", "CJ", "DT", "S9"],
    ["HT", "CQ", "DJ", "ST"],
    ["HJ", "CK", "DQ", "SJ"],
    ["HQ", "CA", "DK", "SQ"],
    ["HK", "D6", "DA", "SK"],
    ["HA", "D7", "S6", "SA"],
]


def deal(**fields: Any) -> dict[str, Any]:
    return {"game": "differenzler", "forehand": 1, "trump": "H", "estimates": [157, 0, 0, 0], **fields}


def test_such_a_deal_is_played_card_by_card() -> None:
    """The cards themselves: seat 1 makes 157 points with eight tricks, seat 2 one trick worth 0."""
    answer = score_deal(deal(hands=HANDS, tricks=TRICKS))
    assert answer["valid"], answer["errors"]
    assert answer["made"] == [157, 0, 0, 0]
    assert answer["score"] == [-10, 0, 0, 0]


def test_d8_reading_rejects_it_when_given_as_points() -> None:
    answer = score_deal(deal(points=[157, 0, 0, 0], tricks_won=[8, 1, 0, 0]))
    assert not answer["valid"]
    assert [(e["rule"], e["code"]) for e in answer["errors"]] == [("D8", "157_without_all_tricks")]


def test_zero_tricks_admits_it() -> None:
    answer = score_deal(
        deal(points=[157, 0, 0, 0], tricks_won=[8, 1, 0, 0], options={"full_points": "zero_tricks"})
    )
    assert answer["valid"], answer["errors"]
    assert answer["score"] == [-10, 0, 0, 0]
    # All tricks with other than 157 is still impossible.
    answer = score_deal(
        deal(points=[150, 7, 0, 0], tricks_won=[9, 0, 0, 0], options={"full_points": "zero_tricks"})
    )
    assert not answer["valid"]


def test_an_unknown_value_is_malformed() -> None:
    with pytest.raises(InvalidRecord):
        score_deal(deal(points=[157, 0, 0, 0], options={"full_points": "some"}))
