"""Klammern play: which cards are legal (K4.2-K4.3) and why, and the replay of a deal.

K4.2 follow suit; K4.3 if you cannot, trump; over a trump already in the trick you
must overtrump if you can, else still play a lower trump; on a trump lead you must head
the highest trump if you can. Unlike Belote there is no exemption when the partner is
winning the trick.

>>> from rules_engine.cards import parse_cards, Suit
>>> from rules_engine.klammern.contracts import ranking
>>> legal, _ = legal_plays(parse_cards(["S7", "SA", "H9"]), parse_cards(["C8", "SK"]), ranking(Suit.SPADES))
>>> [str(c) for c in legal]
['SA']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules_engine.cards import Card, Suit, format_cards
from rules_engine.errors import InvalidRecord, Reason
from rules_engine.klammern.contracts import (
    DECK,
    DECK_BY_INDEX,
    GAME,
    HAND_SIZE,
    TRICKS_PER_DEAL,
    hand_errors,
    klammern_options,
    parse_trump,
    ranking,
)
from rules_engine.records import Fields, check_deck
from rules_engine.seats import Seat
from rules_engine.tricks import Ranking

if TYPE_CHECKING:
    from rules_engine.klammern.answers import KlammernLegalAnswer

__all__ = ["Replay", "Revoke", "illegal_reason", "legal_cards", "legal_plays", "replay"]


def _allowed(hand: Sequence[Card], trick: Sequence[Card], rank: Ranking) -> tuple[list[Card], str, str]:
    """The cards K4.2-K4.3 allow, with the rule and the code of the constraint that bound.

    The code is ``free`` when every card of the hand may be played.
    """
    if not trick:
        return list(hand), "K4.1", "free"
    trump = rank.trump
    led = trick[0].suit
    if led is trump:
        trumps = [c for c in hand if c.suit is trump]
        if not trumps:
            return list(hand), "K4.3", "free"
        top = max(rank.power(c) for c in trick if c.suit is trump)
        higher = [c for c in trumps if rank.power(c) > top]
        if higher:
            return higher, "K4.3", "head_trump"
        return trumps, "K4.2", "follow_suit"
    follow = [c for c in hand if c.suit is led]
    if follow:
        return follow, "K4.2", "follow_suit"
    trumps = [c for c in hand if c.suit is trump]
    if not trumps:
        return list(hand), "K4.3", "free"
    in_trick = [rank.power(c) for c in trick if c.suit is trump]
    if in_trick:
        top = max(in_trick)
        higher = [c for c in trumps if rank.power(c) > top]
        if higher:
            return higher, "K4.3", "overtrump"
        return trumps, "K4.3", "undertrump"
    return trumps, "K4.3", "must_trump"


_TEMPLATES: Mapping[str, str] = {
    "follow_suit": "{card} does not follow suit {led}: play one of {allowed}",
    "must_trump": "{card}: you cannot follow {led}, so you must trump with one of {allowed}",
    "overtrump": "{card} does not overtrump {highest}: you must overtrump with one of {allowed}",
    "undertrump": "{card}: you cannot overtrump {highest}, but you must still trump with one of {allowed}",
    "head_trump": "{card} does not head the trump {highest}: on a trump lead play one of {allowed}",
}


def _reason(
    card: Card, trick: Sequence[Card], rank: Ranking, allowed: Sequence[Card], rule: str, code: str
) -> Reason:
    trumps = [c for c in trick if c.suit is rank.trump]
    highest = max(trumps, key=rank.power) if trumps else None
    params: dict[str, Any] = {
        "card": str(card),
        "led": trick[0].suit.value,
        "allowed": format_cards(allowed),
        "highest": str(highest) if highest else "",
    }
    return Reason(rule, code, _TEMPLATES[code], params)


def legal_plays(
    hand: Sequence[Card], trick: Sequence[Card], rank: Ranking
) -> tuple[list[Card], dict[Card, Reason]]:
    """The legal cards of ``hand`` (hand order) and a reason for each illegal one."""
    allowed, rule, code = _allowed(hand, trick, rank)
    if code == "free":
        return allowed, {}
    allowed_set = set(allowed)
    illegal = {
        card: _reason(card, trick, rank, allowed, rule, code) for card in hand if card not in allowed_set
    }
    return allowed, illegal


def illegal_reason(card: Card, hand: Sequence[Card], trick: Sequence[Card], rank: Ranking) -> Reason | None:
    """Why playing ``card`` from ``hand`` to ``trick`` breaks K4.2-K4.3, or None if it is legal."""
    allowed, rule, code = _allowed(hand, trick, rank)
    if code == "free" or card in allowed:
        return None
    return _reason(card, trick, rank, allowed, rule, code)


@dataclass(frozen=True, slots=True)
class Revoke:
    """The first card played against K4.2-K4.3 (K4.5): the deal ends there."""

    seat: Seat
    trick: int  # 0-based index of the trick in which it was played
    card: Card
    reason: Reason
    #: Card points per side in the tricks completed before it (no last trick).
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Replay:
    """What a replay of ``tricks`` establishes."""

    #: Per side: card points incl. the last trick (complete deal, no revoke).
    card_points: tuple[int, ...]
    #: Per side: tricks taken (all of them up to a revoke).
    tricks_won: tuple[int, ...]
    #: Per seat number (index 0 unused): the hand as dealt, as a bitmask of card indices.
    dealt: tuple[int, ...]
    revoke: Revoke | None
    errors: tuple[Reason, ...]
    #: Seat number that took each trick, in order, up to the first revoke (K4.5 ends the
    #: deal there: the trick it is played in is taken by nobody).
    winners: tuple[int, ...] = ()

    @property
    def hands(self) -> dict[Seat, frozenset[Card]]:
        """The hands as dealt (given, or read off the cards each seat played)."""
        players = len(self.dealt) - 1
        return {Seat(n, players): frozenset(_cards_of(self.dealt[n])) for n in range(1, players + 1)}


def _structure_error(code: str, template: str, **params: Any) -> Reason:
    return Reason("K10", code, template, params, field="tricks")


class _Tables:
    """One ranking as flat tables over card indices 0..31 (suit * 8 + rank), for replays.

    Hands are bitmasks: "holds a card of the led suit" and "holds a trump above the
    highest in the trick" become one AND each, which keeps a replay lean.
    """

    __slots__ = ("trump", "power", "points", "suit_mask", "above")

    def __init__(self, rank: Ranking) -> None:
        assert rank.trump is not None
        self.trump = _SUITS.index(rank.trump)
        self.power = [rank.power(card) for card in _CARDS]
        self.points = [rank.points(card) for card in _CARDS]
        self.suit_mask = [0xFF << (8 * suit) for suit in range(4)]
        #: Per card: the cards of its suit that beat it.
        self.above = [
            sum(1 << j for j in range(32) if j >> 3 == i >> 3 and self.power[j] > self.power[i])
            for i in range(32)
        ]


_SUITS: tuple[Suit, ...] = tuple(Suit)
_CARDS: tuple[Card, ...] = tuple(DECK_BY_INDEX)
_INDEX: dict[Card, int] = {card: index for index, card in enumerate(_CARDS)}
#: The same by object identity: records read through ``DECK_BY_INDEX``'s own objects
#: (deal.py's card codes) skip the dataclass hash, the bulk of a replay's lookups.
_INDEX_BY_ID: dict[int, int] = {id(card): index for index, card in enumerate(_CARDS)}


def _index(card: Card) -> int:
    index = _INDEX_BY_ID.get(id(card))
    return _INDEX[card] if index is None or _CARDS[index] is not card else index


_TABLES: dict[int, tuple[Ranking, _Tables]] = {}


def _tables(rank: Ranking) -> _Tables:
    cached = _TABLES.get(id(rank))
    if cached is None or cached[0] is not rank:
        cached = (rank, _Tables(rank))
        _TABLES[id(rank)] = cached
    return cached[1]


def _legal_index(card: int, hand: int, trick: list[int], t: _Tables) -> bool:
    """K4.2-K4.3 for card indices and a hand bitmask: only the verdict (reasons come after)."""
    if not trick:
        return True
    led = trick[0] >> 3
    suit = card >> 3
    trump = t.trump
    if suit == led and led != trump:
        return True
    if suit != led and hand & t.suit_mask[led]:
        return False  # K4.2
    if suit != trump:
        return not hand & t.suit_mask[trump]  # K4.3: must trump
    trumps = [c for c in trick if c >> 3 == trump]
    if not trumps:
        return True
    top = max(trumps, key=t.power.__getitem__)
    # K4.3: overtrump (or head the trump lead) if you can, else any trump.
    return bool(t.power[card] > t.power[top] or not hand & t.above[top])


def replay(
    tricks: Sequence[Sequence[Card]],
    players: int,
    forehand: Seat,
    rank: Ranking,
    hands: Mapping[Seat, Sequence[Card]] | None = None,
) -> Replay:
    """Replay a deal trick by trick: who played what, who took each trick, the first revoke.

    Eight tricks of ``players`` cards each (K3.1); the record may stop after the card
    that revoked (K4.5 ends the deal there). Without ``hands`` a seat's hand is the cards
    it played, which is exact for a complete deal.
    """
    sides = 2 if players == 4 else players
    side_of = [0] + [((n - 1) % 2 if players == 4 else n - 1) for n in range(1, players + 1)]
    errors: list[Reason] = []
    t = _tables(rank)
    power = t.power
    trump = t.trump

    # Pass 1: who played each card, who took each trick; the structure of the record.
    by_id = _INDEX_BY_ID
    index_tricks = [[by_id.get(id(card)) or _index(card) for card in trick] for trick in tricks]
    seen = 0
    played = [0] * (players + 1)
    leaders: list[int] = []
    winners: list[int] = []
    leader = forehand.number
    if len(tricks) > TRICKS_PER_DEAL:
        errors.append(
            _structure_error(
                "too_many_tricks",
                "a deal has {expected} tricks, not {count}",
                expected=TRICKS_PER_DEAL,
                count=len(tricks),
            )
        )
    for number, trick in enumerate(index_tricks):
        if not trick or len(trick) > players or (len(trick) < players and number < len(tricks) - 1):
            errors.append(
                _structure_error(
                    "trick_size",
                    "trick {trick} has {count} cards; every trick has {players} (only the last, "
                    "ended by a revoke, may have fewer)",
                    trick=number + 1,
                    count=len(trick),
                    players=players,
                )
            )
            break
        best = trick[0]
        best_offset = 0
        for offset, card in enumerate(trick):
            bit = 1 << card
            if seen & bit:
                errors.append(
                    _structure_error(
                        "card_twice",
                        "{card} is played twice (trick {trick})",
                        card=str(_CARDS[card]),
                        trick=number + 1,
                    )
                )
            seen |= bit
            played[(leader - 1 + offset) % players + 1] |= bit
            if offset and (
                (card >> 3 == best >> 3 and power[card] > power[best])
                or (card >> 3 == trump and best >> 3 != trump)
            ):
                best, best_offset = card, offset
        leaders.append(leader)
        leader = (leader - 1 + best_offset) % players + 1
        winners.append(leader)

    dealt = played[:]
    if hands is not None:
        errors.extend(hand_errors(hands))
        given = set()
        for seat, cards in hands.items():
            given.add(seat.number)
            mask = 0
            for held in cards:
                mask |= 1 << _index(held)
            dealt[seat.number] = mask
        for number in range(1, players + 1):
            if number not in given:
                errors.append(
                    Reason(
                        "K3.1",
                        "hand_missing",
                        "hands: seat {seat} has no hand",
                        {"seat": number},
                        field="hands",
                    )
                )
            stray = played[number] & ~dealt[number]
            for stray_card in _cards_of(stray):
                errors.append(
                    _structure_error(
                        "not_in_hand",
                        "seat {seat} plays {card}, which is not in its hand",
                        seat=number,
                        card=str(stray_card),
                    )
                )

    # Pass 2: every card against K4.2-K4.3; the first wrong one ends the deal.
    remaining = dealt[:]
    side_points = [0] * sides
    won = [0] * sides
    revoke: Revoke | None = None
    if not errors:
        points = t.points
        for number, trick in enumerate(index_tricks):
            leader = leaders[number]
            for offset, card in enumerate(trick):
                seat_number = (leader - 1 + offset) % players + 1
                hand = remaining[seat_number]
                if offset and not _legal_index(card, hand, trick[:offset], t):
                    so_far = tricks[number][:offset]
                    reason = illegal_reason(_CARDS[card], _cards_of(hand), so_far, rank)
                    assert reason is not None
                    revoke = Revoke(
                        Seat(seat_number, players), number, _CARDS[card], reason, tuple(side_points)
                    )
                    break
                remaining[seat_number] = hand & ~(1 << card)
            if revoke is not None or len(trick) < players:
                break
            winner_side = side_of[winners[number]]
            side_points[winner_side] += sum(points[c] for c in trick)
            won[winner_side] += 1
        if revoke is None:
            complete = len(tricks) == TRICKS_PER_DEAL and all(len(trick) == players for trick in tricks)
            if not complete:
                errors.append(
                    _structure_error(
                        "incomplete",
                        "the deal has {count} tricks of {players} cards and no revoke; "
                        "a complete deal has {expected}",
                        count=len(tricks),
                        players=players,
                        expected=TRICKS_PER_DEAL,
                    )
                )
            else:
                side_points[side_of[winners[-1]]] += rank.last_trick

    taken = len(winners) if revoke is None else revoke.trick
    return Replay(tuple(side_points), tuple(won), tuple(dealt), revoke, tuple(errors), tuple(winners[:taken]))


def _cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, in index order (suit by suit)."""
    return [_CARDS[i] for i in range(32) if mask >> i & 1]


_POSITION_FIELDS = ("game", "profile", "options", "trump", "hand", "trick", "players")


def legal_cards(position: Mapping[str, Any]) -> KlammernLegalAnswer:
    """Which cards of ``position['hand']`` may be played to ``position['trick']``, and why not.

    Answer: ``{"valid", "errors", "legal": [codes in hand order], "illegal": {code: reason}}``.

    :raises InvalidRecord: the input is not a position (unknown field, bad card, a 6,
        a trick that is already complete).
    """
    fields = Fields(position, "position", _POSITION_FIELDS)
    klammern_options(fields.raw("profile"), fields.raw("options"))
    players = fields.choice("players", (2, 3, 4), 4)
    trump = parse_trump(fields.raw("trump"), "position.trump")
    hand = fields.cards("hand")
    if hand is None:
        raise InvalidRecord("position.hand is missing (the player's cards, e.g. ['HA', 'S9'])")
    trick = fields.cards("trick", ()) or ()
    check_deck(hand, DECK, GAME, "position.hand")
    check_deck(trick, DECK, GAME, "position.trick")
    if len(trick) >= players:
        raise InvalidRecord(
            f"position.trick has {len(trick)} cards; with {players} players a trick is complete at {players}",
            field="trick",
        )
    errors: list[Reason] = []
    seen: set[Card] = set()
    for card in (*hand, *trick):
        if card in seen:
            errors.append(
                Reason("K10", "card_twice", "{card} appears twice in the position", {"card": str(card)})
            )
        seen.add(card)
    if len(hand) > HAND_SIZE:
        errors.append(
            Reason(
                "K10",
                "hand_size",
                "a hand holds at most {size} cards, not {count}",
                {"size": HAND_SIZE, "count": len(hand)},
                field="hand",
            )
        )
    if errors:
        return {"valid": False, "errors": [e.to_json() for e in errors], "legal": [], "illegal": {}}
    legal, illegal = legal_plays(hand, trick, ranking(trump))
    return {
        "valid": True,
        "errors": [],
        "legal": [str(c) for c in legal],
        "illegal": {
            str(card): {"rule": r.rule, "message": r.message, "code": r.code} for card, r in illegal.items()
        },
    }
