"""Klammern by two and three players (K1.1, K1.4) on every dispute screen's ruling.

Every expected figure is worked out by hand from rules/KLAMMERN.md; the comments show the
arithmetic. Card points (K2.4): A 11, 10 10, K 4, Q 3, J 2, the trump J 22, the trump 9 14,
the last trick 10.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorer.disputes.card import card_ruling
from scorer.disputes.count import count_ruling
from scorer.disputes.replay import replay_ruling
from scorer.disputes.trick import trick_ruling
from scorer.games.klammern.disputes import melds_ruling
from scorer.games.ruling import Unreadable

pytestmark = pytest.mark.usefixtures("ctx")


# --------------------------------------------------------------------------- was that card allowed?


def test_three_players_must_overtrump() -> None:
    # K4.3: clubs led, ST trumped in; the hand has no club, SJ beats ST, so S7 (under) is wrong.
    ruling = card_ruling("klammern", "S", ["S7", "SJ", "D8"], ["CA", "ST"], "S7", players=3)
    assert ruling.ok is False
    assert ruling.rules[0] == "K4.3"
    assert ruling.data["legal"] == ["SJ"]
    assert ("Players", "3") in ruling.facts


def test_two_players_must_follow_suit() -> None:
    # K4.2: HA led by the only opponent; the hand holds H7.
    ruling = card_ruling("klammern", "S", ["H7", "S7", "CA"], ["HA"], "CA", players=2)
    assert ruling.ok is False and ruling.rules[0] == "K4.2"
    assert ruling.data["legal"] == ["H7"]


def test_two_players_trick_is_complete_at_two_cards() -> None:
    # The same two cards were a legal trick-so-far with three players (above); with two the trick is over.
    with pytest.raises(Unreadable) as problem:
        card_ruling("klammern", "S", ["S7", "SJ", "D8"], ["CA", "ST"], "S7", players=2)
    assert problem.value.field == "trick"
    assert "2 players" in problem.value.message


def test_three_card_trick_refused_for_three_but_not_for_four() -> None:
    with pytest.raises(Unreadable):
        card_ruling("klammern", "H", ["H7"], ["CA", "CK", "CQ"], "H7", players=3)
    # K4.3 with four: cannot follow clubs, must trump.
    assert card_ruling("klammern", "H", ["H7"], ["CA", "CK", "CQ"], "H7").ok is True


def test_klammern_table_of_five_is_refused() -> None:
    with pytest.raises(Unreadable) as problem:
        card_ruling("klammern", "S", ["S7"], [], "S7", players=5)
    assert problem.value.field == "players" and "K1.1" in problem.value.message


def test_schieber_ignores_the_klammern_table_size() -> None:
    ruling = card_ruling("schieber", "H", ["H6", "C6", "CA"], ["CK", "H9"], "H6", players=2)
    assert ruling.ok is False and ruling.rules[0] == "S4.4"
    assert all(label != "Players" for label, _value in ruling.facts)


# --------------------------------------------------------------------------- who takes this trick?


def test_three_players_trump_wins_and_seats_wrap_at_three() -> None:
    # K4.4: H is trump, H7 the only trump. Seat 3 led, so H7 (second card) is seat 1's — with four
    # players it would have been seat 4's. 11 + 0 + 10 = 21.
    ruling = trick_ruling("klammern", "H", ["CA", "H7", "CT"], leader=3, players=3)
    assert ruling.data["winner"] == "H7" and ruling.data["seat"] == 1
    assert [row["seat"] for row in ruling.data["rows"]] == [3, 1, 2]
    assert ruling.data["points"] == 21 and ruling.rules == ["K4.4"]


def test_two_players_highest_of_suit_led() -> None:
    # K4.4: no trump (S) in the trick: DA beats DK; seat 2 led, so DA is seat 1's. 4 + 11 = 15.
    ruling = trick_ruling("klammern", "S", ["DK", "DA"], leader=2, players=2)
    assert ruling.data["winner"] == "DA" and ruling.data["seat"] == 1 and ruling.data["points"] == 15


def test_trick_must_have_one_card_per_player() -> None:
    with pytest.raises(Unreadable) as problem:
        trick_ruling("klammern", "S", ["DK", "DA", "D7", "D8"], players=3)
    assert problem.value.field == "cards" and "3 players" in problem.value.message


def test_leader_must_sit_at_the_table() -> None:
    with pytest.raises(Unreadable) as problem:
        trick_ruling("klammern", "S", ["DK", "DA"], leader=3, players=2)
    assert problem.value.field == "leader"
    assert problem.value.message == "Seat 3 does not play at a table of 2 players."


def test_without_a_table_size_one_player_per_card() -> None:
    # Links without the table's size: three cards, three players.
    assert trick_ruling("klammern", "H", ["CA", "H7", "CT"], leader=3).data["seat"] == 1


# --------------------------------------------------------------------------- melds (K5, K1.4)

CLAIMS = {1: [["DQ", "DK", "DA"]], 2: [["C7", "C8", "C9"]], 3: [["H8", "H9", "HT"]]}


def test_three_players_only_the_best_player_scores() -> None:
    # K5.2: the A-high Terz of seat 1 is best. With four, seats 1 and 3 are partners and score 40
    # (K5.3); with three, each plays alone and only seat 1 scores its 20 (K1.4).
    alone = melds_ruling("S", CLAIMS, forehand=1, players=3)
    assert alone.verdict == "Seat 1 scores the melds: 20."
    assert alone.data["points"] == [20, 0, 0]
    assert alone.data["award"] == "Scored: seat 1: 20, seat 2: 0, seat 3: 0"
    assert alone.rules[:3] == ["K1.4", "K5.2", "K5.3"]
    teams = melds_ruling("S", CLAIMS, forehand=1, players=4)
    assert teams.verdict == "Team 1 scores the melds: 40." and teams.data["points"] == [40, 0]


def test_three_players_first_declared_counts_from_forehand_around_three_seats() -> None:
    # K5.2: equal K-high Terzen, neither in trumps (S). Forehand 2: play order 2, 3, 1, so seat 3's
    # was declared first and seat 3 alone scores 20 (K1.4). (With four, seats 1 and 3 are one team.)
    claims = {1: [["CJ", "CQ", "CK"]], 3: [["HJ", "HQ", "HK"]]}
    ruling = melds_ruling("S", claims, forehand=2, players=3)
    assert ruling.data["winner"] == 3 and ruling.data["points"] == [0, 0, 20]
    assert ruling.data["steps"][-1]["step"] == 4


def test_two_players_tiebreak_options() -> None:
    # Forehand 2 plays first: first_declared gives seat 2's hearts Terz; suit_rank puts clubs
    # (seat 1) above hearts (K5.2 option).
    claims = {1: [["CJ", "CQ", "CK"]], 2: [["HJ", "HQ", "HK"]]}
    assert melds_ruling("S", claims, forehand=2, players=2).data["points"] == [0, 20]
    assert melds_ruling("S", claims, forehand=2, tiebreak="suit_rank", players=2).data["points"] == [20, 0]


def test_two_players_a_fifty_beats_a_terz_and_a_trump_terz() -> None:
    # K5.2: a Fifty always beats a Terz, even a trump one; seat 2 scores its Fifty and its Terz: 70.
    claims = {1: [["SQ", "SK", "SA"]], 2: [["D7", "D8", "D9", "DT"], ["C7", "C8", "C9"]]}
    ruling = melds_ruling("S", claims, forehand=1, players=2)
    assert ruling.data["points"] == [0, 70]
    assert ruling.data["steps"][0]["winner"] == 1  # decided at step 1, Fifty or Terz


def test_claim_for_a_seat_the_table_lacks_names_that_seat() -> None:
    with pytest.raises(Unreadable) as problem:
        melds_ruling("S", {1: [["DQ", "DK", "DA"]], 3: [["H8", "H9", "HT"]]}, players=2)
    assert problem.value.field == "seat_3"
    with pytest.raises(Unreadable) as problem:
        melds_ruling("S", {1: [["DQ", "DK", "DA"]]}, forehand=4, players=3)
    assert problem.value.field == "forehand"


def test_no_meld_with_three_players() -> None:
    ruling = melds_ruling("S", {2: [["D7", "D9", "DT"]]}, players=3)
    assert ruling.verdict == "No valid meld: nobody scores melds."
    assert ruling.rules[0] == "K5.1"


def test_two_players_bella_scores_whatever_the_melds() -> None:
    # K5.2: seat 1's Fifty beats everything and scores 50 (K5.3); seat 2 announced Bella (trump S K and Q):
    # 20 for seat 2 all the same (K5.5).
    ruling = melds_ruling("S", {1: [["D7", "D8", "D9", "DT"]]}, players=2, bella=2)
    assert ruling.data["points"] == [50, 0] and ruling.data["bella"] == [0, 20]
    assert ruling.data["award"] == "Scored: seat 1: 50, seat 2: 20"
    assert "K5.5" in ruling.rules


def test_three_players_bella_refused_when_another_seat_melds_the_trump_queen() -> None:
    # K5.5/K10: seat 1 melds SJ SQ SK, so seat 3 cannot hold SK and SQ: no Bella points.
    ruling = melds_ruling("S", {1: [["SJ", "SQ", "SK"]]}, players=3, bella=3)
    assert ruling.ok is False and ruling.data["bella"] == [0, 0, 0]
    assert ruling.data["points"] == [20, 0, 0]
    assert any("SQ" in line and "seat 1" in line for line in ruling.lines)


def test_bella_with_its_own_sequence_and_for_a_team() -> None:
    # K5.5: Bella's cards may be part of a sequence. Four players: seat 3 is team 1: 20 Terz + 20 Bella.
    ruling = melds_ruling("S", {3: [["SQ", "SK", "SA"]]}, players=4, bella=3)
    assert ruling.data["scored"] == [40, 0]
    assert "Bella of seat 3: 20 for team 1, whatever the meld comparison (K5.5)." in ruling.lines


def test_bella_seat_must_sit_at_the_table() -> None:
    with pytest.raises(Unreadable) as problem:
        melds_ruling("S", {}, players=2, bella=3)
    assert problem.value.field == "bella"


# --------------------------------------------------------------------------- is this count possible?


def test_two_players_at_most_152() -> None:
    # K1.4 + K2.4: 16 cards in play. The best 16: trump J 22, trump 9 14, four A 44, four 10 40,
    # four K 16, two Q 6 = 142, plus the last trick 10 = 152. 153..164 are out of reach.
    best = count_ruling("klammern", "S", 152, players=2)
    assert best.ok is True and best.data["tricks"] == 8 and len(best.data["example"]) == 16
    assert best.data["other"] is None  # not every card is in play: the other player's points are open
    assert "K1.4" in best.rules
    for points in (153, 160, 164):
        assert count_ruling("klammern", "S", points, players=2).ok is False
    # With four, 160 is possible (the other team takes a trick worth 4).
    assert count_ruling("klammern", "S", 160, players=4).ok is True


def test_three_players_all_points_but_not_163() -> None:
    # 24 cards in play hold all 21 cards that score (154) and three blanks: 154 + 10 = 164 is possible,
    # 163 is not (no card is worth 1, K10), nor is 1.
    assert count_ruling("klammern", "S", 164, players=3).ok is True
    assert count_ruling("klammern", "S", 163, players=3).ok is False
    assert count_ruling("klammern", "S", 1, players=3).ok is False
    # Two points: a plain J (2) with two blanks, one trick of three.
    two = count_ruling("klammern", "S", 2, players=3)
    assert two.ok is True and two.data["tricks"] == 1 and len(two.data["example"]) == 3


# --------------------------------------------------------------------------- replays

TWO_HANDS = {"1": "SJ S9 SA HA HT CA DA DT".split(), "2": "S7 S8 H7 H8 C7 C8 D7 D8".split()}
TWO_TRICKS = ["SJ S7", "S9 S8", "SA H7", "HA H8", "HT C7", "CA C8", "DA D7", "DT D8"]


def two_player_record(tricks: list[str]) -> dict[str, Any]:
    return {
        "game": "klammern",
        "players": 2,
        "format": "small_big",
        "forehand": 1,
        "trump": "S",
        "declarer": 1,
        "how": "orgi",
        "hands": TWO_HANDS,
        "tricks": [t.split() for t in tricks],
    }


def test_two_player_deal_replayed() -> None:
    # Seat 1 takes every trick (K4.4): 22+14+11+11+10+11+11+10 = 100, + last trick 10 = 110.
    # Trick 3: SA led, seat 2 has no trump left, so H7 is free (K4.3); trick 5: no heart, no trump: C7.
    # Beet (K1.4): (110 + 0) / 2 = 55; 110 > 55 wins: 1 small point to the declarer.
    ruling = replay_ruling(two_player_record(TWO_TRICKS))
    assert ruling.ok is True
    score = ruling.data["score"]
    assert score["card_points"] == [110, 0] and score["beet"] == 55
    assert score["small_points"] == [1, 0]
    assert [row["winner"] for row in ruling.data["rows"]] == [1] * 8
    assert [c["seat"] for c in ruling.data["rows"][0]["cards"]] == [1, 2]
    assert ("Players", "2") in ruling.facts


def test_two_player_revoke_by_the_defender() -> None:
    # Trick 4: HA led, seat 2 still holds H8 but plays C7: a revoke (K4.2) ends the deal (K4.5).
    # Seat 1 had 22 + 14 + 11 = 47; seat 2 (revoker) 0 has not secured the deal: the declarer wins it.
    ruling = replay_ruling(two_player_record([*TWO_TRICKS[:3], "HA C7"]))
    assert ruling.verdict == "Trick 4: C7 by seat 2 was a revoke."
    assert ruling.rules[:2] == ["K4.2", "K4.5"]
    score = ruling.data["score"]
    assert (
        score["card_points"] == [47, 0] and score["declarer_wins"] is True and score["small_points"] == [1, 0]
    )


THREE_HANDS = {
    "1": "HA HK C8 C9 DA DK D7 D8".split(),
    "2": "H7 C7 CA CK D9 DT SA SJ".split(),
    "3": "H8 H9 S7 S8 S9 SK SQ ST".split(),
}


def three_player_revoke(**extra: Any) -> dict[str, Any]:
    """Trick 1: seat 1 leads HA; seat 2, the declarer, holds H7 but plays C7."""
    return {
        "game": "klammern",
        "players": 3,
        "format": "small_big",
        "forehand": 1,
        "trump": "S",
        "declarer": 2,
        "how": "orgi",
        "hands": THREE_HANDS,
        "tricks": [["HA", "C7"]],
        **extra,
    }


def test_three_player_revoke_by_the_declarer_pays_every_opponent() -> None:
    # K4.5: at 0 : 0 : 0 the declarer had not secured the deal, so it loses; K1.4: a lost deal gives
    # every opponent 2 small points. Bella (seat 3 holds SK SQ, K5.5) is 20 for seat 3 alone.
    # Beet: the hands hold 30 + 58 + 31 card points, + last trick 10 + Bella 20 = 149, half 74.5.
    ruling = replay_ruling(three_player_revoke(bella=3))
    assert ruling.ok is False
    assert ruling.verdict == "Trick 1: C7 by seat 2 was a revoke."
    score = ruling.data["score"]
    assert score["small_points"] == [2, 0, 2]
    assert score["bella"] == [0, 0, 20]
    assert score["beet"] == 74.5
    assert [c["seat"] for c in ruling.data["rows"][0]["cards"]] == [1, 2]


def test_three_player_bella_without_the_cards_is_refused() -> None:
    # K5.5: seat 2 holds SA SJ but neither SK nor SQ.
    ruling = replay_ruling(three_player_revoke(bella=2))
    assert ruling.ok is False and "K5.5" in ruling.rules
    assert any("does not hold SK" in line for line in ruling.lines)


def test_record_with_a_fifth_player_is_refused() -> None:
    with pytest.raises(Unreadable) as problem:
        replay_ruling(three_player_revoke(players=5))
    assert problem.value.field == "record" and "players" in problem.value.message
