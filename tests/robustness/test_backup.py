"""`tafel backup / restore / export-all / import-all`: every match, event and series and its
whole log survive.

The round trip is checked on the bytes: export, import into an empty database, export
again — the same JSON; and every match scores the same before and after.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from scorer import scoring
from scorer.cli import main
from scorer.store import backup, log
from scorer.store.db import make_engine
from scorer.store.models import Match
from tests.helpers.tablet import MakeApp, hidden, new_klammern, new_schieber, post_deal


def _action(client: FlaskClient, match_id: int, action: str) -> None:
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    form = page[page.index(f'action="/matches/{match_id}/{action}"') :]
    response = client.post(
        f"/matches/{match_id}/{action}",
        data={
            "csrf_token": hidden(form, "csrf_token"),
            "version": hidden(form, "version"),
            "idem": hidden(form, "idem"),
        },
    )
    assert response.status_code == 303


def _void(url: str, match_id: int) -> None:
    engine = make_engine(url)
    with Session(engine) as session:
        match = session.get(Match, match_id)
        assert match is not None
        log.append(
            session, match, expected_version=log.derive(match.entries).version, kind="void", key="void-1"
        )
    engine.dispose()


def play_an_evening(client: FlaskClient, url: str) -> None:
    """Matches with deals, a correction, an undo, a redo, a void, names with accents, none empty."""
    first = new_schieber(client, name_1="Zoë", name_2="Ueli", target=100000)
    for contract, points in (("H", 98), ("obenabe", 57), ("S", 157)):
        assert (
            post_deal(
                client, first, {"forehand": 1, "contract": contract, "team": 1, "points": points}
            ).status_code
            == 303
        )
    assert (
        post_deal(
            client,
            first,
            {"forehand": 2, "contract": "C", "team": 2, "points": 20},
            url=f"/matches/{first}/deals/1/correct",
        ).status_code
        == 303
    )
    _action(client, first, "undo")
    _action(client, first, "redo")
    _action(client, first, "undo")
    second = new_klammern(client)
    for n in range(2):
        assert (
            post_deal(
                client,
                second,
                {"forehand": n + 1, "declarer": 1, "trump": "S", "how": "orgi", "team": 1, "points": 100},
            ).status_code
            == 303
        )
    third = new_schieber(client)
    assert (
        post_deal(client, third, {"forehand": 1, "contract": "D", "team": 2, "points": 80}).status_code == 303
    )
    _void(url, third)
    new_schieber(client)  # a match without a deal


def derived(url: str) -> dict[int, Any]:
    """Each match's current deals and the engine's answer for them."""
    engine = make_engine(url)
    with Session(engine) as session:
        result = {}
        for match in session.scalars(select(Match)):
            state = log.derive(match.entries)
            scored = scoring.score(scoring.match_record(match.settings, state.deals))
            result[match.id] = (state.deals, state.voided, scored.answer)
    engine.dispose()
    return result


def export_bytes(url: str) -> bytes:
    engine = make_engine(url)
    data = backup.dumps(backup.export_all(engine))
    engine.dispose()
    return data


@pytest.mark.slow
def test_export_import_export_is_identical(
    client: FlaskClient, database_url: str, other_database_url: str, tmp_path: Path
) -> None:
    play_an_evening(client, database_url)
    exported = tmp_path / "all.json"
    assert main(["export-all", "-o", str(exported), "--database", database_url]) == 0
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert [len(m["entries"]) for m in document["matches"]] == [7, 2, 2, 0]
    assert [e["kind"] for e in document["matches"][0]["entries"]] == [
        "deal",
        "deal",
        "deal",
        "correction",
        "undo",
        "undo",
        "undo",
    ]
    assert all(e["idempotency_key"] for m in document["matches"] for e in m["entries"])
    assert document["matches"][0]["settings"]["names"][0] == "Zoë"

    assert main(["import-all", str(exported), "--database", other_database_url]) == 0
    assert export_bytes(other_database_url) == exported.read_bytes()
    assert derived(other_database_url) == derived(database_url)


@pytest.mark.slow
def test_an_imported_database_keeps_working(
    client: FlaskClient, database_url: str, other_database_url: str, tmp_path: Path, make_app: MakeApp
) -> None:
    """The ids came with the rows: new matches and entries must not collide with them
    (PostgreSQL's sequences are moved past the imported ids)."""
    play_an_evening(client, database_url)
    exported = tmp_path / "all.json"
    assert main(["export-all", "-o", str(exported), "--database", database_url]) == 0
    assert main(["import-all", str(exported), "--database", other_database_url]) == 0
    app = make_app(other_database_url)
    try:
        tablet = app.test_client()
        tablet.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        fresh = new_schieber(tablet)
        assert fresh == max(m["id"] for m in json.loads(exported.read_text())["matches"]) + 1
        assert (
            post_deal(tablet, fresh, {"forehand": 1, "contract": "H", "team": 1, "points": 100}).status_code
            == 303
        )
        # The imported match's page shows the same totals as the original's.
        assert tablet.get("/matches/1").status_code == 200
    finally:
        app.extensions["tafel_engine"].dispose()
    assert len(derived(other_database_url)[fresh][0]) == 1


@pytest.mark.slow
def test_restore_refuses_a_database_with_matches(
    client: FlaskClient,
    database_url: str,
    other_database_url: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    make_app: MakeApp,
) -> None:
    play_an_evening(client, database_url)
    exported = tmp_path / "all.json"
    assert main(["export-all", "-o", str(exported), "--database", database_url]) == 0
    other = make_app(other_database_url)
    try:
        tablet = other.test_client()
        kept = new_schieber(tablet)
        assert (
            post_deal(tablet, kept, {"forehand": 1, "contract": "H", "team": 1, "points": 100}).status_code
            == 303
        )
    finally:
        other.extensions["tafel_engine"].dispose()
    before = export_bytes(other_database_url)
    capsys.readouterr()
    for command in (["import-all", str(exported)], ["restore", str(exported)]):
        assert main([*command, "--database", other_database_url]) == 2
        err = capsys.readouterr().err
        assert "already holds matches" in err and "--force" in err and "Traceback" not in err
        assert export_bytes(other_database_url) == before

    assert main(["restore", str(exported), "--force", "--database", other_database_url]) == 0
    assert export_bytes(other_database_url) == exported.read_bytes()


@pytest.mark.slow
def test_sqlite_online_backup_and_restore(tmp_path: Path, make_app: MakeApp) -> None:
    """A SQLite file backed up while the app keeps writing, then restored into a new file."""
    from scorer.store.migrate import upgrade

    url = f"sqlite:///{tmp_path / 'live.sqlite'}"
    upgrade(url)
    app = make_app(url)
    client = app.test_client()
    play_an_evening(client, url)
    match_id = new_schieber(client, target=100000)
    stop = threading.Event()
    statuses: list[int] = []
    writer = app.test_client()
    with client.session_transaction() as creator, writer.session_transaction() as session:
        session.update(dict(creator))  # the same tablet's edit right

    def keep_writing() -> None:
        while not stop.is_set():
            statuses.append(
                post_deal(
                    writer, match_id, {"forehand": 1, "contract": "H", "team": 1, "points": 100}
                ).status_code
            )

    thread = threading.Thread(target=keep_writing)
    thread.start()
    try:
        for number in range(3):
            assert main(["backup", "-o", str(tmp_path / f"backup-{number}.sqlite"), "--database", url]) == 0
    finally:
        stop.set()
        thread.join(timeout=30)
    app.extensions["tafel_engine"].dispose()
    assert statuses and set(statuses) == {303}

    for number in range(3):
        copy = tmp_path / f"backup-{number}.sqlite"
        connection = sqlite3.connect(copy)
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)  # one self-contained file
        connection.close()
    # The last backup restored into a new file is that backup, entry for entry.
    restored = f"sqlite:///{tmp_path / 'restored.sqlite'}"
    assert main(["restore", str(tmp_path / "backup-2.sqlite"), "--database", restored]) == 0
    assert export_bytes(restored) == export_bytes(f"sqlite:///{tmp_path / 'backup-2.sqlite'}")
    assert main(["restore", str(tmp_path / "backup-2.sqlite"), "--database", restored]) == 2
    # Every backup holds the first evening whole, and a prefix of the busy match's log.
    final = json.loads(export_bytes(url))["matches"]
    for number in range(3):
        saved = json.loads(export_bytes(f"sqlite:///{tmp_path / f'backup-{number}.sqlite'}"))["matches"]
        assert saved[:4] == final[:4]
        assert saved[4]["entries"] == final[4]["entries"][: len(saved[4]["entries"])]


@pytest.mark.slow
def test_a_sqlite_backup_restores_into_any_database(
    client: FlaskClient, database_url: str, other_database_url: str, tmp_path: Path
) -> None:
    """`tafel backup` of whatever this run uses, restored into an empty database of the same kind
    (SQLite: the file; PostgreSQL: the export) — and a SQLite backup into PostgreSQL via the export."""
    play_an_evening(client, database_url)
    saved = tmp_path / "backup.bin"
    assert main(["backup", "-o", str(saved), "--database", database_url]) == 0
    assert main(["restore", str(saved), "--database", other_database_url]) == 0
    assert export_bytes(other_database_url) == export_bytes(database_url)
    assert derived(other_database_url) == derived(database_url)


@pytest.mark.slow
def test_bad_exports_are_refused_with_a_reason(
    client: FlaskClient, database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play_an_evening(client, database_url)
    good = json.loads(export_bytes(database_url))
    gap = json.loads(json.dumps(good))
    gap["matches"][0]["entries"][1]["seq"] = 5
    unknown = json.loads(json.dumps(good))
    unknown["matches"][1]["colour"] = "red"
    cases: dict[str, tuple[bytes, str]] = {
        "not-json": (b"{", "not JSON"),
        "not-ours": (b'{"matches": []}', "not a Tafel export"),
        "gap": (json.dumps(gap).encode(), "matches[0].entries[1].seq: expected 2, found 5"),
        "unknown": (json.dumps(unknown).encode(), "matches[1]: unknown field 'colour'"),
        "binary": (b"\xff\xfe\x00", "neither a SQLite database nor UTF-8 JSON"),
    }
    empty = tmp_path / "empty"
    empty.mkdir()
    from tests.helpers.database import fresh_database

    with fresh_database(empty) as target:
        for name, (raw, message) in cases.items():
            path = tmp_path / f"{name}.json"
            path.write_bytes(raw)
            capsys.readouterr()
            assert main(["import-all", str(path), "--database", target]) == 2, name
            err = capsys.readouterr().err
            assert message in err and "Traceback" not in err, (name, err)
            engine = make_engine(target)
            assert backup.is_empty(engine), name
            engine.dispose()
        broken = tmp_path / "broken.sqlite"
        broken.write_bytes(backup.SQLITE_MAGIC + b"\x00" * 200)
        assert main(["restore", str(broken), "--database", target]) == 2
        assert "Traceback" not in capsys.readouterr().err


@pytest.mark.slow
def test_sqlite_restore_serves_a_running_app(
    tmp_path: Path, app: Flask, client: FlaskClient, database_url: str, make_app: MakeApp
) -> None:
    """Restoring into the live file (not swapping it) — an app already running sees the data."""
    if not database_url.startswith("sqlite"):
        pytest.skip("a SQLite file restore; the PostgreSQL path is the export (tested above)")
    play_an_evening(client, database_url)
    saved = tmp_path / "evening.sqlite"
    assert main(["backup", "-o", str(saved), "--database", database_url]) == 0
    from scorer.store.migrate import upgrade

    live_url = f"sqlite:///{tmp_path / 'live.sqlite'}"
    upgrade(live_url)
    live = make_app(live_url)
    try:
        tablet = live.test_client()
        assert tablet.get("/matches/1").status_code == 404
        assert main(["restore", str(saved), "--database", live_url]) == 0
        assert tablet.get("/matches/1").status_code == 200
    finally:
        live.extensions["tafel_engine"].dispose()


@pytest.mark.slow
def test_events_and_series_go_through_the_export_with_their_logs(
    app: Flask,
    client: FlaskClient,
    database_url: str,
    other_database_url: str,
    tmp_path: Path,
    make_app: MakeApp,
) -> None:
    """An event (its players, its drawn round, its table's Passe) and a series (its options and an
    evening's ranking) are in the JSON export — the backup of a PostgreSQL database — and come back
    with their ids: the same pages, and new ones after them."""
    from tests.helpers.events import evening, play_passe, ranking_of
    from tests.helpers.season import new_series, paper

    event_id, (table,) = evening(client, app, "none", games=2)
    play_passe(client, table, [100, 80])
    series_id = new_series(client)
    assert paper(client, series_id, "1; Anna; 3980; 1\n2; Beat; 3870").status_code == 303
    standing = client.get(f"/series/{series_id}").get_data(as_text=True)
    exported = tmp_path / "all.json"
    assert main(["export-all", "-o", str(exported), "--database", database_url]) == 0
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert [e["kind"] for e in document["events"][0]["entries"]][-1] == "round"
    assert (
        len(document["series"][0]["entries"]) >= 2 and "series_id" not in document["series"][0]["entries"][0]
    )

    assert main(["import-all", str(exported), "--database", other_database_url]) == 0
    assert export_bytes(other_database_url) == exported.read_bytes()
    restored = make_app(other_database_url)
    try:
        reader = restored.test_client()
        reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        assert ranking_of(reader, event_id) == ranking_of(client, event_id)
        again = reader.get(f"/series/{series_id}").get_data(as_text=True)
        assert re.findall(r"<td[^>]*>(.*?)</td>", again, re.S) == re.findall(
            r"<td[^>]*>(.*?)</td>", standing, re.S
        )
        assert new_series(reader) == series_id + 1  # the ids handed out go on after the restored ones
    finally:
        restored.extensions["tafel_engine"].dispose()
    # A second import into a database that holds them is refused unless forced.
    assert main(["import-all", str(exported), "--database", other_database_url]) != 0
    assert main(["import-all", str(exported), "--database", other_database_url, "--force"]) == 0
