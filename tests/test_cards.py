"""Core values: cards, suits, ranks and seats (S1.1, S2.1; DEAL_RECORD.md conventions)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.cards import (
    NATURAL_ORDER,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_cards,
)
from rules_engine.errors import InvalidNotation, InvalidRecord
from rules_engine.klammern.contracts import KLAMMERN_DECK
from rules_engine.schieber.contracts import SCHIEBER_DECK
from rules_engine.seats import Seat, seats_of_side, side_count


def test_suit_and_rank_letters_are_the_record_notation() -> None:
    assert [s.value for s in Suit] == ["H", "C", "D", "S"]
    assert [r.value for r in Rank] == ["A", "K", "Q", "J", "T", "9", "8", "7", "6"]


def test_schieber_deck_is_36_distinct_cards_nine_per_suit() -> None:
    assert len(SCHIEBER_DECK) == 36
    assert len(set(SCHIEBER_DECK)) == 36
    for suit in Suit:
        assert {c.rank for c in SCHIEBER_DECK if c.suit is suit} == set(Rank)


def test_klammern_deck_has_no_sixes() -> None:
    assert len(KLAMMERN_DECK) == 32
    assert all(card.rank is not Rank.SIX for card in KLAMMERN_DECK)


def test_natural_order_runs_six_to_ace() -> None:
    # S6.1: 6 7 8 9 Banner Under Ober König Ass.
    assert "".join(r.value for r in NATURAL_ORDER) == "6789TJQKA"


@pytest.mark.parametrize("card", SCHIEBER_DECK, ids=str)
def test_parse_print_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card  # noqa: S307 - repr is a parse call


def test_examples_from_deal_record() -> None:
    assert Card.parse("H7") == Card(Suit.HEARTS, Rank.SEVEN)  # Rosen 7
    assert Card.parse("CJ") == Card(Suit.CLUBS, Rank.JACK)  # Schellen Under


@pytest.mark.parametrize("text", ["H10", "h10", " HT ", "ht"])
def test_ten_may_be_written_10_and_case_does_not_matter(text: str) -> None:
    card = Card.parse(text)
    assert card == Card(Suit.HEARTS, Rank.TEN)
    assert str(card) == "HT"


@pytest.mark.parametrize("text", ["", "H", "X7", "H1", "H11", "HTT", "7H", "H 7", "J", "HJK"])
def test_bad_notation_is_rejected_naming_the_text(text: str) -> None:
    with pytest.raises(InvalidNotation) as caught:
        Card.parse(text)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize("value", [None, 7, ["H7"], b"H7"])
def test_non_strings_are_not_cards(value: object) -> None:
    with pytest.raises(InvalidNotation):
        Card.parse(value)  # type: ignore[arg-type]


def test_invalid_notation_is_an_invalid_record_and_a_value_error() -> None:
    assert issubclass(InvalidNotation, InvalidRecord)
    assert issubclass(InvalidRecord, ValueError)


def test_parse_cards_names_the_list_and_the_card() -> None:
    assert parse_cards(["HJ", "D10"]) == (Card.parse("HJ"), Card.parse("DT"))
    with pytest.raises(InvalidNotation, match=r"hand: 'HX'"):
        parse_cards(["HJ", "HX"], what="hand")
    with pytest.raises(InvalidNotation, match="list of card codes"):
        parse_cards("HJ", what="hand")
    assert format_cards(parse_cards(["HJ", "H9", "HA"])) == "HJ H9 HA"


def test_cards_are_frozen_and_hash_by_value() -> None:
    a, b = Card.parse("SA"), Card(Suit.SPADES, Rank.ACE)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    with pytest.raises(AttributeError):
        a.rank = Rank.KING  # type: ignore[misc]


@given(st.sampled_from(SCHIEBER_DECK))
def test_round_trip_property(card: Card) -> None:
    assert Card.parse(str(card).lower()) == card


# ------------------------------------------------------------------ seats (S1.1, S4.1)


def test_next_runs_through_the_order_of_play() -> None:
    assert [Seat(n).next.number for n in (1, 2, 3, 4)] == [2, 3, 4, 1]


def test_partners_sit_opposite() -> None:
    # S1.1: team 1 = seats 1 and 3, team 2 = seats 2 and 4.
    assert [Seat(n).partner for n in (1, 2, 3, 4)] == [Seat(3), Seat(4), Seat(1), Seat(2)]
    assert [Seat(n).side for n in (1, 2, 3, 4)] == [1, 2, 1, 2]
    assert seats_of_side(1, 4) == (Seat(1), Seat(3))
    assert seats_of_side(2, 4) == (Seat(2), Seat(4))
    assert side_count(4) == 2


def test_iter_from_and_distance() -> None:
    assert [s.number for s in Seat(3).iter_from()] == [3, 4, 1, 2]
    assert Seat(1).distance_from(Seat(3)) == 2
    assert Seat(3).distance_from(Seat(3)) == 0


def test_smaller_tables_play_alone() -> None:
    assert Seat(2, 3).partner is None
    assert Seat(3, 3).next == Seat(1, 3)
    assert Seat(2, 3).side == 2
    assert side_count(3) == 3


@pytest.mark.parametrize("value", [0, 5, True, "x", None, 1.0])
def test_bad_seats_are_rejected(value: object) -> None:
    with pytest.raises(InvalidNotation):
        Seat.parse(value)


def test_seat_parse_accepts_json_object_keys() -> None:
    assert Seat.parse("3") == Seat(3)
    assert int(Seat.parse(2)) == 2
    assert str(Seat(4)) == "4"
    with pytest.raises(InvalidNotation):
        Seat(5)
