"""A closed event reads but never writes: after its director closes it, every route that would
change it or one of its tables' Passen is refused (403, naming why) for every link, the
director's included, and nothing is stored; every page still reads. Only the director reopens
it, and closing and reopening are entries of the event's log, listed in the office."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorer.events import office
from scorer.events import state as event_log
from scorer.store import db, log
from scorer.store.models import Entry, Event, EventEntry, Match, MatchSummary
from tests.helpers.events import (
    claim,
    disputed_evening,
    evening,
    event_state,
    form_tokens,
    office_link,
    play_passe,
    table_url,
    token,
)
from tests.helpers.store import listening, on_postgresql
from tests.helpers.tablet import deal_form, english

#: A value for each other part of a route's address.
ARGUMENTS: dict[str, Any] = {"slot_id": 1, "player_id": "P1", "seat": 1, "team": 1}
REFUSED = "This event is closed"


def counts(app: Flask) -> tuple[int, int]:
    """The entries of every event's log and of every match's."""
    with app.app_context():
        session = db.session()
        return (
            session.scalar(select(func.count()).select_from(EventEntry)) or 0,
            session.scalar(select(func.count()).select_from(Entry)) or 0,
        )


def close(director: FlaskClient, event_id: int, action: str = "close", reason: str = "") -> Any:
    page = director.get(f"/events/{event_id}").get_data(as_text=True)
    data = form_tokens(page, f"/events/{event_id}/{action}") | {"reason": reason}
    return director.post(f"/events/{event_id}/{action}", data=data)


def table_device(director: FlaskClient, app: Flask, event_id: int) -> FlaskClient:
    page = director.get(f"/events/{event_id}").get_data(as_text=True)
    found = re.search(r'class="small-button table-entry" href="http://[^/]+(/matches/\d+/edit/[^"]+)"', page)
    assert found
    device = english(app, "192.0.2.41")
    assert device.get(found.group(1)).status_code in (302, 303)
    return device


def write_routes(app: Flask, event_id: int, match_id: int) -> list[tuple[str, str]]:
    """Every route of the app that changes something and names an event or a match: (method, address)."""
    found = []
    adapter = app.url_map.bind("localhost")
    for rule in app.url_map.iter_rules():
        methods = (rule.methods or set()) - {"GET", "HEAD", "OPTIONS"}
        if (
            not methods
            or not ({"event_id", "match_id"} & rule.arguments)
            or rule.endpoint == "closing.reopen"
        ):
            continue
        values = {name: ARGUMENTS.get(name, "x") for name in rule.arguments}
        values |= {"event_id": event_id, "match_id": match_id}
        address = adapter.build(rule.endpoint, {k: v for k, v in values.items() if k in rule.arguments})
        found += [(method, address) for method in sorted(methods)]
    return found


@pytest.fixture
def closed(app: Flask) -> tuple[FlaskClient, int, int, str, FlaskClient, FlaskClient]:
    """A disputed one-table evening, closed by its director: director, event, match, disputed
    slot, the table's device and the office."""
    director, event_id, match_id, slot = disputed_evening(app)
    device = table_device(director, app, event_id)
    office = english(app, "192.0.2.42")
    assert office.get(office_link(director, event_id)).status_code == 303
    assert close(director, event_id, reason="Prize-giving done").status_code == 303
    assert event_state(app, event_id).closed
    return director, event_id, match_id, slot, device, office


def test_every_write_route_is_refused_for_every_link(app: Flask, closed: Any) -> None:
    director, event_id, match_id, _slot, device, office = closed
    before = counts(app)
    routes = write_routes(app, event_id, match_id)
    endpoints = {address for _method, address in routes}
    for expected in ("/draw", "/freeze", "/players", "/close", "/office/rule", "/confirm", "/claim", "/undo"):
        assert any(address.endswith(expected) for address in endpoints), expected
    for client in (director, device, office, english(app, "192.0.2.43")):
        csrf = token(director.get("/events/new").get_data(as_text=True)) if client is director else ""
        for method, address in routes:
            response = client.open(address, method=method, data={"csrf_token": csrf, "idem": "late"})
            assert response.status_code == 403, (method, address, response.status_code)
            if client is director or client is device:
                assert REFUSED in response.get_data(as_text=True), (method, address)
    # The deal-entry pages of its tables, too: a table's device is told why before it types.
    for page in (f"/matches/{match_id}/deals/new", f"/matches/{match_id}/deals/1/correct"):
        response = device.get(page)
        assert response.status_code == 403 and REFUSED in response.get_data(as_text=True)
    assert counts(app) == before


def test_the_table_and_the_director_cannot_change_a_game_or_the_ranking(app: Flask, closed: Any) -> None:
    director, event_id, match_id, slot, device, _office = closed
    before = counts(app)
    ranking = director.get(f"/events/{event_id}/ranking?part=table").get_data(as_text=True)
    for client in (device, director):
        # A deal form shown before the closing, sent after it.
        csrf = token(client.get("/events/new").get_data(as_text=True))
        fields = {"csrf_token": csrf, "version": "3", "idem": "after", "forehand": "3", "contract": "H"}
        response = client.post(f"/matches/{match_id}/deals/new", data=fields | {"team": "1", "points": "100"})
        assert response.status_code == 403 and REFUSED in response.get_data(as_text=True)
        assert claim(client, event_id, match_id, slot, 2, 57).status_code == 403
    assert counts(app) == before
    assert director.get(f"/events/{event_id}/ranking?part=table").get_data(as_text=True) == ranking


def test_a_closed_event_still_reads(app: Flask, closed: Any) -> None:
    director, event_id, match_id, _slot, device, office = closed
    pages = [
        f"/events/{event_id}",
        f"/events/{event_id}/ranking",
        f"/events/{event_id}/results",
        f"/events/{event_id}/export/ranking.csv",
        f"/events/{event_id}/print/ranking.pdf",
        table_url(event_id, match_id),
        f"/matches/{match_id}",
    ]
    for client in (director, device, office, english(app, "192.0.2.44")):
        for page in pages:
            assert client.get(page).status_code == 200, page
    assert "This event is closed" in director.get(f"/events/{event_id}").get_data(as_text=True)


def test_only_the_director_reopens_and_both_are_logged(app: Flask, closed: Any) -> None:
    director, event_id, match_id, slot, device, office = closed
    page = director.get(f"/events/{event_id}").get_data(as_text=True)
    data = form_tokens(page, f"/events/{event_id}/reopen") | {"reason": "Table 1 recount"}
    for other in (device, office):
        assert other.post(f"/events/{event_id}/reopen", data=data).status_code == 403
    assert event_state(app, event_id).closed
    assert close(director, event_id, "reopen", "Table 1 recount").status_code == 303
    assert not event_state(app, event_id).closed
    with app.app_context():
        logged = (
            db.session()
            .execute(
                select(EventEntry.kind, EventEntry.record)
                .where(EventEntry.event_id == event_id, EventEntry.kind.in_(("close", "reopen")))
                .order_by(EventEntry.seq)
            )
            .all()
        )
    assert [(kind, record["reason"]) for kind, record in logged] == [
        ("close", "Prize-giving done"),
        ("reopen", "Table 1 recount"),
    ]
    desk = office.get(f"/events/{event_id}/office").get_data(as_text=True)
    assert (
        "Closed" in desk and "Prize-giving done" in desk and "Reopened" in desk and "Table 1 recount" in desk
    )
    # Open again: the table's device writes again.
    assert claim(device, event_id, match_id, slot, 2, 57).status_code == 303


def test_a_change_begun_before_the_closing_is_not_stored_after_it(app: Flask, closed: Any) -> None:
    """A request that passed the check before the closing was stored still meets it at the log."""
    _director, event_id, match_id, _slot, _device, _office = closed
    before = counts(app)
    with app.test_request_context("/"):
        event = db.session().get(Event, event_id)
        assert event is not None
        version = event_log.last_seq(db.session(), event_id)
        with pytest.raises(event_log.Closed):
            event_log.append(
                db.session(),
                event,
                expected_version=version,
                kind="freeze",
                record={"frozen": True, "rounds": 1},
            )
        with pytest.raises(event_log.Closed):
            office.append_mark(event, "sign", {"match_id": match_id, "team": 1}, "late-sign")
        db.session().rollback()
    assert counts(app) == before


def test_a_closed_events_table_link_reads_and_claims_no_device(app: Flask, closed: Any) -> None:
    director, event_id, match_id, _slot, _device, _office = closed
    page = director.get(f"/events/{event_id}").get_data(as_text=True)
    found = re.search(r'class="small-button table-entry" href="http://[^/]+(/matches/\d+/edit/[^"]+)"', page)
    assert found
    before = counts(app)
    newcomer = english(app, "192.0.2.45")
    response = newcomer.get(found.group(1))
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/matches/{match_id}")
    assert REFUSED in newcomer.get(f"/matches/{match_id}").get_data(as_text=True)
    assert counts(app) == before


@contextmanager
def before_the_entry_is_written(app: Flask, action: Callable[[], None]) -> Iterator[list[bool]]:
    """Run ``action`` once, right before the statement that writes a match's entry is sent: the
    request has passed every check before it (the closing's included). Yields [True] once it ran."""
    ran: list[bool] = []

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if not ran and "INSERT INTO entry" in statement:
            ran.append(True)
            action()

    with listening(app.extensions["tafel_engine"], "before_cursor_execute", before):
        yield ran


def director_closes(app: Flask, event_id: int) -> Callable[[], None]:
    """The director's closing, stored from another session (another request) meanwhile."""

    def write() -> None:
        other = app.extensions["tafel_db"]()
        try:
            event = other.get(Event, event_id)
            assert event is not None
            version = event_log.last_seq(other, event_id)
            event_log.append(other, event, expected_version=version, kind="close", record={"reason": ""})
        finally:
            other.close()

    return write


def log_and_summary(app: Flask, match_id: int) -> tuple[list[int], tuple[int, int] | None]:
    with app.app_context():
        session = db.session()
        seqs = list(session.scalars(select(Entry.seq).where(Entry.match_id == match_id).order_by(Entry.seq)))
        row = session.get(MatchSummary, match_id)
        return seqs, None if row is None else (row.version, row.deals)


def test_a_deal_let_in_before_the_closing_is_refused_where_it_is_written(app: Flask) -> None:
    director = english(app, "192.0.2.46")
    event_id, (match_id,) = evening(director, app, "none")
    play_passe(director, match_id, [98])
    director.get(f"/matches/{match_id}")  # the list's summary row, which a save updates with its entry
    before = log_and_summary(app, match_id)
    assert before == ([1], (1, 1))
    data = deal_form(director, match_id) | {"forehand": "2", "contract": "H", "team": "1", "points": "45"}
    with before_the_entry_is_written(app, director_closes(app, event_id)) as ran:
        answer = director.post(f"/matches/{match_id}/deals/new", data=data)
    assert ran == [True]
    # Refused as the closing refuses a change (no 500), naming it; neither the deal nor the
    # list's summary of it was stored.
    assert answer.status_code == 403
    assert REFUSED in answer.get_data(as_text=True)
    assert log_and_summary(app, match_id) == before
    assert event_state(app, event_id).closed


def test_the_log_refuses_an_entry_of_a_closed_events_table_and_goes_on(app: Flask) -> None:
    """Whatever the door (a deal, an estimate, a void): the write itself reads the closing, and
    the session stays usable; a reopening lets the same append through."""
    director = english(app, "192.0.2.47")
    event_id, (match_id,) = evening(director, app, "none")
    play_passe(director, match_id, [98])
    director_closes(app, event_id)()
    with app.test_request_context("/"):
        session = db.session()
        match = session.get(Match, match_id)
        assert match is not None and log.event_of(match) == event_id
        version = log.read(session, match).version
        record = dict(match.entries[0].record or {})
        with pytest.raises(log.EventClosed) as refused:
            log.append(session, match, expected_version=version, kind="deal", record=record, key="late")
        assert refused.value.match_id == match_id
        assert log.last_seq(session, match_id) == version
        event = session.get(Event, event_id)
        assert event is not None
        event_log.append(
            session, event, expected_version=event_log.last_seq(session, event_id), kind="reopen", record={}
        )
        entry = log.append(session, match, expected_version=version, kind="deal", record=record, key="late")
        assert entry.seq == version + 1


def test_on_postgresql_the_closing_waits_for_an_entry_being_written(app: Flask) -> None:
    """PostgreSQL reads the closing at a statement's start: an entry written by a statement that
    began before the closing was stored must be committed before it, never after. The closing
    waits for the entry's transaction, and is stored once it ends."""
    if not on_postgresql(app):
        pytest.skip("SQLite has one writer at a time")
    director = english(app, "192.0.2.50")
    event_id, (match_id,) = evening(director, app, "none")
    play_passe(director, match_id, [98])
    page = director.get(f"/events/{event_id}").get_data(as_text=True)
    data = form_tokens(page, f"/events/{event_id}/close") | {"reason": ""}
    writer = app.extensions["tafel_db"]()
    answers: list[int] = []
    try:
        with app.app_context():
            match = writer.get(Match, match_id)
            assert match is not None
            version = log.last_seq(writer, match_id)
            # The statement has run, its transaction is not committed yet.
            log._write(writer.connection(), written(match_id, version + 1), event_id, ())
        closing = threading.Thread(
            target=lambda: answers.append(director.post(f"/events/{event_id}/close", data=data).status_code)
        )
        closing.start()
        closing.join(timeout=1.0)
        assert closing.is_alive() and not event_state(app, event_id).closed
        writer.commit()
        closing.join(timeout=10.0)
    finally:
        writer.close()
    assert answers == [303] and event_state(app, event_id).closed
    assert log_and_summary(app, match_id)[0] == [1, 2]


def written(match_id: int, seq: int) -> dict[str, Any]:
    return {
        "match_id": match_id,
        "seq": seq,
        "kind": "deal",
        "target_seq": None,
        "record": {"forehand": 2, "contract": "H", "points": {"team": 1, "value": 45}},
        "created": datetime.now(UTC),
        "idempotency_key": "in-flight",
    }
