"""C9: everything the engine must reject, each with its cited rule (exit 1) or as malformed (exit 2)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import InvalidRecord, score_deal, score_match

OFFICIAL8 = "official8"


def deal(**fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "coiffeur",
        "options": {"grid": OFFICIAL8},
        "forehand": 1,
        "pushes": 0,
        "chooser": 1,
        "row": 1,
        "contract": "D",
        "points": {"team": 1, "value": 80},
    }
    record.update(fields)
    return {key: value for key, value in record.items() if value is not ...}


def rules(answer: dict[str, Any]) -> list[str]:
    assert answer["valid"] is False
    assert answer["cell"] is None if "cell" in answer else answer["totals"] is None
    return [error["rule"] for error in answer["errors"]]


def entry(
    forehand: int, chooser: int, row: int, contract: Any, pushes: int = 0, **points: Any
) -> dict[str, Any]:
    return {
        "forehand": forehand,
        "pushes": pushes,
        "chooser": chooser,
        "row": row,
        "contract": contract,
        "points": points or {"team": 1 if chooser % 2 else 2, "value": 80},
    }


def match(deals: list[Any], **options: Any) -> dict[str, Any]:
    return score_match({"game": "coiffeur", "options": options, "teams": 2, "deals": deals})


# --- rule breaks (exit 1) ---------------------------------------------------------------------


def test_the_valid_base_record_is_valid() -> None:
    assert score_deal(deal())["valid"]


def test_row_outside_the_grid_c9() -> None:
    assert rules(score_deal(deal(row=9))) == ["C9"]
    assert rules(score_deal(deal(row=0))) == ["C9"]


def test_row_filled_once_per_team_c9() -> None:
    answer = match([entry(1, 1, 1, "D"), entry(3, 3, 1, "D")])
    assert rules(answer) == ["C9"]
    assert answer["errors"][0]["code"] == "row_filled"
    assert answer["errors"][0]["deal"] == 1


def test_the_other_team_may_play_the_same_row() -> None:
    assert match([entry(1, 1, 1, "D"), entry(2, 2, 1, "D")])["valid"]


def test_deal_by_a_team_with_no_open_row_c3_4() -> None:
    grid = [{"type": "obenabe", "factor": 1}]
    answer = match([entry(1, 1, 1, "obenabe"), entry(2, 3, 1, "obenabe", pushes=1)], grid=grid)
    assert rules(answer) == ["C3.4"]
    assert answer["errors"][0]["code"] == "team_complete"


def test_scratch_of_a_filled_cell_or_outside_the_grid_c9() -> None:
    filled = match([entry(1, 1, 1, "D"), {"scratch": {"team": 1, "row": 1, "reason": "late"}}])
    assert rules(filled) == ["C9"]
    outside = match([{"scratch": {"team": 2, "row": 12}}])
    assert rules(outside) == ["C9"]


def test_scratch_fills_an_open_cell_with_zero_and_does_not_move_the_rotation() -> None:
    answer = match(
        [entry(1, 1, 1, "D"), {"scratch": {"team": 2, "row": 3, "reason": "office penalty: cards shown"}}]
    )
    assert answer["valid"], answer["errors"]
    assert answer["cells"][1][2] == {"value": 0, "written": 0, "deal": 1, "match": False, "scratch": True}
    assert answer["deals"][1]["scratch"] is True
    assert answer["next"] == {"dealer": 1, "forehand": 2}
    assert 3 not in answer["open_rows"][1]


def test_entry_after_the_game_is_finished_c7_1() -> None:
    grid = [{"type": "obenabe", "factor": 1}]
    done = [entry(1, 1, 1, "obenabe"), entry(2, 2, 1, "obenabe")]
    assert match(done, grid=grid)["finished"] is True
    assert rules(match([*done, {"scratch": {"team": 1, "row": 1}}], grid=grid)) == ["C7.1"]
    assert rules(match([*done, entry(3, 3, 1, "obenabe")], grid=grid)) == ["C7.1"]


@pytest.mark.parametrize(
    ("row", "contract", "options", "code"),
    [
        (1, "H", {}, "contract_not_row"),  # a suit row played with another suit
        (5, "undenufe", {}, "contract_not_row"),
        (7, {"type": "slalom", "start": "obenabe"}, {}, "not_a_wunsch_contract"),  # outside wunsch_contracts
        (7, "D", {"wunsch_contracts": ["obenabe"]}, "not_a_wunsch_contract"),
        (
            1,
            {"type": "misere", "mode": "obenabe"},
            {"grid": [{"type": "misere", "factor": 1}], "misere_modes": ["undenufe"]},
            "misere_mode",
        ),
        (1, {"type": "misere", "mode": "H"}, {"grid": [{"type": "misere", "factor": 1}]}, "misere_mode"),
        (
            1,
            {"type": "3x3", "trump": "H", "order": ["trump", "trump", "obenabe"]},
            {"grid": [{"type": "3x3", "factor": 4}]},
            "order_not_permutation",
        ),
        (
            1,
            {"type": "guschti", "start": "obenabe"},
            {"grid": [{"type": "slalom", "factor": 7}]},
            "contract_not_row",
        ),
    ],
)
def test_contract_not_fitting_the_row_c9(row: int, contract: Any, options: dict[str, Any], code: str) -> None:
    answer = score_deal(deal(row=row, contract=contract, options={"grid": OFFICIAL8, **options}))
    assert rules(answer) == ["C9"]
    assert answer["errors"][0]["code"] == code


def test_wunsch_any_allows_extra_contracts_but_misere_modes_still_apply() -> None:
    options = {"grid": OFFICIAL8, "wunsch_contracts": "any"}
    slalom = score_deal(deal(row=7, contract={"type": "slalom", "start": "obenabe"}, options=options))
    assert slalom["valid"], slalom["errors"]
    bad = score_deal(deal(row=7, contract={"type": "misere", "mode": "S"}, options=options))
    assert rules(bad) == ["C9"]


@pytest.mark.parametrize(
    ("push", "forehand", "pushes", "chooser"),
    [
        ("round", 2, 1, 4),  # chooser not `pushes` after forehand
        ("round", 1, 8, 1),  # pushes outside 0..7
        ("round", 1, -1, 4),
        ("partner", 1, 3, 4),  # pushes outside 0..2
        ("partner", 1, 1, 4),  # pushes 1: forehand + 2 or forehand + 1 only
        ("partner", 1, 2, 2),  # pushes 2: forehand + 3 only
        ("partner", 1, 0, 3),
    ],
)
def test_chooser_inconsistent_with_forehand_and_pushes_c3_3(
    push: str, forehand: int, pushes: int, chooser: int
) -> None:
    team = 1 if chooser % 2 else 2
    answer = score_deal(
        deal(
            forehand=forehand,
            pushes=pushes,
            chooser=chooser,
            options={"grid": OFFICIAL8, "push": push},
            points={"team": team, "value": 80},
        )
    )
    assert rules(answer) == ["C3.3"]


@pytest.mark.parametrize(("forehand", "pushes", "chooser"), [(1, 0, 1), (1, 1, 3), (1, 1, 2), (1, 2, 4)])
def test_partner_pushing_accepts_its_four_paths_in_a_lone_record(
    forehand: int, pushes: int, chooser: int
) -> None:
    team = 1 if chooser % 2 else 2
    answer = score_deal(
        deal(
            forehand=forehand,
            pushes=pushes,
            chooser=chooser,
            options={"grid": OFFICIAL8, "push": "partner"},
            points={"team": team, "value": 80},
        )
    )
    assert answer["valid"], answer["errors"]


def test_a_pass_by_a_player_im_zwang_whose_team_had_an_open_row_c3_4() -> None:
    # Both teams have open rows; pushes 5 passes forehand (im Zwang at the fifth pass).
    answer = match([entry(1, 2, 1, "D", pushes=5)])
    assert rules(answer) == ["C3.4"]
    assert answer["errors"][0]["code"] == "zwang_passed"


def test_partner_push_to_the_next_player_while_forehand_s_team_has_an_open_row_c3_4() -> None:
    answer = match([entry(1, 2, 1, "D", pushes=1)], grid=OFFICIAL8, push="partner")
    assert rules(answer) == ["C3.4"]
    assert answer["errors"][0]["code"] == "partner_push_only"


def test_partner_forced_pass_when_forehand_s_team_is_complete() -> None:
    grid = [{"type": "obenabe", "factor": 1}]
    deals = [entry(1, 1, 1, "obenabe"), entry(3, 4, 1, "obenabe", pushes=1)]
    assert match(deals, grid=grid, push="partner")["valid"]
    deals = [entry(1, 1, 1, "obenabe"), entry(3, 2, 1, "obenabe", pushes=2)]
    assert match(deals, grid=grid, push="partner")["valid"]


def test_weis_and_stoeck_break_c1_3() -> None:
    assert rules(score_deal(deal(weis={"1": [["H6", "H7", "H8"]]}))) == ["C1.3"]
    assert rules(score_deal(deal(stoeck=3))) == ["C1.3"]
    assert score_deal(deal(weis={}, stoeck=None))["valid"]


@pytest.mark.parametrize(("value", "rule"), [(158, "S8"), (-1, "S8"), (1, "S8"), (156, "S8"), (257, "S5.5")])
def test_impossible_trick_points(value: int, rule: str) -> None:
    assert rules(score_deal(deal(points={"team": 1, "value": value}))) == [rule]


def test_impossible_trick_points_in_a_mixed_contract_under_opening() -> None:
    grid = [{"type": "slalom", "factor": 7}]
    answer = score_deal(
        deal(
            options={"grid": grid},
            contract={"type": "slalom", "start": "undenufe"},
            points={"team": 1, "value": 156},
        )
    )
    assert rules(answer) == ["S8"]


def test_mixed_contract_under_per_trick_needs_tricks_c5_6() -> None:
    grid = [{"type": "guschti", "factor": 8}]
    answer = score_deal(
        deal(
            options={"grid": grid, "mixed_points": "per_trick"},
            contract={"type": "guschti", "start": "obenabe"},
        )
    )
    assert rules(answer) == ["C5.6"]


# A complete legal Slalom (start obenabe) deal, chooser seat 1 leading: random legal play
# (seed 7), written out. Trick 1 (Obenabe) goes to CK (seat 3), trick 2 (Undenufe) to C8 (seat 4).
SLALOM_HANDS = {
    "1": ["ST", "DQ", "C7", "HJ", "S8", "S6", "HA", "DJ", "CJ"],
    "2": ["C9", "S7", "DT", "SK", "CQ", "H6", "D7", "S9", "HK"],
    "3": ["D9", "SA", "CT", "H8", "SQ", "HQ", "CK", "H7", "D6"],
    "4": ["C8", "SJ", "CA", "DA", "HT", "H9", "DK", "C6", "D8"],
}
SLALOM_TRICKS = [
    ["C7", "C9", "CK", "C6"],
    ["CT", "C8", "CJ", "CQ"],
    ["CA", "DJ", "D7", "D6"],
    ["D8", "DQ", "DT", "D9"],
    ["DA", "HA", "H6", "H7"],
    ["DK", "HJ", "HK", "H8"],
    ["H9", "S6", "S7", "HQ"],
    ["SA", "SJ", "S8", "S9"],
    ["ST", "SK", "SQ", "HT"],
]


def slalom_deal(tricks: list[list[str]], hands: dict[str, list[str]] | None = None) -> dict[str, Any]:
    return deal(
        options={"grid": [{"type": "slalom", "factor": 7}]},
        contract={"type": "slalom", "start": "obenabe"},
        points=...,
        tricks=tricks,
        hands=hands,
    )


def test_a_legal_slalom_deal_is_valid_and_totals_157() -> None:
    answer = score_deal(slalom_deal(SLALOM_TRICKS, SLALOM_HANDS))
    assert answer["valid"], answer["errors"]
    assert sum(answer["trick_points"]) == 157
    assert answer["trick_winners"][:2] == [3, 4]


def test_card_against_its_trick_s_mode_cites_the_contract_and_the_mode() -> None:
    # Seat 1 throws DJ to the club lead of trick 2 (Undenufe) while holding CJ.
    tricks = [list(t) for t in SLALOM_TRICKS]
    tricks[1] = ["CT", "C8", "DJ", "CQ"]
    tricks[2] = ["CA", "CJ", "D7", "D6"]
    answer = score_deal(slalom_deal(tricks))
    assert rules(answer) == ["C5.1"]
    error = answer["errors"][0]
    assert error["params"]["mode"] == "undenufe"
    assert error["params"]["play_rule"] == "S4.2"
    assert error["params"]["trick"] == 2 and error["params"]["seat"] == 1
    assert "trick 2 is undenufe" in error["message"]


def test_card_twice_or_not_in_hand_c9() -> None:
    tricks = [list(t) for t in SLALOM_TRICKS]
    tricks[8] = ["ST", "SK", "SQ", "C7"]
    assert rules(score_deal(slalom_deal(tricks))) == ["C9"]
    hands = {"1": [card if card != "CJ" else "C8" for card in SLALOM_HANDS["1"]]}
    answer = score_deal(slalom_deal(SLALOM_TRICKS, hands))
    # Seat 1 plays CJ in trick 2 without holding it; the C8 it held instead then fails to
    # follow the club lead of trick 3 as well.
    assert rules(answer) == ["C9", "C5.1"]
    assert answer["errors"][0]["code"] == "not_in_hand"
    assert answer["errors"][0]["params"]["trick"] == 2


def test_card_in_two_hands_c9() -> None:
    hands = {"1": SLALOM_HANDS["1"], "2": [card if card != "C9" else "ST" for card in SLALOM_HANDS["2"]]}
    answer = score_deal(slalom_deal(SLALOM_TRICKS, hands))
    assert any(e["rule"] == "C9" and e["code"] == "card_in_two_hands" for e in answer["errors"])
    assert set(rules(answer)) == {"C9"}


# --- malformed (exit 2) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},  # unknown option
        {"push": "left"},
        {"grid": "seven"},  # unknown preset
        {"grid": [{"type": "joker", "factor": 1}]},  # unknown row type
        {"grid": [{"type": "obenabe", "factor": 0}]},  # factor <= 0
        {"grid": [{"type": "suit", "factor": 1}]},  # suit row without suit
        {"grid": [{"type": "obenabe", "suit": "H", "factor": 1}]},  # another row with a suit
        {"grid": []},
        {"guschti_split": 6},
        {"misere_modes": ["guschti"]},
        {"wunsch_contracts": "some"},
        {"mixed_points": "average"},
        {"match_value": 100},
        {"match_bonus": "double"},
        {"konter": "triple"},
        {"rounding": "fives"},
        {"opponents_score": "won"},
        {"undenufe_points": "nine"},
        {"match_bonus_points": -1},
    ],
)
def test_unknown_option_values_are_malformed(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidRecord):
        score_deal(deal(options=options))


@pytest.mark.parametrize(
    "fields",
    [
        {"teams": 3},
        {"pushed": True},  # a Schieber field, not Coiffeur's
        {"forehand": ...},
        {"chooser": ...},
        {"row": ...},
        {"row": "5"},
        {"pushes": 1.5},
        {"points": ...},
        {"tricks": [["HA"]]},  # points and tricks together
        {"points": {"team": 1, "match": True, "value": 157}},
        {"contract": "slalom"},
        {"contract": "X"},
        {"contract": {"type": "slalom"}},
        {"contract": {"type": "slalom", "start": "sideways"}},
        {"contract": {"type": "slalom", "start": "obenabe", "trump": "H"}},
        {"contract": {"type": "3x3", "trump": "X"}},
        {"contract": {"type": "3x3", "trump": "H", "order": ["trump", "obenabe"]}},
        {"contract": {"type": "3x3", "trump": "H", "order": ["trump", "obenabe", "sideways"]}},
        {"contract": {"type": "misere", "mode": "guschti"}},
        {"contract": {"type": "misere", "mode": "obenabe", "start": "obenabe"}},
        {"contract": {"type": "misere", "mode": "slalom"}},
        {"contract": ...},
    ],
)
def test_malformed_deal_records(fields: dict[str, Any]) -> None:
    with pytest.raises(InvalidRecord):
        score_deal(deal(**fields))


@pytest.mark.parametrize(
    "entry_",
    [
        {"scratch": {"team": 1, "row": 1}, "points": {"team": 1, "value": 80}},
        {"scratch": {"team": 1}},
        {"scratch": {"row": 1}},
        {"scratch": {"team": 3, "row": 1}},
    ],
)
def test_malformed_scratches(entry_: dict[str, Any]) -> None:
    with pytest.raises(InvalidRecord):
        match([entry_])


def test_malformed_match_records() -> None:
    with pytest.raises(InvalidRecord, match="three-team"):
        score_match({"game": "coiffeur", "teams": 3, "deals": []})
    with pytest.raises(InvalidRecord):
        score_match({"game": "coiffeur", "deals": [{**entry(1, 1, 1, "D"), "options": {}}]})
    with pytest.raises(InvalidRecord):
        score_match({"game": "coiffeur"})
