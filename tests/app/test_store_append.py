"""Appending to a match's log (scorer.store.log.append) with fewer round trips, nothing weaker.

A session that read the log at version V appends V+1 without asking for the version again:
a writer that came in between holds V+1, and the unique (match_id, seq) index makes the
append collide. A version the session did not read (an API client's, one ahead of the log)
is still checked, so that no gap is ever written. Runs on PostgreSQL too, under
scripts/with-postgres.sh.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.orm import Session

from scorer.store import db, log
from scorer.store.models import Match, MatchSummary
from tests.helpers.store import RECORD, append_deal, listening, on_postgresql, stored, summary, with_deals
from tests.helpers.tablet import DEAL, deal_form


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    """The SQL statements sent to the database in the block."""
    sent: list[str] = []

    def remember(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        sent.append(" ".join(statement.split()))

    with listening(app.extensions["tafel_engine"], "before_cursor_execute", remember):
        yield sent


def asks_version(sent: list[str]) -> bool:
    """Whether a statement asked for the log's last seq (the append's version check)."""
    return any("ORDER BY entry.seq DESC" in s for s in sent)


def sessions(app: Flask) -> tuple[Session, Session]:
    maker = app.extensions["tafel_db"]
    return maker(), maker()


def test_a_writer_between_the_read_and_the_append_collides(client: FlaskClient, app: Flask) -> None:
    match_id = with_deals(client, app, 2)
    with app.app_context():
        tablet, other = sessions(app)
        try:
            state = log.read(tablet, tablet.get(Match, match_id))  # the form shows version 2
            assert state.version == 2
            # Another tablet saves its deal in between.
            append_deal(other, match_id, 2, "b")
            with statements(app) as sent, pytest.raises(log.Conflict) as conflict:
                append_deal(tablet, match_id, 2, "a")
            # The version the tablet read is not asked for again before the insert ...
            insert = next(i for i, s in enumerate(sent) if s.startswith("INSERT INTO entry"))
            assert not asks_version(sent[:insert])
            # ... the unique (match_id, seq) index refused it, and the conflict names the log's version.
            assert conflict.value.args[0] == 3
            # After a conflict the session no longer trusts what it read: a stale version is refused
            # by asking, before anything is written.
            with statements(app) as sent, pytest.raises(log.Conflict):
                append_deal(tablet, match_id, 2, "c")
            assert asks_version(sent) and not any(s.startswith("INSERT") for s in sent)
        finally:
            tablet.close()
            other.close()
    # Nothing stored twice, nothing of the losing tablet's stored, no gap.
    assert stored(app, match_id)[2:] == [(3, "b")]
    assert [seq for seq, _key in stored(app, match_id)] == [1, 2, 3]


def test_a_version_ahead_of_the_log_is_refused(client: FlaskClient, app: Flask) -> None:
    match_id = with_deals(client, app, 2)
    with app.app_context():
        reader, api = sessions(app)
        try:
            log.read(reader, reader.get(Match, match_id))  # version 2 read, 4 claimed
            for session in (reader, api):  # read in this session or not: the version is asked for
                for ahead in (3, 4):
                    with pytest.raises(log.Conflict) as conflict:
                        append_deal(session, match_id, ahead, f"ahead-{ahead}")
                    assert conflict.value.args[0] == 2
        finally:
            reader.close()
            api.close()
    assert [seq for seq, _key in stored(app, match_id)] == [1, 2]


def test_a_double_tap_read_twice_saves_once(client: FlaskClient, app: Flask) -> None:
    """Two requests of one form, each having read the log at the same version: one entry."""
    match_id = with_deals(client, app, 1)
    with app.app_context():
        first, second = sessions(app)
        try:
            for session in (first, second):
                log.read(session, session.get(Match, match_id))
            append_deal(first, match_id, 1, "tap")
            with pytest.raises(log.Duplicate):
                # As the deal form's: it found no twin before the first was stored.
                append_deal(second, match_id, 1, "tap", key_checked=True)
        finally:
            first.close()
            second.close()
    assert stored(app, match_id)[1:] == [(2, "tap")]


def test_a_session_appends_after_its_own_append_without_asking(client: FlaskClient, app: Flask) -> None:
    match_id = with_deals(client, app, 1)
    with app.app_context():
        session = db.session()
        match = session.get(Match, match_id)
        log.read(session, match)
        with statements(app) as sent:
            log.append(session, match, expected_version=1, kind="deal", record=RECORD, key="one")
            log.append(session, match, expected_version=2, kind="correction", record=RECORD, target_seq=2)
        assert not asks_version(sent)
        assert log.read(session, match).version == 3
    assert [seq for seq, _key in stored(app, match_id)] == [1, 2, 3]


def test_a_panel_save_reads_match_right_and_log_once_and_writes_the_summary(
    client: FlaskClient, app: Flask
) -> None:
    match_id = with_deals(client, app, 2)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert summary(app, match_id) == (2, 2)
    form = page[page.index("data-deal-form") :]
    fields = {
        name: form.split(f'name="{name}" type="hidden" value="', 1)[1].split('"', 1)[0]
        for name in ("csrf_token", "version", "idem")
    }
    with statements(app) as sent:
        answer = client.post(
            f"/matches/{match_id}/deals/new",
            data={**fields, **{k: str(v) for k, v in DEAL.items()}},
            headers={"HX-Request": "true"},
        )
    assert answer.status_code == 200
    assert "Deal 3 saved." in answer.get_data(as_text=True)
    selects = [s for s in sent if s.startswith("SELECT")]
    # The match with this tablet's right in one query, then the log since the kept version:
    # no version check, no summary read; the summary is written with the entry.
    assert len(selects) == 2, selects
    assert "access_grant" in selects[0] and "FROM entry" in selects[1]
    writes = [s for s in sent if not s.startswith("SELECT")]
    if on_postgresql(app):
        # The entry and the summary in one statement (the save's session is in autocommit).
        assert len(writes) == 1 and writes[0].startswith("WITH"), writes
        assert "INSERT INTO entry" in writes[0] and "UPDATE match_summary" in writes[0]
    else:
        assert [s.split(" ")[0] for s in writes] == ["INSERT", "UPDATE"]
    assert summary(app, match_id) == (3, 3)
    assert [seq for seq, _key in stored(app, match_id)] == [1, 2, 3]


def test_a_save_without_a_summary_row_stores_the_deal_and_showing_makes_the_row(
    client: FlaskClient, app: Flask
) -> None:
    match_id = with_deals(client, app, 1)
    form = deal_form(client, match_id)  # showing the form stores the summary ...
    with app.app_context():
        session = db.session()
        session.execute(MatchSummary.__table__.delete())  # ... which a restored database lacks
        session.commit()
    answer = client.post(
        f"/matches/{match_id}/deals/new", data={**form, **{k: str(v) for k, v in DEAL.items()}}
    )
    assert answer.status_code == 303
    assert [seq for seq, _key in stored(app, match_id)] == [1, 2]
    assert summary(app, match_id) is None  # the save made no row (no other writer's can collide)
    client.get(f"/matches/{match_id}")
    assert summary(app, match_id) == (2, 2)
