"""Stöck (S6.6): the trump König and Ober in one hand, 20 points, independent of Weis.

The record names one seat (``stoeck``), so "Stöck for two players" cannot be written;
what remains to check is the contract, the other players' Weis and, when the deal's
cards are known, the holder's hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache

from rules_engine.cards import Card, Rank, format_cards
from rules_engine.errors import Reason
from rules_engine.schieber.contracts import STOECK_POINTS, Contract
from rules_engine.seats import Seat

__all__ = ["STOECK_POINTS", "check_stoeck", "stoeck_cards", "stoeck_points"]


def stoeck_cards(contract: Contract) -> tuple[Card, ...]:
    """The trump König and Ober, or () in Obenabe/Undenufe (no Stöck there)."""
    return _stoeck_cards(contract.key)


@cache
def _stoeck_cards(key: str) -> tuple[Card, ...]:
    trump = Contract(key).trump
    if trump is None:
        return ()
    return (Card(trump, Rank.KING), Card(trump, Rank.QUEEN))


def check_stoeck(
    contract: Contract,
    holder: Seat,
    weis_cards: Mapping[Seat, Iterable[Card]],
    hands: Mapping[Seat, Sequence[Card]] | None = None,
) -> list[Reason]:
    """Why the Stöck claim of ``holder`` cannot stand (S6.6); empty when it can.

    ``weis_cards`` are the cards each seat claims in its Weis; ``hands`` the dealt
    hands known (all or some seats).
    """
    cards = stoeck_cards(contract)
    if not cards:
        return [
            Reason(
                "S6.6",
                "stoeck_without_trump",
                "Stöck (seat {seat}) exists only in trump contracts, not in {contract}",
                {"seat": holder.number, "contract": str(contract)},
                field="stoeck",
            )
        ]
    reasons: list[Reason] = []
    for seat, claimed in sorted(weis_cards.items()):
        if seat == holder:
            continue
        taken = sorted({card for card in claimed if card in cards}, key=str)
        if taken:
            reasons.append(
                Reason(
                    "S6.6",
                    "stoeck_card_in_other_weis",
                    "seat {seat} claims Stöck, but {cards} is in the Weis of seat {other}",
                    {"seat": holder.number, "cards": format_cards(taken), "other": seat.number},
                    field="stoeck",
                )
            )
    if hands is None:
        return reasons
    if holder in hands:
        missing = [card for card in cards if card not in hands[holder]]
        if missing:
            reasons.append(
                Reason(
                    "S6.6",
                    "stoeck_not_held",
                    "seat {seat} claims Stöck but was not dealt {cards}",
                    {"seat": holder.number, "cards": format_cards(missing)},
                    field="stoeck",
                )
            )
        return reasons
    for seat, hand in sorted(hands.items()):
        dealt = [card for card in cards if card in hand]
        if dealt:
            reasons.append(
                Reason(
                    "S6.6",
                    "stoeck_card_dealt_elsewhere",
                    "seat {seat} claims Stöck, but {cards} was dealt to seat {other}",
                    {"seat": holder.number, "cards": format_cards(dealt), "other": seat.number},
                    field="stoeck",
                )
            )
    return reasons


def stoeck_points(holder: Seat | None) -> tuple[int, int]:
    """Raw Stöck points per team (S6.6)."""
    if holder is None:
        return (0, 0)
    return (STOECK_POINTS, 0) if holder.side == 1 else (0, STOECK_POINTS)
