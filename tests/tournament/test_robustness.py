"""Any JSON put where a Passe or tournament record expects something answers or is an InvalidRecord, never a crash."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import InvalidRecord, score_passe, score_tournament, seat_next_round

DATA = Path(__file__).parent / "data"
PASSE: dict[str, Any] = json.loads((DATA / "example1_passe.json").read_text())
TOURNAMENT: dict[str, Any] = json.loads((DATA / "example3_tournament.json").read_text())

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 2000)
    | st.sampled_from(["", "A", "1", "H", "office", "slalom"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["1", "2", "team", "value", "id"]), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*path, index))
    return found


def _replace(record: dict[str, Any], path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copied = copy.deepcopy(record)
    target = copied
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return copied


@pytest.mark.slow  # a fuzzer: 300 records
@settings(max_examples=300, deadline=None)
@given(data=st.data(), value=JSON)
def test_a_passe_record_with_any_value_anywhere(data: st.DataObject, value: Any) -> None:
    path = data.draw(st.sampled_from(_paths(PASSE)))
    record = _replace(PASSE, path, value)
    try:
        answer = score_passe(record)
    except InvalidRecord:
        return
    assert isinstance(answer["valid"], bool)
    json.dumps(answer)


@pytest.mark.slow  # a fuzzer: 300 records
@settings(max_examples=300, deadline=None)
@given(data=st.data(), value=JSON)
def test_a_tournament_record_with_any_value_anywhere(data: st.DataObject, value: Any) -> None:
    path = data.draw(st.sampled_from(_paths(TOURNAMENT)))
    record = _replace(TOURNAMENT, path, value)
    # The example's three rounds are all seated; with a fourth to come the draw runs too.
    drawable = {**record, "passen": 4} if isinstance(record, dict) and path[:1] != ("passen",) else record
    for entry, given_record in ((score_tournament, record), (seat_next_round, drawable)):
        try:
            answer = entry(given_record)
        except InvalidRecord:
            continue
        assert isinstance(answer["valid"], bool)
        json.dumps(answer)
