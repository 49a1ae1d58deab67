"""How cards, contracts, seats and scores look on screen (the app's language layer).

Display names belong here, never in the engine (STYLE.md practice 2). Every string a
player reads is wrapped for translation; Jass words (Weis, Stöck, Match, Obenabe …)
stay as players say them unless a language's players say otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import has_request_context
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from scorer.web import i18n
from scorer.web.card_text import NATURAL as NATURAL
from scorer.web.memo import ByIdentity
from scorer.web.posted import quick_meld as quick_meld

SUITS = ("H", "D", "S", "C")  # the contract order of the Swiss games: Rosen, Eicheln, Schilten, Schellen

SUIT_NAMES = {
    "swiss": {"H": _l("Rosen"), "D": _l("Eicheln"), "C": _l("Schellen"), "S": _l("Schilten")},
    "french": {"H": _l("Hearts"), "D": _l("Diamonds"), "C": _l("Clubs"), "S": _l("Spades")},
}
SUIT_SYMBOLS = {
    # Unicode has no Swiss suits; the board uses short names in the suit's colour.
    "swiss": {"H": "Ro", "D": "Ei", "C": "Sch", "S": "Sl"},
    "french": {"H": "\u2665", "D": "\u2666", "C": "\u2663", "S": "\u2660"},
}
RANK_NAMES: dict[str, dict[str, str]] = {
    "swiss": {"A": _l("Ass"), "K": _l("König"), "Q": _l("Ober"), "J": _l("Under"), "T": _l("Banner")},
    "french": {"A": _l("Ace"), "K": _l("King"), "Q": _l("Queen"), "J": _l("Jack"), "T": "10"},
}
CONTRACT_NAMES = {"obenabe": _l("Obenabe"), "undenufe": _l("Undenufe"), "slalom": _l("Slalom")}


#: Display names per catalog (the language, or a forced locale's), by kind, key and deck.
#: Looked up through Flask-Babel, a save's new row paid for its contract's name on every
#: request. Catalogs made for a moment (force_locale) are not held on to beyond the bound.
_NAMES = ByIdentity[dict[tuple[str, str, str], str]](32)


def _memo(kind: str, key: str, deck: str, make: Any) -> str:
    """A display name, translated once per catalog (the language, or a forced locale's)."""
    if not has_request_context():
        return str(make())
    names = _NAMES.get(i18n.catalog(), dict)
    slot = (kind, key, deck)
    name = names.get(slot)
    if name is None:
        name = names[slot] = str(make())
    return name


def suit_name(suit: str, deck: str = "french") -> str:
    return _memo("suit", suit, deck, lambda: str(SUIT_NAMES.get(deck, SUIT_NAMES["french"])[suit]))


def suit_symbol(suit: str, deck: str = "french") -> str:
    return SUIT_SYMBOLS.get(deck, SUIT_SYMBOLS["french"])[suit]


def rank_name(rank: str, deck: str = "french") -> str:
    return _memo("rank", rank, deck, lambda: str(RANK_NAMES.get(deck, RANK_NAMES["french"]).get(rank, rank)))


def card_name(code: str, deck: str = "french") -> str:
    return f"{suit_name(code[0], deck)} {rank_name(code[1:], deck)}"


def contract_name(key: object, deck: str = "swiss") -> str:
    """A contract's name: a suit letter, a mode, or an extra contract's object (COIFFEUR.md's
    contract table, which a Passe's Slalom also uses) by its type and the mode it starts in."""
    if isinstance(key, Mapping):
        kind = contract_name(str(key.get("type")), deck)
        start = key.get("start")
        if start not in CONTRACT_NAMES:
            return kind
        return _("%(contract)s, %(start)s first", contract=kind, start=contract_name(start, deck))
    key = str(key)
    if key in CONTRACT_NAMES:
        return _memo("contract", key, deck, lambda: str(CONTRACT_NAMES[key]))
    return suit_name(key, deck)


def meld_text(cards: Sequence[str], deck: str = "french") -> str:
    """A run as 'Rosen 6–8', four of a kind as '4 × Under', anything else as its cards."""
    if not cards:
        return ""
    suits = {c[0] for c in cards}
    ranks = [c[1:] for c in cards]
    if len(suits) == 1 and all(r in NATURAL for r in ranks):
        idx = sorted(NATURAL.index(r) for r in ranks)
        if idx == list(range(idx[0], idx[0] + len(idx))):
            low, high = NATURAL[idx[0]], NATURAL[idx[-1]]
            return f"{suit_name(cards[0][0], deck)} {rank_name(low, deck)}\u2013{rank_name(high, deck)}"
    if len(set(ranks)) == 1 and len(cards) == 4:
        return f"4 \u00d7 {rank_name(ranks[0], deck)}"
    return " ".join(cards)


# --- the table ---------------------------------------------------------------------------


def side_of(seat: int, players: int) -> int:
    """Team 1 = seats 1 and 3, team 2 = seats 2 and 4; alone, every seat is its own side."""
    if players == 4:
        return 1 if seat % 2 == 1 else 2
    return seat


@dataclass(frozen=True, slots=True)
class Strokes:
    """A Jass board ('Tafel') line-up of a score: 100s, 50s and 20s as strokes, and the rest."""

    hundreds: int
    fifties: int
    twenties: int
    rest: int

    @staticmethod
    def of(score: int) -> Strokes:
        hundreds, rest = divmod(max(score, 0), 100)
        fifties, rest = divmod(rest, 50)
        twenties, rest = divmod(rest, 20)
        return Strokes(hundreds, fifties, twenties, rest)


def stroke_groups(count: int) -> list[int]:
    """Strokes drawn in bundles of five (four and a crossing one)."""
    groups = [5] * (count // 5)
    if count % 5:
        groups.append(count % 5)
    return groups


DIE_FACES = "\u2680\u2681\u2682\u2683\u2684\u2685"


def die_glyph(face: int) -> str:
    """The die showing ``face`` (1 to 6) as a character."""
    return DIE_FACES[face - 1] if 1 <= face <= 6 else ""


def seat_label(seat: int, names: Sequence[str]) -> str:
    if 1 <= seat <= len(names) and names[seat - 1]:
        return names[seat - 1]
    # A seat without a name is named by its number, once per catalog (a page names each
    # seat a dozen times: the list, the scoreboard, the panel).
    return _memo("seat", str(seat), "", lambda: i18n.pgettext("seat", "Seat %(n)s", n=seat))


def side_label(side: int, settings: dict[str, Any]) -> str:
    names: list[str] = settings.get("names") or []
    players = int(settings.get("players") or 4)
    teams = settings.get("teams")
    if players == 4 and isinstance(teams, list) and side in (1, 2) and len(teams) >= side and teams[side - 1]:
        return str(teams[side - 1])  # a team named at the set-up
    if players == 4:
        a, b = (1, 3) if side == 1 else (2, 4)
        return f"{seat_label(a, names)} & {seat_label(b, names)}"
    return seat_label(side, names)
