"""score_tournament keeps each table's checked Passe: the answer after any sequence of games,
corrections, undos, confirmations and rulings is byte for byte the answer of a fresh engine."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import InvalidRecord, score_tournament
from rules_engine.tournament import tournament

DATA = Path(__file__).parent / "data"
EXAMPLE2: dict[str, Any] = json.loads((DATA / "example2_tournament.json").read_text())
PASSE: dict[str, Any] = json.loads((DATA / "example1_passe.json").read_text())

CONTRACTS = ("H", "S", "C", "D", "obenabe", "undenufe", "X")  # "X" is no contract: a broken entry

game = st.fixed_dictionaries(
    {
        "forehand": st.integers(1, 4),
        "contract": st.sampled_from(CONTRACTS),
        "points": st.one_of(
            st.fixed_dictionaries({"team": st.integers(1, 2), "value": st.integers(0, 160)}),
            st.fixed_dictionaries({"team": st.integers(1, 2), "match": st.just(True)}),
        ),
    }
)
step = st.tuples(
    st.sampled_from(("add", "add", "add", "correct", "undo", "confirm", "ruling", "sign", "reported")),
    st.integers(0, 5),  # the table's result
    st.integers(0, 11),  # the game
    game,
)


def answer(record: dict[str, Any]) -> str:
    """The engine's answer as JSON text, or the record's refusal (an unknown contract)."""
    try:
        return json.dumps(score_tournament(record), sort_keys=True)
    except InvalidRecord as error:
        return f"{type(error).__name__}: {error}"


def fresh(record: dict[str, Any]) -> str:
    tournament._PASSEN.clear()
    return answer(record)


def apply(record: dict[str, Any], change: tuple[str, int, int, dict[str, Any]]) -> None:
    kind, index, number, entered = change
    passe = record["results"][index]["passe"]
    games = passe["games"]
    if kind == "add" and len(games) < 12:
        games.append(copy.deepcopy(entered))
    elif kind == "undo" and games:
        games.pop()
    elif games:
        chosen = games[number % len(games)]
        if kind == "correct":
            games[number % len(games)] = copy.deepcopy(entered)  # a correction: a new version of the game
        elif kind == "confirm":
            chosen["confirmed_by"] = sorted({*chosen.get("confirmed_by", []), number % 2 + 1})
        elif kind == "ruling":
            chosen["ruling"] = {"points": dict(entered["points"]), "by": "office", "reason": "T6.4"}
        elif kind == "sign":
            passe["confirmed_by"] = [1, 2]
        elif kind == "reported":
            passe["reported"] = {"team_totals": [number * 100, 157 * len(games) - number * 100]}


@pytest.mark.slow
@settings(max_examples=40)
@given(st.lists(step, min_size=1, max_size=30))
def test_the_kept_passen_answer_as_a_fresh_engine_after_any_changes(changes: list[Any]) -> None:
    record = copy.deepcopy(EXAMPLE2)
    record["options"]["confirm"] = "per_game"
    for index, result in enumerate(record["results"]):
        record["results"][index] = {
            "round": result["round"],
            "table": result["table"],
            "passe": {"games": []},
        }
    fresh(record)
    for change in changes:
        apply(record, change)
        kept = answer(record)  # the Passen unchanged are kept ones
        assert kept == fresh(record)


def test_a_passe_is_kept_only_for_exactly_the_same_input() -> None:
    record = copy.deepcopy(EXAMPLE2)
    record["results"][0] = {"round": 1, "table": 1, "passe": {"games": copy.deepcopy(PASSE["games"])}}
    first = answer(record)
    assert tournament._PASSEN, "the checked Passen are kept"
    assert answer(record) == first
    # The same figure as a float or a tuple is read as the engine reads it, not as the kept one.
    record["results"][0]["passe"]["games"][0]["points"]["value"] = 98.0
    assert answer(record) == fresh(record)
    record["results"][0]["passe"]["games"] = tuple(record["results"][0]["passe"]["games"])
    assert answer(record) == fresh(record)
