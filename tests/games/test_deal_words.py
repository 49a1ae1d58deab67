"""Each game says its own deals in words (its match part's ``words``): a corrected deal's
history and an undo's message read as players say the deal, whatever the game."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from scorer.matches.describe import deal_line

NAMES = ["Anna", "Beat", "Cla", "Dora"]

CASES: list[tuple[dict[str, Any], dict[str, Any], list[str]]] = [
    (
        {"game": "schieber", "deck": "french", "names": NAMES},
        {"contract": "H", "pushed": True, "points": {"team": 1, "value": 98}, "stoeck": 3},
        ["Hearts (pushed)", "Anna & Cla 98", "Stöck: Cla"],
    ),
    (
        {"game": "schieber", "deck": "french", "names": NAMES},
        {"contract": "S", "points": {"team": 2, "match": True}, "weis_values": {"1": [50, 20]}},
        ["Spades", "Beat & Dora Match", "Anna & Cla: Weis 50 + 20"],
    ),
    (
        {"game": "klammern", "players": 2, "names": ["Anna", "Beat"]},
        {"trump": "S", "declarer": 2, "points": {"sides": [100, 62]}, "meld_values": {"2": [20]}},
        ["Spades (Beat)", "Anna 100", "Beat 62", "Beat: Melds 20"],
    ),
    (
        {"game": "differenzler", "names": NAMES},
        {"trump": "C"},
        ["Schellen"],  # its deck is the Swiss one
    ),
]


@pytest.mark.parametrize(("settings", "record", "said"), CASES)
def test_a_deal_in_words_names_what_its_game_records(
    app: Flask, settings: dict[str, Any], record: dict[str, Any], said: list[str]
) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert deal_line(record, settings) == ", ".join(said)


def test_a_record_the_app_did_not_write_is_said_as_nothing(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert deal_line({"contract": "H", "weis_values": {"x": [1]}}, {"game": "schieber"}) == ""
        assert deal_line({"contract": "H"}, {"game": "no such game"}) == ""
