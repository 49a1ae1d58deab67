"""Event benchmark: a 1,000-player Einzelschieber (250 tables) at ten times real pace.

Every table plays a game every 30 s (a real Passe game takes about 5 minutes) and both its teams
confirm it (T6.2 ``per_game``); every player's phone polls the ranking every 30 s, and the
projector every 5 s. Against gunicorn on loopback, over SQLite, then PostgreSQL when a server
database is given:

    .venv/bin/python bench/event.py                                  # SQLite only
    bash scripts/with-postgres.sh .venv/bin/python bench/event.py    # SQLite, then PostgreSQL
    .venv/bin/python bench/event.py --seconds 20 --no-write          # a quick look

The event is set up through the app as a director would (create, register 1,000 players, draw
round 1) and each table's tablet opens its table link; then the timed run. Reports p50/p99 per
kind of request, errors (any answer but the expected one, or no answer), and lost entries
(acknowledged games or confirmations missing from the database, or stored twice). The client
is one process of threads speaking HTTP/1.1 (``tests.helpers.server.Tablet``) on the same two
cores as the server: the load average is written beside the numbers. Refreshes its own section
of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
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

BEGIN, END = "<!-- bench/event.py: begin -->", "<!-- bench/event.py: end -->"
PLAYERS = 1000
GAME_EVERY = 30.0
PHONE_EVERY = 30.0
PROJECTOR_EVERY = 5.0
#: Team 1's trick points, game after game (each game totals 157, T3.4).
VALUES = (98, 45, 121, 67, 88, 30, 104, 62, 77, 90, 56, 110)
KINDS = (
    "table: save game (POST)",
    "team: confirm game (POST)",
    "phone: ranking",
    "projector: ranking page",
)


@dataclass
class Stats:
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
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


def set_up(port: int) -> tuple[int, list[tuple[int, str]]]:
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
    answer = director.post(action, form_fields(director.get(show).body, action))
    assert answer.status == 303, answer.status
    page = director.get(show).body
    links = re.findall(r'href="[^"]*?(/matches/(\d+)/edit/[A-Za-z0-9_-]+)"', page)
    director.close()
    tables = sorted({(int(match_id), link) for link, match_id in links})
    assert len(tables) == PLAYERS // 4, len(tables)
    return event_id, tables


class TableDevice:
    """A table's tablet: enters its games and, for both teams, confirms each one."""

    def __init__(self, port: int, event_id: int, match_id: int, link: str) -> None:
        from tests.helpers.server import Tablet

        self.tablet = Tablet(port, timeout=30)
        self.event_id = event_id
        self.match_id = match_id
        self.tablet.get(link)
        page = self.tablet.get(f"/matches/{match_id}/deals/new").body
        self.token = hidden(page, "csrf_token")
        self.games = 0
        self.lock = threading.Lock()

    def play(self, stats: Stats) -> None:
        with self.lock:
            number = self.games
            data = {
                "csrf_token": self.token,
                "version": str(number),
                "idem": uuid.uuid4().hex,
                "forehand": str(number % 4 + 1),
                "contract": "H",
                "team": "1",
                "points": str(VALUES[number % len(VALUES)]),
            }
            ok = self._post("table: save game (POST)", f"/matches/{self.match_id}/deals/new", data, stats)
            if not ok:
                return
            self.games += 1
            with stats.lock:
                stats.games += 1
            slot = str(number + 1)  # the n-th deal is the log's n-th entry: its slot and version
            for team in ("1", "2"):
                data = {
                    "csrf_token": self.token,
                    "idem": uuid.uuid4().hex,
                    "slot": slot,
                    "version": slot,
                    "team": team,
                }
                path = f"/events/{self.event_id}/tables/{self.match_id}/confirm"
                if self._post("team: confirm game (POST)", path, data, stats):
                    with stats.lock:
                        stats.confirms += 1

    def _post(self, kind: str, path: str, data: dict[str, str], stats: Stats) -> bool:
        started = time.perf_counter()
        try:
            answer = self.tablet.post(path, data)
        except OSError:
            stats.record(kind, time.perf_counter() - started, False)
            return False
        ok = answer.status == 303
        stats.record(kind, time.perf_counter() - started, ok)
        return ok


def poll(port: int, path: str, kind: str, stats: Stats, local: threading.local) -> None:
    from tests.helpers.server import Tablet

    tablet = getattr(local, "tablet", None)
    if tablet is None:
        tablet = local.tablet = Tablet(port, timeout=30)
    started = time.perf_counter()
    try:
        answer = tablet.get(path)
        ok = answer.status == 200
    except OSError:
        tablet.close()
        ok = False
    stats.record(kind, time.perf_counter() - started, ok)


def evening(port: int, seconds: float, threads: int) -> tuple[Stats, int, list[int]]:
    event_id, tables = set_up(port)
    devices = [TableDevice(port, event_id, match_id, link) for match_id, link in tables]
    stats = Stats()
    local = threading.local()
    schedule: list[tuple[float, Any]] = []
    for index, device in enumerate(devices):
        start = GAME_EVERY * index / len(devices)
        schedule += [(t, lambda d=device: d.play(stats)) for t in _times(start, GAME_EVERY, seconds)]
    ranking = f"/events/{event_id}/ranking?part=table"
    for phone in range(PLAYERS):
        start = PHONE_EVERY * phone / PLAYERS
        schedule += [
            (t, lambda: poll(port, ranking, "phone: ranking", stats, local))
            for t in _times(start, PHONE_EVERY, seconds)
        ]
    schedule += [
        (t, lambda: poll(port, f"/events/{event_id}/ranking", "projector: ranking page", stats, local))
        for t in _times(0.0, PROJECTOR_EVERY, seconds)
    ]
    schedule.sort(key=lambda item: item[0])
    began = time.monotonic()
    with ThreadPoolExecutor(threads) as pool:
        for at, task in schedule:
            delay = began + at - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            pool.submit(task)
    return stats, event_id, [match_id for match_id, _link in tables]


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
    from tests.helpers import server

    upgrade(url)
    gunicorn = server.start(url, workdir / f"{label}.log", workers=options.workers)
    try:
        load_before = os.getloadavg()[0]
        stats, event_id, matches = evening(gunicorn.port, options.seconds, options.threads)
        load_after = os.getloadavg()[0]
        log = gunicorn.log()
    finally:
        gunicorn.stop()
    games, confirms = stored(url, event_id, matches)
    lost = max(0, stats.games - games) + max(0, stats.confirms - confirms)
    doubled = max(0, games - stats.games) + max(0, confirms - stats.confirms)
    print(
        f"{label}: {sum(len(v) for v in stats.times.values())} requests, errors {dict(stats.errors)}, "
        f"games {stats.games}/{games}, confirmations {stats.confirms}/{confirms}, tracebacks {log.count('Traceback')}",
        file=sys.stderr,
    )
    return {
        "label": label,
        "stats": stats,
        "lost": lost,
        "doubled": doubled,
        "load": (load_before, load_after),
    }


def report(results: list[dict[str, Any]], options: argparse.Namespace) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        BEGIN,
        "## Event (bench/event.py)",
        "",
        f"Measured {now} on this machine ({os.cpu_count()} cores, shared with other work): "
        f"{PLAYERS} players, {PLAYERS // 4} tables, {options.seconds:g} s at ten times real pace "
        f"(a game per table every {GAME_EVERY:g} s, both teams confirm it; each phone polls the "
        f"ranking every {PHONE_EVERY:g} s, the projector every {PROJECTOR_EVERY:g} s); gunicorn with "
        f"{options.workers} sync workers, the client on the same cores. Goal on PostgreSQL: "
        "p99 < 100 ms, 0 errors, 0 lost.",
        "",
        "| database | request | count | p50 ms | p99 ms | errors |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for result in results:
        stats: Stats = result["stats"]
        for kind in KINDS:
            times = stats.times.get(kind, [])
            lines.append(
                f"| {result['label']} | {kind} | {len(times)} | {percentile(times, 0.5) * 1000:.0f} | "
                f"{percentile(times, 0.99) * 1000:.0f} | {stats.errors.get(kind, 0)} |"
            )
    lines.append("")
    for result in results:
        before, after = result["load"]
        lines.append(
            f"- {result['label']}: lost {result['lost']}, doubled {result['doubled']}; "
            f"load average {before:.1f} before, {after:.1f} after."
        )
    lines += ["", END, ""]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=48)
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    parser.add_argument("--only", choices=("sqlite", "postgresql"))
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
