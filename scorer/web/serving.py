"""How gunicorn serves the app to a club's tablets (README.md, ``bench/load.py``):

    gunicorn -c python:scorer.web.serving --workers 2 --bind 0.0.0.0:8000 'scorer:create_app()'

Command-line options override these settings.
"""

from __future__ import annotations

import time

from gunicorn.workers.gthread import ThreadWorker  # type: ignore[import-untyped]

#: Seconds between a worker's signs of life to gunicorn's arbiter, which restarts a worker
#: silent for ``--timeout`` (30 s by default).
HEARTBEAT_SECONDS = 1.0


class TableWorker(ThreadWorker):  # type: ignore[misc]
    """gunicorn's threaded worker, telling the arbiter it is alive once a second.

    The threaded worker tells it on every turn of its loop, that is for every few requests:
    a file's time set anew, a system call that lets go of the interpreter's lock, which
    the loop (the thread that hands every request to the others) must then wait to take
    back from a thread rendering a page. Under a club evening's load that wait delayed every
    request (bench/RESULTS.md).
    """

    _last_sign = float("-inf")

    def notify(self) -> None:
        now = time.monotonic()
        if now - self._last_sign >= HEARTBEAT_SECONDS:
            self._last_sign = now
            super().notify()


# gunicorn's settings (names as in its documentation).
worker_class = f"{__name__}.TableWorker"
#: A thread waiting on a commit leaves the CPU to another (bench/RESULTS.md: 2 to 4 alike, 8 worse).
threads = 4
#: Longer than the 3 s between a tablet's polls: a new connection costs the server more.
keepalive = 5
