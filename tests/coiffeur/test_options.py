"""Every option key of COIFFEUR.md's "Rule options", and the grid presets of C2.3."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import legal_cards, score_deal, score_match
from rules_engine.coiffeur.contracts import CoiffeurContract
from rules_engine.coiffeur.options import coiffeur_options


def rows(answer: dict[str, Any]) -> list[tuple[str, int]]:
    return [(row.get("suit", row["type"]), row["factor"]) for row in answer["grid"]]


OFFICIAL8 = [
    ("D", 1),
    ("H", 2),
    ("S", 3),
    ("C", 4),
    ("obenabe", 5),
    ("undenufe", 6),
    ("wunsch", 7),
    ("wunsch", 8),
]
JASSTAFEL11 = [
    ("D", 1),
    ("C", 2),
    ("H", 3),
    ("S", 4),
    ("obenabe", 5),
    ("undenufe", 6),
    ("slalom", 7),
    ("guschti", 8),
    ("wunsch", 9),
    ("wunsch", 10),
    ("wunsch", 11),
]


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        (None, OFFICIAL8),  # C2.3 [reading]: official8 is the default
        ("official8", OFFICIAL8),
        ("ten", [*OFFICIAL8[:6], ("slalom", 7), ("guschti", 8), ("wunsch", 9), ("wunsch", 10)]),
        ("jasstafel11", JASSTAFEL11),
        ("twelve", [*JASSTAFEL11, ("wunsch", 12)]),
        ("six", OFFICIAL8[:6]),
    ],
)
def test_grid_presets(preset: str | None, expected: list[tuple[str, int]]) -> None:
    options = {} if preset is None else {"grid": preset}
    answer = score_match({"game": "coiffeur", "options": options, "deals": []})
    assert rows(answer) == expected
    assert answer["open_rows"] == [list(range(1, len(expected) + 1))] * 2
    assert answer["next"] is None and answer["finished"] is False and answer["decided"] is None


def test_custom_grid_with_misere_and_3x3() -> None:
    grid = [
        {"type": "misere", "factor": 1},
        {"type": "3x3", "factor": 4},
        {"type": "suit", "suit": "H", "factor": 2},
    ]
    answer = score_match({"game": "coiffeur", "options": {"grid": grid}, "deals": []})
    assert rows(answer) == [("misere", 1), ("3x3", 4), ("H", 2)]
    assert answer["bounds"]["max"] == [257 * 7, 257 * 7]


def one(
    contract: Any, points: dict[str, Any], grid: list[dict[str, Any]] | None = None, **options: Any
) -> dict[str, Any]:
    grid = grid or [{"type": "suit", "suit": "H", "factor": 2}]
    return score_deal(
        {
            "game": "coiffeur",
            "options": {"grid": grid, **options},
            "forehand": 1,
            "chooser": 1,
            "row": 1,
            "contract": contract,
            "points": points,
        }
    )


def test_match_value_option() -> None:
    assert one("H", {"team": 1, "match": True})["cell"] == 2 * 257
    assert one("H", {"team": 1, "match": True}, match_value=157)["cell"] == 2 * 157
    # No effect under flat: the written Match is 157.
    flat = one("H", {"team": 1, "match": True}, match_value=300, match_bonus="flat", match_bonus_points=200)
    assert (flat["cell"], flat["bonus"]) == (2 * 157, [200, 0])


def test_opponents_score_lost_credits_the_opponents_outside_the_grid() -> None:
    lost = one("H", {"team": 1, "value": 70}, opponents_score="lost")
    assert (lost["cell"], lost["bonus"]) == (140, [0, 2 * 87])
    won = one("H", {"team": 1, "value": 80}, opponents_score="lost")
    assert won["bonus"] == [0, 0]
    konter = one("H", {"team": 2, "match": True}, opponents_score="lost")
    assert (konter["cell"], konter["bonus"]) == (0, [0, 2 * 157])
    # C5.4: not in Misère.
    grid = [{"type": "misere", "factor": 1}]
    misere = one(
        {"type": "misere", "mode": "obenabe"}, {"team": 1, "value": 140}, grid, opponents_score="lost"
    )
    assert misere["bonus"] == [0, 0]


def test_opponents_score_lost_in_tens() -> None:
    lost = one("H", {"team": 1, "value": 70}, opponents_score="lost", rounding="tens")
    assert (lost["written"], lost["bonus"]) == (7, [0, 2 * 9])


def test_konter_award_in_tens_and_flat_bonus_of_a_misere_match() -> None:
    award = one("H", {"team": 2, "match": True}, konter="award", konter_award=300, rounding="tens")
    assert award["bonus"] == [0, 2 * 30]
    grid = [{"type": "misere", "factor": 3}]
    flat = one({"type": "misere", "mode": "undenufe"}, {"team": 2, "match": True}, grid, match_bonus="flat")
    assert (flat["written"], flat["cell"], flat["bonus"], flat["match"]) == (157, 3 * 157, [500, 0], True)


def test_konter_penalty_amount() -> None:
    assert one("H", {"team": 2, "match": True}, konter="penalty", konter_penalty=50)["cell"] == -100


def test_bounds_with_every_option_that_moves_them() -> None:
    options = {
        "grid": [{"type": "suit", "suit": "H", "factor": 2}, {"type": "obenabe", "factor": 3}],
        "match_bonus": "flat",
        "konter": "award",
        "opponents_score": "lost",
    }
    answer = score_match({"game": "coiffeur", "options": options, "deals": []})
    # C8.1: 157 × 5 + 500 × 2 rows + 257 × 5 (award) + 157 × 5 (lost) for each team.
    assert answer["bounds"]["max"] == [785 + 1000 + 1285 + 785] * 2
    penalty = score_match({"game": "coiffeur", "options": {**options, "konter": "penalty"}, "deals": []})
    assert penalty["bounds"]["min"] == [-500, -500]


@pytest.mark.parametrize(
    ("split", "expected"), [(5, ["obenabe"] * 5 + ["undenufe"] * 4), (4, ["obenabe"] * 4 + ["undenufe"] * 5)]
)
def test_guschti_split(split: int, expected: list[str]) -> None:
    contract = CoiffeurContract.parse({"type": "guschti", "start": "obenabe"})
    assert [m.key for m in contract.modes(coiffeur_options({"guschti_split": split}))] == expected
    assert (
        legal_cards(
            {
                "game": "coiffeur",
                "options": {"guschti_split": split},
                "contract": {"type": "guschti", "start": "obenabe"},
                "trick_index": 4,
                "hand": ["HA"],
            }
        )["mode"]
        == expected[4]
    )


def test_three_by_three_default_order_and_given_order() -> None:
    default = CoiffeurContract.parse({"type": "3x3", "trump": "H"})
    assert [m.key for m in default.modes(coiffeur_options())] == ["H"] * 3 + ["undenufe"] * 3 + [
        "obenabe"
    ] * 3
    given = CoiffeurContract.parse({"type": "3x3", "trump": "S", "order": ["obenabe", "trump", "undenufe"]})
    assert [m.key for m in given.modes(coiffeur_options())] == ["obenabe"] * 3 + ["S"] * 3 + ["undenufe"] * 3


def test_undenufe_points_option() -> None:
    six11 = CoiffeurContract.parse("undenufe").points(coiffeur_options())[0]
    ace11 = CoiffeurContract.parse("undenufe").points(coiffeur_options({"undenufe_points": "ace11"}))[0]
    from rules_engine.cards import Card

    assert (six11[Card.parse("H6")], six11[Card.parse("HA")], six11[Card.parse("H8")]) == (11, 0, 8)
    assert (ace11[Card.parse("H6")], ace11[Card.parse("HA")]) == (0, 11)


def test_three_by_three_opening_with_trump_counts_trump_values_throughout() -> None:
    from rules_engine.cards import Card

    tables = CoiffeurContract.parse({"type": "3x3", "trump": "H"}).points(coiffeur_options())
    assert tables[8][Card.parse("HJ")] == 20 and tables[8][Card.parse("H9")] == 14
    assert tables[8][Card.parse("C8")] == 0
    per_trick = CoiffeurContract.parse({"type": "3x3", "trump": "H"}).points(
        coiffeur_options({"mixed_points": "per_trick"})
    )
    assert per_trick[8][Card.parse("HJ")] == 2 and per_trick[8][Card.parse("C8")] == 8


def test_misere_modes_may_add_suits_and_then_undertrumping_is_allowed_when_void() -> None:
    contract = {"type": "misere", "mode": "H"}
    options = {"misere_modes": ["obenabe", "H"]}
    # Spade led, a higher trump in the trick; the player holds no spade: the lower trump is allowed (C5.4).
    void = legal_cards(
        {
            "game": "coiffeur",
            "options": options,
            "contract": contract,
            "hand": ["H6", "C7"],
            "trick": ["S8", "HA"],
        }
    )
    assert void["legal"] == ["H6", "C7"]
    # In a plain trump contract that undertrump is S4.4.
    plain = legal_cards({"game": "coiffeur", "contract": "H", "hand": ["H6", "C7"], "trick": ["S8", "HA"]})
    assert plain["illegal"]["H6"]["rule"] == "S4.4"
    # Holding the led suit and trumping low is still S4.4, cited through C5.4.
    holding = legal_cards(
        {
            "game": "coiffeur",
            "options": options,
            "contract": contract,
            "hand": ["H6", "S7"],
            "trick": ["S8", "HA"],
        }
    )
    assert holding["illegal"]["H6"]["rule"] == "C5.4"
    assert holding["illegal"]["H6"]["params"]["play_rule"] == "S4.4"


def test_three_by_three_under_has_no_privilege_outside_the_trump_segment() -> None:
    contract = {"type": "3x3", "trump": "H"}
    # Trick 1 (trump segment): a bare Buur may be held back on a trump lead (S4.5).
    trump = legal_cards(
        {"game": "coiffeur", "contract": contract, "trick_index": 0, "hand": ["HJ", "C7"], "trick": ["H6"]}
    )
    assert trump["legal"] == ["HJ", "C7"]
    # Trick 4 (undenufe segment): hearts are a plain suit; the Under must follow.
    plain = legal_cards(
        {"game": "coiffeur", "contract": contract, "trick_index": 3, "hand": ["HJ", "C7"], "trick": ["H6"]}
    )
    assert plain["legal"] == ["HJ"]
    assert plain["illegal"]["C7"]["rule"] == "C5.3"
    assert plain["mode"] == "undenufe"


def test_push_partner_and_round_options_change_the_chooser_check() -> None:
    record = {
        "game": "coiffeur",
        "forehand": 1,
        "pushes": 1,
        "chooser": 3,
        "row": 1,
        "contract": "D",
        "points": {"team": 1, "value": 90},
    }
    assert score_deal({**record, "options": {"push": "partner"}})["valid"]
    assert not score_deal({**record, "options": {"push": "round"}})["valid"]


def test_rounding_half_up() -> None:
    grid = [{"type": "suit", "suit": "H", "factor": 1}]
    assert one("H", {"team": 1, "value": 104}, grid, rounding="tens")["written"] == 10
    assert one("H", {"team": 1, "value": 105}, grid, rounding="tens")["written"] == 11
    assert one("H", {"team": 1, "match": True}, grid, rounding="tens")["written"] == 26
