"""An answer's lazily made reasons read, compare, copy and serialise exactly as the plain
dict they stand for (rules_engine.lazy), and a legal-card answer is the careful path's."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import pytest

import rules_engine
from rules_engine.lazy import LazyDict
from rules_engine.schieber.legality import legal_plays
from rules_engine.schieber.play import display_order, legal_cards, read_position

PLAIN = {"H6": {"rule": "S4.4", "params": {"card": "H6"}}, "C7": {"rule": "S4.3", "params": {"card": "C7"}}}


def lazy() -> LazyDict:
    return LazyDict.of(2, copy.deepcopy, PLAIN)


@pytest.mark.parametrize(
    "read",
    [
        lambda d: json.dumps(d),
        lambda d: json.dumps(d, indent=1),
        lambda d: json.dumps({"illegal": d}, sort_keys=True),
        lambda d: repr(d),
        lambda d: list(d),
        lambda d: list(d.items()),
        lambda d: list(d.values()),
        lambda d: list(reversed(d)),
        lambda d: dict(d),
        lambda d: {**d},
        lambda d: d.copy(),
        lambda d: copy.copy(d),
        lambda d: copy.deepcopy(d),
        lambda d: pickle.loads(pickle.dumps(d)),
        lambda d: d["H6"],
        lambda d: d.get("C7"),
        lambda d: "H6" in d,
        lambda d: len(d),
        lambda d: bool(d),
        lambda d: d | {"X": 1},
        lambda d: {"X": 1} | d,
    ],
)
def test_reads_as_the_plain_dict(read: Any) -> None:
    assert read(lazy()) == read(dict(PLAIN))
    assert type(read(lazy())) is type(read(dict(PLAIN)))


def test_compares_as_the_plain_dict_either_way_round() -> None:
    assert lazy() == PLAIN and PLAIN == lazy() and lazy() == lazy()
    assert {"illegal": lazy()} == {"illegal": PLAIN} and not (lazy() != PLAIN)
    assert lazy() != {**PLAIN, "S9": {}}


def test_changes_as_the_plain_dict() -> None:
    for change in (
        lambda d: d.__setitem__("S9", 1),
        lambda d: d.__delitem__("H6"),
        lambda d: d.pop("C7"),
        lambda d: d.popitem(),
        lambda d: d.setdefault("S9", 2),
        lambda d: d.update({"H6": 3}),
        lambda d: d.__ior__({"S9": 4}),
        lambda d: d.clear(),
    ):
        made, plain = lazy(), copy.deepcopy(PLAIN)
        assert change(made) == change(plain)
        assert made == plain and list(made) == list(plain)


def test_made_once() -> None:
    calls = []
    made = LazyDict.of(1, lambda: calls.append(1) or {"a": 1})
    assert made["a"] == 1 and made == {"a": 1} and json.dumps(made) == '{"a": 1}'
    assert calls == [1]


POSITIONS = [
    {"contract": "H", "hand": ["H6", "C6", "CA", "S9", "D7"], "trick": ["CK", "H9"]},
    {"game": "schieber", "contract": "S", "hand": ["SJ", "S6", "H7"], "trick": ["S9"]},
    {"contract": "obenabe", "hand": ["HA", "C6", "D8"], "trick": ["C7", "CA"]},
    {"contract": "undenufe", "hand": ["HA", "H6", "D8", "SJ"], "trick": ["D6"], "profile": "official"},
    {"contract": "D", "hand": ["DJ", "D6", "H7", "HK", "C9"], "trick": ["HA", "DT", "D9"]},
]


@pytest.mark.parametrize("position", POSITIONS)
def test_a_lazy_answer_is_the_careful_paths(position: dict[str, Any]) -> None:
    answer = rules_engine.legal_cards(position)
    contract, options, hand, trick = read_position(position)
    plays = legal_plays(contract, options, tuple(sorted(hand, key=display_order)), trick)
    careful = {str(c): r.to_json() for c, r in plays.illegal.items()}
    assert answer["illegal"] == careful and answer["legal"] == [str(c) for c in plays.legal]
    assert (
        json.dumps(answer)
        == json.dumps(legal_cards(dict(position)))
        == json.dumps({"legal": answer["legal"], "illegal": dict(legal_cards(dict(position))["illegal"])})
    )
