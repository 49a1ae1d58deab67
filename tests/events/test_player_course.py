"""A player's page draws his rank after each round (T7, the engine's ranking over the rounds up
to it); a round this server has not ranked yet is ranked within the request's budget, or by the
next readers, and the page says so."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.events import views
from tests.helpers.events import draw, event_state, new_event, play_passe, register


def ranks_drawn(page: str) -> list[str]:
    """The course's points: each circle's title is 'round: rank. (total)'."""
    return re.findall(r"<title>(\d+): \d+\. \(\d+\)</title>", page)


@pytest.mark.slow
def test_the_course_is_ranked_within_the_budget_and_completed_by_the_next_readers(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    event_id = new_event(client, passen="3", games_per_passe="1")
    register(client, event_id, list("ABCDEFGH"))
    for _ in range(3):
        draw(client, event_id)
        for table in event_state(app, event_id).rounds[-1].tables:
            play_passe(client, table.match_id, [100])
    url = f"/events/{event_id}/players/P1"
    # No budget: the rounds ranked already (the last, which is the page's ranking) are drawn,
    # and the others are named as still being worked out.
    monkeypatch.setattr(views, "COURSE_BUDGET", -1.0)
    page = client.get(url).get_data(as_text=True)
    assert ranks_drawn(page) == ["3"]
    assert "The ranks after rounds 1, 2 are still being worked out" in page
    # Within a budget the rounds are ranked and kept: each reader after that sees them all.
    monkeypatch.setattr(views, "COURSE_BUDGET", 60.0)
    page = client.get(url).get_data(as_text=True)
    assert ranks_drawn(page) == ["1", "2", "3"] and "still being worked out" not in page
    monkeypatch.setattr(views, "COURSE_BUDGET", -1.0)
    assert ranks_drawn(client.get(url).get_data(as_text=True)) == ["1", "2", "3"]
