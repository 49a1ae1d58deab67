"""Deals whose tricks each have their own mode: Coiffeur's extra contracts and Differenzler.

A :class:`TrickMode` is one of Schieber's six contracts (a trump suit, Obenabe, Undenufe)
applied to one trick, optionally with undertrumping allowed to a player void in the led
suit (Misère with trump, C5.4; Differenzler, D4.3). Card legality and trick winners are
Schieber's own (:mod:`rules_engine.schieber.legality`, S4.2-S4.6); card points are tables
per trick, chosen by the game (Schieber's S5 tables, C5.6 ``mixed_points``).

:func:`classify_mode` splits a hand into legal and illegal cards for one trick;
:func:`replay_modes` checks a whole deal card by card for 3 or 4 players and counts its
points per seat. The game relabels Schieber's reasons with its own rule ids (a
``Relabel``), so that a Slalom trick cites C5.1 and a Differenzler undertrump D4.3.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rules_engine.cards import Card, format_cards
from rules_engine.errors import InvalidRecord, Reason
from rules_engine.options import RuleOptions
from rules_engine.schieber.contracts import CONTRACT_KEYS, Contract, card_points_table
from rules_engine.schieber.legality import (
    NOT_IN_HAND,
    PlayRules,
    classify,
    make_reason,
    play_rules,
    trick_winner,
)

__all__ = [
    "ModeReplay",
    "Relabel",
    "TrickMode",
    "classify_mode",
    "mode_points",
    "mode_reason",
    "replay_modes",
]

LAST_TRICK_BONUS = 5  # S5.4, C5.7


@dataclass(frozen=True, slots=True)
class TrickMode:
    """How one trick is played: a Schieber contract key, and whether a void player may undertrump.

    >>> TrickMode("undenufe").contract.is_undenufe
    True
    """

    key: str
    undertrump_when_void: bool = False

    def __post_init__(self) -> None:
        if self.key not in CONTRACT_KEYS:
            raise ValueError(f"unknown trick mode {self.key!r}")

    @property
    def contract(self) -> Contract:
        return _contract(self.key)

    @property
    def rules(self) -> PlayRules:
        return play_rules(_contract(self.key))

    def __str__(self) -> str:
        return self.key


@cache
def _contract(key: str) -> Contract:
    return Contract(key)


@cache
def mode_points(key: str, undenufe_points: str) -> Mapping[Card, int]:
    """Card points of every card in mode ``key`` (S5.1-S5.3; Undenufe by ``undenufe_points``)."""
    return card_points_table(_contract(key), RuleOptions({"undenufe_points": undenufe_points}))


def classify_mode(
    mode: TrickMode, hand: Sequence[Card], trick: Sequence[Card]
) -> tuple[tuple[Card, ...], list[tuple[Card, int]]]:
    """Legal cards of ``hand`` for ``trick`` in ``mode``, and the illegal ones with Schieber's code.

    Schieber's S4.2-S4.5, except that with ``undertrump_when_void`` a player holding no
    card of the led (plain) suit may play any card, a lower trump included (C5.4, D4.3).
    A player who can follow suit and trumps is still bound by S4.4.
    """
    rules = mode.rules
    legal, illegal = classify(rules, hand, trick)
    if illegal and mode.undertrump_when_void and rules.trump is not None:
        led = trick[0].suit
        if led is not rules.trump and all(card.suit is not led for card in hand):
            return tuple(hand), []
    return legal, illegal


#: (Schieber's reason, the trick's mode, the 0-based trick number or None) -> the game's reason.
Relabel = Callable[[Reason, TrickMode, "int | None"], Reason]


def mode_reason(
    mode: TrickMode,
    why: int,
    card: Card,
    hand: Sequence[Card],
    trick: Sequence[Card],
    legal: Sequence[Card],
) -> Reason:
    """Schieber's reason for an illegal ``card`` in ``mode`` (before the game relabels it)."""
    return make_reason(why, mode.contract, card, hand, trick, legal)


@dataclass(frozen=True, slots=True)
class ModeReplay:
    """What a deal's tricks show, checked card by card; seats are numbers 1..players."""

    #: The seat that led and the seat that took each trick.
    leaders: tuple[int, ...]
    winners: tuple[int, ...]
    #: Card points (the last trick with its 5) of each trick, and per seat.
    points_per_trick: tuple[int, ...]
    seat_points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    #: Each seat's cards at the start of the deal: the given hand or the cards it played.
    hands: Mapping[int, tuple[Card, ...]]
    reasons: tuple[Reason, ...] = field(default=())

    @property
    def valid(self) -> bool:
        return not self.reasons


def _check_shape(tricks: object, count: int, players: int) -> tuple[tuple[Card, ...], ...]:
    if isinstance(tricks, (str, bytes)) or not isinstance(tricks, Sequence):
        raise InvalidRecord(f"tricks must be a list of the {count} tricks, not {tricks!r}", where="tricks")
    if len(tricks) != count:
        raise InvalidRecord(f"tricks: a deal has {count} tricks, not {len(tricks)}", where="tricks")
    shaped = []
    for index, trick in enumerate(tricks):
        if isinstance(trick, (str, bytes)) or not isinstance(trick, Sequence) or len(trick) != players:
            raise InvalidRecord(
                f"tricks[{index}] must hold the {players} cards played, not {trick!r}",
                where=f"tricks[{index}]",
            )
        for card in trick:
            if not isinstance(card, Card):
                raise InvalidRecord(f"tricks[{index}]: not a card: {card!r}", where=f"tricks[{index}]")
        shaped.append(tuple(trick))
    return tuple(shaped)


def _card_reason(rule: str, code: str, template: str, params: dict[str, Any], where: str) -> Reason:
    return Reason(rule, code, template, params, field=where)


def replay_modes(
    modes: Sequence[TrickMode],
    points: Sequence[Mapping[Card, int]],
    players: int,
    first_leader: int,
    tricks: object,
    hands: Mapping[int, Sequence[Card]] | None,
    relabel: Relabel,
    deck_rule: str,
    *,
    partial: bool = False,
) -> ModeReplay:
    """Check and count a deal card by card: trick t is played in ``modes[t]`` and counted with ``points[t]``.

    ``first_leader`` leads the first trick; the winner of a trick leads the next. Hands not
    given are derived from the tricks (a seat's hand at trick t is what it plays from t on).
    A card played twice, a card in two hands or a card not in its player's hand breaks
    ``deck_rule`` (C9, D8); a card against the trick's mode gets Schieber's reason through
    ``relabel``. With ``partial``, ``modes`` are the deal's first tricks only (the dispute
    desk's replay of a deal stopped early): hands are not checked for their size, and the
    last trick given earns no last-trick bonus.

    :raises InvalidRecord: not ``len(modes)`` tricks of ``players`` cards.
    """
    count = len(modes)
    shaped = _check_shape(tricks, count, players)
    reasons: list[Reason] = []
    first_seen: dict[Card, tuple[int, int]] = {}
    for t, trick in enumerate(shaped):
        for i, card in enumerate(trick):
            if card in first_seen:
                ft, fi = first_seen[card]
                reasons.append(
                    _card_reason(
                        deck_rule,
                        "card_played_twice",
                        "{card} is played twice: in trick {first} and in trick {trick}; the deck has each card once",
                        {"card": str(card), "first": ft + 1, "trick": t + 1},
                        f"tricks[{t}][{i}]",
                    )
                )
            else:
                first_seen[card] = (t, i)
    given = {seat: tuple(cards) for seat, cards in (hands or {}).items()}
    holder: dict[Card, int] = {}
    for seat, hand in sorted(given.items()):
        if len(hand) != count and not partial:
            reasons.append(
                _card_reason(
                    deck_rule,
                    "hand_size",
                    "seat {seat} holds {size} cards; every player is dealt {expected}",
                    {"seat": seat, "size": len(hand), "expected": count, "hand": format_cards(hand)},
                    f"hands.{seat}",
                )
            )
        for card in hand:
            other = holder.get(card)
            if other is not None:
                reasons.append(
                    _card_reason(
                        deck_rule,
                        "card_in_two_hands",
                        "{card} is in the hands of seats {other} and {seat}; the deck has each card once",
                        {"card": str(card), "seat": seat, "other": other},
                        f"hands.{seat}",
                    )
                )
            else:
                holder[card] = seat
    # Pass 1: leaders, winners, points and each seat's cards in order.
    leaders: list[int] = []
    winners: list[int] = []
    per_trick: list[int] = []
    seat_points = [0] * players
    won = [0] * players
    played: list[list[Card]] = [[] for _ in range(players)]
    leader = first_leader - 1
    for t, trick in enumerate(shaped):
        mode = modes[t]
        for index, card in enumerate(trick):
            played[(leader + index) % players].append(card)
        winner = (leader + trick_winner(mode.contract, trick)) % players
        value = sum(points[t][card] for card in trick) + (
            LAST_TRICK_BONUS if t == count - 1 and not partial else 0
        )
        leaders.append(leader + 1)
        winners.append(winner + 1)
        per_trick.append(value)
        seat_points[winner] += value
        won[winner] += 1
        leader = winner
    # Pass 2: every card against the hand it was played from (only when the deck is sound:
    # with a card twice, the hands derived from the tricks mean nothing).
    if not reasons:
        remaining = {seat - 1: list(cards) for seat, cards in given.items()}
        for t, trick in enumerate(shaped):
            mode = modes[t]
            lead = leaders[t] - 1
            for index, card in enumerate(trick):
                seat = (lead + index) % players
                held = remaining.get(seat)
                now = held if held is not None else played[seat][t:]
                so_far = trick[:index]
                if card not in now:
                    legal, _ = classify_mode(mode, now, so_far)
                    base = mode_reason(mode, NOT_IN_HAND, card, now, so_far, legal)
                    reasons.append(_locate(relabel(base, mode, t), t, seat + 1, index))
                    continue
                if index:
                    legal, illegal = classify_mode(mode, now, so_far)
                    why = dict(illegal).get(card)
                    if why is not None:
                        base = mode_reason(mode, why, card, now, so_far, legal)
                        reasons.append(_locate(relabel(base, mode, t), t, seat + 1, index))
                if held is not None:
                    held.remove(card)
    start = {seat: given.get(seat, tuple(played[seat - 1])) for seat in range(1, players + 1)}
    return ModeReplay(
        leaders=tuple(leaders),
        winners=tuple(winners),
        points_per_trick=tuple(per_trick),
        seat_points=tuple(seat_points),
        tricks_won=tuple(won),
        hands=start,
        reasons=tuple(reasons),
    )


def _locate(reason: Reason, trick: int, seat: int, position: int) -> Reason:
    params = dict(reason.params)
    params.setdefault("trick", trick + 1)
    params["seat"] = seat
    # A game's reason may already name the trick ("trick 2 is undenufe: ...").
    prefix = (
        "seat {seat}, " if reason.template.startswith("trick {trick}") else "trick {trick}, seat {seat}: "
    )
    return Reason(
        reason.rule,
        reason.code,
        prefix + reason.template,
        params,
        field=f"tricks[{trick}][{position}]",
    )
