"""Typed card lists: the text a player enters ("HJ H9 CA") as card codes.

The one reader of card text in the app, built on the engine's :meth:`Card.parse`: the
notation of DEAL_RECORD.md is the only one (suit letter + rank letter, ``10`` accepted for
the ten, any case), cards separated by spaces or commas, groups (Weis, melds) by ``;``,
tricks by lines (or ``;`` / ``|``).

>>> parse_cards("h10 hj, CA")
['HT', 'HJ', 'CA']
>>> parse_groups("H6 H7 H8; C9 CT CJ")
[['H6', 'H7', 'H8'], ['C9', 'CT', 'CJ']]
>>> parse_tricks("HJ H9 HA H6\\nC6 C7 C8 C9")
[['HJ', 'H9', 'HA', 'H6'], ['C6', 'C7', 'C8', 'C9']]
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rules_engine.cards import Card
from rules_engine.errors import InvalidNotation

#: The ranks in their natural order, as runs count them (any deck's; a 32-card deck's starts at 7).
NATURAL = ("6", "7", "8", "9", "T", "J", "Q", "K", "A")
_CARDS = re.compile(r"[\s,]+")
_TRICKS = re.compile(r"[\n;|]+")


@dataclass(frozen=True, slots=True)
class CardError(Exception):
    """A word that is not a card of the game: ``kind`` is ``notation``, ``deck`` or ``twice``."""

    word: str
    kind: str


def _words(text: str | None) -> list[str]:
    return [word for word in _CARDS.split((text or "").strip()) if word]


def parse_cards(text: str | None, deck: Collection[Card] | None = None) -> list[str]:
    """Card codes in the order typed, normalised (``h10`` -> ``HT``).

    ``deck``: the game's cards; None accepts every card of the notation.

    :raises CardError: a word that is no card, a card outside the deck, a card twice.
    """
    codes: list[str] = []
    for word in _words(text):
        try:
            card = Card.parse(word)
        except InvalidNotation:
            raise CardError(word, "notation") from None
        if deck is not None and card not in deck:
            raise CardError(word, "deck")
        code = str(card)
        if code in codes:
            raise CardError(word, "twice")
        codes.append(code)
    return codes


def parse_groups(text: str | None, deck: Collection[Card] | None = None) -> list[list[str]]:
    """Groups of cards separated by ``;`` (one Weis or meld each); empty groups are dropped.

    :raises CardError: as :func:`parse_cards`, within one group.
    """
    groups = [parse_cards(part, deck) for part in (text or "").split(";")]
    return [group for group in groups if group]


def parse_tricks(text: str | None, deck: Collection[Card] | None = None) -> list[list[str]]:
    """One trick per line (or separated by ``;`` or ``|``), each its cards in the order played.

    :raises CardError: as :func:`parse_cards`, also for a card played twice in the deal.
    """
    tricks: list[list[str]] = []
    seen: set[str] = set()
    for line in _TRICKS.split(text or ""):
        codes = parse_cards(line, deck)
        if not codes:
            continue
        for code in codes:
            if code in seen:
                raise CardError(code, "twice")
            seen.add(code)
        tricks.append(codes)
    return tricks


def read_groups(text: str | None) -> list[list[str]]:
    """Groups as :func:`parse_groups`, leaving every judgement to the engine.

    A word that is no card is kept as typed (upper case, ``10`` as ``T``), and cards twice
    or outside the deck stay in: the deal form's record goes to the engine, whose reasons
    name the offending value and the rule.

    >>> read_groups("h6 h7 x9; C9 c9")
    [['H6', 'H7', 'X9'], ['C9', 'C9']]
    """
    groups: list[list[str]] = []
    for part in (text or "").split(";"):
        codes = []
        for word in _words(part):
            try:
                codes.append(str(Card.parse(word)))
            except InvalidNotation:
                codes.append(word.upper().replace("10", "T"))
        if codes:
            groups.append(codes)
    return groups


def format_cards(codes: Sequence[str]) -> str:
    """Codes as typed back into a card field: ``HJ H9 HA``."""
    return " ".join(codes)


def format_groups(groups: Sequence[Sequence[str]]) -> str:
    """Groups as :func:`parse_groups` reads them: ``H6 H7 H8; C9 CT CJ``."""
    return "; ".join(" ".join(group) for group in groups)


def format_tricks(tricks: Sequence[Sequence[str]]) -> str:
    """Tricks as :func:`parse_tricks` reads them, one a line."""
    return "\n".join(" ".join(trick) for trick in tricks)
