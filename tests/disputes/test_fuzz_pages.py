"""Whatever is typed or pasted into a dispute screen, the page answers (never a 500)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import create_app

_APP = create_app(
    {"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{Path(tempfile.mkdtemp()) / 't.sqlite'}"}
)
CARDS = st.lists(
    st.sampled_from([s + r for s in "HCDSX" for r in "AKQJT98761"] + ["10", ";", "\n", ""]), max_size=12
).map(" ".join)
FIELDS = {
    "card": ["trick", "hand", "card"],
    "trick": ["cards", "leader"],
    "weis": ["seat_1", "seat_2", "seat_3", "kind_1", "suit_1", "top_1", "forehand"],
    "count": ["points"],
    "replay": ["tricks", "hand_1", "record", "forehand", "declarer"],
}
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.sampled_from(["H6", "S", "klammern"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "game",
                    "contract",
                    "trump",
                    "tricks",
                    "hands",
                    "forehand",
                    "declarer",
                    "players",
                    "options",
                    "1",
                    "x",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@pytest.mark.slow  # a fuzzer: 120 questions
@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    screen=st.sampled_from(list(FIELDS)),
    game=st.sampled_from(["schieber", "klammern", "poker", ""]),
    contract=st.sampled_from(["H", "S", "obenabe", "undenufe", "Z", ""]),
    values=st.lists(CARDS, min_size=7, max_size=7),
    record=JSONISH,
)
def test_pages_never_fail(screen: str, game: str, contract: str, values: list[str], record: object) -> None:
    import json

    query = {"game": game, "contract": contract, "ask": "1", **dict(zip(FIELDS[screen], values))}
    if screen == "replay" and values[0].startswith("H"):
        query["record"] = json.dumps(record)
    if screen == "count":
        query["points"] = values[0][:4]
    client = _APP.test_client()
    response = client.get(f"/disputes/{screen}?{urlencode(query)}")
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert "could not judge" not in response.get_data(as_text=True), query
