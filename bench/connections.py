"""Connections that hold the server: how long a normal request waits while thousands of
connections are open that send nothing (idle) or send their request's head a few bytes at a
time (slow, "slowloris"), against the app as served, on loopback.

    .venv/bin/python bench/connections.py                        # 5,000 of each, every set-up
    .venv/bin/python bench/connections.py --connections 3000 --no-write

Three set-ups: Granian with one worker, Granian with ``make serve``'s two workers, and nginx
(``deploy/nginx.conf``, started by ``tests/helpers/proxy.py``) in front of two workers as
``make tournament`` serves them. For each kind of connection the bench opens them all, waits
a second, then asks for the match list (``GET /matches/``) on a fresh connection every half
second for ``--seconds`` seconds while they stay open (the slow ones send another header line
every two seconds), and reports the slowest answer and any request not answered within 30 s.
Goal: every normal request answered within a second. Then it counts how many of the held
connections the server (or nginx) has closed by the end. Refreshes its own section of
bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import socket
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.results import write_section  # noqa: E402 - importable once the checkout is on the path

RESULTS = ROOT / "bench" / "RESULTS.md"
BEGIN = "<!-- bench/connections.py: begin -->"
END = "<!-- bench/connections.py: end -->"
GOAL_SECONDS = 1.0
#: How long a normal request may wait before it counts as unanswered.
TIMEOUT = 30.0
KINDS = ("idle", "slow")


@dataclass
class Outcome:
    setup: str
    kind: str
    held: int
    answers: list[float]
    unanswered: int
    closed_by_server: int

    @property
    def worst(self) -> float:
        return max(self.answers, default=TIMEOUT)


def normal_request(port: int) -> float | None:
    """Seconds until ``GET /matches/`` is answered on a fresh connection; None: not in time."""
    started = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as connection:
            connection.sendall(b"GET /matches/ HTTP/1.1\r\nHost: tafel\r\nConnection: close\r\n\r\n")
            if not connection.recv(12).startswith(b"HTTP/1.1 200"):
                return None
    except OSError:
        return None
    return time.perf_counter() - started


def open_held(port: int, count: int, kind: str) -> list[socket.socket]:
    held = []
    for _ in range(count):
        connection = socket.socket()
        connection.setblocking(False)
        try:
            connection.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        held.append(connection)
    time.sleep(1)
    if kind == "slow":
        drip(held, b"GET /matches/ HTTP/1.1\r\nHost: tafel\r\n")
    return held


def drip(held: list[socket.socket], data: bytes) -> None:
    for connection in held:
        try:
            connection.send(data)
        except OSError:
            pass


def closed(connection: socket.socket) -> bool:
    """Whether the other side has closed the connection (read: end of file or an error)."""
    try:
        return connection.recv(65536) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def run(setup: str, port: int, kind: str, count: int, seconds: float) -> Outcome:
    held = open_held(port, count, kind)
    answers: list[float] = []
    unanswered = 0
    try:
        started = time.monotonic()
        next_drip = started + 2
        while time.monotonic() - started < seconds:
            took = normal_request(port)
            if took is None:
                unanswered += 1
            else:
                answers.append(took)
            if kind == "slow" and time.monotonic() >= next_drip:
                drip(held, b"X-Slow: 1\r\n")
                next_drip += 2
            time.sleep(0.5)
        gone = sum(closed(connection) for connection in held)
    finally:
        for connection in held:
            connection.close()
    time.sleep(1)  # the server lets them go before the next run
    outcome = Outcome(setup, kind, count, answers, unanswered, gone)
    print(
        f"{setup}, {count} {kind}: worst {outcome.worst:.3f} s, median "
        f"{statistics.median(answers) if answers else float('nan'):.3f} s, {unanswered} unanswered, "
        f"{gone} closed by the server",
        flush=True,
    )
    return outcome


def raise_open_files(count: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = count + 256
    if soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            sys.exit(f"connections.py: {count} connections need {wanted} open files, the limit is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def report(outcomes: list[Outcome], options: argparse.Namespace) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        BEGIN,
        "## Held connections (bench/connections.py)",
        "",
        f"{now}, Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs shared by "
        f"server and client, loopback. For {options.seconds:.0f} s while the connections stay open, "
        "`GET /matches/` on a fresh connection every 0.5 s; goal: each answered within "
        f"{GOAL_SECONDS:.0f} s. *idle*: connected, nothing sent; *slow*: a request's head begun and "
        "a header line added every 2 s. *Closed*: held connections the server had closed by the end "
        "(Granian after its 15 s header timeout, nginx after its `client_header_timeout`).",
        "",
        "| set-up | held | kind | requests | median | worst | unanswered (30 s) | closed | goal |",
        "|---|---:|---|---:|---:|---:|---:|---:|---|",
    ]
    for outcome in outcomes:
        median = statistics.median(outcome.answers) if outcome.answers else float("nan")
        met = outcome.unanswered == 0 and outcome.worst <= GOAL_SECONDS
        lines.append(
            f"| {outcome.setup} | {outcome.held:,} | {outcome.kind} | "
            f"{len(outcome.answers) + outcome.unanswered} | {median * 1000:.0f} ms | "
            f"{outcome.worst * 1000:.0f} ms | {outcome.unanswered} | {outcome.closed_by_server:,} | "
            f"{'met' if met else 'MISSED'} |"
        )
    lines.append(END)
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--connections", type=int, default=5000, help="held connections (default: %(default)s)"
    )
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="requests timed per run (default: %(default)s)"
    )
    parser.add_argument(
        "--setups",
        default="granian-1,granian-2,nginx",
        help="comma-separated: granian-1, granian-2, nginx (default: %(default)s)",
    )
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated: idle, slow")
    parser.add_argument("--no-write", action="store_true", help="print only")
    options = parser.parse_args()
    raise_open_files(options.connections)

    from scorer.store.migrate import upgrade
    from tests.helpers import proxy
    from tests.helpers import server as served

    outcomes = []
    with tempfile.TemporaryDirectory(prefix="tafel-connections-") as folder:
        workdir = Path(folder)
        url = f"sqlite:///{workdir / 'tafel.sqlite'}"
        upgrade(url)
        for setup in options.setups.split(","):
            workers = 1 if setup == "granian-1" else 2
            server = served.start(url, workdir / f"{setup}.log", workers=workers, threads=4)
            front = None
            try:
                port = server.port
                label = f"Granian, {workers} worker{'s' if workers > 1 else ''}"
                if setup == "nginx":
                    front = proxy.start(server.port, workdir / "nginx")
                    port, label = front.port, "nginx → Granian, 2 workers"
                for kind in options.kinds.split(","):
                    outcomes.append(run(label, port, kind, options.connections, options.seconds))
            finally:
                if front is not None:
                    front.stop()
                server.stop()
    section = report(outcomes, options)
    print(section)
    if not options.no_write:
        write_section(RESULTS, BEGIN, END, section)
    return 0 if all(o.unanswered == 0 and o.worst <= GOAL_SECONDS for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
