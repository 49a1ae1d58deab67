"""The ranking a thousand phones poll, from one stored answer (``EventRanking``).

Computing an event's ranking reads every table's log and asks the engine; a room of phones and
a projector polling it would have every server do that on every poll. So readers who do not
direct the event get the stored answer while it is younger than ``EVENT_RANKING_MAX_AGE``
seconds. When it is older, one request claims it (a conditional update: whichever server
wins): its reader gets the stored answer too, and its worker computes the next one once that
answer is sent; the others serve the stored one meanwhile. The director and the
office always see the ranking live. Nothing of it lives in a server: each renders the stored
row, and keeps the rendered page only under the row's own time stamp.

What a live ranking reads a server keeps per version of the event's log and of its tables'
matches (``live``), and extends by what was entered since: the log is append-only, so the
state, the tables' marks and games of the last version plus the newer entries are the state,
marks and games of the new one.
"""

from __future__ import annotations

import gzip
import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, cast

from flask import (
    Response,
    abort,
    after_this_request,
    copy_current_request_context,
    current_app,
    get_flashed_messages,
    render_template,
    request,
    session,
    url_for,
)
from sqlalchemy import String, func, select, type_coerce, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import lazyload
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response as WerkzeugResponse

from scorer.events import confirm, refresher, schema, standings
from scorer.events import state as event_log
from scorer.events.state import EventState
from scorer.store import db, log
from scorer.store.among import among
from scorer.store.models import Entry, Event, EventEntry, EventRanking, Match
from scorer.web import i18n
from scorer.web.conditional import SHARED, etag
from scorer.web.memo import Recent
from scorer.web.views import same_for_every_reader

_LOG = logging.getLogger(__name__)
#: The rendered ranking pages (as sent: gzipped or not), by stored answer.
_PAGES: Recent[bytes] = Recent(64)
#: Each event's log as last read, by event id: (its rows, oldest first). The log only grows
#: and its seqs run 1, 2, 3 … without a gap, so a server reads only the rows added since.
_LOGS: OrderedDict[tuple[str, int, str], tuple[LogRow, ...]] = OrderedDict()
#: The per-event caches below (logs, states, ``Live``, answers) keep at least this many events,
#: and more while their weights (their players and rows) add up to at most ``KEPT_WEIGHT``, never
#: more than ``KEPT_MOST``: a club's series reads forty evenings of thirty players at each
#: reading, as many as one large event weighs, and finds them all kept.
KEPT_LEAST = 16
KEPT_MOST = 512
KEPT_WEIGHT = 40_000


def trim(cache: OrderedDict[Any, Any], weight: Callable[[Any], int]) -> None:
    """Drop ``cache``'s oldest entries past what :data:`KEPT_LEAST`, :data:`KEPT_WEIGHT` and
    :data:`KEPT_MOST` allow (held under ``_LOCK``)."""
    if len(cache) <= KEPT_LEAST:
        return
    total = sum(weight(value) for value in cache.values())
    while len(cache) > KEPT_MOST or (len(cache) > KEPT_LEAST and total > KEPT_WEIGHT):
        _key, value = cache.popitem(last=False)
        total -= weight(value)


_LOCK = threading.Lock()
#: Held while a ranking page is rendered for ``_PAGES``.
_RENDERING = threading.Lock()
#: Each table's match log as derived, by (database, match id, match creation, its last seq): a
#: match's log only grows, so a match whose last seq is unchanged has the same state.
_MATCHES: OrderedDict[tuple[str, int, str, int], log.State] = OrderedDict()
_MATCHES_SIZE = 4096


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
    key = log_key(event)
    with _LOCK:
        known = _LOGS.get(key, ())
    since = known[-1].seq if known else 0
    new = session_.execute(
        select(EventEntry.seq, EventEntry.kind, EventEntry.record, EventEntry.target_seq, EventEntry.created)
        .where(EventEntry.event_id == event_id, EventEntry.seq > since)
        .order_by(EventEntry.seq)
    ).all()
    rows = known + tuple(LogRow(*row) for row in new)
    # The rows known were checked when they were read: only the new ones need to follow them.
    if any(row.seq != index for index, row in enumerate(rows[len(known) :], start=len(known) + 1)):
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
        trim(_LOGS, len)
    return event, list(rows)


def log_key(event: Event) -> tuple[str, int, str]:
    # The database and the event's creation name the log, not its id alone (a fresh database
    # numbers its events from 1 again).
    return (database_name(), event.id, str(event.created))


def database_name() -> str:
    """The database's address as a text, once per engine (a club's series names forty logs)."""
    engine = db.session().get_bind().engine
    named: dict[int, tuple[Any, str]] = _NAMED
    kept = named.get(id(engine))
    if kept is None or kept[0] is not engine:
        if len(named) >= 8:  # a test's many apps: forgotten at once (one step, safe from any thread)
            named.clear()
        kept = named[id(engine)] = (engine, str(engine.url))
    return kept[1]


#: Each engine's address as a text, by the engine's identity (the entry holds the engine).
_NAMED: dict[int, tuple[Any, str]] = {}


@dataclass(frozen=True, slots=True)
class Names:
    """What the ranking's templates ask of an event's state: each ranked id's name."""

    names: dict[str, str]

    def name(self, competitor: str) -> str:
        return self.names.get(competitor, competitor)


def max_age() -> float:
    return float(current_app.config.get("EVENT_RANKING_MAX_AGE", 0) or 0)


def stored_page(event_id: int, refresh: Callable[[], object]) -> Response | None:
    """The ranking page (or its polled part) from the stored answer, or None to compute it live.

    Tagged with the stored answer's time (``ETag``): a phone that polls again before the
    answer is computed anew gets a 304, with nothing rendered or sent. The reader whose
    request claims a stale answer gets the stored one too, and its worker computes the next
    with ``refresh`` once the answer is sent: no reader waits for a computation that takes
    tens of milliseconds for a thousand players."""
    if max_age() <= 0 or "_flashes" in session:
        return None
    session_ = db.session()
    event = session_.scalars(
        select(Event).options(lazyload(Event.entries)).where(Event.id == event_id)
    ).first()
    if event is None or standings.sees_live(event):
        return None
    head = session_.execute(
        select(EventRanking.computed, EventRanking.claimed, EventRanking.held).where(
            EventRanking.event_id == event_id
        )
    ).first()
    if head is None:
        return None
    refresher.warm()
    computed, claimed, held = head
    now = time.time()
    # An answer from before the room's last change (a game entered, corrected or undone, a
    # confirmation) is stale at once, whatever its age: the projector shows the change at its
    # next poll after the computation, not a stored age later. A held answer shows the games
    # entered by its hold, which no later change moves.
    stale = (now - computed > max_age() and now - claimed > max_age()) or (
        now - claimed > CLAIM_WINDOW and held is None and last_change(event_id) > computed
    )
    claimed_now = stale and _claim(event_id, claimed, now)
    response = _stored_response(event, computed)
    if response is None:
        return None
    if claimed_now:
        # The others serve the stored one meanwhile; this worker computes the next after sending
        # (within a copy of this request's context: its database session, the reader's rights).
        response.call_on_close(copy_current_request_context(_logged(refresh)))
    return response


#: Seconds a claim of a stored answer is left to its computation before a reader who finds the
#: answer older than the room's last change claims it again.
CLAIM_WINDOW = 1.0


def _claim(event_id: int, claimed: float, now: float) -> bool:
    """Set out to compute the stored answer, unless another server did since it was ``claimed``."""
    session_ = db.session()
    won = session_.execute(
        update(EventRanking)
        .where(EventRanking.event_id == event_id, EventRanking.claimed == claimed)
        .values(claimed=now)
    )
    session_.commit()
    return getattr(won, "rowcount", 0) == 1


def _tables(event: Event, rows: list[LogRow]) -> list[int]:
    """The match ids of the event's tables, by the rounds of its state (``state_of``, kept per
    version of the log: a malformed round is skipped as the state skips it)."""
    return [table.match_id for each in state_of(event, rows).rounds for table in each.tables]


def _epoch(moment: datetime | None) -> float:
    if moment is None:
        return 0.0
    # SQLite hands the stored UTC time back without its zone.
    return (moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)).timestamp()


def last_change(event_id: int) -> float:
    """When the room last changed (epoch seconds): the event's log, or a table's (0 for none)."""
    try:
        event, rows = event_and_log(event_id)
    except NotFound:
        return 0.0
    tables = _tables(event, rows)
    latest = (
        db.session().scalar(select(func.max(Entry.created)).where(among(Entry.match_id, tables)))
        if tables
        else None
    )
    return max(_epoch(rows[-1].created if rows else None), _epoch(latest))


#: How often an event's page (the director's, the office, a player's) asks whether anything
#: changed, in milliseconds (static/tafel.js): a confirmed game reaches them within seconds.
ROOM_POLL_MS = 3000


def room_version(event_id: int) -> str | None:
    """What an event's pages move with: its log's last seq and its tables' last entry (a game
    entered, a correction, an undo); None for no such event. One incremental read of the log
    this server keeps (``event_and_log``) and one indexed query over the tables' entries."""
    try:
        event, rows = event_and_log(event_id)
    except NotFound:
        return None
    tables = _tables(event, rows)
    last = (
        db.session().scalar(select(func.max(Entry.id)).where(among(Entry.match_id, tables)))
        if tables
        else None
    )
    return f"{rows[-1].seq if rows else 0}.{last or 0}"


def room_page(event_id: int, late: bool = False) -> dict[str, Any]:
    """What an event's page hands to base.html to follow the room (``live_url``, ``live_ms``,
    ``live_version``): the page asks ``room_version`` and swaps itself in when it moved. A page
    that shows a ranking worked out before the room's last change (``late``, ``shown_late``)
    carries its version marked so ("12.340~"): it asks for itself again until it is up to date."""
    version = room_version(event_id) or ""
    return {
        "live_url": url_for("events.room", event_id=event_id),
        "live_ms": ROOM_POLL_MS,
        "live_version": f"{version}~" if late else version,
    }


#: The computation of an event's stored ranking (``refresher.Job``): the ranking page's.
LIVE_RANKING = "scorer.events.views:stored_ranking"


#: The follow-up of a change made while the stored answer was claimed (``follow_up``).
RANKING_FOLLOW_UP = "scorer.events.views:ranking_follow_up"
#: This server's follow-ups not yet started, by event: one covers every change before it starts.
_FOLLOW_UPS: dict[int, Future[None]] = {}
_FOLLOW_UP_LOCK = threading.Lock()


def refresh_soon(event: Event, response: WerkzeugResponse | None = None) -> None:
    """After a change that may move the standings (a game entered, corrected or undone at a
    table, a team's confirmation, the office's ruling): have the stored answer computed again
    once this request's answer (``response``, or the one this request will give) is sent. The
    room's projector then shows the change at its next poll, not after a reader found the stored
    answer stale.

    The change claims the stored answer. One claimed less than :data:`CLAIM_WINDOW` seconds ago
    is being computed, perhaps from the logs before this change: the ranking process is then
    asked to follow it up (:func:`follow_up`), once per server while none is waiting to start.
    A busy evening's changes come faster than computations: they share them, one per window."""
    # The director's and the office's requests are shown the standings live: a computation in
    # their request's context (an app without a ranking process) would store what they see.
    if max_age() <= 0 or standings.sees_live(event):
        return
    event_id = event.id
    claimed = db.session().scalar(select(EventRanking.claimed).where(EventRanking.event_id == event_id))
    now = time.time()
    if claimed is None:
        return  # nobody read the ranking yet: its first reader computes it
    if now - claimed > CLAIM_WINDOW:
        if not _claim(event_id, claimed, now):
            return
        job: Callable[[], object] = lambda: refresher.compute(event_id, LIVE_RANKING)  # noqa: E731
    elif refresher.enabled():
        job = lambda: _follow_up_soon(event_id)  # noqa: E731
    else:
        return  # in process, a follow-up would wait in a request's thread: left to the readers
    compute = copy_current_request_context(_logged(job))
    if response is not None:
        response.call_on_close(compute)
        return

    @after_this_request
    def _after(answer: Response) -> Response:
        answer.call_on_close(compute)
        return answer


def _follow_up_soon(event_id: int) -> None:
    with _FOLLOW_UP_LOCK:
        waiting = _FOLLOW_UPS.get(event_id)
        if waiting is not None and not waiting.running() and not waiting.done():
            return
        future = refresher.compute(event_id, RANKING_FOLLOW_UP)
        if future is not None:
            _FOLLOW_UPS[event_id] = future


def follow_up(event_id: int, compute: Callable[[], object]) -> None:
    """In the ranking process: once the stored answer's claim is :data:`CLAIM_WINDOW` old,
    ``compute`` it again if it is older than the room's last change and nobody claimed it since."""
    for _attempt in range(2):
        head = (
            db.session()
            .execute(
                select(EventRanking.computed, EventRanking.claimed).where(EventRanking.event_id == event_id)
            )
            .first()
        )
        if head is None or last_change(event_id) <= head.computed:
            return
        wait = head.claimed + CLAIM_WINDOW - time.time()
        if wait <= 0:
            if _claim(event_id, head.claimed, time.time()):
                compute()
            return
        db.session().rollback()  # nothing held while it waits
        time.sleep(wait)


#: One lock per event for the readers who find no stored answer (``one_at_a_time``).
_FIRST: dict[int, threading.Lock] = {}


def one_at_a_time(event_id: int) -> threading.Lock:
    """The lock under which this process computes an event's ranking for a reader who found no
    stored answer: a projector and a room of phones opening an event's ranking before its first
    answer is stored would each compute it (half a second of CPU each, nothing kept yet), where
    one computes it and the others are served what it stored."""
    with _LOCK:
        return _FIRST.setdefault(event_id, threading.Lock())


def _logged(refresh: Callable[[], object]) -> Callable[[], None]:
    def run() -> None:
        try:
            refresh()
        except Exception:
            # Nobody waits for this answer: the claim lapses and a later reader claims it again.
            _LOG.exception("the stored ranking could not be computed again")

    return run


def _stored_response(event: Event, computed: float) -> Response | None:
    event_id = event.id
    part = request.args.get("part") == "table"
    # A thousand rows are a large page that gzip shrinks well: compressed once per stored
    # answer here, not on every poll by the app's compression of responses.
    zipped = request.accept_encodings["gzip"] > 0
    # The event's creation too: a test's fresh database numbers its events from 1 again, and
    # its stored answers may share a time stamp. The database in the kept page's key only (the
    # tag is sent).
    # The projector's page (``screen=projector``) is drawn apart: it has no navigation.
    projector = not part and request.args.get("screen") == "projector"
    shown = (event_id, str(event.created), computed, i18n.current(), part, projector, zipped)
    tag = etag(shown)
    key = (log_key(event), *shown)
    if request.if_none_match.contains(tag):
        return _tagged(Response(status=304), tag)
    body = _PAGES.get(key)
    if body is None:
        # The readers who poll as a new answer is stored would each render the same thousand
        # rows (under the interpreter's lock): one renders, the others wait for it.
        with _RENDERING:
            body = _PAGES.get(key)
            if body is None:
                body = _rendered(event, part, zipped)
                if body is None:
                    return None
                _PAGES.put(key, body)
    response = Response(body, mimetype="text/html")
    if zipped:
        response.headers["Content-Encoding"] = "gzip"
    return _tagged(response, tag)


def _rendered(event: Event, part: bool, zipped: bool) -> bytes | None:
    row = db.session().get(EventRanking, event.id)
    if row is None:
        return None
    same_for_every_reader()
    page = render_template(
        "events/_ranking.html" if part else "events/ranking.html",
        event=event,
        state=Names(dict(row.names)),
        answer=row.answer,
        held=row.held,
    )
    get_flashed_messages()  # nothing of this reader's is in a shared page
    return gzip.compress(page.encode(), 6) if zipped else page.encode()


def _tagged(response: Response, tag: str) -> Response:
    response.set_etag(tag)
    # The same for every reader: the browser asks again before showing it, a shared cache may
    # answer for a moment (scorer.web.conditional).
    response.headers["Cache-Control"] = SHARED
    response.vary.update(("Accept-Language", "Accept-Encoding", "Cookie"))
    return response


def store(event: Event, state: EventState, answer: dict[str, Any], held: int | None, started: float) -> None:
    """Keep the ranking a reader (not the director, nor the office) was just shown, for the next
    readers; ``started``: when its computation began to read the logs (its time stamp, so that a
    change made while it computed makes it stale)."""
    if max_age() <= 0 or standings.sees_live(event):
        return
    now = started
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


def forget(event: Event) -> None:
    """Drop the event's stored answer: the standings were held back or released, and the next
    reader is shown them so at once, not once the stored answer is old."""
    session_ = db.session()
    row = session_.get(EventRanking, event.id)
    if row is not None:
        session_.delete(row)
        session_.commit()


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One entry of a match's log, as ``log.derive`` reads it (kept apart from any session)."""

    id: int
    match_id: int
    seq: int
    kind: str
    target_seq: int | None
    record: dict[str, Any] | None
    created: datetime
    idempotency_key: str | None


def match_states(match_ids: list[int], upto: Mapping[int, int] | None = None) -> dict[int, log.State]:
    """Each match's derived log (``log.derive``), reading the entries only of the matches whose
    last seq changed since this server last derived them: a ranking of a thousand players asked
    every few seconds no longer loads and derives every game of the event. ``upto``: each
    match's last seq to read (a hold's, ``standings.Hold.tables``; a match it omits: none)."""
    return {match_id: state for match_id, (_key, state) in match_versions(match_ids, upto).items()}


MatchKey = tuple[str, int, str, int]


def match_versions(
    match_ids: list[int], upto: Mapping[int, int] | None = None
) -> dict[int, tuple[MatchKey, log.State]]:
    """``match_states`` with each match's version: (database, match id, its creation, its last seq)."""
    if not match_ids:
        return {}
    session_ = db.session()
    url = str(session_.get_bind().engine.url)
    # Plain rows (the connection's, not the ORM's), the creation as the driver hands it (only
    # compared, never read as a time): a thousand players' 3,000 tables are read here at each
    # change, and the ORM's rows and SQLite's parsed times were half the time.
    creation = type_coerce(Match.created, String)
    heads = (
        session_.connection()
        .execute(
            select(Match.id, creation, func.max(Entry.seq))
            .outerjoin(Entry, Entry.match_id == Match.id)
            .where(among(Match.id, match_ids))
            .group_by(Match.id, creation)
        )
        .all()
    )
    found: dict[int, tuple[MatchKey, log.State]] = {}
    missing: dict[int, MatchKey] = {}
    with _LOCK:
        for match_id, created, last in heads:
            seq = (last or 0) if upto is None else min(last or 0, upto.get(match_id, 0))
            key = (url, match_id, str(created), seq)
            kept = _MATCHES.get(key)
            if kept is None:
                missing[match_id] = key
            else:
                _MATCHES.move_to_end(key)
                found[match_id] = (key, kept)
    # A table drawn whose first game is not entered yet has no entry to read.
    unplayed = [match_id for match_id, key in missing.items() if key[3] == 0]
    if unplayed:
        with _LOCK:
            for match_id in unplayed:
                _MATCHES[missing[match_id]] = empty = log.derive([])
                found[match_id] = (missing.pop(match_id), empty)
    if missing:
        rows: dict[int, list[MatchRow]] = {match_id: [] for match_id in missing}
        for row in session_.execute(
            select(
                Entry.id,
                Entry.match_id,
                Entry.seq,
                Entry.kind,
                Entry.target_seq,
                Entry.record,
                Entry.created,
                Entry.idempotency_key,
            )
            .where(among(Entry.match_id, missing))
            .order_by(Entry.match_id, Entry.seq)
        ):
            entry = MatchRow(*row)
            # Only up to the last seq read above: an entry added meanwhile is another version.
            if entry.seq <= missing[entry.match_id][3]:
                rows[entry.match_id].append(entry)
        derived = {match_id: log.derive(cast(Any, entries)) for match_id, entries in rows.items()}
        with _LOCK:
            for match_id, state in derived.items():
                _MATCHES[missing[match_id]] = state
                found[match_id] = (missing[match_id], state)
            while len(_MATCHES) > _MATCHES_SIZE:
                _MATCHES.popitem(last=False)
    return found


@dataclass(frozen=True, slots=True)
class Live:
    """What a live ranking reads, derived at one version of the event's log and of its tables'
    matches: the state, each table's marks (``confirm.marks``) and its games in force as the
    engine reads them. Kept per server and extended by the entries added since, never changed
    once made (a server's threads read it at once)."""

    key: tuple[str, int, str]
    #: The last seq of the event's log read.
    seq: int
    state: EventState
    marks: dict[int, confirm.TableMarks]
    #: Match id -> the seq of the latest entry of the log that marked its table.
    marked: dict[int, int]
    #: Match id -> its table's games in force (``confirm.games``' records).
    games: dict[int, list[dict[str, Any]]]
    #: Each table's match version: (match id, its last seq), by match id.
    tables: tuple[tuple[int, int], ...]


_LIVE: OrderedDict[tuple[str, int, str], Live] = OrderedDict()
#: A table's games by (event log, match version, latest mark of the table): unchanged unless its
#: match or its marks change, as most of a thousand players' tables are between two rankings.
_GAMES: OrderedDict[tuple[tuple[str, int, str], MatchKey, int], list[dict[str, Any]]] = OrderedDict()
_GAMES_SIZE = 4096
#: The engine's answer by everything it was computed from (see ``live_answer``).
_ANSWERS: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()


def live(event: Event, rows: list[LogRow], upto: Mapping[int, int] | None = None) -> Live:
    """The event's ``Live`` at its log ``rows`` (``event_and_log``'s, seqs 1, 2, 3 …) and its
    tables' matches as stored now: the kept one extended by the log's newer entries (the state
    derived again only when one of them changes it, ``state.STATE_KINDS``), each table's games
    taken again only where its match or its marks changed. ``upto``: the tables' matches as a
    hold shows them (``standings.Hold``), kept apart from the live one."""
    key = log_key(event)
    if upto is not None:
        key = (key[0], key[1], f"{key[2]} held")
    last = rows[-1].seq if rows else 0
    with _LOCK:
        kept = _LIVE.get(key)
    if kept is not None and kept.seq <= last:
        state = _state_after((kept.seq, kept.state), rows)
    else:
        state = state_of(event, rows)
    if kept is None or kept.seq > last:
        marks = confirm.marks(rows)
        marked: dict[int, int] = {}
        newer: list[LogRow] = rows
    else:
        newer = rows[kept.seq :]
        marks, _touched = confirm.extended(kept.marks, newer)
        marked = dict(kept.marked)
    for row in newer:
        if row.kind in confirm.KINDS and schema.entry_problem(row.kind, row.record) is None:
            marked[int(dict(row.record or {})["match_id"])] = row.seq
    versions = match_versions([t.match_id for each in state.rounds for t in each.tables], upto)
    games: dict[int, list[dict[str, Any]]] = {}
    fresh: dict[tuple[tuple[str, int, str], MatchKey, int], list[dict[str, Any]]] = {}
    with _LOCK:
        for match_id, (match_key, _state) in versions.items():
            game_key = (key, match_key, marked.get(match_id, 0))
            found = _GAMES.get(game_key)
            if found is not None:
                _GAMES.move_to_end(game_key)
                games[match_id] = found
    for match_id, (match_key, derived) in versions.items():
        if match_id not in games:
            table = marks.get(match_id)
            games[match_id] = fresh[(key, match_key, marked.get(match_id, 0))] = [
                game.record for game in confirm.games(derived, table)
            ]
    made = Live(
        key,
        last,
        state,
        marks,
        marked,
        games,
        tuple(sorted((match_id, match_key[3]) for match_id, (match_key, _s) in versions.items())),
    )
    with _LOCK:
        for game_key, found_games in fresh.items():
            _GAMES[game_key] = found_games
        while len(_GAMES) > _GAMES_SIZE:
            _GAMES.popitem(last=False)
        current = _LIVE.get(key)
        if current is None or current.seq <= last:
            _LIVE[key] = made
            _LIVE.move_to_end(key)
        trim(_LIVE, lambda kept: len(kept.state.players) + len(kept.games))
    return made


def logs_of(events: Sequence[Event]) -> dict[int, list[LogRow]]:
    """Each event's whole log (``event_and_log``'s), by event id: one query for their last seqs,
    and a log read only where it grew since this server last read it."""
    if not events:
        return {}
    heads = dict(
        db.session()
        .execute(
            select(EventEntry.event_id, func.max(EventEntry.seq))
            .where(EventEntry.event_id.in_([event.id for event in events]))
            .group_by(EventEntry.event_id)
        )
        .all()
    )
    found: dict[int, list[LogRow]] = {}
    for event in events:
        with _LOCK:
            known = _LOGS.get(log_key(event))
        if known is not None and (known[-1].seq if known else 0) == (heads.get(event.id) or 0):
            found[event.id] = list(known)
        else:
            found[event.id] = event_and_log(event.id)[1]
    return found


def event_versions(events: Sequence[Event]) -> dict[int, tuple[Any, ...]]:
    """Each event's version, for a reader that keeps what it derives from many events' rankings
    (a club's series reads forty evenings at each reading): its log's identity and last seq, its
    tables' last seqs and its settings. Two queries for them all, and each log read only where
    it grew (``event_and_log``): any entry added at an event or at one of its tables moves it."""
    if not events:
        return {}
    session_ = db.session()
    logs = logs_of(events)
    heads = {event.id: logs[event.id][-1].seq if logs[event.id] else 0 for event in events}
    tables = {
        event.id: [t.match_id for each in state_of(event, logs[event.id]).rounds for t in each.tables]
        for event in events
    }
    every = [match_id for ids in tables.values() for match_id in ids]
    seqs: dict[int, int] = {}
    if every:
        seqs = dict(
            session_.connection()
            .execute(
                select(Entry.match_id, func.max(Entry.seq))
                .where(among(Entry.match_id, every))
                .group_by(Entry.match_id)
            )
            .all()
        )
    return {
        event.id: (
            log_key(event),
            heads.get(event.id) or 0,
            tuple(seqs.get(match_id, 0) for match_id in tables[event.id]),
            json.dumps(event.settings, sort_keys=True, default=str),
        )
        for event in events
    }


def _state_after(kept: tuple[int, EventState] | None, rows: list[LogRow]) -> EventState:
    """The state at the log ``rows`` (seqs 1, 2, 3 …), from ``kept`` (a state and the last seq it
    was derived at) when it is of an earlier seq: derived again only when a newer entry changes
    it (``state.STATE_KINDS``), else the kept one at the log's version."""
    last = rows[-1].seq if rows else 0
    if kept is None or kept[0] > last or any(row.kind in event_log.STATE_KINDS for row in rows[kept[0] :]):
        return event_log.derive(cast(Any, rows))
    return kept[1] if kept[1].version == last else replace(kept[1], version=last)


#: Each event log's state last derived by ``state_of`` (a page that reads no table's match).
_STATES: OrderedDict[tuple[str, int, str], tuple[int, EventState]] = OrderedDict()


def state_of(event: Event, rows: list[LogRow]) -> EventState:
    """The event's state at its log ``rows`` (``event_and_log``'s), its tables' matches unread:
    the one this server keeps (``live``, or this function's own) extended by the newer rows."""
    key = log_key(event)
    last = rows[-1].seq if rows else 0
    with _LOCK:
        kept = _LIVE.get(key)
        if kept is not None and kept.seq == last:
            return kept.state
        known = _STATES.get(key)
    state = _state_after(known, rows)
    with _LOCK:
        current = _STATES.get(key)
        if current is None or current[0] <= last:
            _STATES[key] = (last, state)
            _STATES.move_to_end(key)
        trim(_STATES, lambda kept: len(kept[1].players))
    return state


def _answer_key(event: Event, made: Live, held: int | None) -> tuple[Any, ...]:
    return (made.key, made.seq, made.tables, held, json.dumps(event.settings, sort_keys=True, default=str))


def _scope(answer_key: tuple[Any, ...]) -> tuple[Any, ...]:
    """What an answer answers whatever the version: the event's log, the rounds held, its settings."""
    return (answer_key[0], answer_key[3], answer_key[4])


def has_answer(event: Event, made: Live, held: int | None) -> bool:
    """Whether :func:`live_answer` of ``made`` (its first ``held`` rounds) is kept already."""
    with _LOCK:
        return _answer_key(event, made, held) in _ANSWERS


#: Places (competitors registered × rounds drawn, at least one) from which a reader is not made
#: to wait for the engine's ranking of an event (``EVENT_ANSWER_LATE_FROM``). The engine takes
#: some 6 µs a place: a thousand places are three ordinary saves, which with a printout's own
#: work near a thousand rows reach ten; a thousand players' field played through twelve rounds
#: is thirty. Such an event's readers are shown the last answer this server computed, told its
#: time, while the next is computed once their answer is sent; the page follows the room and
#: shows the new one.
LATE_FROM = 1000


def shown_late(answer: Mapping[str, Any]) -> bool:
    """Whether ``answer`` is not the one of the version read (``live_answer``: ``as_of``, ``pending``)."""
    return "as_of" in answer or "pending" in answer


def answered_late(made: Live) -> bool:
    """Whether readers of ``made`` are shown the last answer computed rather than wait for one."""
    if getattr(_NOW, "computing", False):
        return False
    late_from = int(current_app.config.get("EVENT_ANSWER_LATE_FROM", LATE_FROM))
    return len(made.state.players) * max(1, len(made.state.rounds)) >= late_from


_NOW = threading.local()


@contextmanager
def answered_now() -> Iterator[None]:
    """Within it, this thread asks the engine for the answer it needs rather than be shown the last
    one (``answered_late``): the computation of the stored ranking, a series' standing."""
    before = getattr(_NOW, "computing", False)
    _NOW.computing = True
    try:
        yield
    finally:
        _NOW.computing = before


#: The newest answer kept per scope (``_scope``): its key in ``_ANSWERS`` and when it was computed.
_LATEST: OrderedDict[tuple[Any, ...], tuple[tuple[Any, ...], float]] = OrderedDict()
#: The computations under way in this server, by the answer's key.
_UNDER_WAY: dict[tuple[Any, ...], _Work] = {}
_COMPUTER: ThreadPoolExecutor | None = None


def _keep(answer_key: tuple[Any, ...], answer: dict[str, Any], computed: float) -> None:
    with _LOCK:
        _ANSWERS[answer_key] = answer
        _ANSWERS.move_to_end(answer_key)
        trim(_ANSWERS, lambda kept: len(kept.get("ranking") or ()) + 1)
        scope = _scope(answer_key)
        latest = _LATEST.get(scope)
        if latest is None or latest[0][1] <= answer_key[1]:
            _LATEST[scope] = (answer_key, computed)
            _LATEST.move_to_end(scope)
        trim(_LATEST, lambda _kept: 1)


def live_answer(
    event: Event,
    made: Live,
    held: int | None,
    compute: Callable[[Event], dict[str, Any]],
    again: bool = True,
) -> dict[str, Any]:
    """The engine's answer for ``made`` (its first ``held`` rounds): computed by ``compute`` once
    per version of the log, of the tables' matches and of the event's settings; a director
    asking again with nothing entered meanwhile gets it again. A copy: readers may add to it.

    For a large event (``answered_late``) no reader waits for it: he is shown the last answer
    this server computed, with ``as_of`` (its time, epoch seconds), or, before the first one,
    ``pending`` (no ranking yet); the answer is computed once his is sent, unless ``again`` is
    false and an earlier one is kept (a player's course: its earlier rounds seldom move, and
    each would cost a ranking of the field)."""
    answer_key = _answer_key(event, made, held)
    with _LOCK:
        found = _ANSWERS.get(answer_key)
    if found is not None:
        return dict(found)
    if not answered_late(made):
        found = compute(event)
        _keep(answer_key, found, time.time())
        return dict(found)
    with _LOCK:
        latest = _LATEST.get(_scope(answer_key))
        earlier = _ANSWERS.get(latest[0]) if latest is not None else None
    if again or earlier is None:
        _compute_soon(answer_key, event.id, compute)
    if latest is None or earlier is None:
        return {
            "valid": True,
            "errors": [],
            "warnings": [],
            "ranking": None,
            "standblatt": None,
            "pending": True,
        }
    return {**earlier, "as_of": latest[1]}


@dataclass(slots=True)
class _Work:
    """A computation of an answer: started once its reader's answer is sent."""

    run: Callable[[], None]
    since: float
    done: Future[None]
    started: bool = False


#: Seconds after which a computation whose reader's answer never closed (an error page, a test's
#: client) is started by the next reader who wants it.
START_AFTER = 1.0


def _compute_soon(
    answer_key: tuple[Any, ...], event_id: int, compute: Callable[[Event], dict[str, Any]]
) -> None:
    """Have this server compute ``answer_key``'s answer in a thread of its own once this request's
    answer is sent (one at a time: a room's readers share it)."""

    def run() -> None:
        event = db.session().get(Event, event_id)
        if event is not None:
            _keep(answer_key, compute(event), time.time())

    work_soon(answer_key, run, "an event's ranking could not be computed")


def work_soon(key: tuple[Any, ...], job: Callable[[], None], failure: str) -> None:
    """Have this server run ``job`` (in its app, answering now: ``answered_now``) in a thread of
    its own once this request's answer is sent; one per ``key`` at a time (its readers share it).
    A job whose reader's answer never closed is started by the next one who wants it."""
    with _LOCK:
        work = _UNDER_WAY.get(key)
    if work is not None:
        if time.monotonic() - work.since > START_AFTER:
            _start(work)
        return
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    done: Future[None] = Future()

    def run() -> None:
        try:
            with app.app_context(), answered_now():
                job()
        except Exception:
            _LOG.exception(failure)
        finally:
            with _LOCK:
                _UNDER_WAY.pop(key, None)
            done.set_result(None)

    work = _Work(run, time.monotonic(), done)
    with _LOCK:
        if key in _UNDER_WAY:
            return
        _UNDER_WAY[key] = work

    def start(response: WerkzeugResponse) -> WerkzeugResponse:
        # Once this reader's answer is sent: the computation does not hold the interpreter's
        # lock against the rendering of his page.
        response.call_on_close(lambda: _start(work))
        return response

    try:
        after_this_request(start)
    except (AssertionError, RuntimeError):  # outside a request (a script, a shell): at once
        _start(work)


def _start(work: _Work) -> None:
    with _LOCK:
        if work.started:
            return
        work.started = True
    _computer().submit(work.run)


def _computer() -> ThreadPoolExecutor:
    global _COMPUTER
    with _LOCK:
        if _COMPUTER is None:
            _COMPUTER = ThreadPoolExecutor(1, thread_name_prefix="tafel-ranking")
        return _COMPUTER


def forget_answers() -> None:
    """Drop the answers this server keeps (as a server started anew has none)."""
    settle()
    with _LOCK:
        _ANSWERS.clear()
        _LATEST.clear()


def settle() -> None:
    """Start and wait for this server's computations under way (a test's next reading)."""
    while True:
        with _LOCK:
            waiting = list(_UNDER_WAY.values())
        if not waiting:
            return
        for work in waiting:
            _start(work)
            work.done.result()
