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
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from scorer.store.models import Entry, Match

UNDOABLE = ("deal", "correction")


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
    last_undoable: Entry | None
    #: The latest undo in force of a deal or correction, with nothing entered since:
    #: undoing it (a redo) brings back what it cancelled.
    last_redoable: Entry | None = None

    @property
    def current_slots(self) -> list[DealSlot]:
        return [s for s in self.slots if s.current is not None]

    @property
    def deals(self) -> list[dict[str, Any]]:
        return [s.current.record for s in self.current_slots if s.current is not None]


def cancelled(ordered: Sequence[Entry]) -> set[int]:
    """The seqs of entries an undo in force cancels (an undo cancelled by a later undo is not)."""
    result: set[int] = set()
    # An undo only ever targets an earlier entry, so one pass from the newest settles chains.
    for entry in reversed(ordered):
        if entry.seq not in result and entry.kind == "undo" and entry.target_seq is not None:
            result.add(entry.target_seq)
    return result


def derive(entries: Sequence[Entry]) -> State:
    ordered = sorted(entries, key=lambda e: e.seq)
    undone = cancelled(ordered)
    slots: dict[int, DealSlot] = {}
    voided = False
    last_undoable: Entry | None = None
    redoable: Entry | None = None
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
    return State(list(slots.values()), version, voided, last_undoable, redoable)


def is_voided(db: Session, match_id: int) -> bool:
    """Whether a void in force voids the match, from its voids and undos only (not the whole log)."""
    rows = db.execute(
        select(Entry.seq, Entry.kind, Entry.target_seq)
        .where(Entry.match_id == match_id, Entry.kind.in_(("void", "undo")))
        .order_by(Entry.seq)
    ).all()
    # An undo's target is any earlier entry; only undos cancel, so the voids and undos settle it.
    undone = cancelled(rows)  # type: ignore[arg-type]
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
) -> Entry:
    """Append one entry as version ``expected_version + 1``.

    :raises Duplicate: an entry with ``key`` exists (a double tap or a resend).
    :raises Conflict: another writer appended since ``expected_version``.
    """
    if find_key(db, key) is not None:
        raise Duplicate(key)
    current = (
        db.scalar(select(Entry.seq).where(Entry.match_id == match.id).order_by(Entry.seq.desc()).limit(1))
        or 0
    )
    if current != expected_version:
        raise Conflict(current)
    entry = Entry(
        match_id=match.id,
        seq=expected_version + 1,
        kind=kind,
        record=record,
        target_seq=target_seq,
        idempotency_key=column_key(key),
    )
    db.add(entry)
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
        if find_key(db, key) is not None:
            raise Duplicate(key) from None
        raise Conflict(expected_version) from None
    return entry
