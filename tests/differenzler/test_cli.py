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


#: Worked example 2: forehand, trump, estimates, made.
PASSE = [
    (1, "C", [40, 0, 65, 50], [43, 0, 65, 49]),
    (2, "H", [30, 55, 20, 45], [28, 61, 20, 48]),
    (3, "S", [70, 10, 35, 40], [52, 14, 41, 50]),
    (4, "D", [25, 45, 50, 30], [25, 47, 55, 30]),
]


def test_example_2_through_the_command_line() -> None:
    """Totals 13, 12, −9, 4; ranking seats 3, 4, 2, 1; exact hits 1, 1, 2, 1; next dealer 4, forehand 1;
    with ``exact_bonus: 0`` the totals are 23, 12, 11, 14 and seats 2 and 4 swap."""
    deals = [{"forehand": f, "trump": t, "estimates": e, "points": p} for f, t, e, p in PASSE]
    record: dict[str, Any] = {"game": "differenzler", "deal_count": 16, "deals": deals}
    answer = json.loads(run("match", record).stdout)
    assert answer["totals"] == [13, 12, -9, 4] and answer["exact_hits"] == [1, 1, 2, 1]
    assert [r["seat"] for r in answer["ranking"]] == [3, 4, 2, 1]
    assert answer["next"] == {"dealer": 4, "forehand": 1}
    answer = json.loads(run("match", {**record, "options": {"exact_bonus": 0}}).stdout)
    assert answer["totals"] == [23, 12, 11, 14]
    assert [r["seat"] for r in answer["ranking"]] == [3, 2, 4, 1]


@pytest.mark.parametrize(
    ("change", "score"),
    [
        # D6.3 needs_zero_trick: seat 2's exact 0 with no trick earns nothing; with a 0-point trick −10.
        ({"options": {"zero_exact": "needs_zero_trick"}}, [3, 0, -10, 1]),
        ({"options": {"zero_exact": "needs_zero_trick"}, "tricks_won": [2, 1, 3, 3]}, [3, -10, -10, 1]),
        # D5.4 counted Stöck held by seat 3: made 85; estimate 85 scores −10, estimate 65 a difference of 20.
        ({"options": {"stoeck": "counted"}, "stoeck": 3, "estimates": [40, 0, 85, 50]}, [3, 0, -10, 1]),
        ({"options": {"stoeck": "counted"}, "stoeck": 3}, [3, 0, 20, 1]),
    ],
)
def test_example_1_options_through_the_command_line(change: dict[str, Any], score: list[int]) -> None:
    result = run("deal", {**DEAL, **change})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["score"] == score


@pytest.mark.parametrize(
    "change",
    [
        {"points": [43, 1, 64, 49]},  # 1 is impossible
        {"tricks_won": [2, 1, 0, 6]},  # 65 points need at least one trick
        {"estimates": [40, None, 65, 50]},  # seat 2 gave no estimate
    ],
)
def test_example_1_rejections_through_the_command_line(change: dict[str, Any]) -> None:
    result = run("deal", {**DEAL, **change})
    assert result.returncode == 1
    assert json.loads(result.stdout)["errors"][0]["rule"] == "D8"
