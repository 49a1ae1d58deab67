"""Scoring one deal (S3.3, S5, S6, S8 and DEAL_RECORD.md): figures worked out by hand."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules_engine import InvalidRecord, score_deal

EXAMPLE: dict[str, Any] = {
    "game": "schieber",
    "profile": "seed",
    "options": {},
    "forehand": 1,
    "contract": "H",
    "pushed": False,
    "points": {"team": 1, "value": 98},
    "weis": {"1": [["H6", "H7", "H8"]], "2": [["C6", "C7", "C8"]]},
    "stoeck": 3,
    "hands": None,
    "tricks": None,
}

FIGURES = ("trick_points", "match_bonus", "weis", "weis_winner", "stoeck", "total")


def deal(**fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "schieber",
        "forehand": 1,
        "contract": "H",
        "points": {"team": 1, "value": 98},
    }
    record.update(fields)
    return record


def rules(answer: dict[str, Any]) -> list[tuple[str, str]]:
    return [(e["rule"], e["code"]) for e in answer["errors"]]


# ----------------------------------------------------------------- the DEAL_RECORD.md example


def test_deal_record_example() -> None:
    # 98 : 59; equal 20-point Dreiblatt with top 8 -> trump H decides (S6.5 step 4) -> team 1 20;
    # Stöck seat 3 -> team 1 20. 98 + 20 + 20 = 138 : 59.
    answer = score_deal(copy.deepcopy(EXAMPLE))
    expected = {
        "valid": True,
        "errors": [],
        "factor": 1,
        "trick_points": [98, 59],
        "match_bonus": [0, 0],
        "weis": [20, 0],
        "weis_winner": 1,
        "stoeck": [20, 0],
        "total": [138, 59],
    }
    assert {key: answer[key] for key in expected} == expected
    steps = answer["weis_comparison"]["steps"]
    assert [s["name"] for s in steps] == ["points", "cards", "rank", "trump"]
    assert answer["raw"]["total"] == [138, 59]


def test_the_same_deal_with_clubs_as_trump_goes_to_team_2() -> None:
    record = copy.deepcopy(EXAMPLE)
    record.update(contract="C", stoeck=None)  # C ×2; C6 C7 C8 is now the trump run
    answer = score_deal(record)
    assert answer["valid"]
    assert (answer["weis"], answer["weis_winner"]) == ([0, 40], 2)
    assert answer["total"] == [196, 118 + 40]


# ----------------------------------------------------------------- S3.3 factors


@pytest.mark.parametrize(
    ("contract", "factor"), [("H", 1), ("D", 1), ("S", 2), ("C", 2), ("obenabe", 3), ("undenufe", 4)]
)
def test_every_seed_factor_multiplies_every_figure(contract: str, factor: int) -> None:
    weis = {"2": [["S6", "S7", "S8", "S9"]]}
    answer = score_deal(deal(contract=contract, points={"team": 2, "value": 60}, weis=weis))
    assert answer["valid"], answer["errors"]
    assert answer["factor"] == factor
    assert answer["trick_points"] == [97 * factor, 60 * factor]
    assert answer["weis"] == [0, 50 * factor]
    assert answer["total"] == [97 * factor, 110 * factor]
    assert answer["raw"]["total"] == [97, 110]


def test_official_undenufe_factor_and_table_factors() -> None:
    official = score_deal(deal(profile="official", contract="undenufe"))
    assert official["factor"] == 3
    assert official["total"] == [294, 177]
    flat = score_deal(deal(contract="obenabe", options={"factors": {"obenabe": 1}}))
    assert (flat["factor"], flat["total"]) == (1, [98, 59])
    # A partial `factors` keeps the profile's other factors.
    assert score_deal(deal(contract="S", options={"factors": {"obenabe": 1}}))["factor"] == 2


# ----------------------------------------------------------------- S5.5 Match


@pytest.mark.parametrize(("contract", "factor"), [("H", 1), ("S", 2), ("obenabe", 3), ("undenufe", 4)])
def test_match_is_257_times_the_factor(contract: str, factor: int) -> None:
    answer = score_deal(deal(contract=contract, points={"team": 2, "match": True}))
    assert answer["valid"]
    assert answer["trick_points"] == [0, 157 * factor]
    assert answer["match_bonus"] == [0, 100 * factor]
    assert answer["total"] == [0, 257 * factor]
    assert answer["match_team"] == 2


def test_match_keeps_the_other_teams_weis_and_stoeck() -> None:
    answer = score_deal(deal(points={"team": 1, "match": True}, stoeck=2, weis={"4": [["S6", "S7", "S8"]]}))
    assert answer["valid"]
    assert answer["total"] == [257, 40]


# ----------------------------------------------------------------- S8 trick points


@pytest.mark.parametrize("value", [0, 157, 2, 155, 98])
def test_possible_trick_points(value: int) -> None:
    answer = score_deal(deal(points={"team": 2, "value": value}))
    assert answer["valid"]
    assert answer["trick_points"] == [157 - value, value]


@pytest.mark.parametrize("contract", ["H", "obenabe", "undenufe"])
@pytest.mark.parametrize("value", [1, 156])
def test_impossible_totals(contract: str, value: int) -> None:
    answer = score_deal(deal(contract=contract, points={"team": 1, "value": value}))
    assert rules(answer) == [("S8", "impossible_total")]


@pytest.mark.parametrize("value", [-1, 158, 200])
def test_trick_points_out_of_range(value: int) -> None:
    assert rules(score_deal(deal(points={"team": 1, "value": value}))) == [("S8", "trick_points_range")]


def test_257_without_a_match() -> None:
    answer = score_deal(deal(points={"team": 1, "value": 257}))
    assert not answer["valid"]
    assert answer["errors"][0]["rule"] == "S5.5"


def test_an_invalid_deal_yields_no_score_but_keeps_every_key() -> None:
    answer = score_deal(deal(points={"team": 1, "value": 1}, stoeck=1))
    assert answer["valid"] is False
    assert answer["errors"] and all({"rule", "message"} <= set(e) for e in answer["errors"])
    for key in FIGURES + ("raw",):
        assert key in answer and answer[key] is None
    assert answer["factor"] == 1  # describes the record, not a score


def test_pushed_is_informational() -> None:
    assert score_deal(deal(pushed=True))["total"] == score_deal(deal(pushed=False))["total"]


# ----------------------------------------------------------------- malformed records (exit 2)


@pytest.mark.parametrize(
    "changes",
    [
        {"points": {"team": 1, "match": True, "value": 157}},
        {"points": {"team": 1}},
        {"points": {"team": 3, "value": 98}},
        {"points": {"team": 1, "value": "98"}},
        {"points": {"team": 1, "value": 98.0}},
        {"points": {"team": 1, "value": 98, "extra": 1}},
        {"points": None},
        {"points": {"team": 1, "value": 98}, "tricks": [["H6", "H7", "H8", "H9"]] * 9},
        {"pushed": "no"},
        {"contract": "X"},
        {"contract": None},
        {"forehand": 0},
        {"weis": {"1": [["H6", "H7", "HX"]]}},
        {"weis": {"5": [["H6", "H7", "H8"]]}},
        {"weis": {"1": ["H6", "H7", "H8"]}},
        {"hands": {"1": "H6"}},
        {"colour": "red"},
        {"profile": "club"},
        {"options": {"long_runs": "steep"}},
        {"options": {"four_nines": -1}},
        {"options": {"target": 1000}},
        {"reached_first": 3},
        {"game": "skat"},
    ],
)
def test_malformed_records_raise_invalid_record(changes: dict[str, Any]) -> None:
    with pytest.raises(InvalidRecord):
        score_deal(deal(**changes))


def test_missing_contract_and_forehand() -> None:
    for key in ("contract", "forehand"):
        record = deal()
        del record[key]
        with pytest.raises(InvalidRecord, match=key):
            score_deal(record)


def test_a_deal_record_is_an_object() -> None:
    with pytest.raises(InvalidRecord):
        score_deal([1, 2])  # type: ignore[arg-type]


# ----------------------------------------------------------------- Weis in a deal


def test_false_claims_are_rejected_never_scored_zero() -> None:
    assert rules(score_deal(deal(weis={"1": [["H6", "H7", "H9"]]}))) == [("S6.1", "run_not_consecutive")]
    assert rules(score_deal(deal(weis={"1": [["H9", "S9", "D9", "C9"]]}))) == [("S6.2", "four_not_scoring")]
    error = score_deal(deal(weis={"1": [["H9", "S9", "D9", "C9"]]}))["errors"][0]
    assert error["field"] == "weis.1[0]" and "H9" in error["message"]


def test_four_nines_and_low_fours_in_both_profiles() -> None:
    official = score_deal(
        deal(profile="official", weis={"2": [["H9", "S9", "D9", "C9"]], "1": [["H6", "S6", "D6", "C6"]]})
    )
    # 150 beats 100: team 2 scores 150.
    assert official["valid"] and (official["weis"], official["weis_winner"]) == ([0, 150], 2)
    seed = score_deal(deal(weis={"2": [["H9", "S9", "D9", "C9"]]}, options={"four_nines": 150}))
    assert seed["weis"] == [0, 150]


def test_card_in_two_weis_of_one_player_seed_and_kreuzweis() -> None:
    weis = {"1": [["HT", "HJ", "HQ"], ["HJ", "SJ", "DJ", "CJ"]]}
    assert rules(score_deal(deal(weis=weis))) == [("S6.3", "card_in_two_weis")]
    answer = score_deal(deal(weis=weis, options={"kreuzweis": True}))
    assert answer["valid"] and answer["weis"] == [220, 0]
    two_runs = {"1": [["H6", "H7", "H8"], ["H8", "H9", "HT"]]}
    assert rules(score_deal(deal(weis=two_runs, profile="official"))) == [("S6.3", "card_in_two_weis")]
    twice = {"1": [["H6", "H7", "H8"], ["H6", "H7", "H8"]]}
    assert rules(score_deal(deal(weis=twice, profile="official"))) == [("S6.3", "weis_declared_twice")]


def test_same_card_in_two_players_weis() -> None:
    answer = score_deal(deal(weis={"1": [["S6", "S7", "S8"]], "3": [["S8", "S9", "ST"]]}))
    assert rules(answer) == [("S8", "same_card_two_players")]
    assert answer["errors"][0]["params"]["cards"] == "S8"


def test_more_than_nine_cards_in_one_hand() -> None:
    weis = {"1": [["H6", "H7", "H8", "H9"], ["S6", "S7", "S8", "S9"], ["C6", "C7", "C8"]]}
    assert rules(score_deal(deal(weis=weis))) == [("S8", "too_many_cards")]
    # Eight Weis cards plus Stöck HK HQ: ten cards.
    weis = {"1": [["S6", "S7", "S8", "S9"], ["C6", "C7", "C8", "C9"]]}
    assert rules(score_deal(deal(weis=weis, stoeck=1))) == [("S8", "too_many_cards")]
    assert score_deal(deal(weis=weis, stoeck=3))["valid"]


def test_undenufe_weis_reversal_in_a_deal() -> None:
    # Undenufe ×4: seat 2's 6-7-8 beats seat 1's Q-K-A (equal 20, three cards, lower top wins).
    answer = score_deal(
        deal(contract="undenufe", weis={"1": [["HQ", "HK", "HA"]], "2": [["S6", "S7", "S8"]]})
    )
    assert answer["valid"]
    assert (answer["weis"], answer["weis_winner"]) == ([0, 80], 2)
    assert answer["weis_comparison"]["steps"][-1]["name"] == "rank"
    # The same Weis in Obenabe: Q-K-A wins (×3).
    obenabe = score_deal(
        deal(contract="obenabe", weis={"1": [["HQ", "HK", "HA"]], "2": [["S6", "S7", "S8"]]})
    )
    assert (obenabe["weis"], obenabe["weis_winner"]) == ([60, 0], 1)


def test_graded_long_runs_in_a_deal() -> None:
    weis = {"3": [["D6", "D7", "D8", "D9", "DT", "DJ", "DQ"]]}
    assert score_deal(deal(weis=weis))["weis"] == [100, 0]
    assert score_deal(deal(weis=weis, profile="official"))["weis"] == [200, 0]
    assert score_deal(deal(weis=weis, options={"long_runs": "graded"}, contract="S"))["weis"] == [400, 0]


def test_weis_against_the_dealt_hands() -> None:
    hands = {
        "1": "HA HK HQ HJ HT S6 S7 S8 S9".split(),
        "2": "SA SK SQ SJ ST H6 H7 H8 H9".split(),
    }
    ok = score_deal(deal(hands=hands, weis={"1": [["S6", "S7", "S8", "S9"]]}))
    assert ok["valid"]
    wrong = score_deal(deal(hands=hands, weis={"1": [["H7", "H8", "H9"]]}))
    assert rules(wrong) == [("S8", "weis_card_not_dealt")]
    unknown_holder = score_deal(deal(hands=hands, weis={"3": [["H7", "H8", "H9"]]}))
    assert rules(unknown_holder) == [("S8", "same_card_two_players")]


def test_dealt_hands_without_tricks_are_checked() -> None:
    hands = {"1": "HA HK HQ HJ HT S6 S7 S8 S9".split(), "2": "SA SK SQ SJ ST H6 H7 H8 HA".split()}
    assert ("S2.1", "card_in_two_hands") in rules(score_deal(deal(hands=hands)))
    short = {"1": "HA HK HQ".split()}
    assert rules(score_deal(deal(hands=short))) == [("S2.2", "hand_size")]


# ----------------------------------------------------------------- a full deal, card by card

# Obenabe (×3), forehand 1. Seat 1: HA HK HQ HJ HT S6 S7 S8 S9; seat 2: SA SK SQ SJ ST H6 H7 H8 H9;
# seat 3 all Eicheln (D), seat 4 all Schellen (C).
TRICKS = [
    ["HA", "H6", "D6", "C6"],  # seat 1 takes 11
    ["HK", "H7", "D7", "C7"],  # seat 1: 4
    ["HQ", "H8", "D8", "C8"],  # seat 1: 3 + 8 + 8 + 8 = 27
    ["HJ", "H9", "D9", "C9"],  # seat 1: 2
    ["HT", "ST", "DT", "CT"],  # seat 1: 40 (seat 2 has no hearts left)
    ["S9", "SJ", "DJ", "CJ"],  # seat 2: 6
    ["SA", "DQ", "CQ", "S8"],  # seat 2 leads: 11 + 3 + 3 + 8 = 25
    ["SK", "DK", "CK", "S7"],  # seat 2: 12
    ["SQ", "DA", "CA", "S6"],  # seat 2: 3 + 11 + 11 + 0 + 5 = 30
]
# Team 1: 11 + 4 + 27 + 2 + 40 = 84; team 2: 6 + 25 + 12 + 30 = 73; 84 + 73 = 157.


def full_deal(**fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"game": "schieber", "forehand": 1, "contract": "obenabe", "tricks": TRICKS}
    record.update(fields)
    return record


def test_full_deal_points_winners_and_weis() -> None:
    weis = {"1": [["HT", "HJ", "HQ", "HK", "HA"]], "2": [["ST", "SJ", "SQ", "SK", "SA"]]}
    answer = score_deal(full_deal(weis=weis))
    assert answer["valid"], answer["errors"]
    assert answer["raw"]["trick_points"] == [84, 73]
    assert answer["trick_points"] == [252, 219]
    assert answer["trick_winners"] == [1, 1, 1, 1, 1, 2, 2, 2, 2]
    assert answer["match_team"] is None
    # Both runs of five: 100, five cards, top Ass, no trump -> seat 1 plays first (step 5).
    assert (answer["weis"], answer["weis_winner"]) == ([300, 0], 1)
    assert answer["weis_comparison"]["steps"][-1]["name"] == "play_order"
    assert answer["total"] == [552, 219]


def test_full_deal_with_points_too_is_malformed() -> None:
    with pytest.raises(InvalidRecord):
        score_deal(full_deal(points={"team": 1, "value": 84}))


def test_full_deal_claims_checked_against_the_cards() -> None:
    # Seat 4 claims Eicheln cards that seat 3 played.
    answer = score_deal(full_deal(weis={"4": [["D6", "D7", "D8"]]}))
    assert rules(answer) == [("S8", "weis_card_not_dealt")]
    assert answer["trick_winners"] is None


def test_full_deal_with_an_illegal_card() -> None:
    tricks = [list(t) for t in TRICKS]
    # Trick 1: seat 2 discards ST although it holds hearts (S4.2); swap it with H6 in trick 5.
    tricks[0][1], tricks[4][1] = "ST", "H6"
    answer = score_deal(full_deal(tricks=tricks))
    assert not answer["valid"]
    first = answer["errors"][0]
    assert (first["rule"], first["params"]["card"], first["params"]["trick"]) == ("S4.2", "ST", 1)
    assert answer["total"] is None


def test_full_deal_match_from_the_tricks() -> None:
    # Seat 1 holds every heart (trump): leading hearts it takes all nine tricks.
    tricks = [[f"H{r}", f"S{r}", f"D{r}", f"C{r}"] for r in "J9AKQT876"]
    answer = score_deal({"game": "schieber", "forehand": 1, "contract": "H", "tricks": tricks, "stoeck": 1})
    assert answer["valid"], answer["errors"]
    assert answer["match_team"] == 1
    assert answer["trick_points"] == [157, 0]
    assert answer["match_bonus"] == [100, 0]
    assert answer["total"] == [277, 0]


def test_full_deal_with_hands_given() -> None:
    hands = {
        "1": "HA HK HQ HJ HT S6 S7 S8 S9".split(),
        "2": "SA SK SQ SJ ST H6 H7 H8 H9".split(),
        "3": [f"D{r}" for r in "6789TJQKA"],
        "4": [f"C{r}" for r in "6789TJQKA"],
    }
    assert score_deal(full_deal(hands=hands))["valid"]
    # Seat 1 was dealt D9 instead of S9 (and seat 3 S9): its S9 in trick 6 is not in its hand.
    wrong = dict(hands)
    wrong["1"] = "HA HK HQ HJ HT S6 S7 S8 D9".split()
    wrong["3"] = "D6 D7 D8 S9 DT DJ DQ DK DA".split()
    answer = score_deal(full_deal(hands=wrong))
    assert not answer["valid"]
    assert ("S4.1", "not_in_hand") in rules(answer)


def test_null_means_not_given_for_optional_fields() -> None:
    answer = score_deal(
        deal(
            pushed=None,
            reached_first=None,
            weis=None,
            stoeck=None,
            hands=None,
            tricks=None,
            points={"team": 1, "value": 98, "match": None},
            profile=None,
            options=None,
        )
    )
    assert answer["valid"] and answer["total"] == [98, 59]
    for key in ("forehand", "contract"):
        with pytest.raises(InvalidRecord, match=key):
            score_deal(deal(**{key: None}))
