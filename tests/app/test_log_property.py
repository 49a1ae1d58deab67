"""Any sequence of enter / correct / undo / redo: the screen shows the engine's totals for the
current deals, the export is exactly those deals, and no entry is ever removed."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules_engine
from scorer.matches.matchview import SHOWN_DEALS
from tests.helpers.tablet import counts, hidden, new_schieber, post_deal

POINTS = st.sampled_from([0, 20, 57, 98, 100, 157])
CONTRACTS = st.sampled_from(["H", "D", "S", "C", "obenabe", "undenufe"])
OPS = st.lists(
    st.one_of(
        st.tuples(st.just("enter"), CONTRACTS, POINTS),
        st.tuples(st.just("correct"), CONTRACTS, POINTS),
        st.tuples(st.just("undo"), st.none(), st.none()),
        st.tuples(st.just("redo"), st.none(), st.none()),
    ),
    min_size=1,
    max_size=8,
)


@pytest.fixture
def app_config() -> dict[str, Any]:
    """Hypothesis runs every history on the test's one app, each in a match of its own: a run
    (shrinking a failure most of all) starts more matches than one address may in a window."""
    return {"WRITE_LIMIT": 10_000}


def _action(client: FlaskClient, match_id: int, action: str) -> None:
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    marker = f'action="/matches/{match_id}/{action}"'
    if marker not in page:
        return
    form = page[page.index(marker) :]
    client.post(
        f"/matches/{match_id}/{action}",
        data={
            "csrf_token": hidden(form, "csrf_token"),
            "version": hidden(form, "version"),
            "idem": hidden(form, "idem"),
        },
    )


@pytest.mark.slow  # 15 histories of corrections and undos through the pages
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(OPS)
def test_screen_equals_engine_after_any_history(client: FlaskClient, app: Flask, ops: list[Any]) -> None:
    match_id = new_schieber(client, target=100000)
    entries = 0
    for op, contract, points in ops:
        before = counts(app)[1]
        if op == "enter":
            post_deal(client, match_id, {"forehand": 1, "contract": contract, "team": 1, "points": points})
        elif op == "correct":
            page = client.get(f"/matches/{match_id}").get_data(as_text=True)
            slots = re.findall(rf"/matches/{match_id}/deals/(\d+)/correct", page)
            if slots:
                post_deal(
                    client,
                    match_id,
                    {"forehand": 2, "contract": contract, "team": 2, "points": points},
                    url=f"/matches/{match_id}/deals/{slots[0]}/correct",
                )
        else:
            _action(client, match_id, op)
        after = counts(app)[1]
        assert after in (before, before + 1)  # at most one entry per action, none removed
        entries = after
    record = json.loads(client.get(f"/matches/{match_id}/export.json").get_data(as_text=True))
    answer = rules_engine.score_match(record)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert re.findall(r'data-score="([^"]*)"', page) == [str(s) for s in answer["scores"]]
    assert page.count('<tr id="deal-') == min(len(record["deals"]), SHOWN_DEALS)
    assert counts(app)[1] == entries
