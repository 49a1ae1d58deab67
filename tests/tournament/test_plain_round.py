"""A round as the draw writes it is read in one pass (``_read_plain_round``); whatever it reads,
the careful path reads alike, and whatever it leaves (None) goes to the careful path, which names
the field it refuses (TOURNAMENT.md, "Tournament record")."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.errors import InvalidRecord
from rules_engine.tournament.tournament import _read_plain_round, _read_round_carefully

IDS = st.one_of(st.sampled_from(["A", "B", "C", "D", "E", ""]), st.none(), st.integers(0, 3), st.booleans())
SEATS = st.dictionaries(st.sampled_from(["1", "2", "3", "4", "5", "x"]), IDS, max_size=5)
TABLE = st.one_of(
    st.fixed_dictionaries(
        {"table": st.one_of(st.integers(-1, 3), st.booleans(), st.just("1")), "seats": SEATS}
    ),
    st.fixed_dictionaries(
        {"table": st.integers(1, 3)}, optional={"seats": SEATS, "pairs": st.just(["A", "B"]), "x": st.just(1)}
    ),
    st.just([]),
)
ROUND = st.one_of(
    st.fixed_dictionaries(
        {"tables": st.lists(TABLE, max_size=3)},
        optional={"sitouts": st.one_of(st.lists(IDS, max_size=2), st.none(), st.just("A")), "x": st.just(1)},
    ),
    st.just([]),
    st.none(),
)


@pytest.mark.slow
@given(ROUND)
def test_the_plain_reading_agrees_with_the_careful_one(raw: Any) -> None:
    plain = _read_plain_round(raw)
    try:
        careful = _read_round_carefully(raw, "tournament.rounds[0]", partner=False)
    except InvalidRecord:
        assert plain is None
        return
    assert plain is None or plain == careful


def test_a_drawn_round_is_read_plainly() -> None:
    seats = {"1": "A", "2": "B", "3": "C", "4": "D"}
    raw = {"tables": [{"table": 1, "seats": seats}], "sitouts": ["E"]}
    assert _read_plain_round(raw) == _read_round_carefully(raw, "r", partner=False)
    assert _read_plain_round(raw) is not None
    # Anything the careful path has to look at closely is left to it.
    assert _read_plain_round({"tables": [{"table": 1, "seats": {**seats, "4": None}}]}) is None
    assert _read_plain_round({"tables": [{"table": True, "seats": seats}]}) is None
