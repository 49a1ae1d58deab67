"""Klammern melds (K5): Terz and Fifty, their comparison, who scores them, and Bella.

A Terz is three consecutive cards of one suit, a Fifty four or more, in the natural
order 7 8 9 10 J Q K A (K5.1). The best meld of the table decides which side scores:
that side scores all its melds (both partners'), the others none (K5.3). Bella (trump
K and Q in one hand) scores for its holder's side whatever the comparison (K5.5).

>>> from rules_engine.cards import parse_cards, Suit
>>> m = read_meld(Seat(1), parse_cards(["S9", "ST", "SJ"]))
>>> (m.length, m.points, str(m.top))
(3, 20, 'SJ')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules_engine.cards import NATURAL_INDEX, Card, Rank, Suit, format_cards
from rules_engine.errors import Reason
from rules_engine.klammern.contracts import (
    BELLA_POINTS,
    FIFTY_LENGTH,
    FIFTY_POINTS,
    HAND_SIZE,
    SUIT_RANK,
    TERZ_LENGTH,
    TERZ_POINTS,
)
from rules_engine.seats import Seat

__all__ = ["Meld", "MeldScore", "bella_errors", "check_melds", "meld_key", "read_meld", "score_melds"]


@dataclass(frozen=True, slots=True)
class Meld:
    """One declared sequence: its seat and its cards, lowest first in natural order."""

    seat: Seat
    cards: tuple[Card, ...]

    @property
    def suit(self) -> Suit:
        return self.cards[0].suit

    @property
    def top(self) -> Card:
        return self.cards[-1]

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def is_fifty(self) -> bool:
        return self.length >= FIFTY_LENGTH

    @property
    def points(self) -> int:
        """K5.3: 50 a Fifty, 20 a Terz."""
        return FIFTY_POINTS if self.is_fifty else TERZ_POINTS

    @property
    def name(self) -> str:
        return "Fifty" if self.is_fifty else "Terz"


def read_meld(seat: Seat, cards: Sequence[Card]) -> Meld | Reason:
    """The meld ``cards`` form, or why they form none (K5.1)."""
    shown = format_cards(cards)
    if len(cards) < TERZ_LENGTH:
        return Reason(
            "K5.1",
            "meld_too_short",
            "seat {seat}: {cards} is no meld (a Terz has 3 cards, a Fifty 4 or more)",
            {"seat": seat.number, "cards": shown},
            field="melds",
        )
    if len({c.suit for c in cards}) != 1:
        return Reason(
            "K5.1",
            "meld_mixed_suits",
            "seat {seat}: {cards} is no meld (a sequence is of one suit)",
            {"seat": seat.number, "cards": shown},
            field="melds",
        )
    ordered = tuple(sorted(cards, key=lambda c: NATURAL_INDEX[c.rank]))
    indexes = [NATURAL_INDEX[c.rank] for c in ordered]
    if any(b - a != 1 for a, b in zip(indexes, indexes[1:])):
        return Reason(
            "K5.1",
            "meld_not_consecutive",
            "seat {seat}: {cards} is no meld (the cards are not consecutive in the order 7 8 9 10 J Q K A)",
            {"seat": seat.number, "cards": shown},
            field="melds",
        )
    return Meld(seat, ordered)


def check_melds(
    declared: Mapping[Seat, Sequence[Sequence[Card]]],
    hands: Mapping[Seat, frozenset[Card]] | None = None,
) -> tuple[list[Meld], list[Reason]]:
    """Read every seat's melds; report runs that are no melds and card conflicts (K5.1, K10)."""
    melds: list[Meld] = []
    errors: list[Reason] = []
    owner: dict[Card, Seat] = {}
    for seat in sorted(declared):
        seat_cards: set[Card] = set()
        for cards in declared[seat]:
            result = read_meld(seat, cards)
            if isinstance(result, Reason):
                errors.append(result)
                continue
            for card in result.cards:
                other = owner.get(card)
                if other == seat:
                    errors.append(
                        Reason(
                            "K5.1",
                            "card_in_two_melds",
                            "seat {seat}: {card} counts in two melds (a card counts in one sequence only)",
                            {"seat": seat.number, "card": str(card)},
                            field="melds",
                        )
                    )
                elif other is not None:
                    errors.append(
                        Reason(
                            "K10",
                            "card_in_two_hands",
                            "{card} is melded by seats {first} and {second}: the same card in two hands",
                            {"card": str(card), "first": other.number, "second": seat.number},
                            field="melds",
                        )
                    )
                owner[card] = seat
                seat_cards.add(card)
                if hands is not None and seat in hands and card not in hands[seat]:
                    errors.append(
                        Reason(
                            "K10",
                            "meld_not_in_hand",
                            "seat {seat} melds {card}, which is not in its hand",
                            {"seat": seat.number, "card": str(card)},
                            field="melds",
                        )
                    )
            melds.append(result)
        if len(seat_cards) > HAND_SIZE:
            errors.append(
                Reason(
                    "K10",
                    "hand_size",
                    "seat {seat} melds {count} cards; a hand holds {size}",
                    {"seat": seat.number, "count": len(seat_cards), "size": HAND_SIZE},
                    field="melds",
                )
            )
    return melds, errors


def meld_key(meld: Meld, trump: Suit, forehand: Seat, tiebreak: str) -> tuple[int, int, int, int]:
    """Sort key of K5.2, higher is better: Fifty over Terz, top card, trump, then the tiebreak.

    ``first_declared``: earlier in play order from forehand wins; ``suit_rank``:
    clubs > spades > hearts > diamonds.
    """
    last = -meld.seat.distance_from(forehand) if tiebreak == "first_declared" else SUIT_RANK[meld.suit]
    return (int(meld.is_fifty), NATURAL_INDEX[meld.top.rank], int(meld.suit is trump), last)


@dataclass(frozen=True, slots=True)
class MeldScore:
    """Who scores melds (K5.3): per side points, the winning side and its best meld."""

    points: tuple[int, ...]
    winner: int | None
    best: Meld | None


def score_melds(melds: Sequence[Meld], sides: int, trump: Suit, forehand: Seat, tiebreak: str) -> MeldScore:
    """The side of the best meld scores all its melds; the others score none (K5.3)."""
    if not melds:
        return MeldScore((0,) * sides, None, None)
    best = max(melds, key=lambda m: meld_key(m, trump, forehand, tiebreak))
    winner = best.seat.side
    points = [0] * sides
    points[winner - 1] = sum(m.points for m in melds if m.seat.side == winner)
    return MeldScore(tuple(points), winner, best)


def bella_errors(
    holder: Seat,
    trump: Suit,
    melds: Sequence[Meld],
    hands: Mapping[Seat, frozenset[Card]] | None,
) -> list[Reason]:
    """Why ``holder`` cannot have had Bella (K5.5): trump K or Q shown elsewhere or not in the hand."""
    errors: list[Reason] = []
    bella_cards = (Card(trump, Rank.KING), Card(trump, Rank.QUEEN))
    for card in bella_cards:
        for meld in melds:
            if meld.seat != holder and card in meld.cards:
                errors.append(
                    Reason(
                        "K5.5",
                        "bella_card_elsewhere",
                        "bella: seat {seat} cannot hold {card}, which seat {other} melds",
                        {"seat": holder.number, "card": str(card), "other": meld.seat.number},
                        field="bella",
                    )
                )
        if hands is not None and holder in hands and card not in hands[holder]:
            errors.append(
                Reason(
                    "K5.5",
                    "bella_card_missing",
                    "bella: seat {seat} does not hold {card}",
                    {"seat": holder.number, "card": str(card)},
                    field="bella",
                )
            )
    return errors


def bella_points(holder: Seat | None, sides: int) -> tuple[int, ...]:
    """K5.5: 20 for the holder's side."""
    points = [0] * sides
    if holder is not None:
        points[holder.side - 1] = BELLA_POINTS
    return tuple(points)
