"""How Granian serves the app to a club's tablets (README.md, ``bench/load.py``, the server tests):

    python -m scorer.web.serving --host 0.0.0.0 --port 8000 --workers 2

Granian reads each request and writes each answer in Rust, outside the interpreter's lock:
a worker's Python threads run only the app. A server written in Python parses and answers
in the same lock as the app's threads, so under a club evening's load each request waits
for it behind a page being rendered. ``bench/load.py`` measures the server's CPU per request
and an evening's p99; docs/DECISIONS.md gives the choice.
"""

from __future__ import annotations

import argparse
import resource
import sys
from collections.abc import Sequence
from typing import Any

from granian import Granian
from granian.constants import HTTPModes, Interfaces
from granian.http import HTTP1Settings
from granian.log import LogLevels
from granian.server.common import AbstractServer

#: The app's factory, called once in every worker.
APP = "scorer:served_app"
#: Python threads per worker running the app: one waiting on a commit leaves the lock to
#: another (``bench/load.py`` measures the evening).
THREADS = 4
WORKERS = 2
#: Connections a worker serves at once. A tablet keeps its connection open all evening (it
#: asks for the match's version every 3 s), and so does a spectator's phone between its
#: reloads: an open connection holds its place here while idle, and so does one that sends
#: nothing or sends its request a byte at a time. Past this many, a new connection waits in the
#: backlog until one closes: 2,048 let 3,000 idle connections keep every reader out until they
#: timed out (``bench/connections.py``). The real bound is the open-files limit, raised to its
#: maximum at start (``open_files``).
CONNECTIONS_PER_WORKER = 16384
BACKLOG = 4096
#: Seconds a connection has to send a request's head, also between the requests of a kept
#: connection: a connection that sends nothing, or sends its head slowly, is closed after
#: them. Longer than a tablet's version poll (3 s) and a spectator's reload (10 s), so that their
#: connections stay open.
HEADER_SECONDS = 15
#: Seconds a stopping server gives its workers to finish before killing them: a worker still
#: holding a browser's idle connection would otherwise keep the server up. The server, its
#: workers and their ranking processes are gone within 5 s of a SIGTERM
#: (tests/security/test_shutdown.py).
STOP_SECONDS = 3


def server(
    *,
    host: str = "0.0.0.0",  # noqa: S104 - the table's tablets reach it over the room's network
    port: int = 8000,
    workers: int = WORKERS,
    threads: int = THREADS,
    app: str = APP,
    log_level: str = "warning",
) -> AbstractServer[Any]:
    """Granian serving ``app`` (``module:factory``) with this project's settings."""
    granian: AbstractServer[Any] = Granian(
        app,
        address=host,
        port=port,
        interface=Interfaces.WSGI,
        factory=True,
        workers=workers,
        blocking_threads=threads,
        http=HTTPModes.http1,
        backlog=BACKLOG,
        backpressure=CONNECTIONS_PER_WORKER,
        http1_settings=HTTP1Settings(header_read_timeout=HEADER_SECONDS * 1000),
        # A worker that dies (killed, out of memory) is started again.
        respawn_failed_workers=True,
        workers_kill_timeout=STOP_SECONDS,
        log_level=LogLevels(log_level),
    )
    return granian


def open_files() -> int:
    """Raise this process's limit on open files (which its workers inherit) to the most the
    system allows it: every connection is a file, and at the usual soft limit (1,024) a worker
    could hold no more connections than that, however many it may serve."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scorer.web.serving", description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every address)")  # noqa: S104
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--workers", type=int, default=WORKERS, help="worker processes (default: %(default)s)"
    )
    parser.add_argument(
        "--threads", type=int, default=THREADS, help="app threads per worker (default: %(default)s)"
    )
    parser.add_argument(
        "--app", default=APP, help="the app's factory, module:function (default: %(default)s)"
    )
    parser.add_argument("--log-level", default="warning", choices=[level.value for level in LogLevels])
    options = parser.parse_args(argv)
    open_files()
    server(
        host=options.host,
        port=options.port,
        workers=options.workers,
        threads=options.threads,
        app=options.app,
        log_level=options.log_level,
    ).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
