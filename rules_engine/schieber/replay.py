"""Replaying a Schieber deal card by card: legality, trick winners, trick points, Match.

:func:`replay` takes the nine tricks in play order (the first led by forehand, each next
one by the previous winner, S4.1) and, optionally, the hands dealt. It returns a
:class:`Replay`: who led and who won each trick (S4.6), the raw trick points per team
with the last-trick 5 (S5.4), the running score after each trick (for the S7.3 question
"who reached the target first"), the team that took all nine tricks (S5.5) and a
:class:`Reason` for every card played against S4.1-S4.5, naming the trick (1-based), the
seat, the card, the rule and the cards that could have been played instead.

Given hands are checked too, as reasons: a hand that is not nine cards (``S2.2
hand_size``), a card in two hands or twice in one (``S2.1 card_in_two_hands`` /
``duplicate_card``), a card played that its player did not hold (``S4.1 not_in_hand``).
A card played twice is a card held twice (``S8 card_twice``): then no card is judged
against S4, since no hand can be read off such tricks.

Malformed shape (not nine tricks of four cards, not cards) is :class:`InvalidRecord`;
a rule break is a reason, never an exception. With
``partial=True`` a prefix of the deal (0-9 complete tricks) can be replayed, for a
dispute screen that stops at the trick in question.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import chain
from types import MappingProxyType
from typing import Any

from rules_engine.cards import CARD_BY_CODE, Card, Rank, Suit
from rules_engine.errors import InvalidRecord, Reason
from rules_engine.options import RuleOptions
from rules_engine.schieber.contracts import (
    LAST_TRICK_BONUS,
    PLAYERS,
    TRICKS_PER_DEAL,
    Contract,
)
from rules_engine.schieber.contracts import card_points_table as card_points_table  # its old home
from rules_engine.schieber.contracts import points_by_key as _points_table
from rules_engine.schieber.legality import NOT_IN_HAND, PlayRules, classify, is_legal, make_reason, play_rules
from rules_engine.seats import Seat

SEATS: tuple[Seat, ...] = tuple(Seat(n) for n in range(1, PLAYERS + 1))

#: Identities of the canonical cards (those :meth:`Card.parse` returns for record codes).
#: Cards that are all canonical are distinct exactly when their ids are, and ids hash in C
#: where a Card hashes in Python: the common case is checked by id, anything else by value.
_CANONICAL_IDS: frozenset[int] = frozenset(map(id, CARD_BY_CODE.values()))
_SEQUENCE_TYPES = frozenset({tuple, list})
_FOUR = {PLAYERS}


@dataclass(frozen=True, slots=True)
class Replay:
    """What a deal's tricks show, checked card by card. Points are raw (before the factor)."""

    #: Each seat's cards at the start of the deal: the given hand, or the cards it played.
    hands: Mapping[Seat, tuple[Card, ...]]
    #: The seat that took each trick, in order.
    winners: tuple[Seat, ...]
    #: The seat that led each trick.
    leaders: tuple[Seat, ...]
    #: Card points plus the last-trick 5, per team [team 1, team 2]; no Match bonus.
    trick_points: tuple[int, int]
    #: ``trick_points`` after each trick (the S7.3 running score).
    running: tuple[tuple[int, int], ...]
    #: The team that took all nine tricks (S5.5), else None.
    match_team: int | None
    #: Every card played against the rules, the first wrong card first.
    reasons: tuple[Reason, ...]
    #: Raw points of each trick (card points, the last one with its 5).
    points_per_trick: tuple[int, ...] = field(default=())

    @property
    def valid(self) -> bool:
        return not self.reasons

    def trick_winner_team(self, trick: int) -> int:
        """The team (1 or 2) that took trick ``trick`` (0-based)."""
        return self.winners[trick].side


@cache
def _rank_points(key: str, undenufe_points: str) -> tuple[Mapping[Rank, int], Mapping[Rank, int]]:
    # Keyed by rank (trump suit, plain suits): ranks hash in C, cards in Python.
    table = _points_table(key, undenufe_points)
    contract = Contract(key)
    trump = contract.trump
    plain = next(suit for suit in Suit if suit is not trump)
    trump_points = {} if trump is None else {rank: table[Card(trump, rank)] for rank in Rank}
    return trump_points, {rank: table[Card(plain, rank)] for rank in Rank}


def _plain_shape(tricks: Sequence[Sequence[Card]], partial: bool) -> bool:
    """Whether ``tricks`` is a list of complete tricks of distinct canonical cards (the usual case)."""
    if type(tricks) is not tuple and type(tricks) is not list:
        return False
    count = len(tricks)
    if count > TRICKS_PER_DEAL or (not partial and count != TRICKS_PER_DEAL):
        return False
    if not count:
        return True
    if not _SEQUENCE_TYPES.issuperset(map(type, tricks)) or set(map(len, tricks)) != _FOUR:
        return False
    ids = set(map(id, chain.from_iterable(tricks)))
    return len(ids) == count * PLAYERS and ids <= _CANONICAL_IDS


def _check_shape(tricks: Sequence[Sequence[Card]], partial: bool) -> list[Reason]:
    """The reasons the tricks break S8 (a card played twice); malformed shape raises.

    :raises InvalidRecord: not a list of (at most) nine tricks of four cards.
    """
    if _plain_shape(tricks, partial):
        return []
    if isinstance(tricks, (str, bytes)) or not isinstance(tricks, Sequence):
        raise InvalidRecord(f"tricks must be a list of tricks, not {tricks!r}", field="tricks")
    count = len(tricks)
    if count > TRICKS_PER_DEAL or (not partial and count != TRICKS_PER_DEAL):
        raise InvalidRecord(f"tricks: a deal has {TRICKS_PER_DEAL} tricks, not {count}", field="tricks")
    # Keys are (suit, rank) pairs: they hash in C, a Card hashes in Python.
    keys = set()
    for t, trick in enumerate(tricks):
        if type(trick) not in (list, tuple) and (
            isinstance(trick, (str, bytes)) or not isinstance(trick, Sequence)
        ):
            raise InvalidRecord(
                f"tricks[{t}]: a trick is a list of {PLAYERS} cards, not {trick!r}", field=f"tricks[{t}]"
            )
        if len(trick) != PLAYERS:
            raise InvalidRecord(
                f"tricks[{t}]: a trick is {PLAYERS} cards, not {len(trick)}: {list(map(str, trick))}",
                field=f"tricks[{t}]",
            )
        for i, card in enumerate(trick):
            if type(card) is not Card:
                raise InvalidRecord(f"tricks[{t}][{i}]: not a card: {card!r}", field=f"tricks[{t}][{i}]")
            keys.add((card.suit, card.rank))
    reasons: list[Reason] = []
    if len(keys) != count * PLAYERS:
        seen: dict[Card, int] = {}
        for t, trick in enumerate(tricks):
            for i, card in enumerate(trick):
                if card in seen:
                    reasons.append(
                        Reason(
                            "S8",
                            "card_twice",
                            "{card} is played twice (trick {trick}, first in trick {first}); "
                            "the deck has each card once",
                            {"card": str(card), "trick": t + 1, "first": seen[card] + 1},
                            field=f"tricks[{t}][{i}]",
                        )
                    )
                else:
                    seen[card] = t
    return reasons


def _plain_hands(hands: Mapping[Seat, Sequence[Card]]) -> bool:
    """Whether every given hand is nine canonical cards and no card is given twice."""
    ids: list[int] = []
    for hand in hands.values():
        if len(hand) != TRICKS_PER_DEAL:
            return False
        ids.extend(map(id, hand))
    return _CANONICAL_IDS.issuperset(ids) and len(set(ids)) == len(ids)


def hand_reasons(hands: Mapping[Seat, Sequence[Card]]) -> list[Reason]:
    """Given hands: nine cards each (S2.2), each card in one hand (S2.1, S8)."""
    if _plain_hands(hands):
        return []
    reasons: list[Reason] = []
    # Keyed by (suit, rank): those hash in C, a Card in Python.
    holder: dict[tuple[Suit, Rank], Seat] = {}
    for seat, hand in sorted(hands.items(), key=lambda item: item[0].number):
        if len(hand) != TRICKS_PER_DEAL:
            reasons.append(
                Reason(
                    "S2.2",
                    "hand_size",
                    "seat {seat} holds {count} cards; every player is dealt {expected}",
                    {
                        "seat": seat.number,
                        "count": len(hand),
                        "expected": TRICKS_PER_DEAL,
                        "hand": [str(c) for c in hand],
                    },
                    field=f"hands.{seat}",
                )
            )
        for card in hand:
            if type(card) is not Card:
                raise InvalidRecord(f"hands.{seat}: not a card: {card!r}", field=f"hands.{seat}")
            key = (card.suit, card.rank)
            other = holder.get(key)
            if other is not None:
                where = (
                    "twice in the hand of seat {seat}"
                    if other == seat
                    else "held by seats {other} and {seat}"
                )
                reasons.append(
                    Reason(
                        "S2.1",
                        "card_in_two_hands" if other != seat else "duplicate_card",
                        "{card} is " + where + "; the deck has each card once",
                        {"card": str(card), "seat": seat.number, "other": other.number},
                        field=f"hands.{seat}",
                    )
                )
            else:
                holder[key] = seat
    return reasons


def _locate(reason: Reason, trick: int, seat: Seat, position: int) -> Reason:
    params: dict[str, Any] = dict(reason.params)
    params["trick"] = trick + 1
    params["seat"] = seat.number
    return Reason(
        reason.rule,
        reason.code,
        "trick {trick}, seat {seat}: " + reason.template,
        params,
        field=f"tricks[{trick}][{position}]",
    )


def _all_legal_as_played(
    rules: PlayRules,
    tricks: Sequence[Sequence[Card]],
    leaders: Sequence[int],
    played: Sequence[Sequence[Card]],
    given: Mapping[Seat, Sequence[Card]],
    off_suit: Sequence[tuple[int, int]],
) -> bool:
    """The usual complete deal: each given hand is what its seat played, and every card was legal.

    Then a seat's hand at trick t is the cards it plays from t on, whatever order the
    record lists them in, and there is nothing to report. Anything else (a card not held,
    an illegal card, a hand that is not nine distinct cards) returns False, and
    :func:`_card_reasons` says what is wrong, with the hands in the record's order.
    """
    # The tricks are 36 distinct cards (checked before), so a hand of nine cards holding
    # every card its seat played is exactly those cards: nine distinct cards, no card in
    # two hands (unless two seats share a number, which the set of numbers rules out).
    numbers: set[int] = set()
    for seat, hand in given.items():
        number = seat.number
        if (
            number in numbers
            or len(hand) != TRICKS_PER_DEAL
            or not set(map(id, hand)).issuperset(map(id, played[number - 1]))
        ):
            return False
        numbers.add(number)
    for t, index in off_suit:
        trick = tricks[t]
        if not is_legal(rules, played[(leaders[t] + index) & 3][t:], trick[:index], trick[index]):
            return False
    return True


def _card_reasons(
    contract: Contract,
    rules: PlayRules,
    tricks: Sequence[Sequence[Card]],
    leaders: Sequence[int],
    played: Sequence[Sequence[Card]],
    given: Mapping[Seat, Sequence[Card]],
) -> list[Reason]:
    """Every card against the hand it was played from, the hands' own faults first."""
    reasons: list[Reason] = []
    count = len(tricks)
    if given:
        reasons.extend(hand_reasons(given))
    # A given hand as (suit, rank) -> card, in hand order: membership and removal in C.
    remaining: dict[int, dict[tuple[Suit, Rank], Card]] = {
        seat.number - 1: {(c.suit, c.rank): c for c in cards} for seat, cards in given.items()
    }
    for t in range(count):
        trick = tricks[t]
        leader = leaders[t]
        for index in (0, 1, 2, 3):
            seat = (leader + index) & 3
            card = trick[index]
            hand: Collection[Card]
            held = remaining.get(seat)
            key = (card.suit, card.rank)
            if held is None:
                hand = played[seat][t:]
            else:
                hand = held.values()
                if key not in held:
                    now = list(hand)
                    legal, _ = classify(rules, now, trick[:index])
                    reason = make_reason(NOT_IN_HAND, contract, card, now, trick[:index], legal)
                    reasons.append(_locate(reason, t, SEATS[seat], index))
                    continue
            if index and not is_legal(rules, hand, trick[:index], card):
                now = list(hand)
                legal, why = classify(rules, now, trick[:index])
                reason = make_reason(dict(why)[card], contract, card, now, trick[:index], legal)
                reasons.append(_locate(reason, t, SEATS[seat], index))
            if held is not None:
                del held[key]
    return reasons


def replay(
    contract: Contract,
    options: RuleOptions,
    forehand: Seat,
    tricks: Sequence[Sequence[Card]],
    hands: Mapping[Seat, Sequence[Card]] | None = None,
    *,
    partial: bool = False,
) -> Replay:
    """Check and score a deal's tricks card by card (S4, S5).

    ``hands`` may give some or all seats' dealt cards; the other seats' hands are derived
    from the tricks (a seat's hand at trick t is the cards it plays in tricks t..9).

    :raises InvalidRecord: not nine tricks of four cards (``partial``: at most nine). The
        same card played twice is a reason (S8), as every rule break.
    """
    twice = _check_shape(tricks, partial)
    rules = play_rules(contract)
    trump = rules.trump
    trump_power = rules.trump_power
    plain_power = rules.plain_power
    trump_points, plain_points = _rank_points(contract.key, options["undenufe_points"])
    count = len(tricks)

    # Pass 1: who leads and wins each trick, the points, and each seat's cards in order.
    leaders: list[int] = []
    winners: list[int] = []
    per_trick: list[int] = []
    running: list[tuple[int, int]] = []
    played: list[list[Card]] = [[], [], [], []]
    # (trick, position) of every card that does not follow the led suit: following suit is
    # always legal (S4.2-S4.5), so only these need a look at the hand.
    off_suit: list[tuple[int, int]] = []
    team = [0, 0]
    leader = forehand.number - 1
    for t in range(count):
        trick = tricks[t]
        best = trick[0]
        best_suit = led = best.suit
        best_power = (trump_power if best_suit is trump else plain_power)[best.rank]
        best_index = 0
        value = 0
        for index in (0, 1, 2, 3):
            card = trick[index]
            suit = card.suit
            played[(leader + index) & 3].append(card)
            if suit is not led:
                off_suit.append((t, index))
            if suit is trump:
                value += trump_points[card.rank]
                if best_suit is not trump:
                    best_suit, best_power, best_index = suit, trump_power[card.rank], index
                elif trump_power[card.rank] > best_power:
                    best_power, best_index = trump_power[card.rank], index
            else:
                value += plain_points[card.rank]
                if suit is best_suit and plain_power[card.rank] > best_power:
                    best_power, best_index = plain_power[card.rank], index
        if t == TRICKS_PER_DEAL - 1:
            value += LAST_TRICK_BONUS
        winner = (leader + best_index) & 3
        leaders.append(leader)
        winners.append(winner)
        per_trick.append(value)
        team[winner & 1] += value
        running.append((team[0], team[1]))
        leader = winner

    # Pass 2: every card against the hand it was played from.
    given = hands or {}
    reasons: list[Reason] = twice
    if twice:
        # A card held twice (S8): no hand can be read off these tricks to judge a card by.
        if given:
            reasons.extend(hand_reasons(given))
    elif count != TRICKS_PER_DEAL or not _all_legal_as_played(
        rules, tricks, leaders, played, given, off_suit
    ):
        reasons = _card_reasons(contract, rules, tricks, leaders, played, given)

    start_hands: dict[Seat, tuple[Card, ...]] = {}
    for each in SEATS:
        dealt = given.get(each)
        start_hands[each] = tuple(dealt) if dealt is not None else tuple(played[each.number - 1])
    match_team: int | None = None
    if count == TRICKS_PER_DEAL:
        first_team = winners[0] & 1
        if all((w & 1) == first_team for w in winners):
            match_team = first_team + 1
    return Replay(
        hands=MappingProxyType(start_hands),
        winners=tuple(map(SEATS.__getitem__, winners)),
        leaders=tuple(map(SEATS.__getitem__, leaders)),
        trick_points=(team[0], team[1]),
        running=tuple(running),
        match_team=match_team,
        reasons=tuple(reasons),
        points_per_trick=tuple(per_trick),
    )
