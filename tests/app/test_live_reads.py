"""A version poll (and a spectator's 304) is one statement on a connection of its own: on a
server database outside any transaction, so that no BEGIN and ROLLBACK travel with it. It is
sent straight through the driver (scorer.web.pagecache.VersionReader), so it is watched there.
Runs on PostgreSQL under scripts/with-postgres.sh."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from scorer.web import pagecache
from tests.helpers.tablet import deal, new_schieber, post_deal


class Watched:
    """A driver's connection that notes each statement and whether a transaction held it."""

    def __init__(self, driver: Any, sent: list[tuple[str, bool]]) -> None:
        object.__setattr__(self, "_driver", driver)
        object.__setattr__(self, "_sent", sent)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._driver, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._driver, name, value)

    def cursor(self) -> Any:
        driver, sent = self._driver, self._sent
        cursor = driver.cursor()

        class Cursor:
            def execute(self, statement: str, params: Any) -> Any:
                result = cursor.execute(statement, params)
                # psycopg: in a transaction unless in autocommit; sqlite3: as it says.
                held = driver.in_transaction if hasattr(driver, "in_transaction") else not driver.autocommit
                sent.append((statement, bool(held)))
                return result

            def __getattr__(self, name: str) -> Any:
                return getattr(cursor, name)

        return Cursor()


def test_a_poll_is_one_statement_outside_a_transaction(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = new_schieber(client)
    assert post_deal(client, match_id, deal(points=98)).status_code == 303
    spectator = app.test_client()
    tag = spectator.get(f"/matches/{match_id}/version").headers["ETag"]
    engine = app.extensions["tafel_engine"]
    reader = app.extensions["tafel_version_reader"]
    assert reader.direct  # SQLite and psycopg, the databases the app runs on
    sent: list[tuple[str, bool]] = []
    through_sqlalchemy: list[str] = []
    execute = pagecache.VersionReader.execute
    monkeypatch.setattr(
        pagecache.VersionReader,
        "execute",
        lambda self, driver, match_id: execute(self, Watched(driver, sent), match_id),
    )

    def remember(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        through_sqlalchemy.append(statement)

    event.listen(engine, "before_cursor_execute", remember)
    try:
        unchanged = spectator.get(f"/matches/{match_id}/version", headers={"If-None-Match": tag})
        assert len(sent) == 1 and "max(entry.seq)" in sent[0][0] and not sent[0][1]
        assert through_sqlalchemy == []
        spectator_tag = spectator.get(f"/matches/{match_id}").headers["ETag"]
        sent.clear()
        through_sqlalchemy.clear()
        page_unchanged = spectator.get(f"/matches/{match_id}", headers={"If-None-Match": spectator_tag})
    finally:
        event.remove(engine, "before_cursor_execute", remember)
    assert unchanged.status_code == 304 and page_unchanged.status_code == 304
    # The spectator's 304: the one statement, and nothing through the request's session.
    assert len(sent) == 1 and "max(entry.seq)" in sent[0][0] and not sent[0][1]
    assert through_sqlalchemy == []
    # The poll still sees what a save commits; the driver's connection is back as it was.
    assert post_deal(client, match_id, deal(points=60)).status_code == 303
    moved = spectator.get(f"/matches/{match_id}/version", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.get_json() == {"version": 2}
    if engine.dialect.name != "sqlite":
        with engine.connect() as connection:
            assert connection.connection.driver_connection.autocommit is False


def test_the_version_read_directly_is_the_version_read_by_sqlalchemy(client: FlaskClient, app: Flask) -> None:
    """The same creation time and number either way: the spectators' pages kept by a save (read
    through the request's session) and the ones a poll finds (read directly) share one key."""
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    with app.test_request_context(f"/matches/{match_id}"):
        assert pagecache.quick_version(match_id) == pagecache.match_version(match_id)
        assert pagecache.quick_version(match_id + 1000) is None
    with app.test_request_context(f"/matches/{match_id}"):
        direct = pagecache.quick_version(match_id)
        app.extensions["tafel_version_reader"].direct = False
        try:
            assert pagecache.quick_version(match_id) == direct
        finally:
            app.extensions["tafel_version_reader"].direct = True
