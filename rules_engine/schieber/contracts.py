"""Schieber contracts, their rank orders and point values (S3, S5), and the rule options.

Everything a contract changes is a table here: the rank orders (S3.4), the card points
(S5.1-S5.3), the factors (S3.3). Profiles (`seed`, `official`, and TOURNAMENT.md's T2
`tournament`) are sets of option values (SCHIEBER.md, Variants); :func:`schieber_options`
resolves a record's profile and options.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from rules_engine.cards import NATURAL_ORDER, Card, Rank, Suit, make_deck
from rules_engine.errors import InvalidNotation, InvalidRecord
from rules_engine.options import OptionSpec, RuleOptions, choice_of, non_negative_int, resolve_options
from rules_engine.tricks import Ranking

#: The Swiss deck of 36 cards (S2.1).
SCHIEBER_DECK: tuple[Card, ...] = make_deck(NATURAL_ORDER)

R = Rank

#: S3.4, highest first.
NORMAL_ORDER: tuple[Rank, ...] = (R.ACE, R.KING, R.QUEEN, R.JACK, R.TEN, R.NINE, R.EIGHT, R.SEVEN, R.SIX)
TRUMP_ORDER: tuple[Rank, ...] = (R.JACK, R.NINE, R.ACE, R.KING, R.QUEEN, R.TEN, R.EIGHT, R.SEVEN, R.SIX)
UNDENUFE_ORDER: tuple[Rank, ...] = tuple(reversed(NORMAL_ORDER))

#: S5.1: normal suits (and, with the 8 added, Obenabe/Undenufe, S5.3).
PLAIN_POINTS: Mapping[Rank, int] = MappingProxyType({R.ACE: 11, R.KING: 4, R.QUEEN: 3, R.JACK: 2, R.TEN: 10})
#: S5.2: the trump suit.
TRUMP_POINTS: Mapping[Rank, int] = MappingProxyType(
    {R.JACK: 20, R.NINE: 14, R.ACE: 11, R.KING: 4, R.QUEEN: 3, R.TEN: 10}
)
#: S5.3: Obenabe, and Undenufe with `undenufe_points: ace11`.
NO_TRUMP_POINTS: Mapping[Rank, int] = MappingProxyType({**PLAIN_POINTS, R.EIGHT: 8})
#: S5.3 variant `undenufe_points: six11` (official): the 6 takes the Ass's 11.
UNDENUFE_SIX11_POINTS: Mapping[Rank, int] = MappingProxyType(
    {R.SIX: 11, R.KING: 4, R.QUEEN: 3, R.JACK: 2, R.TEN: 10, R.EIGHT: 8}
)

LAST_TRICK_BONUS = 5  # S5.4
MATCH_BONUS = 100  # S5.5
DEAL_TOTAL = 157  # S5.4 (an invariant checked by the tests, not an input)
TRICKS_PER_DEAL = 9
PLAYERS = 4
STOECK_POINTS = 20  # S6.6

CONTRACT_KEYS: tuple[str, ...] = ("H", "D", "S", "C", "obenabe", "undenufe")

#: S3.3, `seed` profile.
SEED_FACTORS: Mapping[str, int] = MappingProxyType(
    {"H": 1, "D": 1, "S": 2, "C": 2, "obenabe": 3, "undenufe": 4}
)

#: S6.1 `long_runs`: points of a run by its length (3, 4, 5+).
RUN_POINTS: Mapping[str, Mapping[int, int]] = MappingProxyType(
    {
        "flat": MappingProxyType({3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 100, 9: 100}),
        "graded": MappingProxyType({3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}),
    }
)


def _parse_factors(value: Any) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise InvalidRecord(f"must be an object of contract -> factor, not {value!r}")
    factors: dict[str, int] = {}
    for key, factor in value.items():
        if key not in CONTRACT_KEYS:
            raise InvalidRecord(f"unknown contract {key!r} (use {', '.join(CONTRACT_KEYS)})")
        if isinstance(factor, bool) or not isinstance(factor, int) or factor < 1:
            raise InvalidRecord(f"factor of {key} must be a whole number >= 1, not {factor!r}")
        factors[key] = factor
    return factors


def _parse_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidRecord(f"must be true or false, not {value!r}")
    return value


def _parse_match_value(value: Any) -> int:
    # S5.5 / T2.4: a Match is worth at least the 157 its cards give.
    if isinstance(value, bool) or not isinstance(value, int) or value < DEAL_TOTAL:
        raise InvalidRecord(f"must be a whole number >= {DEAL_TOTAL}, not {value!r}")
    return value


SCHIEBER_OPTIONS: Mapping[str, OptionSpec] = MappingProxyType(
    {
        "factors": OptionSpec("factors", "S3.3", dict(SEED_FACTORS), _parse_factors, merge=True),
        "long_runs": OptionSpec("long_runs", "S6.1", "flat", choice_of("flat", "graded")),
        "four_nines": OptionSpec("four_nines", "S6.2", 0, non_negative_int),
        "four_low": OptionSpec("four_low", "S6.2", 0, non_negative_int),
        "kreuzweis": OptionSpec("kreuzweis", "S6.3", False, _parse_bool),
        "undenufe_points": OptionSpec("undenufe_points", "S5.3", "ace11", choice_of("ace11", "six11")),
        "weis_equal_points": OptionSpec(
            "weis_equal_points", "S6.5", "more_cards", choice_of("more_cards", "quartet_first")
        ),
        # TOURNAMENT.md T2.1 and T2.4: Weis and Stöck may not count, and a Match may carry less bonus.
        "weis": OptionSpec("weis", "S6", True, _parse_bool),
        "stoeck": OptionSpec("stoeck", "S6.6", True, _parse_bool),
        "match_value": OptionSpec("match_value", "S5.5", DEAL_TOTAL + MATCH_BONUS, _parse_match_value),
    }
)

SCHIEBER_PROFILES: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "seed": MappingProxyType({}),
        "official": MappingProxyType(
            {
                "factors": {**SEED_FACTORS, "undenufe": 3},
                "long_runs": "graded",
                "four_nines": 150,
                "four_low": 100,
                "kreuzweis": True,
                "undenufe_points": "six11",
                "weis_equal_points": "more_cards",
            }
        ),
        # TOURNAMENT.md T2: the Passe of clubs and tournaments (every contract once, tricks only).
        "tournament": MappingProxyType(
            {
                "factors": dict.fromkeys(CONTRACT_KEYS, 1),
                "undenufe_points": "six11",
                "weis": False,
                "stoeck": False,
                "match_value": DEAL_TOTAL,
            }
        ),
    }
)

#: S1.2: the target when a match record gives none (the `tournament` profile has none, T2.6).
DEFAULT_TARGET: Mapping[str, int] = MappingProxyType({"seed": 3000, "official": 2500})


def schieber_options(profile: object = None, overrides: object = None) -> RuleOptions:
    """The Schieber options in force for a record's ``profile`` and ``options``.

    :raises InvalidRecord: unknown profile, option key or value.
    """
    return resolve_options("schieber", SCHIEBER_OPTIONS, SCHIEBER_PROFILES, profile, overrides)


@dataclass(frozen=True, slots=True)
class Contract:
    """A Schieber contract: a trump suit, Obenabe or Undenufe (S3.1).

    >>> Contract.parse("H").trump
    <Suit.HEARTS: 'H'>
    >>> str(Contract.parse("obenabe"))
    'obenabe'
    """

    key: str

    def __post_init__(self) -> None:
        if self.key not in CONTRACT_KEYS:
            raise InvalidNotation(
                f"contract: unknown contract {self.key!r} (use a suit letter H, D, S, C, 'obenabe' or 'undenufe')",
                field="contract",
            )

    @classmethod
    def parse(cls, text: object) -> Contract:
        """:raises InvalidNotation: when ``text`` names no contract."""
        if not isinstance(text, str):
            raise InvalidNotation(
                f"contract must be a suit letter, 'obenabe' or 'undenufe', not {text!r}", field="contract"
            )
        key = text.strip()
        key = key.upper() if len(key) == 1 else key.lower()
        return cls(key)

    def __str__(self) -> str:
        return self.key

    def __repr__(self) -> str:
        return f"Contract.parse({self.key!r})"

    @property
    def trump(self) -> Suit | None:
        return Suit(self.key) if len(self.key) == 1 else None

    @property
    def is_trump_contract(self) -> bool:
        return self.trump is not None

    @property
    def is_undenufe(self) -> bool:
        return self.key == "undenufe"

    def factor(self, options: RuleOptions) -> int:
        """The contract factor (S3.3) under ``options``."""
        return int(options.factors[self.key])

    def ranking(self, options: RuleOptions) -> Ranking:
        """Rank orders and card points of this contract (S3.4, S5)."""
        return _ranking(self.key, options.undenufe_points)


@cache
def _ranking(key: str, undenufe_points: str) -> Ranking:
    if len(key) == 1:
        return Ranking(Suit(key), TRUMP_ORDER, NORMAL_ORDER, TRUMP_POINTS, PLAIN_POINTS, LAST_TRICK_BONUS)
    if key == "obenabe":
        return Ranking(None, (), NORMAL_ORDER, {}, NO_TRUMP_POINTS, LAST_TRICK_BONUS)
    points = UNDENUFE_SIX11_POINTS if undenufe_points == "six11" else NO_TRUMP_POINTS
    return Ranking(None, (), UNDENUFE_ORDER, {}, points, LAST_TRICK_BONUS)


ALL_CONTRACTS: tuple[Contract, ...] = tuple(Contract(key) for key in CONTRACT_KEYS)


@cache
def points_by_key(key: str, undenufe_points: str) -> Mapping[Card, int]:
    """Card points of every card under the contract ``key`` (S5.1-S5.3), cached."""
    ranking = Contract(key).ranking(RuleOptions({"undenufe_points": undenufe_points}))
    return MappingProxyType({card: ranking.points(card) for card in SCHIEBER_DECK})


def card_points_table(contract: Contract, options: RuleOptions) -> Mapping[Card, int]:
    """Card points of every card under ``contract`` and ``options`` (S5.1-S5.3), cached.

    Here rather than with the replay: checking a deal's claimed points (S8) needs the
    table, not the play layer.
    """
    return points_by_key(contract.key, options["undenufe_points"])


DECK = SCHIEBER_DECK
