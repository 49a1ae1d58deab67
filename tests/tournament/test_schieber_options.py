"""SCHIEBER.md's option keys `weis`, `stoeck`, `match_value` and the `tournament` profile (TOURNAMENT.md T2)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import InvalidRecord, score_deal, score_match
from rules_engine.schieber.contracts import schieber_options


def deal(**fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "schieber",
        "forehand": 1,
        "contract": "H",
        "points": {"team": 1, "value": 98},
    }
    record.update(fields)
    return record


def test_seed_and_official_keep_weis_stoeck_and_the_257_match() -> None:
    for profile in ("seed", "official"):
        options = schieber_options(profile)
        assert (options.weis, options.stoeck, options.match_value) == (True, True, 257)
    answer = score_deal(deal(points={"team": 2, "match": True}))
    assert answer["total"] == [0, 257]


def test_the_tournament_profile() -> None:
    options = schieber_options("tournament")
    assert options.factors == {"H": 1, "D": 1, "S": 1, "C": 1, "obenabe": 1, "undenufe": 1}
    assert (options.undenufe_points, options.weis, options.stoeck, options.match_value) == (
        "six11",
        False,
        False,
        157,
    )
    answer = score_deal(deal(profile="tournament", contract="undenufe", points={"team": 1, "match": True}))
    assert answer["valid"] and answer["total"] == [157, 0] and answer["match_bonus"] == [0, 0]


@pytest.mark.parametrize("profile", ["seed", "official"])
def test_match_value_option_for_every_profile(profile: str) -> None:
    answer = score_deal(
        deal(profile=profile, options={"match_value": 207}, points={"team": 1, "match": True})
    )
    assert answer["raw"]["total"] == [207, 0]


def test_weis_and_stoeck_false_reject_claims_with_t2_1() -> None:
    weis = {"1": [["H6", "H7", "H8"]]}
    answer = score_deal(deal(options={"weis": False}, weis=weis))
    assert [(e["rule"], e["code"]) for e in answer["errors"]] == [("T2.1", "weis_not_counted")]
    answer = score_deal(deal(options={"stoeck": False}, stoeck=3))
    assert [(e["rule"], e["code"]) for e in answer["errors"]] == [("T2.1", "stoeck_not_counted")]
    # Empty Weis and no Stöck are allowed.
    assert score_deal(deal(profile="tournament", weis={}, stoeck=None))["valid"]
    # With them on, the tournament profile scores them (T2.1).
    answer = score_deal(
        deal(profile="tournament", options={"weis": True, "stoeck": True}, weis=weis, stoeck=3)
    )
    assert answer["valid"] and answer["weis"] == [20, 0] and answer["stoeck"] == [20, 0]


@pytest.mark.parametrize("value", [156, 100, True, "207"])
def test_match_value_below_157_is_malformed(value: object) -> None:
    with pytest.raises(InvalidRecord, match="match_value"):
        score_deal(deal(options={"match_value": value}))


def test_a_match_record_under_the_tournament_profile_names_its_target() -> None:
    with pytest.raises(InvalidRecord, match="target"):
        score_match({"game": "schieber", "profile": "tournament", "deals": []})
    game = {key: value for key, value in deal().items() if key != "game"}
    answer = score_match({"game": "schieber", "profile": "tournament", "target": 1000, "deals": [game]})
    assert answer["valid"] and answer["scores"] == [98, 59]
