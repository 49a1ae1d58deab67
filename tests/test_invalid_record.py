"""Malformed input says where, like a Reason: ``InvalidRecord.field`` and ``.deal`` (DEAL_RECORD.md).

No caller parses a location out of the message; the messages themselves stay as they were.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import InvalidNotation, InvalidRecord, legal_cards, score_deal, score_match


def schieber_deal(**fields: Any) -> dict[str, Any]:
    return {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}, **fields}


def klammern_deal(**fields: Any) -> dict[str, Any]:
    return {"trump": "S", "declarer": 1, "points": {"team": 1, "value": 90}, **fields}


def raised(call: Any, record: Any) -> InvalidRecord:
    with pytest.raises(InvalidRecord) as caught:
        call(record)
    return caught.value


@pytest.mark.parametrize(
    ("record", "field", "words"),
    [
        (
            {"game": "schieber", "forehand": 1, "contract": "H", "points": {"team": 1}},
            "points.value",
            "value",
        ),
        ({"game": "schieber", **schieber_deal(contract="spades")}, "contract", "unknown contract"),
        ({"game": "schieber", **schieber_deal(colour="red")}, "colour", "unknown field"),
        ({"game": "schieber", **schieber_deal(weis={"2": [["H6", "X7", "H8"]]})}, "weis.2[0]", "X7"),
        ({"game": "schieber", **schieber_deal(forehand=5)}, "forehand", "seat"),
        ({"game": "klammern", **klammern_deal(hands={"1": ["S6"]})}, "hands.1", "not a card of the klammern"),
        ({"game": "klammern", "trump": "S", "points": {"team": 1, "value": 90}}, "declarer", "declarer"),
        ({"game": "klammern", **klammern_deal(options={"revoke": "never"})}, "options.revoke", "never"),
        ({"game": "chess"}, "game", "unknown game"),
    ],
)
def test_a_malformed_deal_names_its_field(record: dict[str, Any], field: str, words: str) -> None:
    error = raised(score_deal, record)
    assert (error.field, error.deal) == (field, None)
    assert words in str(error)


def test_a_malformed_schieber_match_deal_names_the_deal_and_field() -> None:
    record = {"game": "schieber", "deals": [schieber_deal(), schieber_deal(points={"team": 3, "value": 80})]}
    error = raised(score_match, record)
    assert (error.field, error.deal) == ("points.team", 1)
    assert str(error).startswith("deals[1].points.team")


def test_a_card_code_without_its_path_still_gets_the_deal() -> None:
    record = {"game": "schieber", "deals": [schieber_deal(), schieber_deal(), schieber_deal(contract="XX")]}
    error = raised(score_match, record)
    assert isinstance(error, InvalidNotation)
    assert (error.field, error.deal) == ("contract", 2)


def test_a_malformed_klammern_match_deal_names_the_deal_and_field() -> None:
    record = {"game": "klammern", "deals": [klammern_deal(), klammern_deal(), klammern_deal(trump="X")]}
    error = raised(score_match, record)
    assert (error.field, error.deal) == ("trump", 2)
    assert str(error).startswith("match.deals[2]: deal.trump")


def test_a_klammern_match_field_is_the_match_field() -> None:
    error = raised(score_match, {"game": "klammern", "format": "hamburg", "target": 7, "deals": []})
    assert (error.field, error.deal) == ("target", None)
    error = raised(
        score_match, {"game": "klammern", "players": 3, "deals": [{**klammern_deal(), "players": 4}]}
    )
    assert (error.field, error.deal) == ("players", 0)


def test_a_malformed_position_names_its_field() -> None:
    error = raised(legal_cards, {"game": "schieber", "contract": "H", "hand": ["H6", "H6"]})
    assert error.field == "hand"
    error = raised(
        legal_cards, {"game": "klammern", "trump": "S", "hand": ["S7"], "trick": ["C7", "C8", "C9", "CT"]}
    )
    assert error.field == "trick"


def test_the_error_as_json() -> None:
    error = raised(score_match, {"game": "schieber", "deals": [schieber_deal(forehand=None)]})
    assert error.to_json() == {
        "message": "deals[0].forehand is missing (the seat that leads the first trick)",
        "deal": 0,
        "field": "forehand",
    }
    assert raised(score_deal, []).to_json() == {"message": "a record must be a JSON object, not list"}


COIFFEUR_DEAL = {
    "forehand": 1,
    "chooser": 2,
    "row": 5,
    "contract": "obenabe",
    "points": {"team": 2, "value": 112},
}
DIFFERENZLER_DEAL = {"forehand": 1, "trump": "C", "estimates": [40, 0, 65, 50], "points": [43, 0, 65, 49]}


def test_the_other_games_name_the_deal_and_field_too() -> None:
    bad = {**COIFFEUR_DEAL, "contract": {"type": "slalom"}}
    record = {"game": "coiffeur", "options": {"grid": "official8"}, "teams": 2, "deals": [COIFFEUR_DEAL, bad]}
    error = raised(score_match, record)
    assert (error.field, error.deal) == ("contract.start", 1)
    record = {
        "game": "differenzler",
        "options": {"form": "hidden"},
        "players": 4,
        "deals": [DIFFERENZLER_DEAL, {**DIFFERENZLER_DEAL, "trump": "Q"}],
    }
    error = raised(score_match, record)
    assert (error.field, error.deal) == ("trump", 1)
