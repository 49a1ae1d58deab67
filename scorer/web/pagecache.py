"""Spectators' match pages, rendered once per match version: a tournament's final may draw a
thousand spectators.

What a spectator sees depends on the match's log and nothing of the viewer but the
language and the address asked for: no form, no token, no message of theirs. The log only
grows, and its last sequence number is the match's version, so a page rendered for one
version stays right until the next entry; the cache needs no invalidation, only a bound.
Tablets that may edit, administrators and pages carrying a flashed message are always
rendered afresh.

Each process keeps its own pages, at most ``PAGE_CACHE_SIZE`` (512): a Schieber page is
about 7 KB at 12 deals and 22 KB at 60, so some 10 MB a worker at worst. Every worker
renders a version once; pages of older versions are never asked for again and fall out. An ETag made from the same key lets a browser that reloads the page get
"304 Not Modified" without the page being sent again.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from flask import Flask, current_app, request, session
from sqlalchemy import bindparam, func, select
from werkzeug.wrappers import Response

from scorer.access import rights
from scorer.store import db
from scorer.store.models import Entry, Match
from scorer.web import i18n

Key = tuple[Any, ...]
#: What is kept: a page's text, or a PDF's bytes (scorer.sheets.views).
Page = TypeVar("Page", str, bytes)


class PageCache(Generic[Page]):
    """The most recently used pages, at most ``size`` of them."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._pages: OrderedDict[Key, Page] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key) -> Page | None:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def put(self, key: Key, page: Page) -> None:
        with self._lock:
            self._pages[key] = page
            self._pages.move_to_end(key)
            while len(self._pages) > self.size:
                self._pages.popitem(last=False)

    def __len__(self) -> int:
        return len(self._pages)


def cache() -> PageCache[str]:
    return current_app.extensions["tafel_page_cache"]  # type: ignore[no-any-return]


def plain_spectator(match_id: int) -> bool:
    """This browser holds no right to the match and has no message waiting to be shown."""
    granted = session.get(rights.RIGHTS) or {}
    return not rights.is_admin() and str(match_id) not in granted and not session.get("_flashes")


#: The match's creation time and last sequence number, built once: an open match page asks
#: for it every few seconds, so the statement is neither built nor compiled per request.
VERSION_QUERY = (
    select(Match.created, func.max(Entry.seq))
    .outerjoin(Entry, Entry.match_id == Match.id)
    .where(Match.id == bindparam("match_id"))
    .group_by(Match.id, Match.created)
)


def match_version(match_id: int) -> tuple[str, int] | None:
    """The match's creation time and its version (last sequence number); None: no such match.

    One indexed query, in the request's transaction (what the view renders next is read in
    the same one). The creation time is part of it because a restored database may hold
    other matches under the same numbers: their pages must not be served from before.
    """
    row = db.session().connection().execute(VERSION_QUERY, {"match_id": match_id}).first()
    return _version(row)


def quick_version(match_id: int) -> tuple[str, int] | None:
    """:func:`match_version` on a connection of its own, without the request's ORM session:
    for an answer that reads nothing else (a version poll, a 304), the cheaper way."""
    with db.engine().connect() as connection:
        row = connection.execute(VERSION_QUERY, {"match_id": match_id}).first()
    return _version(row)


def _version(row: Any) -> tuple[str, int] | None:
    if row is None:
        return None
    created, version = row
    return str(created), version or 0


def version_key(match_id: int) -> Key | None:
    """What a spectator's page of ``match_id`` depends on; None when there is no such match."""
    found = match_version(match_id)
    return None if found is None else _key(match_id, found)


def _key(match_id: int, found: tuple[str, int]) -> Key:
    created, version = found
    return spectator_key(match_id, created, version, request.full_path)


def spectator_key(match_id: int, created: str, version: int, full_path: str) -> Key:
    """The key of a spectator's page of ``match_id`` at ``version`` asked for at ``full_path``
    (as Werkzeug's ``request.full_path`` spells it) in this request's language and host:
    a page rendered for another request (a tablet's save) can be kept for spectators."""
    return (match_id, created, version, i18n.current(), request.host_url, full_path)


def etag(key: Key) -> str:
    return hashlib.sha256(repr(key).encode()).hexdigest()[:32]


def unchanged(tag: str) -> str | None:
    """The tag as the browser holds it when it asks with ``tag`` (If-None-Match), else None.

    Flask-Compress sends a compressed page's tag as ``tag:gzip`` (``:br``, ...): a browser
    holding that copy asks with it, and the copy it holds is as current as the tag.
    """
    for held in request.if_none_match.as_set():
        if held == tag or held.partition(":")[0] == tag:
            return held
    return None


def not_modified(held: str) -> Response:
    """304 for a page the browser holds, with the headers the full answer would carry."""
    response = Response(status=304, mimetype="text/html")
    response.set_etag(held)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.update(("Accept-Language", "Cookie"))
    return response


def spectator_page(match_id: int, render: Callable[[], str]) -> Response | str:
    """The match page for a plain spectator from the cache, or ``render()`` otherwise.

    A browser that holds the current version's page is answered 304 after one query, before
    any page is looked up, rendered or compressed. Only a plain spectator's page has a tag:
    a tablet that may edit (or has a message waiting) always gets its own page.
    """
    if not current_app.config.get("PAGE_CACHE_SIZE") or not plain_spectator(match_id):
        return render()
    if request.if_none_match and (found := quick_version(match_id)) is not None:
        held = unchanged(etag(_key(match_id, found)))
        if held is not None:
            return not_modified(held)
    key = version_key(match_id)
    if key is None:
        return render()  # the view answers 404
    page = cache().get(key)
    if page is None:
        page = render()
        cache().put(key, page)
    response = Response(page, mimetype="text/html")
    response.set_etag(etag(key))
    # The browser may keep the page but must ask again before showing it: a new deal
    # changes the tag.
    response.headers["Cache-Control"] = "no-cache"
    response.vary.update(("Accept-Language", "Cookie"))
    return response.make_conditional(request)


def init_app(app: Flask) -> None:
    app.extensions["tafel_page_cache"] = PageCache[str](int(app.config.get("PAGE_CACHE_SIZE") or 0))
