"""Spectators' match pages, rendered once per match version: a tournament's final may draw a
thousand spectators.

What a spectator sees depends on the match's log and nothing of the viewer but the
language and the address asked for: no form, no token, no message of theirs. The log only
grows, and its last sequence number is the match's version, so a page rendered for one
version stays right until the next entry; the cache needs no invalidation, only a bound.
Tablets that may edit, administrators and pages carrying a flashed message are always
rendered afresh.

Two levels, both kept gzipped (a 22 KB page is about 4 KB), so that a kept page is not
compressed again for each browser that accepts gzip:

- each process keeps the pages it last used, at most ``PAGE_CACHE_SIZE`` (512);
- the server's processes share a directory of pages (:class:`PageStore`, at most
  ``PAGE_STORE_SIZE`` files under ``PAGE_STORE_DIR``, by default the instance folder's
  ``page-store``): a version is rendered once by the first worker asked for it, not once by
  each (and a tablet's entry panel likewise, scorer.deals.panel). The directory is only a
  cache: everything that matters is in the database, a file missing, unreadable or damaged
  is rendered again, and the directory may be deleted at any time. Its files are named by a
  hash of the key within a folder named by a hash of the code, the configuration and the
  database (:func:`namespace`): a new release, another database or a restored one never
  finds a page of before.

An attacker can multiply keys by sending other ``Host`` headers and query strings. Only the
match page's own addresses (no query, ``?view=board``, ``?deals=all``) and the first
``HOSTS_KEPT`` addresses a process sees are kept; any other is rendered for its request and
dropped, as a tablet's page is. Both levels are bounded whatever is asked.

An ETag made from the same key lets a browser that reloads the page get "304 Not Modified"
without the page being sent again.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import logging
import os
import shutil
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, Generic, TypeVar

from flask import Flask, current_app, request, session
from sqlalchemy import Engine, bindparam, func, select
from werkzeug.http import parse_accept_header
from werkzeug.sansio.utils import get_current_url
from werkzeug.wrappers import Response

from scorer.access import rights
from scorer.store import db
from scorer.store.models import Entry, Match
from scorer.web import i18n

log = logging.getLogger(__name__)

Key = tuple[Any, ...]
#: What is kept: a spectator's page (:class:`Kept`), a page's text, a PDF's bytes
#: (scorer.sheets.views), or a deal form's prepared choices (scorer.web.forms).
Page = TypeVar("Page")


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

    def clear(self) -> None:
        with self._lock:
            self._pages.clear()


@dataclass(frozen=True)
class Kept:
    """A spectator's page as kept: gzipped once, sent as it is to every browser taking gzip."""

    gzipped: bytes

    def text(self) -> bytes:
        return gzip.decompress(self.gzipped)


class PageStore:
    """Pages in a directory that every process of the server reads and writes.

    A page is one file, named by its key's hash, written whole to a temporary file and renamed
    into place, so a reader finds the old file, the new one or none, never half of one. Its
    first line holds the key's hash and the body's: a file damaged, truncated or put there by
    hand under another name is not served but removed, and the page rendered again. The files
    are spread over up to 256 folders; each folder holds at most ``size // folders`` pages and
    a write that overfills one removes its least recently used (a file served is touched), so
    the directory never holds more than ``size`` pages. Every failure of the file system is a
    page not kept (logged once), never an error for the reader.
    """

    #: A temporary file older than this was left by a process that died while writing.
    STALE_SECONDS = 60.0
    #: Another namespace's folder (an earlier release, another database) untouched this long
    #: is removed when a store is opened beside it; a store in use touches its own hourly.
    UNUSED_SECONDS = 24 * 3600.0

    def __init__(self, directory: Path, size: int) -> None:
        self.directory = directory
        self.folders = max(1, min(256, size // 16))
        self.per_folder = max(1, size // self.folders)
        self._made: set[Path] = set()
        self._warned = False
        self._touched = 0.0

    def sweep(self) -> None:
        """Remove the folders of other namespaces beside this one that nobody used for a day."""
        now = time.time()
        try:
            for other in self.directory.parent.iterdir():
                if other != self.directory and other.is_dir():
                    if now - other.stat().st_mtime > self.UNUSED_SECONDS:
                        shutil.rmtree(other, ignore_errors=True)
        except OSError:
            pass

    def _path(self, digest: str) -> Path:
        return self.directory / f"{int(digest[:4], 16) % self.folders:02x}" / digest

    def get(self, digest: str) -> bytes | None:
        path = self._path(digest)
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        header, _newline, body = raw.partition(b"\n")
        if header != f"{digest} {hashlib.sha256(body).hexdigest()}".encode():
            self._remove(path)
            return None
        try:
            os.utime(path)  # recently used: the last to be removed
        except OSError:
            pass
        return body

    def put(self, digest: str, body: bytes) -> None:
        path = self._path(digest)
        folder = path.parent
        try:
            if folder not in self._made:
                folder.mkdir(parents=True, exist_ok=True, mode=0o700)
                self._made.add(folder)
            if time.time() - self._touched > 3600:
                os.utime(self.directory)  # in use: not swept by another release's store
                self._touched = time.time()
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tmp-")
            try:
                with os.fdopen(handle, "wb") as file:
                    file.write(f"{digest} {hashlib.sha256(body).hexdigest()}\n".encode() + body)
                os.replace(temporary, path)
            except BaseException:
                self._remove(Path(temporary))
                raise
            self._bound(folder)
        except OSError as error:
            self._made.discard(folder)  # the directory may have been removed: made again next time
            if not self._warned:
                self._warned = True
                log.warning("spectator pages are not shared between workers: %s", error)

    def _bound(self, folder: Path) -> None:
        """Remove the folder's least recently used pages beyond its share, and stale temporaries."""
        pages: list[tuple[float, str]] = []
        now = time.time()
        with os.scandir(folder) as entries:
            for entry in entries:
                try:
                    used = entry.stat().st_mtime
                except OSError:
                    continue  # removed meanwhile by another process
                if not entry.name.startswith("."):
                    pages.append((used, entry.path))
                elif now - used > self.STALE_SECONDS:
                    self._remove(Path(entry.path))
        if len(pages) > self.per_folder:
            pages.sort()
            for _used, name in pages[: len(pages) - self.per_folder]:
                self._remove(Path(name))

    @staticmethod
    def _remove(path: Path) -> None:
        try:
            path.unlink()
        except OSError:
            pass  # removed by another process, or never there

    def __len__(self) -> int:
        """Pages held (for tests and the curious: reads the directory)."""
        try:
            return sum(
                1
                for folder in self.directory.iterdir()
                if folder.is_dir()
                for page in folder.iterdir()
                if not page.name.startswith(".")
            )
        except OSError:
            return 0


#: Query strings of the match page's own links: the deal list, the chalk board, every deal.
KEPT_QUERIES = frozenset({b"", b"view=board", b"deals=all"})
#: Addresses (scheme, host, port) a process keeps pages for: the first this many it sees. A
#: server is reached under a few names; more are someone making up ``Host`` headers.
HOSTS_KEPT = 16


@functools.lru_cache(maxsize=4)
def _code_signature(*folders: Path) -> str:
    """A hash of every file's name, size and time of change under ``folders`` (templates,
    catalogs, static files and code): a release that changes any of them renders anew."""
    stamps = []
    for folder in folders:
        for root, names, files in os.walk(folder):
            names[:] = sorted(name for name in names if name != "__pycache__")
            for name in sorted(files):
                status = os.stat(os.path.join(root, name))
                stamps.append(f"{root}/{name} {status.st_size} {status.st_mtime_ns}")
    return hashlib.sha256("\n".join(stamps).encode()).hexdigest()


def namespace(app: Flask) -> str:
    """What the pages of this app's store depend on besides their key: the code and files it
    serves, its configuration (the public address, the time zone, ...) and its database.
    Secrets are left out of the hash; the database's address is in it (a hash of it)."""
    import rules_engine

    code = _code_signature(Path(app.root_path), Path(rules_engine.__file__).parent)
    settings = sorted(
        (name, _setting(value))
        for name, value in app.config.items()
        if "SECRET" not in name and "PASSWORD" not in name
    )
    return hashlib.sha256(repr((code, settings)).encode()).hexdigest()[:24]


def _setting(value: Any) -> str:
    """A setting as every process writes it: plain values and their lists and mappings (a
    function's or an object's text names its address in one process, a set's order its hash
    seed: left out)."""
    if value is None or isinstance(value, (str, int, float, timedelta)):
        return repr(value)
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        return type(value).__name__


class SharedPages:
    """The process's pages in front of the server's :class:`PageStore` (when there is one)."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.hosts: set[str] = set()
        self._lock = threading.Lock()
        self._store: PageStore | None = None
        self._opened = False

    def store(self) -> PageStore | None:
        if not self._opened:
            with self._lock:
                if not self._opened:
                    self._store = _open_store(self.app)
                    self._opened = True
        return self._store

    def keeps(self, key: Key) -> bool:
        """Whether this page may be kept: one of the match page's own addresses, of a host
        among the first few this process was asked under."""
        if request.query_string not in KEPT_QUERIES or request.path.rpartition("/")[2] != str(key[0]):
            return False
        return self.keeps_address(key)

    def keeps_address(self, key: Key) -> bool:
        """Whether pages of this key's address may be kept: among the first few asked under."""
        address = key[4]
        if address in self.hosts:
            return True
        with self._lock:
            if len(self.hosts) >= HOSTS_KEPT:
                return False
            self.hosts.add(address)
        return True


def _open_store(app: Flask) -> PageStore | None:
    size = int(app.config.get("PAGE_STORE_SIZE") or 0)
    if size <= 0:
        return None
    root = Path(app.config.get("PAGE_STORE_DIR") or Path(app.instance_path) / "page-store")
    store = PageStore(root / namespace(app), size)
    store.sweep()
    return store


def cache() -> PageCache[Kept]:
    return current_app.extensions["tafel_page_cache"]  # type: ignore[no-any-return]


def shared() -> SharedPages:
    return current_app.extensions["tafel_page_store"]  # type: ignore[no-any-return]


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
    reader: VersionReader = current_app.extensions["tafel_version_reader"]
    if not reader.direct:
        with db.lone_read_engine().connect() as connection:
            row = connection.execute(VERSION_QUERY, {"match_id": match_id}).first()
        return _version(row)
    return _version(reader.read(match_id))


class VersionReader:
    """:data:`VERSION_QUERY` sent straight through the driver, on a connection of the engine's
    pool (checked out with its pre-ping, given back as any other).

    An open match page asks for its version every few seconds, and a version poll is little
    more than this one statement: SQLAlchemy's execution around it (a Connection, the cache
    of compiled statements, the result's rows) was much of the poll's own work. The statement
    is compiled once per app; the creation time goes through the column type's own reading of
    the driver's value, so that the key is the one every other path makes.

    On PostgreSQL (psycopg) the statement runs in autocommit, as :func:`db.lone_reads` does it:
    no BEGIN and ROLLBACK travel with it. SQLite's driver begins no transaction for a read.
    Any other driver goes through SQLAlchemy as before (:attr:`direct` False).
    """

    def __init__(self, engine: Engine) -> None:
        dialect = engine.dialect
        compiled = VERSION_QUERY.compile(dialect=dialect)
        self.engine = engine
        self.sql = compiled.string
        self.positional = bool(compiled.positional)
        created = Match.__table__.c.created.type
        self._created = created.dialect_impl(dialect).result_processor(dialect, None)
        self.autocommit = dialect.name == "postgresql" and dialect.driver == "psycopg"
        self.direct = dialect.name == "sqlite" or self.autocommit

    def read(self, match_id: int) -> tuple[Any, Any] | None:
        connection = self.engine.raw_connection()
        try:
            row = self.execute(connection.driver_connection, match_id)
        except BaseException:
            # Whatever state the driver was left in (autocommit, a statement half read), the
            # connection goes, and the pool opens a new one.
            connection.invalidate()
            raise
        finally:
            connection.close()
        if row is None:
            return None
        created, version = row
        return (created if self._created is None else self._created(created)), version

    def execute(self, driver: Any, match_id: int) -> Any:
        """The statement on the driver's connection ``driver``; its one row, or None."""
        params = (match_id,) if self.positional else {"match_id": match_id}
        before = driver.autocommit if self.autocommit else None
        if self.autocommit:
            driver.autocommit = True
        try:
            cursor = driver.cursor()
            try:
                cursor.execute(self.sql, params)
                return cursor.fetchone()
            finally:
                cursor.close()
        finally:
            if self.autocommit:
                driver.autocommit = before


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
    """The match, its version, the language, and the address as the page shows it: its links
    to share name the public address (``PUBLIC_URL``, else the host asked for), its language
    links the path and query asked for."""
    created, version = found
    return spectator_key(match_id, created, version, request.full_path)


def spectator_key(match_id: int, created: str, version: int, full_path: str) -> Key:
    """The key of a spectator's page of ``match_id`` at ``version`` asked for at ``full_path``
    (as Werkzeug's ``request.full_path`` spells it) in this request's language and address:
    a page rendered for another request (a tablet's save) can be kept for spectators."""
    address = current_app.config.get("PUBLIC_URL") or host_url(request.scheme, request.host)
    return (match_id, created, version, i18n.current(), address, request.script_root, full_path)


@functools.lru_cache(maxsize=64)
def host_url(scheme: str, host: str) -> str:
    """Werkzeug's ``request.host_url`` for ``scheme`` and ``host``, made once per address: it
    takes the address apart and puts it together again (IDNA, quoting), some 15 µs of every
    spectator's page and 304. The bound holds against made-up ``Host`` headers."""
    return get_current_url(scheme, host)


def etag(key: Key) -> str:
    return digest(key)[:32]


def digest(key: Key) -> str:
    """The key's hash: the store's file name, and the page's tag is its start."""
    return hashlib.sha256(repr(key).encode()).hexdigest()


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
    response.headers["Vary"] = VARY
    return response


#: What a spectator's page depends on besides its address (Flask-Compress adds
#: Accept-Encoding to a page it may compress). Set whole, not parsed and written again.
VARY = "Accept-Language, Cookie"
#: The same, for a page sent gzipped as kept.
VARY_GZIP = "Accept-Encoding, Accept-Language, Cookie"
#: Request headers that make an answer conditional (or partial): only then is the page's
#: answer passed through Werkzeug's ``make_conditional``, which parses them all.
CONDITIONAL = (
    "HTTP_IF_NONE_MATCH",
    "HTTP_IF_MATCH",
    "HTTP_IF_MODIFIED_SINCE",
    "HTTP_IF_UNMODIFIED_SINCE",
    "HTTP_RANGE",
)


@functools.lru_cache(maxsize=64)
def _takes_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header as sent takes gzip (Werkzeug's reading of it), parsed
    once per header: a browser sends the same one with every request."""
    return bool(parse_accept_header(accept_encoding)["gzip"])


def _kept(key: Key, render: Callable[[], str]) -> Kept:
    """The page of ``key``: this process's copy, the store's, or rendered (and kept in both)."""
    found = _found(key)
    return found if found is not None else _keep(key, render())


def _found(key: Key) -> Kept | None:
    """The page of ``key`` as this process keeps it, else as the store does (then kept here too)."""
    found = cache().get(key)
    if found is not None:
        return found
    store = shared().store()
    body = store.get(digest(key)) if store is not None else None
    if body is None:
        return None
    found = Kept(body)
    cache().put(key, found)
    return found


#: The gzip level of a page kept by a save (:func:`keep`): the fastest. Level 6 (Flask-Compress's)
#: took 0.26 ms of every save for a 16 KB page and level 1 0.10 ms; its copy is some 15 % larger
#: (4.4 KB, not 3.8 KB), sent once per spectator and version. A spectator's page rendered by
#: a spectator keeps ``COMPRESS_LEVEL``, off the saves' path.
KEEP_LEVEL = 1


def _keep(key: Key, page: str, level: int | None = None) -> Kept:
    if level is None:
        level = int(current_app.config.get("COMPRESS_LEVEL", 6))
    found = Kept(gzip.compress(page.encode(), level, mtime=0))
    store = shared().store()
    if store is not None:
        store.put(digest(key), found.gzipped)
    cache().put(key, found)
    return found


def keep(key: Key, page: str) -> None:
    """Keep ``page``, rendered by another request (a tablet's save), as the spectators' page
    of ``key`` (:func:`spectator_key`, one of the match page's own addresses): in this process
    and in the store the workers share, so that no spectator renders it again."""
    if current_app.config.get("PAGE_CACHE_SIZE") and shared().keeps_address(key):
        _keep(key, page, int(current_app.config.get("PAGE_KEEP_COMPRESS_LEVEL", KEEP_LEVEL)))


def spectator_page(match_id: int, render: Callable[[], str]) -> Response | str:
    """The match page for a plain spectator from the cache, or ``render()`` otherwise.

    The match's version is read once, on a connection of its own (:func:`quick_version`): a
    browser that holds the current version's page is answered 304, and a page kept for that
    version (here or in the store) is sent, without the request's database session. Only a
    page to render reads the version again, in the request's transaction, so that the page
    is kept under the version it shows (a save may come between). Only a plain spectator's
    page has a tag: a tablet that may edit (or has a message waiting) always gets its own page.
    """
    if not current_app.config.get("PAGE_CACHE_SIZE") or not plain_spectator(match_id):
        return render()
    found = quick_version(match_id)
    if found is None:
        return render()  # the view answers 404
    key = _key(match_id, found)
    if request.if_none_match:
        held = unchanged(etag(key))
        if held is not None:
            return not_modified(held)
    kept = _found(key) if shared().keeps(key) else None
    if kept is None:
        rendered = version_key(match_id)
        if rendered is None:
            return render()  # removed meanwhile: the view answers 404
        key = rendered
    tag = etag(key)
    if not shared().keeps(key):
        response = Response(render(), mimetype="text/html")
        response.set_etag(tag)
        response.headers["Vary"] = VARY
    elif _takes_gzip(request.headers.get("Accept-Encoding", "")):
        # Sent as kept, with the tag and headers Flask-Compress gives a page it compressed
        # (it leaves an answer already encoded alone).
        response = Response((kept or _kept(key, render)).gzipped, mimetype="text/html")
        response.headers["Content-Encoding"] = "gzip"
        response.set_etag(f"{tag}:gzip")
        response.headers["Vary"] = VARY_GZIP
    else:
        response = Response((kept or _kept(key, render)).text(), mimetype="text/html")
        response.set_etag(tag)
        response.headers["Vary"] = VARY
    # The browser may keep the page but must ask again before showing it: a new deal
    # changes the tag.
    response.headers["Cache-Control"] = "no-cache"
    environ = request.environ
    if any(name in environ for name in CONDITIONAL):
        return response.make_conditional(request)
    return response


def init_app(app: Flask) -> None:
    app.extensions["tafel_version_reader"] = VersionReader(app.extensions["tafel_engine"])
    app.extensions["tafel_page_cache"] = PageCache[Kept](int(app.config.get("PAGE_CACHE_SIZE") or 0))
    app.extensions["tafel_page_store"] = SharedPages(app)
