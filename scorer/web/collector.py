"""Python's garbage collector and thread switching, set once for a served process.

The one piece of speed machinery the served app keeps (docs/DECISIONS.md, "A served worker
freezes what it holds"): without it a full collection walks everything a worker holds (its modules,
templates, the matches' kept states) and stalls all the worker's threads meanwhile, and the
load bench's slowest answers are those stalls (``bench/load.py``, ``--collector python`` runs
without it). Two settings:

- what the process holds once the app is built is frozen (``gc.freeze``): it never becomes
  garbage, so no collection walks it again;
- the oldest generation is collected less often (``THRESHOLDS`` against Python's 700, 10, 10):
  a request's garbage dies in the young generations, whose collections walk little. The middle
  generation keeps Python's 10: collected less often (50), each of its collections walked five
  times as much and stalled a save for tens of milliseconds (docs/DECISIONS.md).

A thread back from the database waits for the interpreter's lock until the thread holding it
has run for the switch interval; ``SWITCH_INTERVAL`` shortens that wait. Only a server's worker
calls :func:`tune` (``scorer.ready_worker``, from the factory ``scorer.served_app``): a test's
app leaves the test process as Python set it.
"""

from __future__ import annotations

import gc
import sys

#: Generation thresholds of a served process (Python's own: 700, 10, 10).
THRESHOLDS = (700, 10, 1000)
#: Seconds a thread runs before another may take the interpreter's lock (Python's own: 0.005).
SWITCH_INTERVAL = 0.001

_tuned = False


def tune() -> None:
    """Freeze what the process holds now and set its collector and switch interval; once per
    process, after its app is built."""
    global _tuned
    if _tuned:
        return
    _tuned = True
    sys.setswitchinterval(SWITCH_INTERVAL)
    gc.collect()  # start-up's garbage goes now, not into the frozen generation
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
