"""Weis given by value only (``weis_values``, docs/DEAL_RECORD_ADDITIONS.md): what the engine
still checks from values — S6.1/S6.2 (a single Weis's value), S2.2/S6.3 (what two hands of
nine cards hold), S6.5 (only the team with the best Weis scores), S6.7 (the factor), T2.1."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import InvalidRecord, score_deal
from rules_engine.schieber.contracts import schieber_options
from rules_engine.schieber.weis_values import possible_values


def deal(**fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "schieber",
        "forehand": 1,
        "contract": "H",
        "points": {"team": 1, "value": 98},
    }
    record.update(fields)
    return record


def rules(answer: Any) -> list[tuple[str, str]]:
    return [(e["rule"], e["code"]) for e in answer["errors"]]


def test_possible_values_follow_s6_1_and_s6_2_per_profile() -> None:
    # seed: runs 20/50/100 (S6.1, flat), fours 100 and four Under 200 (S6.2).
    assert possible_values(schieber_options("seed")) == (20, 50, 100, 200)
    # official: graded runs up to 300, four 9s 150, four low cards 100.
    assert possible_values(schieber_options("official")) == (20, 50, 100, 150, 200, 250, 300)


def test_the_team_with_the_higher_best_weis_scores_all_its_weis_s6_5() -> None:
    answer = score_deal(deal(weis_values={"1": [50, 20], "2": [20]}))
    assert answer["valid"], answer["errors"]
    assert answer["weis"] == [70, 0]
    assert answer["weis_winner"] == 1
    assert answer["total"] == [98 + 70, 59]


def test_value_weis_is_multiplied_by_the_factor_s6_7() -> None:
    answer = score_deal(deal(contract="S", weis_values={"2": [100]}))
    assert answer["weis"] == [0, 200]
    assert answer["weis_winner"] == 2


def test_equal_best_values_need_weis_best_s6_5() -> None:
    answer = score_deal(deal(weis_values={"1": [50], "2": [50, 20]}))
    assert rules(answer) == [("S6.5", "weis_best_missing")]
    assert answer["errors"][0]["field"] == "weis_best"
    decided = score_deal(deal(weis_values={"1": [50], "2": [50, 20]}, weis_best=2))
    assert decided["valid"] and decided["weis"] == [0, 70]


def test_weis_best_is_ignored_when_the_values_decide() -> None:
    answer = score_deal(deal(weis_values={"1": [100], "2": [50]}, weis_best=2))
    assert answer["weis"] == [100, 0]


@pytest.mark.parametrize("value", [30, 40, 150, 7])
def test_a_value_no_single_weis_has_is_a_false_claim_s8(value: int) -> None:
    answer = score_deal(deal(weis_values={"1": [value]}))
    assert rules(answer) == [("S8", "weis_value_impossible")]
    assert answer["errors"][0]["params"]["value"] == value


def test_official_profile_allows_graded_runs_and_four_nines() -> None:
    answer = score_deal(deal(profile="official", weis_values={"1": [150, 300]}))
    assert answer["valid"], answer["errors"]
    assert answer["weis"] == [450, 0]


def test_four_under_is_the_only_200_in_seed_so_twice_is_impossible_s6_2() -> None:
    assert rules(score_deal(deal(weis_values={"1": [200, 200]}))) == [("S6.3", "weis_values_too_many")]


def test_two_hands_hold_at_most_six_dreiblatt_s2_2_s6_3() -> None:
    assert score_deal(deal(weis_values={"1": [20] * 6}))["valid"]
    assert rules(score_deal(deal(weis_values={"1": [20] * 7}))) == [("S6.3", "weis_values_too_many")]


def test_a_hand_holds_a_run_of_five_and_a_four_only_together_with_its_partner_s6_3() -> None:
    # 100 + 100 + 100 + 100: four fours of A/K/Q/T, two per hand (8 cards each) — possible.
    assert score_deal(deal(weis_values={"1": [100] * 4}))["valid"]
    # A fifth 100 needs five more cards (a run) or a fifth rank of fours: impossible.
    assert rules(score_deal(deal(weis_values={"1": [100] * 5}))) == [("S6.3", "weis_values_too_many")]


def test_kreuzweis_lets_a_run_share_cards_with_a_four() -> None:
    # Without kreuzweis two hands cannot hold 200 + 100 + 100 + 100 + 50 (4+4+4+4+4 = 20 cards).
    values = {"1": [200, 100, 100, 100, 50]}
    assert rules(score_deal(deal(weis_values=values))) == [("S6.3", "weis_values_too_many")]
    assert score_deal(deal(options={"kreuzweis": True}, weis_values=values))["valid"]


def test_no_weis_under_the_tournament_profile_t2_1() -> None:
    answer = score_deal(deal(profile="tournament", weis_values={"1": [20]}))
    assert rules(answer) == [("T2.1", "weis_values_not_counted")]


def test_cards_and_values_together_are_not_a_record() -> None:
    with pytest.raises(InvalidRecord, match="not both"):
        score_deal(deal(weis={"1": [["H6", "H7", "H8"]]}, weis_values={"2": [20]}))


@pytest.mark.parametrize("bad", [{"3": [20]}, {"1": 20}, {"1": ["20"]}, {"1": [0]}, [20]])
def test_malformed_weis_values_are_invalid_records(bad: Any) -> None:
    with pytest.raises(InvalidRecord):
        score_deal(deal(weis_values=bad))


def test_empty_values_are_no_weis() -> None:
    answer = score_deal(deal(weis_values={"1": [], "2": []}))
    assert answer["valid"] and answer["weis"] == [0, 0] and answer["weis_winner"] is None


def test_a_match_scores_value_weis_deal_by_deal() -> None:
    from rules_engine import score_match

    record = {
        "game": "schieber",
        "target": 3000,
        "deals": [
            {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 100}, "weis_values": {"2": [50]}},
        ],
    }
    answer = score_match(record)
    assert answer["valid"], answer["errors"]
    assert answer["scores"] == [100, 57 + 50]
