"""A match's log as stored: reading it (kept derived per worker, :class:`LogCache`) and
appending to it. What a log means (its deals in force, the entry an undo would cancel) is
:mod:`scorer.store.derive`'s, which the tablet runs too; its names are this module's as well.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Executable,
    Integer,
    Row,
    ScalarSelect,
    Select,
    Table,
    and_,
    bindparam,
    exists,
    func,
    insert,
    or_,
    select,
    text,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.sql.dml import Delete, Update

from scorer.store.derive import UNDOABLE as UNDOABLE
from scorer.store.derive import DealSlot as DealSlot
from scorer.store.derive import EntryLike as EntryLike
from scorer.store.derive import State as State
from scorer.store.derive import Version as Version
from scorer.store.derive import cancelled as cancelled
from scorer.store.derive import derive as derive
from scorer.store.derive import extend as extend
from scorer.store.models import Entry, EventEntry, Match, utcnow

ENTRIES: Table = Entry.__table__  # type: ignore[assignment]
EVENT_ENTRIES: Table = EventEntry.__table__  # type: ignore[assignment]


def event_closed(event_id: ColumnElement[Any] | int | None) -> ColumnElement[bool]:
    """Whether the event is closed: its latest ``close`` entry is newer than its latest ``reopen``
    entry (two look-ups in the index of its log by kind, whatever the log's length). False for
    no event (``None``): a match outside an event never closes."""

    def latest(kind: str) -> ScalarSelect[Any]:
        return (
            select(func.max(EVENT_ENTRIES.c.seq))
            .where(EVENT_ENTRIES.c.event_id == event_id, EVENT_ENTRIES.c.kind == kind)
            .scalar_subquery()
        )

    closed, reopened = latest("close"), latest("reopen")
    return and_(closed.is_not(None), or_(reopened.is_(None), closed > reopened))


def event_of(match: Match) -> int | None:
    """The event whose table plays ``match`` (a table's Passe names it in its settings), if any."""
    settings = match.settings
    found = ((settings or {}).get("event") or {}).get("id") if isinstance(settings, dict) else None
    return found if isinstance(found, int) and not isinstance(found, bool) else None


#: The kinds of entry whose record may leave the server. Any other kind (a player's sealed
#: estimate, D3.3) is the server's alone: a log sent out names its seq and kind, never its
#: record; the deal that takes it shows its values once entered.
SHARED_KINDS = frozenset({"deal", "correction", "undo", "void"})


def shared_entries(entries: Sequence[EntryLike]) -> list[dict[str, Any]]:
    """A match's log as it may leave the server (``{seq, kind, target_seq, record}``, oldest
    first): the record of a kind not in :data:`SHARED_KINDS` is left out."""
    return [
        {
            "seq": e.seq,
            "kind": e.kind,
            "target_seq": e.target_seq,
            "record": e.record if e.kind in SHARED_KINDS else None,
        }
        for e in sorted(entries, key=lambda e: e.seq)
    ]


# The hot paths' statements, built once: SQLAlchemy caches their compiled form, and rows of
# plain columns cost no ORM objects (a read entry becomes a LogEntry at once).
#: A match's entries from seq ``since`` on (0: all of them), oldest first.
_ENTRIES_SINCE = (
    select(
        ENTRIES.c.seq,
        ENTRIES.c.kind,
        ENTRIES.c.target_seq,
        ENTRIES.c.record,
        ENTRIES.c.created,
        ENTRIES.c.id,
    )
    .where(ENTRIES.c.match_id == bindparam("match_id"), ENTRIES.c.seq >= bindparam("since"))
    .order_by(ENTRIES.c.seq)
)
#: A match's version: the seq of its last entry.
_LAST_SEQ = (
    select(ENTRIES.c.seq)
    .where(ENTRIES.c.match_id == bindparam("match_id"))
    .order_by(ENTRIES.c.seq.desc())
    .limit(1)
)
#: The columns an append writes.
_WRITTEN = ("match_id", "seq", "kind", "target_seq", "record", "created", "idempotency_key")
#: The entry, written only while the event of its match (``entry_event``) is not closed: the
#: closing is read by the very statement that writes, so a request that was let in before the
#: director closed the event stores nothing after it (:func:`append`). Its parameters are named
#: ``entry_<column>``: SQLAlchemy sets every column of an UPDATE that a parameter of the
#: statement is named after, and the summary has a ``match_id`` too.
_OPEN_ENTRY = insert(ENTRIES).from_select(
    _WRITTEN,
    select(*(bindparam(f"entry_{name}", type_=ENTRIES.c[name].type) for name in _WRITTEN)).where(
        ~event_closed(bindparam("entry_event", type_=Integer()))
    ),
)
_INSERT = _OPEN_ENTRY.returning(ENTRIES.c.id)
#: The entry as a data-modifying CTE handing back its id: PostgreSQL writes it and the derived
#: rows (each a CTE beside it, written only with the entry) in one statement, one round trip
#: (:func:`_write`).
_NEW_ENTRY = _OPEN_ENTRY.returning(ENTRIES.c.id).cte("new_entry")
#: (the derived statements, the one statement writing them with an entry) by the statements'
#: ids: built once per set of derived statements (the deal views pass the same one each time).
_TOGETHER: dict[tuple[int, ...], tuple[tuple[Executable, ...], Select[int]]] = {}
_TOGETHER_LOCK = threading.Lock()
#: Session.info key: {match id: the version of its log this session read (or wrote)}.
_SEEN = "tafel_log_seen"


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One entry of a match's log as read, free of any database session: a worker keeps
    these between requests (:func:`read`)."""

    seq: int
    kind: str
    target_seq: int | None
    record: dict[str, Any] | None
    created: datetime
    #: The row's primary key: with ``created`` it tells the same stored entry from another
    #: one under the same seq (a database restored from an older backup).
    id: int | None = None

    @classmethod
    def of(cls, entry: Entry | Row[*tuple[Any, ...]]) -> LogEntry:
        """The entry of a stored row (an :class:`Entry`, or a row of its columns)."""
        return cls(entry.seq, entry.kind, entry.target_seq, entry.record, entry.created, entry.id)


class LogCache:
    """Per worker, the derived state of the logs of the last few matches read.

    A log only grows, so a kept state is brought up to date by reading the entries after
    its version: a save reads one new row, not the whole log (a match may reach 500 deals).
    The kept state's last entry is read again with them and must be the very row it was
    (a database restored from an older backup may hold other entries under the same seqs):
    otherwise the whole log is read afresh.
    """

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._states: OrderedDict[Hashable, State] = OrderedDict()
        self._lock = threading.Lock()

    def read(self, db: Session, match: Match) -> State:
        """The derived state of ``match``'s log as stored now."""
        key = (match.id, str(match.created))
        with self._lock:
            kept = self._states.get(key)
        state = self._brought_up(db, match.id, kept) if kept is not None else None
        if state is None:
            state = derive(_entries_since(db, match.id, 0))
        return self._kept(db, match, state)

    def written(self, db: Session, match: Match, entries: Sequence[LogEntry]) -> State:
        """The state of a new match's whole log as this request just wrote it (an import's up to
        MAX_DEALS deals): kept as if read, and not read back."""
        return self._kept(db, match, derive(entries))

    def _kept(self, db: Session, match: Match, state: State) -> State:
        key = (match.id, str(match.created))
        _seen(db)[match.id] = state.version
        with self._lock:
            self._states[key] = state
            self._states.move_to_end(key)
            while len(self._states) > self.size:
                self._states.popitem(last=False)
        return state

    @staticmethod
    def _brought_up(db: Session, match_id: int, kept: State) -> State | None:
        """``kept`` with the entries stored since; None when the log is not the one it knew."""
        if not kept.entries:
            since = 0
        else:
            since = kept.version
        newer = _entries_since(db, match_id, since)
        if kept.entries:
            last = kept.entries[-1]
            if not newer or newer[0].seq != last.seq or getattr(last, "id", None) != newer[0].id:
                return None
            if newer[0].created != last.created or newer[0].kind != last.kind:
                return None
            newer = newer[1:]
        return extend(kept, newer)

    def clear(self) -> None:
        with self._lock:
            self._states.clear()


def _entries_since(db: Session, match_id: int, since: int) -> list[LogEntry]:
    """``match_id``'s entries from seq ``since`` on, read in the session's transaction."""
    rows = db.connection().execute(_ENTRIES_SINCE, {"match_id": match_id, "since": since})
    return [LogEntry.of(row) for row in rows]


def _seen(db: Session) -> dict[int, int]:
    seen: dict[int, int] = db.info.setdefault(_SEEN, {})
    return seen


def last_seq(db: Session, match_id: int) -> int:
    """The version of ``match_id``'s log as stored now (0: no entry yet)."""
    return db.connection().execute(_LAST_SEQ, {"match_id": match_id}).scalar() or 0


#: This worker's kept logs (:func:`read`).
LOGS = LogCache()


def read(db: Session, match: Match) -> State:
    """The derived state of ``match``'s log, from this worker's kept state where it has one."""
    return LOGS.read(db, match)


def is_voided(db: Session, match_id: int) -> bool:
    """Whether a void in force voids the match, from its voids and undos only (not the whole log)."""
    rows = db.execute(
        select(Entry.seq, Entry.kind, Entry.target_seq)
        .where(Entry.match_id == match_id, Entry.kind.in_(("void", "undo")))
        .order_by(Entry.seq)
    ).all()
    # An undo's target is any earlier entry; only undos cancel, so the voids and undos settle it.
    undone = cancelled(rows)
    return any(row.kind == "void" and row.seq not in undone for row in rows)


class Conflict(Exception):
    """The match changed since the form was shown (optimistic concurrency)."""


class Duplicate(Exception):
    """The idempotency key was used already: the entry is stored once."""


class EventClosed(Exception):
    """The match is a table of an event its director has closed: nothing was stored. Its
    argument: the match's id."""

    @property
    def match_id(self) -> int:
        return int(self.args[0])


#: The width of the key columns (``String(64)``): PostgreSQL refuses a longer value, SQLite keeps it.
KEY_LENGTH = 64


def column_key(key: str | None) -> str | None:
    """A form's idempotency key as stored: itself, or its SHA-256 when longer than the column.

    A form's key is a UUID, but a request can send any text: the same text always gives the
    same stored key, so a resend of a long key is still found, on every database.
    """
    if not key:
        return None
    if len(key) <= KEY_LENGTH:
        return key
    return hashlib.sha256(key.encode("utf-8", errors="replace")).hexdigest()


def find_key(db: Session, key: str | None) -> Entry | None:
    stored = column_key(key)
    if stored is None:
        return None
    return db.scalars(select(Entry).where(Entry.idempotency_key == stored)).first()


def append(
    db: Session,
    match: Match,
    *,
    expected_version: int,
    kind: str,
    record: dict[str, Any] | None = None,
    target_seq: int | None = None,
    key: str | None = None,
    derived: Sequence[tuple[Executable, Mapping[str, Any]]] = (),
    key_checked: bool = False,
) -> Entry:
    """Append one entry as version ``expected_version + 1``.

    ``derived``: statements (with their parameters) that write rows derived from the log at
    the new version (the match list's summary), written with the entry or not at all (on
    PostgreSQL in the entry's very statement, :func:`_write`), so that showing the match next
    writes nothing. Each an UPDATE or DELETE, its parameters named apart from the
    entry's columns.
    ``key_checked``: the caller found no entry with ``key`` in this transaction already (a
    twin stored since still collides on the key's unique index, and is said a Duplicate).

    The log's version is asked for first unless this session read (or wrote) the log at
    ``expected_version`` already: a log only grows, one seq at a time, so a writer that came
    in between holds seq ``expected_version + 1`` and the unique (match_id, seq) index makes
    this entry collide (a Conflict). A version the session did not see (an API client's, or
    one ahead of the log) is checked, so that no gap is ever written.

    :raises Duplicate: an entry with ``key`` exists (a double tap or a resend).
    :raises Conflict: another writer appended since ``expected_version`` (its argument: the
        log's version as stored).
    :raises EventClosed: the match is a table of a closed event, as the write reads it (a
        closing stored after the request was let in included); nothing of it is stored.
    """
    if not key_checked and find_key(db, key) is not None:
        raise Duplicate(key)
    match_id = match.id  # read before a rollback expires the match
    seen = _seen(db)
    if seen.get(match_id) != expected_version:
        current = last_seq(db, match_id)
        if current != expected_version:
            raise Conflict(current)
    event_id = event_of(match)
    values = {
        "match_id": match_id,
        "seq": expected_version + 1,
        "kind": kind,
        "record": record,
        "target_seq": target_seq,
        "created": utcnow(),
        "idempotency_key": column_key(key),
    }
    try:
        # Written as a statement, not a unit of work: the entry is handed back as a detached
        # row the caller only reads.
        entry_id = _write(db.connection(), values, event_id, derived)
        if entry_id is None:
            db.rollback()
            seen.pop(match_id, None)
            raise EventClosed(match_id)
        entry = Entry(id=entry_id, **values)
        db.commit()
    except IntegrityError:
        db.rollback()
        seen.pop(match_id, None)
        if find_key(db, key) is not None:
            raise Duplicate(key) from None
        raise Conflict(last_seq(db, match_id)) from None
    seen[match_id] = expected_version + 1
    return entry


def _write(
    connection: Connection,
    values: Mapping[str, Any],
    event_id: int | None,
    derived: Sequence[tuple[Executable, Mapping[str, Any]]],
) -> int | None:
    """Store the entry ``values`` and the ``derived`` rows; the entry's id, or None when the
    event ``event_id`` is closed (then nothing is written).

    On PostgreSQL one statement, the entry and each derived write a data-modifying CTE: atomic
    on its own, whatever the session's transaction (a deal save's session is in autocommit,
    :func:`scorer.store.db.session`: neither BEGIN nor COMMIT travel), and one round trip, not
    one per statement. PostgreSQL runs every data-modifying CTE exactly once, referenced or
    not; a derived UPDATE that finds no row changes nothing and the entry's id still comes
    back; a concurrent writer's entry of the same seq or key makes the statement fail whole,
    derived rows untouched.

    SQLite has no data-modifying CTE: the entry first (a concurrent writer's entry collides
    there, before any derived row is touched), then the derived rows, in the session's
    transaction.

    The event's closing is read by the statement that writes the entry. SQLite has one writer
    at a time and a statement that writes reads the database as its write lock finds it: a
    closing committed before is seen, one after it comes after the entry. PostgreSQL reads at
    the statement's start; a closing waits for the entries being written and holds new ones
    until it is committed (:func:`hold_entries`), and a statement's snapshot is taken after
    its locks, so a writer held back reads the closing.
    """
    parameters = {f"entry_{name}": value for name, value in values.items()}
    parameters["entry_event"] = event_id
    for _statement, given in derived:
        # In one statement a name of the entry's (or of an entry column: the insert would set
        # it) would write the derived statement's value into the entry: refused everywhere.
        taken = given.keys() & (parameters.keys() | ENTRIES.c.keys())
        if taken:
            raise ValueError(f"a derived statement's parameters take the entry's names: {sorted(taken)}")
        parameters.update(given)
    if connection.dialect.name == "postgresql" and derived:
        together = _together(tuple(statement for statement, _given in derived))
        written: int | None = connection.execute(together, parameters).scalar_one_or_none()
        return written
    entry_id: int | None = connection.execute(_INSERT, parameters).scalar_one_or_none()
    if entry_id is None:
        return None
    for statement, given in derived:
        connection.execute(statement, given)
    return entry_id


def _together(statements: tuple[Executable, ...]) -> Select[int]:
    """``WITH new_entry AS (INSERT … RETURNING id), derived_0 AS (UPDATE …) … SELECT id FROM
    new_entry``, built once per tuple of statements (SQLAlchemy caches its compiled form)."""
    key = tuple(id(statement) for statement in statements)
    with _TOGETHER_LOCK:
        kept = _TOGETHER.get(key)
        if kept is None:
            together = select(_NEW_ENTRY.c.id)
            for number, statement in enumerate(statements):
                if not isinstance(statement, Update | Delete):
                    raise TypeError(f"a derived write must be an UPDATE or DELETE: {statement!r}")
                # Only with the entry: a closed event's table writes neither.
                written_with = statement.where(exists(select(_NEW_ENTRY.c.id)))
                # add_cte: rendered although the SELECT does not name it.
                together = together.add_cte(written_with.cte(f"derived_{number}"))
            if len(_TOGETHER) >= 64:  # statements built anew each call: keep the dict bounded
                _TOGETHER.clear()
            # The statements are kept with it: their ids are not given to others meanwhile.
            kept = _TOGETHER[key] = (statements, together)
    return kept[1]


def hold_entries(db: Session) -> None:
    """Until ``db``'s transaction ends, hold every match's entry writes, after waiting for the
    ones under way to be committed: a closing stored in it is read by every entry written after
    it (:func:`_write`). PostgreSQL's SHARE lock on the entry table; nothing on SQLite, whose one
    writer at a time does it already. Take it before writing anything else: a transaction that
    wrote an event's log and then a match's entry could otherwise wait on this one as it waits
    on that (no request writes in that order)."""
    if db.connection().dialect.name == "postgresql":
        db.execute(text("LOCK TABLE entry IN SHARE MODE"))
