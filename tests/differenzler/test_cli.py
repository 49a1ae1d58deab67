"""``python -m rules_engine deal|match|legal`` with ``game: "differenzler"``: exit 0, 1, 2 (DEAL_RECORD.md)."""

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
    "game": "differenzler",
    "options": {"form": "hidden"},
    "players": 4,
    "forehand": 1,
    "trump": "C",
    "estimates": [40, 0, 65, 50],
    "points": [43, 0, 65, 49],
    "tricks_won": [2, 0, 4, 3],
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
    assert json.loads(result.stdout)["score"] == [3, 0, -10, 1]


def test_rule_broken_exits_1() -> None:
    result = run("deal", {**DEAL, "points": [43, 0, 65, 48]})
    assert result.returncode == 1
    assert json.loads(result.stdout)["errors"][0]["rule"] == "D8"


def test_malformed_exits_2() -> None:
    result = run("deal", {**DEAL, "estimates": [40, 0, 65]})
    assert result.returncode == 2
    assert result.stdout == "" and result.stderr.count("\n") == 1
    tournament = run("match", {"game": "differenzler_tournament", "deals": []})
    assert tournament.returncode == 2


def test_match_and_legal() -> None:
    deal = {k: v for k, v in DEAL.items() if k not in ("game", "options")}
    result = run("match", {"game": "differenzler", "deals": [deal]})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["next"] == {"dealer": 1, "forehand": 2}
    result = run("legal", {"game": "differenzler", "trump": "C", "hand": ["H7", "C6"], "trick": ["H9", "CA"]})
    assert result.returncode == 0
    assert json.loads(result.stdout)["illegal"]["C6"]["rule"] == "D4.3"
