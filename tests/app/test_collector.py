"""A served app sets its process's garbage collector (scorer.web.collector): the full
collections that stalled every thread of a worker for 0.1-0.4 s are rare, and what the app
holds once built is never walked again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import gc, json
from scorer import create_app
before = gc.get_threshold()
create_app()
create_app()  # a second app in the process sets nothing again
print(json.dumps({"before": before, "after": gc.get_threshold(), "frozen": gc.get_freeze_count()}))
"""


def served(tmp_path: Path, thresholds: str | None) -> dict[str, list[int] | int]:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'tafel.sqlite'}"}
    env.pop("TAFEL_GC_THRESHOLDS", None)
    if thresholds is not None:
        env["TAFEL_GC_THRESHOLDS"] = thresholds
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


@pytest.mark.slow
def test_the_setting_can_leave_pythons_collector_alone(tmp_path: Path) -> None:
    found = served(tmp_path, "[]")
    assert found["after"] == [700, 10, 10] and found["frozen"] == 0
