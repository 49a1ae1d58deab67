"""The adapters translate faithfully: the peers' own tables, read through them, are the rule texts.

If a mapping were off by a suit or a rank, every oracle comparison would be meaningless,
so these checks read jass-kit's and belote-cli's rank and point tables through the
adapters and compare them with S3.4, S5 (official profile) and K2.2-K2.4.
"""

from __future__ import annotations

import numpy as np
import pytest
from belote import deck as bdeck
from belote import game as bgame
from jass.game import const as jconst

from oracles import adapters as a


@pytest.mark.parametrize("mapping", [a.SWISS, a.BY_LETTER], ids=["swiss", "by_letter"])
def test_jass_mapping_is_a_bijection(mapping: a.JassMapping) -> None:
    codes = [mapping.code(i) for i in range(36)]
    assert sorted(codes) == sorted(a.SCHIEBER_CARDS)
    assert [mapping.card(code) for code in codes] == list(range(36))


def test_swiss_pairing_follows_the_colour_names() -> None:
    # jass-kit: "D: Schellen, H: Rosen, S: Schilten, C: Eichel"; DEAL_RECORD.md: Schellen = C,
    # Rosen = H, Schilten = S, Eicheln = D.
    names = [name.split(": ")[1] for name in jconst.trump_strings_german_long[:4]]
    ours = {"Schellen": "C", "Rosen": "H", "Schilten": "S", "Eichel": "D"}
    assert tuple(ours[name] for name in names) == a.JASS_COLOUR_TO_SUIT


@pytest.mark.parametrize("contract", ["H", "D", "S", "C"])
def test_jasskit_trump_order_is_s3_4(contract: str) -> None:
    trump = a.SWISS.trump(contract)
    colour = [trump * 9 + offset for offset in range(9)]
    # Number of trumps above a card gives its place in the trump order.
    above = {card: int(jconst.higher_trump[card, colour].sum()) for card in colour}
    order = "".join(a.SWISS.code(card)[1] for card in sorted(colour, key=above.__getitem__))
    assert order == a.SCHIEBER_TRUMP_ORDER
    assert {a.SWISS.code(card)[0] for card in colour} == {contract}


def _points(row: int) -> dict[str, int]:
    return {a.SWISS.code(i): int(jconst.card_values[row, i]) for i in range(36) if jconst.card_values[row, i]}


@pytest.mark.parametrize("contract", ["H", "D", "S", "C"])
def test_jasskit_trump_points_are_s5_1_and_s5_2(contract: str) -> None:
    points = _points(a.SWISS.trump(contract))
    trump = {"J": 20, "9": 14, "A": 11, "K": 4, "Q": 3, "T": 10}
    plain = {"A": 11, "K": 4, "Q": 3, "J": 2, "T": 10}
    expected = {s + r: v for s in a.SUITS for r, v in (trump if s == contract else plain).items()}
    assert points == expected
    assert sum(points.values()) + 5 == 157


def test_jasskit_obenabe_and_undenufe_points_are_official_s5_3() -> None:
    obenabe = {"A": 11, "K": 4, "Q": 3, "J": 2, "T": 10, "8": 8}
    undenufe = {"6": 11, "K": 4, "Q": 3, "J": 2, "T": 10, "8": 8}  # `undenufe_points: six11`
    assert _points(a.SWISS.trump("obenabe")) == {s + r: v for s in a.SUITS for r, v in obenabe.items()}
    assert _points(a.SWISS.trump("undenufe")) == {s + r: v for s in a.SUITS for r, v in undenufe.items()}


def test_jasskit_seats_follow_the_order_of_play() -> None:
    for seat in range(1, 5):
        player = a.jass_player(seat)
        assert a.seat_of_jass(player) == seat
        assert jconst.next_player[player] == a.jass_player(seat % 4 + 1)
        assert jconst.team[player] == (seat - 1) % 2


def test_jasskit_onehot_round_trip() -> None:
    hand = ["HJ", "D6", "CA", "S9"]
    onehot = a.SWISS.hand(hand)
    assert onehot.dtype == np.int32 and int(onehot.sum()) == 4
    assert a.SWISS.cards(onehot) == set(hand)


def test_belote_cards_round_trip() -> None:
    assert sorted(a.from_belote(card) for card in bdeck.make_deck()) == sorted(a.KLAMMERN_CARDS)
    for code in a.KLAMMERN_CARDS:
        assert a.from_belote(a.to_belote(code)) == code


def test_belote_rank_orders_are_k2_2_and_k2_3() -> None:
    def order(table: dict[bdeck.Rank, int]) -> str:
        ranks = sorted(table, key=table.__getitem__, reverse=True)
        return "".join(a.from_belote(bdeck.Card(bdeck.Suit.HEARTS, rank))[1] for rank in ranks)

    assert order(bdeck._TRUMP_ORDER) == a.KLAMMERN_TRUMP_ORDER
    assert order(bdeck._NONTRUMP_ORDER) == a.KLAMMERN_PLAIN_ORDER


def test_belote_card_points_are_k2_4_with_jappa_total() -> None:
    trump, plain = bdeck.Suit.SPADES, bdeck.Suit.HEARTS
    expected_trump = {
        "J": 20,
        "9": 14,
        "A": 11,
        "T": 10,
        "K": 4,
        "Q": 3,
        "8": 0,
        "7": 0,
    }  # K2.5 `jappa_total`
    expected_plain = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}  # K2.4
    for rank, value in expected_trump.items():
        assert bdeck.card_points(a.to_belote("S" + rank), trump) == value
    for rank, value in expected_plain.items():
        assert bdeck.card_points(a.to_belote("H" + rank), trump) == value
    assert sum(bdeck.card_points(card, trump) for card in bdeck.make_deck()) + 10 == 162
    assert plain is not trump


def test_belote_seats_follow_the_order_of_play() -> None:
    for seat in range(1, 5):
        assert a.belote_seat(seat).next_seat() == a.belote_seat(seat % 4 + 1)
        assert bgame.team_of(a.belote_seat(seat)) == (seat - 1) % 2
        assert bgame.partner(a.belote_seat(seat)) == a.belote_seat((seat + 1) % 4 + 1)


def test_rule_text_winner() -> None:
    assert a.winning_index(["CK", "H9", "CA", "H6"], "schieber", "H") == 1
    assert a.winning_index(["CK", "C6", "CA", "H6"], "schieber", "undenufe") == 1
    assert a.winning_index(["CK", "C6", "CA", "H6"], "schieber", "obenabe") == 2
    assert a.winning_index(["SA", "ST", "SJ", "S9"], "klammern", "H") == 0
    assert a.winning_index(["HA", "HT", "HJ", "H9"], "klammern", "H") == 2
