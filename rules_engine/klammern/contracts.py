"""Klammern tables: rank orders and card points per trump suit (K2), rule options, and
the fixed figures of melds (K5), small points (K7), Augen (K8) and dice (K9).

Every number the scoring code uses is named here with its rule id; the tests check the
invariants over the tables (164 a deal, 162 with ``jappa_total``, for every trump).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Any

from rules_engine.cards import NATURAL_ORDER, Card, Rank, Suit, make_deck
from rules_engine.errors import InvalidNotation, InvalidRecord, Reason
from rules_engine.options import OptionSpec, RuleOptions, choice_of, resolve_options
from rules_engine.seats import Seat
from rules_engine.totals import TrickTake, achievable_totals, example_subset, impossible_totals, simplest_take
from rules_engine.tricks import Ranking

#: 32 cards: no sixes (K2.1).
KLAMMERN_DECK: tuple[Card, ...] = make_deck(r for r in NATURAL_ORDER if r is not Rank.SIX)

R = Rank

DECK: tuple[Card, ...] = KLAMMERN_DECK
#: The deck as indices 0..31: suit (in ``Suit`` order) * 8 + rank (natural order 7..A).
DECK_BY_INDEX: tuple[Card, ...] = tuple(
    Card(suit, rank)
    for suit in Suit
    for rank in (R.SEVEN, R.EIGHT, R.NINE, R.TEN, R.JACK, R.QUEEN, R.KING, R.ACE)
)
GAME = "klammern"

#: K2.2, highest first.
TRUMP_ORDER: tuple[Rank, ...] = (R.JACK, R.NINE, R.ACE, R.TEN, R.KING, R.QUEEN, R.EIGHT, R.SEVEN)
#: K2.3, highest first.
PLAIN_ORDER: tuple[Rank, ...] = (R.ACE, R.TEN, R.KING, R.QUEEN, R.JACK, R.NINE, R.EIGHT, R.SEVEN)

#: K2.4: every suit (30 a suit).
PLAIN_POINTS: Mapping[Rank, int] = MappingProxyType({R.ACE: 11, R.TEN: 10, R.KING: 4, R.QUEEN: 3, R.JACK: 2})
JAPPA_BONUS = 20  # K2.4: on top of the trump J's 2
MIE_POINTS = 14  # K2.4: the trump 9
#: K2.4 (Jappa 2 + 20 = 22) and K2.5 ``jappa_total`` (Jappa 20 outright).
TRUMP_POINTS: Mapping[bool, Mapping[Rank, int]] = MappingProxyType(
    {
        False: MappingProxyType(
            {**PLAIN_POINTS, R.JACK: PLAIN_POINTS[R.JACK] + JAPPA_BONUS, R.NINE: MIE_POINTS}
        ),
        True: MappingProxyType({**PLAIN_POINTS, R.JACK: JAPPA_BONUS, R.NINE: MIE_POINTS}),
    }
)
LAST_TRICK_BONUS = 10  # K2.4
#: K2.4 / K2.5: an invariant the tests check against the tables, not an input.
DEAL_TOTAL: Mapping[bool, int] = MappingProxyType({False: 164, True: 162})
TRICKS_PER_DEAL = 8  # K3.1: eight cards each
HAND_SIZE = 8

#: K5.3: a Terz (3 in a run) and a Fifty (4 or more).
TERZ_LENGTH = 3
FIFTY_LENGTH = 4
TERZ_POINTS = 20
FIFTY_POINTS = 50
BELLA_POINTS = 20  # K5.5
#: K5.2 ``meld_tiebreak: suit_rank``: clubs highest (higher number beats lower).
SUIT_RANK: Mapping[Suit, int] = MappingProxyType(
    {Suit.CLUBS: 4, Suit.SPADES: 3, Suit.HEARTS: 2, Suit.DIAMONDS: 1}
)

#: K5.6: Kontra doubles, Re doubles again.
MULTIPLIER: Mapping[tuple[bool, bool], int] = MappingProxyType(
    {(False, False): 1, (True, False): 2, (True, True): 4}
)
SMALL_WON = 1  # K7.1
SMALL_LOST = 2  # K7.2, to the defenders (each opponent with 2-3 players, K1.4)
GAME_POINTS_PER_AUGE = 10  # K8.1
#: K9.2: (won, lost) award per kind of game.
DICE: Mapping[str, tuple[int, int]] = MappingProxyType({"orgi": (2, 4), "little": (1, 2)})

FORMATS: tuple[str, ...] = ("small_big", "liga", "hamburg")  # K1.2
HOWS: tuple[str, ...] = ("orgi", "kleines", "besser")  # K3.2-K3.3
BESSER_TRUMP = Suit.CLUBS  # K3.3


def _parse_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidRecord(f"must be true or false, not {value!r}")
    return value


KLAMMERN_OPTIONS: Mapping[str, OptionSpec] = MappingProxyType(
    {
        "jappa_total": OptionSpec("jappa_total", "K2.5", False, _parse_bool),
        "meld_tiebreak": OptionSpec(
            "meld_tiebreak", "K5.2", "first_declared", choice_of("first_declared", "suit_rank")
        ),
        "revoke": OptionSpec("revoke", "K4.5", "secured", choice_of("secured", "clean_side_all")),
    }
)

#: Klammern takes no profile but the default one (DEAL_RECORD.md).
KLAMMERN_PROFILES: Mapping[str, Mapping[str, Any]] = MappingProxyType({"seed": MappingProxyType({})})


def klammern_options(profile: object = None, overrides: object = None) -> RuleOptions:
    """The Klammern options in force for a record's ``profile`` and ``options``.

    :raises InvalidRecord: unknown profile, option key or value.
    """
    return resolve_options(GAME, KLAMMERN_OPTIONS, KLAMMERN_PROFILES, profile, overrides)


def parse_trump(value: object, what: str = "trump") -> Suit:
    """Read the trump suit letter (Klammern always has a trump suit, K3).

    :raises InvalidNotation: when ``value`` is not a suit letter.
    """
    if isinstance(value, str):
        try:
            return Suit(value.strip().upper())
        except ValueError:
            pass
    raise InvalidNotation(f"{what}: unknown suit {value!r} (use H, C, D, S)", where=what)


@cache
def ranking(trump: Suit, jappa_total: bool = False) -> Ranking:
    """Rank orders and card points with ``trump`` as trump suit (K2.2-K2.5)."""
    return Ranking(trump, TRUMP_ORDER, PLAIN_ORDER, TRUMP_POINTS[jappa_total], PLAIN_POINTS, LAST_TRICK_BONUS)


def deal_total(jappa_total: bool) -> int:
    """164, or 162 with ``jappa_total`` (K2.4, K2.5)."""
    return DEAL_TOTAL[jappa_total]


def deck_values(jappa_total: bool) -> tuple[int, ...]:
    """Card points of the 32 cards (the same multiset for every trump suit)."""
    rank = ranking(Suit.HEARTS, jappa_total)
    return tuple(sorted(rank.points(card) for card in DECK))


@cache
def impossible_team_totals(jappa_total: bool, players: int = 4) -> frozenset[int]:
    """Totals 0..164 that no set of one side's tricks yields (four players: 1 and 163; 1 and 161).

    With two or three players (K1.4) a trick has ``players`` cards and only ``8 * players``
    cards are in play, so more totals are out of reach.
    """
    return frozenset(impossible_totals(deck_values(jappa_total), players, TRICKS_PER_DEAL, LAST_TRICK_BONUS))


def example_take(
    trump: Suit, jappa_total: bool, total: int, players: int = 4
) -> tuple[TrickTake, tuple[Card, ...]] | None:
    """How one side could have taken ``total`` card points, with example cards (tricks of ``players``).

    ``None`` when no set of tricks makes ``total`` (K10); the dispute desk shows the cards.
    """
    rank = ranking(trump, jappa_total)
    values = [rank.points(card) for card in DECK]
    takes = achievable_totals(values, players, TRICKS_PER_DEAL, LAST_TRICK_BONUS).get(total)
    if not takes:
        return None
    take = simplest_take(takes, TRICKS_PER_DEAL)
    chosen = example_subset(values, take.tricks * players, take.card_points)
    if chosen is None:
        return None
    return take, tuple(DECK[index] for index in chosen)


def hand_errors(hands: Mapping[Seat, Sequence[Card]]) -> list[Reason]:
    """The given hands against the deal (K3.1: a hand holds eight cards; K10: a card is in
    one hand only), seat by seat."""
    errors: list[Reason] = []
    owner: dict[Card, int] = {}
    for seat in sorted(hands):
        cards = hands[seat]
        if len(cards) != HAND_SIZE:
            errors.append(
                Reason(
                    "K3.1",
                    "hand_size",
                    "seat {seat} holds {count} cards; a hand holds {size}",
                    {"seat": seat.number, "count": len(cards), "size": HAND_SIZE},
                    field="hands",
                )
            )
        for card in cards:
            if card in owner:
                errors.append(
                    Reason(
                        "K10",
                        "card_in_two_hands",
                        "{card} is in the hands of seats {first} and {second}",
                        {"card": str(card), "first": owner[card], "second": seat.number},
                        field="hands",
                    )
                )
            owner[card] = seat.number
    return errors
