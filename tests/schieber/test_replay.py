"""Replaying whole deals card by card (S4.1-S4.6, S5.4, S5.5, S7.3 running score).

The deals below were built and scored by hand; each trick is written from its leader.

Hands used by deals A, C and D (seats in the order of play):
    1: HJ H9 HA CA CK DA DK SA SK
    2: H6 H7 C6 C7 C8 D6 D7 S6 S7
    3: H8 HT CQ CJ CT DQ DJ SQ SJ
    4: HK HQ C9 DT D9 D8 ST S9 S8
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.cards import Card
from rules_engine.errors import InvalidRecord
from rules_engine.schieber.contracts import ALL_CONTRACTS, SCHIEBER_DECK, Contract, schieber_options
from rules_engine.schieber.play import Replay, legal_plays, replay, trick_winner
from rules_engine.seats import Seat

OPTIONS = schieber_options()


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def tricks_of(*lines: str) -> list[tuple[Card, ...]]:
    return [cards(line) for line in lines]


HANDS = {
    Seat(1): cards("HJ H9 HA CA CK DA DK SA SK"),
    Seat(2): cards("H6 H7 C6 C7 C8 D6 D7 S6 S7"),
    Seat(3): cards("H8 HT CQ CJ CT DQ DJ SQ SJ"),
    Seat(4): cards("HK HQ C9 DT D9 D8 ST S9 S8"),
}

# Deal A: hearts trump, forehand 1, seat 1 takes every trick: a Match for team 1.
DEAL_A = tricks_of(
    "HJ H6 H8 HQ",  # 20+0+0+3 = 23
    "H9 H7 HT HK",  # 14+0+10+4 = 28
    "CA C6 CT C9",  # 11+0+10+0 = 21
    "CK C7 CQ D8",  # 4+0+3+0 = 7   (seat 4 has no clubs)
    "DA D6 DQ DT",  # 11+0+3+10 = 24
    "HA C8 CJ D9",  # 11+0+2+0 = 13 (nobody else has a trump left)
    "DK D7 DJ ST",  # 4+0+2+10 = 16
    "SA S6 SQ S9",  # 11+0+3+0 = 14
    "SK S7 SJ S8",  # 4+0+2+0 + 5 = 11
)

# Deal C: Obenabe, forehand 2. Winners 1 4 1 1 4 1 1 1 1.
DEAL_C = tricks_of(
    "C6 CT C9 CK",  # led by 2; CK (seat 1): 0+10+0+4 = 14
    "H9 H6 HT HK",  # led by 1; HK (seat 4): 0+0+10+4 = 14
    "D8 DA D6 DJ",  # led by 4; DA (seat 1): 8+11+0+2 = 21
    "SK S6 SQ ST",  # led by 1; SK: 4+0+3+10 = 17
    "HJ H7 H8 HQ",  # led by 1; HQ (seat 4): 2+0+8+3 = 13
    "D9 DK D7 DQ",  # led by 4; DK (seat 1): 0+4+0+3 = 7
    "CA C7 CQ S9",  # led by 1; CA: 11+0+3+0 = 14
    "HA C8 CJ DT",  # led by 1; HA: 11+8+2+10 = 31
    "SA S7 SJ S8",  # led by 1; SA: 11+0+2+8 + 5 = 26
)

# Deal D: hearts trump, forehand 1. In trick 3 seat 2 undertrumps: H6 under H9 while
# holding diamonds (D6 D7). Everything else is legal. Winners 1 4 1 1 1 1 1 1 1.
DEAL_D = tricks_of(
    "CA C6 CT C9",  # led by 1: 11+0+10+0 = 21 (team 1)
    "CK C7 CQ HQ",  # led by 1: seat 4 ruffs, 4+0+3+3 = 10 (team 2)
    "D8 H9 H6 DJ",  # led by 4: seat 1 trumps (allowed), seat 2 undertrumps; 0+14+0+2 = 16
    "HJ H7 H8 HK",  # 20+0+0+4 = 24
    "HA C8 HT D9",  # 11+0+10+0 = 21
    "DA D6 DQ DT",  # 11+0+3+10 = 24
    "DK D7 CJ S8",  # 4+0+2+0 = 6
    "SA S6 SQ S9",  # 11+0+3+0 = 14
    "SK S7 SJ ST",  # 4+0+2+10 + 5 = 21
)


def as_sets(hands: object) -> dict[Seat, frozenset[Card]]:
    assert isinstance(hands, Mapping)
    return {seat: frozenset(cards) for seat, cards in hands.items()}


def seats(*numbers: int) -> tuple[Seat, ...]:
    return tuple(Seat(n) for n in numbers)


# ------------------------------------------------------------------ legal deals


def test_match_deal() -> None:
    result = replay(Contract.parse("H"), OPTIONS, Seat(1), DEAL_A)
    assert result.reasons == ()
    assert result.valid
    assert result.winners == seats(1, 1, 1, 1, 1, 1, 1, 1, 1)
    assert result.leaders == seats(1, 1, 1, 1, 1, 1, 1, 1, 1)
    assert result.points_per_trick == (23, 28, 21, 7, 24, 13, 16, 14, 11)
    assert result.trick_points == (157, 0)
    assert result.match_team == 1
    assert as_sets(result.hands) == as_sets(HANDS)
    replayed = replay(Contract.parse("H"), OPTIONS, Seat(1), DEAL_A, HANDS)
    assert replayed.reasons == () and replayed.match_team == 1


def test_mixed_deal_with_forehand_2() -> None:
    result = replay(Contract.parse("obenabe"), OPTIONS, Seat(2), DEAL_C)
    assert result.reasons == ()
    assert result.leaders == seats(2, 1, 4, 1, 1, 4, 1, 1, 1)
    assert result.winners == seats(1, 4, 1, 1, 4, 1, 1, 1, 1)
    assert result.points_per_trick == (14, 14, 21, 17, 13, 7, 14, 31, 26)
    assert result.trick_points == (130, 27)
    assert result.running == (
        (14, 0),
        (14, 14),
        (35, 14),
        (52, 14),
        (52, 27),
        (59, 27),
        (73, 27),
        (104, 27),
        (130, 27),
    )
    assert result.match_team is None
    assert as_sets(result.hands) == as_sets(HANDS)
    assert replay(Contract.parse("obenabe"), OPTIONS, Seat(2), DEAL_C, HANDS).reasons == ()


def test_the_same_cards_score_differently_in_undenufe() -> None:
    # Undenufe: the lowest card of the led suit wins. Trick 1 "C6 CT C9 CK" led by seat 2:
    # C6 (seat 2) wins, 0+10+0+4 = 14 for team 2; seat 2 then leads trick 2, so the
    # written order of DEAL_C no longer fits: it is only checked for its first trick.
    result = replay(Contract.parse("undenufe"), OPTIONS, Seat(2), DEAL_C[:1], partial=True)
    assert result.winners == seats(2)
    assert result.trick_points == (0, 14)
    # Official points: the Ass is worth 0 and the 6 is worth 11 in Undenufe.
    official = replay(
        Contract.parse("undenufe"), schieber_options("official"), Seat(2), DEAL_C[:1], partial=True
    )
    assert official.trick_points == (0, 25)


# ------------------------------------------------------------------ rule breaks


def test_undertrump_in_trick_3_is_named() -> None:
    result = replay(Contract.parse("H"), OPTIONS, Seat(1), DEAL_D)
    assert result.winners == seats(1, 4, 1, 1, 1, 1, 1, 1, 1)
    assert result.leaders == seats(1, 1, 4, 1, 1, 1, 1, 1, 1)
    assert result.points_per_trick == (21, 10, 16, 24, 21, 24, 6, 14, 21)
    assert result.trick_points == (147, 10)
    assert result.match_team is None
    (reason,) = result.reasons
    assert (reason.rule, reason.code) == ("S4.4", "undertrump")
    assert reason.params["trick"] == 3
    assert reason.params["seat"] == 2
    assert reason.params["card"] == "H6"
    assert reason.params["highest"] == "H9"
    assert sorted(reason.params["instead"]) == ["D6", "D7"]
    assert reason.field == "tricks[2][2]"
    assert reason.message.startswith("trick 3, seat 2: H6 would undertrump H9")


def test_the_first_wrong_card_comes_first() -> None:
    # Seat 4 discards S8 in trick 7 while... it has no diamonds: legal. Make seat 3 revoke in
    # trick 6 instead: it plays CJ on DA while holding DQ (and DQ comes later, in trick 7).
    broken = list(DEAL_D)
    broken[5] = cards("DA D6 CJ DT")
    broken[6] = cards("DK D7 DQ S8")
    result = replay(Contract.parse("H"), OPTIONS, Seat(1), broken)
    assert [(r.params["trick"], r.rule, r.params["card"]) for r in result.reasons] == [
        (3, "S4.4", "H6"),
        (6, "S4.3", "CJ"),
    ]
    assert result.reasons[1].params["instead"] == ["DQ"]


def test_must_follow_trump_is_checked() -> None:
    # Deal A, trick 1: seat 2 discards C8 on the Buur lead while holding H6 and H7; it plays
    # H6 in trick 6 instead (following the HA lead, legal).
    broken = list(DEAL_A)
    broken[0] = cards("HJ C8 H8 HQ")
    broken[5] = cards("HA H6 CJ D9")
    result = replay(Contract.parse("H"), OPTIONS, Seat(1), broken)
    (reason,) = result.reasons
    assert (reason.rule, reason.params["trick"], reason.params["seat"], reason.params["card"]) == (
        "S4.5",
        1,
        2,
        "C8",
    )
    assert sorted(reason.params["instead"]) == ["H6", "H7"]
    assert result.trick_points == (157, 0) and result.match_team == 1


def test_given_hands_catch_a_card_that_was_not_held() -> None:
    hands = dict(HANDS)
    hands[Seat(1)] = cards("HJ H9 HA CA CK DA DK SA S6")  # S6 instead of SK
    hands[Seat(2)] = cards("H6 H7 C6 C7 C8 D6 D7 SK S7")
    result = replay(Contract.parse("H"), OPTIONS, Seat(1), DEAL_A, hands)
    found = [(r.rule, r.code, r.params["trick"], r.params["seat"], r.params["card"]) for r in result.reasons]
    assert found == [
        ("S4.1", "not_in_hand", 8, 2, "S6"),
        ("S4.1", "not_in_hand", 9, 1, "SK"),
    ]


def test_given_hands_of_the_wrong_size_or_sharing_a_card() -> None:
    hands = dict(HANDS)
    hands[Seat(3)] = HANDS[Seat(3)] + cards("HJ")  # ten cards, and the Buur of seat 1
    result = replay(Contract.parse("H"), OPTIONS, Seat(1), DEAL_A, hands)
    rules = [(r.rule, r.code) for r in result.reasons]
    assert ("S2.2", "hand_size") in rules
    assert ("S2.1", "card_in_two_hands") in rules
    assert result.reasons[0].field == "hands.3"


def test_partial_hands_are_derived_for_the_other_seats() -> None:
    result = replay(Contract.parse("H"), OPTIONS, Seat(1), DEAL_D, {Seat(2): HANDS[Seat(2)]})
    assert [r.code for r in result.reasons] == ["undertrump"]
    assert as_sets(result.hands) == as_sets(HANDS)


def test_a_prefix_can_be_replayed_with_the_hands() -> None:
    result = replay(Contract.parse("H"), OPTIONS, Seat(1), DEAL_D[:3], HANDS, partial=True)
    assert [r.code for r in result.reasons] == ["undertrump"]
    assert result.running == ((21, 0), (21, 10), (37, 10))
    assert result.match_team is None


# ------------------------------------------------------------------ malformed deals


@pytest.mark.parametrize(
    ("tricks", "words"),
    [
        (DEAL_A[:8], "9 tricks"),
        (DEAL_A + [cards("HJ H6 H8 HQ")], "9 tricks"),
        ([*DEAL_A[:8], cards("SK S7 SJ")], "a trick is 4 cards"),
        ("HJ", "list of tricks"),
    ],
)
def test_malformed_tricks(tricks: Sequence[Sequence[Card]], words: str) -> None:
    with pytest.raises(InvalidRecord, match=words):
        replay(Contract.parse("H"), OPTIONS, Seat(1), tricks)


def test_a_card_played_twice_is_a_rule_break_not_malformed_input() -> None:
    """S8: "the same card held by two players or played twice in `tricks`" is rejected with
    its rule, like every rule break (valid: false), not as malformed input."""
    tricks = [*DEAL_A[:8], cards("SK S7 SJ SA")]
    result = replay(Contract.parse("H"), OPTIONS, Seat(1), tricks)
    twice = [r for r in result.reasons if r.code == "card_twice"]
    assert [(r.rule, r.params["card"], r.params["trick"]) for r in twice] == [("S8", "SA", 9)]
    assert twice[0].field == "tricks[8][3]"


def test_partial_still_limits_tricks() -> None:
    with pytest.raises(InvalidRecord):
        replay(Contract.parse("H"), OPTIONS, Seat(1), DEAL_A + DEAL_A[:1], partial=True)
    empty = replay(Contract.parse("H"), OPTIONS, Seat(1), [], partial=True)
    assert empty.trick_points == (0, 0) and empty.winners == ()


# ------------------------------------------------------------------ random deals by random legal moves


def play_random_deal(
    contract: Contract, forehand: Seat, deck: Sequence[Card], rng: random.Random
) -> list[list[Card]]:
    hands = {Seat(n): list(deck[9 * (n - 1) : 9 * n]) for n in (1, 2, 3, 4)}
    leader = forehand
    tricks: list[list[Card]] = []
    for _ in range(9):
        trick: list[Card] = []
        for seat in leader.iter_from():
            choice = rng.choice(legal_plays(contract, OPTIONS, hands[seat], trick).legal)
            hands[seat].remove(choice)
            trick.append(choice)
        tricks.append(trick)
        for _ in range(trick_winner(contract, trick)):
            leader = leader.next
    return tricks


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(ALL_CONTRACTS),
    st.sampled_from(["seed", "official"]),
    st.integers(1, 4),
    st.permutations(SCHIEBER_DECK),
    st.randoms(use_true_random=False),
)
def test_random_legal_deals(
    contract: Contract, profile: str, forehand: int, deck: Sequence[Card], rng: random.Random
) -> None:
    options = schieber_options(profile)
    tricks = play_random_deal(contract, Seat(forehand), deck, rng)
    dealt = {Seat(n): tuple(deck[9 * (n - 1) : 9 * n]) for n in (1, 2, 3, 4)}
    result: Replay = replay(contract, options, Seat(forehand), tricks, dealt)
    assert result.reasons == ()  # every card played was legal
    assert replay(contract, options, Seat(forehand), tricks).reasons == ()
    assert sum(result.trick_points) == 157
    assert result.running[-1] == result.trick_points
    ranking = contract.ranking(options)
    leader = Seat(forehand)
    for index, trick in enumerate(tricks):
        assert result.leaders[index] == leader
        winner_at = ranking.winner_index(trick)
        winner = list(leader.iter_from())[winner_at]
        assert result.winners[index] == winner
        expected = ranking.card_points(trick) + (5 if index == 8 else 0)
        assert result.points_per_trick[index] == expected
        leader = winner
    teams = {seat.side for seat in result.winners}
    assert result.match_team == (teams.pop() if len(teams) == 1 else None)
