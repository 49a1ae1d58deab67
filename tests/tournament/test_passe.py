"""A Passe (TOURNAMENT.md T2, T3, T6): worked example 1, its variants and error examples, and T9's rejections."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules_engine import InvalidRecord, score_passe

DATA = Path(__file__).parent / "data"
EXAMPLE: dict[str, Any] = json.loads((DATA / "example1_passe.json").read_text())
ANSWER: dict[str, Any] = json.loads((DATA / "example1_answer.json").read_text())


def passe(**options: Any) -> dict[str, Any]:
    record = copy.deepcopy(EXAMPLE)
    record["options"].update(options)
    record.pop("reported")
    return record


def rules(answer: Any) -> list[tuple[str, int | None]]:
    return [(error["rule"], error.get("game")) for error in answer["errors"]]


def test_worked_example_1_answers_exactly_as_the_rule_file_writes() -> None:
    assert score_passe(EXAMPLE) == ANSWER


def test_worked_example_1_standblatt_and_counts() -> None:
    answer = score_passe(EXAMPLE)
    assert answer["player_totals"] == {"A": 1010, "B": 1010, "C": 874, "D": 874}
    assert answer["forehand_counts"] == {"1": 3, "2": 3, "3": 3, "4": 3}  # T3.3
    assert answer["matches"] == [1, 0]
    assert answer["control"] == {"expected": 1884, "actual": 1884, "ok": True}  # 12 × 157


def test_match_value_207_adds_the_bonus_to_the_match_and_to_the_control_sum() -> None:
    answer = score_passe(passe(match_value=207))
    assert answer["games"][4] == {"total": [207, 0], "match": [True, False], "state": "confirmed"}
    assert answer["team_totals"] == [1060, 874]
    assert answer["control"] == {"expected": 1934, "actual": 1934, "ok": True}  # T3.5


def test_factors_multiply_every_figure_and_the_control_sum() -> None:
    answer = score_passe(passe(factors={"S": 2}))
    assert answer["games"][2]["total"] == [242, 72]
    assert answer["games"][9]["total"] == [142, 172]
    assert answer["team_totals"] == [1202, 996]
    assert answer["control"]["expected"] == 2198 == 10 * 157 + 2 * 314
    assert answer["status"] == "complete"


def test_weis_counts_outside_the_control_sum_when_the_option_restores_it() -> None:
    record = passe(weis=True)
    record["games"][0]["weis"] = {"1": [["H6", "H7", "H8"]]}
    answer = score_passe(record)
    assert answer["valid"], answer["errors"]
    assert answer["games"][0]["total"] == [118, 59]
    assert answer["games"][0]["weis"] == [20, 0]
    assert answer["games"][1]["weis"] == [0, 0]
    assert answer["team_totals"] == [1030, 874]
    assert answer["control"] == {"expected": 1884, "actual": 1884, "ok": True}  # T2.1, T3.5


def test_reported_total_that_differs_is_a_transcription_error() -> None:
    record = copy.deepcopy(EXAMPLE)
    record["reported"] = {"team_totals": [1010, 884]}
    answer = score_passe(record)
    assert not answer["valid"]
    assert [(e["rule"], e["message"]) for e in answer["errors"]] == [
        ("T6.6", "team 2: reported 884, games sum to 874")
    ]
    assert answer["team_totals"] is None and answer["status"] is None  # nothing half-applied


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (158, "158 is outside 0..157"),
        (156, "156 is impossible (the other team would have 1)"),
        (1, "1 is impossible (the other team would have 156)"),
        (-3, "-3 is outside 0..157"),
    ],
)
def test_impossible_game_figure_breaks_t3_4(value: int, message: str) -> None:
    record = passe()
    record["games"][7] = {
        "forehand": 4,
        "contract": "H",
        "points": {"team": 1, "value": value},
        "confirmed_by": [1, 2],
    }
    answer = score_passe(record)
    assert not answer["valid"]
    assert [(e["rule"], e["game"], e["message"]) for e in answer["errors"]] == [("T3.4", 7, message)]
    assert answer["games"][7]["total"] is None
    assert answer["games"][6]["total"] == [104, 53]  # the other games keep their figures


def test_stoeck_under_the_tournament_profile_breaks_t2_1() -> None:
    record = passe()
    record["games"][0]["stoeck"] = 3
    answer = score_passe(record)
    assert rules(answer) == [("T2.1", 0)]
    assert "no Stöck under the tournament profile" in answer["errors"][0]["message"]


def test_a_weis_where_weis_does_not_count_breaks_t2_1_but_empty_weis_and_null_stoeck_are_allowed() -> None:
    record = passe()
    record["games"][0]["weis"] = {"1": [["H6", "H7", "H8"]]}
    assert rules(score_passe(record)) == [("T2.1", 0)]
    record["games"][0]["weis"] = {}
    record["games"][0]["stoeck"] = None
    assert score_passe(record)["valid"]


def test_double_entry_claims_that_disagree_make_the_game_disputed() -> None:
    record = passe(confirm="double_entry")
    record["games"][7] = {
        "forehand": 4,
        "contract": "H",
        "claims": {"1": {"team": 1, "value": 62}, "2": {"team": 2, "value": 96}},
    }
    answer = score_passe(record)
    assert answer["valid"]  # disagreement is not an error (T6.3)
    assert answer["games"][7] == {"total": None, "match": None, "state": "disputed"}
    assert answer["status"] == "disputed"
    assert answer["disputed"] == [7]
    assert answer["team_totals"] == [1010 - 62, 874 - 95]
    assert answer["control"] == {"expected": 1884, "actual": 1884 - 157, "ok": False}


def test_claims_that_agree_confirm_the_game() -> None:
    record = passe(confirm="double_entry")
    record["games"][7] = {
        "forehand": 4,
        "contract": "H",
        "claims": {"1": {"team": 1, "value": 62}, "2": {"team": 2, "value": 95}},
    }
    answer = score_passe(record)
    assert answer["games"][7] == {"total": [62, 95], "match": [False, False], "state": "confirmed"}
    assert answer["status"] == "complete"


def test_one_claim_alone_leaves_the_game_unconfirmed_and_the_passe_open() -> None:
    record = passe()
    record["games"][7] = {"forehand": 4, "contract": "H", "claims": {"1": {"team": 1, "value": 62}}}
    answer = score_passe(record)
    assert answer["games"][7]["state"] == "unconfirmed"
    assert answer["status"] == "open"
    assert answer["control"]["ok"] is True  # the sum holds; confirmation is missing (T6.5)


def test_an_impossible_claim_or_ruling_breaks_t3_4() -> None:
    record = passe()
    record["games"][7]["claims"]["2"] = {"team": 1, "value": 156}
    assert rules(score_passe(record)) == [("T3.4", 7)]
    record = passe()
    record["games"][7]["ruling"]["points"] = {"team": 2, "value": 160}
    answer = score_passe(record)
    assert rules(answer) == [("T3.4", 7)]
    assert answer["errors"][0]["field"] == "ruling.points"


@pytest.mark.parametrize(
    ("confirm", "game_confirmed_by", "passe_confirmed_by", "state"),
    [
        ("per_game", [1], None, "unconfirmed"),
        ("per_game", [1, 2], None, "confirmed"),
        ("per_passe", [1, 2], None, "unconfirmed"),
        ("per_passe", [], [1, 2], "confirmed"),
        ("none", [], None, "confirmed"),
    ],
)
def test_confirmation_follows_option_confirm(
    confirm: str, game_confirmed_by: list[int], passe_confirmed_by: list[int] | None, state: str
) -> None:
    record = passe(confirm=confirm)
    record["games"] = [
        {
            "forehand": 1,
            "contract": "H",
            "points": {"team": 1, "value": 98},
            "confirmed_by": game_confirmed_by,
        }
    ]
    if passe_confirmed_by is not None:
        record["confirmed_by"] = passe_confirmed_by
    assert score_passe(record)["games"][0]["state"] == state


def test_a_passe_with_fewer_games_is_open_and_its_control_counts_missing_games_at_157() -> None:
    record = passe()
    record["games"] = record["games"][:5]
    answer = score_passe(record)
    assert answer["status"] == "open"
    assert answer["control"] == {"expected": 1884, "actual": 5 * 157, "ok": False}
    assert answer["warnings"] == []  # T3.3 warns only once every game is entered


def test_more_games_than_games_per_passe_breaks_t3_1() -> None:
    record = passe(games_per_passe=8)
    assert rules(score_passe(record)) == [("T3.1", 8)]


def test_eight_game_passe_totals_1256() -> None:
    record = passe(games_per_passe=8)
    record["games"] = record["games"][:8]
    answer = score_passe(record)
    assert answer["control"] == {"expected": 1256, "actual": 1256, "ok": True}
    assert answer["forehand_counts"] == {"1": 2, "2": 2, "3": 2, "4": 2}


def test_uneven_rotation_is_a_t3_3_warning_not_an_error() -> None:
    record = passe()
    record["games"][1]["forehand"] = 1
    answer = score_passe(record)
    assert answer["valid"] and answer["status"] == "complete"
    assert [(w["rule"], w["code"]) for w in answer["warnings"]] == [("T3.3", "rotation_uneven")]
    assert answer["forehand_counts"] == {"1": 4, "2": 2, "3": 3, "4": 3}
    assert score_passe({**record, "options": {**record["options"], "rotation": "off"}})["warnings"] == []


def test_a_passe_of_seven_games_may_differ_by_one() -> None:
    record = passe(games_per_passe=7)
    record["games"] = record["games"][:7]  # forehands 1 2 3 4 1 2 3: 2/2/2/1
    assert score_passe(record)["warnings"] == []


def test_strict_rotation_rejects_a_forehand_out_of_turn() -> None:
    record = passe(rotation="strict")
    record["games"][3]["forehand"] = 1
    answer = score_passe(record)
    assert rules(answer) == [("T3.3", 3), ("T3.3", 4)]
    assert answer["warnings"] == []


def test_a_slalom_game_is_outside_the_default_contracts() -> None:
    record = passe()
    record["games"][0]["contract"] = {"type": "slalom", "start": "obenabe"}
    answer = score_passe(record)
    assert rules(answer) == [("T2.3", 0)]


def test_a_game_entered_card_by_card_is_replayed_and_checked() -> None:
    # Obenabe, forehand 1; seat 1 holds the hearts and low Schilten, seat 2 the other Schilten
    # and low hearts, seat 3 all Eicheln, seat 4 all Schellen: team 1 takes 84, team 2 73.
    tricks = [
        ["HA", "H6", "D6", "C6"],
        ["HK", "H7", "D7", "C7"],
        ["HQ", "H8", "D8", "C8"],
        ["HJ", "H9", "D9", "C9"],
        ["HT", "ST", "DT", "CT"],
        ["S9", "SJ", "DJ", "CJ"],
        ["SA", "DQ", "CQ", "S8"],
        ["SK", "DK", "CK", "S7"],
        ["SQ", "DA", "CA", "S6"],
    ]
    record = passe()
    record["games"] = [{"forehand": 1, "contract": "obenabe", "tricks": tricks, "confirmed_by": [1, 2]}]
    answer = score_passe(record)
    assert answer["valid"], answer["errors"]
    assert answer["games"][0]["total"] == [84, 73]
    # Seat 2 discards ST in trick 1 although it holds hearts (S4.2).
    tricks[0][1], tricks[4][1] = "ST", "H6"
    answer = score_passe(record)
    assert [(e["rule"], e["game"]) for e in answer["errors"]][:1] == [("S4.2", 0)]
    assert answer["games"][0]["total"] is None


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda r: r.update(profile="seed"), "profile"),
        (lambda r: r.update(game="schieber"), "not a Passe record"),
        (lambda r: r["options"].update(weis_points=3), "unknown tournament option"),
        (lambda r: r["options"].update(confirm="maybe"), "confirm"),
        (lambda r: r["options"].update(games_per_passe=0), "games_per_passe"),
        (lambda r: r["games"][0].update(note="x"), "unknown field 'note'"),
        (lambda r: r["games"][0].update(tricks=[]), "not both"),
        (lambda r: r["games"][0].update(points={"team": 1, "match": True, "value": 157}), "not both"),
        (lambda r: r["games"][0].pop("points"), "give the game's"),
        (lambda r: r["games"][7]["claims"].update({"3": {"team": 1, "value": 2}}), "team '1' or '2'"),
        (lambda r: r["games"][7]["ruling"].pop("points"), "ruling.points is missing"),
        (lambda r: r["games"][7]["ruling"].update(by="table"), "must be 'office'"),
        (lambda r: r["games"][0].update(contract={"type": "coiffeur"}), "Slalom"),
    ],
)
def test_malformed_passe_records_are_invalid_records(change: Any, match: str) -> None:
    record = copy.deepcopy(EXAMPLE)
    change(record)
    with pytest.raises(InvalidRecord, match=match):
        score_passe(record)
