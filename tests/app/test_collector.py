"""A served app sets its process's garbage collector and switch interval
(scorer.web.collector): the full collections that stalled every thread of a worker for
0.1-0.4 s are rare, what the app holds once built is never walked again, and a thread back
from the database waits at most a millisecond for the interpreter's lock."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import gc, json, sys
from scorer import create_app
before = gc.get_threshold()
switch_before = sys.getswitchinterval()
create_app()
create_app()  # a second app in the process sets nothing again
print(json.dumps({"before": before, "after": gc.get_threshold(), "frozen": gc.get_freeze_count(),
                  "switch_before": switch_before, "switch": sys.getswitchinterval()}))
"""


def served(tmp_path: Path, thresholds: str | None, switch: str | None = None) -> dict[str, Any]:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'tafel.sqlite'}"}
    env.pop("TAFEL_GC_THRESHOLDS", None)
    env.pop("TAFEL_SWITCH_INTERVAL", None)
    if thresholds is not None:
        env["TAFEL_GC_THRESHOLDS"] = thresholds
    if switch is not None:
        env["TAFEL_SWITCH_INTERVAL"] = switch
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


@pytest.mark.slow
def test_a_served_app_freezes_what_it_holds_and_collects_the_old_generations_rarely(tmp_path: Path) -> None:
    found = served(tmp_path, None)
    assert found["before"] == [700, 10, 10]  # Python's own
    assert found["after"] == [700, 50, 1000]
    assert isinstance(found["frozen"], int) and found["frozen"] > 10_000  # modules, templates, tables
    assert found["switch_before"] == 0.005 and found["switch"] == 0.001


@pytest.mark.slow
def test_the_settings_can_leave_pythons_own_alone(tmp_path: Path) -> None:
    found = served(tmp_path, "[]", switch="0")
    assert found["after"] == [700, 10, 10] and found["frozen"] == 0
    assert found["switch"] == 0.005
