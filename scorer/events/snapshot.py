"""The ranking a thousand phones poll, from one stored answer (``EventRanking``).

Computing an event's ranking reads every table's log and asks the engine; a room of phones and
a projector polling it would have every server do that on every poll. So readers who do not
direct the event get the stored answer while it is younger than ``EVENT_RANKING_MAX_AGE``
seconds. When it is older, one request claims it (a conditional update: whichever server
wins) and computes it again; the others serve the stored one meanwhile. The director and the
office always see the ranking live. Nothing of it lives in a server: each renders the stored
row, and keeps the rendered page only under the row's own time stamp.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import abort, current_app, get_flashed_messages, render_template, request, session
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import lazyload

from scorer.events import access
from scorer.events.state import EventState
from scorer.store import db
from scorer.store.models import Event, EventEntry, EventRanking
from scorer.web import i18n
from scorer.web.pagecache import PageCache

_PAGES: PageCache[str] = PageCache(64)
#: Each event's log as last read, by event id: (its rows, oldest first). The log only grows
#: and its seqs run 1, 2, 3 … without a gap, so a server reads only the rows added since.
_LOGS: OrderedDict[tuple[str, int, str], tuple[LogRow, ...]] = OrderedDict()
_LOGS_SIZE = 16
_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class LogRow:
    """One entry of an event's log, as ``state.derive`` and ``confirm.marks`` read it."""

    seq: int
    kind: str
    record: dict[str, Any] | None
    target_seq: int | None
    created: datetime


def event_and_log(event_id: int) -> tuple[Event, list[LogRow]]:
    """The event and its whole log, reading from the database only the entries this server has
    not read yet (404 for no such event)."""
    session_ = db.session()
    event = session_.scalars(
        select(Event).options(lazyload(Event.entries)).where(Event.id == event_id)
    ).first()
    if event is None:
        abort(404)
    # The database and the event's creation name the log, not its id alone (a fresh database
    # numbers its events from 1 again).
    key = (str(session_.get_bind().engine.url), event_id, str(event.created))
    with _LOCK:
        known = _LOGS.get(key, ())
    since = known[-1].seq if known else 0
    new = session_.execute(
        select(EventEntry.seq, EventEntry.kind, EventEntry.record, EventEntry.target_seq, EventEntry.created)
        .where(EventEntry.event_id == event_id, EventEntry.seq > since)
        .order_by(EventEntry.seq)
    ).all()
    rows = known + tuple(LogRow(*row) for row in new)
    if any(row.seq != index for index, row in enumerate(rows, start=1)):
        # Not the log as this server knew it (another database, a test's fresh one): read it whole.
        every = session_.execute(
            select(
                EventEntry.seq, EventEntry.kind, EventEntry.record, EventEntry.target_seq, EventEntry.created
            )
            .where(EventEntry.event_id == event_id)
            .order_by(EventEntry.seq)
        ).all()
        rows = tuple(LogRow(*row) for row in every)
    with _LOCK:
        _LOGS[key] = rows
        _LOGS.move_to_end(key)
        while len(_LOGS) > _LOGS_SIZE:
            _LOGS.popitem(last=False)
    return event, list(rows)


@dataclass(frozen=True, slots=True)
class Names:
    """What the ranking's templates ask of an event's state: each ranked id's name."""

    names: dict[str, str]

    def name(self, competitor: str) -> str:
        return self.names.get(competitor, competitor)


def max_age() -> float:
    return float(current_app.config.get("EVENT_RANKING_MAX_AGE", 0) or 0)


def stored_page(event_id: int) -> str | None:
    """The ranking page (or its polled part) from the stored answer, or None to compute it live."""
    if max_age() <= 0 or "_flashes" in session:
        return None
    session_ = db.session()
    event = session_.scalars(
        select(Event).options(lazyload(Event.entries)).where(Event.id == event_id)
    ).first()
    if event is None or access.may_direct(event):
        return None
    head = session_.execute(
        select(EventRanking.computed, EventRanking.claimed).where(EventRanking.event_id == event_id)
    ).first()
    if head is None:
        return None
    computed, claimed = head
    now = time.time()
    if now - computed > max_age() and now - claimed > max_age():
        won = session_.execute(
            update(EventRanking)
            .where(EventRanking.event_id == event_id, EventRanking.claimed == claimed)
            .values(claimed=now)
        )
        session_.commit()
        if getattr(won, "rowcount", 0) == 1:
            return None  # this request computes it; the others serve the stored one meanwhile
    part = request.args.get("part") == "table"
    key = (event_id, computed, i18n.current(), part)
    page = _PAGES.get(key)
    if page is None:
        row = session_.get(EventRanking, event_id)
        if row is None:
            return None
        page = render_template(
            "events/_ranking.html" if part else "events/ranking.html",
            event=event,
            state=Names(dict(row.names)),
            answer=row.answer,
            held=row.held,
        )
        get_flashed_messages()  # nothing of this reader's is in a shared page
        _PAGES.put(key, page)
    return page


def store(event: Event, state: EventState, answer: dict[str, Any], held: int | None) -> None:
    """Keep the ranking a reader (not the director) was just shown, for the next readers."""
    if max_age() <= 0 or access.may_direct(event):
        return
    now = time.time()
    kept: dict[str, Any] = {key: answer[key] for key in ("valid", "errors", "ranking") if key in answer}
    names = {entry["id"]: state.name(entry["id"]) for entry in answer.get("ranking") or []}
    session_ = db.session()
    row = session_.get(EventRanking, event.id)
    if row is None:
        session_.add(
            EventRanking(event_id=event.id, computed=now, claimed=now, held=held, answer=kept, names=names)
        )
    else:
        row.computed, row.claimed, row.held, row.answer, row.names = now, now, held, kept, names
    try:
        session_.commit()
    except IntegrityError:
        session_.rollback()  # another server stored it at the same moment
