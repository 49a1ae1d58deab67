"""Void deals and penalties (D6.4), the 3-player form (D1.1, D2.2), ties (D7.4), the zero estimate (D6.3)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import score_deal, score_match

ONE = {"forehand": 1, "trump": "C", "estimates": [40, 0, 65, 50], "points": [43, 0, 65, 49]}


def partie(deals: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    return score_match({"game": "differenzler", "deals": deals, **fields})


def test_penalties_add_penalty_points_to_the_score() -> None:
    answer = score_deal(
        {"game": "differenzler", **ONE, "penalties": [0, 1, 0, 2], "options": {"penalty_points": 15}}
    )
    assert answer["penalty"] == [0, 15, 0, 30]
    assert answer["score"] == [3, 15, -10, 31]


def test_a_void_deal_scores_only_its_penalties_and_is_replayed_by_the_same_dealer() -> None:
    void = {"forehand": 2, "penalties": [0, 0, 1, 0], "void": True}
    answer = partie([ONE, void])
    assert answer["valid"], answer["errors"]
    entry = answer["deals"][1]
    assert entry["void"] is True and entry["made"] is None
    assert entry["difference"] == [0, 0, 0, 0] and entry["credit"] == [0, 0, 0, 0]
    assert entry["score"] == entry["penalty"] == [0, 0, 20, 0]
    assert answer["totals"] == [3, 0, 10, 1]
    assert answer["next"] == {"dealer": 1, "forehand": 2}
    assert answer["deals_counted"] == 1


def test_void_deals_do_not_count_toward_deal_count() -> None:
    void = {"forehand": 2, "penalties": [0, 0, 1, 0], "void": True}
    answer = partie([ONE, void, {**ONE, "forehand": 2}], deal_count=2)
    assert answer["valid"], answer["errors"]
    assert answer["finished"] is True


def test_three_players_a_points_record() -> None:
    answer = score_deal(
        {
            "game": "differenzler",
            "players": 3,
            "forehand": 3,
            "trump": "H",
            "estimates": [50, 60, 47],
            "points": [50, 60, 47],
            "tricks_won": [4, 5, 3],
        }
    )
    assert answer["valid"], answer["errors"]
    assert answer["dealer"] == 2
    assert answer["score"] == [-10, -10, -10]
    bad = score_deal(
        {
            "game": "differenzler",
            "players": 3,
            "forehand": 1,
            "trump": "H",
            "estimates": [50, 60, 47],
            "points": [50, 60, 47],
            "tricks_won": [4, 5, 4],
        }
    )
    assert bad["errors"][0]["code"] == "tricks_won_sum"
    assert bad["errors"][0]["params"]["count"] == 12


def test_three_player_passe_rotates_over_three_seats() -> None:
    deal = {"trump": "H", "estimates": [50, 60, 47], "points": [50, 60, 47]}
    answer = partie(
        [{**deal, "forehand": 1}, {**deal, "forehand": 2}, {**deal, "forehand": 3}], players=3, deal_count=12
    )
    assert answer["next"] == {"dealer": 3, "forehand": 1}
    assert answer["totals"] == [-30, -30, -30]


TIED = [
    # Seat 1: an exact hit and a difference of 14; seat 2: differences 2 and 2 → both total 4.
    {"forehand": 1, "trump": "C", "estimates": [43, 2, 70, 50], "points": [43, 0, 65, 49]},
    {"forehand": 2, "trump": "H", "estimates": [14, 63, 30, 40], "points": [28, 61, 20, 48]},
]


@pytest.mark.parametrize(
    ("tie", "lots", "expected"),
    [
        ("shared", None, [(1, 1, True), (1, 2, True)]),
        ("exact_hits", None, [(1, 1, False), (2, 2, False)]),
        ("lot", {"2": 1, "1": 2}, [(1, 2, False), (2, 1, False)]),
        ("lot", {"2": 1}, [(1, 1, True), (1, 2, True)]),  # not every tied seat drew a lot
    ],
)
def test_ties(tie: str, lots: Any, expected: list[tuple[int, int, bool]]) -> None:
    answer = partie(TIED, options={"tie": tie}, lots=lots)
    assert answer["valid"], answer["errors"]
    assert answer["totals"][:2] == [4, 4]
    top = [(e["rank"], e["seat"], e["shared"]) for e in answer["ranking"][:2]]
    assert top == expected
    assert answer["ranking"][2]["rank"] == 3


def test_zero_exact_always_credits_an_exact_zero() -> None:
    answer = score_deal({"game": "differenzler", **ONE, "options": {"zero_exact": "always"}})
    assert answer["credit"][1] == 10 and answer["score"][1] == -10


def test_exact_bonus_option() -> None:
    answer = score_deal({"game": "differenzler", **ONE, "options": {"exact_bonus": 5}})
    assert answer["score"][2] == -5


def test_open_form_without_dealer_credit_gives_none() -> None:
    answer = score_deal(
        {"game": "differenzler", **ONE, "options": {"form": "open"}, "estimates": [95, 0, 65, 50]}
    )
    assert answer["dealer_credit"] == 0
