"""Deriving a match's current deals from its log, and appending to it.

Entry kinds: ``deal`` opens a deal slot; ``correction`` gives a slot a new version;
``undo`` cancels one earlier entry — a deal, a correction, or another undo (which brings
back what that undo cancelled: a redo); ``void`` voids the whole match. Other kinds (a
Differenzler player's sealed ``estimate``, :mod:`scorer.games.differenzler.estimates`) are
passed over here; they count as versions.
The slot of a deal is named by the ``seq`` of the entry that opened it.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Connection, Executable, Row, Select, Table, bindparam, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.sql.dml import UpdateBase

from scorer.store.models import Entry, Match, utcnow

UNDOABLE = ("deal", "correction")

ENTRIES: Table = Entry.__table__  # type: ignore[assignment]

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
_INSERT = insert(ENTRIES).returning(ENTRIES.c.id)
#: The columns an append writes.
_WRITTEN = ("match_id", "seq", "kind", "target_seq", "record", "created", "idempotency_key")
#: The entry as a data-modifying CTE handing back its id: PostgreSQL writes it and the derived
#: rows (each a CTE beside it) in one statement, one round trip (:func:`_write`). Its
#: parameters are named ``entry_<column>``: SQLAlchemy sets every column of an UPDATE that a
#: parameter of the statement is named after, and the summary has a ``match_id`` too.
_NEW_ENTRY = (
    insert(ENTRIES)
    .values({name: bindparam(f"entry_{name}", type_=ENTRIES.c[name].type) for name in _WRITTEN})
    .returning(ENTRIES.c.id)
    .cte("new_entry")
)
#: (the derived statements, the one statement writing them with an entry) by the statements'
#: ids: built once per set of derived statements (the deal views pass the same one each time).
_TOGETHER: dict[tuple[int, ...], tuple[tuple[Executable, ...], Select[int]]] = {}
_TOGETHER_LOCK = threading.Lock()
#: Session.info key: {match id: the version of its log this session read (or wrote)}.
_SEEN = "tafel_log_seen"


class EntryLike(Protocol):
    """What deriving reads of an entry: a stored :class:`Entry` or a kept :class:`LogEntry`."""

    @property
    def seq(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def target_seq(self) -> int | None: ...
    @property
    def record(self) -> dict[str, Any] | None: ...
    @property
    def created(self) -> datetime: ...


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


@dataclass(frozen=True, slots=True)
class Version:
    seq: int
    kind: str
    record: dict[str, Any]
    created: datetime
    undone: bool


@dataclass(slots=True)
class DealSlot:
    """One deal of the match with every version it has had (oldest first)."""

    slot: int
    versions: list[Version] = field(default_factory=list)
    # The versions in force, worked out once per length of ``versions`` (versions are only
    # ever appended, and each is frozen): a page asks for them several times per deal.
    _live: list[Version] = field(default_factory=list, repr=False, compare=False)
    _live_of: int = field(default=-1, repr=False, compare=False)

    @property
    def live(self) -> list[Version]:
        if self._live_of != len(self.versions):
            self._live = [v for v in self.versions if not v.undone]
            self._live_of = len(self.versions)
        return self._live

    @property
    def current(self) -> Version | None:
        live = self.live
        return live[-1] if live else None

    @property
    def corrected(self) -> bool:
        return len(self.live) > 1


@dataclass(frozen=True, slots=True)
class State:
    """The derived state of a log: current deals in order, history, version."""

    slots: list[DealSlot]
    version: int
    voided: bool
    last_undoable: EntryLike | None
    #: The latest undo in force of a deal or correction, with nothing entered since:
    #: undoing it (a redo) brings back what it cancelled.
    last_redoable: EntryLike | None = None
    #: The entries derived, oldest first.
    entries: tuple[EntryLike, ...] = ()
    # Worked out once: a page and a save ask for them several times, and a state is kept
    # between requests (:class:`LogCache`).
    # (:func:`extend` passes them on, worked out from the older state's.)
    _current: list[DealSlot] | None = field(default=None, repr=False, compare=False)
    _deals: list[dict[str, Any]] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._current is None or self._deals is None:
            current = [s for s in self.slots if s.current is not None]
            object.__setattr__(self, "_current", current)
            object.__setattr__(self, "_deals", [s.current.record for s in current if s.current is not None])

    @property
    def current_slots(self) -> list[DealSlot]:
        """The deal slots in force, in order (a new list: the caller may change it)."""
        assert self._current is not None
        return list(self._current)

    @property
    def deals(self) -> list[dict[str, Any]]:
        """The current record of each deal in force, in order (a new list)."""
        assert self._deals is not None
        return list(self._deals)


def cancelled(ordered: Sequence[EntryLike]) -> set[int]:
    """The seqs of entries an undo in force cancels (an undo cancelled by a later undo is not)."""
    result: set[int] = set()
    # An undo only ever targets an earlier entry, so one pass from the newest settles chains.
    for entry in reversed(ordered):
        if entry.seq not in result and entry.kind == "undo" and entry.target_seq is not None:
            result.add(entry.target_seq)
    return result


def derive(entries: Sequence[EntryLike]) -> State:
    ordered = sorted(entries, key=lambda e: e.seq)
    undone = cancelled(ordered)
    slots: dict[int, DealSlot] = {}
    voided = False
    last_undoable: EntryLike | None = None
    redoable: EntryLike | None = None
    by_seq = {entry.seq: entry for entry in ordered}
    for entry in ordered:
        is_undone = entry.seq in undone
        if entry.kind in UNDOABLE and not is_undone:
            last_undoable = entry
            redoable = None  # a new deal or correction since: redoing would rewrite history
        elif entry.kind == "undo" and not is_undone:
            target = by_seq.get(entry.target_seq or 0)
            if target is not None and target.kind in UNDOABLE:
                redoable = entry
        if entry.kind == "deal":
            slot = slots.setdefault(entry.seq, DealSlot(entry.seq))
        elif entry.kind == "correction" and entry.target_seq in slots:
            slot = slots[entry.target_seq]
        else:
            if entry.kind == "void" and not is_undone:
                voided = True
            continue
        slot.versions.append(
            Version(entry.seq, entry.kind, dict(entry.record or {}), entry.created, is_undone)
        )
    version = ordered[-1].seq if ordered else 0
    return State(list(slots.values()), version, voided, last_undoable, redoable, tuple(ordered))


def extend(state: State, newer: Sequence[EntryLike]) -> State:
    """:func:`derive` of ``state``'s entries followed by ``newer`` (each of a later seq).

    New deals and corrections only add to the end of what is known, and the Undo button
    cancels the last of them: these cost their own number, not the log's length. Any other
    undo (a redo, an undo of an older entry) or a void can reach back anywhere, so the whole
    log is derived again then.
    """
    if not newer:
        return state
    if any(entry.kind not in UNDOABLE and entry.kind != "undo" for entry in newer):  # a void: derived afresh
        return derive([*state.entries, *newer])
    slots = list(state.slots)
    # The deals in force follow along: a new deal is the last of them; a corrected deal in
    # force stays where it is (one that was not, all its versions undone, is rare: the
    # state works them out afresh then).
    current, deals = state.current_slots, state.deals
    afresh = False
    last_undoable = state.last_undoable
    redoable = state.last_redoable
    undid = False
    for entry in newer:
        if entry.kind == "undo":
            if last_undoable is None or entry.target_seq != last_undoable.seq:
                return derive([*state.entries, *newer])  # a redo, or an undo of an older entry
            index = _slot_holding(slots, last_undoable.seq)
            if index < 0:  # a correction of no deal: nothing shown changes
                last_undoable, redoable, undid = None, entry, True
                continue
            old = slots[index]
            slots[index] = DealSlot(
                old.slot, [replace(v, undone=True) if v.seq == entry.target_seq else v for v in old.versions]
            )
            last_undoable, redoable, undid = None, entry, True
            if afresh:
                continue
            place = _place(current, old.slot)
            now = slots[index].current
            if place < 0:
                afresh = True
            elif now is None:
                del current[place], deals[place]
            else:
                current[place] = slots[index]
                deals[place] = now.record
            continue
        last_undoable, redoable = entry, None
        if entry.kind == "deal":
            index = len(slots)
            slots.append(DealSlot(entry.seq))
        else:
            # A correction is nearly always of a recent deal: looked for from the end.
            index = next((i for i in range(len(slots) - 1, -1, -1) if slots[i].slot == entry.target_seq), -1)
            if index < 0:
                continue
        # A slot of the older state is shared with it: the changed one is a new slot.
        old = slots[index]
        version = Version(entry.seq, entry.kind, dict(entry.record or {}), entry.created, False)
        slots[index] = DealSlot(old.slot, [*old.versions, version])
        if afresh:
            continue
        if entry.kind == "deal":
            current.append(slots[index])
            deals.append(version.record)
            continue
        # A correction: of a deal in force (found from the end, where corrections mostly are).
        place = _place(current, old.slot)
        if place < 0:
            afresh = True
        else:
            current[place] = slots[index]
            deals[place] = version.record
    entries = (*state.entries, *newer)
    if undid and last_undoable is None:
        # The Undo button's next target: the latest deal or correction still in force.
        gone = cancelled(entries)
        last_undoable = next((e for e in reversed(entries) if e.kind in UNDOABLE and e.seq not in gone), None)
    return replace(
        state,
        slots=slots,
        version=newer[-1].seq,
        last_undoable=last_undoable,
        last_redoable=redoable,
        entries=entries,
        _current=None if afresh else current,
        _deals=None if afresh else deals,
    )


def _slot_holding(slots: Sequence[DealSlot], seq: int) -> int:
    """The index of the slot with a version of entry ``seq`` (searched from the end), or -1."""
    for index in range(len(slots) - 1, -1, -1):
        if any(v.seq == seq for v in slots[index].versions):
            return index
    return -1


def _place(current: Sequence[DealSlot], slot: int) -> int:
    """The place of deal slot ``slot`` among the deals in force (searched from the end), or -1."""
    return next((i for i in range(len(current) - 1, -1, -1) if current[i].slot == slot), -1)


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
    writes nothing. Each an INSERT, UPDATE or DELETE, its parameters named apart from the
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
    """
    if not key_checked and find_key(db, key) is not None:
        raise Duplicate(key)
    match_id = match.id  # read before a rollback expires the match
    seen = _seen(db)
    if seen.get(match_id) != expected_version:
        current = last_seq(db, match_id)
        if current != expected_version:
            raise Conflict(current)
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
        entry = Entry(id=_write(db.connection(), values, derived), **values)
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
    connection: Connection, values: Mapping[str, Any], derived: Sequence[tuple[Executable, Mapping[str, Any]]]
) -> int:
    """Store the entry ``values`` and the ``derived`` rows; the entry's id.

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
    """
    parameters = {f"entry_{name}": value for name, value in values.items()}
    for _statement, given in derived:
        # In one statement a name of the entry's (or of an entry column: the insert would set
        # it) would write the derived statement's value into the entry: refused everywhere.
        taken = given.keys() & (parameters.keys() | ENTRIES.c.keys())
        if taken:
            raise ValueError(f"a derived statement's parameters take the entry's names: {sorted(taken)}")
        parameters.update(given)
    if connection.dialect.name == "postgresql" and derived:
        together = _together(tuple(statement for statement, _given in derived))
        return connection.execute(together, parameters).scalar_one()
    entry_id: int = connection.execute(_INSERT, values).scalar_one()
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
                if not isinstance(statement, UpdateBase):
                    raise TypeError(f"a derived write must be an INSERT, UPDATE or DELETE: {statement!r}")
                # add_cte: rendered although the SELECT does not name it.
                together = together.add_cte(statement.cte(f"derived_{number}"))
            if len(_TOGETHER) >= 64:  # statements built anew each call: keep the dict bounded
                _TOGETHER.clear()
            # The statements are kept with it: their ids are not given to others meanwhile.
            kept = _TOGETHER[key] = (statements, together)
    return kept[1]
