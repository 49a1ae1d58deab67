"""K4.1-K4.4: legal plays with their reasons, the public legal_cards entry, trick winners."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import legal_cards
from rules_engine.cards import Card, Suit, parse_cards
from rules_engine.errors import InvalidRecord
from rules_engine.klammern.contracts import KLAMMERN_DECK, ranking
from rules_engine.klammern.play import _INDEX, _legal_index, _tables, illegal_reason, legal_plays

SPADES = ranking(Suit.SPADES)


def plays(hand: str, trick: str, trump: Suit = Suit.SPADES) -> tuple[list[str], dict[str, tuple[str, str]]]:
    legal, illegal = legal_plays(parse_cards(hand.split()), parse_cards(trick.split()), ranking(trump))
    return [str(c) for c in legal], {str(c): (r.rule, r.code) for c, r in illegal.items()}


def test_lead_any_card_k4_1() -> None:
    legal, illegal = plays("H7 SJ CA", "")
    assert legal == ["H7", "SJ", "CA"] and illegal == {}


def test_follow_suit_k4_2() -> None:
    legal, illegal = plays("H7 S7 CA", "HA")
    assert legal == ["H7"]
    assert illegal == {"S7": ("K4.2", "follow_suit"), "CA": ("K4.2", "follow_suit")}


def test_following_suit_may_play_low_and_need_not_trump() -> None:
    # A plain suit led: any card of it, even after someone trumped; no duty to trump.
    legal, _ = plays("HK H7 SJ", "HA S7")
    assert legal == ["HK", "H7"]


def test_must_trump_k4_3() -> None:
    legal, illegal = plays("S7 CA DK", "HA")
    assert legal == ["S7"]
    assert illegal == {"CA": ("K4.3", "must_trump"), "DK": ("K4.3", "must_trump")}


def test_must_overtrump_k4_3() -> None:
    legal, illegal = plays("SJ S7 CA", "HA S9")
    assert legal == ["SJ"]
    assert illegal["S7"] == ("K4.3", "overtrump")
    assert illegal["CA"][0] == "K4.3"


def test_must_still_trump_lower_when_unable_to_overtrump_k4_3() -> None:
    legal, illegal = plays("S7 CA", "HA SJ")
    assert legal == ["S7"]
    assert illegal == {"CA": ("K4.3", "undertrump")}


def test_any_card_without_led_suit_or_trump() -> None:
    legal, illegal = plays("CA D7", "HA SJ")
    assert legal == ["CA", "D7"] and illegal == {}


def test_trump_lead_must_be_headed_k4_3() -> None:
    # Trump order J 9 A T K Q 8 7: only the 9 heads the Ace.
    legal, illegal = plays("S9 SK HA", "SA")
    assert legal == ["S9"]
    assert illegal == {"SK": ("K4.3", "head_trump"), "HA": ("K4.3", "head_trump")}


def test_trump_lead_unable_to_head_follows_with_any_trump() -> None:
    legal, illegal = plays("S9 S7 HA", "SJ")
    assert legal == ["S9", "S7"]
    assert illegal == {"HA": ("K4.2", "follow_suit")}


def test_trump_lead_headed_against_the_highest_so_far() -> None:
    legal, _ = plays("SA ST S8", "S7 SK")
    assert legal == ["SA", "ST"]


def test_trump_lead_without_trumps_is_free() -> None:
    legal, illegal = plays("HA C7", "S7")
    assert legal == ["HA", "C7"] and illegal == {}


def test_partner_winning_gives_no_exemption_from_trumping() -> None:
    # Seat 1 leads HA, seat 2 plays H7; seat 3 (seat 1's partner, who is winning) has no heart.
    legal, illegal = plays("S7 CK", "HA H7")
    assert legal == ["S7"] and illegal["CK"] == ("K4.3", "must_trump")


def test_partner_winning_with_a_trump_gives_no_exemption_from_overtrumping() -> None:
    # Seat 2 trumps with the Mie; its partner seat 4 must still overtrump with the Jappa.
    legal, illegal = plays("SJ S7 CA", "HA S9 H7")
    assert legal == ["SJ"]
    assert illegal["S7"] == ("K4.3", "overtrump")


def test_reason_names_cards_and_what_to_play() -> None:
    reason = illegal_reason(Card.parse("S7"), parse_cards(["SJ", "S7"]), parse_cards(["HA", "S9"]), SPADES)
    assert reason is not None
    assert reason.rule == "K4.3"
    assert "S7" in reason.message and "S9" in reason.message and "SJ" in reason.message
    assert (
        illegal_reason(Card.parse("SJ"), parse_cards(["SJ", "S7"]), parse_cards(["HA", "S9"]), SPADES) is None
    )


# -- the public entry ----------------------------------------------------------------------


def test_legal_cards_entry() -> None:
    answer = legal_cards(
        {"game": "klammern", "trump": "S", "hand": ["S7", "SA", "H9"], "trick": ["C8", "SK"]}
    )
    assert answer["valid"] is True
    assert answer["legal"] == ["SA"]
    assert set(answer["illegal"]) == {"S7", "H9"}
    assert answer["illegal"]["S7"]["rule"] == "K4.3"
    assert "SK" in answer["illegal"]["S7"]["message"]


def test_legal_cards_empty_trick_and_ten_spelling() -> None:
    answer = legal_cards({"game": "klammern", "trump": "H", "hand": ["H10", "C7"]})
    assert answer["legal"] == ["HT", "C7"]


@pytest.mark.parametrize(
    "position",
    [
        {"game": "klammern", "trump": "S", "hand": ["S6"], "trick": []},
        {"game": "klammern", "trump": "S", "hand": ["S7"], "trick": ["H6"]},
        {"game": "klammern", "trump": "X", "hand": ["S7"]},
        {"game": "klammern", "trump": "S", "hand": ["S7"], "contract": "S"},
        {"game": "klammern", "trump": "S", "hand": ["S7"], "trick": ["HA", "HK", "HQ", "HJ"]},
        {"game": "klammern", "trump": "S", "hand": ["S7"], "trick": ["HA", "HK"], "players": 2},
        {"game": "klammern", "trump": "S", "hand": "S7"},
        {"game": "klammern", "trump": "S", "hand": ["S7"], "options": {"revoke": "never"}},
    ],
)
def test_legal_cards_malformed(position: dict[str, object]) -> None:
    with pytest.raises(InvalidRecord):
        legal_cards(position)


def test_legal_cards_card_twice_is_a_rule_break() -> None:
    answer = legal_cards({"game": "klammern", "trump": "S", "hand": ["S7", "HA"], "trick": ["HA"]})
    assert answer["valid"] is False
    assert answer["errors"][0]["rule"] == "K10"


# -- the replay's fast verdict agrees with the reasoned one ---------------------------------


def _position(rng: random.Random) -> tuple[list[Card], list[Card], Suit]:
    cards = list(KLAMMERN_DECK)
    rng.shuffle(cards)
    size = rng.randint(1, 8)
    trick_size = rng.randint(0, 3)
    return cards[:size], cards[size : size + trick_size], rng.choice(list(Suit))


@settings(max_examples=400, deadline=None)
@given(st.randoms(use_true_random=False))
def test_fast_verdict_matches_legal_plays(rng: random.Random) -> None:
    hand, trick, trump = _position(rng)
    rank = ranking(trump)
    legal, illegal = legal_plays(hand, trick, rank)
    assert legal, "some card is always legal"
    assert set(legal) | set(illegal) == set(hand) and not set(legal) & set(illegal)
    tables = _tables(rank)
    mask = sum(1 << _INDEX[c] for c in hand)
    trick_ids = [_INDEX[c] for c in trick]
    for card in hand:
        assert _legal_index(_INDEX[card], mask, trick_ids, tables) == (card in legal)
