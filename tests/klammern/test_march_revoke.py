"""K8.4 [reading]: "A revoke ends a march like any deal (K4.5): a revoke by the other side
before the marching side lost a trick lets the march stand (the marching side wins the
match); a revoke by the marching side loses the march." """

from __future__ import annotations

from typing import Any

from rules_engine import score_deal, score_match


def march_deal(seat: int, revoke: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """A Liga deal in which ``seat`` announced a march (and plays it: it is the declarer)."""
    record: dict[str, Any] = {
        "game": "klammern",
        "format": "liga",
        "forehand": 1,
        "trump": "S",
        "declarer": seat,
        "durchmarsch": seat,
        **fields,
    }
    if revoke is not None:
        record["revoke"] = revoke
    return record


def test_a_revoke_by_the_other_side_lets_the_march_stand() -> None:
    # Seat 1 marches; its team has taken 40 card points, then seat 2 revokes.
    answer = score_deal(march_deal(1, {"seat": 2, "points": [40, 0]}))
    assert answer["valid"], answer["errors"]
    assert answer["durchmarsch"] == {"seat": 1, "side": 1, "all_tricks": True}
    assert answer["revoke"]["seat"] == 2 and answer["revoke"]["kept"] is False
    assert answer["augen"] == [0, 0]  # a march adds no Augen


def test_a_revoke_by_the_marching_side_loses_the_march() -> None:
    answer = score_deal(march_deal(1, {"seat": 3, "points": [40, 0]}))
    assert answer["valid"], answer["errors"]
    assert answer["durchmarsch"]["all_tricks"] is False
    assert answer["revoke"]["side"] == 1


def test_a_march_that_had_lost_a_trick_before_the_revoke_has_failed() -> None:
    # Team 2 had card points before the revoke: it took a trick, the march was lost then.
    answer = score_deal(march_deal(1, {"seat": 2, "points": [40, 11]}))
    assert answer["durchmarsch"]["all_tricks"] is False


def test_the_match_ends_with_the_march() -> None:
    opening = {"forehand": 1, "trump": "S", "declarer": 2, "points": {"team": 2, "value": 90}}
    stands = march_deal(1, {"seat": 4, "points": [25, 0]})
    del stands["game"], stands["format"]
    answer = score_match({"game": "klammern", "format": "liga", "deals": [opening, stands]})
    assert answer["valid"], answer["errors"]
    assert (answer["finished"], answer["winner"]) == (True, 1)  # the marching side, behind 7:9
    assert answer["durchmarsch"] == {"deal": 1, "side": 1, "succeeded": True}
    lost = {**stands, "revoke": {"seat": 3, "points": [25, 0]}}
    answer = score_match({"game": "klammern", "format": "liga", "deals": [opening, lost]})
    assert (answer["finished"], answer["winner"]) == (True, 2)  # the other side, most Augen


HANDS = {
    "1": ["HA", "HK", "H7", "CA", "CK", "C7", "DA", "D7"],
    "2": ["HT", "HQ", "CT", "CQ", "DT", "DQ", "SA", "S7"],
    "3": ["HJ", "H9", "CJ", "C9", "DJ", "D9", "D8", "C8"],
    "4": ["H8", "SJ", "S9", "ST", "SK", "SQ", "S8", "DK"],
}
# Trick 1: seat 1 HA, 2 HT, 3 H9, 4 H8 -> seat 1 takes it.
# Trick 2: seat 1 CA, 2 CT, 3 C9; seat 4 has no club but trumps and throws DK: K4.3.
TRICKS_TO_REVOKE = [["HA", "HT", "H9", "H8"], ["CA", "CT", "C9", "DK"]]


def test_a_revoke_found_in_the_tricks_ends_the_march() -> None:
    # Seat 1 marches and took trick 1; seat 4 (the other side) revokes: the march stands.
    answer = score_deal(march_deal(1, hands=HANDS, tricks=TRICKS_TO_REVOKE))
    assert answer["valid"], answer["errors"]
    assert answer["durchmarsch"]["all_tricks"] is True
    assert (answer["revoke"]["seat"], answer["revoke"]["trick"], answer["revoke"]["rule"]) == (4, 1, "K4.3")
    # Seat 4 marches and revokes itself (after its side lost trick 1 anyway): lost.
    answer = score_deal(march_deal(4, hands=HANDS, tricks=TRICKS_TO_REVOKE))
    assert answer["durchmarsch"]["all_tricks"] is False
    # A recorded revoke must agree with the tricks, in a march as in any deal (K4.5).
    wrong = score_deal(march_deal(1, {"seat": 2, "points": [21, 0]}, hands=HANDS, tricks=TRICKS_TO_REVOKE))
    assert [e["code"] for e in wrong["errors"]] == ["revoke_mismatch"]
    right = score_deal(march_deal(1, {"seat": 4, "points": [21, 0]}, hands=HANDS, tricks=TRICKS_TO_REVOKE))
    assert right["valid"], right["errors"]
