"""Schieber Weis (S6.1-S6.5): what a Weis is, finding them in a hand, comparing and awarding.

A :class:`Weis` is a frozen value: a run of 3+ cards of one suit in natural order
(6 7 8 9 T J Q K A, S6.1) or a four of a kind that scores under the rule options (S6.2).
:func:`read_weis` turns a claimed list of cards into a Weis or a :class:`Reason`;
:func:`find_weis` lists every Weis a hand holds and :func:`best_declaration` the set
worth the most that a player may declare together (S6.3, ``kreuzweis``).
:func:`compare_weis` orders two declared Weis by S6.5 and says which step decided;
:func:`award_weis` gives every valid Weis of the team holding the best one.

>>> from rules_engine.cards import parse_cards
>>> from rules_engine.schieber.contracts import schieber_options
>>> read_weis(parse_cards(["H6", "H7", "H8"]), schieber_options()).points
20
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from rules_engine.cards import NATURAL_INDEX, NATURAL_ORDER, Card, Rank, Suit, format_cards
from rules_engine.errors import Reason, RuleBroken
from rules_engine.options import RuleOptions
from rules_engine.schieber.contracts import CONTRACT_KEYS, RUN_POINTS, Contract
from rules_engine.seats import Seat

if TYPE_CHECKING:
    from rules_engine.schieber.answers import DeclaredWeisJSON, WeisJSON

__all__ = [
    "ComparisonStep",
    "Declared",
    "FOUR_POINTS",
    "Weis",
    "WeisAward",
    "WeisComparison",
    "WeisKind",
    "award_weis",
    "best_declaration",
    "check_declaration",
    "compare_weis",
    "find_weis",
    "four_points",
    "read_weis",
    "run_points",
    "weis_key",
]

MIN_RUN = 3

#: S6.2: the four-of-a-kind values the rule text fixes. Nines and low cards are options.
FOUR_POINTS: Mapping[Rank, int] = MappingProxyType(
    {Rank.JACK: 200, Rank.ACE: 100, Rank.KING: 100, Rank.QUEEN: 100, Rank.TEN: 100}
)
_LOW_RANKS = frozenset({Rank.SIX, Rank.SEVEN, Rank.EIGHT})


class WeisKind(StrEnum):
    RUN = "run"
    FOUR = "four"


def four_points(rank: Rank, options: RuleOptions) -> int:
    """Points of four cards of ``rank`` (S6.2); 0 means "not a Weis" under these options."""
    if rank is Rank.NINE:
        return int(options.four_nines)
    if rank in _LOW_RANKS:
        return int(options.four_low)
    return FOUR_POINTS[rank]


def run_points(length: int, options: RuleOptions) -> int:
    """Points of a run of ``length`` cards (S6.1, ``long_runs``)."""
    return RUN_POINTS[str(options.long_runs)][length]


@dataclass(frozen=True, slots=True)
class Weis:
    """One Weis: its kind, its cards (runs lowest first, fours by suit) and raw points."""

    kind: WeisKind
    cards: tuple[Card, ...]
    points: int

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> Rank:
        """The top card's rank in natural order (S6.5 step 3); a four's own rank."""
        return max((card.rank for card in self.cards), key=NATURAL_INDEX.__getitem__)

    @property
    def suit(self) -> Suit | None:
        """The suit of a run; None for a four of a kind."""
        return self.cards[0].suit if self.kind is WeisKind.RUN else None

    def __str__(self) -> str:
        return format_cards(self.cards)

    def to_json(self) -> WeisJSON:
        return {"kind": self.kind.value, "cards": [str(c) for c in self.cards], "points": self.points}


def _run(cards: Iterable[Card], options: RuleOptions) -> Weis:
    ordered = tuple(sorted(cards, key=lambda card: NATURAL_INDEX[card.rank]))
    return Weis(WeisKind.RUN, ordered, run_points(len(ordered), options))


def _four(rank: Rank, options: RuleOptions) -> Weis:
    return Weis(WeisKind.FOUR, tuple(Card(suit, rank) for suit in Suit), four_points(rank, options))


def _claim_reason(code: str, rule: str, template: str, cards: Sequence[Card], **params: Any) -> Reason:
    return Reason(rule, code, template, {"cards": format_cards(cards), **params})


def read_weis(cards: Sequence[Card], options: RuleOptions) -> Weis:
    """The Weis that ``cards`` form, or :class:`RuleBroken` saying why it is none (S6.1, S6.2, S8).

    >>> from rules_engine.cards import parse_cards
    >>> from rules_engine.schieber.contracts import schieber_options
    >>> read_weis(parse_cards(["S9", "H9", "C9", "D9"]), schieber_options("official")).points
    150
    """
    if len(set(cards)) != len(cards):
        raise RuleBroken(
            _claim_reason("weis_repeats_card", "S8", "Weis {cards} names the same card twice", cards)
        )
    if len(cards) == 4 and len({card.rank for card in cards}) == 1:
        rank = cards[0].rank
        points = four_points(rank, options)
        if points <= 0:
            raise RuleBroken(
                _claim_reason(
                    "four_not_scoring",
                    "S6.2",
                    "four {rank}s ({cards}) are not a Weis under these rules (they score nothing)",
                    cards,
                    rank=rank.value,
                )
            )
        return _four(rank, options)
    if len(cards) < MIN_RUN:
        raise RuleBroken(
            _claim_reason(
                "weis_too_short",
                "S6.1",
                "{cards} is not a Weis: a run needs at least 3 cards of one suit",
                cards,
            )
        )
    if len({card.suit for card in cards}) != 1:
        raise RuleBroken(
            _claim_reason(
                "run_mixed_suits",
                "S6.1",
                "{cards} is not a Weis: a run's cards must all be of one suit (a four of a kind is 4 cards of one rank)",
                cards,
            )
        )
    indexes = sorted(NATURAL_INDEX[card.rank] for card in cards)
    if indexes != list(range(indexes[0], indexes[0] + len(indexes))):
        raise RuleBroken(
            _claim_reason(
                "run_not_consecutive",
                "S6.1",
                "{cards} is not a Weis: a run's cards must be consecutive in the order 6 7 8 9 T J Q K A",
                cards,
            )
        )
    return _run(cards, options)


def find_weis(hand: Iterable[Card], options: RuleOptions) -> list[Weis]:
    """Every Weis ``hand`` holds: each run of 3+ (sub-runs of longer runs too) and each scoring four.

    Sub-runs are listed because a shorter run can be the better declaration when its
    top card belongs to a four of a kind (S6.3). Order: runs by suit and start, then fours.
    """
    cards = set(hand)
    found: list[Weis] = []
    for suit in Suit:
        present = [Card(suit, rank) in cards for rank in NATURAL_ORDER]
        start = 0
        while start < len(NATURAL_ORDER):
            if not present[start]:
                start += 1
                continue
            end = start
            while end + 1 < len(NATURAL_ORDER) and present[end + 1]:
                end += 1
            for low in range(start, end + 1):
                for high in range(low + MIN_RUN - 1, end + 1):
                    found.append(_run((Card(suit, NATURAL_ORDER[i]) for i in range(low, high + 1)), options))
            start = end + 1
    for rank in reversed(NATURAL_ORDER):
        if all(Card(suit, rank) in cards for suit in Suit) and four_points(rank, options) > 0:
            found.append(_four(rank, options))
    return found


def _compatible(first: Weis, second: Weis, kreuzweis: bool) -> bool:
    """Whether one player may declare both (S6.3; with ``kreuzweis`` a run and a four may share a card)."""
    if first == second:
        return False
    if set(first.cards).isdisjoint(second.cards):
        return True
    return kreuzweis and first.kind is not second.kind


def check_declaration(seat: Seat, weis: Sequence[Weis], options: RuleOptions) -> list[Reason]:
    """Why one player's declared Weis may not stand together (S6.3 and ``kreuzweis``).

    Each Weis is checked once against those declared before it, through the cards they
    hold (linear in the cards named, not quadratic in the Weis): a Weis declared before is
    a repeat; a card already in a Weis of a kind that may not share it is an overlap. Each
    offending Weis is named once, against the first earlier Weis it conflicts with.
    """
    kreuzweis = bool(options.kreuzweis)
    reasons: list[Reason] = []
    declared: set[Weis] = set()
    #: card -> the first earlier Weis holding it, per kind (with Kreuzweis a run and a four
    #: may share a card, so they are looked up apart; without it any holder conflicts).
    holders: dict[tuple[Card, WeisKind | None], Weis] = {}
    for current in weis:
        if current in declared:
            reasons.append(
                Reason(
                    "S6.3",
                    "weis_declared_twice",
                    "seat {seat} declares the Weis {weis} twice",
                    {"seat": seat.number, "weis": str(current)},
                    field=f"weis.{seat}",
                )
            )
            continue
        declared.add(current)
        kind = current.kind if kreuzweis else None
        earlier = next((holders[c, kind] for c in current.cards if (c, kind) in holders), None)
        for card in current.cards:
            holders.setdefault((card, kind), current)
        if earlier is None:
            continue
        shared = sorted(set(earlier.cards) & set(current.cards), key=str)
        both_runs = earlier.kind is WeisKind.RUN and current.kind is WeisKind.RUN
        template = (
            "seat {seat} uses {shared} in two runs ({first} and {second}); even with Kreuzweis "
            "a card may count in one run and one four of a kind only"
            if kreuzweis and both_runs
            else "seat {seat} uses {shared} in two Weis ({first} and {second}); "
            "a card may count in only one Weis of its holder"
        )
        reasons.append(
            Reason(
                "S6.3",
                "card_in_two_weis",
                template,
                {
                    "seat": seat.number,
                    "shared": format_cards(shared),
                    "first": str(earlier),
                    "second": str(current),
                },
                field=f"weis.{seat}",
            )
        )
    return reasons


@dataclass(frozen=True, slots=True)
class Declared:
    """A Weis and the seat that declared it."""

    seat: Seat
    weis: Weis

    def to_json(self) -> DeclaredWeisJSON:
        return {"seat": self.seat.number, **self.weis.to_json()}


#: S6.5's five steps: (name, what the step compares).
STEPS: tuple[tuple[str, str], ...] = (
    ("points", "the higher value wins"),
    ("cards", "at equal points the Weis with more cards wins"),
    ("rank", "the higher top card wins (in Undenufe the lower)"),
    ("trump", "a run in the trump suit beats an equal run in another suit"),
    ("play_order", "the player who plays earlier in the first trick wins"),
)


def weis_key(
    declared: Declared, contract: Contract | None, options: RuleOptions, forehand: Seat | None
) -> tuple[int, int, int, int, int]:
    """S6.5 as a sort key: a larger key is the better Weis.

    Step 2 with ``weis_equal_points: quartet_first`` puts any four of a kind before a
    run of equal points, then the longer run; otherwise simply more cards win.
    """
    weis = declared.weis
    if options.weis_equal_points == "quartet_first":
        cards_step = (1 if weis.kind is WeisKind.FOUR else 0) * 100 + weis.length
    else:
        cards_step = weis.length
    rank_step = NATURAL_INDEX[weis.top]
    if contract is not None and contract.is_undenufe:
        rank_step = -rank_step
    # Contract.trump builds the Suit from the key on every read; this is on every comparison.
    trump = _TRUMPS[contract.key] if contract is not None else None
    trump_step = 1 if trump is not None and weis.suit is trump else 0
    order_step = -declared.seat.distance_from(forehand) if forehand is not None else 0
    return (weis.points, cards_step, rank_step, trump_step, order_step)


_TRUMPS: Mapping[str, Suit | None] = MappingProxyType({key: Contract(key).trump for key in CONTRACT_KEYS})


@dataclass(frozen=True, slots=True)
class ComparisonStep:
    """One step of S6.5 as the dispute screen shows it; ``winner`` 1/2 = first/second Weis, None = equal."""

    step: int
    name: str
    rule: str
    explanation: str
    first: int
    second: int
    winner: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "name": self.name,
            "rule": self.rule,
            "explanation": self.explanation,
            "first": self.first,
            "second": self.second,
            "winner": self.winner,
        }


@dataclass(frozen=True, slots=True)
class WeisComparison:
    """Two Weis compared by S6.5: every step taken (up to the deciding one) and the better one."""

    first: Declared
    second: Declared
    steps: tuple[ComparisonStep, ...]
    winner: int  # 1 or 2

    @property
    def better(self) -> Declared:
        return self.first if self.winner == 1 else self.second

    @property
    def deciding(self) -> ComparisonStep:
        return self.steps[-1]

    def to_json(self) -> dict[str, Any]:
        return {
            "first": self.first.to_json(),
            "second": self.second.to_json(),
            "steps": [s.to_json() for s in self.steps],
            "winner": self.winner,
        }


def compare_weis(
    first: Declared, second: Declared, contract: Contract | None, options: RuleOptions, forehand: Seat
) -> WeisComparison:
    """Compare two declared Weis step by step (S6.5) and say which step decided.

    Step values are the figures compared: points, card count (plus 100 for a four with
    ``quartet_first``), the top card's natural index (negated in Undenufe), 1 for a
    trump run, minus the seat's distance from forehand.
    """
    a = weis_key(first, contract, options, forehand)
    b = weis_key(second, contract, options, forehand)
    steps: list[ComparisonStep] = []
    winner = 0
    for index, ((name, explanation), x, y) in enumerate(zip(STEPS, a, b), start=1):
        step_winner = None if x == y else (1 if x > y else 2)
        steps.append(ComparisonStep(index, name, "S6.5", explanation, x, y, step_winner))
        if step_winner is not None:
            winner = step_winner
            break
    if winner == 0:
        # Only the same seat can tie on play order; its Weis both count for one team anyway.
        winner = 1
    return WeisComparison(first, second, tuple(steps), winner)


@dataclass(frozen=True, slots=True)
class WeisAward:
    """Who scores Weis in a deal (S6.5): raw points per team, the best Weis and the duel that decided."""

    points: tuple[int, int]
    winner: int | None
    best: Declared | None
    comparison: WeisComparison | None

    def to_json(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "winner": self.winner,
            "best": self.best.to_json() if self.best is not None else None,
            "comparison": self.comparison.to_json() if self.comparison is not None else None,
        }


#: Nobody declared: one frozen answer serves every such deal.
_NO_AWARD = WeisAward((0, 0), None, None, None)


def award_weis(
    declared: Mapping[Seat, Sequence[Weis]], contract: Contract, options: RuleOptions, forehand: Seat
) -> WeisAward:
    """The team holding the single best Weis scores every Weis of both its players (S6.5).

    ``comparison`` is the duel of team 1's best Weis (``first``) against team 2's
    (``second``), so its ``winner`` is the winning team; None when only one team declared.
    """
    everything = [Declared(seat, weis) for seat, items in declared.items() for weis in items]
    if not everything:
        return _NO_AWARD

    # Each Weis's S6.5 key once (max keeps the first of equal keys).
    keyed = [(weis_key(d, contract, options, forehand), d.seat.side, d) for d in everything]
    best_per_team = {
        team: max((item for item in keyed if item[1] == team), key=itemgetter(0))[2]
        for team in (1, 2)
        if any(item[1] == team for item in keyed)
    }
    comparison = None
    if len(best_per_team) == 2:
        comparison = compare_weis(best_per_team[1], best_per_team[2], contract, options, forehand)
        best = comparison.better
    else:
        best = next(iter(best_per_team.values()))
    team = best.seat.side
    total = sum(d.weis.points for d in everything if d.seat.side == team)
    points = (total, 0) if team == 1 else (0, total)
    return WeisAward(points, team, best, comparison)


def best_declaration(
    hand: Iterable[Card], options: RuleOptions, contract: Contract | None = None
) -> tuple[Weis, ...]:
    """The set of Weis one player may declare together that is worth the most (S6.3 reading).

    Without ``kreuzweis`` no card is in two Weis; with it a card may be in one run and
    one four of a kind. Among sets of equal worth the one whose best Weis ranks higher
    by S6.5 (under ``contract`` when given) is chosen, then the one with fewer Weis.

    >>> from rules_engine.cards import parse_cards
    >>> from rules_engine.schieber.contracts import schieber_options
    >>> hand = parse_cards(["H6", "H7", "H8", "H9", "HT", "HJ", "SJ", "CJ", "DJ"])
    >>> [str(w) for w in best_declaration(hand, schieber_options())]
    ['H6 H7 H8 H9 HT', 'HJ CJ DJ SJ']
    """
    candidates = find_weis(hand, options)
    kreuzweis = bool(options.kreuzweis)
    seat = Seat(1)

    def strength(chosen: tuple[Weis, ...]) -> tuple[int, tuple[int, ...], int]:
        top = max((weis_key(Declared(seat, w), contract, options, None) for w in chosen), default=())
        return (sum(w.points for w in chosen), top, -len(chosen))

    best: tuple[Weis, ...] = ()
    best_strength = strength(best)

    def search(start: int, chosen: tuple[Weis, ...]) -> None:
        nonlocal best, best_strength
        current = strength(chosen)
        if current > best_strength:
            best, best_strength = chosen, current
        for index in range(start, len(candidates)):
            weis = candidates[index]
            if all(_compatible(weis, other, kreuzweis) for other in chosen):
                search(index + 1, chosen + (weis,))

    search(0, ())
    return best
