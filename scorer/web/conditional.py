"""Conditional GET: pages that many people read carry an ETag and honest caching headers.

A match's log only grows, and its last sequence number is the match's version: a page drawn
from the log alone (a spectator's match page, its version poll, a scoresheet) is the same
bytes for every reader of that version in one language. Tagged with the version, it is
answered "304 Not Modified" after one indexed query to a browser or a reverse proxy that
holds it, and a shared cache may keep it a moment (``deploy/nginx.conf``). A page that
carries something of its reader (edit rights, CSRF tokens, the entry panel) is marked
private and never stored.
"""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path
from typing import Any, TypeVar

from flask import request
from sqlalchemy import bindparam, func, select
from werkzeug.wrappers import Response

from scorer.store import db
from scorer.store.models import Entry, Match

Answer = TypeVar("Answer", bound=Response)

#: How long a shared cache (a reverse proxy) may serve a page for everyone without asking
#: again; browsers ask every time (``max-age=0``) and get 304 while the version stays.
SHARED_SECONDS = 1
#: A page the same for every reader: browsers revalidate, shared caches keep it a moment.
SHARED = f"public, max-age=0, s-maxage={SHARED_SECONDS}"
#: A page of one reader's own (a tablet's panel, its tokens, a message for it).
PRIVATE = "private, no-store"
#: What a page that many read depends on besides its address: the language is chosen from the
#: session or the language cookie, else from Accept-Language; the session also holds rights.
VARY = ("Accept-Language", "Cookie")

#: The match's creation time and last sequence number.
VERSION_QUERY = (
    select(Match.created, func.max(Entry.seq))
    .outerjoin(Entry, Entry.match_id == Match.id)
    .where(Match.id == bindparam("match_id"))
    .group_by(Match.id, Match.created)
)


def match_version(match_id: int) -> tuple[str, int] | None:
    """The match's creation time and its version (last sequence number); None: no such match.

    The creation time is part of it because a restored database may hold other matches
    under the same numbers: their pages must not match a tag given before.
    """
    row = db.session().connection().execute(VERSION_QUERY, {"match_id": match_id}).first()
    if row is None:
        return None
    created, version = row
    return str(created), version or 0


@functools.lru_cache(maxsize=1)
def release() -> str:
    """A stamp of the files this server runs (the app's and the engine's: names, sizes, times
    of change), the same in every worker: a page's tag includes it, so that a copy an earlier
    release made is never confirmed as current after an upgrade."""
    import rules_engine

    stamps = []
    for folder in (Path(__file__).resolve().parents[1], Path(rules_engine.__file__).resolve().parent):
        for root, names, files in os.walk(folder):
            names[:] = sorted(name for name in names if name != "__pycache__")
            for name in sorted(files):
                status = os.stat(os.path.join(root, name))
                stamps.append(f"{root}/{name} {status.st_size} {status.st_mtime_ns}")
    return hashlib.sha256("\n".join(stamps).encode()).hexdigest()[:16]


def etag(parts: tuple[Any, ...]) -> str:
    """A tag for the representation that ``parts`` determine."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def held(tag: str) -> str | None:
    """The tag as the browser holds it when its If-None-Match names ``tag``, else None: as sent,
    or as Flask-Compress sends a compressed copy's tag (``tag:gzip``), as current as the tag."""
    for sent in request.if_none_match.as_set():
        if sent.partition(":")[0] == tag:
            return str(sent)
    return None


def shared(response: Answer, tag: str, *, vary: tuple[str, ...] = VARY) -> Answer:
    """``response`` tagged and marked for every cache (browsers ask again each time)."""
    response.set_etag(tag)
    response.headers["Cache-Control"] = SHARED
    for header in vary:
        response.vary.add(header)
    return response


def not_modified(held: str, *, mimetype: str = "text/html", vary: tuple[str, ...] = VARY) -> Response:
    """304 for the copy tagged ``held`` that the browser or the proxy holds, with the headers
    the whole answer has."""
    return shared(Response(status=304, mimetype=mimetype), held, vary=vary)


def private(response: Answer) -> Answer:
    """``response`` kept by no cache: it carries something of its reader."""
    response.headers["Cache-Control"] = PRIVATE
    response.vary.add("Cookie")
    return response
