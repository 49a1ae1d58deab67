"""A match's log derived: its deals in force with every version each had, the version of
the log, what the Undo and Redo buttons would cancel.

Entry kinds: ``deal`` opens a deal slot; ``correction`` gives a slot a new version;
``undo`` cancels one earlier entry — a deal, a correction, or another undo (which brings
back what that undo cancelled: a redo); ``void`` voids the whole match. Other kinds (a
player's sealed ``estimate``) are skipped here; they count as versions.
The slot of a deal is named by the ``seq`` of the entry that opened it.

Standard library only: the server derives its stored logs with it (:mod:`scorer.store.log`),
and the tablet its kept log under Pyodide (:mod:`scorer.offline.tablet`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Protocol

UNDOABLE = ("deal", "correction")


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
    # (:func:`extend` hands them on, worked out from the older state's.)
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
