"""Whole Klammern matches through the public entry point ``rules_engine.score_match``
and the command line, with full deal records (DEAL_RECORD.md). Figures worked by hand:

* 4 players, team ``T`` declares with ``value`` card points and no melds: it wins with
  more than the Beet 82 (K6.3): 90 wins, 82 loses.
* Liga Augen (K8.1, K8.3): 90:74 -> 9:7; 84:80 -> 8:8; a lost deal gives the defenders
  all 164 -> 16.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from rules_engine import InvalidRecord, score_match
from rules_engine.cli import main


def deal(forehand: int, declarer: int, value: int, **extra: Any) -> dict[str, Any]:
    """A four-player deal: ``declarer``'s team took ``value`` card points (trump spades)."""
    team = 1 if declarer % 2 == 1 else 2
    return {
        "forehand": forehand,
        "trump": "S",
        "declarer": declarer,
        "how": "orgi",
        "points": {"team": team, "value": value},
        **extra,
    }


def klammern(deals: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    return score_match({"game": "klammern", **fields, "deals": deals})


# Small and big points (K7)


def test_kalte_sequence() -> None:
    answer = klammern([deal(i % 4 + 1, 1, 90) for i in range(5)])
    assert answer["valid"] is True, answer["errors"]
    assert answer["scores"] == {"small": [0, 0], "big": [2, 0]}
    assert answer["kalte"] == [4]
    assert [d["small_points"] for d in answer["deals"]] == [[1, 0]] * 5
    # Deal 4 had forehand 1: seat 1 deals next and seat 2 leads (K1.3).
    assert answer["next"] == {"dealer": 1, "forehand": 2}
    assert answer["finished"] is False and answer["winner"] is None


def test_six_to_nothing_after_kontra_is_a_kalte() -> None:
    deals = [deal(1, 1, 90) for _ in range(4)] + [deal(1, 1, 90, kontra=True)]
    answer = klammern(deals)
    assert answer["scores"] == {"small": [0, 0], "big": [2, 0]}
    assert answer["kalte"] == [4]


def test_five_to_three_and_the_laube() -> None:
    # Team 2 wins three (0:3), team 1 wins four (4:3: team 1 in the Laube, team 2 must play).
    deals = [deal(1, 2, 90) for _ in range(3)] + [deal(1, 1, 90) for _ in range(4)]
    answer = klammern(deals)
    assert answer["scores"] == {"small": [4, 3], "big": [0, 0]}
    assert answer["laube"] == [1] and answer["must_play"] == 2
    # Team 2 plays, as bound, and loses (82 is a tie: K6.3): 6:3 -> one big point, 0:0.
    answer = klammern([*deals, deal(2, 2, 82)])
    assert answer["scores"] == {"small": [0, 0], "big": [1, 0]}
    assert answer["kalte"] == [] and answer["laube"] == [] and answer["must_play"] is None
    assert answer["must_play_missed"] == []


def test_both_in_the_laube() -> None:
    deals = [deal(1, 1, 90) for _ in range(4)] + [deal(1, 2, 90) for _ in range(4)]
    answer = klammern(deals)
    assert answer["laube"] == [1, 2] and answer["must_play"] is None


def test_target_big_ends_the_match_and_rejects_an_extra_deal() -> None:
    deals = [deal(1, 1, 90) for _ in range(5)]
    answer = klammern(deals, target_big=2)
    assert answer["finished"] is True and answer["winner"] == 1
    assert "next" not in answer
    answer = klammern([*deals, deal(2, 2, 90)], target_big=2)
    assert answer["valid"] is False
    assert answer["scores"] is None
    assert [(e["rule"], e["deal"]) for e in answer["errors"]] == [("K7.6", 5)]


def test_a_broken_deal_is_named_and_nothing_is_scored() -> None:
    # 163 card points are impossible (K10).
    answer = klammern([deal(1, 1, 90), deal(2, 1, 163), deal(3, 1, 90)])
    assert answer["valid"] is False
    assert answer["scores"] is None
    assert answer["errors"] and {e["deal"] for e in answer["errors"]} == {1}
    assert all(e["rule"].startswith("K") for e in answer["errors"])
    assert answer["deals"][0]["valid"] is True and answer["deals"][1]["valid"] is False


def test_three_players_small_big() -> None:
    # Seat 1 plays and takes 90 of 164 (K1.4: more than half of all points): 1 small point.
    deals = [{"forehand": 1, "trump": "H", "declarer": 1, "points": {"sides": [90, 40, 34]}}] * 4
    answer = klammern(deals, players=3)
    assert answer["valid"] is True, answer["errors"]
    assert answer["scores"] == {"small": [4, 0, 0], "big": [0, 0, 0]}
    assert answer["laube"] == [1] and answer["must_play"] is None  # K1.4
    assert answer["next"] == {"dealer": 1, "forehand": 2}


# Liga (K8)


def test_liga_to_51() -> None:
    deals = [deal(i % 4 + 1, 1, 90) for i in range(6)]  # 9:7 each
    answer = klammern(deals[:5], format="liga")
    assert answer["scores"] == [45, 35] and answer["finished"] is False
    answer = klammern(deals, format="liga")
    assert answer["scores"] == [54, 42]
    assert answer["finished"] is True and answer["winner"] == 1
    assert answer["durchmarsch"] is None


def test_liga_lost_deal_gives_the_defenders_all_points() -> None:
    answer = klammern([deal(1, 1, 60)], format="liga")
    assert answer["scores"] == [0, 16]


def test_liga_both_reach_the_target_higher_total_wins() -> None:
    # Target 15: team 2 wins 90:74 (7:9), then team 1 wins 84:80 (8:8) -> 15:17.
    deals = [deal(1, 2, 90), deal(2, 1, 84)]
    answer = klammern(deals, format="liga", target=15)
    assert answer["scores"] == [15, 17]
    assert answer["winner"] == 2


def test_liga_both_reach_the_target_equal_totals_deal_winner_wins() -> None:
    # Target 16: team 1 wins 90:74 (9:7), then team 2 wins 90:74 (7:9) -> 16:16, team 2.
    answer = klammern([deal(1, 1, 90), deal(2, 2, 90)], format="liga", target=16)
    assert answer["scores"] == [16, 16]
    assert answer["winner"] == 2


def march(forehand: int, seat: int, all_tricks: bool) -> dict[str, Any]:
    team = 1 if seat % 2 == 1 else 2
    return {
        "forehand": forehand,
        "trump": "S",
        "declarer": seat,
        "durchmarsch": seat,
        "points": {"team": team, "all_tricks": all_tricks},
    }


def test_liga_durchmarsch_success() -> None:
    answer = klammern([deal(1, 2, 90), march(2, 1, True)], format="liga")
    assert answer["valid"] is True, answer["errors"]
    assert answer["scores"] == [7, 9]
    assert answer["finished"] is True and answer["winner"] == 1
    assert answer["durchmarsch"] == {"deal": 1, "side": 1, "succeeded": True}


def test_liga_durchmarsch_failure() -> None:
    answer = klammern([deal(1, 1, 90), march(2, 1, False)], format="liga")
    assert answer["finished"] is True and answer["winner"] == 2
    assert answer["durchmarsch"] == {"deal": 1, "side": 1, "succeeded": False}
    answer = klammern([deal(1, 1, 90), march(2, 1, False), deal(3, 1, 90)], format="liga")
    assert answer["valid"] is False
    assert [(e["rule"], e["deal"]) for e in answer["errors"]] == [("K8.4", 2)]


def test_liga_extra_deal_after_the_target() -> None:
    deals = [deal(1, 1, 90) for _ in range(7)]
    answer = klammern(deals, format="liga")
    assert [(e["rule"], e["deal"], e["code"]) for e in answer["errors"]] == [("K8.2", 6, "deal_after_end")]


# Hamburg (K9)


def test_ben_and_sue() -> None:
    deals = [
        {"forehand": 1, "trump": "S", "declarer": 1, "how": "orgi", "points": {"sides": [90, 40]}},
        {"forehand": 2, "trump": "H", "declarer": 2, "how": "kleines", "points": {"sides": [30, 80]}},
    ]
    answer = klammern(deals, players=2, format="hamburg")
    assert answer["valid"] is True, answer["errors"]
    assert answer["scores"] == [2, 1]
    assert answer["dice_faces"] == [2, 1]
    assert answer["next"] == {"dealer": 2, "forehand": 1}


def test_hamburg_first_to_six_and_extra_deal() -> None:
    deals = [deal(1, 1, 90), deal(2, 1, 90), deal(3, 1, 90)]  # three Orgis won by team 1
    answer = klammern(deals, format="hamburg")
    assert answer["scores"] == [6, 0] and answer["dice_faces"] == [6, 6]
    assert answer["finished"] is True and answer["winner"] == 1
    answer = klammern([*deals, deal(4, 2, 90)], format="hamburg")
    assert [(e["rule"], e["deal"]) for e in answer["errors"]] == [("K9.4", 3)]


def test_hamburg_lost_orgi_with_kontra() -> None:
    answer = klammern([deal(1, 1, 60, kontra=True)], format="hamburg")
    assert answer["scores"] == [0, 8]
    assert answer["finished"] is True and answer["winner"] == 2


# Malformed input and the command line


def test_malformed_deal_is_invalid_record_naming_the_deal() -> None:
    with pytest.raises(InvalidRecord, match=r"deals\[1\]"):
        klammern(
            [deal(1, 1, 90), {"forehand": 1, "trump": "X", "declarer": 1, "points": {"team": 1, "value": 90}}]
        )


def test_options_are_checked_even_without_deals() -> None:
    with pytest.raises(InvalidRecord, match="jappa_total"):
        klammern([], options={"jappa_total": "yes"})


def test_jappa_total_option_reaches_every_deal() -> None:
    # With jappa_total a deal totals 162 (K2.5): 90 taken leaves 72 to the other team.
    answer = klammern([deal(1, 1, 90)], options={"jappa_total": True})
    assert answer["deals"][0]["card_points"] == [90, 72]


def run_cli(record: Any) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["match"], stdin=io.StringIO(json.dumps(record)), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_command_line_exit_codes() -> None:
    status, out, _err = run_cli({"game": "klammern", "deals": [deal(1, 1, 90)]})
    assert status == 0 and json.loads(out)["scores"] == {"small": [1, 0], "big": [0, 0]}
    status, out, _err = run_cli({"game": "klammern", "deals": [deal(1, 1, 163)]})
    assert status == 1 and json.loads(out)["valid"] is False
    status, out, err = run_cli({"game": "klammern", "target": 51, "deals": []})
    assert status == 2 and out == "" and "target" in err


@pytest.mark.parametrize(("forehand", "winner"), [(2, 2), (3, 1), (1, 1)])
def test_liga_three_players_tie_goes_by_play_order(forehand: int, winner: int) -> None:
    # Seat 3 plays and loses 60:60:44 twice (K1.4: each opponent scores its own points,
    # the declarer 0): 6:6:0, then 12:12:0 -- both opponents reach target 10 with equal
    # totals and both won the deal: the earlier in play order from forehand wins.
    lost = {"forehand": 1, "trump": "D", "declarer": 3, "points": {"sides": [60, 60, 44]}}
    answer = klammern([lost, {**lost, "forehand": forehand}], players=3, format="liga", target=10)
    assert answer["valid"] is True, answer["errors"]
    assert answer["scores"] == [12, 12, 0]
    assert answer["winner"] == winner
