"""A series' log (SEASON.md): nothing is updated or deleted; its state is derived from it.

Kinds: ``options`` (the series' options in force, the latest counts), ``event`` and ``leave``
(an event joins the series with its weight, or leaves it), ``paper`` (an evening's ranking
from outside the app: a past season's, ``scorer.season.paper``; ``leave`` names its seq), ``merge`` and ``split`` (two names of
one person made one, Z2.2, and a wrong merge undone), ``guest`` (a name kept out of the club's
standing, or back in).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from scorer.store.models import Club, ClubEntry, Series, SeriesEntry

KINDS = frozenset({"options", "event", "paper", "leave", "merge", "split", "guest"})


#: Entries of one series' log: a weekly evening for four seasons, every name merged and split
#: again, with room; beyond it the series takes no more (its standing is read whole each time).
MOST_ENTRIES = 5000


class Conflict(Exception):
    """Another writer appended to the log (a series', a club's) since the form was shown."""


class Full(Exception):
    """The log (a series', a club's) holds :data:`MOST_ENTRIES` entries already."""


def person_of(key: str, *merges: Mapping[str, str]) -> str:
    """The key a name stands for after ``merges`` (each name key -> the key it was merged into,
    Z2.2), the first that knows a key deciding it: a chain followed, never round a ring."""
    seen = {key}
    while True:
        into = next((merged[key] for merged in merges if key in merged), None)
        if into is None or into in seen:
            return key
        key = into
        seen.add(key)


def read_name_entry(kind: str, record: Mapping[str, Any], merged: dict[str, str], guests: set[str]) -> bool:
    """Take a ``merge``, ``split`` or ``guest`` entry (of a series' log or a club's) into the
    register's merges and guests; False for any other kind."""
    if kind == "merge":
        merged[str(record["alias"])] = str(record["into"])
    elif kind == "split":
        merged.pop(str(record["alias"]), None)
    elif kind == "guest":
        if record.get("guest", True):
            guests.add(str(record["player"]))
        else:
            guests.discard(str(record["player"]))
    else:
        return False
    return True


@dataclass(slots=True)
class SeriesState:
    version: int = 0
    planned_events: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    #: event id -> its weight (Z4.4), in the order the events joined.
    events: dict[int, int] = field(default_factory=dict)
    #: The seq of a ``paper`` entry -> its record (title, date, direction, weight, results).
    papers: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: a name's key -> the key it was merged into (Z2.2).
    merged: dict[str, str] = field(default_factory=dict)
    guests: set[str] = field(default_factory=set)
    #: Whether the office rates the series' players (SEASON.md Z10: opt-in).
    rating: bool = False
    #: Whether its evenings' draws seat each table strong with weak by the rating (T5, after T5.3).
    balance: bool = False
    #: The club that holds the series (``scorer.season.club``): its id and name, its office's
    #: merges (followed after the series' own) and its guests (among ``guests`` too).
    club: tuple[int, str] | None = None
    club_merged: dict[str, str] = field(default_factory=dict)
    club_guests: set[str] = field(default_factory=set)
    #: A person's name as the club writes it, by key (each merge's).
    club_names: dict[str, str] = field(default_factory=dict)

    def person(self, key: str) -> str:
        """The key a name stands for after the merges, the series' own before its club's."""
        return person_of(key, self.merged, self.club_merged)


def derive(entries: Sequence[SeriesEntry]) -> SeriesState:
    state = SeriesState()
    for entry in entries:
        record = entry.record or {}
        state.version = entry.seq
        if entry.kind == "options":
            state.options = dict(record.get("options") or {})
            state.planned_events = record.get("planned_events")
            state.rating = bool(record.get("rating", False))
            state.balance = bool(record.get("balance", False))
        elif entry.kind == "event":
            state.events[int(record["event"])] = int(record.get("weight") or 1)
        elif entry.kind == "paper":
            state.papers[entry.seq] = record
        elif entry.kind == "leave":
            if "paper" in record:
                state.papers.pop(int(record["paper"]), None)
            else:
                state.events.pop(int(record["event"]), None)
        else:
            read_name_entry(entry.kind, record, state.merged, state.guests)
    return state


def last_seq(db: Session, series_id: int) -> int:
    found = db.scalar(select(func.max(SeriesEntry.seq)).where(SeriesEntry.series_id == series_id))
    return int(found or 0)


def append(
    db: Session, series: Series, *, expected_version: int, kind: str, record: dict[str, Any]
) -> SeriesEntry:
    """Append one entry as version ``expected_version + 1``.

    :raises Conflict: another writer appended since ``expected_version`` (nothing is stored).
    :raises Full: the log holds :data:`MOST_ENTRIES` entries already.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown series entry kind {kind!r}")
    entry = SeriesEntry(series_id=series.id, seq=expected_version + 1, kind=kind, record=record)
    store_entry(db, series, entry, last_seq(db, series.id))
    return entry


def store_entry(db: Session, owner: Series | Club, entry: SeriesEntry | ClubEntry, last: int) -> None:
    """Commit ``entry`` of ``owner``'s log (a series', a club's) as the version after ``last``,
    the log's last seq read now; ``owner`` is read again with it.

    :raises Conflict: the entry is not the next version, or another writer stored it meanwhile
        (its unique seq; nothing is stored).
    :raises Full: the log holds :data:`MOST_ENTRIES` entries already.
    """
    if entry.seq > MOST_ENTRIES:
        raise Full()
    if last + 1 != entry.seq:
        raise Conflict()
    db.add(entry)
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
        raise Conflict() from None
    db.refresh(owner)
