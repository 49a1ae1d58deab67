"""The stored ranking computed again in a process of its own, beside the web server's.

A ranking of a thousand players is a long computation (the log read, the engine, the stored
row). Computed in a web worker's thread, it holds the interpreter's lock against the worker's
other threads the whole time, in slices: each of their database round trips releases the lock
and waits up to the switch interval to get it back, so on PostgreSQL (every query a socket round
trip) a request beside a computation waits many times its own time (the event bench shows it);
and the claiming request's connection waited for the computation before its next request was
read.

So each server process hands the computation to one child process of its own, started on
first use (spawned, not forked: a worker has threads, and a fork copies their locks), at a
lower scheduling priority than the server's, and nobody waits for it: the claiming reader was
served the stored answer, and the next readers get the new one once the child has stored it.
The child keeps what it read (``snapshot.live``) as the server would, and writes only the stored
answer (``snapshot.store``): like the server, it holds nothing that the database does not.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import multiprocessing.util
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from flask import current_app

if TYPE_CHECKING:
    from flask import Flask

#: The app factory (``scorer.create_app``), given by the app it built.
Factory = Callable[[dict[str, Any]], "Flask"]
#: A computation of an event's stored answer, given the event's id, named ``module:function``:
#: the child imports it by that name (a name, not the function: the child runs the module's own).
Job = str

_LOG = logging.getLogger(__name__)
_FACTORY = "tafel_event_factory"
#: How much lower the child's scheduling priority is than the server's (``os.nice``).
NICE = 10
_POOL: ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def enabled() -> bool:
    """Whether this app computes the stored ranking in a child process (``EVENT_RANKING_PROCESS``):
    not for a database only this process sees (SQLite in memory)."""
    url = str(current_app.config.get("DATABASE_URL") or "")
    in_memory = url in ("sqlite://", "sqlite:///:memory:")
    return bool(current_app.config.get("EVENT_RANKING_PROCESS")) and not in_memory


def settings() -> dict[str, Any]:
    """The app's settings as the child builds its own app from them: the plain values (the
    database, the ranking's age, the secret key); anything else is the defaults'."""
    plain = (str, int, float, bool, type(None))
    return {key: value for key, value in current_app.config.items() if isinstance(value, plain)}


def init_app(app: Flask, factory: Factory) -> None:
    """Remember the function that built ``app``: the child builds its own app with it."""
    app.extensions[_FACTORY] = factory


def compute(event_id: int, job: Job) -> Future[None] | None:
    """Have the event's stored ranking computed again by ``job``: in this process's child,
    without waiting for it (the claiming request's thread and connection are free at once; the
    answer is stored when it is done; its future is returned), or in this thread when the app
    computes it in process (None)."""
    if not enabled():
        _function(job)(event_id)
        return None
    work = (current_app.extensions[_FACTORY], settings(), job, event_id)
    try:
        future = _pool().submit(run, *work)
    except BrokenProcessPool:
        _reset()  # the child died (killed, out of memory): a new one for this computation
        future = _pool().submit(run, *work)
    future.add_done_callback(_logged)
    return future


def warm() -> None:
    """Start this process's child, if it is not running, without waiting for it: it imports and
    builds the app while the stored answer is young, not when it is stale."""
    if not enabled():
        return
    with _POOL_LOCK:
        running = _POOL is not None
    if not running:
        _pool().submit(_prepare, current_app.extensions[_FACTORY], settings())


def _logged(future: Future[None]) -> None:
    error = future.exception()
    if error is None:
        return
    # Nobody waits for this answer: the claim lapses and a later reader claims it again.
    _LOG.error("the stored ranking could not be computed again", exc_info=error)
    if isinstance(error, BrokenProcessPool):
        _reset()


def _pool() -> ProcessPoolExecutor:
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ProcessPoolExecutor(
                1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_behind_requests,
                initargs=(os.getpid(),),
            )
            _stop_before_exit()
        return _POOL


_STOPPING_REGISTERED = False


def _stop_before_exit() -> None:
    """Have the child stopped when this process exits. At exit a process waits for its
    children, and the executor for its computation (a ranking of a thousand players takes
    seconds at the child's low priority), while a stopping server waits for its workers: the
    computation is not worth it, the next reader claims it again. A server's worker (a
    process of ``multiprocessing``) runs its finalizers before it waits for its children; a
    plain interpreter runs its threads' exit functions, the latest first, before the
    executor's."""
    global _STOPPING_REGISTERED
    if not _STOPPING_REGISTERED:
        _STOPPING_REGISTERED = True
        multiprocessing.util.Finalize(None, _stop_child, exitpriority=10)
        register: Callable[[Callable[[], None]], None] = getattr(threading, "_register_atexit")  # noqa: B009
        register(_stop_child)


def _stop_child() -> None:
    global _POOL
    with _POOL_LOCK:
        pool, _POOL = _POOL, None
    if pool is None:
        return
    # The executor's own list of its processes: it offers no other way to end a running one.
    for process in list(getattr(pool, "_processes", {}).values()):
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


def _reset() -> None:
    global _POOL
    with _POOL_LOCK:
        pool, _POOL = _POOL, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


# --- in the child --------------------------------------------------------------------------


def _behind_requests(server: int) -> None:
    """The child yields the cores to the web workers when both want them: a request waits for
    nothing of the ranking's, and the stored answer may be a moment later. A Ctrl-C in the
    terminal of ``make serve`` is the server's to handle: the child ends when the server does,
    also when the server's process is killed (``_orphaned``)."""
    if hasattr(os, "nice"):
        os.nice(NICE)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_orphaned, args=(server,), name="tafel-orphaned", daemon=True).start()


#: Seconds between the child's looks at whether its server process is still there.
PARENT_CHECK_SECONDS = 0.5


def _orphaned(server: int) -> None:
    """End the child once the process that started it is gone (killed: nothing stopped it)."""
    while os.getppid() == server:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


#: The child's apps, by their settings (a test's server serves one database after another).
_APPS: dict[tuple[tuple[str, Any], ...], Flask] = {}
_APPS_SIZE = 4


def _app(factory: Factory, config: dict[str, Any]) -> Flask:
    """The child's app of these settings, built on first use (with it, the app's modules)."""
    key = tuple(sorted(config.items()))
    app = _APPS.get(key)
    if app is None:
        while len(_APPS) >= _APPS_SIZE:
            # Its database may be gone (a test's): its engine's connections go with it.
            oldest = _APPS.pop(next(iter(_APPS)))
            oldest.extensions["tafel_engine"].dispose()
        app = _APPS[key] = factory(config)
    return app


def _prepare(factory: Factory, config: dict[str, Any]) -> None:
    _app(factory, config)


def run(factory: Factory, config: dict[str, Any], job: Job, event_id: int) -> None:
    """In the child: compute the event's ranking and store it, as a reader's request would."""
    # A request of nobody's: no director's right, so the answer is stored for the readers.
    with _app(factory, config).test_request_context("/"):
        _function(job)(event_id)


def _function(job: Job) -> Callable[[int], object]:
    module, _, name = job.partition(":")
    found: Callable[[int], object] = getattr(importlib.import_module(module), name)
    return found
