"""Random legal deals of every extra contract total as COIFFEUR.md says (C4.3, C5.1-C5.7).

A deal is played by random legal cards (asked of the public ``legal_cards`` with the
trick's number); who takes each trick is worked out here from the rank orders of S3.4,
independently of the engine, and compared with the engine's ``trick_winners``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import legal_cards, score_deal
from tests.helpers.positions import left_to_the_careful_path

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SUITS = "HCDS"
DECK = [suit + rank for suit in SUITS for rank in "AKQJT9876"]
NORMAL = "AKQJT9876"  # S3.4, highest first
TRUMP = "J9AKQT876"


def trick_modes(contract: Any, split: int = 5) -> list[str]:
    """The nine tricks' modes, from C5.1-C5.4 (written from the rule text, not the engine)."""
    if isinstance(contract, str):
        return [contract] * 9
    kind = contract["type"]
    if kind == "misere":
        mode = contract["mode"]
        return trick_modes({"type": "slalom", "start": contract["start"]}) if mode == "slalom" else [mode] * 9
    other = {"obenabe": "undenufe", "undenufe": "obenabe"}
    if kind == "slalom":
        return [contract["start"] if t % 2 == 0 else other[contract["start"]] for t in range(9)]
    if kind == "guschti":
        return [contract["start"] if t < split else other[contract["start"]] for t in range(9)]
    keys = [
        contract["trump"] if s == "trump" else s
        for s in contract.get("order", ["trump", "undenufe", "obenabe"])
    ]
    return [keys[t // 3] for t in range(9)]


def winner(trick: list[str], mode: str) -> int:
    def strength(card: str) -> int:
        if mode in SUITS and card[0] == mode:
            return 100 + 9 - TRUMP.index(card[1])
        if card[0] != trick[0][0]:
            return -1
        return NORMAL.index(card[1]) if mode == "undenufe" else 9 - NORMAL.index(card[1])

    return max(range(4), key=lambda i: strength(trick[i]))


def play(seed: int, contract: Any, options: dict[str, Any]) -> tuple[dict[str, Any], list[int]]:
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = {seat: deck[(seat - 1) * 9 : seat * 9] for seat in range(1, 5)}
    chooser = rng.randint(1, 4)
    modes = trick_modes(contract, options.get("guschti_split", 5))
    held = {seat: list(cards) for seat, cards in hands.items()}
    leader = chooser
    tricks: list[list[str]] = []
    winners: list[int] = []
    for t in range(9):
        trick: list[str] = []
        for i in range(4):
            seat = (leader - 1 + i) % 4 + 1
            answer = legal_cards(
                {
                    "game": "coiffeur",
                    "options": options,
                    "contract": contract,
                    "trick_index": t,
                    "hand": held[seat],
                    "trick": trick,
                }
            )
            assert answer["mode"] == modes[t]
            card = rng.choice(answer["legal"])
            held[seat].remove(card)
            trick.append(card)
        leader = (leader - 1 + winner(trick, modes[t])) % 4 + 1
        winners.append(leader)
        tricks.append(trick)
    record = {
        "game": "coiffeur",
        "options": options,
        "forehand": chooser,
        "pushes": 0,
        "chooser": chooser,
        "row": 1,
        "contract": contract,
        "hands": {str(seat): cards for seat, cards in hands.items()},
        "tricks": tricks,
    }
    return record, winners


DIRECTIONS = st.sampled_from(["obenabe", "undenufe"])
EXTRA = st.one_of(
    st.builds(lambda s: {"type": "slalom", "start": s}, DIRECTIONS),
    st.builds(lambda s: {"type": "guschti", "start": s}, DIRECTIONS),
    st.builds(
        lambda t, order: {"type": "3x3", "trump": t, "order": order},
        st.sampled_from(list(SUITS)),
        st.permutations(["trump", "undenufe", "obenabe"]),
    ),
    st.builds(lambda m: {"type": "misere", "mode": m}, st.sampled_from(["obenabe", "undenufe", *SUITS])),
    st.builds(lambda s: {"type": "misere", "mode": "slalom", "start": s}, DIRECTIONS),
)


def grid_for(contract: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": contract["type"], "factor": 7}]


@SETTINGS
@given(
    seed=st.integers(0, 2**32),
    contract=EXTRA,
    split=st.sampled_from([5, 4]),
    undenufe=st.sampled_from(["six11", "ace11"]),
)
def test_every_legal_extra_deal_totals_157_under_opening(
    seed: int, contract: dict[str, Any], split: int, undenufe: str
) -> None:
    options = {
        "grid": grid_for(contract),
        "guschti_split": split,
        "undenufe_points": undenufe,
        "misere_modes": ["obenabe", "undenufe", "slalom", *SUITS],
    }
    record, winners = play(seed, contract, options)
    answer = score_deal(record)
    assert answer["valid"], answer["errors"]
    assert answer["trick_winners"] == winners
    assert sum(answer["trick_points"]) == 157  # C5.6 opening, C5.7
    # The same deal given as points writes the same cell (C6.1, C6.3).
    team = 1 if record["chooser"] % 2 else 2
    all_tricks = {1 if seat % 2 else 2 for seat in winners}
    if len(all_tricks) == 1:
        points: dict[str, Any] = {"team": all_tricks.pop(), "match": True}
    else:
        points = {"team": team, "value": answer["trick_points"][team - 1]}
    by_points = score_deal(
        {**{k: v for k, v in record.items() if k not in ("hands", "tricks")}, "points": points}
    )
    assert by_points["valid"], by_points["errors"]
    assert (by_points["cell"], by_points["bonus"], by_points["match"], by_points["konter"]) == (
        answer["cell"],
        answer["bonus"],
        answer["match"],
        answer["konter"],
    )


@SETTINGS
@given(seed=st.integers(0, 2**32), start=DIRECTIONS, kind=st.sampled_from(["slalom", "guschti"]))
def test_per_trick_slalom_and_guschti_total_157_under_ace11(seed: int, start: str, kind: str) -> None:
    contract = {"type": kind, "start": start}
    options = {"grid": grid_for(contract), "mixed_points": "per_trick", "undenufe_points": "ace11"}
    answer = score_deal(play(seed, contract, options)[0])
    assert answer["valid"], answer["errors"]
    assert sum(answer["trick_points"]) == 157


@SETTINGS
@given(seed=st.integers(0, 2**32), start=DIRECTIONS)
def test_per_trick_slalom_under_six11_totals_between_113_and_201(seed: int, start: str) -> None:
    contract = {"type": "slalom", "start": start}
    options = {"grid": grid_for(contract), "mixed_points": "per_trick"}
    answer = score_deal(play(seed, contract, options)[0])
    assert answer["valid"], answer["errors"]
    assert 113 <= sum(answer["trick_points"]) <= 201


def test_per_trick_slalom_reaches_other_totals_than_157() -> None:
    # The reason C5.6 rejects points-only records under per_trick: the total varies.
    contract = {"type": "slalom", "start": "obenabe"}
    options = {"grid": grid_for(contract), "mixed_points": "per_trick"}
    totals = {sum(score_deal(play(seed, contract, options)[0])["trick_points"]) for seed in range(30)}
    assert len(totals) > 1


@SETTINGS
@given(
    seed=st.integers(0, 2**32), contract=st.one_of(EXTRA, st.sampled_from(["H", "S", "obenabe", "undenufe"]))
)
def test_legal_cards_answers_as_the_careful_path(seed: int, contract: Any) -> None:
    # Tricks played as one of Schieber's contracts are answered through Schieber's fast path;
    # the answer must be the one built card by card from the trick's mode.
    position, careful = random_trick(seed, contract, whole_hand=True)
    assert legal_cards(position) == careful


@pytest.mark.slow  # its examples run with make test; the careful path's own runs in both
@SETTINGS
@given(
    seed=st.integers(0, 2**32), contract=st.one_of(EXTRA, st.sampled_from(["H", "S", "obenabe", "undenufe"]))
)
def test_the_fast_path_answers_each_plain_trick_as_the_careful_path(seed: int, contract: Any) -> None:
    """legal_cards_fast answers every plainly written position exactly as the careful path: the
    trick's mode, a trump Misère's void player, the extra contracts' relabelled reasons, read
    lazily and serialised alike."""
    import json

    from rules_engine.coiffeur.play import legal_cards_fast

    position, careful = random_trick(seed, contract, whole_hand=False)
    fast = legal_cards_fast(position)
    assert fast is not None
    assert fast == careful
    assert json.loads(json.dumps(fast)) == careful


def random_trick(seed: int, contract: Any, *, whole_hand: bool) -> tuple[dict[str, Any], Any]:
    """A position at a random trick of ``contract`` (the player's whole hand at that trick, or
    any part of it) and the answer built card by card from the trick's mode (the careful path)."""
    from rules_engine.cards import Card
    from rules_engine.coiffeur.contracts import CoiffeurContract
    from rules_engine.coiffeur.options import coiffeur_options
    from rules_engine.coiffeur.play import careful_legal_cards

    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    index = rng.randrange(9)
    size = 9 - index if whole_hand else rng.randint(0, 9 - index)
    hand, trick = deck[:size], deck[9 : 9 + rng.randrange(4)]
    options = {"misere_modes": ["obenabe", "undenufe", "slalom", *SUITS]}
    position = {
        "game": "coiffeur",
        "options": options,
        "contract": contract,
        "trick_index": index,
        "hand": hand,
        "trick": trick,
    }
    parsed = CoiffeurContract.parse(contract)
    mode = parsed.modes(coiffeur_options(options))[index]
    careful = careful_legal_cards(
        parsed, mode, index, [Card.parse(c) for c in hand], [Card.parse(c) for c in trick]
    )
    return position, careful


@pytest.mark.parametrize(
    "changed",
    [
        {"hand": ["H7", "H7"]},
        {"hand": DECK[:9], "trick_index": 1},  # eight cards at most at the second trick
        {"trick_index": 9},
        {"trick_index": True},
        {"trick": ["HK", "HA", "H6", "H9"]},
        {"contract": "slalom"},
        {"contract": {"type": "slalom", "start": "sideways"}},
        {"options": {"no_such_option": 1}},
        {"seat": 1},
    ],
)
def test_the_fast_path_leaves_anything_else_to_the_careful_path(changed: dict[str, Any]) -> None:
    from rules_engine.coiffeur.play import legal_cards_fast

    position = {"game": "coiffeur", "contract": "H", "hand": ["H7", "C6"], "trick": ["S9"], **changed}
    left_to_the_careful_path(legal_cards_fast, position)


def test_the_fast_path_lets_a_void_player_undertrump_in_a_trump_misere() -> None:
    """C5.4: in a trump Misère a player void in the led suit plays any card, a lower trump too;
    holding the led suit, he may not undertrump (S4.4 through C5.4)."""
    from rules_engine.coiffeur.play import legal_cards_fast

    options = {"misere_modes": ["obenabe", "H"]}
    misere = {"type": "misere", "mode": "H"}
    base = {"game": "coiffeur", "options": options, "contract": misere, "trick": ["S9", "HA"]}
    void = legal_cards_fast({**base, "hand": ["H6", "C7"]})
    assert void is not None and void["legal"] == ["H6", "C7"] and void["illegal"] == {}
    holding = legal_cards_fast({**base, "hand": ["H6", "S7"]})
    assert holding is not None and holding["legal"] == ["S7"]
    assert holding["illegal"]["H6"]["rule"] == "C5.4"
    assert holding == legal_cards({**base, "hand": ["H6", "S7"]})
