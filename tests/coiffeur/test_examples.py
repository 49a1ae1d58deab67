"""COIFFEUR.md's worked examples, figure by figure, through the public entry points.

Every number below is copied from the rule file's examples, not from the engine's output.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

import pytest

from rules_engine import legal_cards, score_deal, score_match
from rules_engine.cards import Card
from rules_engine.coiffeur.contracts import CoiffeurContract
from rules_engine.coiffeur.options import coiffeur_options
from rules_engine.schieber.legality import trick_winner
from tests.helpers.coiffeur import DEALS, game

# The table of example 1: (team, row, cell, T1 total, T2 total) per deal.
TABLE = [
    (1, 6, 726, 726, 0),
    (2, 2, 176, 726, 176),
    (1, 8, 1120, 1846, 176),
    (2, 1, 57, 1846, 233),
    (1, 5, 1285, 3131, 233),
    (2, 4, 404, 3131, 637),
    (1, 1, 92, 3223, 637),
    (2, 7, 462, 3223, 1099),
    (1, 3, 219, 3442, 1099),
    (2, 3, 330, 3442, 1429),
    (1, 7, 693, 4135, 1429),
    (2, 5, 220, 4135, 1649),
    (1, 2, 128, 4263, 1649),
    (2, 8, 280, 4263, 1929),
    (1, 4, 472, 4735, 1929),
    (2, 6, 540, 4735, 2469),
]


def test_example_1_every_deal_writes_its_cell_and_running_totals() -> None:
    for count in range(1, len(DEALS) + 1):
        answer = score_match(game(DEALS[:count]))
        assert answer["valid"], answer["errors"]
        team, row, cell, total1, total2 = TABLE[count - 1]
        last = answer["deals"][-1]
        assert (last["team"], last["row"], last["cell"]) == (team, row, cell)
        assert answer["totals"] == [total1, total2]
        assert answer["cells"][team - 1][row - 1]["value"] == cell
        assert answer["cells"][team - 1][row - 1]["deal"] == count - 1


def test_example_1_final_score_and_winner() -> None:
    answer = score_match(game(DEALS))
    assert answer["totals"] == [4735, 2469]
    assert answer["finished"] is True
    assert answer["winner"] == 1
    assert answer["open_rows"] == [[], []]
    assert answer["bounds"] == {"min": [4735, 2469], "max": [4735, 2469]}
    assert answer["next"] is None
    assert answer["bonus"] == [0, 0]
    assert len(answer["deals"]) == 16
    assert answer["grid"][0] == {"row": 1, "type": "suit", "suit": "D", "factor": 1}
    assert answer["grid"][4] == {"row": 5, "type": "obenabe", "factor": 5}
    assert answer["cells"][0][0] == {"value": 92, "written": 92, "deal": 6, "match": False, "scratch": False}
    assert answer["deals"][0]["cell"] == 726


def test_example_1_match_deal_writes_257_times_5() -> None:
    deal = score_match(game(DEALS[:5]))["deals"][4]
    assert deal["match"] is True
    assert deal["written"] == 257
    assert deal["cell"] == 1285


def test_example_1_after_deal_12_not_decided() -> None:
    answer = score_match(game(DEALS[:13]))
    assert answer["totals"] == [4263, 1649]
    assert answer["bounds"]["max"] == [5291, 5247]
    assert answer["bounds"]["min"][0] == 4263
    assert answer["open_rows"] == [[4], [6, 8]]
    assert answer["next"] == {"dealer": 1, "forehand": 2}
    assert answer["decided"] is None


def test_example_1_after_deal_13_team_1_has_clinched() -> None:
    answer = score_match(game(DEALS[:14]))
    assert answer["bounds"]["max"][1] == 3471
    assert answer["bounds"]["min"][0] == 4263
    assert answer["decided"] == {"team": 1, "after_deal": 13}
    assert score_match(game(DEALS))["decided"] == {"team": 1, "after_deal": 13}


def test_example_1_konter_penalty_decides_at_the_same_deal() -> None:
    answer = score_match(game(DEALS[:14], konter="penalty"))
    assert answer["bounds"]["min"][0] == 4263 - 4 * 100
    assert answer["decided"] == {"team": 1, "after_deal": 13}


def test_example_1_konter_award_decides_one_deal_later() -> None:
    after_13 = score_match(game(DEALS[:14], konter="award"))
    assert after_13["bounds"]["max"][1] == 3471 + 257 * 4
    assert after_13["decided"] is None
    final = score_match(game(DEALS, konter="award"))
    assert final["decided"] == {"team": 1, "after_deal": 14}


def test_example_1_flat_match_bonus_gives_the_same_total() -> None:
    answer = score_match(game(DEALS, match_bonus="flat"))
    deal = answer["deals"][4]
    assert deal["cell"] == 5 * 157
    assert deal["bonus"] == [500, 0]
    assert answer["bonus"] == [500, 0]
    assert answer["totals"] == [4735, 2469]


def test_example_1_points_entered_for_the_other_team() -> None:
    # Deals 3 and 11 (0-based) give the other team's points; own = 157 − them.
    answer = score_match(game(DEALS))
    assert answer["deals"][3]["trick_points"] == [100, 57]
    assert answer["deals"][11]["trick_points"] == [113, 44]


def test_example_1_seventeenth_deal_breaks_c7_1() -> None:
    extra = {
        "forehand": 1,
        "pushes": 0,
        "chooser": 1,
        "row": 1,
        "contract": "D",
        "points": {"team": 1, "value": 80},
    }
    answer = score_match(game([*DEALS, extra]))
    assert not answer["valid"]
    assert answer["errors"][0]["rule"] == "C7.1"
    assert answer["errors"][0]["deal"] == 16
    assert answer["totals"] is None


def test_example_1_row_already_filled_breaks_c9() -> None:
    deals = copy.deepcopy(DEALS)
    deals[9]["row"] = 1
    deals[9]["contract"] = "D"
    answer = score_match(game(deals))
    error = answer["errors"][0]
    assert error["rule"] == "C9"
    assert error["deal"] == 9
    assert error["message"] == "team 2 has already played row 1 (D×1) in deal 3"


def test_example_1_contract_not_fitting_its_row_breaks_c9() -> None:
    deals = copy.deepcopy(DEALS)
    deals[6]["contract"] = "H"
    answer = score_match(game(deals))
    error = answer["errors"][0]
    assert (error["rule"], error["deal"], error["code"]) == ("C9", 6, "contract_not_row")
    assert (
        error["params"]["row"] == 1 and error["params"]["suit"] == "D" and error["params"]["contract"] == "H"
    )
    assert "H is not allowed" in error["message"]


def test_example_1_chooser_not_after_pushes_breaks_c3_3() -> None:
    deals = copy.deepcopy(DEALS)
    deals[5]["pushes"] = 1
    answer = score_match(game(deals))
    error = answer["errors"][0]
    assert (error["rule"], error["deal"]) == ("C3.3", 5)
    assert error["message"] == "chooser 4 is not 1 push after forehand 2"


# --- Example 2: Slalom tricks (row slalom×7, start obenabe) ---------------------------------

SLALOM = {"type": "slalom", "start": "obenabe"}


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def test_example_2_slalom_trick_modes_and_winners() -> None:
    modes = CoiffeurContract.parse(SLALOM).modes(coiffeur_options())
    assert [m.key for m in modes] == ["obenabe", "undenufe"] * 4 + ["obenabe"]
    # Trick 1 is Obenabe: HK led, HA, H6, C9; HA wins.
    assert trick_winner(modes[0].contract, cards("HK HA H6 C9")) == 1
    # Trick 2 is Undenufe: S8 led, S6, SK, D6; S6 wins (D6 is not of the led suit).
    assert trick_winner(modes[1].contract, cards("S8 S6 SK D6")) == 1


def test_example_2_throwing_d6_while_holding_s9_breaks_c5_1() -> None:
    answer = legal_cards(
        {
            "game": "coiffeur",
            "contract": SLALOM,
            "trick_index": 1,
            "hand": ["S9", "D6"],
            "trick": ["S8", "S6", "SK"],
        }
    )
    assert answer["mode"] == "undenufe"
    assert answer["legal"] == ["S9"]
    reason = answer["illegal"]["D6"]
    assert reason["rule"] == "C5.1"
    assert reason["params"]["play_rule"] == "S4.2"
    assert reason["params"]["mode"] == "undenufe"
    assert reason["message"].startswith("trick 2 is undenufe")
    assert "S9" in reason["message"]


def test_example_2_opening_points_count_obenabe_values_throughout() -> None:
    tables = CoiffeurContract.parse(SLALOM).points(coiffeur_options())
    assert sum(tables[0][c] for c in cards("HK HA H6 C9")) == 4 + 11 + 0 + 0 == 15
    assert sum(tables[1][c] for c in cards("S8 S6 SK D6")) == 8 + 0 + 4 + 0 == 12


def test_example_2_per_trick_points_count_each_tricks_mode() -> None:
    tables = CoiffeurContract.parse(SLALOM).points(coiffeur_options({"mixed_points": "per_trick"}))
    assert sum(tables[1][c] for c in cards("S8 S6 SK D6")) == 8 + 11 + 4 + 11 == 34


# --- Example 3: Misère (custom grid row misere×1, mode obenabe) and Konter-Match -------------

MISERE_GRID = [{"type": "misere", "factor": 1}, {"type": "suit", "suit": "C", "factor": 4}]


def misere(points: dict[str, Any], **options: Any) -> dict[str, Any]:
    return score_deal(
        {
            "game": "coiffeur",
            "options": {"grid": MISERE_GRID, **options},
            "forehand": 1,
            "chooser": 1,
            "row": 1,
            "contract": {"type": "misere", "mode": "obenabe"},
            "points": points,
        }
    )


def test_example_3_misere_writes_the_opponents_points() -> None:
    answer = misere({"team": 1, "value": 23})
    assert answer["valid"], answer["errors"]
    assert answer["written"] == 134
    assert answer["cell"] == 134
    assert answer["trick_points"] == [23, 134]


def test_example_3_misere_match_when_the_choosing_team_took_no_trick() -> None:
    answer = misere({"team": 2, "match": True})
    assert answer["cell"] == 257
    assert answer["match"] is True
    assert answer["konter"] is False


def test_example_3_misere_konter_match_when_the_choosing_team_took_all_nine() -> None:
    answer = misere({"team": 1, "match": True})
    assert (answer["cell"], answer["konter"], answer["match"]) == (0, True, False)
    penalty = misere({"team": 1, "match": True}, konter="penalty")
    assert penalty["cell"] == -100
    award = misere({"team": 1, "match": True}, konter="award")
    assert award["cell"] == 0
    assert award["bonus"] == [0, 257]


def test_example_3_misere_with_tricks_worth_nothing_writes_157() -> None:
    answer = misere({"team": 2, "value": 157})
    assert (answer["written"], answer["match"]) == (157, False)


@pytest.mark.parametrize(
    ("konter", "cell", "bonus"), [("zero", 0, [0, 0]), ("penalty", -400, [0, 0]), ("award", 0, [0, 1028])]
)
def test_example_3_konter_match_in_row_c_times_4(konter: str, cell: int, bonus: list[int]) -> None:
    answer = score_deal(
        {
            "game": "coiffeur",
            "options": {"grid": MISERE_GRID, "konter": konter},
            "forehand": 1,
            "chooser": 1,
            "row": 2,
            "contract": "C",
            "points": {"team": 2, "match": True},
        }
    )
    assert answer["valid"], answer["errors"]
    assert answer["konter"] is True
    assert answer["cell"] == cell
    assert answer["bonus"] == bonus


# --- Example 4: rounding in tens (jasstafel's test vectors) ----------------------------------

H3 = [{"type": "suit", "suit": "H", "factor": 3}]


def test_example_4_rounded_cells_and_row_difference() -> None:
    deals = [
        {"forehand": 1, "chooser": 1, "row": 1, "contract": "H", "points": {"team": 1, "value": 105}},
        {"forehand": 2, "chooser": 2, "row": 1, "contract": "H", "points": {"team": 2, "value": 60}},
    ]
    answer = score_match({"game": "coiffeur", "options": {"grid": H3, "rounding": "tens"}, "deals": deals})
    assert answer["valid"], answer["errors"]
    assert [answer["deals"][0]["written"], answer["deals"][1]["written"]] == [11, 6]
    assert answer["row_difference"] == [15]
    assert answer["totals"] == [33, 18]


def test_example_4_rounded_flat_match() -> None:
    answer = score_deal(
        {
            "game": "coiffeur",
            "options": {"grid": H3, "rounding": "tens", "match_bonus": "flat", "match_bonus_points": 300},
            "forehand": 1,
            "chooser": 1,
            "row": 1,
            "contract": "H",
            "points": {"team": 1, "match": True},
        }
    )
    assert answer["written"] == 16
    assert answer["cell"] + answer["bonus"][0] == 78


def test_example_4_rounded_konter_penalty() -> None:
    answer = score_deal(
        {
            "game": "coiffeur",
            "options": {"grid": H3, "rounding": "tens", "konter": "penalty"},
            "forehand": 1,
            "chooser": 1,
            "row": 1,
            "contract": "H",
            "points": {"team": 2, "match": True},
        }
    )
    assert answer["cell"] == -30


# --- The deal record and answer of "JSON records" ---------------------------------------------


def test_the_deal_record_example_answers_as_documented() -> None:
    answer = score_deal(
        {
            "game": "coiffeur",
            "options": {"grid": "official8"},
            "forehand": 1,
            "pushes": 1,
            "chooser": 2,
            "row": 5,
            "contract": "obenabe",
            "points": {"team": 2, "value": 112},
            "hands": None,
            "tricks": None,
        }
    )
    expected = {
        "valid": True,
        "errors": [],
        "team": 2,
        "row": 5,
        "factor": 5,
        "trick_points": [45, 112],
        "written": 112,
        "match": False,
        "konter": False,
        "cell": 560,
        "bonus": [0, 0],
    }
    assert {key: answer[key] for key in expected} == expected


def test_c3_4_example_forced_passes_round() -> None:
    # Forehand's team (1) is complete; all push, forehand and partner by force; forehand passes
    # again by force (the fifth pass) and seat 2, im Zwang, chooses: pushes 5, chooser forehand + 1.
    grid = [{"type": "suit", "suit": "D", "factor": 1}, {"type": "suit", "suit": "H", "factor": 2}]
    deals = [
        {"forehand": 1, "chooser": 1, "row": 1, "contract": "D", "points": {"team": 1, "value": 80}},
        {
            "forehand": 2,
            "pushes": 3,
            "chooser": 1,
            "row": 2,
            "contract": "H",
            "points": {"team": 1, "value": 80},
        },
        {
            "forehand": 1,
            "pushes": 5,
            "chooser": 2,
            "row": 1,
            "contract": "D",
            "points": {"team": 2, "value": 80},
        },
    ]
    answer = score_match({"game": "coiffeur", "options": {"grid": grid}, "deals": deals})
    assert answer["valid"], answer["errors"]
    assert answer["open_rows"] == [[], [2]]


def test_c8_3_catch_up_hint_after_deal_13() -> None:
    # Team 2 needs ⌈(4263 − 1929) / 6⌉ = 389 per open factor, more than w(M) = 257: out of reach.
    answer = score_match(game(DEALS[:14]))
    assert answer["catch_up"] == [None, 389]


def test_example_1_through_the_command_line() -> None:
    """The whole game of example 1 as `python -m rules_engine match` answers it (exit 0)."""
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "match"],
        input=json.dumps(game(DEALS)),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["totals"] == [4735, 2469]
    assert answer["winner"] == 1
    assert [entry["cell"] for entry in answer["deals"]] == [cell for _, _, cell, _, _ in TABLE]
