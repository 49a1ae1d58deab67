"""A deal save on PostgreSQL: the pre-ping, two SELECTs and one write, nothing weaker.

A POST to a deal-saving view runs in autocommit on PostgreSQL (``db.one_statement_writes``):
neither BEGIN nor COMMIT travel, and the entry is written with the match list's summary as
one statement (``log._write``), atomic on its own. SQLite keeps its transaction (it has no
data-modifying CTE). Every test here runs on both; on PostgreSQL under
scripts/with-postgres.sh.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.orm import Session

from scorer.access import rights
from scorer.matches import matchview
from scorer.store import db, log
from scorer.store.models import AccessGrant, Entry, Match, MatchSummary
from tests.helpers.store import (
    append_deal,
    listening,
    on_postgresql,
    stored,
    summary,
    with_deals,
)
from tests.helpers.tablet import DEAL, deal_form, hidden


@dataclass(frozen=True)
class Sent:
    statement: str
    #: psycopg's transaction status right after the statement: ``IDLE`` (no transaction is
    #: open: the statement was its own, no BEGIN went before it and no COMMIT follows) or
    #: ``INTRANS`` (a BEGIN opened one); None on SQLite.
    status: str | None

    @property
    def verb(self) -> str:
        return self.statement.split(" ", 1)[0]


@contextmanager
def traffic(app: Flask) -> Iterator[tuple[list[Sent], list[object]]]:
    """The statements sent in the block, and the pool's checkouts (each one pre-pings on PostgreSQL)."""
    sent: list[Sent] = []
    checkouts: list[object] = []

    def after(conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        info = getattr(conn.connection.dbapi_connection, "info", None)  # psycopg's, not sqlite3's
        status = getattr(getattr(info, "transaction_status", None), "name", None)
        sent.append(Sent(" ".join(statement.split()), status))

    def checkout(dbapi_connection: Any, *_args: Any) -> None:
        checkouts.append(dbapi_connection)

    engine = app.extensions["tafel_engine"]
    with listening(engine, "after_cursor_execute", after), listening(engine.pool, "checkout", checkout):
        yield sent, checkouts


@contextmanager
def before_the_write(app: Flask, action: Callable[[], None]) -> Iterator[list[bool]]:
    """Run ``action`` once, right before the first statement that writes an entry is sent
    (after the save's reads): another writer in between. Yields [True] once it ran."""
    ran: list[bool] = []

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if not ran and "INSERT INTO entry" in statement:
            ran.append(True)  # first: the action's own insert passes by
            action()

    with listening(app.extensions["tafel_engine"], "before_cursor_execute", before):
        yield ran


def panel_fields(client: FlaskClient, match_id: int) -> dict[str, str]:
    """The match page's deal panel, filled with :data:`DEAL`."""
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    form = page[page.index("data-deal-form") :]
    hidden_fields = {name: hidden(form, name) for name in ("csrf_token", "version", "idem")}
    return {**hidden_fields, **{k: str(v) for k, v in DEAL.items()}}


def panel_save(client: FlaskClient, match_id: int, fields: dict[str, str]) -> Any:
    return client.post(f"/matches/{match_id}/deals/new", data=fields, headers={"HX-Request": "true"})


def another_writer(app: Flask, match_id: int, version: int, key: str) -> Callable[[], None]:
    """Another tablet appending :data:`RECORD` at ``version`` (no summary), in its own session."""

    def write() -> None:
        other = app.extensions["tafel_db"]()
        try:
            append_deal(other, match_id, version, key)
        finally:
            other.close()

    return write


def test_a_panel_save_is_two_reads_and_one_write_outside_any_transaction(
    client: FlaskClient, app: Flask
) -> None:
    match_id = with_deals(client, app, 2)
    fields = panel_fields(client, match_id)
    with traffic(app) as (sent, checkouts):
        answer = panel_save(client, match_id, fields)
    assert answer.status_code == 200
    assert "Deal 3 saved." in answer.get_data(as_text=True)
    verbs = [s.verb for s in sent]
    if on_postgresql(app):
        # One connection (its pre-ping), the guard's match and right, the log since the kept
        # version, and the entry written with the summary: four round trips.
        assert len(checkouts) == 1 and app.extensions["tafel_engine"].pool._pre_ping
        assert verbs == ["SELECT", "SELECT", "WITH"], sent
        assert "INSERT INTO entry" in sent[2].statement and "UPDATE match_summary" in sent[2].statement
        # No statement left a transaction open: none began (no BEGIN), none is committed (no COMMIT).
        assert [s.status for s in sent] == ["IDLE"] * 3, sent
    else:
        assert verbs == ["SELECT", "SELECT", "INSERT", "UPDATE"], sent
    assert summary(app, match_id) == (3, 3)
    assert [seq for seq, _key in stored(app, match_id)] == [1, 2, 3]


def test_a_panel_save_on_postgresql_is_four_round_trips_on_the_wire(
    client: FlaskClient, app: Flask, tmp_path: Path
) -> None:
    """What travels, as libpq traces it: a simple query (``Query``) or an extended one ending in
    ``Sync`` each is one round trip."""
    if not on_postgresql(app):
        pytest.skip("the wire of PostgreSQL's protocol")
    from psycopg import pq

    match_id = with_deals(client, app, 2)
    fields = panel_fields(client, match_id)
    engine = app.extensions["tafel_engine"]
    trace = tmp_path / "wire.txt"
    descriptor = os.open(trace, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)

    def traced(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.pgconn.trace(descriptor)
        dbapi_connection.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)

    engine.pool.dispose()  # every connection from now on is traced
    try:
        with listening(engine.pool, "connect", traced):
            client.get(f"/matches/{match_id}")  # the pool's connections made (and traced) before the save
            os.ftruncate(descriptor, 0)
            os.lseek(descriptor, 0, os.SEEK_SET)
            answer = panel_save(client, match_id, fields)
            engine.pool.dispose()  # the traces end with their connections
    finally:
        os.close(descriptor)
    assert answer.status_code == 200
    sent = [
        line.split("\t") for line in trace.read_text(errors="replace").splitlines() if line.startswith("F\t")
    ]
    trips = [line for line in sent if line[2] in ("Query", "Sync")]
    queries = [line[3] for line in sent if line[2] in ("Query", "Parse")]
    # The pre-ping, the guard's SELECT, the log's SELECT, the write; no BEGIN, no COMMIT.
    assert len(trips) == 4, queries
    assert [q.replace('"', " ").split()[0] for q in queries] == [";", "SELECT", "SELECT", "WITH"]
    assert not any("BEGIN" in q or "COMMIT" in q for q in queries)
    assert [seq for seq, _key in stored(app, match_id)] == [1, 2, 3]


def test_a_writer_between_a_saves_reads_and_its_write_makes_it_a_conflict(
    client: FlaskClient, app: Flask
) -> None:
    match_id = with_deals(client, app, 2)
    fields = panel_fields(client, match_id)
    with before_the_write(app, another_writer(app, match_id, 2, "other")) as ran:
        answer = panel_save(client, match_id, fields)
    assert ran == [True]
    # The unique (match_id, seq) index refused the save: the panel says so and keeps what was typed.
    assert answer.status_code == 409
    assert "The match changed meanwhile" in answer.get_data(as_text=True)
    # Nothing stored twice, nothing of this tablet's stored, no gap.
    assert stored(app, match_id)[2:] == [(3, "other")]
    assert [seq for seq, _key in stored(app, match_id)] == [1, 2, 3]


def test_a_double_tap_stored_between_a_saves_reads_and_its_write_is_stored_once(
    client: FlaskClient, app: Flask
) -> None:
    match_id = with_deals(client, app, 2)
    fields = panel_fields(client, match_id)
    # The first tap's request stores the form's key while the second's is past its reads.
    with before_the_write(app, another_writer(app, match_id, 2, fields["idem"])) as ran:
        answer = panel_save(client, match_id, fields)
    assert ran == [True]
    assert answer.status_code == 200
    assert "This entry was already saved." in answer.get_data(as_text=True)
    assert stored(app, match_id)[2:] == [(3, fields["idem"])]


def autocommit_session(app: Flask) -> Session:
    """A session as a deal save's request has it (in autocommit on PostgreSQL)."""
    session: Session = app.extensions["tafel_db_autocommit"]()
    if on_postgresql(app):
        assert session.connection().connection.dbapi_connection.autocommit is True  # type: ignore[union-attr]
    return session


def summary_at(match_id: int, version: int) -> Any:
    return matchview.summary_update(match_id, version, version, {"scores": [version, 0]}, voided=False)


def test_a_refused_write_changes_neither_log_nor_summary_and_the_session_goes_on(
    client: FlaskClient, app: Flask
) -> None:
    match_id = with_deals(client, app, 2)
    before = summary(app, match_id)
    assert before == (2, 2)
    with app.app_context():
        tablet = autocommit_session(app)
        try:
            log.read(tablet, tablet.get(Match, match_id))
            another_writer(app, match_id, 2, "other")()
            with pytest.raises(log.Conflict) as conflict:
                append_deal(tablet, match_id, 2, "mine", derived=[summary_at(match_id, 3)])
            assert conflict.value.args[0] == 3
            # The summary was to be written in the entry's statement: not at all.
            assert summary(app, match_id) == before
            # The session is usable after the refusal: it reads the log again and appends.
            assert log.read(tablet, tablet.get(Match, match_id)).version == 3
            append_deal(tablet, match_id, 3, "mine", derived=[summary_at(match_id, 4)])
        finally:
            tablet.close()
    assert stored(app, match_id)[2:] == [(3, "other"), (4, "mine")]
    assert summary(app, match_id) == (4, 4)


def test_a_failing_derived_write_stores_no_entry(client: FlaskClient, app: Flask) -> None:
    match_id = with_deals(client, app, 2)
    before = summary(app, match_id)
    summaries = MatchSummary.__table__
    # A summary without a version breaks the column's NOT NULL: the whole write fails.
    broken = (
        update(summaries).where(summaries.c.match_id == bindparam("summary_match_id")).values(version=None)
    )
    with app.app_context():
        tablet = autocommit_session(app)
        try:
            log.read(tablet, tablet.get(Match, match_id))
            with pytest.raises(log.Conflict):
                append_deal(tablet, match_id, 2, "broken", derived=[(broken, {"summary_match_id": match_id})])
            assert tablet.execute(select(Entry.seq).where(Entry.match_id == match_id)).scalars().all() == [
                1,
                2,
            ]
        finally:
            tablet.close()
    assert [seq for seq, _key in stored(app, match_id)] == [1, 2]
    assert summary(app, match_id) == before


def test_without_a_summary_row_the_entry_is_stored_and_its_id_handed_back(
    client: FlaskClient, app: Flask
) -> None:
    match_id = with_deals(client, app, 1)
    with app.app_context():
        tablet = autocommit_session(app)
        try:
            tablet.execute(delete(MatchSummary))
            tablet.commit()
            log.read(tablet, tablet.get(Match, match_id))
            entry = append_deal(tablet, match_id, 1, "no-row", derived=[summary_at(match_id, 2)])
            row = tablet.execute(select(Entry.id, Entry.seq).where(Entry.idempotency_key == "no-row")).one()
            assert (entry.id, entry.seq) == (row.id, 2)
        finally:
            tablet.close()
    assert summary(app, match_id) is None


def test_a_derived_parameter_named_as_the_entrys_is_refused(client: FlaskClient, app: Flask) -> None:
    """Refused on every database: in PostgreSQL's one statement it would write into the entry."""
    match_id = with_deals(client, app, 1)
    statement, parameters = summary_at(match_id, 2)
    with app.app_context():
        tablet = autocommit_session(app)
        try:
            log.read(tablet, tablet.get(Match, match_id))
            with pytest.raises(ValueError, match="kind"):
                append_deal(tablet, match_id, 1, "clash", derived=[(statement, {**parameters, "kind": "x"})])
        finally:
            tablet.close()
    assert [seq for seq, _key in stored(app, match_id)] == [1]


def test_only_the_saving_posts_get_a_session_in_autocommit(client: FlaskClient, app: Flask) -> None:
    match_id = with_deals(client, app, 1)
    lone = app.extensions["tafel_lone_reads"]
    engine = app.extensions["tafel_engine"]
    saving = on_postgresql(app)  # SQLite: one engine, its transaction as before
    for path, method, autocommit in [
        (f"/matches/{match_id}/deals/new", "POST", saving),
        (f"/matches/{match_id}/deals/{2}/correct", "POST", saving),
        (f"/matches/{match_id}/undo", "POST", saving),
        (f"/matches/{match_id}/deals/new", "GET", False),
        ("/matches/new/schieber", "POST", False),
        (f"/matches/{match_id}/void", "POST", False),
    ]:
        with app.test_request_context(path, method=method):
            session = db.session()
            assert session.bind is (lone if autocommit else engine), (path, method)
            # A write of several statements asks for a transaction: the session's next ones are in one.
            assert db.writes_together() is session
            assert session.bind is engine


def test_a_legacy_cookie_traded_during_a_save_is_written_in_a_transaction(
    client: FlaskClient, app: Flask
) -> None:
    match_id = with_deals(client, app, 1)
    fields = {**deal_form(client, match_id), **{k: str(v) for k, v in DEAL.items()}}
    old = "legacy-secret-of-128-bits-xx"
    with app.app_context():
        session = db.session()
        match = session.get(Match, match_id)
        assert match is not None
        # A match from before keyed hashes, and a cookie from before rights were rows.
        match.edit_secret_hash, match.edit_nonce = hashlib.sha256(old.encode()).hexdigest(), None
        session.execute(delete(AccessGrant).where(AccessGrant.match_id == match_id))
        session.commit()
    with client.session_transaction() as cookie:
        cookie[rights.RIGHTS] = {str(match_id): old}
    with traffic(app) as (sent, _checkouts):
        answer = client.post(f"/matches/{match_id}/deals/new", data=fields)
    assert answer.status_code == 303
    assert [seq for seq, _key in stored(app, match_id)] == [1, 2]
    trade = ("UPDATE match SET", "INSERT INTO access_grant")
    traded = [s for s in sent if s.statement.replace('"', "").startswith(trade)]
    assert sorted(s.verb for s in traded) == ["INSERT", "UPDATE"], sent
    if on_postgresql(app):
        # The keyed hash and the new right in one transaction (writes_together), not each alone.
        assert {s.status for s in traded} == {"INTRANS"}, traded
    with app.test_request_context():
        match = db.session().get(Match, match_id)
        assert match is not None and match.edit_secret_hash == rights.hash_secret(old)
        assert db.session().scalars(select(AccessGrant).where(AccessGrant.match_id == match_id)).all()


def test_the_one_statement_is_built_once(app: Flask) -> None:
    statement, _parameters = summary_at(1, 1)
    assert log._together((statement,)) is log._together((statement,))
