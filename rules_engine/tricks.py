"""How cards rank and count under one contract, and who takes a trick.

A :class:`Ranking` is data: the trump suit (or none), the rank order of the trump suit
and of the other suits (highest first), their card points, the last-trick bonus, and
whether a suit "runs low" (Undenufe). Both games build their contracts from it, so
trick winners and card points have one implementation (S4.6, S5, K2.2-K2.4, K4.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from rules_engine.cards import Card, Rank, Suit


@dataclass(frozen=True, slots=True)
class Ranking:
    """Rank orders and point values of one contract.

    ``trump_order`` and ``plain_order`` list ranks highest first; a rank missing from an
    order (a 6 in a deck without sixes) simply never occurs.

    >>> from rules_engine.cards import Card
    >>> r = Ranking(None, (), tuple("AKQJT9876"), {}, {}, 5)  # doctest: +SKIP
    """

    trump: Suit | None
    trump_order: tuple[Rank, ...]
    plain_order: tuple[Rank, ...]
    trump_points: Mapping[Rank, int]
    plain_points: Mapping[Rank, int]
    last_trick: int
    _points: dict[Card, int] = field(init=False, repr=False, compare=False, hash=False)
    _power: dict[Card, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        points: dict[Card, int] = {}
        power: dict[Card, int] = {}
        for suit in Suit:
            is_trump = suit is self.trump
            order = self.trump_order if is_trump else self.plain_order
            values = self.trump_points if is_trump else self.plain_points
            for position, rank in enumerate(order):
                card = Card(suit, rank)
                points[card] = values.get(rank, 0)
                # Higher power beats lower; trumps sit above every plain card.
                power[card] = (100 if is_trump else 0) + (len(order) - position)
        object.__setattr__(self, "_points", points)
        object.__setattr__(self, "_power", power)

    def is_trump(self, card: Card) -> bool:
        return card.suit is self.trump

    def points(self, card: Card) -> int:
        """Card points of ``card`` under this contract."""
        return self._points[card]

    def power(self, card: Card) -> int:
        """Strength within its suit (trumps above all plain cards); higher beats lower."""
        return self._power[card]

    def beats(self, challenger: Card, best: Card) -> bool:
        """Whether ``challenger`` takes the trick from ``best`` (which leads or wins so far)."""
        if challenger.suit is best.suit:
            return self._power[challenger] > self._power[best]
        return challenger.suit is self.trump

    def winner_index(self, trick: Sequence[Card]) -> int:
        """Index (0-based, in play order) of the card that takes ``trick``."""
        best = 0
        for index in range(1, len(trick)):
            if self.beats(trick[index], trick[best]):
                best = index
        return best

    def card_points(self, cards: Iterable[Card]) -> int:
        return sum(self._points[card] for card in cards)

    def deck_points(self, deck: Iterable[Card]) -> int:
        """All card points of ``deck`` plus the last trick: the deal's total (157, 164)."""
        return self.card_points(deck) + self.last_trick
