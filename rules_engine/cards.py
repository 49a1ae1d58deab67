"""Cards, suits and ranks: small frozen values with one notation (DEAL_RECORD.md).

A card is its suit letter followed by its rank letter: ``HJ`` is the heart (Rosen) Jack
(Under), ``DT`` the diamond (Eicheln) ten (Banner). ``10`` is accepted for the ten on
input and always printed as ``T``.

>>> Card.parse("H10")
Card.parse('HT')
>>> str(Card(Suit.CLUBS, Rank.JACK))
'CJ'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from rules_engine.errors import InvalidNotation


class Suit(StrEnum):
    """The four suits, by record letter (Swiss pairing: H Rosen, D Eicheln, C Schellen, S Schilten)."""

    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"
    SPADES = "S"


class Rank(StrEnum):
    """The nine ranks, by record letter; ``T`` is the ten (Banner)."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "T"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"


#: The natural (sequence) order, lowest first: runs, Terz and Fifty are read in it
#: (S6.1, K5.1) whatever the contract.
NATURAL_ORDER: tuple[Rank, ...] = (
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)
NATURAL_INDEX: dict[Rank, int] = {rank: index for index, rank in enumerate(NATURAL_ORDER)}

_RANK_ALIASES = {"10": Rank.TEN}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. Equality and hashing follow the (suit, rank) value."""

    suit: Suit
    rank: Rank

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card code such as ``HJ``, ``S9`` or ``D10``; ``str`` prints it back.

        :raises InvalidNotation: when ``text`` is not a card code.

        >>> Card.parse("d10"), str(Card.parse("D10"))
        (Card.parse('DT'), 'DT')
        >>> all(Card.parse(str(card)) == card for card in make_deck(NATURAL_ORDER))
        True
        """
        # Records write codes canonically ("HJ"); those are looked up, not parsed: the
        # engine reads tens of thousands per second. Cards are frozen, so sharing is safe.
        if type(text) is str and cls is Card:
            known = _CANONICAL.get(text)
            if known is not None:
                return known
        if not isinstance(text, str):
            raise InvalidNotation(f"a card must be a code such as 'HJ', not {text!r}")
        code = text.strip().upper()
        if len(code) < 2:
            raise InvalidNotation(f"{text!r} is not a card (expected suit + rank, e.g. 'HJ')")
        suit_letter, rank_text = code[0], code[1:]
        try:
            suit = Suit(suit_letter)
        except ValueError:
            raise InvalidNotation(
                f"{text!r} is not a card: unknown suit {suit_letter!r} (use H, C, D, S)"
            ) from None
        rank = _RANK_ALIASES.get(rank_text)
        if rank is None:
            try:
                rank = Rank(rank_text)
            except ValueError:
                raise InvalidNotation(
                    f"{text!r} is not a card: unknown rank {rank_text!r} (use A K Q J T 9 8 7 6)"
                ) from None
        return cls(suit, rank)

    def __str__(self) -> str:
        # Suits and ranks are str enums whose text is their letter: adding them gives the
        # plain code without going through Enum.value (a Python-level property).
        return str.__add__(self.suit, self.rank)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


#: Canonical code -> card, for :meth:`Card.parse`'s fast path.
_CANONICAL: dict[str, Card] = {
    f"{suit.value}{rank.value}": Card(suit, rank) for suit in Suit for rank in Rank
}
#: The same, read-only, for readers that look canonical codes up themselves.
CARD_BY_CODE: Mapping[str, Card] = MappingProxyType(_CANONICAL)


def parse_cards(items: object, *, what: str = "cards") -> tuple[Card, ...]:
    """Read a list of card codes.

    :raises InvalidNotation: when ``items`` is not a list of card codes (``what`` names it).
    """
    if type(items) is list or type(items) is tuple:
        # Records write canonical codes: one C-level lookup per card. Anything else (an
        # alias such as "H10", lower case, a non-string) takes the careful loop below,
        # which gives the same cards or the precise error.
        try:
            return tuple(map(_CANONICAL.__getitem__, items))
        except (KeyError, TypeError):
            pass
    if isinstance(items, str) or not isinstance(items, Sequence):
        raise InvalidNotation(f"{what} must be a list of card codes, not {items!r}", where=what)
    cards = []
    for item in items:
        try:
            cards.append(Card.parse(item))
        except InvalidNotation as error:
            raise InvalidNotation(f"{what}: {error}", where=what) from None
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """Print cards the way every message and test writes them: ``HJ H9 HA``."""
    return " ".join(str(card) for card in cards)


def make_deck(ranks: Iterable[Rank]) -> tuple[Card, ...]:
    """Every card of the given ranks in all four suits."""
    rank_list = tuple(ranks)
    return tuple(Card(suit, rank) for suit in Suit for rank in rank_list)
