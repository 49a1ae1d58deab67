"""D4: Differenzler's duty to follow, with undertrumping allowed to a player void in the led suit."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import InvalidRecord, legal_cards
from rules_engine.cards import Card
from rules_engine.differenzler.deal import trick_mode
from rules_engine.differenzler.play import careful_legal_cards
from tests.helpers.positions import left_to_the_careful_path


def legal(hand: list[str], trick: list[str], trump: str = "C", **more: Any) -> dict[str, Any]:
    return legal_cards({"game": "differenzler", "trump": trump, "hand": hand, "trick": trick, **more})


def test_d4_2_follow_suit_or_trump_at_any_time() -> None:
    answer = legal(["H7", "C6", "S8"], ["HK"])
    assert answer["legal"] == ["H7", "C6"]
    assert answer["illegal"]["S8"]["rule"] == "D4.2"


def test_d4_3_a_void_player_may_undertrump() -> None:
    assert legal(["C6", "S8"], ["HK", "CA"])["legal"] == ["C6", "S8"]


def test_d4_3_a_player_who_can_follow_may_not_undertrump() -> None:
    answer = legal(["H7", "C6"], ["H9", "CA"])
    assert answer["legal"] == ["H7"]
    reason = answer["illegal"]["C6"]
    assert reason["rule"] == "D4.3"
    assert reason["params"]["play_rule"] == "S4.4"
    assert "you hold H7" in reason["message"]
    assert "a trump lower than the CA in the trick is allowed only without the led suit" in reason["message"]


def test_d4_4_trump_led_must_be_followed_unless_the_only_trump_is_the_under() -> None:
    answer = legal(["C6", "H7"], ["CA"])
    assert answer["legal"] == ["C6"]
    assert answer["illegal"]["H7"]["rule"] == "D4.4"
    assert legal(["CJ", "H7"], ["CA"])["legal"] == ["H7", "CJ"]


def test_three_players_take_tricks_of_three_cards() -> None:
    assert legal(["H7"], ["HK", "HA"], players=3)["legal"] == ["H7"]
    with pytest.raises(InvalidRecord):
        legal(["H7"], ["HK", "HA", "H6"], players=3)
    with pytest.raises(InvalidRecord):
        legal(["H7"], [], trump="slalom")


def test_obenabe_under_the_modes_option_follows_s4_2_cited_as_d4_2() -> None:
    answer = legal(["H7", "S8"], ["HK"], trump="obenabe")
    assert answer["illegal"]["S8"]["rule"] == "D4.2"


DECK = [s + r for s in "HCDS" for r in "AKQJT9876"]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    trump=st.sampled_from(["H", "C", "D", "S", "obenabe", "undenufe"]),
    players=st.sampled_from([3, 4]),
)
def test_legal_cards_answers_as_the_careful_path(seed: int, trump: str, players: int) -> None:
    # legal_cards answers through Schieber's fast path, relabelled; the careful path builds each
    # reason from the trick's mode. Both must give the same answer.
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    size = rng.randint(1, 36 // players)
    hand, trick = deck[:size], deck[size : size + rng.randrange(players)]
    answer = legal(hand, trick, trump, players=players)
    careful = careful_legal_cards(
        trick_mode(trump), [Card.parse(c) for c in hand], [Card.parse(c) for c in trick]
    )
    assert answer == careful


@pytest.mark.slow  # as the careful path's twin above: its many examples run with make test
@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    trump=st.sampled_from(["H", "C", "D", "S", "obenabe", "undenufe"]),
    players=st.sampled_from([3, 4]),
    options=st.sampled_from([None, {}, {"form": "open"}]),
)
def test_the_fast_path_answers_every_plain_position_as_the_careful_path(
    seed: int, trump: str, players: int, options: Any
) -> None:
    """legal_cards_fast answers a plainly written position (hands of twelve at three players
    included), and exactly as the careful path: D4.3's void player, the relabelled reasons."""
    from rules_engine.differenzler.play import legal_cards_fast

    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    size = rng.randint(0, 36 // players)
    hand, trick = deck[:size], deck[size : size + rng.randrange(players)]
    position = {"game": "differenzler", "players": players, "trump": trump, "hand": hand, "trick": trick}
    if options is not None:
        position["options"] = options
    fast = legal_cards_fast(position)
    assert fast is not None
    careful = careful_legal_cards(
        trick_mode(trump), [Card.parse(c) for c in hand], [Card.parse(c) for c in trick]
    )
    assert fast == careful
    assert json.loads(json.dumps(fast)) == careful  # the lazy reasons serialise as they read


@pytest.mark.parametrize(
    "changed",
    [
        {"hand": ["H7", "H7"]},
        {"hand": DECK[:10]},  # more than four players hold
        {"trick": ["HK", "HA", "H6"], "players": 3},
        {"trick": ["HK", "HA", "H6", "H9"]},
        {"players": 5},
        {"players": True},
        {"trump": "slalom"},
        {"options": {"no_such_option": 1}},
        {"seat": 1},
    ],
)
def test_the_fast_path_leaves_anything_else_to_the_careful_path(changed: dict[str, Any]) -> None:
    from rules_engine.differenzler.play import legal_cards_fast

    position = {"game": "differenzler", "trump": "C", "hand": ["H7", "C6"], "trick": ["H9"], **changed}
    left_to_the_careful_path(legal_cards_fast, position)


def test_a_card_written_otherwise_goes_the_careful_way_to_the_same_answer() -> None:
    from rules_engine.differenzler.play import legal_cards_fast

    with pytest.raises(KeyError):
        legal_cards_fast({"game": "differenzler", "trump": "C", "hand": ["h7", "s8"], "trick": ["HK"]})
    assert legal(["h7", "s8"], ["HK"]) == legal(["H7", "S8"], ["HK"])
