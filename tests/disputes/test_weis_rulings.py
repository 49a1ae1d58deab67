"""Screen 3, "Whose Weis / melds count?": S6.5's steps, Undenufe's reversal, K5.2-K5.3's test vector."""

from __future__ import annotations

import pytest

from scorer.games.klammern.disputes import melds_ruling
from scorer.games.schieber.disputes import weis_ruling

pytestmark = pytest.mark.usefixtures("ctx")


def test_equal_runs_broken_by_trump() -> None:
    # DEAL_RECORD.md's example: H6-H8 (trump) against C6-C8: team 1 scores 20 (S6.5 step 4).
    ruling = weis_ruling("H", {1: [["H6", "H7", "H8"]], 2: [["C6", "C7", "C8"]]})
    assert ruling.data["winner"] == 1
    assert ruling.data["scored"] == [20, 0]
    steps = ruling.data["steps"]
    assert [s["winner"] for s in steps] == [None, None, None, 1]
    assert "S6.5" in ruling.rules


def test_equal_runs_broken_by_play_order() -> None:
    # Obenabe: no trump step; seat 4 plays after seat 1 (forehand): seat 1's run wins (step 5).
    ruling = weis_ruling("obenabe", {1: [["C6", "C7", "C8"]], 4: [["H6", "H7", "H8"]]}, forehand=1)
    assert ruling.data["winner"] == 1
    assert len(ruling.data["steps"]) == 5 and ruling.data["steps"][-1]["winner"] == 1
    # x3 in Obenabe (S3.3, S6.7)
    assert ruling.data["scored"] == [60, 0]


def test_play_order_counts_from_forehand() -> None:
    # Forehand 3: seat 4 plays second, seat 1 fourth: seat 4's run wins now.
    ruling = weis_ruling("obenabe", {1: [["C6", "C7", "C8"]], 4: [["H6", "H7", "H8"]]}, forehand=3)
    assert ruling.data["winner"] == 2


def test_undenufe_reverses_the_rank_step() -> None:
    # S6.5 step 3: in Undenufe the lower top card wins: 6-9 beats J-A.
    ruling = weis_ruling("undenufe", {1: [["CA", "CK", "CQ", "CJ"]], 2: [["H6", "H7", "H8", "H9"]]})
    assert ruling.data["winner"] == 2
    assert ruling.data["steps"][-1]["winner"] == 2 and ruling.data["steps"][-1]["step"] == 3
    assert ruling.data["undenufe"] is True
    assert any("Undenufe" in line for line in ruling.lines)
    # 50 x 4 (Undenufe factor, seed)
    assert ruling.data["scored"] == [0, 200]


def test_same_runs_in_obenabe_the_higher_wins() -> None:
    ruling = weis_ruling("obenabe", {1: [["CA", "CK", "CQ", "CJ"]], 2: [["H6", "H7", "H8", "H9"]]})
    assert ruling.data["winner"] == 1


def test_more_cards_beat_four_of_a_kind_at_equal_points() -> None:
    # S6.5 step 2 (more_cards): a run of five (100) beats four Könige (100).
    ruling = weis_ruling("H", {1: [["SK", "HK", "DK", "CK"]], 2: [["C6", "C7", "C8", "C9", "CT"]]})
    assert ruling.data["winner"] == 2
    assert ruling.data["steps"][-1]["step"] == 2


def test_winning_team_scores_both_players_weis() -> None:
    ruling = weis_ruling(
        "H", {1: [["C6", "C7", "C8"]], 3: [["DA", "DK", "DQ", "DJ"]], 2: [["S6", "S7", "S8"]]}
    )
    assert ruling.data["winner"] == 1 and ruling.data["scored"] == [70, 0]


def test_false_claims_are_named() -> None:
    # Four 9s score nothing in `seed` (S6.2); a broken run is no Weis (S6.1).
    ruling = weis_ruling("H", {1: [["H9", "C9", "D9", "S9"]], 2: [["C6", "C7", "C9"]]})
    rules = {c["rule"] for c in ruling.data["claims"] if not c["ok"]}
    assert rules == {"S6.2", "S6.1"}
    assert ruling.data["winner"] is None
    # In the official profile four 9s are 150.
    assert weis_ruling("H", {1: [["H9", "C9", "D9", "S9"]]}, profile="official").data["scored"] == [150, 0]


def test_card_in_two_weis() -> None:
    ruling = weis_ruling("H", {1: [["C6", "C7", "C8"], ["C8", "C9", "CT"]]})
    assert any(c["rule"] == "S6.3" for c in ruling.data["claims"])


def test_one_card_two_hands() -> None:
    ruling = weis_ruling("H", {1: [["C6", "C7", "C8"]], 2: [["C8", "C9", "CT"]]})
    assert any(not c["ok"] and c["rule"] == "S8" for c in ruling.data["claims"])


def test_klammern_k53_test_vector() -> None:
    # K5.3: A (seat 1) 9-10-J, B (2) 7-8-9, C (3) two Terzen 8-9-10, D (4) Q-K-A. D's is best: B and D score 40.
    claims = {
        1: [["S9", "ST", "SJ"]],
        2: [["H7", "H8", "H9"]],
        3: [["C8", "C9", "CT"], ["D8", "D9", "DT"]],
        4: [["HQ", "HK", "HA"]],
    }
    ruling = melds_ruling("S", claims)
    assert ruling.data["winner"] == 2 and ruling.data["points"] == [0, 40]
    # Without D's Terz, A's beats C's: A and C score 60.
    del claims[4]
    ruling = melds_ruling("S", claims)
    assert ruling.data["winner"] == 1 and ruling.data["points"] == [60, 0]


def test_klammern_fifty_beats_terz_and_trump_breaks_ties() -> None:
    ruling = melds_ruling("S", {1: [["HQ", "HK", "HA"]], 2: [["C7", "C8", "C9", "CT"]]})
    assert ruling.data["winner"] == 2 and ruling.data["steps"][0]["winner"] == 1
    ruling = melds_ruling("S", {1: [["HQ", "HK", "HA"]], 2: [["SQ", "SK", "SA"]]})
    assert ruling.data["winner"] == 2 and ruling.data["steps"][-1]["step"] == 3


def test_klammern_first_declared_and_suit_rank() -> None:
    claims = {1: [["DQ", "DK", "DA"]], 2: [["CQ", "CK", "CA"]]}
    assert melds_ruling("S", claims).data["winner"] == 1
    # K5.2 option suit_rank: clubs highest.
    assert melds_ruling("S", claims, tiebreak="suit_rank").data["winner"] == 2
