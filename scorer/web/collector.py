"""Python's garbage collector and thread switching set for a serving process.

A full collection walks every object the process holds. In a worker of the 200-table model
(bench/load.py) that is some 300,000 objects: the matches' kept states, pages and panels, and
the modules and templates. A full collection took 0.1–0.4 s, every 5–20 s, and it stalled
every thread of the worker. Those stalls were most of the slowest 1 % of answers.
Two settings change that:

- what the app holds once it is built (modules, templates, the engine's tables) is frozen
  (``gc.freeze``): it never becomes garbage, so no collection walks it again;
- a request's garbage dies with its request, but a collection that runs meanwhile promotes
  what the request still holds. The middle generation is collected less often
  (``GC_THRESHOLDS``, default 700, 50, 1000 against Python's 700, 10, 10). That garbage then
  dies before it reaches the oldest generation, and a full collection is rare.

A worker's threads share one interpreter lock. A thread whose database query has returned
waits for the lock until the thread holding it has run for the switch interval (Python's
default 5 ms). A save made some ten round trips to the database (four on PostgreSQL now),
so among busy threads it waited up to 50 ms for nothing (on PostgreSQL a save's database
time was 13-15 ms at the median under the 200-table load, against 2 ms alone).
``SWITCH_INTERVAL`` (default 1 ms) bounds each wait by that much; the busy threads then take
turns more often.

Only a served app sets them (not one built for a test): they are the process's, not the app's.
"""

from __future__ import annotations

import gc
import sys

from flask import Flask

_SET = False


def tune(app: Flask) -> None:
    """Set the process's collector and switch interval for serving ``app``; once per process,
    after the app is built."""
    global _SET
    if _SET:
        return
    _SET = True
    interval = app.config.get("SWITCH_INTERVAL")
    if interval:
        sys.setswitchinterval(float(interval))
    thresholds = app.config.get("GC_THRESHOLDS")
    if not thresholds:
        return
    gc.collect()  # what start-up left as garbage goes now, not into the frozen generation
    gc.freeze()
    gc.set_threshold(*(int(value) for value in thresholds))
