"""Translating positions and deals between Tafel's notation and the two peer engines.

Tafel writes a card as suit letter + rank letter (``HJ``, ``DT``; DEAL_RECORD.md) and
numbers seats 1..4 in the order of play. The peers:

* **jass-kit** 2.0.5 (import ``jass``): a card is an index 0..35, nine per colour in the
  colour order D H S C, ranks A K Q J 10 9 8 7 6 inside a colour (``jass.game.const``).
  Trump is an int: 0..3 the colour, 4 Obe-Abe, 5 Une-Ufe. Players are numbered
  clockwise and play goes counter-clockwise (``next_player = [3, 0, 1, 2]``); team 0 is
  players 0 and 2. jass-kit names its colours ``D: Schellen, H: Rosen, S: Schilten,
  C: Eichel`` while Tafel pairs the French letters the Swisslos way (``D`` Eicheln,
  ``C`` Schellen). Factors belong to the Swiss suits (S3.3), so the adapter pairs the
  colours by their Swiss name: jass D <-> our C, jass C <-> our D, H <-> H, S <-> S.
  The rules of play and the card points are the same in every suit, so any bijection
  gives the same comparison; ``test_jasskit_legal`` checks that by re-running a sample
  under the letter-for-letter pairing, and ``test_adapters`` pins the rank mapping by
  comparing jass-kit's trump tables with S3.4 and S5.2.
* **belote-cli** 4.9.6 (import ``belote``): ``Card(Suit.HEARTS, Rank.TEN)``; seats
  SOUTH=0, EAST=1, NORTH=2, WEST=3 with ``next_seat`` = +1, teams 0 = SOUTH+NORTH. Our
  seat ``s`` is belote seat ``s - 1`` (the order of play is all that matters).

The small rank tables at the top are written from the rule texts (S3.4, K2.2, K2.3), not
taken from either engine: the random-play driver and the explanations of differences
use them, so neither engine under comparison decides what the other is measured against.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from belote import game as bgame
from belote.deck import Card as BCard
from belote.deck import Rank as BRank
from belote.deck import Suit as BSuit
from jass.game.rule_schieber import RuleSchieber

import rules_engine

# --- Tafel notation and the rule texts -------------------------------------------------

SUITS = "HCDS"
SCHIEBER_RANKS = "AKQJT9876"
KLAMMERN_RANKS = "AKQJT987"
SCHIEBER_CARDS: tuple[str, ...] = tuple(s + r for s in SUITS for r in SCHIEBER_RANKS)
KLAMMERN_CARDS: tuple[str, ...] = tuple(s + r for s in SUITS for r in KLAMMERN_RANKS)
SCHIEBER_CONTRACTS: tuple[str, ...] = ("H", "D", "S", "C", "obenabe", "undenufe")
#: The `official` profile with every factor 1 (jass-kit has no factors, S3.3).
OFFICIAL_ALL_ONE: dict[str, Any] = {"factors": {key: 1 for key in SCHIEBER_CONTRACTS}}

#: S3.4 (highest first).
SCHIEBER_NORMAL_ORDER = "AKQJT9876"
SCHIEBER_TRUMP_ORDER = "J9AKQT876"
#: K2.2, K2.3 (highest first).
KLAMMERN_TRUMP_ORDER = "J9ATKQ87"
KLAMMERN_PLAIN_ORDER = "ATKQJ987"


def strength(card: str, led: str, trump: str | None, game: str, contract: str) -> int:
    """How strongly ``card`` bids for a trick led in suit ``led`` (rule texts; -1 cannot win)."""
    suit, rank = card[0], card[1]
    if suit == trump:
        order = SCHIEBER_TRUMP_ORDER if game == "schieber" else KLAMMERN_TRUMP_ORDER
        return 100 + len(order) - order.index(rank)
    if suit != led:
        return -1
    if game == "klammern":
        return len(KLAMMERN_PLAIN_ORDER) - KLAMMERN_PLAIN_ORDER.index(rank)
    if contract == "undenufe":
        return SCHIEBER_NORMAL_ORDER.index(rank)
    return len(SCHIEBER_NORMAL_ORDER) - SCHIEBER_NORMAL_ORDER.index(rank)


def winning_index(trick: Sequence[str], game: str, contract: str) -> int:
    """Index of the card winning ``trick`` so far (S4.6, K4.4), from the rule texts."""
    trump = contract if len(contract) == 1 else None
    led = trick[0][0]
    scores = [strength(card, led, trump, game, contract) for card in trick]
    return scores.index(max(scores))


def trump_rank_index(card: str, game: str) -> int:
    """Position of a trump in its order (0 = highest), from S3.4 / K2.2."""
    order = SCHIEBER_TRUMP_ORDER if game == "schieber" else KLAMMERN_TRUMP_ORDER
    return order.index(card[1])


# --- Our engine (public JSON entry points) ---------------------------------------------


def ours_schieber_legal(
    contract: str, hand: Sequence[str], trick: Sequence[str], *, factors_one: bool = True
) -> dict[str, Any]:
    """Tafel's answer for a Schieber position in the official profile (factors 1 unless told)."""
    position: dict[str, Any] = {"game": "schieber", "profile": "official", "contract": contract}
    if factors_one:
        position["options"] = OFFICIAL_ALL_ONE
    position["hand"] = list(hand)
    position["trick"] = list(trick)
    return rules_engine.legal_cards(position)


def ours_klammern_legal(trump: str, hand: Sequence[str], trick: Sequence[str]) -> dict[str, Any]:
    """Tafel's answer for a Klammern position."""
    return rules_engine.legal_cards(
        {"game": "klammern", "trump": trump, "hand": list(hand), "trick": list(trick)}
    )


def legal_set(answer: Mapping[str, Any]) -> set[str]:
    return set(answer["legal"])


# --- jass-kit ----------------------------------------------------------------------------

#: jass-kit colour index (D H S C) -> our suit letter, paired by Swiss suit name.
JASS_COLOUR_TO_SUIT: tuple[str, ...] = ("C", "H", "S", "D")
#: The letter-for-letter pairing, used only to show the comparison does not depend on it.
JASS_COLOUR_TO_SUIT_BY_LETTER: tuple[str, ...] = ("D", "H", "S", "C")
JASS_RANKS = "AKQJT9876"


@dataclass(frozen=True)
class JassMapping:
    """One bijection between our cards/contracts and jass-kit's ints."""

    colours: tuple[str, ...] = JASS_COLOUR_TO_SUIT

    def card(self, code: str) -> int:
        return self.colours.index(code[0]) * 9 + JASS_RANKS.index(code[1])

    def code(self, index: int) -> str:
        return self.colours[index // 9] + JASS_RANKS[index % 9]

    def trump(self, contract: str) -> int:
        if contract == "obenabe":
            return 4
        if contract == "undenufe":
            return 5
        return self.colours.index(contract)

    def hand(self, cards: Sequence[str]) -> np.ndarray:
        onehot = np.zeros(36, np.int32)
        for code in cards:
            onehot[self.card(code)] = 1
        return onehot

    def cards(self, onehot: np.ndarray) -> set[str]:
        return {self.code(int(i)) for i in np.flatnonzero(onehot)}


SWISS = JassMapping()
BY_LETTER = JassMapping(JASS_COLOUR_TO_SUIT_BY_LETTER)
JASS_RULE = RuleSchieber()


def jass_player(seat: int) -> int:
    """jass-kit player for our seat: seat 1 -> 0, and the next seat in play is next_player."""
    return (1 - seat) % 4


def seat_of_jass(player: int) -> int:
    return (-player) % 4 + 1


def jasskit_legal(
    contract: str, hand: Sequence[str], trick: Sequence[str], mapping: JassMapping = SWISS
) -> set[str]:
    """jass-kit's RuleSchieber.get_valid_cards for the position, in our notation."""
    current = np.full(4, -1, np.int32)
    for i, code in enumerate(trick):
        current[i] = mapping.card(code)
    valid = JASS_RULE.get_valid_cards(mapping.hand(hand), current, len(trick), mapping.trump(contract))
    return mapping.cards(valid)


# --- belote-cli --------------------------------------------------------------------------

BELOTE_SUIT: dict[str, BSuit] = {"H": BSuit.HEARTS, "C": BSuit.CLUBS, "D": BSuit.DIAMONDS, "S": BSuit.SPADES}
BELOTE_RANK: dict[str, BRank] = {
    "A": BRank.ACE,
    "K": BRank.KING,
    "Q": BRank.QUEEN,
    "J": BRank.JACK,
    "T": BRank.TEN,
    "9": BRank.NINE,
    "8": BRank.EIGHT,
    "7": BRank.SEVEN,
}
_SUIT_LETTER = {v: k for k, v in BELOTE_SUIT.items()}
_RANK_LETTER = {v: k for k, v in BELOTE_RANK.items()}


def to_belote(code: str) -> BCard:
    return BCard(BELOTE_SUIT[code[0]], BELOTE_RANK[code[1]])


def from_belote(card: BCard) -> str:
    return _SUIT_LETTER[card.suit] + _RANK_LETTER[card.rank]


def belote_seat(seat: int) -> bgame.Seat:
    return bgame.Seat(seat - 1)


def belote_legal(trump: str, hand: Sequence[str], trick: Sequence[str], seat: int) -> set[str]:
    """belote-cli's legal_cards for ``seat`` holding ``hand`` after ``trick`` (normal contract)."""
    leader = (seat - 1 - len(trick)) % 4 + 1
    trick_cards = tuple(
        bgame.TrickCard(belote_seat((leader - 1 + i) % 4 + 1), to_belote(code))
        for i, code in enumerate(trick)
    )
    hands: list[tuple[BCard, ...]] = [(), (), (), ()]
    hands[seat - 1] = tuple(to_belote(code) for code in hand)
    state = bgame.GameState(
        hands=tuple(hands),
        trump=BELOTE_SUIT[trump],
        contract="normal",
        phase=bgame.Phase.PLAYING,
        leader=belote_seat(leader),
        turn=belote_seat(seat),
        current_trick=trick_cards,
    )
    return {from_belote(card) for card in bgame.legal_cards(state, belote_seat(seat))}


# --- Random deals and random legal play --------------------------------------------------


def deal(rng: random.Random, cards: Sequence[str]) -> dict[int, list[str]]:
    """Shuffle ``cards`` and give each of four seats a quarter."""
    deck = list(cards)
    rng.shuffle(deck)
    size = len(deck) // 4
    return {seat: sorted(deck[(seat - 1) * size : seat * size]) for seat in range(1, 5)}


@dataclass(frozen=True)
class Position:
    """A player to move: the hand held, the cards of the trick so far, who leads and who plays."""

    contract: str
    hand: tuple[str, ...]
    trick: tuple[str, ...]
    seat: int
    leader: int


LegalFn = Callable[[str, Sequence[str], Sequence[str]], Sequence[str]]


def play(
    rng: random.Random,
    game: str,
    contract: str,
    hands: Mapping[int, Sequence[str]],
    forehand: int,
    choose_from: LegalFn,
    stop_after: int | None = None,
    on_position: Callable[[Position], None] | None = None,
) -> tuple[list[list[str]], Position | None]:
    """Play random legal cards from ``hands``; ``choose_from`` says what is legal.

    Returns the completed tricks and, when ``stop_after`` cards have been played before the
    deal is over, the position of the player to move next. Choices are made from sorted
    lists so a seed gives the same game whatever the hash seed.
    """
    held = {seat: list(cards) for seat, cards in hands.items()}
    total = sum(len(cards) for cards in held.values())
    tricks: list[list[str]] = []
    leader = forehand
    trick: list[str] = []
    for played in range(total):
        seat = (leader - 1 + len(trick)) % 4 + 1
        position = Position(contract, tuple(held[seat]), tuple(trick), seat, leader)
        if stop_after is not None and played == stop_after:
            return tricks, position
        if on_position is not None:
            on_position(position)
        card = rng.choice(sorted(choose_from(contract, position.hand, position.trick)))
        held[seat].remove(card)
        trick.append(card)
        if len(trick) == 4:
            leader = (leader - 1 + winning_index(trick, game, contract)) % 4 + 1
            tricks.append(trick)
            trick = []
    return tricks, None


def schieber_choice(contract: str, hand: Sequence[str], trick: Sequence[str]) -> Sequence[str]:
    """Random play by Tafel's own legal cards (official profile)."""
    return ours_schieber_legal(contract, hand, trick)["legal"]  # type: ignore[no-any-return]


def klammern_choice(trump: str, hand: Sequence[str], trick: Sequence[str]) -> Sequence[str]:
    return ours_klammern_legal(trump, hand, trick)["legal"]  # type: ignore[no-any-return]
