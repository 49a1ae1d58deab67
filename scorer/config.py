"""Configuration: defaults, the database URL and the instance secret key."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask

from scorer import languages


def defaults(app: Flask) -> dict[str, Any]:
    return {
        "DATABASE_URL": "sqlite:///" + str(Path(app.instance_path) / "tafel.sqlite"),
        "SECRET_KEY": None,
        # A tablet stays open on the table for a whole evening (and an evening may start in
        # the afternoon and end past midnight): a token must outlive it. 24 h rather than
        # None, so a token copied from a page or a log cannot be replayed for ever.
        "WTF_CSRF_TIME_LIMIT": 24 * 3600,
        "BABEL_DEFAULT_LOCALE": languages.DEFAULT,
        # Times of entries are stored in UTC and shown at the table's clock.
        "BABEL_DEFAULT_TIMEZONE": "Europe/Zurich",
        "BABEL_TRANSLATION_DIRECTORIES": str(languages.LOCALES),
        "LANGUAGES": languages.LANGUAGES,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        # Tablets on a club's own Wi-Fi often reach the server over plain HTTP; behind HTTPS
        # set TAFEL_SESSION_COOKIE_SECURE=true (or SESSION_COOKIE_SECURE in instance/config.py).
        "SESSION_COOKIE_SECURE": False,
        # The session remembers which matches this tablet may edit (scorer.access.rights): it must
        # survive the browser being closed until the match is long over.
        "PERMANENT_SESSION_LIFETIME": timedelta(days=14),
        # The club administrator's password (TAFEL_ADMIN_PASSWORD); None: no administrator.
        "ADMIN_PASSWORD": None,
        # An administrator's login lasts one evening.
        "ADMIN_SESSION_SECONDS": 12 * 3600,
        # Wrong edit secrets or admin passwords from one address: after this many within the
        # window, every further try is answered 429 until the window is over.
        "GUESS_LIMIT": 10,
        "GUESS_WINDOW_SECONDS": 600,
        # Anonymous writes from one address per window, counted by every worker together
        # (scorer.access.rights.check_write): new matches, and imports (each up to
        # rules_engine.limits.MAX_DEALS deals). A club evening starts a few matches per table,
        # and a club's tablets may all reach a hosted server from one address.
        "WRITE_LIMIT": 120,
        "IMPORT_LIMIT": 30,
        "WRITE_WINDOW_SECONDS": 600,
        # The largest body of any request: an imported match or an API record at the engine's
        # limit (rules_engine.limits.MAX_RECORD_BYTES) as a form's file, with room for the form.
        "MAX_CONTENT_LENGTH": 512 * 1024,
        # The longest query string of any page address (scorer.web.views.bounded_address).
        "MAX_QUERY_LENGTH": 64 * 1024,
        # Match scoresheets (PDF) kept per process, one per match version, language and paper
        # (scorer.sheets.views); 0: none.
        "SCORESHEET_CACHE_SIZE": 64,
        # Deal rows of match screens kept per process (scorer.matches.kept): the last dozen deals
        # of a few hundred matches, as spectators and tablets see them; 0: none.
        "KEPT_ROWS": 8192,
        # An event's ranking as phones and the projector read it is computed again at most
        # once per this many seconds, by one server for all (scorer.events.snapshot); the
        # director and the office always see it live. 0: every reader live.
        "EVENT_RANKING_MAX_AGE": 2.0,
        # Computed by a process of its own beside each server process (started on first use),
        # not in the web worker's threads (scorer.events.refresher). False: in the worker.
        "EVENT_RANKING_PROCESS": True,
        # The address the table's other devices open (TAFEL_PUBLIC_URL, e.g. behind a proxy);
        # None: the address asked for, or this machine's on the local network
        # (scorer.access.address).
        "PUBLIC_URL": None,
    }


def instance_secret_key(app: Flask) -> str:
    """The key kept in ``instance/secret_key``, generated on first use.

    A generated key must survive restarts, or every open tablet's session and CSRF token
    would break when the server restarts. Every worker of a server starts at once and must
    sign with the same key: the first one's key is linked into place whole (a link is never
    made over an existing file), and every worker reads the key in place.
    """
    path = Path(app.instance_path) / "secret_key"
    key = _kept_key(path)
    if key:
        return key
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_name(f".secret_key.{os.getpid()}.{secrets.token_hex(4)}")
    # Readable by its owner only from the start, not after a chmod.
    with os.fdopen(
        os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w", encoding="utf-8"
    ) as kept:
        kept.write(secrets.token_hex(32) + "\n")
    try:
        os.link(fresh, path)
    except FileExistsError:
        if not _kept_key(path):  # an empty file (left by a crash): replaced whole
            os.replace(fresh, path)
    finally:
        fresh.unlink(missing_ok=True)
    return _kept_key(path)


def _kept_key(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return ""
