"""Which standings a reader is shown: the one place every page, printout and export asks.

While the director holds the standings back (a ``freeze`` entry of the event's log), every
reader but the director and the office is shown the event as it stood when the director held
them back: its log before the freeze entry and each table's Passe up to the last entry its log
held then (the versions the freeze entry records). The ranking (T7.5), the Standblätter (T1.4),
the printouts and the exports are computed from that moment alone, so games entered,
confirmed or ruled since change nothing the public sees, whenever the director held them back:
before the first round, in the middle of one or after the last. The logs are append-only, so
the held standings are the same on every server until the director releases them. The
director and the office (who keeps the ranking, T1.5) see them live; either may ask for the
public's view (``?view=public``), as a projector on the director's laptop should show it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import has_request_context, request
from sqlalchemy import func, select

from scorer.events import access
from scorer.events import state as event_log
from scorer.events.state import EventState
from scorer.store import db
from scorer.store.among import among
from scorer.store.models import Entry, Event, EventEntry, Match

#: The query that shows the director or the office the public's standings.
PUBLIC_VIEW = "public"


@dataclass(frozen=True, slots=True)
class Hold:
    """The standings held back by the freeze entry of seq ``seq``."""

    seq: int
    #: The rounds drawn when the standings were held back.
    rounds: int
    #: Each table's Passe (match id) and the seq of its log's last entry at the freeze; None for
    #: a freeze that records the rounds alone (the tables' games are then shown as entered).
    tables: Mapping[int, int] | None


class Shown:
    """The event as one reader is shown it: live, or as it stood when its standings were held back."""

    def __init__(self, entries: Sequence[Any], hold: Hold | None, state: EventState | None = None) -> None:
        #: The event's log up to the moment shown.
        self.entries = entries
        self.hold = hold
        self._state = state

    @property
    def state(self) -> EventState:
        """The event's state at the moment shown, derived from ``entries`` when first asked (a
        reader whose state this server keeps, ``snapshot.live``, never asks)."""
        if self._state is None:
            self._state = event_log.derive(self.entries)
        return self._state

    @property
    def rounds(self) -> int | None:
        """The rounds a ranking counts (None: every round of ``state``)."""
        return self.hold.rounds if self.hold is not None else None

    @property
    def upto(self) -> Mapping[int, int] | None:
        """The last entry of each table's Passe shown (None: every entry, as entered)."""
        return self.hold.tables if self.hold is not None else None

    @property
    def round_count(self) -> int:
        held = self.rounds
        return len(self.state.rounds) if held is None else min(held, len(self.state.rounds))


def sees_live(event: Event) -> bool:
    """The director and the office see the current standings, unless they ask for the public's."""
    if has_request_context() and request.args.get("view") == PUBLIC_VIEW:
        return False
    return access.may_office(event)


def hold_of(entries: Sequence[Any]) -> Hold | None:
    """The hold in force by the event's latest freeze entry, or None when nothing is held back."""
    for entry in sorted(entries, key=lambda e: e.seq, reverse=True):
        if entry.kind != "freeze":
            continue
        record = dict(entry.record or {})
        if not record.get("frozen"):
            return None
        tables = record.get("tables")
        versions = (
            {
                t["match_id"]: t["seq"]
                for t in tables
                if isinstance(t, dict)
                and isinstance(t.get("match_id"), int)
                and isinstance(t.get("seq"), int)
            }
            if isinstance(tables, list)
            else None
        )
        return Hold(entry.seq, _count(record.get("rounds")), versions)
    return None


def table_hold(event_id: int, match_id: int) -> int | None:
    """The last entry of table ``match_id``'s Passe the public is shown while the event's standings
    are held back (0: none of it, a table drawn since); None when they are not held back, or held
    back at the rounds alone. One look-up in the index of the event's log by kind."""
    latest = (
        db.session()
        .scalars(
            select(EventEntry)
            .where(EventEntry.event_id == event_id, EventEntry.kind == "freeze")
            .order_by(EventEntry.seq.desc())
            .limit(1)
        )
        .first()
    )
    found = hold_of([latest]) if latest is not None else None
    if found is None or found.tables is None:
        return None
    return found.tables.get(match_id, 0)


def _count(raw: object) -> int:
    return (
        int(raw) if isinstance(raw, int) or (isinstance(raw, str) and raw.isdigit() and len(raw) < 6) else 0
    )


def shown(
    event: Event,
    entries: Sequence[Any] | None = None,
    state: EventState | None = None,
    live: bool | None = None,
) -> Shown:
    """The event as this reader is shown it (``entries``: its log as read already; ``state``:
    derived from them already; ``live``: whether he sees it live, by default as ``sees_live``
    says of this request's reader)."""
    log = list(event.entries if entries is None else entries)
    found = None if (sees_live(event) if live is None else live) else hold_of(log)
    if found is None or found.tables is None:
        return Shown(log, found, state)
    return Shown([entry for entry in log if entry.seq < found.seq], found)


def entries_shown(match: Match, shown: Shown) -> Sequence[Any]:
    """A table's Passe as ``shown``: its log up to the hold's version of it (a table drawn after
    the hold: nothing), or all of it."""
    upto = shown.upto
    if upto is None:
        return list(match.entries)
    last = upto.get(match.id, 0)
    return [entry for entry in match.entries if entry.seq <= last]


def freeze_record(state: EventState, frozen: bool) -> dict[str, Any]:
    """The freeze entry's record: held back at the rounds drawn and each table's last entry now."""
    record: dict[str, Any] = {"frozen": frozen, "rounds": len(state.rounds)}
    if not frozen:
        return record
    ids = [t.match_id for each in state.rounds for t in each.tables]
    versions: dict[int, int] = {}
    if ids:
        versions = {
            int(match_id): int(last or 0)
            for match_id, last in db.session().execute(
                select(Entry.match_id, func.max(Entry.seq))
                .where(among(Entry.match_id, ids))
                .group_by(Entry.match_id)
            )
        }
    record["tables"] = [{"match_id": match_id, "seq": versions.get(match_id, 0)} for match_id in ids]
    return record
