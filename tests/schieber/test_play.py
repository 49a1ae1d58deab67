"""Legal plays (S4.1-S4.5) with their reasons, trick winners (S4.6), and the ``legal`` entry.

Every expectation is worked out by hand from SCHIEBER.md. Trump order (S3.4):
J 9 A K Q T 8 7 6; normal order A K Q J T 9 8 7 6.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules_engine
from rules_engine.cards import Card, Rank, Suit
from rules_engine.cli import main
from rules_engine.errors import InvalidRecord, Reason, RuleBroken
from rules_engine.schieber.contracts import ALL_CONTRACTS, SCHIEBER_DECK, Contract, schieber_options
from rules_engine.schieber.play import (
    _fast_legal_cards,
    can_play,
    is_legal,
    legal_cards,
    legal_plays,
    play_reason,
    play_rules,
    trick_winner,
    verify_play,
)

OPTIONS = schieber_options()
HEARTS = Contract.parse("H")
OBENABE = Contract.parse("obenabe")
UNDENUFE = Contract.parse("undenufe")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def codes(items: Sequence[Card]) -> list[str]:
    return [str(card) for card in items]


def plays(contract: Contract, hand: str, trick: str = "") -> tuple[list[str], dict[str, Reason]]:
    answer = legal_plays(contract, OPTIONS, cards(hand), cards(trick))
    return codes(answer.legal), {str(card): reason for card, reason in answer.illegal.items()}


# ------------------------------------------------------------------ leading


@pytest.mark.parametrize("contract", ALL_CONTRACTS, ids=str)
def test_any_card_may_lead(contract: Contract) -> None:
    assert plays(contract, "HJ C6 DA S7") == (["HJ", "C6", "DA", "S7"], {})


def test_an_empty_hand_has_no_plays() -> None:
    assert plays(HEARTS, "", "CK") == ([], {})


# ------------------------------------------------------------------ S4.2 Obenabe, Undenufe


@pytest.mark.parametrize("contract", [OBENABE, UNDENUFE], ids=str)
def test_follow_suit_in_obenabe_and_undenufe(contract: Contract) -> None:
    legal, illegal = plays(contract, "C6 D7 CA H8", "CK")
    assert legal == ["C6", "CA"]
    assert sorted(illegal) == ["D7", "H8"]
    for card, reason in illegal.items():
        assert reason.rule == "S4.2"
        assert reason.code == "must_follow_suit"
        assert reason.params["card"] == card
        assert reason.params["led"] == "C"
        assert reason.params["instead"] == ["C6", "CA"]
        assert card in reason.message and "C6 CA" in reason.message


@pytest.mark.parametrize("contract", [OBENABE, UNDENUFE], ids=str)
def test_cannot_follow_plays_anything(contract: Contract) -> None:
    assert plays(contract, "D7 H8 SA", "CK HA") == (["D7", "H8", "SA"], {})


# ------------------------------------------------------------------ S4.3 plain suit led, trump contract


def test_may_trump_even_when_able_to_follow() -> None:
    legal, illegal = plays(HEARTS, "C6 H6 D7", "CK")
    assert legal == ["C6", "H6"]
    assert list(illegal) == ["D7"]
    reason = illegal["D7"]
    assert (reason.rule, reason.code) == ("S4.3", "must_follow_suit")
    assert reason.params["instead"] == ["C6", "H6"]


def test_no_duty_to_trump() -> None:
    # Cannot follow clubs: any card, trump or not.
    assert plays(HEARTS, "H6 D7 S8", "CK") == (["H6", "D7", "S8"], {})


def test_no_duty_to_overtrump_or_to_play_a_trump_after_a_ruff() -> None:
    # A trump is in the trick, the hand has no clubs: a plain card is fine.
    assert plays(HEARTS, "HJ D7", "CK H9") == (["HJ", "D7"], {})


# ------------------------------------------------------------------ S4.4 undertrumping


def test_undertrumping_is_forbidden_with_a_mixed_hand() -> None:
    # DEAL_RECORD.md's example: H9 is the highest trump, H6 would go under it.
    legal, illegal = plays(HEARTS, "H6 C6 CA", "CK H9")
    assert legal == ["C6", "CA"]
    reason = illegal["H6"]
    assert (reason.rule, reason.code) == ("S4.4", "undertrump")
    assert reason.params["highest"] == "H9"
    assert reason.params["instead"] == ["C6", "CA"]
    assert reason.message.startswith("H6 would undertrump H9")


def test_undertrumping_is_forbidden_when_unable_to_follow() -> None:
    legal, illegal = plays(HEARTS, "H6 D7", "CK H9")
    assert legal == ["D7"]
    assert illegal["H6"].rule == "S4.4"


def test_undertrumping_is_allowed_with_nothing_but_trumps() -> None:
    # HA and H6 are both below the 9 (Nell) in trump order.
    assert plays(HEARTS, "H6 HA", "CK H9") == (["H6", "HA"], {})


def test_overtrumping_is_allowed() -> None:
    legal, illegal = plays(HEARTS, "HJ C6", "CK H9")
    assert legal == ["HJ", "C6"] and illegal == {}


def test_trump_order_decides_over_and_under() -> None:
    # With HA in the trick: the 9 (Nell) goes over it, the Ober under it.
    legal, illegal = plays(HEARTS, "H9 HQ D7", "CK HA")
    assert legal == ["H9", "D7"]
    assert illegal["HQ"].params["highest"] == "HA"


def test_following_suit_is_always_allowed_with_a_trump_in_the_trick() -> None:
    legal, illegal = plays(HEARTS, "C6 H6", "CK HJ")
    assert legal == ["C6"]
    assert illegal["H6"].rule == "S4.4"


def test_the_highest_trump_counts_not_the_last_one() -> None:
    # jass-kit issue #10: with H9 and H8 in the trick, HA lies between them; it goes under H9.
    legal, illegal = plays(HEARTS, "HA D6", "C7 H9 H8")
    assert legal == ["D6"]
    assert illegal["HA"].params["highest"] == "H9"
    legal, illegal = plays(HEARTS, "HT D6", "C7 HK HQ")
    assert legal == ["D6"] and illegal["HT"].params["highest"] == "HK"


def test_the_buur_is_never_under_anything() -> None:
    legal, illegal = plays(HEARTS, "HJ D6 C8", "C7 H9 HA")
    assert legal == ["HJ", "C8"]
    assert {card: r.rule for card, r in illegal.items()} == {"D6": "S4.3"}


def test_mixed_reasons_in_one_hand() -> None:
    legal, illegal = plays(HEARTS, "H6 C6 D7 HJ", "CK H9")
    assert legal == ["C6", "HJ"]
    assert {card: r.rule for card, r in illegal.items()} == {"H6": "S4.4", "D7": "S4.3"}


# ------------------------------------------------------------------ S4.5 trump led


def test_must_follow_trump() -> None:
    legal, illegal = plays(HEARTS, "H7 C6 D7", "H6")
    assert legal == ["H7"]
    for card in ("C6", "D7"):
        assert (illegal[card].rule, illegal[card].code) == ("S4.5", "must_follow_trump")
        assert illegal[card].params["instead"] == ["H7"]


def test_bare_buur_may_be_held_back() -> None:
    # The only trump is the Under: any card.
    assert plays(HEARTS, "HJ C6 D7", "H6") == (["HJ", "C6", "D7"], {})
    assert plays(HEARTS, "HJ C6", "H9 HA") == (["HJ", "C6"], {})


def test_buur_with_other_trumps_must_follow() -> None:
    legal, illegal = plays(HEARTS, "HJ H7 C6", "H6")
    assert legal == ["HJ", "H7"]
    assert illegal["C6"].rule == "S4.5"


def test_no_trump_plays_anything_on_a_trump_lead() -> None:
    assert plays(HEARTS, "C6 D7 SA", "H6 H7") == (["C6", "D7", "SA"], {})


def test_undertrumping_rule_does_not_apply_to_a_trump_lead() -> None:
    # Trump led: following with a lower trump is just following suit.
    assert plays(HEARTS, "H6 H7", "H9 HJ") == (["H6", "H7"], {})


# ------------------------------------------------------------------ S4.1 not in hand, and the triad


def test_verify_play_raises_with_the_reason() -> None:
    with pytest.raises(RuleBroken) as caught:
        verify_play(HEARTS, OPTIONS, cards("H6 C6 CA"), cards("CK H9"), Card.parse("H6"))
    (reason,) = caught.value.reasons
    assert reason.rule == "S4.4"
    assert "S4.4" in str(caught.value)
    verify_play(HEARTS, OPTIONS, cards("H6 C6 CA"), cards("CK H9"), Card.parse("CA"))


def test_a_card_not_in_the_hand() -> None:
    hand, trick = cards("H6 C6 CA"), cards("CK H9")
    reason = play_reason(HEARTS, OPTIONS, hand, trick, Card.parse("SA"))
    assert reason is not None
    assert (reason.rule, reason.code) == ("S4.1", "not_in_hand")
    assert reason.params["instead"] == ["C6", "CA"]
    assert not can_play(HEARTS, OPTIONS, hand, trick, Card.parse("SA"))
    with pytest.raises(RuleBroken):
        verify_play(HEARTS, OPTIONS, hand, trick, Card.parse("SA"))


def test_can_play() -> None:
    hand, trick = cards("H6 C6 CA"), cards("CK H9")
    assert [can_play(HEARTS, OPTIONS, hand, trick, c) for c in hand] == [False, True, True]
    assert play_reason(HEARTS, OPTIONS, hand, trick, Card.parse("C6")) is None


def test_a_full_trick_is_not_a_position() -> None:
    with pytest.raises(ValueError):
        legal_plays(HEARTS, OPTIONS, cards("H6"), cards("CK H9 C6 C7"))


def test_reasons_serialise_to_json() -> None:
    _, illegal = plays(HEARTS, "H6 C6 CA", "CK H9")
    answer = illegal["H6"].to_json()
    assert answer["rule"] == "S4.4" and answer["code"] == "undertrump"
    assert json.loads(json.dumps(answer)) == answer
    assert answer["params"]["card"] == "H6"


# ------------------------------------------------------------------ S4.6 trick winners


@pytest.mark.parametrize(
    ("contract", "trick", "winner"),
    [
        ("H", "CK CA H6 C6", 2),  # a trump beats the led suit
        ("H", "HA HJ H9 CA", 1),  # Buur above Nell above Ass
        ("H", "HA H9 HK HQ", 1),  # Nell above Ass
        ("H", "CA C6 HQ HK", 3),  # the higher of two trumps
        ("H", "CK DA SA C6", 0),  # off-suit never wins
        ("H", "C7 H6 H9 HJ", 3),
        ("D", "CK CA H6 C6", 1),  # hearts are plain in a diamond contract
        ("obenabe", "C6 CA DA CK", 1),
        ("obenabe", "HT HJ H9 SA", 1),
        ("undenufe", "CK C6 D6 CA", 1),  # lowest wins; D6 is off-suit
        ("undenufe", "C8 C7 C9 C6", 3),
        ("undenufe", "CA CK DA HA", 1),
    ],
)
def test_trick_winner(contract: str, trick: str, winner: int) -> None:
    played = cards(trick)
    assert trick_winner(Contract.parse(contract), played) == winner
    assert Contract.parse(contract).ranking(OPTIONS).winner_index(played) == winner


# ------------------------------------------------------------------ the public entry (DEAL_RECORD.md)


def test_deal_record_example() -> None:
    position = {
        "game": "schieber",
        "profile": "seed",
        "contract": "H",
        "hand": ["H6", "C6", "CA"],
        "trick": ["CK", "H9"],
    }
    answer = legal_cards(position)
    assert answer["legal"] == ["CA", "C6"]
    assert list(answer["illegal"]) == ["H6"]
    assert answer["illegal"]["H6"]["rule"] == "S4.4"
    assert "H6" in answer["illegal"]["H6"]["message"]
    assert rules_engine.legal_cards(position) == answer
    assert json.loads(json.dumps(answer)) == answer


def test_position_defaults_and_aliases() -> None:
    answer = legal_cards({"contract": "obenabe", "hand": ["d10", "H7"]})
    assert answer == {"legal": ["H7", "DT"], "illegal": {}}
    answer = legal_cards(
        {
            "contract": "S",
            "profile": "official",
            "options": {"factors": {"S": 1}},
            "hand": ["SJ", "C6"],
            "trick": ["S6"],
        }
    )
    assert answer == {"legal": ["C6", "SJ"], "illegal": {}}


@pytest.mark.parametrize(
    ("position", "words"),
    [
        ({"contract": "X", "hand": ["H6"]}, "contract"),
        ({"hand": ["H6"]}, "contract is missing"),
        ({"contract": "H"}, "hand is missing"),
        ({"contract": "H", "hand": ["HX"]}, "HX"),
        ({"contract": "H", "hand": "H6"}, "hand"),
        ({"contract": "H", "hand": ["H6", "H6"]}, "twice"),
        ({"contract": "H", "hand": ["H6"], "trick": ["H6"]}, "both"),
        ({"contract": "H", "hand": ["H6"], "trick": ["C6", "C6"]}, "twice"),
        ({"contract": "H", "hand": ["H6"], "trick": ["C6", "C7", "C8", "C9"]}, "trick"),
        ({"contract": "H", "hand": ["H6"], "trump": "H"}, "unknown field"),
        ({"contract": "H", "hand": ["H6"], "profile": "house"}, "profile"),
        ({"contract": "H", "hand": ["H6"], "options": {"x": 1}}, "options"),
        ({"contract": "H", "hand": ["H6"], "options": []}, "options"),
        ({"contract": "H", "hand": ["H6"], "options": ""}, "options"),
        ({"contract": "H", "hand": ["H6"], "profile": ["seed"]}, "profile"),
        ({"contract": ["H"], "hand": ["H6"]}, "contract"),
        ({"contract": "H", "hand": [["H6"]]}, "hand"),
        ({"contract": "H", "hand": ["H6"], "trick": "CK"}, "trick"),
        ({"contract": "H", "hand": ["H6"], "trick": [7]}, "trick"),
        ({"contract": "H", "hand": ["H6"], "game": None}, "game"),
        ({"contract": "H", "hand": ["H6"], "trick": [], "extra": 1}, "unknown field"),
        ({"game": "jass", "contract": "H", "hand": ["H6"]}, "game"),
        ({"contract": "H", "hand": [c.__str__() for c in SCHIEBER_DECK[:10]]}, "at most 9"),
    ],
)
def test_malformed_positions(position: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidRecord) as caught:
        rules_engine.legal_cards(position)
    message = str(caught.value)
    assert words in message
    assert "\n" not in message


def test_command_line_legal() -> None:
    out, err = io.StringIO(), io.StringIO()
    record = json.dumps({"contract": "H", "hand": ["H6", "C6", "CA"], "trick": ["CK", "H9"]})
    assert main(["legal"], io.StringIO(record), out, err) == 0
    assert json.loads(out.getvalue())["legal"] == ["CA", "C6"]
    out, err = io.StringIO(), io.StringIO()
    assert main(["legal"], io.StringIO('{"contract": "H", "hand": ["H6", "H6"]}'), out, err) == 2
    assert err.getvalue().count("\n") == 1 and "Traceback" not in err.getvalue()


# ------------------------------------------------------------------ properties against the rule text


def reference_legal(contract: Contract, hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
    """S4.2-S4.5 read literally, one card at a time, written independently of the engine."""
    if not trick:
        return list(hand)
    trump = contract.trump
    led = trick[0].suit
    trump_order = "J9AKQT876"

    def allowed(card: Card) -> bool:
        follows = card.suit == led
        holds_led = any(c.suit == led for c in hand)
        if trump is None:  # S4.2
            return follows or not holds_led
        if led == trump:  # S4.5
            trumps = [c for c in hand if c.suit == trump]
            if not trumps or trumps == [Card(trump, Rank.JACK)]:
                return True
            return card.suit == trump
        if follows:  # S4.3/S4.4: following is always allowed
            return True
        if card.suit == trump:  # S4.4
            played_trumps = [c for c in trick if c.suit == trump]
            if not played_trumps:
                return True
            highest = min(trump_order.index(c.rank.value) for c in played_trumps)
            lower = trump_order.index(card.rank.value) > highest
            return not lower or all(c.suit == trump for c in hand)
        return not holds_led  # S4.3: a plain card of another suit only if unable to follow

    return [card for card in hand if allowed(card)]


@st.composite
def positions(draw: st.DrawFn) -> tuple[Contract, tuple[Card, ...], tuple[Card, ...]]:
    contract = draw(st.sampled_from(ALL_CONTRACTS))
    deck = draw(st.permutations(SCHIEBER_DECK))
    size = draw(st.integers(0, 9))
    played = draw(st.integers(0, 3))
    return contract, tuple(deck[:size]), tuple(deck[size : size + played])


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(positions())
def test_legal_plays_equal_the_rule_text(
    position: tuple[Contract, tuple[Card, ...], tuple[Card, ...]],
) -> None:
    contract, hand, trick = position
    answer = legal_plays(contract, OPTIONS, hand, trick)
    assert list(answer.legal) == reference_legal(contract, hand, trick)
    # Every card of the hand is either legal or has a reason, never both.
    assert set(answer.legal) | set(answer.illegal) == set(hand)
    assert not set(answer.legal) & set(answer.illegal)
    if hand:
        assert answer.legal, "some card is always playable"
    rules = play_rules(contract)
    for card in hand:
        assert is_legal(rules, hand, trick, card) == (card in answer.legal)
        assert can_play(contract, OPTIONS, hand, trick, card) == (card in answer.legal)
    for card, reason in answer.illegal.items():
        assert reason.rule in {"S4.2", "S4.3", "S4.4", "S4.5"}
        assert reason.params["card"] == str(card)
        assert reason.params["instead"] == codes(answer.legal)
        assert reason.message  # every template fills from its params


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(positions())
def test_public_entry_agrees_with_legal_plays(
    position: tuple[Contract, tuple[Card, ...], tuple[Card, ...]],
) -> None:
    contract, hand, trick = position
    answer = legal_cards(
        {"game": "schieber", "contract": contract.key, "hand": codes(hand), "trick": codes(trick)}
    )
    direct = legal_plays(contract, OPTIONS, hand, trick)
    assert set(answer["legal"]) == set(codes(direct.legal))
    assert {code: value["rule"] for code, value in answer["illegal"].items()} == {
        str(card): reason.rule for card, reason in direct.illegal.items()
    }
    order = [(Suit(c[0]), list(Rank).index(Rank(c[1]))) for c in answer["legal"]]
    assert order == sorted(order, key=lambda x: (list(Suit).index(x[0]), x[1]))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(positions(), st.sampled_from([None, "seed", "official"]))
def test_code_fast_path_answers_exactly_like_the_reasons(
    position: tuple[Contract, tuple[Card, ...], tuple[Card, ...]], profile: str | None
) -> None:
    # Plain positions are answered on card codes; lower-case codes take the careful path
    # (parse, Card values, Reason objects). Both must give the very same JSON.
    contract, hand, trick = position
    plain: dict[str, Any] = {
        "contract": contract.key,
        "hand": codes(hand),
        "trick": codes(trick),
        "profile": profile,
    }
    fast = _fast_legal_cards(plain)
    assert fast is not None
    lower = [code.lower() for code in codes(hand)]
    careful = legal_cards({**plain, "hand": lower})
    if hand:
        with pytest.raises(KeyError):  # legal_cards then takes the careful path
            _fast_legal_cards({**plain, "hand": lower})
    assert fast == careful
    assert list(fast["illegal"]) == list(careful["illegal"])


# ------------------------------------------------------------------ exhaustive counts ("perft")
#
# For a few fixed deals, the number of distinct legal card sequences of the first n plays
# (trick winners deciding who leads next), as python-chess keeps perft counts. The file was
# written by this module's rule-text reference (``python tests/schieber/test_play.py``), not
# by the engine; the test checks the engine against it.

PERFT_FILE = Path(__file__).parent / "data" / "perft.json"


def perft(
    legal: Callable[[Contract, Sequence[Card], Sequence[Card]], Sequence[Card]],
    contract: Contract,
    hands: dict[int, list[Card]],
    leader: int,
    trick: list[Card],
    depth: int,
) -> int:
    if depth == 0:
        return 1
    seat = (leader + len(trick) - 1) % 4 + 1
    total = 0
    for card in list(legal(contract, hands[seat], trick)):
        hands[seat].remove(card)
        trick.append(card)
        if len(trick) == 4:
            winner = (leader - 1 + contract.ranking(OPTIONS).winner_index(trick)) % 4 + 1
            total += perft(legal, contract, hands, winner, [], depth - 1)
        else:
            total += perft(legal, contract, hands, leader, trick, depth - 1)
        trick.pop()
        hands[seat].append(card)
    return total


def _engine_legal(contract: Contract, hand: Sequence[Card], trick: Sequence[Card]) -> Sequence[Card]:
    return legal_plays(contract, OPTIONS, hand, trick).legal


def _perft_cases() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(PERFT_FILE.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("case", _perft_cases(), ids=lambda c: f"{c['contract']}-{c['name']}")
def test_perft_counts(case: dict[str, Any]) -> None:
    contract = Contract.parse(case["contract"])
    for depth, expected in enumerate(case["counts"], start=1):
        hands = {int(seat): list(cards(" ".join(hand))) for seat, hand in case["hands"].items()}
        assert perft(_engine_legal, contract, hands, case["forehand"], [], depth) == expected, depth


def _write_perft_file() -> None:
    import random as random_module

    rng = random_module.Random(20261129)
    cases = []
    for contract in ALL_CONTRACTS:
        for name in ("a", "b"):
            deck = list(SCHIEBER_DECK)
            rng.shuffle(deck)
            hands = {n: deck[9 * (n - 1) : 9 * n] for n in (1, 2, 3, 4)}
            forehand = rng.randint(1, 4)
            counts = [
                perft(reference_legal, contract, {k: list(v) for k, v in hands.items()}, forehand, [], depth)
                for depth in range(1, 7)
            ]
            cases.append(
                {
                    "name": name,
                    "contract": contract.key,
                    "forehand": forehand,
                    "hands": {str(n): codes(hand) for n, hand in hands.items()},
                    "counts": counts,
                }
            )
    PERFT_FILE.parent.mkdir(exist_ok=True)
    PERFT_FILE.write_text(json.dumps(cases, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    _write_perft_file()


@pytest.mark.parametrize(
    "module",
    [
        "rules_engine.schieber.legality",
        "rules_engine.schieber.play",
        "rules_engine.schieber.points",
        "rules_engine.schieber.replay",
    ],
)
def test_doctests(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0


def test_reasons_describe_the_position_when_asked_not_when_read() -> None:
    hand, trick = list(cards("H6 C6 CA")), list(cards("CK H9"))
    answer = legal_plays(HEARTS, OPTIONS, hand, trick)
    trick.append(Card.parse("HJ"))  # the caller's list moves on before the reason is read
    hand.clear()
    assert answer.illegal[Card.parse("H6")].params["highest"] == "H9"


# ------------------------------------------------------------------ the fast path's shapes
#
# The public entry answers a five-key position (game, profile, contract, hand, trick) by
# reading those keys, and writes the hand's mask out by its size: every size and every
# other set of keys must give what the careful path gives (lower-case codes force it).

_NINE = ["HA", "HK", "H6", "CA", "C9", "D7", "DT", "S8", "SQ"]


@pytest.mark.parametrize("size", range(10))
@pytest.mark.parametrize("trick", [[], ["C6"], ["C6", "H9"], ["C6", "H9", "CJ"]])
def test_five_key_positions_of_every_hand_size_answer_as_the_careful_path(
    size: int, trick: list[str]
) -> None:
    position = {
        "game": "schieber",
        "profile": "official",
        "contract": "H",
        "hand": _NINE[:size],
        "trick": trick,
    }
    fast = rules_engine.legal_cards(position)
    careful = rules_engine.legal_cards({**position, "hand": [code.lower() for code in _NINE[:size]]})
    assert fast == careful
    assert list(fast["illegal"]) == list(careful["illegal"])
    assert sorted(fast["legal"] + list(fast["illegal"])) == sorted(_NINE[:size])
    assert len(fast["illegal"]) == len(careful["illegal"])


@pytest.mark.parametrize("size", range(2, 10))
def test_a_card_twice_in_a_hand_of_any_size_is_refused(size: int) -> None:
    hand = [*_NINE[: size - 1], _NINE[0]]
    with pytest.raises(InvalidRecord, match="HA is twice in position.hand"):
        rules_engine.legal_cards(
            {"game": "schieber", "profile": "official", "contract": "H", "hand": hand, "trick": []}
        )
    with pytest.raises(InvalidRecord, match="HA is in both"):
        rules_engine.legal_cards(
            {
                "game": "schieber",
                "profile": "official",
                "contract": "H",
                "hand": hand[1:],
                "trick": ["C6", "HA"],
            }
        )


@pytest.mark.parametrize("trick", [["C6", "C6"], ["C6", "H9", "C6"], ["C6", "H9", "H9"]])
def test_a_card_twice_in_the_trick_is_refused(trick: list[str]) -> None:
    with pytest.raises(InvalidRecord, match="twice in position.trick"):
        rules_engine.legal_cards(
            {"game": "schieber", "profile": "official", "contract": "H", "hand": _NINE[:3], "trick": trick}
        )


def test_too_many_cards_are_refused_with_their_field() -> None:
    base = {"game": "schieber", "profile": "official", "contract": "H"}
    with pytest.raises(InvalidRecord, match="10 cards; a hand has at most 9") as hand_error:
        rules_engine.legal_cards({**base, "hand": [*_NINE, "S6"], "trick": []})
    assert hand_error.value.field == "hand"
    with pytest.raises(InvalidRecord, match="4 cards are already played") as trick_error:
        rules_engine.legal_cards({**base, "hand": ["HA"], "trick": ["C6", "C7", "C8", "CK"]})
    assert trick_error.value.field == "trick"


def test_five_keys_of_another_set_take_the_careful_path() -> None:
    # Obenabe (S4.2): who holds clubs must follow with them.
    plain = {
        "game": "schieber",
        "profile": "official",
        "contract": "obenabe",
        "hand": ["H6", "CA"],
        "trick": ["CK"],
    }
    expected = rules_engine.legal_cards(plain)
    assert expected == {"legal": ["CA"], "illegal": expected["illegal"]}
    assert list(expected["illegal"]) == ["H6"]
    # Options instead of the game or the profile: the same answer.
    for dropped in ("game", "profile"):
        other = {key: value for key, value in plain.items() if key != dropped}
        assert rules_engine.legal_cards({**other, "options": {}}) == expected
    # An unknown field instead of any known one: the error names it.
    for dropped in plain:
        other = {key: value for key, value in plain.items() if key != dropped}
        with pytest.raises(InvalidRecord, match="unknown field 'colour'") as error:
            rules_engine.legal_cards({**other, "colour": "red"})
        assert error.value.field == "colour"
    # Another game's five-key position is that game's (Coiffeur answers with its trick's mode).
    coiffeur = {"game": "coiffeur", "contract": "H", "hand": ["H6", "CA"], "trick": ["CK"], "trick_index": 0}
    assert rules_engine.legal_cards(coiffeur)["mode"] == "H"
    with pytest.raises(InvalidRecord, match="game"):
        rules_engine.legal_cards({**plain, "game": "jass"})
