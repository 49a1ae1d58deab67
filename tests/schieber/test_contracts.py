"""Schieber contracts: rank orders (S3.4), card points (S5.1-S5.4), factors (S3.3), options.

Expected values are typed in from SCHIEBER.md, not read back from the engine's tables.
"""

from __future__ import annotations

import pytest

from rules_engine.cards import Card, Rank, Suit
from rules_engine.errors import InvalidNotation, InvalidRecord
from rules_engine.options import RuleOptions
from rules_engine.schieber.contracts import (
    ALL_CONTRACTS,
    CONTRACT_KEYS,
    SCHIEBER_DECK,
    Contract,
    schieber_options,
)
from rules_engine.schieber.play import card_points_table, trick_winner

PROFILES = ("seed", "official")


def options_for(profile: str, undenufe_points: str | None = None) -> RuleOptions:
    overrides = {} if undenufe_points is None else {"undenufe_points": undenufe_points}
    return schieber_options(profile, overrides)


ALL_OPTIONS = [options_for(profile, points) for profile in PROFILES for points in (None, "ace11", "six11")]


def order(text: str) -> list[Rank]:
    return [Rank(letter) for letter in text]


def by_strength(contract: Contract, suit: Suit) -> list[Rank]:
    """The ranks of ``suit`` highest first, found by playing pairs of cards to a trick."""
    ranks = list(Rank)
    strength = {
        rank: sum(
            trick_winner(contract, [Card(suit, other), Card(suit, rank)]) == 1
            for other in ranks
            if other is not rank
        )
        for rank in ranks
    }
    return sorted(ranks, key=lambda rank: -strength[rank])


# ------------------------------------------------------------------ S3.1 contract notation


@pytest.mark.parametrize(
    ("text", "key", "trump"),
    [
        ("H", "H", Suit.HEARTS),
        ("d", "D", Suit.DIAMONDS),
        ("S", "S", Suit.SPADES),
        ("C", "C", Suit.CLUBS),
        ("obenabe", "obenabe", None),
        ("Undenufe", "undenufe", None),
    ],
)
def test_contract_notation(text: str, key: str, trump: Suit | None) -> None:
    contract = Contract.parse(text)
    assert contract.key == key
    assert str(contract) == key
    assert contract.trump == trump
    assert contract.is_trump_contract == (trump is not None)
    assert Contract.parse(str(contract)) == contract
    assert eval(repr(contract), {"Contract": Contract}) == contract  # noqa: S307


@pytest.mark.parametrize("text", ["X", "trump", "", "HH", "oben", None, 1])
def test_unknown_contracts_are_malformed(text: object) -> None:
    with pytest.raises(InvalidNotation, match="contract"):
        Contract.parse(text)


def test_all_contracts_are_the_six_of_s3_1() -> None:
    assert {c.key for c in ALL_CONTRACTS} == {"H", "D", "S", "C", "obenabe", "undenufe"}
    assert tuple(CONTRACT_KEYS) == tuple(c.key for c in ALL_CONTRACTS)


# ------------------------------------------------------------------ S3.3 factors


def test_seed_factors() -> None:
    options = schieber_options()
    factors = {c.key: c.factor(options) for c in ALL_CONTRACTS}
    # Eicheln (D) 1, Rosen (H) 1, Schilten (S) 2, Schellen (C) 2, Obenabe 3, Undenufe 4.
    assert factors == {"D": 1, "H": 1, "S": 2, "C": 2, "obenabe": 3, "undenufe": 4}


def test_official_factors_differ_only_in_undenufe() -> None:
    options = schieber_options("official")
    factors = {c.key: c.factor(options) for c in ALL_CONTRACTS}
    assert factors == {"D": 1, "H": 1, "S": 2, "C": 2, "obenabe": 3, "undenufe": 3}


def test_factors_may_all_be_one_and_merge_with_the_profile() -> None:
    every_one = schieber_options("seed", {"factors": {k: 1 for k in CONTRACT_KEYS}})
    assert {c.factor(every_one) for c in ALL_CONTRACTS} == {1}
    only_obenabe = schieber_options("seed", {"factors": {"obenabe": 5}})
    assert Contract.parse("obenabe").factor(only_obenabe) == 5
    assert Contract.parse("undenufe").factor(only_obenabe) == 4


@pytest.mark.parametrize(
    "overrides",
    [
        {"factors": {"X": 2}},
        {"factors": {"H": 0}},
        {"factors": {"H": True}},
        {"factors": 3},
        {"undenufe_points": "ace10"},
        {"unknown": 1},
    ],
)
def test_bad_options_are_malformed(overrides: dict[str, object]) -> None:
    with pytest.raises(InvalidRecord, match="options"):
        schieber_options("seed", overrides)


def test_unknown_profile_is_malformed() -> None:
    with pytest.raises(InvalidRecord, match="profile"):
        schieber_options("house")


# ------------------------------------------------------------------ S3.4 rank orders


@pytest.mark.parametrize("suit", list(Suit))
def test_trump_order(suit: Suit) -> None:
    # Under (Buur), 9 (Nell), Ass, König, Ober, Banner, 8, 7, 6.
    assert by_strength(Contract(suit.value), suit) == order("J9AKQT876")


@pytest.mark.parametrize("trump", list(Suit))
def test_normal_order_in_the_other_suits(trump: Suit) -> None:
    for suit in Suit:
        if suit is not trump:
            assert by_strength(Contract(trump.value), suit) == order("AKQJT9876")


@pytest.mark.parametrize("suit", list(Suit))
def test_obenabe_and_undenufe_orders(suit: Suit) -> None:
    assert by_strength(Contract("obenabe"), suit) == order("AKQJT9876")
    assert by_strength(Contract("undenufe"), suit) == order("6789TJQKA")


# ------------------------------------------------------------------ S5 card points

PLAIN = {"A": 11, "K": 4, "Q": 3, "J": 2, "T": 10, "9": 0, "8": 0, "7": 0, "6": 0}
TRUMP = {"J": 20, "9": 14, "A": 11, "K": 4, "Q": 3, "T": 10, "8": 0, "7": 0, "6": 0}
NO_TRUMP = {**PLAIN, "8": 8}
UNDENUFE_SIX11 = {**NO_TRUMP, "A": 0, "6": 11}


def expected_points(contract: Contract, undenufe_points: str) -> dict[Card, int]:
    table: dict[Card, int] = {}
    for card in SCHIEBER_DECK:
        if contract.trump is not None:
            values = TRUMP if card.suit is contract.trump else PLAIN
        elif contract.is_undenufe and undenufe_points == "six11":
            values = UNDENUFE_SIX11
        else:
            values = NO_TRUMP
        table[card] = values[card.rank.value]
    return table


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: f"{o.profile}-{o.undenufe_points}")
@pytest.mark.parametrize("contract", ALL_CONTRACTS, ids=str)
def test_card_points_tables(contract: Contract, options: RuleOptions) -> None:
    table = card_points_table(contract, options)
    assert dict(table) == expected_points(contract, options.undenufe_points)
    ranking = contract.ranking(options)
    assert {card: ranking.points(card) for card in SCHIEBER_DECK} == dict(table)


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: f"{o.profile}-{o.undenufe_points}")
@pytest.mark.parametrize("contract", ALL_CONTRACTS, ids=str)
def test_every_deal_totals_157(contract: Contract, options: RuleOptions) -> None:
    # S5.4: card points plus the last trick's 5.
    ranking = contract.ranking(options)
    assert ranking.deck_points(SCHIEBER_DECK) == 157
    assert sum(card_points_table(contract, options).values()) + 5 == 157
    assert ranking.last_trick == 5


def test_157_by_hand() -> None:
    # Trump: 20+14+11+4+3+10 = 62; three plain suits 3 * 30 = 90; + 5 = 157.
    assert sum(TRUMP.values()) + 3 * sum(PLAIN.values()) + 5 == 157
    # Obenabe/Undenufe: four suits of 38; + 5.
    assert 4 * sum(NO_TRUMP.values()) + 5 == 157
    assert 4 * sum(UNDENUFE_SIX11.values()) + 5 == 157


def test_undenufe_points_option() -> None:
    undenufe = Contract.parse("undenufe")
    seed = card_points_table(undenufe, schieber_options("seed"))
    official = card_points_table(undenufe, schieber_options("official"))
    assert seed[Card.parse("HA")] == 11 and seed[Card.parse("H6")] == 0
    assert official[Card.parse("HA")] == 0 and official[Card.parse("H6")] == 11
    # Obenabe is not touched by the Undenufe option.
    obenabe = Contract.parse("obenabe")
    assert card_points_table(obenabe, schieber_options("official"))[Card.parse("HA")] == 11


@pytest.mark.parametrize("contract", ALL_CONTRACTS, ids=str)
def test_table_keys_equal_the_enum_members(contract: Contract) -> None:
    ranking = contract.ranking(schieber_options())
    assert set(ranking.plain_order) == set(Rank)
    assert len(ranking.plain_order) == len(Rank)
    if contract.trump is not None:
        assert set(ranking.trump_order) == set(Rank) and len(ranking.trump_order) == len(Rank)
        assert set(ranking.trump_points) <= set(Rank)
    assert set(ranking.plain_points) <= set(Rank)
    assert all(isinstance(key, Rank) for key in ranking.plain_points)
    assert set(card_points_table(contract, schieber_options())) == set(SCHIEBER_DECK)


def test_profiles_set_every_option_of_the_variants_table() -> None:
    seed, official = schieber_options("seed"), schieber_options("official")
    assert (
        set(seed)
        == set(official)
        == {
            "factors",
            "long_runs",
            "four_nines",
            "four_low",
            "kreuzweis",
            "undenufe_points",
            "weis_equal_points",
            "weis",
            "stoeck",
            "match_value",
        }
    )
    assert official.undenufe_points == "six11" and seed.undenufe_points == "ace11"
