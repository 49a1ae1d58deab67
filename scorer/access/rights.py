"""Who may change a match: its edit secret, the club administrator.

A match gets a random edit secret when it is created or imported; only its SHA-256 is
stored (the secret has 128 random bits, so a fast hash is enough and a copy of the
database grants nothing). The creating browser's signed session remembers the secrets of
the matches it may edit, and the edit link ``/matches/<id>/edit/<secret>`` adds one on
another tablet. The session keeps the secret itself, not just the match id: the page can
then show the edit link as a QR code, and each right is checked against the stored hash on
every request. Everyone else sees the match read-only; every non-GET request on a match
(and the deal-entry pages) without the right is answered 403 before its view runs.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

import click
from flask import Flask, current_app, has_app_context, render_template, request, session, url_for
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from sqlalchemy import Engine, Table, delete, insert, select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import lazyload
from werkzeug.exceptions import Forbidden, TooManyRequests

from scorer.access import address
from scorer.store import db, log
from scorer.store.models import GuessFailure, Match

#: Session key: {str(match id): secret}, oldest first.
RIGHTS = "edit"
#: A session cookie must stay under 4 KB: the oldest rights are forgotten first (the edit
#: link still works for those).
MAX_REMEMBERED = 40
ADMIN = "admin"
#: GET pages that exist only to change a match.
EDIT_PAGES = frozenset({"deals.new", "deals.correct"})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


# --- secrets -----------------------------------------------------------------------------


def creator_secret(form_key: str | None) -> str:
    """The edit secret of a match created by the form with ``form_key``.

    Derived from the form's idempotency key with the app's secret key, so a double tap (two
    requests with one key, the first response lost) gives the creator the same secret; a
    form without a key gets a fresh random one. The key is a random UUID only that form's
    page ever carried.
    """
    if not form_key:
        return secrets.token_urlsafe(16)
    key = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(key, b"tafel-edit-secret\0" + form_key.encode(), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", errors="replace")).hexdigest()


def secret_fits(match: Match, secret: str | None) -> bool:
    if not secret or not match.edit_secret_hash:
        return False
    return hmac.compare_digest(hash_secret(secret), match.edit_secret_hash)


# --- rights in the session -----------------------------------------------------------------


def grant(match: Match, secret: str) -> None:
    """Remember in this browser's session that it may edit ``match``."""
    rights = {k: v for k, v in dict(session.get(RIGHTS) or {}).items() if k != str(match.id)}
    rights[str(match.id)] = secret
    while len(rights) > MAX_REMEMBERED:
        rights.pop(next(iter(rights)))
    session[RIGHTS] = rights
    session.permanent = True


def remembered_secret(match: Match) -> str | None:
    """The secret this session holds for ``match``, if it still fits."""
    secret = (session.get(RIGHTS) or {}).get(str(match.id))
    return secret if isinstance(secret, str) and secret_fits(match, secret) else None


def admin_configured() -> bool:
    return bool(current_app.config.get("ADMIN_PASSWORD"))


def _admin_tag() -> str | None:
    """A tag of the current admin password: changing the password ends every admin login."""
    password = current_app.config.get("ADMIN_PASSWORD")
    if not password:
        return None
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, b"tafel-admin\0" + str(password).encode(), hashlib.sha256).hexdigest()


def password_fits(given: str) -> bool:
    password = current_app.config.get("ADMIN_PASSWORD")
    if not password:
        return False
    # The login form strips surrounding whitespace from what is typed, so the password too.
    return hmac.compare_digest(given.encode(), str(password).strip().encode())


def log_in_admin() -> None:
    session[ADMIN] = {"tag": _admin_tag(), "since": int(time.time())}


def log_out_admin() -> None:
    session.pop(ADMIN, None)


def is_admin() -> bool:
    tag = _admin_tag()
    held = session.get(ADMIN)
    if tag is None or not isinstance(held, dict) or not isinstance(held.get("tag"), str):
        return False
    fresh = time.time() - float(held.get("since") or 0) < float(current_app.config["ADMIN_SESSION_SECONDS"])
    return fresh and hmac.compare_digest(held["tag"], tag)


def may_edit(match: Match) -> bool:
    """This request may change ``match`` (voided or not: see :func:`guard`)."""
    return is_admin() or remembered_secret(match) is not None


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
    # The match without its log: the view reads the log once, when it needs it.
    match = db.session().get(Match, match_id, options=[lazyload(Match.entries)])
    if match is None:
        return  # the view answers 404
    if not may_edit(match):
        raise refused_no_right(match_id)
    if log.is_voided(db.session(), match_id):
        raise refused_voided(match_id)


# --- guessing ----------------------------------------------------------------------------

GUESSES: Table = GuessFailure.__table__  # type: ignore[assignment]


class GuessLimiter:
    """Failed guesses per client address in a sliding window, counted in the database.

    Every worker process (and every server on one PostgreSQL database) reads and writes the
    same rows, so the bound is the limit itself, not the limit times the workers. A failure
    is written on a connection of its own in a short transaction: it is counted although
    the request is refused, and the request's session is neither committed nor rolled back.
    Rows that have left the window are deleted as new failures come (at most once a minute
    per process: on PostgreSQL each commit costs a few milliseconds), so the table holds
    little more than the last window's failures.

    Checking and counting are two steps: guesses from one address sent at once to several
    workers may pass the limit by one per request in flight (the 128-bit secret, not the
    limit, is what makes guessing hopeless).

    Without an engine (unit tests) the rows live in a private in-memory database.
    """

    def __init__(
        self, limit: int, window: float, clock: Callable[[], float] = time.time, engine: Engine | None = None
    ) -> None:
        self.limit = limit
        self.window = window
        #: Seconds since the epoch: every process (and every server) must read the same clock.
        self.clock = clock
        self._lock: AbstractContextManager[Any] = contextlib.nullcontext()
        if engine is None:
            engine = db.make_engine("sqlite://")
            GUESSES.create(engine)
            self._lock = threading.Lock()  # its one connection is shared by every thread
        self.engine = engine
        self._pruned_at = float("-inf")

    def retry_after(self, who: str) -> int | None:
        """Seconds until ``who`` may guess again, or None when it may now."""
        now = self.clock()
        # A row from the future (the clock was set back since) is not counted: it would lock
        # the address out for as long as the clock went back.
        recent = (
            select(GUESSES.c.at)
            .where(
                GUESSES.c.address == _address_key(who), GUESSES.c.at > now - self.window, GUESSES.c.at <= now
            )
            .order_by(GUESSES.c.at.desc())
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
                connection.execute(insert(GUESSES).values(address=_address_key(who), at=now))
            if abs(now - self._pruned_at) < min(60.0, self.window / 10):
                return
            self._pruned_at = now
            try:
                with self.engine.begin() as connection:
                    connection.execute(delete(GUESSES).where(GUESSES.c.at <= now - self.window))
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

    secret = remembered_secret(match)
    void_form = None
    if is_admin() and not state.voided:
        void_form = VoidForm(formdata=None, version=str(state.version), prefix="void")
        void_form.fresh_key()
    return MatchAccess(
        may_edit=(secret is not None or is_admin()) and not state.voided,
        voided=state.voided,
        admin=is_admin(),
        edit_url=address.external_url("access.edit_link", match_id=match.id, secret=secret)
        if secret
        else None,
        watch_url=address.external_url("matches.show", match_id=match.id),
        void_form=void_form,
    )


def issue_secret(match_id: int) -> str:
    """Give a match a new edit secret; every earlier edit link and tablet right stops working.

    For a match made before edit secrets existed, or whose edit link went astray.

    :raises LookupError: there is no match ``match_id``.
    """
    session_ = db.session()
    match = session_.get(Match, match_id)
    if match is None:
        raise LookupError(match_id)
    secret = secrets.token_urlsafe(16)
    # Access data, not the match's log: the entries stay as they are.
    match.edit_secret_hash = hash_secret(secret)
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

    @app.errorhandler(GuessLimited)
    def guess_limited(error: GuessLimited) -> tuple[str, int, dict[str, str]]:
        minutes = max(1, (error.retry_after_seconds + 59) // 60)
        page = render_template(
            "refusal.html",
            code=429,
            title=_l("Too many wrong tries."),
            explanation=ngettext(
                "Wait %(num)d minute, then try again.", "Wait %(num)d minutes, then try again.", minutes
            ),
            match_id=None,
        )
        return page, 429, {"Retry-After": str(error.retry_after_seconds)}
