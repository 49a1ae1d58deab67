"""A director registers a late arrival after the first draw: a late entry of the tournament record, left out
of the rounds before his own (T5.1, T5.2), scored for them by the option ``late_entry``."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

import rules_engine
from scorer.events import state as event_log
from scorer.store import db
from scorer.store.models import Event
from tests.helpers.events import draw, event_state, new_event, register


@pytest.mark.slow
def test_a_late_arrival_is_seated_from_the_next_round(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client)
    register(client, event_id, [f"Spieler {n}" for n in range(1, 9)])
    draw(client, event_id)
    register(client, event_id, ["Zu spät"])
    state = event_state(app, event_id)
    late = [p for p in state.registered if p.late_from]
    assert [(p.name, p.late_from) for p in late] == [("Zu spät", 2)]
    page = client.get(f"/events/{event_id}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "late entry from round 2" in page
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert event is not None
        record = event_log.tournament_record(event, state, lambda _match: [])
    assert record["late_entries"] == [{"player": late[0].id, "from_round": 2}]
    # Round 1 stays valid without him (he was not active, T5.1); round 2 seats nine: one sits out (T5.2).
    draw(client, event_id)
    second = event_state(app, event_id).rounds[1]
    present = {p for t in second.tables for p in t.seats.values()} | set(second.sitouts)
    assert late[0].id in present and len(present) == 9 and len(second.sitouts) == 1
    answer = rules_engine.score_tournament({**record, "rounds": record["rounds"][:1], "results": []})
    assert not [e for e in answer["errors"] if e["rule"] == "T5.1"]
