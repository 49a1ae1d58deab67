"""The typed answers (each game's ``answers`` module) describe the real ones: every key an answer has
is declared in its type, and every key its type requires is there — for valid and invalid
deals, every match format, and legal-card positions. mypy checks the keys' use; this checks
that the types keep up with what the engine answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from rules_engine import ReasonJSON, legal_cards, score_deal, score_match
from rules_engine.klammern.answers import KlammernDealAnswer, KlammernLegalAnswer, KlammernMatchAnswer
from rules_engine.schieber.answers import SchieberDealAnswer, SchieberLegalAnswer, SchieberMatchAnswer


def assert_fits(answer: Mapping[str, Any], typed: Any) -> None:
    declared = typed.__required_keys__ | typed.__optional_keys__
    assert set(answer) <= declared, f"undeclared keys {set(answer) - declared} in {typed.__name__}"
    assert typed.__required_keys__ <= set(answer), f"missing {typed.__required_keys__ - set(answer)}"
    for reason in answer.get("errors") or ():
        assert_fits(reason, ReasonJSON)


SCHIEBER = {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}, "stoeck": 3}
TRICKS = [
    ["HJ", "H9", "HA", "HK"],
    ["HQ", "HT", "H8", "H7"],
    ["H6", "C6", "C7", "C8"],
    ["CA", "CK", "CQ", "CJ"],
    ["CT", "C9", "D6", "D7"],
    ["DA", "DK", "DQ", "DJ"],
    ["DT", "D9", "D8", "S6"],
    ["SA", "SK", "SQ", "SJ"],
    ["ST", "S9", "S8", "S7"],
]
KLAMMERN = {"forehand": 1, "trump": "S", "declarer": 1, "points": {"team": 1, "value": 90}}


@pytest.mark.parametrize(
    "record",
    [
        SCHIEBER,
        {**SCHIEBER, "contract": "obenabe"},  # S6.6: invalid, null figures
        {"forehand": 1, "contract": "H", "tricks": TRICKS},
        {"forehand": 1, "contract": "H", "tricks": [*TRICKS[:8], ["ST", "S9", "S8", "SA"]]},
        {**SCHIEBER, "weis": {"1": [["H6", "H7", "H8"]], "2": [["C9", "CT", "CJ"]]}},
    ],
)
def test_schieber_deal_answers(record: dict[str, Any]) -> None:
    assert_fits(score_deal({"game": "schieber", **record}), SchieberDealAnswer)


@pytest.mark.parametrize(
    "deals",
    [[], [SCHIEBER], [SCHIEBER] * 9, [SCHIEBER] * 40, [SCHIEBER, {**SCHIEBER, "contract": "undenufe"}]],
)
def test_schieber_match_answers(deals: list[dict[str, Any]]) -> None:
    answer = score_match({"game": "schieber", "target": 1000, "deals": deals})
    assert_fits(answer, SchieberMatchAnswer)
    for deal in answer["deals"]:
        assert_fits(deal, SchieberDealAnswer)


@pytest.mark.parametrize(
    "record",
    [
        KLAMMERN,
        {**KLAMMERN, "re": True},  # K5.6: invalid
        {**KLAMMERN, "format": "liga"},
        {**KLAMMERN, "format": "hamburg"},
        {**KLAMMERN, "points": None, "revoke": {"seat": 2, "points": [40, 20]}},
        {**KLAMMERN, "format": "liga", "durchmarsch": 1, "points": {"team": 1, "all_tricks": True}},
    ],
)
def test_klammern_deal_answers(record: dict[str, Any]) -> None:
    assert_fits(score_deal({"game": "klammern", **record}), KlammernDealAnswer)


@pytest.mark.parametrize("format_", ["small_big", "liga", "hamburg"])
@pytest.mark.parametrize("count", [0, 1, 3, 6])
def test_klammern_match_answers(format_: str, count: int) -> None:
    answer = score_match({"game": "klammern", "format": format_, "deals": [KLAMMERN] * count})
    assert_fits(answer, KlammernMatchAnswer)
    for deal in answer["deals"]:
        assert_fits(deal, KlammernDealAnswer)


def test_legal_card_answers() -> None:
    for position in (
        {"game": "schieber", "contract": "H", "hand": ["H6", "C6", "CA"], "trick": ["CK", "H9"]},
        {"game": "schieber", "contract": "H", "hand": ["h6", "C6", "CA"], "trick": ["CK", "H9"]},
    ):
        answer = legal_cards(position)
        assert_fits(answer, SchieberLegalAnswer)
        for reason in answer["illegal"].values():
            assert_fits(reason, ReasonJSON)
    answer = legal_cards(
        {"game": "klammern", "trump": "S", "hand": ["S7", "SA", "H9"], "trick": ["C8", "SK"]}
    )
    assert_fits(answer, KlammernLegalAnswer)
    for reason in answer["illegal"].values():
        assert_fits(reason, ReasonJSON)
