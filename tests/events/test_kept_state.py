"""A page's or a write's state is the one this server keeps (``snapshot.state_of``) while it is
at the log's last entry; after a newer entry that changes it, it is derived again from the log,
and after one that does not (a confirmation, a claim) it is the kept one at the new version."""

from __future__ import annotations

from dataclasses import replace

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


def test_a_kept_state_is_extended_by_entries_that_do_not_change_it(client: FlaskClient, app: Flask) -> None:
    """An entry of a kind the state does not read (``state.STATE_KINDS``) moves only its version:
    the kept state is taken further, not derived again, and equals the one derived."""
    event_id = new_event(client)
    register(client, event_id, ["Anna", "Beat", "Cla", "Dora"])
    with app.test_request_context("/"):
        event, rows = snapshot.event_and_log(event_id)
        kept = snapshot.state_of(event, rows)
        extra = replace(rows[-1], seq=rows[-1].seq + 1, kind="claim", record={"match_id": 1})
        taken = snapshot.state_of(event, [*rows, extra])
        assert taken.version == extra.seq and taken.players is kept.players
        assert taken == event_log.derive([*rows, extra])  # type: ignore[arg-type]
