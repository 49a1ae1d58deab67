"""A write's state is the one this server keeps (``snapshot.state_of``) only while it is at the
log's last entry; after any newer entry it is derived again from the log."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorer.events import snapshot
from scorer.events import state as event_log
from tests.helpers.events import new_event, register


def test_a_kept_state_is_used_only_at_its_version(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client)
    register(client, event_id, ["Anna", "Beat", "Cla", "Dora"])
    client.get(f"/events/{event_id}")  # the page keeps the state it derived
    with app.test_request_context("/"):
        event, rows = snapshot.event_and_log(event_id)
        kept = snapshot.state_of(event, rows)
        assert kept is snapshot.live(event, rows).state
        assert kept == event_log.derive(rows)  # type: ignore[arg-type]
    register(client, event_id, ["Emil"])  # a newer entry than the kept state's
    with app.test_request_context("/"):
        event, rows = snapshot.event_and_log(event_id)
        fresh = snapshot.state_of(event, rows)
        assert fresh is not kept and "Emil" in [p.name for p in fresh.registered]
        assert fresh == event_log.derive(rows)  # type: ignore[arg-type]
