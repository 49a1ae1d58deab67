"""Event benchmark: a 1,000-player Einzelschieber (250 tables) at ten times real pace.

Every table plays a game every 30 s (a real Passe game takes about 5 minutes) and both its teams
confirm it (T6.2 ``per_game``: team 1 on the table's tablet, team 2 on a phone with its team link); every player's phone polls the ranking every 30 s, and the
projector every 1.5 s (the ranking page's own poll of its table, once the page is open). Against the app as served for a tournament (nginx from
``deploy/nginx.conf`` in front of Granian; ``--direct``: Granian alone) on loopback, over
SQLite, then PostgreSQL when a server database is given:

    .venv/bin/python bench/event.py                                  # SQLite only
    bash scripts/with-postgres.sh .venv/bin/python bench/event.py    # SQLite, then PostgreSQL
    .venv/bin/python bench/event.py --seconds 20 --no-write          # a quick look
    ... bench/event.py --only postgresql --in-worker --no-write       # the ranking in the workers

The event is set up through the app as a director would (create, register 1,000 players, draw
round 1), each table's tablet opens its table link, and the projector and a few phones open the
ranking (``warm_up``: its first answer stored, each worker's ranking process started); then the
timed run. Reports p50/p99 per
kind of request, errors (any answer but the expected one, or no answer), and lost entries
(acknowledged games or confirmations missing from the database, or stored twice). The client
is one process of threads speaking HTTP/1.1 (``tests.helpers.server.Tablet``; the readers poll
as a browser's fetch does: gzip accepted, the last ETag sent) on the same two cores as the
server: the load average is written beside the numbers. The server is Granian with 2 workers
of 4 app threads (``scorer/web/serving.py``); a request mostly waits for its commit, which a
thread waits out while the others serve. After the run, the server's CPU time
per request of each kind, a batch at a time (a figure that a shared machine disturbs less
than wall time). Refreshes its own section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import sys
import tempfile
import threading
import time
import uuid
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scorer.events.paging import ROWS as TABLES_PER_PAGE  # noqa: E402

BEGIN, END = "<!-- bench/event.py: begin -->", "<!-- bench/event.py: end -->"
PLAYERS = 1000
GAME_EVERY = 30.0
PHONE_EVERY = 30.0
PROJECTOR_EVERY = 1.5
#: Team 1's trick points, game after game (each game totals 157, T3.4).
VALUES = (98, 45, 121, 67, 88, 30, 104, 62, 77, 90, 56, 110)
KINDS = (
    "table: save game (POST)",
    "team: confirm game (POST)",
    "phone: ranking",
    "projector: ranking poll",
)


@dataclass
class Stats:
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    #: Polls answered 304 (the reader's copy still the stored answer).
    not_modified: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    games: int = 0
    confirms: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, kind: str, seconds: float, ok: bool) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            if not ok:
                self.errors[kind] += 1


def hidden(page: str, name: str) -> str:
    from tests.helpers.server import hidden as found

    return found(page, name)


def set_up(port: int) -> tuple[int, list[tuple[int, str]], dict[str, str]]:
    """The director's evening before the run: the event, its players, round 1; each table's link."""
    from tests.helpers.server import Tablet, form_fields

    director = Tablet(port, timeout=300)
    page = director.get("/events/new").body
    data = {
        "csrf_token": hidden(page, "csrf_token"),
        "idem": hidden(page, "idem"),
        "title": "Bench",
        "format": "einzel",
        "passen": "4",
        "games_per_passe": "12",
        "streich": "0",
        "match_value": "157",
        "confirm": "per_game",
    }
    answer = director.post("/events/new", data)
    event_id = int((answer.location or "").rstrip("/").split("/")[-1])
    show = f"/events/{event_id}"
    action = f"{show}/players"
    names = "\n".join(f"Spieler {n:04d}; Club {n % 40}" for n in range(1, PLAYERS + 1))
    answer = director.post(action, {**form_fields(director.get(show).body, action), "players": names})
    assert answer.status == 303, answer.status
    action = f"{show}/draw"
    answer = director.post(action, {**form_fields(director.get(show).body, action), "confirmed": "y"})
    assert answer.status == 303, answer.status
    # The director's page lists the drawn tables a page at a time (?tables=n).
    links = []
    for number in range(1, -(-PLAYERS // 4 // TABLES_PER_PAGE) + 1):
        page = director.get(f"{show}?tables={number}").body
        links += re.findall(r'href="[^"]*?(/matches/(\d+)/edit/[A-Za-z0-9_-]+)"', page)
    director.close()
    tables = sorted({(int(match_id), link) for link, match_id in links})
    assert len(tables) == PLAYERS // 4, len(tables)
    return event_id, tables, dict(director.cookies)


class TableDevice:
    """A table's tablet: enters its games and, for both teams, confirms each one."""

    def __init__(self, port: int, event_id: int, match_id: int, link: str) -> None:
        from tests.helpers.server import Tablet

        self.tablet = Tablet(port, timeout=30)
        self.event_id = event_id
        self.match_id = match_id
        self.tablet.get(link)  # the table's tablet claims the table's entry (the first device)
        page = self.tablet.get(f"/matches/{match_id}/deals/new").body
        self.token = hidden(page, "csrf_token")
        # Team 1 confirms on the table's screen, team 2 on a phone with its own team link (a
        # device confirms for one team of a table only).
        table_page = self.tablet.get(f"/events/{event_id}/tables/{match_id}").body
        found = re.search(
            rf"http://[^\s<\"]+(/events/{event_id}/tables/{match_id}/team/2/[A-Za-z0-9_-]+)", table_page
        )
        assert found, "the table's screen shows team 2's link"
        self.phone = Tablet(port, timeout=30)
        self.phone.get(found.group(1))
        # Its session's form token, from any page with a form (the table's has none before a game).
        self.phone_token = hidden(self.phone.get("/matches/new/schieber").body, "csrf_token")
        self.tablet.close()
        self.phone.close()
        self.games = 0
        self.lock = threading.Lock()

    def play(self, stats: Stats) -> None:
        with self.lock:
            try:
                self._play(stats)
            finally:
                # A game every 30 s: the server (gthread) closes an idle keep-alive connection
                # after a few seconds, and a POST is never resent on a closed one (it might have
                # been stored), so each game's requests open their own connection, as a phone
                # back from idle does.
                self.tablet.close()
                self.phone.close()

    def game_form(self, number: int) -> tuple[str, dict[str, str]]:
        """The address and form of the table's game after ``number`` games."""
        data = {
            "csrf_token": self.token,
            "version": str(number),
            "idem": uuid.uuid4().hex,
            "forehand": str(number % 4 + 1),
            "contract": "H",
            "team": "1",
            "points": str(VALUES[number % len(VALUES)]),
        }
        return f"/matches/{self.match_id}/deals/new", data

    def confirm_form(self, number: int, team: str) -> tuple[str, dict[str, str]]:
        """The address and form of ``team``'s confirmation of the table's game ``number + 1``:
        the n-th deal is the log's n-th entry, its slot and version."""
        slot = str(number + 1)
        data = {
            "csrf_token": self.token if team == "1" else self.phone_token,
            "idem": uuid.uuid4().hex,
            "slot": slot,
            "version": slot,
            "team": team,
        }
        return f"/events/{self.event_id}/tables/{self.match_id}/confirm", data

    def _play(self, stats: Stats) -> None:
        number = self.games
        ok = self._post("table: save game (POST)", *self.game_form(number), stats)
        if not ok:
            return
        self.games += 1
        with stats.lock:
            stats.games += 1
        for team, device in (("1", self.tablet), ("2", self.phone)):
            if self._post("team: confirm game (POST)", *self.confirm_form(number, team), stats, device):
                with stats.lock:
                    stats.confirms += 1

    def fresh_post(self, kind: str, path: str, data: dict[str, str], stats: Stats) -> bool:
        """A POST on a connection of its own (the last one may have been closed by the server)."""
        self.tablet.close()
        return self._post(kind, path, data, stats)

    def _post(self, kind: str, path: str, data: dict[str, str], stats: Stats, device: Any = None) -> bool:
        started = time.perf_counter()
        try:
            answer = (device or self.tablet).post(path, data)
        except OSError:
            stats.record(kind, time.perf_counter() - started, False)
            return False
        ok = answer.status == 303
        stats.record(kind, time.perf_counter() - started, ok)
        return ok


def poll(
    port: int, path: str, kind: str, stats: Stats, local: threading.local, tags: dict[int, str], reader: int
) -> None:
    """One reader's poll, as a browser's ``fetch(…, {cache: "no-cache"})``: it accepts gzip,
    sends the ETag of the answer it holds and takes a 304 as that answer unchanged."""
    from http.client import HTTPConnection, HTTPException

    from tests.helpers.server import HOST

    headers = {"Accept-Language": "en", "Accept-Encoding": "gzip"}
    if reader in tags:
        headers["If-None-Match"] = tags[reader]
    started = time.perf_counter()
    ok = False
    for attempt in (1, 2):
        connection = getattr(local, "connection", None) or HTTPConnection(HOST, port, timeout=30)
        local.connection = connection
        try:
            connection.request("GET", path, headers=headers)
            answer = connection.getresponse()
            body = answer.read()
            if answer.getheader("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
            body.decode("utf-8")  # what a browser does before it shows the page
        except (HTTPException, OSError):
            connection.close()
            local.connection = None
            if attempt == 2:
                break
            continue  # a keep-alive connection the server closed while idle: a GET may be sent again
        ok = answer.status in (200, 304)
        tag = answer.getheader("ETag")
        if answer.status == 200 and tag:
            tags[reader] = tag
        if answer.status == 304:
            with stats.lock:
                stats.not_modified[kind] += 1
        break
    stats.record(kind, time.perf_counter() - started, ok)


@dataclass
class Evening:
    stats: Stats
    event_id: int
    matches: list[int]
    devices: list[TableDevice]
    director_cookies: dict[str, str]
    #: CPU seconds per second of the timed run: the server's workers', this client's.
    server_cpu: float
    client_cpu: float


def warm_up(port: int, event_id: int) -> None:
    """Before the first game, the projector and a few phones open the ranking, as they do while
    the players find their tables: its first answer is computed and stored (until then each
    reader computes it, cold), and each worker starts the process that computes it again
    (``scorer.events.refresher``: two seconds of CPU to import the app) and has it compute the
    ranking once, with nothing kept from before. Not timed."""
    stats = Stats()
    ranking = f"/events/{event_id}/ranking?part=table"
    poll(port, ranking, "warm-up", stats, threading.local(), {}, 0)

    def readers() -> None:
        # Each on a connection of its own, at once: both workers take some.
        with ThreadPoolExecutor(8) as pool:
            for reader in range(8):
                pool.submit(poll, port, ranking, "warm-up", stats, threading.local(), {}, reader)

    readers()  # the stored answer served: each worker that serves it starts its process
    time.sleep(PROJECTOR_EVERY + 1)  # the stored answer stale: the next readers claim it
    readers()
    time.sleep(PROJECTOR_EVERY + 1)
    readers()
    time.sleep(3)
    if stats.errors:
        raise RuntimeError(f"the ranking did not answer before the run: {dict(stats.errors)}")


def evening(port: int, pid: int, seconds: float, threads: int) -> Evening:
    event_id, tables, director_cookies = set_up(port)
    devices = [TableDevice(port, event_id, match_id, link) for match_id, link in tables]
    warm_up(port, event_id)
    stats = Stats()
    local = threading.local()
    schedule: list[tuple[float, Any]] = []
    for index, device in enumerate(devices):
        start = GAME_EVERY * index / len(devices)
        schedule += [(t, lambda d=device: d.play(stats)) for t in _times(start, GAME_EVERY, seconds)]
    ranking = f"/events/{event_id}/ranking?part=table"
    tags: dict[int, str] = {}
    for phone in range(PLAYERS):
        start = PHONE_EVERY * phone / PLAYERS
        schedule += [
            (t, lambda phone=phone: poll(port, ranking, "phone: ranking", stats, local, tags, phone))
            for t in _times(start, PHONE_EVERY, seconds)
        ]
    # The projector opened its page before the run (warm_up); its script asks for the ranking's
    # part every PROJECTOR_EVERY seconds, as a phone's does, and swaps it in (static/events.js).
    schedule += [
        (t, lambda: poll(port, ranking, "projector: ranking poll", stats, local, tags, -1))
        for t in _times(0.0, PROJECTOR_EVERY, seconds)
    ]
    schedule.sort(key=lambda item: item[0])
    began, server_before, client_before = time.monotonic(), server_cpu(pid), time.process_time()
    with ThreadPoolExecutor(threads) as pool:
        for at, task in schedule:
            delay = began + at - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            pool.submit(task)
    elapsed = time.monotonic() - began
    return Evening(
        stats,
        event_id,
        [match_id for match_id, _link in tables],
        devices,
        director_cookies,
        (server_cpu(pid) - server_before) / elapsed,
        (time.process_time() - client_before) / elapsed,
    )


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system) so far of the server's workers and of their own processes (the
    ranking's, ``scorer.events.refresher``) (``/proc``, Linux)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    try:
        pending = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return float("nan")
    while pending:
        child = pending.pop()
        try:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
            pending += Path(f"/proc/{child}/task/{child}/children").read_text().split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


def cpu_per_kind(
    port: int, pid: int, event_id: int, devices: list[TableDevice], director_cookies: dict[str, str]
) -> dict[str, tuple[float, float, float]]:
    """The server's CPU milliseconds per request of each kind: a batch of each kind, one request
    at a time after the run, the workers' CPU over the batch divided by its size (a fairer
    figure than wall time on a shared machine; /proc counts in 10 ms ticks, hence batches)."""
    from tests.helpers.server import Tablet

    found: dict[str, tuple[float, float, float]] = {}
    stats = Stats()

    def batch(kind: str, calls: list[Any]) -> None:
        walls = []
        before = server_cpu(pid)
        for call in calls:
            started = time.perf_counter()
            call()
            walls.append(time.perf_counter() - started)
        cpu = (server_cpu(pid) - before) * 1000 / len(calls)
        found[kind] = (cpu, percentile(walls, 0.5) * 1000, percentile(walls, 0.99) * 1000)

    chosen = devices[:60]
    saves, confirms = [], []
    for device in chosen:
        path, data = device.game_form(device.games)
        saves.append(lambda p=path, d=data, t=device: t._post(KINDS[0], p, d, stats))
        path, data = device.confirm_form(device.games, "1")
        confirms.append(lambda p=path, d=data, t=device: t.fresh_post(KINDS[1], p, d, stats))
    # Each on a connection of its own, as in the run (the server closes an idle one).
    batch(KINDS[0], saves)
    batch(KINDS[1], confirms)
    if stats.errors:
        print(f"errors while measuring CPU: {dict(stats.errors)}", file=sys.stderr)
    for device in chosen:
        device.tablet.close()
    local = threading.local()
    ranking = f"/events/{event_id}/ranking?part=table"
    tags: dict[int, str] = {}
    poll(port, ranking, KINDS[2], stats, local, tags, 0)
    batch("phone: ranking, 200", [lambda: poll(port, ranking, KINDS[2], stats, local, {}, 0)] * 100)
    batch("phone: ranking, 304", [lambda: poll(port, ranking, KINDS[2], stats, local, tags, 0)] * 100)
    projector = f"/events/{event_id}/ranking?screen=projector"
    opened = "projector: its page, as opened"
    batch(opened, [lambda: poll(port, projector, opened, stats, local, {}, -1)] * 20)
    director = Tablet(port, timeout=60)
    director.cookies.update(director_cookies)
    # The director's page is live: computed after every new entry, and kept for a director who
    # asks again with nothing entered since. First that, then a game saved before each request.
    director.get(projector)
    batch("director: ranking again, nothing entered since", [lambda: director.get(projector)] * 5)
    walls, cpu = [], 0.0
    for device in devices[60:70]:
        device.fresh_post(KINDS[0], *device.game_form(device.games), stats)
        device.tablet.close()
        before = server_cpu(pid)
        started = time.perf_counter()
        director.get(projector)
        walls.append(time.perf_counter() - started)
        cpu += server_cpu(pid) - before
    found["director: ranking computed live after a new game"] = (
        cpu * 1000 / len(walls),
        percentile(walls, 0.5) * 1000,
        percentile(walls, 0.99) * 1000,
    )
    director.close()
    return found


def _times(start: float, every: float, seconds: float) -> list[float]:
    found, at = [], start
    while at < seconds:
        found.append(at)
        at += every
    return found


def stored(url: str, event_id: int, matches: list[int]) -> tuple[int, int]:
    """The games and confirmations in the database."""
    from sqlalchemy import create_engine, func, select

    from scorer.store.models import Entry, EventEntry

    engine = create_engine(url)
    with engine.connect() as connection:
        games = connection.scalar(
            select(func.count()).select_from(Entry).where(Entry.match_id.in_(matches), Entry.kind == "deal")
        )
        confirms = connection.scalar(
            select(func.count())
            .select_from(EventEntry)
            .where(EventEntry.event_id == event_id, EventEntry.kind == "confirm")
        )
    engine.dispose()
    return int(games or 0), int(confirms or 0)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else float("nan")


def run(label: str, url: str, options: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    from scorer.store.migrate import upgrade
    from tests.helpers import proxy, server

    upgrade(url)
    # --in-worker: the stored ranking computed in the web workers' threads, for comparison.
    env = {"TAFEL_EVENT_RANKING_PROCESS": "false"} if options.in_worker else {}
    served = server.start(
        url, workdir / f"{label}.log", workers=options.workers, threads=options.server_threads, extra_env=env
    )
    front = None
    if not options.direct:
        try:
            front = proxy.start(served.port, workdir / f"nginx-{label.split()[0].lower()}")
        except BaseException:
            served.stop()
            raise
    try:
        load_before = os.getloadavg()[0]
        night = evening(
            front.port if front is not None else served.port,
            served.process.pid,
            options.seconds,
            options.threads,
        )
        cache = front.cache_statuses() if front is not None else {}
        cpu_run, client_cpu = night.server_cpu, night.client_cpu
        load_after = os.getloadavg()[0]
        stats = night.stats
        # Counted before the CPU measurement below adds games of its own.
        games, confirms = stored(url, night.event_id, night.matches)
        cpu = cpu_per_kind(
            served.port, served.process.pid, night.event_id, night.devices, night.director_cookies
        )
        log = served.log()
    finally:
        if front is not None:
            front.stop()
        served.stop()
    if "Traceback" in log:
        print(log[log.index("Traceback") :][:3000], file=sys.stderr)
    lost = max(0, stats.games - games) + max(0, stats.confirms - confirms)
    doubled = max(0, games - stats.games) + max(0, confirms - stats.confirms)
    print(
        f"{label}: {sum(len(v) for v in stats.times.values())} requests, errors {dict(stats.errors)}, "
        f"games {stats.games}/{games}, confirmations {stats.confirms}/{confirms}, tracebacks {log.count('Traceback')}, "
        f"nginx's cache: {dict(sorted(cache.items()))}",
        file=sys.stderr,
    )
    return {
        "label": label,
        "stats": stats,
        "lost": lost,
        "doubled": doubled,
        "load": (load_before, load_after),
        "cpu_run": cpu_run,
        "client_cpu": client_cpu,
        "cpu": cpu,
        "cache": cache,
    }


def _server(options: argparse.Namespace) -> str:
    return f"{options.workers} workers of {options.server_threads} app threads"


def report(results: list[dict[str, Any]], options: argparse.Namespace) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        BEGIN,
        "## Event (bench/event.py)",
        "",
        f"Measured {now} on this machine ({os.cpu_count()} cores, shared with other work): "
        f"{PLAYERS} players, {PLAYERS // 4} tables, {options.seconds:g} s at ten times real pace "
        f"(a game per table every {GAME_EVERY:g} s, both teams confirm it; each phone polls the "
        f"ranking every {PHONE_EVERY:g} s, the projector every {PROJECTOR_EVERY:g} s); "
        f"{'Granian' if options.direct else 'nginx (deploy/nginx.conf) in front of Granian'} with "
        f"{_server(options)}, the client on the same cores. Goal on PostgreSQL: "
        "p99 < 100 ms, 0 errors, 0 lost.",
        "",
        "| database | request | count | 304 | p50 ms | p99 ms | errors |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for result in results:
        stats: Stats = result["stats"]
        for kind in KINDS:
            times = stats.times.get(kind, [])
            lines.append(
                f"| {result['label']} | {kind} | {len(times)} | {stats.not_modified.get(kind, 0)} | "
                f"{percentile(times, 0.5) * 1000:.0f} | "
                f"{percentile(times, 0.99) * 1000:.0f} | {stats.errors.get(kind, 0)} |"
            )
    lines.append("")
    for result in results:
        before, after = result["load"]
        lines.append(
            f"- {result['label']}: lost {result['lost']}, doubled {result['doubled']}; "
            f"load average {before:.1f} before, {after:.1f} after; the server's workers used "
            f"{result['cpu_run']:.2f} CPU seconds per second of the run, the client "
            f"{result['client_cpu']:.2f}."
            + (
                " nginx's answers by cache status: "
                + ", ".join(f"{kind} {count:,}" for kind, count in sorted(result["cache"].items()))
                + "."
                if result["cache"]
                else ""
            )
        )
    kinds = list(dict.fromkeys(kind for result in results for kind in result["cpu"]))
    lines += [
        "",
        "After the run, one request at a time (a batch of each kind): the server's CPU time per "
        "request (the workers' CPU time over the batch from /proc, divided by its size) and the "
        "wall time of each (p50/p99), with no other request of this bench waiting:",
        "",
        "| request | "
        + " | ".join(f"{r['label']} CPU ms | {r['label']} wall p50/p99 ms" for r in results)
        + " |",
        "| --- |" + " ---: | ---: |" * len(results),
    ]
    nothing = (float("nan"),) * 3
    for kind in kinds:
        cells = " | ".join(
            "{:.1f} | {:.0f} / {:.0f}".format(*result["cpu"].get(kind, nothing)) for result in results
        )
        lines.append(f"| {kind} | {cells} |")
    lines += ["", END, ""]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--server-threads", type=int, default=4, help="the app's threads per worker")
    parser.add_argument("--threads", type=int, default=48)
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    parser.add_argument("--only", choices=("sqlite", "postgresql"))
    parser.add_argument(
        "--direct",
        action="store_true",
        help="the devices talk to Granian directly, without nginx in front (deploy/nginx.conf)",
    )
    parser.add_argument(
        "--in-worker",
        action="store_true",
        help="compute the stored ranking in the web workers (EVENT_RANKING_PROCESS false), for comparison",
    )
    options = parser.parse_args()
    from tests.helpers.database import fresh_database, server_url

    results = []
    with tempfile.TemporaryDirectory() as directory:
        workdir = Path(directory)
        if options.only != "postgresql":
            (workdir / "sqlite").mkdir()
            os.environ.pop("TEST_DATABASE_URL", None)
            server = os.environ.pop("DATABASE_URL", None)
            with fresh_database(workdir / "sqlite") as url:
                results.append(run("SQLite", url, options, workdir))
            if server:
                os.environ["DATABASE_URL"] = server
        if server_url() is not None and options.only != "sqlite":
            (workdir / "pg").mkdir()
            with fresh_database(workdir / "pg") as url:
                results.append(run("PostgreSQL", url, options, workdir))
    section = report(results, options)
    print(section)
    if not options.no_write:
        from bench.results import write_section

        write_section(ROOT / "bench" / "RESULTS.md", BEGIN, END, section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
