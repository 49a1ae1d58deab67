"""``python -m rules_engine deal|match|legal`` with ``game: "coiffeur"``: exit 0, 1, 2 (DEAL_RECORD.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

# Each test starts a Python process: left to `make test`, out of `make check`.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]

DEAL: dict[str, Any] = {
    "game": "coiffeur",
    "options": {"grid": "official8"},
    "forehand": 1,
    "pushes": 1,
    "chooser": 2,
    "row": 5,
    "contract": "obenabe",
    "points": {"team": 2, "value": 112},
    "hands": None,
    "tricks": None,
}


def run(command: str, record: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", command],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_valid_deal_exits_0() -> None:
    result = run("deal", DEAL)
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert (answer["cell"], answer["trick_points"]) == (560, [45, 112])


def test_rule_broken_exits_1_with_the_cited_rule() -> None:
    result = run("deal", {**DEAL, "contract": "undenufe"})
    assert result.returncode == 1
    assert json.loads(result.stdout)["errors"][0]["rule"] == "C9"


def test_malformed_exits_2_with_one_line() -> None:
    result = run("deal", {**DEAL, "teams": 3})
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "three-team" in result.stderr


def test_match_and_legal() -> None:
    record = {"game": "coiffeur", "deals": [{k: v for k, v in DEAL.items() if k not in ("game", "options")}]}
    result = run("match", record)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["totals"] == [0, 560]
    position = {
        "game": "coiffeur",
        "contract": {"type": "slalom", "start": "obenabe"},
        "trick_index": 1,
        "hand": ["S9", "D6"],
        "trick": ["S8", "S6", "SK"],
    }
    result = run("legal", position)
    assert result.returncode == 0
    assert json.loads(result.stdout)["illegal"]["D6"]["rule"] == "C5.1"
