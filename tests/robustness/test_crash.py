"""kill -9 of the server (its main process and workers) in the middle of a burst of writes, three times.

After each restart every acknowledged entry is in the log exactly once, SQLite's
``PRAGMA integrity_check`` says ok, and the tablets' unanswered forms, sent again with the
same idempotency key, are stored at most once (or told the match changed meanwhile).
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections import Counter
from http.client import HTTPException
from pathlib import Path

import pytest

from scorer.store.backup import sqlite_path
from tests.helpers import server as tablets

pytestmark = pytest.mark.slow

WRITERS = 6
CRASHES = 3


class Writer(threading.Thread):
    """A tablet entering deals until the server dies under it."""

    def __init__(self, port: int, link: str, match_id: int) -> None:
        super().__init__(daemon=True)
        self.port, self.link, self.match_id = port, link, match_id
        self.acknowledged: list[str] = []
        self.refused: list[str] = []
        #: Forms sent when the server died, with the tablet's cookies (its CSRF session).
        self.unanswered: list[tuple[dict[str, str], dict[str, str]]] = []
        self.statuses: Counter[int] = Counter()
        self.failure: Exception | None = None  # anything but the server dying under it

    def run(self) -> None:
        url = f"/matches/{self.match_id}/deals/new"
        try:
            with tablets.join(self.port, self.link) as tablet:
                for number in range(10_000):
                    form = tablet.get(url)
                    data = {**tablets.form_fields(form.body), **tablets.deal_fields("H", 1 + number % 2, 100)}
                    try:
                        answer = tablet.post(url, data)
                    except (OSError, HTTPException):  # the server died with the request in it
                        self.unanswered.append((data, dict(tablet.cookies)))
                        return
                    self.statuses[answer.status] += 1
                    (self.acknowledged if answer.status == 303 else self.refused).append(data["idem"])
        except (OSError, HTTPException):
            return  # the form itself could not be fetched: nothing was sent
        except Exception as error:  # noqa: BLE001 - reported by the test, not lost in a thread
            self.failure = error


def integrity(url: str) -> None:
    path = sqlite_path(url)
    if path is None:
        return  # PostgreSQL: its own recovery; the log checks below still apply
    connection = sqlite3.connect(path)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        connection.close()


def test_acknowledged_entries_survive_kill_9(database_url: str, tmp_path: Path) -> None:
    log_path = tmp_path / "server.log"
    server = tablets.start(database_url, log_path, workers=2, threads=2)
    try:
        with tablets.Tablet(server.port) as creator:
            match_id = tablets.new_schieber(creator)
            link = tablets.edit_link(creator, match_id)
        acknowledged: list[str] = []
        in_flight: Counter[str] = Counter()
        for _crash in range(CRASHES):
            writers = [Writer(server.port, link, match_id) for _ in range(WRITERS)]
            for writer in writers:
                writer.start()
            # Kill once 40 writes are acknowledged: some requests are then half-way through a
            # worker. A loaded CI machine (PostgreSQL on the same two cores) may need longer
            # than a quiet one to get there; the bound only keeps a broken server from hanging.
            deadline = time.monotonic() + 60
            while sum(len(w.acknowledged) for w in writers) < 40 and time.monotonic() < deadline:
                time.sleep(0.01)
            server.kill_hard()
            for writer in writers:
                writer.join(timeout=20)
                assert not writer.is_alive()
                assert writer.failure is None, repr(writer.failure)
                assert set(writer.statuses) <= {303, 409}, writer.statuses
                acknowledged += writer.acknowledged
            integrity(database_url)
            keys = Counter(e.idempotency_key for e in tablets.stored_log(database_url, match_id))
            assert all(keys[key] == 1 for key in acknowledged), "an acknowledged entry is lost"
            assert max(keys.values()) == 1
            server = tablets.start(database_url, log_path, workers=2, threads=2)
            # The tablets send what had no answer again: stored at most once.
            for writer in writers:
                for data, cookies in writer.unanswered:
                    with tablets.Tablet(server.port, cookies=cookies) as same:
                        answer = same.post(f"/matches/{match_id}/deals/new", data)
                    assert answer.status in (303, 409), answer.status
                    stored_before = "already saved" in answer.body or data["idem"] in keys
                    in_flight[
                        "stored before the crash"
                        if stored_before
                        else "stored on resend"
                        if answer.status == 303
                        else "changed meanwhile"
                    ] += 1
                    if answer.status == 303:
                        acknowledged.append(data["idem"])
        entries = tablets.stored_log(database_url, match_id)
        keys = Counter(e.idempotency_key for e in entries)
        assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
        assert set(acknowledged) <= set(keys) and max(keys.values()) == 1
        assert len(acknowledged) >= CRASHES * 40
        # The server still takes a deal after all that.
        with tablets.join(server.port, link) as tablet:
            form = tablet.get(f"/matches/{match_id}/deals/new")
            answer = tablet.post(
                f"/matches/{match_id}/deals/new",
                {**tablets.form_fields(form.body), **tablets.deal_fields("S", 1, 57)},
            )
            assert answer.status == 303
    finally:
        server.stop()
    integrity(database_url)
    assert "Traceback" not in log_path.read_text(errors="replace")
    print(
        f"\ncrash ({database_url.split(':')[0]}): {CRASHES} kill -9, {len(acknowledged)} acknowledged entries "
        f"all kept, {len(entries)} in the log; unanswered when killed: {dict(in_flight)}"
    )
