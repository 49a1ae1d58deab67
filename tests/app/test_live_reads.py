"""A version poll (and a spectator's 304) is one statement on a connection of its own: on a
server database outside any transaction, so that no BEGIN and ROLLBACK travel with it.
Runs on PostgreSQL under scripts/with-postgres.sh."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from tests.helpers.tablet import deal, new_schieber, post_deal


def test_a_poll_is_one_statement_outside_a_transaction(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    assert post_deal(client, match_id, deal(points=98)).status_code == 303
    spectator = app.test_client()
    tag = spectator.get(f"/matches/{match_id}/version").headers["ETag"]
    engine = app.extensions["tafel_engine"]
    sent: list[tuple[str, Any]] = []

    def remember(conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        sent.append((statement, conn.get_execution_options().get("isolation_level")))

    event.listen(engine, "before_cursor_execute", remember)
    try:
        unchanged = spectator.get(f"/matches/{match_id}/version", headers={"If-None-Match": tag})
    finally:
        event.remove(engine, "before_cursor_execute", remember)
    assert unchanged.status_code == 304
    assert len(sent) == 1 and "max(entry.seq)" in sent[0][0]
    # SQLite's driver begins no transaction for a read; a server's connection is told not to.
    assert sent[0][1] == (None if engine.dialect.name == "sqlite" else "AUTOCOMMIT")
    # The poll still sees what a save commits.
    assert post_deal(client, match_id, deal(points=60)).status_code == 303
    moved = spectator.get(f"/matches/{match_id}/version", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.get_json() == {"version": 2}
