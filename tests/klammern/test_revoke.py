"""K4.5 revoke: the secured rule and the clean_side_all option, given in the record or
found by the engine in a full deal's tricks; the replay of full deals (K3.1, K4, K10)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import score_deal


def deal(**fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "klammern",
        "players": 4,
        "format": "small_big",
        "forehand": 1,
        "trump": "S",
        "declarer": 1,
        "how": "orgi",
    }
    record.update(fields)
    return record


def revoked(seat: int, points: list[int], **fields: Any) -> dict[str, Any]:
    return score_deal(deal(revoke={"seat": seat, "points": points}, **fields))


CLEAN = {"revoke": "clean_side_all"}


# -- given in the record ---------------------------------------------------------------------


def test_playing_team_revokes_after_securing_keeps_the_deal() -> None:
    answer = revoked(1, [90, 20])  # 90 > Beet 82
    assert answer["valid"], answer
    assert answer["revoke"]["kept"] is True and answer["declarer_wins"] is True
    assert answer["small_points"] == [1, 0]
    assert answer["card_points"] == [90, 20]


def test_playing_team_revokes_at_exactly_the_beet_loses() -> None:
    answer = revoked(1, [82, 20])  # "strictly more" than 82
    assert answer["revoke"]["kept"] is False and answer["declarer_wins"] is False
    assert answer["small_points"] == [0, 2]


def test_playing_team_revokes_unsecured_loses() -> None:
    answer = revoked(3, [60, 30], kontra=True)
    assert answer["declarer_wins"] is False and answer["small_points"] == [0, 4]


def test_defenders_revoke_with_the_beet_keep_it() -> None:
    answer = revoked(2, [60, 82])  # defenders need at least the Beet
    assert answer["revoke"]["kept"] is True and answer["declarer_wins"] is False
    assert answer["small_points"] == [0, 2]


def test_defenders_revoke_unsecured_the_playing_team_wins() -> None:
    answer = revoked(4, [60, 81])
    assert answer["revoke"]["kept"] is False and answer["declarer_wins"] is True
    assert answer["small_points"] == [1, 0]


def test_melds_and_bella_count_towards_secured() -> None:
    # Team 1: 70 + Terz 20 = 90; Beet (164 + 20) / 2 = 92 -> not secured. With Bella: 110 > 102.
    assert revoked(1, [70, 20], melds={"3": [["H7", "H8", "H9"]]})["declarer_wins"] is False
    answer = revoked(1, [70, 20], melds={"3": [["H7", "H8", "H9"]]}, bella=1)
    assert answer["beet"] == 102 and answer["declarer_wins"] is True


@pytest.mark.parametrize(("seat", "declarer_wins", "small"), [(1, False, [0, 2]), (2, True, [1, 0])])
def test_clean_side_all_the_clean_side_wins(seat: int, declarer_wins: bool, small: list[int]) -> None:
    # Even a secured revoker loses under the option.
    answer = revoked(seat, [100, 0] if seat == 1 else [0, 100], options=CLEAN)
    assert answer["declarer_wins"] is declarer_wins and answer["small_points"] == small


def test_liga_revoking_winner_scores_counted_points() -> None:
    answer = revoked(1, [90, 20], format="liga", melds={"1": [["H7", "H8", "H9"]]})
    assert answer["augen"] == [11, 0]  # 90 + 20 = 110 -> 11; loser 0


def test_liga_clean_winner_scores_all_points() -> None:
    answer = revoked(2, [60, 30], format="liga", bella=4)
    assert answer["declarer_wins"] is True
    assert answer["augen"] == [18, 0]  # 164 + Bella 20 = 184 -> 18


def test_liga_clean_side_all_option() -> None:
    answer = revoked(1, [100, 0], format="liga", options=CLEAN, kontra=True)
    assert answer["augen"] == [0, 32]  # 164 -> 16, x2


def test_revoke_points_must_be_possible() -> None:
    assert not revoked(1, [1, 20])["valid"]
    assert not revoked(1, [100, 100])["valid"]  # more than the 154 card points
    assert not revoked(1, [160, 0])["valid"]  # the last trick is never in it


# -- K1.4.1: a revoke with two or three players ------------------------------------------------

#: Three hands of one suit each, spades trump: 30 + 30 + 64 card points dealt (K2.4), with
#: the last trick 134; the Beet of a revoked deal is half of that, 67.
THREE_HANDS = {
    "1": ["HA", "HT", "HK", "HQ", "HJ", "H9", "H8", "H7"],
    "2": ["CA", "CT", "CK", "CQ", "CJ", "C9", "C8", "C7"],
    "3": ["SA", "ST", "SK", "SQ", "SJ", "S9", "S8", "S7"],
}


def three(seat: int, points: list[int], **fields: Any) -> dict[str, Any]:
    return revoked(seat, points, players=3, hands=THREE_HANDS, **fields)


def test_a_revoke_with_three_players_needs_the_hands() -> None:
    """K1.4.1: "a revoked 2-3-player record without `hands` cannot be judged and is
    answered `valid: false` (code `revoke_needs_hands`, rule K1.4.1)"."""
    for players, points in ((3, [80, 30, 20]), (2, [80, 30])):
        answer = revoked(1, points, players=players)
        assert answer["valid"] is False
        assert [(e["rule"], e["code"], e["field"]) for e in answer["errors"]] == [
            ("K1.4.1", "revoke_needs_hands", "hands")
        ]
    partial = {"1": THREE_HANDS["1"], "2": THREE_HANDS["2"]}
    assert revoked(1, [80, 30, 20], players=3, hands=partial)["errors"][0]["code"] == "revoke_needs_hands"
    # Four players need no hands: the deck is dealt whole (K4.5).
    assert revoked(1, [90, 20])["valid"] is True


def test_a_revoking_declarer_keeps_the_deal_only_above_the_beet_of_the_cards_dealt() -> None:
    """K1.4.1: the Beet is half of the card points of the cards dealt; K4.5: the playing
    side must have strictly more."""
    answer = three(1, [68, 20, 10])
    assert answer["valid"], answer["errors"]
    assert answer["beet"] == 67
    assert (answer["revoke"]["kept"], answer["declarer_wins"]) == (True, True)
    assert answer["small_points"] == [1, 0, 0]
    # At the Beet it is not secured: the clean side wins, the deal is lost and every
    # opponent gets the lost-deal award.
    answer = three(1, [67, 20, 10])
    assert (answer["revoke"]["kept"], answer["declarer_wins"]) == (False, False)
    assert answer["small_points"] == [0, 2, 2]
    assert answer["winner_sides"] == [2, 3]


def test_melds_and_bella_raise_the_beet_of_a_revoked_deal() -> None:
    # Bella of seat 3 (it holds SK and SQ): the Beet is (134 + 20) / 2 = 77.
    answer = three(1, [70, 20, 10], bella=3)
    assert answer["beet"] == 77
    assert answer["declarer_wins"] is False
    assert three(1, [70, 20, 10])["declarer_wins"] is True  # 70 > 67 without it


def test_a_revoking_defender_who_secured_the_deal_keeps_it_alone() -> None:
    """K1.4.1: "When the revoker keeps the deal it scores as K4.5 says and every other
    player scores 0." A defender needs at least the Beet."""
    answer = three(2, [20, 67, 10])
    assert (answer["revoke"]["kept"], answer["declarer_wins"]) == (True, False)
    assert answer["winner_sides"] == [2] and answer["winner_side"] == 2
    assert answer["small_points"] == [0, 2, 0]
    liga = three(2, [20, 67, 10], format="liga")
    assert liga["augen"] == [0, 7, 0]  # its counted 67 points (K8.1: 6.7 -> 7)
    hamburg = three(2, [20, 67, 10], format="hamburg")
    assert hamburg["dice"] == [0, 4, 0]  # an Orgi lost: 4, to the revoker only


def test_the_clean_side_wins_against_a_revoking_defender_the_declarer_scores_everything() -> None:
    """K1.4.1: "if a defender revoked, the declarer wins the deal (its award; Liga: the
    declarer all points of the deal, every defender 0)"."""
    answer = three(2, [20, 66, 10])
    assert (answer["revoke"]["kept"], answer["declarer_wins"]) == (False, True)
    assert answer["small_points"] == [1, 0, 0]
    assert three(2, [20, 66, 10], format="liga")["augen"] == [13, 0, 0]  # 134 -> 13


def test_the_clean_side_wins_against_a_revoking_declarer_every_opponent_its_own() -> None:
    """K1.4.1: "if the declarer revoked, the deal is lost (every opponent gets the lost-deal
    award; Liga: the declarer 0, every opponent its own counted points)"."""
    answer = three(1, [60, 30, 24], format="liga")
    assert answer["declarer_wins"] is False
    assert answer["augen"] == [0, 3, 2]
    assert three(1, [60, 30, 24], kontra=True)["small_points"] == [0, 4, 4]


def test_a_revoke_found_in_three_players_tricks_is_judged_from_the_hands() -> None:
    hands = {**THREE_HANDS, "1": ["HA", "HT", "HK", "HQ", "HJ", "H9", "H8", "S7"]}
    hands["3"] = ["SA", "ST", "SK", "SQ", "SJ", "S9", "S8", "H7"]
    # Seat 1 leads HA, seat 2 plays C7, seat 3 holds H7 but plays SA: it does not follow
    # suit (K4.2), a revoke by the declarer in the first trick, with nothing counted yet.
    tricks = [["HA", "C7", "SA"]]
    answer = score_deal(deal(players=3, declarer=3, hands=hands, tricks=tricks))
    assert answer["valid"], answer["errors"]
    assert (answer["revoke"]["seat"], answer["revoke"]["rule"]) == (3, "K4.2")
    assert answer["beet"] == 67
    assert answer["declarer_wins"] is False and answer["small_points"] == [2, 2, 0]


# -- found in the tricks ------------------------------------------------------------------------

HANDS = {
    "1": ["HA", "HK", "H7", "CA", "CK", "C7", "DA", "D7"],
    "2": ["HT", "HQ", "CT", "CQ", "DT", "DQ", "SA", "S7"],
    "3": ["HJ", "H9", "CJ", "C9", "DJ", "D9", "D8", "C8"],
    "4": ["H8", "SJ", "S9", "ST", "SK", "SQ", "S8", "DK"],
}
# Trick 1: seat 1 HA, 2 HT, 3 H9, 4 H8 -> seat 1 takes 11 + 10 = 21.
# Trick 2: seat 1 CA, 2 CT, 3 C9; seat 4 has no club but trumps and throws DK: K4.3.
TRICKS_TO_REVOKE = [["HA", "HT", "H9", "H8"], ["CA", "CT", "C9", "DK"]]


def test_first_revoke_found_in_the_tricks() -> None:
    answer = score_deal(deal(declarer=4, hands=HANDS, tricks=TRICKS_TO_REVOKE))
    assert answer["valid"], answer
    found = answer["revoke"]
    assert found["seat"] == 4 and found["trick"] == 1 and found["card"] == "DK" and found["rule"] == "K4.3"
    assert "SJ" in found["message"]
    assert found["points"] == [21, 0]
    # The playing team revoked without having secured the deal.
    assert answer["declarer_wins"] is False and answer["small_points"] == [2, 0]


def test_found_revoke_by_the_defenders() -> None:
    answer = score_deal(deal(declarer=1, hands=HANDS, tricks=TRICKS_TO_REVOKE))
    assert answer["declarer_wins"] is True and answer["small_points"] == [1, 0]
    answer = score_deal(deal(declarer=1, hands=HANDS, tricks=TRICKS_TO_REVOKE, format="liga"))
    assert answer["augen"] == [16, 0]


def test_found_revoke_the_rest_of_the_deal_is_ignored() -> None:
    tricks = TRICKS_TO_REVOKE + [["D7", "DT", "DJ", "SJ"]]  # whatever came after
    answer = score_deal(deal(declarer=4, hands=HANDS, tricks=tricks))
    assert answer["revoke"]["trick"] == 1


def test_follow_suit_revoke_in_the_first_trick() -> None:
    tricks = [["HA", "CT", "H9", "H8"]]  # seat 2 holds HT HQ
    answer = score_deal(deal(hands=HANDS, tricks=tricks))
    assert answer["revoke"]["seat"] == 2 and answer["revoke"]["rule"] == "K4.2"
    assert answer["revoke"]["points"] == [0, 0]
    assert answer["declarer_wins"] is True


def test_recorded_revoke_must_match_the_tricks() -> None:
    answer = score_deal(
        deal(declarer=4, hands=HANDS, tricks=TRICKS_TO_REVOKE, revoke={"seat": 4, "points": [21, 0]})
    )
    assert answer["valid"]
    answer = score_deal(
        deal(declarer=4, hands=HANDS, tricks=TRICKS_TO_REVOKE, revoke={"seat": 2, "points": [21, 0]})
    )
    assert {e["rule"] for e in answer["errors"]} == {"K4.5"}


# -- full deals ------------------------------------------------------------------------------------

ONE_SUIT_HANDS = {
    "1": ["HA", "HT", "HK", "HQ", "HJ", "H9", "H8", "H7"],
    "2": ["CA", "CT", "CK", "CQ", "CJ", "C9", "C8", "C7"],
    "3": ["DA", "DT", "DK", "DQ", "DJ", "D9", "D8", "D7"],
    "4": ["SA", "ST", "SK", "SQ", "SJ", "S9", "S8", "S7"],
}


def one_suit_tricks() -> list[list[str]]:
    # Seat 1 leads HA; seats 2 and 3 hold neither hearts nor trumps; seat 4 must trump (S7)
    # and takes the trick, then leads trumps that nobody else holds: seat 4 takes all 8.
    tricks = [["HA", "C7", "D7", "S7"]]
    hearts = ["HT", "HK", "HQ", "HJ", "H9", "H8", "H7"]
    clubs = ["CA", "CT", "CK", "CQ", "CJ", "C9", "C8"]
    diamonds = ["DA", "DT", "DK", "DQ", "DJ", "D9", "D8"]
    spades = ["S8", "S9", "ST", "SJ", "SQ", "SK", "SA"]
    for index in range(7):
        # Seat 4 leads; then seats 1, 2, 3.
        tricks.append([spades[index], hearts[index], clubs[index], diamonds[index]])
    return tricks


def test_full_deal_with_hands() -> None:
    answer = score_deal(deal(declarer=2, hands=ONE_SUIT_HANDS, tricks=one_suit_tricks(), bella=4))
    assert answer["valid"], answer
    assert answer["card_points"] == [0, 164]
    assert answer["revoke"] is None and answer["declarer_wins"] is True


def test_full_deal_without_hands() -> None:
    answer = score_deal(deal(declarer=1, tricks=one_suit_tricks()))
    assert answer["card_points"] == [0, 164] and answer["declarer_wins"] is False


def test_full_deal_durchmarsch_from_the_tricks() -> None:
    answer = score_deal(deal(format="liga", declarer=2, durchmarsch=4, tricks=one_suit_tricks()))
    assert answer["durchmarsch"] == {"seat": 4, "side": 2, "all_tricks": True}
    answer = score_deal(deal(format="liga", declarer=2, durchmarsch=1, tricks=one_suit_tricks()))
    assert answer["durchmarsch"]["all_tricks"] is False


def test_full_deal_points_and_tricks_together_are_malformed() -> None:
    from rules_engine.errors import InvalidRecord

    with pytest.raises(InvalidRecord, match="points"):
        score_deal(deal(tricks=one_suit_tricks(), points={"team": 1, "value": 90}))


@pytest.mark.parametrize(
    ("tricks", "hands", "code"),
    [
        (one_suit_tricks()[:7], None, "incomplete"),
        (one_suit_tricks()[:7] + [["S8", "H7", "C8", "D8"]], None, "card_twice"),
        ([t[:3] for t in one_suit_tricks()], None, "trick_size"),
        (one_suit_tricks()[:7] + [["SA", "H7"]], None, "incomplete"),
        (one_suit_tricks() + [["S8", "H7", "C8", "D8"]], None, "too_many_tricks"),
        (one_suit_tricks(), {**ONE_SUIT_HANDS, "1": ONE_SUIT_HANDS["2"]}, "card_in_two_hands"),
        (one_suit_tricks(), {**ONE_SUIT_HANDS, "1": ONE_SUIT_HANDS["1"][:7]}, "hand_size"),
        (one_suit_tricks(), {k: v for k, v in ONE_SUIT_HANDS.items() if k != "3"}, "hand_missing"),
    ],
)
def test_full_deal_structure_k10(
    tricks: list[list[str]], hands: dict[str, list[str]] | None, code: str
) -> None:
    record = deal(tricks=tricks) if hands is None else deal(tricks=tricks, hands=hands)
    answer = score_deal(record)
    assert answer["valid"] is False
    assert code in {e["code"] for e in answer["errors"]}


def test_card_not_in_hand() -> None:
    hands = {**ONE_SUIT_HANDS}
    tricks = one_suit_tricks()
    tricks[0] = ["HA", "C7", "D7", "S7"]
    hands["2"] = ["CA", "CT", "CK", "CQ", "CJ", "C9", "C8", "H7"]
    answer = score_deal(deal(tricks=tricks, hands=hands))
    assert "not_in_hand" in {e["code"] for e in answer["errors"]}


def test_melds_checked_against_the_played_hands() -> None:
    answer = score_deal(deal(tricks=one_suit_tricks(), melds={"1": [["S7", "S8", "S9"]]}))
    assert answer["valid"] is False and "meld_not_in_hand" in {e["code"] for e in answer["errors"]}
    answer = score_deal(deal(tricks=one_suit_tricks(), melds={"4": [["S7", "S8", "S9", "ST", "SJ"]]}))
    assert answer["valid"] and answer["melds"] == [0, 50]


def test_three_player_full_deal() -> None:
    hands = {
        "1": ["HA", "HT", "HK", "HQ", "HJ", "H9", "H8", "H7"],
        "2": ["CA", "CT", "CK", "CQ", "CJ", "C9", "C8", "C7"],
        "3": ["SA", "ST", "SK", "SQ", "SJ", "S9", "S8", "S7"],
    }
    tricks = [["HA", "C7", "S7"]]
    hearts = ["HT", "HK", "HQ", "HJ", "H9", "H8", "H7"]
    clubs = ["CA", "CT", "CK", "CQ", "CJ", "C9", "C8"]
    spades = ["S8", "S9", "ST", "SJ", "SQ", "SK", "SA"]
    tricks += [[spades[i], hearts[i], clubs[i]] for i in range(7)]
    answer = score_deal(deal(players=3, declarer=3, hands=hands, tricks=tricks))
    assert answer["valid"], answer
    # Seat 3 takes everything: 30 + 30 + 64 card points and the last trick.
    assert answer["card_points"] == [0, 0, 134]
    assert answer["beet"] == 67 and answer["declarer_wins"] is True
