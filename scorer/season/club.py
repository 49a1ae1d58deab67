"""A club's log (SEASON.md Z2): one register of players for every series the club holds.

A series adds up its own evenings; a club lives in seasons, so its office keeps who is who once
for all of them. Nothing is updated or deleted; the club's state is derived from its log.

Kinds: ``options`` (whether the club rates its players, Z10: opt-in), ``series`` and ``leave``
(a series joins the club, or leaves it), ``merge`` and ``split`` (two names of one person made
one, Z2.2, and a wrong merge undone), ``guest`` (a name kept out of every standing and rating of
the club, or back in, Z3.3).

Every series the club holds reads its names through the club's merges after its own, and keeps
the club's guests out (:func:`series_state`); the club's rating rates the Passen of all its
series' evenings at once, one discipline at a time (:func:`whole`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from rules_engine.limits import SEASON
from scorer.season import log as series_log
from scorer.season.log import SeriesState
from scorer.store import db
from scorer.store.models import Club, ClubEntry, Series

KINDS = frozenset({"options", "series", "leave", "merge", "split", "guest"})

#: Series one club holds at most: a season and a cup a year for a dozen years. Its register and
#: its rating read them all.
MOST_SERIES = 24


@dataclass(slots=True)
class ClubState:
    version: int = 0
    #: Whether the club rates its players (Z10: opt-in).
    rating: bool = False
    #: The series it holds, in the order they joined.
    series: list[int] = field(default_factory=list)
    #: a name's key -> the key it was merged into (Z2.2).
    merged: dict[str, str] = field(default_factory=dict)
    guests: set[str] = field(default_factory=set)
    #: The name the club writes for a person a merge joined a name into, by key.
    names: dict[str, str] = field(default_factory=dict)

    def person(self, key: str) -> str:
        """The key a name stands for after the club's merges."""
        return series_log.person_of(key, self.merged)


def derive(entries: Sequence[ClubEntry]) -> ClubState:
    state = ClubState()
    for entry in entries:
        record = entry.record or {}
        state.version = entry.seq
        if entry.kind == "options":
            state.rating = bool(record.get("rating", False))
        elif entry.kind == "series":
            series_id = int(record["series"])
            if series_id not in state.series:
                state.series.append(series_id)
        elif entry.kind == "leave":
            series_id = int(record["series"])
            if series_id in state.series:
                state.series.remove(series_id)
        elif series_log.read_name_entry(entry.kind, record, state.merged, state.guests):
            if entry.kind == "merge" and isinstance(record.get("name"), str):
                state.names[str(record["into"])] = record["name"]
    return state


def last_seq(session: Session, club_id: int) -> int:
    found = session.scalar(select(func.max(ClubEntry.seq)).where(ClubEntry.club_id == club_id))
    return int(found or 0)


def append(session: Session, club: Club, *, expected_version: int, kind: str, record: dict[str, Any]) -> None:
    """Append one entry as version ``expected_version + 1``.

    :raises series_log.Conflict: another writer appended since ``expected_version`` (nothing is
        stored).
    :raises series_log.Full: the log holds ``series_log.MOST_ENTRIES`` entries already.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown club entry kind {kind!r}")
    entry = ClubEntry(club_id=club.id, seq=expected_version + 1, kind=kind, record=record)
    series_log.store_entry(session, club, entry, last_seq(session, club.id))


def holding(series_id: int) -> tuple[Club, ClubState] | None:
    """The club that holds the series now (a series is in one club at most), and its state."""
    mentioned = db.session().execute(
        select(ClubEntry.club_id, ClubEntry.record).where(ClubEntry.kind.in_(("series", "leave")))
    )
    clubs = sorted({club_id for club_id, record in mentioned if (record or {}).get("series") == series_id})
    for club_id in reversed(clubs):
        club = db.session().get(Club, club_id)
        if club is None:
            continue
        state = derive(club.entries)
        if series_id in state.series:
            return club, state
    return None


def overlay(state: SeriesState, club: Club, club_state: ClubState) -> SeriesState:
    """The series' state as its club reads it: the club's merges followed after the series' own,
    the club's guests kept out with the series' own."""
    return replace(
        state,
        club=(club.id, club.name),
        club_merged=dict(club_state.merged),
        club_guests=set(club_state.guests),
        club_names=dict(club_state.names),
        guests=state.guests | club_state.guests,
    )


def series_state(series: Series) -> SeriesState:
    """The series' state, through its club's register when a club holds it."""
    state = series_log.derive(series.entries)
    held = holding(series.id)
    return state if held is None else overlay(state, *held)


def held_series(state: ClubState) -> list[tuple[Series, SeriesState]]:
    """The series the club holds, each with its own state (its register and its rating read the
    first :data:`MOST_SERIES`)."""
    found = []
    for series_id in state.series:
        series = db.session().get(Series, series_id)
        if series is not None:
            found.append((series, series_log.derive(series.entries)))
    return found


def whole(club: Club, state: ClubState, held: list[tuple[Series, SeriesState]] | None = None) -> SeriesState:
    """The club's evenings as one series' state, for its rating and its register: every evening
    of every series it holds (``held``: ``held_series``' as read already; each evening once), each
    series' merges after the club's own (the first series to merge a name decides it), every
    guest of the club or of one of its series."""
    merged: dict[str, str] = {}
    guests = set(state.guests)
    events: dict[int, int] = {}
    for _series, own in (held_series(state) if held is None else held)[:MOST_SERIES]:
        for event_id in own.events:
            events.setdefault(event_id, 1)
        for alias, into in own.merged.items():
            merged.setdefault(alias, into)
        guests |= own.guests
    # The latest evenings a series may count (``limits.SEASON.events``): a club of many seasons
    # is rated and read over as many evenings as one long series.
    latest = sorted(events)[-SEASON.events :]
    return SeriesState(
        version=state.version,
        events={event_id: 1 for event_id in latest},
        merged=merged,
        guests=guests,
        rating=state.rating,
        club=(club.id, club.name),
        club_merged=dict(state.merged),
        club_guests=set(state.guests),
        club_names=dict(state.names),
    )
