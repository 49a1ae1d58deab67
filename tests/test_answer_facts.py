"""Every fact a page or a sheet shows comes from the engine's answer (DEAL_RECORD.md additions):
the dealer, the next turn before the first deal, each format's target and the points still
needed, Schneider threatened, the Laube and the dice after each deal."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import score_deal, score_match


def schieber(forehand: int, value: int = 100, team: int = 1) -> dict[str, Any]:
    return {"forehand": forehand, "contract": "H", "points": {"team": team, "value": value}}


def klammern(forehand: int, declarer: int, value: int, **extra: Any) -> dict[str, Any]:
    """Four players, trump spades: ``declarer``'s team took ``value`` card points (Beet 82)."""
    team = 1 if declarer % 2 else 2
    return {
        "forehand": forehand,
        "trump": "S",
        "declarer": declarer,
        "points": {"team": team, "value": value},
        **extra,
    }


# -- the dealer (S2.3, K1.3: the dealer sits just before forehand) --------------------------------


@pytest.mark.parametrize(("forehand", "dealer"), [(1, 4), (2, 1), (3, 2), (4, 3)])
def test_a_schieber_deal_names_its_dealer(forehand: int, dealer: int) -> None:
    answer = score_deal({"game": "schieber", **schieber(forehand)})
    assert (answer["forehand"], answer["dealer"]) == (forehand, dealer)


@pytest.mark.parametrize(
    ("players", "forehand", "dealer"), [(4, 1, 4), (3, 1, 3), (3, 3, 2), (2, 1, 2), (2, 2, 1)]
)
def test_a_klammern_deal_names_its_dealer(players: int, forehand: int, dealer: int) -> None:
    points = {4: {"team": 1, "value": 90}, 3: {"sides": [70, 40, 24]}, 2: {"sides": [80, 54]}}[players]
    record = {
        "game": "klammern",
        "players": players,
        "forehand": forehand,
        "trump": "S",
        "declarer": 1,
        "points": points,
    }
    answer = score_deal(record)
    assert answer["valid"], answer["errors"]
    assert answer["dealer"] == dealer


# -- who deals and leads next, also before the first deal ------------------------------------------


def test_the_first_turn_comes_from_first_forehand() -> None:
    # S2.3: Rosen 7 holder leads the first deal; the seat before deals.
    answer = score_match({"game": "schieber", "first_forehand": 3, "deals": []})
    assert answer["next"] == {"dealer": 2, "forehand": 3}
    assert score_match({"game": "schieber", "deals": []})["next"] is None  # nobody said who
    # Once there is a deal, the rotation follows the last deal (S2.3 reading), not first_forehand.
    answer = score_match({"game": "schieber", "first_forehand": 3, "deals": [schieber(3)]})
    assert answer["next"] == {"dealer": 3, "forehand": 4}
    # K1.3: three players, the first dealer is seat 2, so seat 3 leads.
    answer = score_match({"game": "klammern", "players": 3, "first_forehand": 3, "deals": []})
    assert answer["next"] == {"dealer": 2, "forehand": 3}


def test_a_first_forehand_outside_the_table_is_malformed() -> None:
    from rules_engine import InvalidRecord

    with pytest.raises(InvalidRecord) as caught:
        score_match({"game": "klammern", "players": 2, "first_forehand": 3, "deals": []})
    assert caught.value.field == "first_forehand"


# -- the target of every format and the points still needed -----------------------------------------


def test_schieber_target_and_schneider_threatened() -> None:
    # S1.3: Schneider under half the target (1500 of 3000).
    answer = score_match({"game": "schieber", "deals": [schieber(1, 157)] * 10})
    assert answer["scores"] == [1570, 0]
    assert answer["target"] == 3000 and answer["points_needed"] == [1430, 3000]
    assert answer["schneider_threatened"] == [2]
    answer = score_match({"game": "schieber", "deals": [schieber(1, 157)] * 9})
    assert answer["schneider_threatened"] == []  # 1413 : 0, nobody past half yet
    finished = score_match({"game": "schieber", "target": 1000, "deals": [schieber(1, 157)] * 7})
    assert finished["finished"] is True and finished["schneider"] is True
    assert finished["schneider_threatened"] == []


@pytest.mark.parametrize(
    ("fields", "target", "needed"),
    [
        ({"format": "liga"}, 51, [42, 44]),  # K8.2 default 51; 90:74 -> 9:7 Augen (K8.1)
        ({"format": "liga", "target": 21}, 21, [12, 14]),
        ({"format": "small_big"}, None, None),  # K7.6: open-ended
        ({"format": "small_big", "target_big": 3}, 3, [3, 3]),  # no big point yet
        ({"format": "hamburg"}, 6, [4, 6]),  # K9.4: back to six; an Orgi won gives 2 (K9.2)
    ],
)
def test_klammern_target_of_every_format(
    fields: dict[str, Any], target: int | None, needed: list[int] | None
) -> None:
    answer = score_match({"game": "klammern", **fields, "deals": [klammern(1, 1, 90)]})
    assert answer["valid"], answer["errors"]
    assert answer["target"] == target
    assert answer["points_needed"] == needed


# -- the Laube and the dice after each deal ---------------------------------------------------------


def test_laube_after_each_deal() -> None:
    # K7.5: team 1 wins four deals (4:0, in the Laube: team 2 must play), then a fifth: a
    # Kalte (K7.3), and both start again at 0 (K7.4).
    answer = score_match({"game": "klammern", "deals": [klammern(n % 4 + 1, 1, 90) for n in range(5)]})
    deals = answer["deals"]
    assert [d["index"] for d in deals] == [0, 1, 2, 3, 4]
    assert [d["laube_after"] for d in deals] == [[], [], [], [1], []]
    assert [d["must_play_after"] for d in deals] == [None, None, None, 2, None]
    assert deals[3]["scores_after"] == {"small": [4, 0], "big": [0, 0]}
    assert deals[4]["scores_after"] == answer["scores"] == {"small": [0, 0], "big": [2, 0]}
    assert [d["scores_after"] for d in deals] == answer["running"]


def test_dice_after_each_deal() -> None:
    # K9.1-K9.2: each die starts at six (0); team 1 wins an Orgi (2), team 2 wins a little one (1).
    deals = [klammern(1, 1, 90), klammern(2, 2, 90, how="kleines")]
    answer = score_match({"game": "klammern", "format": "hamburg", "deals": deals})
    assert [d["dice_faces_after"] for d in answer["deals"]] == [[2, 6], [2, 1]]
    assert answer["dice_faces"] == [2, 1]


def test_a_deal_that_is_not_counted_has_no_after_states() -> None:
    # Deal 1 breaks K5.6 (Re without Kontra): nothing from it on is counted.
    deals = [klammern(1, 1, 90), klammern(2, 1, 90, re=True), klammern(3, 1, 90)]
    answer = score_match({"game": "klammern", "deals": deals})
    assert answer["valid"] is False and answer["points_needed"] is None
    assert [d["scores_after"] for d in answer["deals"]] == [{"small": [1, 0], "big": [0, 0]}, None, None]
    assert [d["laube_after"] for d in answer["deals"]] == [[], None, None]
