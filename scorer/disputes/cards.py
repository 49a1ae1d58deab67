"""Card entry for the dispute desk: the text a player types ("HJ H9 CA") as card codes.

The engine's notation (DEAL_RECORD.md) is the only one: suit letter + rank letter, ``10``
accepted for the ten, any case, separated by spaces or commas. A typo is reported with the
word that could not be read, never by a traceback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_engine.cards import KLAMMERN_DECK, SCHIEBER_DECK, Card, Rank
from rules_engine.errors import InvalidNotation

_SPLIT = re.compile(r"[\s,]+")

#: The deck of each game (Klammern has no 6s, K2.1).
DECKS: dict[str, tuple[Card, ...]] = {"schieber": SCHIEBER_DECK, "klammern": KLAMMERN_DECK}


@dataclass(frozen=True, slots=True)
class CardError(Exception):
    """A word that is not a card of the game: ``kind`` is ``notation``, ``deck`` or ``twice``."""

    word: str
    kind: str


def parse_codes(text: str | None, game: str = "schieber") -> list[str]:
    """Card codes in the order typed, normalised (``h10`` -> ``HT``).

    :raises CardError: a word that is no card, a card outside the game's deck, a card twice.
    """
    codes: list[str] = []
    for word in _SPLIT.split((text or "").strip()):
        if not word:
            continue
        try:
            card = Card.parse(word)
        except InvalidNotation:
            raise CardError(word, "notation") from None
        if game == "klammern" and card.rank is Rank.SIX:
            raise CardError(word, "deck")
        code = str(card)
        if code in codes:
            raise CardError(word, "twice")
        codes.append(code)
    return codes


def parse_tricks(text: str | None, game: str = "schieber") -> list[list[str]]:
    """One trick per line (or separated by ``;`` or ``|``), each its cards in the order played.

    :raises CardError: as :func:`parse_codes`, also for a card played twice in the deal.
    """
    tricks: list[list[str]] = []
    seen: set[str] = set()
    for line in re.split(r"[\n;|]+", text or ""):
        codes = parse_codes(line, game)
        if not codes:
            continue
        for code in codes:
            if code in seen:
                raise CardError(code, "twice")
            seen.add(code)
        tricks.append(codes)
    return tricks


def format_codes(codes: list[str] | tuple[str, ...]) -> str:
    return " ".join(codes)


def format_tricks(tricks: list[list[str]]) -> str:
    return "\n".join(" ".join(trick) for trick in tricks)
