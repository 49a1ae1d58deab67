"""Backups of the logs: SQLite's online backup, and a JSON export for any database.

``export_all`` writes every match, event, series and club — each its columns and its whole
append-only log (each entry with its seq, kind, record, time and what else it stores) — as one
JSON document that ``import_all`` stores back identically (the same ids, so edit and spectator
links, an event's tables and a series' events keep working). A SQLite database is backed up page
by page with ``sqlite3.Connection.backup`` while the app keeps serving; any other database
(PostgreSQL) is backed up as that export. Restoring into a database that already holds any of
them is refused unless forced.

A backup is the operator's copy of the database, written on the server by ``tafel backup``
(or ``export-all``) and never served: no route reads this module. It keeps every entry as
stored, the sealed Differenzler estimates of deals not yet entered included, because a
restore must give them back (D3.3: a sealed estimate is replaced only from its seat's link);
what leaves the server through a page or an export is stripped of them there
(``scorer.store.log.shared_entries``). Its file is made readable by its owner alone
(``tempfile.mkstemp``): keep it as the database file is kept.
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import DateTime, Engine, Table, delete, func, insert, inspect, select, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from scorer.store.db import make_engine
from scorer.store.migrate import upgrade
from scorer.store.models import (
    AccessGrant,
    Club,
    ClubEntry,
    Entry,
    Event,
    EventEntry,
    EventRanking,
    Match,
    MatchSummary,
    Series,
    SeriesEntry,
)

FORMAT = "tafel-matches"
FORMAT_VERSION = 1
SQLITE_MAGIC = b"SQLite format 3\x00"
MATCH_TABLE: Table = Match.__table__  # type: ignore[assignment]
ENTRY_TABLE: Table = Entry.__table__  # type: ignore[assignment]


@dataclass(frozen=True)
class Log:
    """One kind of append-only log the export carries: under ``key``, each row of ``table`` with
    its entries (rows of ``entries``, whose ``owner`` column is implied by where they are listed)."""

    key: str
    table: Table
    entries: Table
    owner: str


LOGS = (
    Log("matches", MATCH_TABLE, ENTRY_TABLE, "match_id"),
    Log("events", Event.__table__, EventEntry.__table__, "event_id"),  # type: ignore[arg-type]
    Log("series", Series.__table__, SeriesEntry.__table__, "series_id"),  # type: ignore[arg-type]
    Log("clubs", Club.__table__, ClubEntry.__table__, "club_id"),  # type: ignore[arg-type]
)
#: What the stores keep of the logs, made again from them: emptied when a restore replaces them.
DERIVED: tuple[Table, ...] = (MatchSummary.__table__, EventRanking.__table__)  # type: ignore[assignment]


class BackupError(ValueError):
    """A backup or restore that cannot be done; the message says why and what to do."""


P = ParamSpec("P")
R = TypeVar("R")


def _database_errors(function: Callable[P, R]) -> Callable[P, R]:
    """Turn a database's own error (unreachable server, not a database file) into one line."""

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        except (sqlite3.Error, SQLAlchemyError) as error:
            detail = str(getattr(error, "orig", None) or error).strip().splitlines()
            raise BackupError(f"database error: {detail[0] if detail else type(error).__name__}") from None

    return wrapper


# --- values --------------------------------------------------------------------------------


def _utc_text(value: datetime) -> str:
    # SQLite hands back the naive UTC time the app stored; PostgreSQL an aware one.
    aware = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    return aware.isoformat()


def _row_json(table: Table, row: Any, implied: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for column in table.columns:
        if column.name == implied:
            continue
        value = getattr(row, column.name)
        if isinstance(column.type, DateTime) and value is not None:
            value = _utc_text(value)
        out[column.name] = value
    return out


def _row_values(table: Table, data: Any, where: str, implied: str = "") -> dict[str, Any]:
    """The column values of one exported row, checked against the table.

    A column the export lacks is stored as NULL when the table allows it (an export made
    before that column existed); a key the table does not know is refused.
    """
    if not isinstance(data, dict):
        raise BackupError(f"{where}: expected an object, not {type(data).__name__}")
    known = {c.name for c in table.columns} - {implied}
    unknown = sorted(set(data) - known - {"entries"})
    if unknown:
        raise BackupError(
            f"{where}: unknown field {unknown[0]!r} (is the database migrated? "
            "run: flask --app scorer db-upgrade)"
        )
    values: dict[str, Any] = {}
    for column in table.columns:
        if column.name == implied:
            continue
        value = data.get(column.name)
        if value is None and not column.nullable:
            raise BackupError(f"{where}.{column.name}: missing")
        if isinstance(column.type, DateTime) and value is not None:
            try:
                value = datetime.fromisoformat(value)
            except (TypeError, ValueError):
                raise BackupError(f"{where}.{column.name}: not an ISO date-time: {value!r}") from None
        values[column.name] = value
    return values


# --- export and import ---------------------------------------------------------------------


def revision(engine: Engine) -> str | None:
    if not inspect(engine).has_table("alembic_version"):
        return None
    with engine.connect() as connection:
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


@_database_errors
def export_all(engine: Engine) -> dict[str, Any]:
    """Every match, event, series and club with its full log, as a JSON-ready document (ordered:
    ids, then seqs)."""
    _require_tables(engine)
    present = set(inspect(engine).get_table_names())
    document: dict[str, Any] = {"format": FORMAT, "version": FORMAT_VERSION, "revision": revision(engine)}
    with Session(engine) as session, session.begin():
        # One snapshot where the server offers it. Elsewhere the logs being append-only is
        # enough: a row made between two reads is left out with its entries, and an entry
        # appended meanwhile is complete.
        if engine.dialect.name == "postgresql":
            session.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"))
        for kind in LOGS:
            if kind.table.name not in present:
                continue  # a database from before that kind of log
            owners = session.execute(select(kind.table).order_by(kind.table.c.id)).all()
            owner = kind.entries.c[kind.owner]
            entries = session.execute(select(kind.entries).order_by(owner, kind.entries.c.seq)).all()
            by_owner: dict[int, list[dict[str, Any]]] = {}
            for entry in entries:
                by_owner.setdefault(getattr(entry, kind.owner), []).append(
                    _row_json(kind.entries, entry, kind.owner)
                )
            rows = []
            for row in owners:
                exported = _row_json(kind.table, row)
                exported["entries"] = by_owner.get(row.id, [])
                rows.append(exported)
            document[kind.key] = rows
    return document


def dumps(document: dict[str, Any]) -> bytes:
    return (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


@_database_errors
def is_empty(engine: Engine) -> bool:
    if not inspect(engine).has_table(MATCH_TABLE.name):
        return True
    present = set(inspect(engine).get_table_names())
    with engine.connect() as connection:
        return not any(
            connection.execute(select(func.count()).select_from(table)).scalar()
            for kind in LOGS
            for table in (kind.table, kind.entries)
            if table.name in present
        )


def parse(raw: bytes, where: str) -> dict[str, Any]:
    try:
        document = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BackupError(f"{where} is neither a SQLite database nor UTF-8 JSON") from None
    except json.JSONDecodeError as error:
        raise BackupError(
            f"{where}: not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise BackupError(f"{where}: nested too deeply to be a Tafel export") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError(f'{where}: not a Tafel export ("format": "{FORMAT}" missing)')
    if document.get("version") != FORMAT_VERSION:
        raise BackupError(
            f"{where}: export version {document.get('version')!r}; this Tafel reads {FORMAT_VERSION}"
        )
    if not isinstance(document.get("matches"), list):
        raise BackupError(f'{where}: "matches" must be a list')
    for kind in LOGS[1:]:  # absent from exports made before events, series and clubs were exported
        if not isinstance(document.get(kind.key, []), list):
            raise BackupError(f'{where}: "{kind.key}" must be a list')
    return document


def _rows(document: dict[str, Any], kind: Log) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows of one kind of log in an export, and their entries, each checked."""
    owners: list[dict[str, Any]] = []
    entries: list[dict[str, Any]] = []
    listed = document.get(kind.key, [])
    if not isinstance(listed, list):
        raise BackupError(f"{kind.key}: expected a list")
    for index, data in enumerate(listed):
        where = f"{kind.key}[{index}]"
        values = _row_values(kind.table, data, where)
        if not isinstance(values["id"], int):
            raise BackupError(f"{where}.id: expected an integer, not {values['id']!r}")
        log = data.get("entries", [])
        if not isinstance(log, list):
            raise BackupError(f"{where}.entries: expected a list")
        for number, entry in enumerate(log):
            entry_where = f"{where}.entries[{number}]"
            entry_values = _row_values(kind.entries, entry, entry_where, kind.owner)
            # The log's seq is also its version: a gap or a repeat would break appending.
            if entry_values["seq"] != number + 1:
                raise BackupError(f"{entry_where}.seq: expected {number + 1}, found {entry_values['seq']!r}")
            entry_values[kind.owner] = values["id"]
            entries.append(entry_values)
        owners.append(values)
    return owners, entries


@_database_errors
def import_all(engine: Engine, document: dict[str, Any], *, force: bool = False) -> tuple[int, int]:
    """Store an export's matches, events, series and clubs with their logs (one transaction); returns
    (matches, match entries).

    :raises BackupError: the database holds any of them and ``force`` is false, or the export
        does not fit the database (a constraint names the row).
    """
    _require_tables(engine)
    rows = {kind.key: _rows(document, kind) for kind in LOGS}
    with Session(engine) as session, session.begin():
        if not _empty_in(session):
            if not force:
                raise BackupError(
                    "the database already holds matches, events, series or clubs: restoring would mix "
                    "two histories (use --force to replace them)"
                )
            # What is derived from the logs replaced, and the rights held to them, go with them.
            for table in DERIVED:
                session.execute(delete(table))
            session.execute(delete(AccessGrant))
            for kind in LOGS:
                session.execute(delete(kind.entries))
                session.execute(delete(kind.table))
        try:
            for kind in LOGS:
                owners, entries = rows[kind.key]
                if owners:
                    session.execute(insert(kind.table), owners)
                if entries:
                    session.execute(insert(kind.entries), entries)
            if engine.dialect.name == "postgresql":
                _advance_sequences(session)
            session.flush()
        except Exception as error:  # noqa: BLE001 - any DBAPI error: the export does not fit
            detail = str(getattr(error, "orig", error)).splitlines()[0]
            raise BackupError(f"the export does not fit the database: {detail}") from None
    matches, entries = rows["matches"]
    return len(matches), len(entries)


def _empty_in(session: Session) -> bool:
    return not any(
        session.execute(select(func.count()).select_from(table)).scalar()
        for kind in LOGS
        for table in (kind.table, kind.entries)
    )


def _advance_sequences(session: Session) -> None:
    # Rows came with their ids: the next id the server hands out must come after them.
    for table in (table for kind in LOGS for table in (kind.table, kind.entries)):
        session.execute(
            text(
                f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                f"COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false)"
            )
        )


def _require_tables(engine: Engine) -> None:
    names = set(inspect(engine).get_table_names())
    if not {MATCH_TABLE.name, ENTRY_TABLE.name} <= names:
        raise BackupError("the database has no Tafel tables (run: flask --app scorer db-upgrade)")


# --- files ---------------------------------------------------------------------------------


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL; None for another database. In-memory SQLite is refused."""
    if not url.startswith("sqlite"):
        return None
    path = url.split(":///", 1)[1] if ":///" in url else ""
    if not path or path == ":memory:":
        raise BackupError("an in-memory SQLite database cannot be backed up or restored")
    return Path(path.split("?", 1)[0])


@contextmanager
def _atomic(target: Path) -> Iterator[Path]:
    """A temporary file beside ``target`` that replaces it only when complete."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)


def _integrity(connection: sqlite3.Connection, where: str) -> None:
    result = connection.execute("PRAGMA integrity_check").fetchall()
    if result != [("ok",)]:
        raise BackupError(f"{where} fails its integrity check: {result[0][0]}")


@_database_errors
def backup(url: str, output: Path) -> str:
    """Back up the database at ``url`` into ``output``; returns "sqlite" or "json"."""
    path = sqlite_path(url)
    if path is None:
        engine = make_engine(url)
        try:
            data = dumps(export_all(engine))
        finally:
            engine.dispose()
        with _atomic(output) as temporary:
            temporary.write_bytes(data)
        return "json"
    if not path.exists():
        raise BackupError(f"no database at {path}")
    with _atomic(output) as temporary:
        source = sqlite3.connect(path)
        copy = sqlite3.connect(temporary)
        try:
            source.execute("PRAGMA busy_timeout=5000")
            # Page by page while the app keeps writing: SQLite restarts the copy if needed.
            source.backup(copy)
            _forget_rights(copy)
            # One self-contained file (no -wal beside it), checked before it counts as a backup.
            copy.execute("PRAGMA journal_mode=DELETE")
            _integrity(copy, "the backup")
        finally:
            copy.close()
            source.close()
    return "sqlite"


#: Access bookkeeping, not match data: the rights browsers hold (their ids are what session
#: cookies carry), guesses and writes counted for rate limits. A backup carries none of it.
ACCESS_TABLES = ("access_grant", "guess_failure", "write_event")


def _forget_rights(copy: sqlite3.Connection) -> None:
    """Empty the access tables of a SQLite backup, leaving no trace of their rows in the file."""
    present = {row[0] for row in copy.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    copy.execute("PRAGMA secure_delete=ON")
    for table in ACCESS_TABLES:
        if table in present:
            copy.execute(f"DELETE FROM {table}")  # noqa: S608 — names from the tuple above
    copy.commit()
    copy.execute("VACUUM")


@_database_errors
def restore(url: str, source: Path, *, force: bool = False) -> str:
    """Restore a backup (SQLite file or JSON export) into the database at ``url``.

    The database is migrated to the current schema afterwards (a SQLite backup) or first
    (an export). Returns a one-line summary.

    :raises BackupError: unreadable backup, or a database that holds matches without ``force``.
    """
    try:
        raw = source.read_bytes()
    except OSError as error:
        raise BackupError(f"cannot read {source}: {error.strerror}") from None
    target = sqlite_path(url)
    if raw.startswith(SQLITE_MAGIC):
        if target is not None:
            return _restore_sqlite_file(url, target, source, force=force)
        # A SQLite backup into PostgreSQL goes through the export: same rows, same ids.
        backup_engine = make_engine(f"sqlite:///{source}")
        try:
            document = export_all(backup_engine)
        finally:
            backup_engine.dispose()
    else:
        document = parse(raw, str(source))
    upgrade(url)
    engine = make_engine(url)
    try:
        matches, entries = import_all(engine, document, force=force)
    finally:
        engine.dispose()
    return f"restored {matches} matches with {entries} entries"


def _restore_sqlite_file(url: str, target: Path, source: Path, *, force: bool) -> str:
    backup_connection = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        _integrity(backup_connection, str(source))
        tables = {
            row[0] for row in backup_connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if not {MATCH_TABLE.name, ENTRY_TABLE.name} <= tables:
            raise BackupError(f"{source} is a SQLite database without Tafel's tables")
        engine = make_engine(url)
        try:
            if not force and not is_empty(engine):
                raise BackupError(
                    "the database already holds matches: restoring would replace them (use --force)"
                )
        finally:
            engine.dispose()
        target.parent.mkdir(parents=True, exist_ok=True)
        live = sqlite3.connect(target)
        try:
            live.execute("PRAGMA busy_timeout=5000")
            # Into the live file (not a file swap): a running server sees the restored data at once.
            backup_connection.backup(live)
            _integrity(live, str(target))
            matches = live.execute(f"SELECT COUNT(*) FROM {MATCH_TABLE.name}").fetchone()[0]
            entries = live.execute(f"SELECT COUNT(*) FROM {ENTRY_TABLE.name}").fetchone()[0]
        finally:
            live.close()
    finally:
        backup_connection.close()
    upgrade(url)  # a backup from an older Tafel gets the newer columns
    return f"restored {matches} matches with {entries} entries"
