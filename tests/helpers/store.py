"""The match log as the store keeps it: entries appended directly, what is stored read back,
and the statements sent to the database watched."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, select
from sqlalchemy.orm import Session

from scorer.store import db, log
from scorer.store.models import Entry, Match, MatchSummary
from tests.helpers.tablet import deal, new_schieber, post_deal

#: A deal record as the log stores it (DEAL_RECORD.md, S4.4: 98 card points of 157 to side 1).
RECORD = {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}}


@contextmanager
def listening(target: Any, name: str, listener: Callable[..., Any]) -> Iterator[None]:
    """``listener`` on SQLAlchemy's event ``name`` of ``target`` (an engine, a pool) for the block."""
    event.listen(target, name, listener)
    try:
        yield
    finally:
        event.remove(target, name, listener)


def on_postgresql(app: Flask) -> bool:
    return app.extensions["tafel_engine"].dialect.name == "postgresql"


def stored(app: Flask, match_id: int) -> list[tuple[int, str | None]]:
    """(seq, idempotency key) of every stored entry of the match, in order."""
    with app.app_context():
        rows = db.session().execute(
            select(Entry.seq, Entry.idempotency_key).where(Entry.match_id == match_id).order_by(Entry.seq)
        )
        return [(seq, key) for seq, key in rows]


def with_deals(client: FlaskClient, app: Flask, count: int) -> int:
    match_id = new_schieber(client)
    for n in range(count):
        assert post_deal(client, match_id, deal(forehand=1 + n % 4)).status_code == 303
    return match_id


def append_deal(session: Session, match_id: int, version: int, key: str, **options: Any) -> Entry:
    """Append :data:`RECORD` as a deal to ``match_id``'s log at ``version`` in ``session``."""
    return log.append(
        session,
        session.get(Match, match_id),
        expected_version=version,
        kind="deal",
        record=RECORD,
        key=key,
        **options,
    )


def summary(app: Flask, match_id: int) -> tuple[int, int] | None:
    with app.app_context():
        row = db.session().get(MatchSummary, match_id)
        return None if row is None else (row.version, row.deals)


@contextmanager
def entries_read() -> Iterator[list[int]]:
    """The seqs of the log entries read from the database meanwhile (``log.LogEntry.of`` builds
    each entry of a read): a test that a read brings what is new, not the whole log."""
    fetched: list[int] = []
    original = log.LogEntry.of

    def of(entry: Any) -> log.LogEntry:
        fetched.append(entry.seq)
        return original(entry)

    log.LogEntry.of = of  # type: ignore[method-assign]
    try:
        yield fetched
    finally:
        log.LogEntry.of = original  # type: ignore[method-assign]
