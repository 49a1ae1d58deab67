"""Whole deals for the replay tests, played out by a simple rule-abiding player.

Every card is chosen from the engine's own legal cards, so a deal is legal by
construction; a test then swaps one card for a wrong one to stage a dispute.
"""

from __future__ import annotations

import random
from typing import Any

import rules_engine
from rules_engine.klammern.contracts import KLAMMERN_DECK
from rules_engine.schieber.contracts import SCHIEBER_DECK
from rules_engine.tricks import Ranking


def deal_hands(game: str, seed: int) -> dict[int, list[str]]:
    deck = [str(c) for c in (SCHIEBER_DECK if game == "schieber" else KLAMMERN_DECK)]
    random.Random(seed).shuffle(deck)
    size = len(deck) // 4
    return {seat: sorted(deck[(seat - 1) * size : seat * size]) for seat in range(1, 5)}


def play_out(
    game: str, contract: str, hands: dict[int, list[str]], ranking: Ranking, forehand: int = 1, pick: int = 0
) -> list[list[str]]:
    """Play every card legally (the ``pick``-th legal card each time, cycling)."""
    from rules_engine.cards import Card

    remaining = {s: list(h) for s, h in hands.items()}
    tricks: list[list[str]] = []
    leader = forehand
    for _ in range(len(hands[1])):
        trick: list[str] = []
        for offset in range(4):
            seat = (leader - 1 + offset) % 4 + 1
            position: dict[str, Any] = {"game": game, "hand": remaining[seat], "trick": trick}
            position["contract" if game == "schieber" else "trump"] = contract
            legal = rules_engine.legal_cards(position)["legal"]
            card = legal[pick % len(legal)]
            remaining[seat].remove(card)
            trick.append(card)
        tricks.append(trick)
        leader = (leader - 1 + ranking.winner_index([Card.parse(c) for c in trick])) % 4 + 1
    return tricks


def klammern_revoke_record() -> dict[str, Any]:
    """Trick 1: seat 1 leads, seat 2 (a defender) could follow but plays another suit."""
    for seed in range(200):
        hands = deal_hands("klammern", seed)
        lead = hands[1][0]
        follow = [c for c in hands[2] if c[0] == lead[0]]
        other = [c for c in hands[2] if c[0] not in (lead[0], "S")]
        if follow and other:
            return {
                "game": "klammern",
                "players": 4,
                "format": "small_big",
                "forehand": 1,
                "trump": "S",
                "declarer": 1,
                "how": "orgi",
                "hands": {str(s): h for s, h in hands.items()},
                "tricks": [[lead, other[0]]],
            }
    raise AssertionError("no seed with a possible revoke")


#: One question per screen of the dispute desk, as its form fields.
QUESTIONS = {
    "card": {
        "game": "schieber",
        "contract": "H",
        "profile": "seed",
        "trick": "CK H9",
        "hand": "H6 C6 CA",
        "card": "H6",
    },
    "trick": {"game": "schieber", "contract": "undenufe", "cards": "C9 C6 CA H6", "leader": "2"},
    "weis": {
        "game": "schieber",
        "contract": "undenufe",
        "forehand": "1",
        "seat_1": "CA CK CQ CJ",
        "kind_2": "run4",
        "suit_2": "H",
        "top_2": "9",
    },
    "count": {"game": "schieber", "contract": "H", "points": "156"},
    "replay": {"game": "schieber", "contract": "H", "forehand": "1", "tricks": "H6 H7 H8 H9\nC6 C7 C8 C9"},
}
