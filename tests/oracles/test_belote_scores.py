"""Whole Klammern deals, Tafel vs belote-cli: trick winners and card points.

Oracle: PyPI ``belote-cli`` 4.9.6. 400 random deals (fixed seed), trump in turn H C D S,
random forehand and declarer, played to the end by random legal moves (Tafel's legal
cards). Each deal is scored by ``rules_engine.score_deal`` (``hands`` + eight ``tricks``)
and replayed card by card through belote-cli's ``play_card`` (which checks every card
against *its* rules) and ``scoring.score_round``.

Compared: the winner of every trick (K4.4) and each team's card points including the last
trick's 10 (``table_taker_pts`` / ``table_defender_pts`` in belote-cli).

Differences found (see DIFFERENCES.md):
1. Jappa: belote-cli counts the trump J as 20 (162 a deal, like Belote and Klaverjas);
   Klammern counts it 2 + 20 = 22 (164 a deal, K2.4) unless the option ``jappa_total``
   (K2.5) is set. With ``jappa_total: true`` the points must agree exactly; with the
   default, the team whose tricks hold the trump J has exactly 2 more than belote-cli
   and the other team the same.
2. Legal cards: belote-cli is more permissive only (partner exemption), so every
   Tafel-legal card is belote-legal and every deal replays; ``play_card`` raising would
   mean a difference beyond the documented one.
3. Not compared: belote-cli's totals (Belote/Rebelote, its own declarations with carrés,
   capot 252, litige, chute 162+) belong to Belote's scoring, not Klammern's (K5-K7).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from belote import game as bgame
from belote import scoring as bscoring

import rules_engine
from oracles import adapters as a

SEED = 2026_12_01
DEALS = 400


def klammern_record(
    trump: str,
    forehand: int,
    declarer: int,
    hands: dict[int, list[str]],
    tricks: list[list[str]],
    jappa_total: bool,
) -> dict[str, Any]:
    return {
        "game": "klammern",
        "options": {"jappa_total": jappa_total},
        "players": 4,
        "format": "small_big",
        "forehand": forehand,
        "trump": trump,
        "declarer": declarer,
        "how": "orgi",
        "kontra": False,
        "re": False,
        "melds": {},
        "bella": None,
        "revoke": None,
        "durchmarsch": None,
        "hands": {str(seat): cards for seat, cards in hands.items()},
        "tricks": tricks,
    }


def belote_deal(
    trump: str, forehand: int, declarer: int, hands: dict[int, list[str]], tricks: list[list[str]]
) -> tuple[list[int], list[int]]:
    """Replay through belote-cli: the seats that won the tricks, and card points per team (ours: team 1 first)."""
    held = tuple(tuple(a.to_belote(c) for c in hands[seat]) for seat in range(1, 5))
    state = bgame.GameState(
        hands=held,
        initial_hands=held,
        trump=a.BELOTE_SUIT[trump],
        contract="normal",
        phase=bgame.Phase.PLAYING,
        taker=a.belote_seat(declarer),
        leader=a.belote_seat(forehand),
        turn=a.belote_seat(forehand),
    )
    for trick in tricks:
        for card in trick:
            state = bgame.play_card(state, a.to_belote(card))  # raises IllegalMoveError on its rules
    assert state.phase is bgame.Phase.SCORING
    winners = [int(w.value) + 1 for w in bgame.compute_trick_winners(state, state.trump, False)]
    score = bscoring.score_round(state)
    taker_team = (declarer - 1) % 2
    points = [0, 0]
    points[taker_team] = score.table_taker_pts
    points[1 - taker_team] = score.table_defender_pts
    return winners, points


@pytest.fixture(scope="module")
def deals() -> list[tuple[str, int, int, dict[int, list[str]], list[list[str]]]]:
    rng = random.Random(SEED)
    played = []
    for i in range(DEALS):
        trump = a.SUITS[i % 4]
        hands = a.deal(rng, a.KLAMMERN_CARDS)
        forehand = rng.randint(1, 4)
        declarer = rng.randint(1, 4)
        tricks, _ = a.play(rng, "klammern", trump, hands, forehand, a.klammern_choice)
        played.append((trump, forehand, declarer, hands, tricks))
    return played


Deal = tuple[str, int, int, dict[int, list[str]], list[list[str]]]


@pytest.fixture(scope="module")
def replayed(deals: list[Deal]) -> list[tuple[Deal, list[int], list[int]]]:
    """Each deal with belote-cli's trick winners and card points."""
    return [(deal, *belote_deal(*deal)) for deal in deals]


@pytest.mark.slow
def test_card_points_agree_with_belote_cli(replayed: list[tuple[Deal, list[int], list[int]]]) -> None:
    for (trump, forehand, declarer, hands, tricks), winners, points in replayed:
        where = f"trump {trump} forehand {forehand} tricks {tricks}"
        assert sum(points) == 162
        exact = rules_engine.score_deal(
            klammern_record(trump, forehand, declarer, hands, tricks, jappa_total=True)
        )
        assert exact["valid"], (where, exact["errors"])
        assert exact["card_points"] == points, where

        default = rules_engine.score_deal(
            klammern_record(trump, forehand, declarer, hands, tricks, jappa_total=False)
        )
        assert default["valid"], (where, default["errors"])
        jappa_team = next((winners[i] - 1) % 2 for i, trick in enumerate(tricks) if trump + "J" in trick)
        expected = list(points)
        expected[jappa_team] += 2  # K2.4: the trump J is 2 + 20
        assert default["card_points"] == expected, where
        assert sum(default["card_points"]) == 164
    print(
        f"\nbelote-cli: {len(replayed)} deals replayed; card points agree "
        f"(exactly with jappa_total, +2 for the Jappa's team by default)"
    )


@pytest.mark.slow
def test_trick_winners_agree_with_belote_cli(replayed: list[tuple[Deal, list[int], list[int]]]) -> None:
    for (trump, forehand, declarer, hands, tricks), winners, _ in replayed:
        answer = rules_engine.score_deal(
            klammern_record(trump, forehand, declarer, hands, tricks, jappa_total=False)
        )
        assert answer["trick_winners"] == winners, f"trump {trump} forehand {forehand} tricks {tricks}"
