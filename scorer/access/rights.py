"""Who may change a match: its edit secret, the club administrator.

A match gets an edit secret when it is created or imported. The secret is derived with the
app's secret key from a random value stored with the match (``edit_nonce``), and only a
keyed hash of it (HMAC) is stored to check it: a copy of the database or a backup, without
the instance's secret key, derives and checks nothing. The edit link
``/matches/<id>/edit/<secret>`` grants the right to a browser.

A right a browser holds is a row of ``access_grant``; the signed session cookie carries
only the row's id, never a secret. Deleting the row ends the right on every copy of the
cookie: the administrator's log-out deletes the login's row, a new edit link deletes
every row of the match. A tablet holding the right can show the edit link again (as a QR
code): the server derives it from the nonce. Everyone else sees the match read-only; every
non-GET request on a match (and the deal-entry pages) without the right is answered 403
before its view runs.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

import click
from flask import Flask, current_app, g, has_app_context, render_template, request, session, url_for
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf.csrf import generate_csrf
from sqlalchemy import Engine, Table, bindparam, delete, insert, select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import lazyload
from werkzeug.exceptions import Forbidden, TooManyRequests

from scorer import games
from scorer.access import address
from scorer.store import db, log
from scorer.store.models import AccessGrant, GuessFailure, Match, WriteEvent

#: Session key: {str(match id): grant id}, oldest first.
RIGHTS = "edit"
#: A session cookie must stay under 4 KB: the oldest rights are forgotten first (the edit
#: link still works for those).
MAX_REMEMBERED = 40
#: ``app.extensions`` key: the features' own reasons this browser may change a match, each a
#: callable (match id) -> bool (an event's director at the event's tables, ``scorer.events``),
#: cheap for a browser the feature knows nothing of (a spectator's page asks it too).
EDITORS = "tafel_match_editors"
#: Session key: the grant id of an administrator's login.
ADMIN = "admin"
#: GET pages that exist only to change a match.
EDIT_PAGES = frozenset({"deals.new", "deals.correct"})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: Endpoints naming a match whose views check rights of their own (a team's confirmation at a
#: table, which a team's link gives without the match's edit right): :func:`guard` leaves them.
GUARDED_BY_VIEW: set[str] = set()
#: How the role of a seat's right begins (``scorer.access.seats``): a right to seal that seat's
#: estimate, no right to edit the match.
SEAT_ROLE_PREFIX = "seat-"


# --- keyed hashes and secrets ----------------------------------------------------------------


def _key() -> bytes:
    """The key of every keyed hash: ``EDIT_SECRET_KEY`` if configured, else the app's secret key."""
    config = current_app.config
    return str(config.get("EDIT_SECRET_KEY") or config["SECRET_KEY"]).encode()


def keyed_hash(purpose: str, value: str) -> str:
    """HMAC-SHA-256 (hex) of ``value`` for ``purpose``: without the key it can be neither made nor checked."""
    message = purpose.encode() + b"\0" + value.encode("utf-8", errors="replace")
    return hmac.new(_key(), message, hashlib.sha256).hexdigest()


def form_key_hash(form_key: str | None) -> str | None:
    """What is stored of a creating form's idempotency key (a replayed key from a copy finds nothing)."""
    return keyed_hash("tafel-form-key", form_key) if form_key else None


def derived_secret(nonce: str) -> str:
    """The edit secret a match's nonce gives with the app's key (128 bits, URL-safe)."""
    digest = hmac.new(_key(), b"tafel-edit-secret\0" + nonce.encode(), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def hash_secret(secret: str) -> str:
    return keyed_hash("tafel-edit-check", secret)


def new_secret(match: Match) -> str:
    """Give ``match`` a fresh edit secret (stored as nonce and keyed hash) and return it."""
    nonce = secrets.token_hex(16)
    secret = derived_secret(nonce)
    match.edit_nonce = nonce
    match.edit_secret_hash = hash_secret(secret)
    return secret


def _legacy_hash(secret: str) -> str:
    """The plain SHA-256 that matches made before keyed hashes hold until their secret is used."""
    return hashlib.sha256(secret.encode("utf-8", errors="replace")).hexdigest()


def secret_fits(match: Match, secret: str | None) -> bool:
    if not secret or not match.edit_secret_hash:
        return False
    if hmac.compare_digest(hash_secret(secret), match.edit_secret_hash):
        return True
    return match.edit_nonce is None and hmac.compare_digest(_legacy_hash(secret), match.edit_secret_hash)


def upgrade_legacy(match: Match, secret: str) -> None:
    """Store a fitting secret of an older match as a keyed hash (committed by the caller)."""
    if match.edit_nonce is None and match.edit_secret_hash != hash_secret(secret):
        match.edit_secret_hash = hash_secret(secret)


def shown_secret(match: Match) -> str | None:
    """The edit secret to show on a tablet that holds the right, when it can be derived.

    None for a match from before derived secrets (its secret is known only to its links) or
    when the app's key changed since (the derived secret would not fit).
    """
    if match.edit_nonce is None:
        return None
    secret = derived_secret(match.edit_nonce)
    return secret if secret_fits(match, secret) else None


# --- rights held: rows of access_grant, their ids in the session ----------------------------------


def _lifetime() -> float:
    return float(current_app.permanent_session_lifetime.total_seconds())


def _new_grant(
    match_id: int | None,
    admin_tag: str | None = None,
    event_id: int | None = None,
    event_role: str | None = None,
    *,
    commit: bool = True,
) -> str:
    """Store a right and return its id (committed, unless ``commit`` is false: the answer that
    sets the cookie may follow)."""
    db_session = db.session()
    grant_id = secrets.token_hex(16)
    now = time.time()
    db_session.add(
        AccessGrant(
            id=grant_id,
            match_id=match_id,
            admin_tag=admin_tag,
            event_id=event_id,
            event_role=event_role,
            created=now,
        )
    )
    pruned = current_app.extensions.setdefault("tafel_grants_pruned", [float("-inf")])
    if now - pruned[0] > 60:
        # Rights older than any session are unreachable: the table holds little more than
        # the live sessions' rights.
        pruned[0] = now
        db_session.execute(delete(AccessGrant).where(AccessGrant.created < now - _lifetime()))
    if commit:
        db_session.commit()
    return grant_id


def _grant_row(grant_id: object) -> AccessGrant | None:
    """The stored right with this id (looked up once per request), if it still exists."""
    if not isinstance(grant_id, str) or not grant_id:
        return None
    cache: dict[str, AccessGrant | None] = g.setdefault("tafel_grants", {})
    if grant_id not in cache and cache and not g.get("tafel_grants_read"):
        # A second right asked in one request (a series' page asks whether its reader directs
        # each of its forty evenings): every right the session names, read in one query. A
        # request that asks one (a table's save) reads that one alone.
        g.tafel_grants_read = True
        cache.update({held: row for held, row in _session_grants().items() if held not in cache})
    if grant_id not in cache:
        cache[grant_id] = _usable(db.session().get(AccessGrant, grant_id[:32]))
    return cache[grant_id]


#: Rights of a session read in one query at its second question, at most this many.
PREFETCHED = 200


def _session_grants() -> dict[str, AccessGrant | None]:
    """Every right this browser's session names (its maps of rights by match, event, series,
    club), read in one query."""
    named: set[str] = set()
    for value in session.values():
        for held in value.values() if isinstance(value, dict) else ():
            if isinstance(held, str) and held:
                named.add(held)
            elif isinstance(held, dict):
                named.update(item for item in held.values() if isinstance(item, str) and item)
    wanted = sorted(named)[:PREFETCHED]
    if not wanted:
        return {}
    found: dict[str, AccessGrant | None] = dict.fromkeys(wanted)
    rows = db.session().scalars(select(AccessGrant).where(AccessGrant.id.in_({w[:32] for w in wanted})))
    stored = {row.id: row for row in rows}
    for grant_id in wanted:
        found[grant_id] = _usable(stored.get(grant_id[:32]))
    return found


def grant_row(grant_id: object) -> AccessGrant | None:
    """The stored right a session names, if it still exists and grants."""
    return _grant_row(grant_id)


def new_match_grant(match_id: int, role: str) -> str:
    """Store a right of ``role`` in ``match_id`` (a seat's, ``scorer.access.seats``) and return its id."""
    return _new_grant(match_id, event_role=role)


def _usable(row: AccessGrant | None) -> AccessGrant | None:
    """The stored right, unless withdrawn: a withdrawn right is kept, marked, and grants nothing."""
    return row if row is None or row.revoked is None else None


def grant(match: Match, *, event_id: int | None = None, role: str | None = None) -> None:
    """Remember in this browser's session that it may edit ``match`` (a new right, by id);
    ``event_id`` and ``role``: the event that gave the right and in which role."""
    grant_all([match], event_id=event_id, role=role)


def grant_all(matches: Sequence[Match], *, event_id: int | None = None, role: str | None = None) -> None:
    """:func:`grant` for each of ``matches`` in turn, stored in one commit; the session keeps the
    last ``MAX_REMEMBERED`` rights, so only the last that many are stored at all (a round of
    250 tables stores 40 rights, not 250)."""
    kept = list(matches)[-MAX_REMEMBERED:]
    if not kept:
        return
    granted = {
        str(match.id): _new_grant(match.id, event_id=event_id, event_role=role, commit=False)
        for match in kept
    }
    db.session().commit()
    rights = {k: v for k, v in dict(session.get(RIGHTS) or {}).items() if k not in granted}
    rights.update(granted)
    while len(rights) > MAX_REMEMBERED:
        rights.pop(next(iter(rights)))
    session[RIGHTS] = rights
    session.permanent = True
    # The forms' token is made with the right, in the answer that sets the cookie: pages
    # opened at once next (a service worker's, a player's estimate page) all find it, and
    # none makes another that a later answer's cookie would throw away ("open too long").
    generate_csrf()


def new_event_grant(event_id: int, role: str | None = None) -> str:
    """Store the right to direct ``event_id`` (``role`` None) or a part of it (``office``); its id
    goes into the session, never the secret."""
    return _new_grant(None, event_id=event_id, event_role=role)


def new_table_grant(event_id: int, match_id: int, role: str) -> str:
    """Store a right of ``role`` at one table of an event (a team's confirmation); its id goes into
    the session under the event's own key, never among the match edit rights."""
    return _new_grant(match_id, event_id=event_id, event_role=role)


def table_grant_holds(grant_id: object, match_id: int, role: str) -> bool:
    """The stored right ``grant_id`` is a live right of ``role`` at the table of ``match_id``."""
    row = _grant_row(grant_id)
    return (
        row is not None
        and row.match_id == match_id
        and row.event_role == role
        and time.time() - row.created < _lifetime()
    )


def event_grant_holds(grant_id: object, event_id: int, role: str | None = None) -> bool:
    """The stored right ``grant_id`` is a live right of ``role`` to ``event_id`` (None: to direct it)."""
    row = _grant_row(grant_id)
    return (
        row is not None
        and row.event_id == event_id
        and row.event_role == role
        and time.time() - row.created < _lifetime()
    )


#: A club's series' office (``scorer.season``): its stored right keeps the series' id in the
#: event column, under this role (no event's right has it).
SERIES_ROLE = "series"


def new_series_grant(series_id: int) -> str:
    """Store the right to change ``series_id`` (its office) and return its id."""
    return _new_grant(None, event_id=series_id, event_role=SERIES_ROLE)


def series_grant_holds(grant_id: object, series_id: int) -> bool:
    """The stored right ``grant_id`` is a live right to change ``series_id``."""
    return event_grant_holds(grant_id, series_id, SERIES_ROLE)


#: The offices (a series', a club's) a browser's session remembers at most, the latest kept.
OFFICES_REMEMBERED = 20


def remember_office(key: str, owner_id: int, grant_id: str) -> None:
    """Keep in this browser's session (under ``key``) the right ``grant_id`` to the office of
    ``owner_id`` (a series, a club): the latest :data:`OFFICES_REMEMBERED`."""
    held = dict(session.get(key) or {})
    held[str(owner_id)] = grant_id
    while len(held) > OFFICES_REMEMBERED:
        held.pop(next(iter(held)))
    session[key] = held
    session.permanent = True


def office_grant(key: str, owner_id: int) -> object:
    """The right to ``owner_id``'s office this browser's session keeps under ``key``, if any."""
    return (session.get(key) or {}).get(str(owner_id))


#: A club's office (``scorer.season.club``): its stored right keeps the club's id in the event
#: column, under this role.
CLUB_ROLE = "club"


def new_club_grant(club_id: int) -> str:
    """Store the right to change ``club_id`` (its office) and return its id."""
    return _new_grant(None, event_id=club_id, event_role=CLUB_ROLE)


def club_grant_holds(grant_id: object, club_id: int) -> bool:
    """The stored right ``grant_id`` is a live right to change ``club_id``."""
    return event_grant_holds(grant_id, club_id, CLUB_ROLE)


def holds_right(match: Match) -> bool:
    """This browser's session holds a live right to edit ``match``.

    A match without an edit secret (made before they existed) grants no right by link.
    """
    if not match.edit_secret_hash:
        return False
    held = (session.get(RIGHTS) or {}).get(str(match.id))
    row = _grant_row(held)
    if row is not None:
        # A seat's right (its role names the seat) is no right to edit the match.
        seat = (row.event_role or "").startswith(SEAT_ROLE_PREFIX)
        return row.match_id == match.id and not seat and time.time() - row.created < _lifetime()
    if isinstance(held, str) and secret_fits(match, held):
        # A legacy cookie carries the secret itself, not a right's id: trade it for a
        # right by id, once, so that the tablets of a running evening keep their right. The
        # keyed hash, the new right and the pruning of old ones are written together, also
        # in a request whose session is in autocommit (a deal save's).
        db.writes_together()
        upgrade_legacy(match, held)
        grant(match)
        return True
    return False


def revoke_match_rights(match_id: int) -> None:
    """End every browser's right to edit ``match_id`` (committed by the caller)."""
    db.session().execute(delete(AccessGrant).where(AccessGrant.match_id == match_id))
    g.pop("tafel_grants", None)


def admin_configured() -> bool:
    return bool(current_app.config.get("ADMIN_PASSWORD"))


def _admin_tag() -> str | None:
    """A tag of the current admin password: changing the password ends every admin login."""
    password = current_app.config.get("ADMIN_PASSWORD")
    if not password:
        return None
    return keyed_hash("tafel-admin", str(password))


def password_fits(given: str) -> bool:
    password = current_app.config.get("ADMIN_PASSWORD")
    if not password:
        return False
    # The login form strips surrounding whitespace from what is typed, so the password too.
    return hmac.compare_digest(given.encode(), str(password).strip().encode())


def log_in_admin() -> None:
    session[ADMIN] = _new_grant(None, _admin_tag())


def log_out_admin() -> None:
    """End this login on the server: a copy of the cookie made before is no login either."""
    row = _grant_row(session.pop(ADMIN, None))
    if row is not None:
        db.session().execute(delete(AccessGrant).where(AccessGrant.id == row.id))
        db.session().commit()
        g.pop("tafel_grants", None)


def is_admin() -> bool:
    grant_id = session.get(ADMIN)
    if not grant_id:
        return False  # no login named: no keyed hash to make (every spectator's page asks)
    tag = _admin_tag()
    if tag is None:
        return False
    row = _grant_row(grant_id)
    if row is None or row.match_id is not None or not isinstance(row.admin_tag, str):
        return False
    fresh = time.time() - row.created < float(current_app.config["ADMIN_SESSION_SECONDS"])
    return fresh and hmac.compare_digest(row.admin_tag, tag)


def may_edit(match: Match) -> bool:
    """This request may change ``match`` (voided or not: see :func:`guard`)."""
    return is_admin() or holds_right(match) or edits_by_feature(match.id)


def edits_by_feature(match_id: int) -> bool:
    """A feature gives this browser the right to change the match (:data:`EDITORS`)."""
    return any(editor(match_id) for editor in current_app.extensions.get(EDITORS, ()))


# --- refusals ----------------------------------------------------------------------------


class EditRefused(Forbidden):
    """A change of a match this browser may not make."""

    def __init__(self, title: Any, explanation: Any, match_id: int | None = None) -> None:
        super().__init__()
        self.title = title
        self.explanation = explanation
        self.match_id = match_id


class GuessLimited(TooManyRequests):
    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after=retry_after)
        self.retry_after_seconds = retry_after


def refused_no_right(match_id: int) -> EditRefused:
    return EditRefused(
        _l("Only the tablets of this match may change it."),
        _l(
            "Open the edit link (scan the QR code on a tablet of this match) to enter "
            "deals here. Everyone else can follow the match read-only."
        ),
        match_id,
    )


def refused_voided(match_id: int) -> EditRefused:
    return EditRefused(_l("This match was voided."), _l("A voided match can no longer be changed."), match_id)


#: A match without its log (the view reads the log once, when it needs it) with the rights
#: this browser names that exist, in one query (a row per right found, or one without).
_MATCH_AND_GRANTS = (
    select(Match, AccessGrant)
    .outerjoin(AccessGrant, AccessGrant.id.in_(bindparam("grants", expanding=True)))
    .where(Match.id == bindparam("match_id"))
    .options(lazyload(Match.entries))
)


def _match_and_grants(match_id: int) -> Match | None:
    """The match ``match_id``, and the rights this browser's session names for it (its edit
    right, an administrator's login) looked up with it, for :func:`_grant_row`."""
    named = [(session.get(RIGHTS) or {}).get(str(match_id)), session.get(ADMIN) if _admin_tag() else None]
    wanted = [grant_id for grant_id in named if isinstance(grant_id, str) and grant_id]
    cache: dict[str, AccessGrant | None] = g.setdefault("tafel_grants", {})
    wanted = [grant_id for grant_id in wanted if grant_id not in cache]
    if not wanted:
        return db.session().get(Match, match_id, options=[lazyload(Match.entries)])
    rows = db.session().execute(_MATCH_AND_GRANTS, {"match_id": match_id, "grants": [w[:32] for w in wanted]})
    pairs = rows.all()
    if not pairs:
        return None
    found = {row.id: row for _match, row in pairs if row is not None}
    for grant_id in wanted:
        cache[grant_id] = _usable(found.get(grant_id[:32]))
    return pairs[0][0]


def seat_pages() -> frozenset[str]:
    """The endpoints of the games' seat pages (``Game.seat_page``)."""
    return frozenset(game.seat_page for game in games.registry().values() if game.seat_page)


def guard() -> None:
    """Refuse a change of a match before its view runs (so nothing is read from the form).

    Every non-GET request whose address names a match, and the deal-entry pages, need
    the right; a voided match refuses them all.
    """
    args = request.view_args or {}
    match_id = args.get("match_id")
    if not isinstance(match_id, int):
        return
    if request.method in SAFE_METHODS and request.endpoint not in EDIT_PAGES:
        return
    if request.endpoint in GUARDED_BY_VIEW:
        return
    if request.endpoint in seat_pages():
        return  # a seat's own page: its view asks for that seat's right, not the table's
    match = _match_and_grants(match_id)
    if match is None:
        return  # the view answers 404
    # Held for the request: the session keeps loaded rows only while something refers to
    # them, and the view reads the same match next (without this, a second query).
    g.tafel_guarded_match = match
    if not may_edit(match):
        raise refused_no_right(match_id)
    if request.endpoint in EDIT_PAGES:
        # The deal views read the match's log next: it is read here (the worker's kept state
        # of it, brought up to date) and handed on, rather than asking about voids apart.
        state = log.read(db.session(), match)
        g.tafel_guarded_log = (match_id, state)
        voided = state.voided
    else:
        voided = log.is_voided(db.session(), match_id)
    if voided:
        raise refused_voided(match_id)


# --- guessing ----------------------------------------------------------------------------

GUESSES: Table = GuessFailure.__table__  # type: ignore[assignment]
WRITES: Table = WriteEvent.__table__  # type: ignore[assignment]


class GuessLimiter:
    """Failed guesses per client address in a sliding window, counted in the database.

    Every worker process (and every server on one PostgreSQL database) reads and writes the
    same rows, so the bound is the limit itself, not the limit times the workers. A failure
    is written on a connection of its own in a short transaction: it is counted although
    the request is refused, and the request's session is neither committed nor rolled back.
    Rows that have left the window are deleted as new failures come (at most once a minute
    per process: on PostgreSQL each commit is a round trip and a sync), so the table holds
    little more than the last window's failures.

    Checking and counting are two steps: guesses from one address sent at once to several
    workers may pass the limit by one per request in flight (the 128-bit secret, not the
    limit, is what makes guessing hopeless).

    Without an engine (unit tests) the rows live in a private in-memory database.
    """

    def __init__(
        self,
        limit: int,
        window: float,
        clock: Callable[[], float] = time.time,
        engine: Engine | None = None,
        table: Table = GUESSES,
    ) -> None:
        self.table = table
        self.limit = limit
        self.window = window
        #: Seconds since the epoch: every process (and every server) must read the same clock.
        self.clock = clock
        self._lock: AbstractContextManager[Any] = contextlib.nullcontext()
        if engine is None:
            engine = db.make_engine("sqlite://")
            table.create(engine)
            self._lock = threading.Lock()  # its one connection is shared by every thread
        self.engine = engine
        self._pruned_at = float("-inf")

    def retry_after(self, who: str) -> int | None:
        """Seconds until ``who`` may guess again, or None when it may now."""
        now = self.clock()
        # A row from the future (the clock was set back since) is not counted: it would lock
        # the address out for as long as the clock went back.
        column = self.table.c
        recent = (
            select(column.at)
            .where(column.address == _address_key(who), column.at > now - self.window, column.at <= now)
            .order_by(column.at.desc())
            .limit(self.limit)
        )
        with self._lock, self.engine.connect() as connection:
            times = list(connection.scalars(recent))
        if len(times) < self.limit:
            return None
        # It may guess again once fewer than `limit` failures are left in the window, that is
        # when the limit-th newest leaves it.
        return max(1, int(times[-1] + self.window - now) + 1)

    def fail(self, who: str) -> None:
        """Count a wrong guess from ``who`` (committed at once, whatever becomes of the request).

        Call it before the request writes anything: on SQLite its transaction would wait for
        the request's.
        """
        now = self.clock()
        with self._lock:
            with self.engine.begin() as connection:
                connection.execute(insert(self.table).values(address=_address_key(who), at=now))
            if abs(now - self._pruned_at) < min(60.0, self.window / 10):
                return
            self._pruned_at = now
            try:
                with self.engine.begin() as connection:
                    connection.execute(delete(self.table).where(self.table.c.at <= now - self.window))
            except DBAPIError:
                # Two workers pruning the same rows at once may deadlock (PostgreSQL) or time
                # out (SQLite): the failure is already counted, and the next one prunes.
                if has_app_context():
                    current_app.logger.warning("pruning old guesses failed", exc_info=True)


def _address_key(who: str) -> str:
    return who[:64]  # the column's length; an IPv6 address has at most 45 characters


def limiter() -> GuessLimiter:
    return current_app.extensions["tafel_guess_limiter"]  # type: ignore[no-any-return]


def client_address() -> str:
    # Behind a reverse proxy, configure werkzeug's ProxyFix so this is the tablet's address.
    return request.remote_addr or "unknown"


def check_not_limited() -> None:
    """:raises GuessLimited: this address failed too often lately."""
    wait = limiter().retry_after(client_address())
    if wait is not None:
        raise GuessLimited(wait)


# --- anonymous writes ------------------------------------------------------------------------


class WriteLimited(TooManyRequests):
    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after=retry_after)
        self.retry_after_seconds = retry_after


def check_write(kind: str) -> None:
    """Count an anonymous write of ``kind`` (``new``, ``import``) from this address, or refuse it.

    Shared by every worker (the ``write_event`` table, like the guessing limit): one address
    may start ``WRITE_LIMIT`` such writes (``IMPORT_LIMIT`` imports) per ``WRITE_WINDOW_SECONDS``.
    Every try counts, refused by the engine or not: the work is done either way.

    :raises WriteLimited: this address wrote too often lately (nothing is read or stored).
    """
    writes: dict[str, GuessLimiter] = current_app.extensions["tafel_write_limiters"]
    limiter_ = writes.get(kind) or writes["new"]
    who = f"{kind}:{client_address()}"
    wait = limiter_.retry_after(who)
    if wait is not None:
        raise WriteLimited(wait)
    limiter_.fail(who)


# --- the match page's view of access ----------------------------------------------------------


@dataclass(frozen=True)
class MatchAccess:
    may_edit: bool
    voided: bool
    admin: bool
    edit_url: str | None
    watch_url: str
    void_form: Any = None


def match_access(match: Match, state: log.State) -> MatchAccess:
    """What the match page offers this browser: edit buttons, the links, the void form."""
    from scorer.web.forms import VoidForm

    holds = holds_right(match)
    secret = shown_secret(match) if holds else None
    void_form = None
    if is_admin() and not state.voided:
        void_form = VoidForm(formdata=None, version=str(state.version), prefix="void")
        void_form.fresh_key()
    return MatchAccess(
        may_edit=(holds or is_admin() or edits_by_feature(match.id)) and not state.voided,
        voided=state.voided,
        admin=is_admin(),
        edit_url=address.external_url("access.edit_link", match_id=match.id, secret=secret)
        if secret
        else None,
        watch_url=address.external_url("matches.show", match_id=match.id),
        void_form=void_form,
    )


def issue_secret(match_id: int) -> str:
    """Give a match a new edit secret; every earlier edit link and tablet right stops working
    (their rights are deleted on the server, whatever copies of a cookie exist).

    For a match made before edit secrets existed, or whose edit link went astray.

    :raises LookupError: there is no match ``match_id``.
    """
    session_ = db.session()
    match = session_.get(Match, match_id)
    if match is None:
        raise LookupError(match_id)
    # Access data, not the match's log: the entries stay as they are.
    secret = new_secret(match)
    revoke_match_rights(match_id)
    session_.commit()
    return secret


def init_app(app: Flask) -> None:
    @app.cli.command("edit-link")
    @click.argument("match_id", type=int)
    @click.option(
        "--base-url",
        default=None,
        help="the address the tablets reach this server at (default: this machine's on the local network, port 5000)",
    )
    def edit_link_command(match_id: int, base_url: str | None) -> None:
        """Issue a new edit link for MATCH_ID (earlier links and tablet rights end)."""
        try:
            secret = issue_secret(match_id)
        except LookupError:
            raise click.ClickException(f"there is no match {match_id}") from None
        with app.test_request_context(base_url=base_url or "http://localhost:5000"):
            # Given: as given; not given: an address another device can open (scorer.access.address).
            if base_url:
                click.echo(url_for("access.edit_link", match_id=match_id, secret=secret, _external=True))
            else:
                click.echo(address.external_url("access.edit_link", match_id=match_id, secret=secret))

    engine = app.extensions["tafel_engine"]
    window = float(app.config["WRITE_WINDOW_SECONDS"])
    app.extensions["tafel_write_limiters"] = {
        "new": GuessLimiter(int(app.config["WRITE_LIMIT"]), window, engine=engine, table=WRITES),
        "import": GuessLimiter(int(app.config["IMPORT_LIMIT"]), window, engine=engine, table=WRITES),
    }
    app.extensions["tafel_guess_limiter"] = GuessLimiter(
        int(app.config["GUESS_LIMIT"]),
        float(app.config["GUESS_WINDOW_SECONDS"]),
        engine=app.extensions["tafel_engine"],
    )
    app.before_request(guard)
    app.jinja_env.globals.update(
        match_access=match_access, admin_configured=admin_configured, is_admin=is_admin
    )

    @app.errorhandler(EditRefused)
    def edit_refused(error: EditRefused) -> tuple[str, int]:
        return render_template(
            "refusal.html",
            code=403,
            title=error.title,
            explanation=error.explanation,
            match_id=error.match_id,
            match_link=_l("Follow the match"),
        ), 403

    @app.errorhandler(WriteLimited)
    def write_limited(error: WriteLimited) -> tuple[str, int, dict[str, str]]:
        return _limited_page(
            _l("Too many new matches or imports from this address."), error.retry_after_seconds
        )

    @app.errorhandler(GuessLimited)
    def guess_limited(error: GuessLimited) -> tuple[str, int, dict[str, str]]:
        return _limited_page(_l("Too many wrong tries."), error.retry_after_seconds)

    def _limited_page(title: Any, retry_after_seconds: int) -> tuple[str, int, dict[str, str]]:
        minutes = max(1, (retry_after_seconds + 59) // 60)
        page = render_template(
            "refusal.html",
            code=429,
            title=title,
            explanation=ngettext(
                "Wait %(num)d minute, then try again.", "Wait %(num)d minutes, then try again.", minutes
            ),
            match_id=None,
        )
        return page, 429, {"Retry-After": str(retry_after_seconds)}
