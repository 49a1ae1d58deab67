"""Load benchmark: a club evening at tournament scale against the app as served, on loopback.

200 tables each enter a deal every few seconds while 1,000 spectators poll match pages and a
few probes poll a bare Flask route in the same server, under the same load. A table is a real
tablet's browser on the match page's entry panel: it opens the match page once (the panel
with it) and fetches what the page links to that it has not kept (stylesheet, scripts, icon,
manifest, kept as their ``Cache-Control`` allows: a content-hashed file for a year; the QR
codes load lazily inside the closed share section, so it asks for none); then each deal is one
htmx post of the panel answered by the match screen with a fresh panel (``HX-Request``), whose
tokens the next deal sends. While the page is open it asks for the match's version every
3 s with the last answer's ETag, as static/tafel.js does (304 while nothing changed). It
accepts compressed responses. After a failed save it opens the match page again. Every match
starts at 60 deals (written straight into the log before the evening) and grows from there.
Bounded: a fixed number of virtual users for a fixed time. Reports p50/p99 latency per kind of
request, errors, and lost entries (acknowledged deals missing from the database, or stored
twice). Runs on SQLite, then on PostgreSQL when a server database is given:

    .venv/bin/python bench/load.py                                     # SQLite only
    bash scripts/with-postgres.sh .venv/bin/python bench/load.py       # SQLite, then PostgreSQL
    .venv/bin/python bench/load.py --seconds 20 --no-write             # a quick look

The browsers talk to nginx (``deploy/nginx.conf``, started by ``tests/helpers/proxy.py``) in
front of Granian, as README.md serves a tournament: nginx answers the spectators' pages and
version polls from its cache for the second the app allows, and the run reports its answers
by cache status; ``--direct`` talks to Granian alone. The client is one asyncio process
speaking plain HTTP/1.1, with each table's own session cookie and real CSRF tokens. Each
virtual user keeps its connections open as a browser does: the next request goes on an idle
one while the server keeps it (nginx keeps an idle one for 75 s, Granian for 15 s: a tablet
polling every 3 s and a spectator reloading every 10 s each keep one connection all
evening), a second connection when
one is busy (a table's save while its poll is out), and a request is sent again on a new
connection when a kept one turns out closed before any answer came. ``--connection close``
opens one per request instead. Refreshes its own section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.results import write_section  # noqa: E402 - importable once the checkout is on the path
from scorer import create_app, served_app  # noqa: E402
from scorer.web import serving  # noqa: E402

BEGIN, END = "<!-- bench/load.py: begin -->", "<!-- bench/load.py: end -->"
HEADING = "## Load (bench/load.py)"
#: ``--collector python`` writes a section of its own, beside the served collector's.
PYTHONS = (
    "<!-- bench/load.py --collector python: begin -->",
    "<!-- bench/load.py --collector python: end -->",
    "## Load with Python's own collector in the workers (bench/load.py --collector python)",
)
HOST = "127.0.0.1"
BARE = "/bench/bare"
CONTRACTS = ("H", "D", "S", "C", "obenabe", "undenufe")


def app() -> Any:
    """The app as served, plus the bare route (the server's factory: ``bench.load:app``)."""
    # --collector python: the workers keep Python's own collector (scorer.web.collector, compared).
    flask_app = create_app() if os.environ.get(COLLECTOR) == "python" else served_app()
    flask_app.add_url_rule(BARE, "bench_bare", lambda: "ok")
    counter = os.environ.get(RENDERS)
    if counter:
        # Every worker appends a byte to one file per match screen it renders (a spectator's
        # page that no cache answered, or a tablet's): the run reports how many of the
        # spectators' answers were rendered.
        from scorer.matches import views

        shown, tally = views.screen, os.open(counter, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

        def counted(*args: Any, **kwargs: Any) -> str:
            os.write(tally, b".")
            return shown(*args, **kwargs)

        views.screen = counted
    return flask_app


#: The environment variable naming the file the workers count renders in (:func:`app`).
RENDERS = "BENCH_RENDER_COUNT"
#: The environment variable telling the workers which collector to keep (:func:`app`).
COLLECTOR = "BENCH_COLLECTOR"


def rendered_so_far(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


# --- a minimal HTTP/1.1 client ---------------------------------------------------------------


@dataclass
class Reply:
    status: int
    headers: dict[str, list[str]]
    body: str


Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter]


class Closed(Exception):
    """A kept connection the server had closed before any of the answer came: sent again."""


class Browser:
    """One virtual user: its cookies, its open connections, and the port of the server.

    As a browser does, it keeps a connection open after an answer and sends its next request
    on it while the server keeps it (until the server closes one idle for a while, or says
    ``Connection: close``); two requests at once (a table's save and its version poll) use
    two connections. A request sent on a kept connection that the server had just closed gets
    no answer at all: it is sent again on a new one, as browsers do (a save carries its
    idempotency key, so a second copy could never be stored twice). With :attr:`close`: a new
    connection per request and ``Connection: close`` (the model before keep-alive).
    """

    #: Connections opened by every browser so far (the run reports them per request).
    opened = 0
    #: A new connection per request (``--connection close``) rather than kept ones.
    close = False

    def __init__(self, port: int, timeout: float) -> None:
        self.port = port
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        #: Address -> until when (monotonic) this browser may use its kept copy.
        self.kept: dict[str, float] = {}
        self._idle: list[Connection] = []

    def must_fetch(self, path: str) -> bool:
        return self.kept.get(path, 0.0) <= time.monotonic()

    def keep(self, path: str, reply: Reply) -> None:
        """Keep a reply as long as its Cache-Control allows (``max-age``, not ``no-store``/``no-cache``)."""
        control = ",".join(reply.headers.get("cache-control", [])).replace(" ", "")
        found = re.search(r"max-age=(\d+)", control)
        if found and "no-store" not in control and "no-cache" not in control:
            self.kept[path] = time.monotonic() + int(found.group(1))

    async def request(
        self,
        method: str,
        path: str,
        data: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        body = urlencode(data).encode() if data is not None else b""
        sent = {
            "Host": f"{HOST}:{self.port}",
            "Connection": "close" if self.close else "keep-alive",
            "Accept-Language": "en",
            "Accept-Encoding": "gzip",
            **(headers or {}),  # a header given replaces the browser's own
        }
        lines = [f"{method} {path} HTTP/1.1"] + [f"{name}: {value}" for name, value in sent.items()]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if data is not None:
            lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
        message = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        while True:
            reused = bool(self._idle)
            connection = self._idle.pop() if reused else await self._open()
            try:
                status, headers_got, raw, keep = await asyncio.wait_for(
                    self._exchange(connection, message, reused), self.timeout
                )
            except Closed:
                connection[1].close()
                continue
            except BaseException:
                connection[1].close()
                raise
            break
        if keep and not self.close:
            self._idle.append(connection)
        else:
            connection[1].close()
        for cookie in headers_got.get("set-cookie", []):
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        if "gzip" in headers_got.get("content-encoding", []):
            raw = gzip.decompress(raw)
        return Reply(status, headers_got, raw.decode("utf-8", errors="replace"))

    async def _open(self) -> Connection:
        connection = await asyncio.wait_for(asyncio.open_connection(HOST, self.port), self.timeout)
        Browser.opened += 1
        return connection

    @staticmethod
    async def _exchange(
        connection: Connection, message: bytes, reused: bool
    ) -> tuple[int, dict[str, list[str]], bytes, bool]:
        """Send ``message``, read one answer: (status, headers, body, connection still open)."""
        reader, writer = connection
        try:
            writer.write(message)
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, ConnectionError) as error:
            partial = getattr(error, "partial", b"")
            if reused and not partial:
                raise Closed from error
            raise ConnectionError(f"connection lost: {error!r}") from error
        head_lines = head[:-4].decode("latin-1").split("\r\n")
        version, status_text = head_lines[0].split(" ", 2)[:2]
        headers: dict[str, list[str]] = {}
        for line in head_lines[1:]:
            name, _, value = line.partition(":")
            headers.setdefault(name.strip().lower(), []).append(value.strip())
        status = int(status_text)
        connection_header = ",".join(headers.get("connection", [])).lower()
        keep = version == "HTTP/1.1" and "close" not in connection_header
        if status in (204, 304) or 100 <= status < 200:
            body = b""
        elif "content-length" in headers:
            body = await reader.readexactly(int(headers["content-length"][0]))
        elif "chunked" in ",".join(headers.get("transfer-encoding", [])).lower():
            parts = []
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                parts.append(await reader.readexactly(size + 2))
                if size == 0:
                    break
            body = b"".join(part[:-2] for part in parts)
        else:
            body, keep = await reader.read(), False
        return status, headers, body, keep

    def hang_up(self) -> None:
        for _reader, writer in self._idle:
            writer.close()
        self._idle.clear()


def hidden(page: str, name: str) -> str:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', page) or re.search(
        rf'<input[^>]*value="([^"]*)"[^>]*name="{name}"', page
    )
    if found is None:
        raise LookupError(f"no {name} on the page")
    return found.group(1)


# --- the evening -----------------------------------------------------------------------------


@dataclass
class Stats:
    times: dict[str, list[float]] = field(default_factory=dict)
    errors: Counter[str] = field(default_factory=Counter)
    acknowledged: list[tuple[int, str]] = field(default_factory=list)  # (match, idempotency key)
    measuring: bool = False
    arrival: float = 0.0  # seconds the tables and spectators took to open their pages (not measured)
    cpu: tuple[float, float] = (0.0, 0.0)  # CPU seconds of the client and the server while measured
    connections: int = 0  # connections the browsers opened while measured
    rendered: int = 0  # match pages the server rendered while measured

    def timed(self, kind: str, seconds: float) -> None:
        if self.measuring:
            self.times.setdefault(kind, []).append(seconds)

    def error(self, kind: str) -> None:
        self.errors[kind] += 1


async def call(
    stats: Stats,
    kind: str,
    browser: Browser,
    method: str,
    path: str,
    expect: int | tuple[int, ...],
    data: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
) -> Reply | None:
    started = time.perf_counter()
    try:
        reply = await browser.request(method, path, data, headers)
    except (TimeoutError, OSError, EOFError, ValueError, IndexError) as error:
        stats.error(f"{kind}: {type(error).__name__}")
        return None
    stats.timed(kind, time.perf_counter() - started)
    if reply.status not in (expect if isinstance(expect, tuple) else (expect,)):
        stats.error(f"{kind}: HTTP {reply.status}")
        return None
    return reply


#: What a page makes a browser fetch: stylesheets, scripts and images of this server (an
#: image with ``loading="lazy"`` is the QR codes' in the closed share section: not fetched).
LINKED = re.compile(r'<(?:link[^>]*href|script[^>]*src|img[^>]*src)="(/[^"]+)"[^>]*>')


async def linked(stats: Stats, browser: Browser, page: Reply, who: str) -> None:
    """Fetch what ``page`` links to that the browser has not kept (assets, QR codes)."""
    eager = [m.group(1) for m in LINKED.finditer(page.body) if 'loading="lazy"' not in m.group(0)]
    for path in dict.fromkeys(eager):
        path = path.replace("&amp;", "&")
        if not browser.must_fetch(path):
            continue
        kind = f"{who}: QR code" if "/qr/" in path else f"{who}: static file"
        reply = await call(stats, kind, browser, "GET", path, 200)
        if reply is not None:
            browser.keep(path, reply)


async def create_table(port: int, timeout: float, stats: Stats) -> tuple[Browser, int] | None:
    browser = Browser(port, timeout)
    form = await call(stats, "set-up", browser, "GET", "/matches/new/schieber", 200)
    if form is None:
        return None
    data = {
        "csrf_token": hidden(form.body, "csrf_token"),
        "idem": hidden(form.body, "idem"),
        "profile": "seed",
        "deck": "swiss",
        "rosen7": "1",
        "target": "100000",
        "name_1": "Anna",
        "name_2": "Beat",
        "name_3": "Cla",
        "name_4": "Dora",
    }
    made = await call(stats, "set-up", browser, "POST", "/matches/new/schieber", 302, data)
    if made is None:
        return None
    return browser, int(made.headers["location"][0].rstrip("/").split("/")[-1])


async def pause(seconds: float, stop: float) -> None:
    """Wait ``seconds``, but not past the end of the measured time."""
    await asyncio.sleep(max(0.0, min(seconds, stop - time.monotonic())))


def panel_fields(page: str) -> dict[str, str]:
    """The entry panel's hidden fields (CSRF token, version, key, forehand) on a match screen."""
    panel = page[page.index("data-deal-form") :]
    return {name: hidden(panel, name) for name in ("csrf_token", "version", "idem", "forehand")}


#: How often an open match page asks for its version (scorer/matches/live.py, POLL_MS).
VERSION_EVERY = 3.0
HTMX = {"HX-Request": "true", "HX-Current-URL": "", "HX-Target": "match-screen"}


async def open_match(stats: Stats, browser: Browser, match_id: int) -> dict[str, str] | None:
    """The tablet opens the match page (and what it links to): the panel's fields."""
    page = await call(stats, "table: match page (GET)", browser, "GET", f"/matches/{match_id}", 200)
    if page is None:
        return None
    await linked(stats, browser, page, "table")
    try:
        return panel_fields(page.body)
    except (ValueError, LookupError):
        stats.error("table: match page (GET): no entry panel")
        return None


async def table(
    browser: Browser, match_id: int, fields: dict[str, str] | None, stats: Stats, stop: float, every: float
) -> None:
    """A tablet with the match page open (``fields``: its panel's) enters a deal every ``every`` s."""
    rng = random.Random(match_id)
    watching = asyncio.create_task(
        version_poll(browser, match_id, stats, stop, rng.uniform(0, VERSION_EVERY))
    )
    number = START_DEALS
    url = f"/matches/{match_id}/deals/new"
    # Tables do not deal in step: each enters its first deal at a moment of its own within
    # ``every`` (as the spectators poll), not all 200 within the same second.
    wait = rng.uniform(0, every)
    while time.monotonic() < stop:
        await pause(wait, stop)
        wait = rng.uniform(0.8, 1.2) * every
        if time.monotonic() >= stop:
            break
        if fields is None:  # the last answer was lost: the tablet opens the page again
            fields = await open_match(stats, browser, match_id)
            continue
        data = {
            **fields,
            "contract": CONTRACTS[number % 6],
            "team": str(rng.choice((1, 2))),
            "points": str(rng.choice((0, 40, 57, 98, 100, 157))),
        }
        headers = {**HTMX, "HX-Current-URL": f"http://{HOST}:{browser.port}/matches/{match_id}"}
        saved = await call(stats, "table: save deal (htmx POST)", browser, "POST", url, 200, data, headers)
        fields = None
        if saved is not None:
            stats.acknowledged.append((match_id, data["idem"]))
            number += 1
            # htmx swaps in the answer's #match-screen only: what the rest links to is not loaded.
            screen = saved.body[saved.body.find('id="match-screen"') :]
            await linked(stats, browser, Reply(saved.status, saved.headers, screen), "table")
            try:
                fields = panel_fields(saved.body)
            except (ValueError, LookupError):
                stats.error("table: save deal (htmx POST): no fresh panel")
    await watching


async def version_poll(browser: Browser, match_id: int, stats: Stats, stop: float, offset: float) -> None:
    """The open match page asks for the match's version every 3 s with its last ETag."""
    await asyncio.sleep(offset)
    tag: str | None = None
    while time.monotonic() < stop:
        began = time.monotonic()
        headers = {"If-None-Match": tag} if tag else {}
        reply = await call(
            stats,
            "table: version poll",
            browser,
            "GET",
            f"/matches/{match_id}/version",
            (200, 304),
            None,
            headers,
        )
        if reply is not None and reply.headers.get("etag"):
            tag = reply.headers["etag"][0]
        await pause(VERSION_EVERY - (time.monotonic() - began), stop)


async def poller(
    browser: Browser, paths: list[str], kind: str, stats: Stats, stop: float, every: float, seed: int
) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, every))
    while time.monotonic() < stop:
        began = time.monotonic()
        page = await call(stats, kind, browser, "GET", rng.choice(paths), 200)
        if page is not None and kind.startswith("spectator"):
            await linked(stats, browser, page, "spectator")
        await pause(rng.uniform(0.8, 1.2) * every - (time.monotonic() - began), stop)


async def arrive(stats: Stats, browser: Browser, path: str) -> None:
    """A spectator opens a match page and what it links to (before the measured time)."""
    page = await call(stats, "spectator: match page", browser, "GET", path, 200)
    if page is not None:
        await linked(stats, browser, page, "spectator")


async def evening(
    port: int, options: argparse.Namespace, deal_every: float, poll_every: float, server_pid: int
) -> tuple[Stats, list[tuple[Browser, int]], float]:
    stats = Stats()
    made: list[tuple[Browser, int]] = []
    for start in range(0, options.tables, 20):  # set-up in batches, not measured
        results = await asyncio.gather(
            *(
                create_table(port, options.timeout, stats)
                for _ in range(start, min(options.tables, start + 20))
            )
        )
        made += [r for r in results if r is not None]
    matches = [match_id for _b, match_id in made]
    store_deals(options.database_url, matches, START_DEALS)
    pages = [f"/matches/{m}" for m in matches]
    # Before the measured time everyone arrives (not measured, errors counted): each table opens
    # its match page, each spectator one, with what they link to. A browser then keeps the
    # stylesheet and scripts for a year, so the evening is measured as it runs, not the minute
    # a thousand browsers first load their assets at once (Flask compresses each one anew).
    arrival = time.monotonic()
    fields: list[dict[str, str] | None] = []
    for start in range(0, len(made), 25):
        fields += await asyncio.gather(*(open_match(stats, b, m) for b, m in made[start : start + 25]))
    spectators = [Browser(port, options.timeout) for _ in range(options.spectators)]
    for start in range(0, len(spectators), 25):
        await asyncio.gather(
            *(
                arrive(stats, b, pages[(start + n) % len(pages)])
                for n, b in enumerate(spectators[start : start + 25])
            )
        )
    stats.arrival = time.monotonic() - arrival
    stats.measuring = True
    client_before, server_before = time.process_time(), cpu_seconds(server_pid)
    began = time.monotonic()
    stop = began + options.seconds
    tasks = [table(b, m, f, stats, stop, deal_every) for (b, m), f in zip(made, fields, strict=True)]
    tasks += [
        poller(b, pages, "spectator: match page", stats, stop, poll_every, n)
        for n, b in enumerate(spectators)
    ]
    probes = [Browser(port, options.timeout) for _ in range(options.bare)]
    tasks += [
        poller(probe, [BARE], "bare Flask route", stats, stop, 1.0, 10_000 + n)
        for n, probe in enumerate(probes)
    ]
    opened, rendered = Browser.opened, rendered_so_far(options.renders)
    await asyncio.gather(*tasks)
    seconds = time.monotonic() - began
    stats.cpu = (time.process_time() - client_before, cpu_seconds(server_pid) - server_before)
    stats.connections = Browser.opened - opened
    stats.rendered = rendered_so_far(options.renders) - rendered
    for browser in [b for b, _m in made] + spectators + probes:
        browser.hang_up()  # their connections belong to this event loop
    return stats, made, seconds


GERMAN = {"Accept-Language": "de-CH"}
#: The kinds of request measured one at a time after the run (:func:`cpu_per_kind`).
CPU_KINDS = (
    "bare Flask route",
    "static file (hashed, gzip)",
    "spectator: match page, rendered (200)",
    "spectator: match page, kept (200)",
    "spectator: match page, unchanged (304)",
    "table: version poll, changed (200)",
    "table: version poll, unchanged (304)",
    "table: match page (GET)",
    "table: save deal (htmx POST)",
)


async def cpu_per_kind(
    port: int, server_pid: int, made: list[tuple[Browser, int]], options: argparse.Namespace
) -> dict[str, tuple[float, float, float, int]]:
    """The server's CPU milliseconds per request of each kind, one request at a time after the run.

    A batch of each kind, the workers' CPU over the batch (/proc, 10 ms ticks: hence batches
    of a hundred or more) divided by its size, with the wall time's p50 and p99: a fairer
    figure than the run's latencies on a shared machine, and what says where the CPU goes.
    Returns kind -> (CPU ms, wall p50 ms, wall p99 ms, errors).
    """
    stats = Stats(measuring=True)
    found: dict[str, tuple[float, float, float, int]] = {}
    chosen = made[: min(len(made), 60)]
    size = 200

    async def batch(kind: str, calls: list[Any]) -> None:
        stats.times.pop(kind, None)
        errors = sum(stats.errors.values())
        before = cpu_seconds(server_pid)
        for one in calls:
            await one()
        cpu = (cpu_seconds(server_pid) - before) * 1000 / max(1, len(calls))
        walls = stats.times.get(kind) or [float("nan")]
        found[kind] = (
            cpu,
            statistics.median(walls) * 1000,
            percentile(walls, 0.99) * 1000,
            sum(stats.errors.values()) - errors,
        )

    # One browser per kind, its cookies dropped before each request: a new visitor each time, on
    # a kept connection (or a new one per request with --connection close), as in the run.
    visitors: dict[str, Browser] = {}

    def get(kind: str, path: str, expect: int, headers: dict[str, str] | None = None) -> Any:
        browser = visitors.setdefault(kind, Browser(port, options.timeout))

        async def one() -> None:
            browser.cookies.clear()
            await call(stats, kind, browser, "GET", path, expect, None, headers)

        return one

    pages = [f"/matches/{m}" for _b, m in chosen]
    batch_pages = [pages[n % len(pages)] for n in range(size)]
    spectator = Browser(port, options.timeout)
    first = await call(stats, "set-up", spectator, "GET", pages[0], 200)
    static = next(
        (m.group(1).replace("&amp;", "&") for m in LINKED.finditer(first.body if first else "")),
        "/static/tafel.css",
    )
    await batch(CPU_KINDS[0], [get(CPU_KINDS[0], BARE, 200) for _ in range(size)])
    await batch(CPU_KINDS[1], [get(CPU_KINDS[1], static, 200) for _ in range(size)])
    # In a language no spectator of the run read: each page is rendered, as after a new deal
    # (each worker first reads that language's catalog: not measured).
    for _ in range(8):
        await call(stats, "set-up", Browser(port, options.timeout), "GET", "/matches/", 200, None, GERMAN)
    await batch(CPU_KINDS[2], [get(CPU_KINDS[2], path, 200, {"Accept-Language": "de-CH"}) for path in pages])
    tags: dict[str, str] = {}
    for _round in range(3):  # every worker keeps every page (a new connection may reach another)
        for path in pages:
            reply = await call(stats, "set-up", Browser(port, options.timeout), "GET", path, 200)
            if reply is not None and reply.headers.get("etag"):
                tags[path] = reply.headers["etag"][0]
    await batch(CPU_KINDS[3], [get(CPU_KINDS[3], path, 200) for path in batch_pages])
    await batch(
        CPU_KINDS[4],
        [get(CPU_KINDS[4], path, 304, {"If-None-Match": tags.get(path, "")}) for path in batch_pages],
    )
    versions: dict[int, str] = {}
    for browser, match_id in chosen:
        reply = await call(stats, "set-up", browser, "GET", f"/matches/{match_id}/version", 200)
        if reply is not None and reply.headers.get("etag"):
            versions[match_id] = reply.headers["etag"][0]

    def poll(kind: str, n: int, tagged: bool) -> Any:
        browser, match_id = chosen[n % len(chosen)]
        headers = {"If-None-Match": versions.get(match_id, "")} if tagged else None
        return lambda: call(
            stats, kind, browser, "GET", f"/matches/{match_id}/version", 304 if tagged else 200, None, headers
        )

    await batch(CPU_KINDS[5], [poll(CPU_KINDS[5], n, False) for n in range(size)])
    await batch(CPU_KINDS[6], [poll(CPU_KINDS[6], n, True) for n in range(size)])
    panels: list[dict[str, str] | None] = []

    def open_page(browser: Browser, match_id: int) -> Any:
        async def one() -> None:
            page = await call(stats, CPU_KINDS[7], browser, "GET", f"/matches/{match_id}", 200)
            try:
                panels.append(panel_fields(page.body) if page else None)
            except (ValueError, LookupError):
                panels.append(None)

        return one

    await batch(CPU_KINDS[7], [open_page(b, m) for b, m in chosen])

    def save(n: int) -> Any:
        browser, match_id = chosen[n]
        data = {**(panels[n] or {}), "contract": "H", "team": "1", "points": "57"}
        headers = {**HTMX, "HX-Current-URL": f"http://{HOST}:{port}/matches/{match_id}"}
        path = f"/matches/{match_id}/deals/new"
        return lambda: call(stats, CPU_KINDS[8], browser, "POST", path, 200, data, headers)

    await batch(CPU_KINDS[8], [save(n) for n in range(len(chosen)) if panels[n]])
    for browser in [*visitors.values(), spectator, *(b for b, _m in chosen)]:
        browser.hang_up()
    if stats.errors:
        print(f"errors while measuring CPU per kind: {dict(stats.errors)}", file=sys.stderr)
    return found


#: The app's threads per worker by default, as README.md serves the app (scorer/web/serving.py).
THREADS = serving.THREADS
#: Deals each match holds before the evening: tables mid-way through their matches.
START_DEALS = 60


def store_deals(url: str, matches: list[int], count: int) -> None:
    """Write ``count`` deals straight into each match's log (not measured)."""
    from sqlalchemy import text
    from sqlalchemy.orm import Session

    from scorer.store.db import make_engine
    from scorer.store.models import Entry

    engine = make_engine(url)
    with Session(engine) as session:
        for match_id in matches:
            for n in range(count):
                record = {
                    "forehand": n % 4 + 1,
                    "contract": CONTRACTS[n % 6],
                    "points": {"team": n % 2 + 1, "value": (0, 40, 57, 98, 100, 157)[n % 6]},
                }
                session.add(Entry(match_id=match_id, seq=n + 1, kind="deal", record=record))
        session.commit()
    # As pgbench does after loading: the planner's statistics of the tables just filled, which
    # autovacuum would gather only within its next minute, inside the measured time.
    with engine.connect() as connection:
        connection.execute(text("ANALYZE"))
        connection.commit()
    engine.dispose()


def cpu_seconds(pid: int) -> float:
    """User + system CPU of process ``pid`` and all its descendants so far (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
            for task in Path(f"/proc/{current}/task").iterdir():
                pending += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, IndexError, ValueError):
            continue
    return total


def lost_and_doubled(url: str, acknowledged: list[tuple[int, str]]) -> tuple[int, int, int]:
    """(acknowledged but missing, stored more than once, stored in all) for the run's matches."""
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from scorer.store.db import make_engine
    from scorer.store.models import Entry

    engine = make_engine(url)
    with Session(engine) as session:
        # The deals written before the evening carry no key: only the tablets' entries count.
        keys = Counter(
            session.scalars(select(Entry.idempotency_key).where(Entry.idempotency_key.is_not(None)))
        )
    engine.dispose()
    lost = sum(1 for _m, key in acknowledged if keys[key] == 0)
    doubled = sum(1 for count in keys.values() if count > 1)
    return lost, doubled, sum(keys.values())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def run(
    label: str, url: str, options: argparse.Namespace, workdir: Path, deal_every: float, poll_every: float
) -> dict[str, Any]:
    from scorer.store.migrate import upgrade
    from tests.helpers import proxy as reverse_proxy
    from tests.helpers import server as tablet

    upgrade(url)
    # Every table of the evening is set up from this one address, where a club's tablets
    # come from as many: the limit of new matches per address and window (120) would refuse
    # the tables after the 120th, so the server allows one per table.
    os.environ["TAFEL_WRITE_LIMIT"] = str(max(120, options.tables + 20))
    options.renders = str(workdir / f"renders-{url.split(':')[0]}-{deal_every:g}-{poll_every:g}")
    server = tablet.start(
        url,
        workdir / "server.log",
        workers=options.workers,
        threads=options.threads,
        app="bench.load:app",
        extra_env={RENDERS: options.renders, COLLECTOR: options.collector},
    )
    # The browsers reach the app through nginx (deploy/nginx.conf), as README.md serves a
    # tournament; --direct: straight to Granian.
    front = None
    if not options.direct:
        try:
            front = reverse_proxy.start(
                server.port, workdir / f"nginx-{url.split(':')[0]}-{deal_every:g}-{poll_every:g}"
            )
        except BaseException:
            server.stop()
            raise
    port = front.port if front is not None else server.port
    try:
        load_before = os.getloadavg()[0]
        stolen_before = stolen()
        options.database_url = url
        stats, made, seconds = asyncio.run(evening(port, options, deal_every, poll_every, server.process.pid))
        cache = front.cache_statuses() if front is not None else Counter()
        load_after = os.getloadavg()[0]
        steal = stolen() - stolen_before
        cpu = asyncio.run(cpu_per_kind(server.port, server.process.pid, made, options))
    finally:
        if front is not None:
            front.stop()
        server.stop()
    lost, doubled, stored = lost_and_doubled(url, stats.acknowledged)
    label = f"{label}, deal every {deal_every:g} s, poll every {poll_every:g} s"
    print(
        f"{label}: {sum(len(v) for v in stats.times.values())} requests in {seconds:.0f} s, "
        f"errors {dict(stats.errors)}, acknowledged {len(stats.acknowledged)}, lost {lost}, doubled {doubled}, "
        f"connections opened {stats.connections}, nginx's cache: {dict(sorted(cache.items()))}",
        file=sys.stderr,
    )
    return {
        "label": label,
        "stats": stats,
        "seconds": seconds,
        "lost": lost,
        "doubled": doubled,
        "stored": stored,
        "tables": len(made),
        "load": (load_before, load_after),
        "steal": steal,
        "cpu": stats.cpu,
        "cpu_per_kind": cpu,
        "loads": (deal_every, poll_every),
        "cache": cache,
    }


def stolen() -> float:
    """CPU seconds the host has kept from this machine's processors so far (``steal`` in
    /proc/stat; 0 where the kernel does not count it). A virtual machine's neighbours take
    them: the same evening then runs on less than 2 cores."""
    try:
        with open("/proc/stat") as stat:
            fields = stat.readline().split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


KINDS = (
    "bare Flask route",
    "spectator: match page",
    "spectator: static file",
    "spectator: QR code",
    "table: match page (GET)",
    "table: save deal (htmx POST)",
    "table: version poll",
    "table: static file",
    "table: QR code",
)


def markers(options: argparse.Namespace) -> tuple[str, str, str]:
    """The section's begin and end markers and its heading."""
    return (BEGIN, END, HEADING) if options.collector == "served" else PYTHONS


def report(results: list[dict[str, Any]], options: argparse.Namespace) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    begin, end, heading = markers(options)
    lines = [
        begin,
        heading,
        "",
        f"{now}, Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs shared by "
        f"the server, the client and PostgreSQL. "
        f"{'Granian' if options.direct else 'nginx (deploy/nginx.conf) in front of Granian'} "
        f"(scorer/web/serving.py), {options.workers} workers"
        f" × {options.threads} app threads on 127.0.0.1, "
        + (
            "the workers' collector as served (scorer/web/collector.py)"
            if options.collector == "served"
            else "the workers keeping Python's own collector (--collector python)"
        )
        + "; one asyncio client process, "
        + (
            "a new connection per request"
            if options.connection == "close"
            else "each virtual user keeping its connections open as a browser does (reused while the server "
            "keeps them, opened again when it has closed them)"
        )
        + f", real sessions and CSRF tokens. Per run: {options.tables} tables, each a tablet on the match page's entry panel: it "
        "has opened the match page (and what it links to: stylesheet, scripts, icon, manifest, kept for a "
        "year; the QR codes load lazily in the closed share section) before the measured time, enters a deal every few seconds (the first at a moment of its own within that interval: the tables do not deal in step) "
        "as one htmx post answered by the match screen with a fresh panel, and asks for the match's version "
        f"every {VERSION_EVERY:g} s (304 while unchanged); gzip accepted; every match starting at "
        f"{START_DEALS} deals and growing. {options.spectators} spectators, each having opened a match page "
        f"before the measured time, poll it (and its links, kept as their Cache-Control allows), and {options.bare} probes poll a bare Flask route every "
        f"~1 s in the same server; {options.seconds:g} s measured after the tables are set up. Command: "
        f"`bash scripts/with-postgres.sh .venv/bin/python bench/load.py"
        f"{'' if options.seconds == 60 else f' --seconds {options.seconds:g}'}"
        f"{'' if options.threads == THREADS else f' --threads {options.threads}'}"
        f"{'' if options.connection == 'keep-alive' else f' --connection {options.connection}'}"
        f"{' --direct' if options.direct else ''}"
        f"{'' if options.collector == 'served' else f' --collector {options.collector}'}`. Each database is run at "
        f"each load (deal and poll intervals, ±20 %): {', '.join(f'{d:g} s / {q:g} s' for d, q in options.loads)}.",
        "",
    ]
    lines += [
        "| database | request | count | p50 ms | p99 ms | max ms |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for result in results:
        stats: Stats = result["stats"]
        for kind in KINDS:
            values = stats.times.get(kind, [])
            if not values:
                continue
            lines.append(
                f"| {result['label']} | {kind} | {len(values):,} | {statistics.median(values) * 1000:.1f} | "
                f"{percentile(values, 0.99) * 1000:.1f} | {max(values) * 1000:.1f} |"
            )
    lines += [
        "",
        "| database | requests / s | connections opened / request | spectators' pages rendered | errors | "
        "deals acknowledged | lost | stored twice | CPU cores busy: client, server | server CPU ms / request | "
        "load average before → after | CPU s the host kept (steal) |",
        "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- | ---: | --- | ---: |",
    ]
    for result in results:
        stats = result["stats"]
        count = sum(len(v) for v in stats.times.values())
        errors = ", ".join(f"{k} ×{v}" for k, v in sorted(stats.errors.items())) or "0"
        lines.append(
            f"| {result['label']} | {count / result['seconds']:.0f} | "
            f"{stats.connections / max(1, count):.2f} | "
            f"{stats.rendered:,} of {len(stats.times.get('spectator: match page', [])):,} | {errors} | "
            f"{len(stats.acknowledged):,} | {result['lost']} | {result['doubled']} | "
            f"{result['cpu'][0] / result['seconds']:.2f}, {result['cpu'][1] / result['seconds']:.2f} | "
            f"{result['cpu'][1] * 1000 / max(1, count):.2f} | "
            f"{result['load'][0]:.1f} → {result['load'][1]:.1f} | {result['steal']:.1f} |"
        )
    lines += ["", "Goal: zero errors and zero lost entries; p99 under 100 ms. Verdict per run:", ""]
    for result in results:
        stats = result["stats"]
        worst = max(
            (percentile(v, 0.99) for k, v in stats.times.items() if k != "bare Flask route"), default=0.0
        )
        bare = stats.times.get("bare Flask route", [0.0])
        met = not stats.errors and not result["lost"] and not result["doubled"] and worst < 0.1
        lines.append(
            f"- {result['label']}: {'met' if met else '**not met**'} — {sum(stats.errors.values())} errors, "
            f"{result['lost']} lost, {result['doubled']} stored twice, worst p99 of the app's requests "
            f"{worst * 1000:.0f} ms; the bare route's p50 {statistics.median(bare) * 1000:.1f} ms; "
            f"the tables and spectators took {stats.arrival:.0f} s to open their pages before; "
            f"the host kept {result['steal']:.1f} s of the {os.cpu_count()} cores' time over the evening "
            "(its pages opened and the measured time)."
        )
    lines += cpu_table(results, options)
    lines += [
        "",
        "How to read it: the bare route does no work, so its latency is the time a request waits "
        "for a worker thread. When its p50 climbs with the app's pages, the server is saturated "
        "and every figure is mostly queueing; when it stays at a few milliseconds, the app's figures "
        "are its own cost (a save validates the panel's form, scores the new deal from the worker's kept "
        'state of the match, commits, and renders the match screen with a fresh panel). "CPU '
        "cores busy\" is CPU time per second of the measured window: the server's figure is Granian's main "
        "process and workers (not PostgreSQL's own processes), out of the 2 cores the client, the server and "
        'PostgreSQL share; the load average says what else ran on the machine. "Spectators\' pages rendered" '
        "counts the match pages the workers rendered while measured (the bench's app counts them) against the "
        "spectators' page answers: the rest were answered by nginx's cache or with a 304. "
        + (
            "The browsers talked to Granian directly (--direct)"
            if options.direct
            else "Spectators' pages and version polls carry an ETag and `Cache-Control: public, max-age=0, "
            "s-maxage=1` (scorer/web/conditional.py); nginx keeps them for that second and asks Granian "
            "again with If-None-Match (nginx's answers by cache status: "
            + ", ".join(
                f"{result['label']}: "
                + " ".join(
                    f"{k} {v:,}" for k, v in sorted(result["cache"].items()) if not k.startswith("other")
                )
                for result in results
            )
            + ")"
        )
        + "; each worker scores a saved deal from its kept state of the match "
        "(scorer/scoring.py) and draws a QR code once per link.",
        end,
    ]
    return "\n".join(lines) + "\n"


def demand(result: dict[str, Any], options: argparse.Namespace) -> tuple[float, float]:
    """Server cores the run's model asks for at the measured CPU per kind: (every spectator's
    poll finding its page kept, every one rendered); the truth lies between."""
    cpu = {kind: values[0] for kind, values in result["cpu_per_kind"].items()}
    deal_every, poll_every = result["loads"]
    changed = min(1.0, VERSION_EVERY / deal_every)  # a poll after a deal is answered 200
    base = (
        options.tables / deal_every * cpu.get(CPU_KINDS[8], 0.0)
        + options.tables
        / VERSION_EVERY
        * (changed * cpu.get(CPU_KINDS[5], 0.0) + (1 - changed) * cpu.get(CPU_KINDS[6], 0.0))
        + options.bare * cpu.get(CPU_KINDS[0], 0.0)
    )
    polls = options.spectators / poll_every
    return (
        (base + polls * cpu.get(CPU_KINDS[3], 0.0)) / 1000,
        (base + polls * cpu.get(CPU_KINDS[2], 0.0)) / 1000,
    )


def cpu_table(results: list[dict[str, Any]], options: argparse.Namespace) -> list[str]:
    """The server's CPU per request of each kind, measured one at a time after each run."""
    lines = [
        "",
        "After each run, one request at a time (a batch of each kind, up to 200; the spectator's "
        "rendered page in a language the run's spectators did not read, so each is rendered as "
        "after a new deal): the server's CPU time per request (the server's processes' CPU time "
        "over the batch from /proc, divided by its size) and each request's wall time, with no "
        "other request of this bench waiting:",
        "",
        "| request | "
        + " | ".join(f"{r['label'].split(',')[0]} CPU ms | wall p50 / p99 ms" for r in results)
        + " |",
        "| --- |" + " ---: | ---: |" * len(results),
    ]
    for kind in CPU_KINDS:
        cells = []
        for result in results:
            cpu, p50, p99, errors = result["cpu_per_kind"].get(kind, (float("nan"),) * 3 + (0,))
            flag = f" ({errors} errors)" if errors else ""
            cells.append(f"{cpu:.2f}{flag} | {p50:.1f} / {p99:.1f}")
        lines.append(f"| {kind} | {' | '.join(cells)} |")
    lines += [
        "",
        "The model's demand at these costs (server cores; 2 are shared with the client and the database):",
        "",
    ]
    for result in results:
        kept, rendered = demand(result, options)
        deal_every, poll_every = result["loads"]
        lines.append(
            f"- {result['label']}: {options.tables / deal_every:.0f} saves/s, "
            f"{options.tables / VERSION_EVERY:.0f} version polls/s, {options.spectators / poll_every:.0f} "
            f"spectator page polls/s, {options.bare} bare/s: {kept:.2f} cores if every spectator's "
            f"page is kept, {rendered:.2f} if every one is rendered."
        )
    return lines


def loads(text: str) -> list[tuple[float, float]]:
    try:
        return [(float(d), float(q)) for d, q in (pair.split(":") for pair in text.split(","))]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected DEAL:POLL[,DEAL:POLL...], not {text!r}") from None


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--bare", type=int, default=20, help="probes polling the bare route every second")
    parser.add_argument(
        "--loads",
        type=loads,
        default=loads("5:10"),
        help="DEAL:POLL seconds between a table's deals and a spectator's polls, "
        "comma-separated; each is run on each database (default 5:10: one deal per table every 5 s)",
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="measured time per database")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--threads",
        type=int,
        default=THREADS,
        help="the app's threads per worker: a thread waiting on a commit leaves the CPU to another",
    )
    parser.add_argument("--timeout", type=float, default=10.0, help="a request slower than this is an error")
    parser.add_argument(
        "--direct",
        action="store_true",
        help="the browsers talk to Granian directly, without nginx in front (deploy/nginx.conf)",
    )
    parser.add_argument(
        "--connection",
        choices=("keep-alive", "close"),
        default="keep-alive",
        help="keep-alive: each browser reuses its connections as a browser does; close: a new one per request",
    )
    parser.add_argument(
        "--collector",
        choices=("served", "python"),
        default="served",
        help="served: the workers' collector as served (scorer/web/collector.py); python: Python's own",
    )
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    parser.add_argument(
        "--without-sqlite",
        action="store_true",
        help="run on the server database only (a look at PostgreSQL; RESULTS.md needs both)",
    )
    options = parser.parse_args()
    Browser.close = options.connection == "close"

    workdir = Path(tempfile.mkdtemp(prefix="tafel-load-"))
    server = next(
        (
            os.environ[n]
            for n in ("TEST_DATABASE_URL", "DATABASE_URL")
            if os.environ.get(n, "") and not os.environ[n].startswith("sqlite")
        ),
        None,
    )
    results = []
    for number, (deal_every, poll_every) in enumerate(options.loads):
        if not (options.without_sqlite and server):
            results.append(
                run(
                    "SQLite (WAL)",
                    f"sqlite:///{workdir / f'load-{number}.sqlite'}",
                    options,
                    workdir,
                    deal_every,
                    poll_every,
                )
            )
        if server:
            results.append(run("PostgreSQL", server, options, workdir, deal_every, poll_every))
    section = report(results, options)
    print(section)
    if not options.no_write and not options.without_sqlite:
        begin, end, _heading = markers(options)
        write_section(ROOT / "bench" / "RESULTS.md", begin, end, section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
