"""K2: rank orders, card points and their invariants; the Klammern rule options."""

from __future__ import annotations

import pytest

from rules_engine.cards import Card, Rank, Suit, parse_cards
from rules_engine.errors import InvalidRecord
from rules_engine.klammern.contracts import (
    DECK_BY_INDEX,
    KLAMMERN_DECK,
    KLAMMERN_OPTIONS,
    PLAIN_ORDER,
    TRUMP_ORDER,
    deal_total,
    impossible_team_totals,
    klammern_options,
    parse_trump,
    ranking,
)

R = Rank


def test_trump_order_k2_2() -> None:
    assert TRUMP_ORDER == (R.JACK, R.NINE, R.ACE, R.TEN, R.KING, R.QUEEN, R.EIGHT, R.SEVEN)


def test_plain_order_k2_3() -> None:
    assert PLAIN_ORDER == (R.ACE, R.TEN, R.KING, R.QUEEN, R.JACK, R.NINE, R.EIGHT, R.SEVEN)


def test_orders_hold_every_klammern_rank_once() -> None:
    ranks = set(Rank) - {Rank.SIX}
    assert set(TRUMP_ORDER) == ranks and len(TRUMP_ORDER) == 8
    assert set(PLAIN_ORDER) == ranks and len(PLAIN_ORDER) == 8


@pytest.mark.parametrize("trump", list(Suit))
def test_card_points_k2_4(trump: Suit) -> None:
    rank = ranking(trump)
    plain = next(s for s in Suit if s is not trump)
    expected_plain = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
    for letter, value in expected_plain.items():
        assert rank.points(Card.parse(plain.value + letter)) == value
    expected_trump = {"J": 22, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
    for letter, value in expected_trump.items():
        assert rank.points(Card.parse(trump.value + letter)) == value


@pytest.mark.parametrize("trump", list(Suit))
def test_jappa_total_k2_5(trump: Suit) -> None:
    rank = ranking(trump, True)
    assert rank.points(Card(trump, R.JACK)) == 20
    assert rank.points(Card(trump, R.NINE)) == 14


@pytest.mark.parametrize("trump", list(Suit))
@pytest.mark.parametrize(("jappa_total", "total"), [(False, 164), (True, 162)])
def test_deal_totals_164_and_162_for_every_trump(trump: Suit, jappa_total: bool, total: int) -> None:
    rank = ranking(trump, jappa_total)
    # 120 in the plain values, Jappa 20, Mie 14, last trick 10 (K2.4); 2 less with K2.5.
    assert rank.deck_points(KLAMMERN_DECK) == total
    assert deal_total(jappa_total) == total
    assert total % 2 == 0  # half of it is the Beet without melds: 82 / 81


@pytest.mark.parametrize("trump", list(Suit))
def test_every_plain_suit_is_worth_30(trump: Suit) -> None:
    rank = ranking(trump)
    for suit in Suit:
        if suit is not trump:
            assert rank.card_points(c for c in KLAMMERN_DECK if c.suit is suit) == 30
    assert rank.card_points(c for c in KLAMMERN_DECK if c.suit is trump) == 30 + 20 + 14


def test_impossible_totals_k10() -> None:
    # One point cannot be taken (no card is worth 1); 163 neither (it would leave 1).
    assert sorted(impossible_team_totals(False)) == [1, 163]
    assert sorted(impossible_team_totals(True)) == [1, 161]


def test_trick_winner_k4_4() -> None:
    rank = ranking(Suit.SPADES)
    assert rank.winner_index(parse_cards(["HA", "HT", "S7", "HK"])) == 2  # lowest trump beats the Ace
    assert rank.winner_index(parse_cards(["SA", "S9", "SJ", "ST"])) == 2  # Jappa, then Mie
    assert rank.winner_index(parse_cards(["SA", "S9", "S7", "ST"])) == 1
    assert (
        rank.winner_index(parse_cards(["HK", "HT", "CA", "HJ"])) == 1
    )  # plain: 10 over K, off-suit Ace nothing
    assert rank.winner_index(parse_cards(["H7", "CA", "DA", "H8"])) == 3


def test_deck_by_index_is_the_deck() -> None:
    assert sorted(map(str, DECK_BY_INDEX)) == sorted(map(str, KLAMMERN_DECK))
    assert len(DECK_BY_INDEX) == 32


def test_options_defaults_and_keys() -> None:
    options = klammern_options()
    assert dict(options) == {"jappa_total": False, "meld_tiebreak": "first_declared", "revoke": "secured"}
    assert set(KLAMMERN_OPTIONS) == {"jappa_total", "meld_tiebreak", "revoke"}
    assert {spec.rule for spec in KLAMMERN_OPTIONS.values()} == {"K2.5", "K5.2", "K4.5"}


def test_options_overrides() -> None:
    options = klammern_options(
        "seed", {"jappa_total": True, "meld_tiebreak": "suit_rank", "revoke": "clean_side_all"}
    )
    assert options.jappa_total is True
    assert options.meld_tiebreak == "suit_rank"
    assert options.revoke == "clean_side_all"


@pytest.mark.parametrize(
    ("profile", "overrides"),
    [
        ("official", None),
        (None, {"jappa": True}),
        (None, {"jappa_total": "yes"}),
        (None, {"meld_tiebreak": "suit"}),
        (None, {"revoke": "both"}),
        (None, ["revoke"]),
    ],
)
def test_bad_options_are_malformed(profile: object, overrides: object) -> None:
    with pytest.raises(InvalidRecord):
        klammern_options(profile, overrides)


def test_parse_trump() -> None:
    assert parse_trump("s") is Suit.SPADES
    with pytest.raises(InvalidRecord, match="trump"):
        parse_trump("obenabe")
    with pytest.raises(InvalidRecord):
        parse_trump(None)
