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


def lone(grid: list[dict[str, Any]], contract: Any, points: dict[str, Any], **options: Any) -> dict[str, Any]:
    return {
        "game": "coiffeur",
        "options": {"grid": grid, **options},
        "forehand": 1,
        "chooser": 1,
        "row": 1,
        "contract": contract,
        "points": points,
    }


MISERE = [{"type": "misere", "factor": 1}]
H3 = [{"type": "suit", "suit": "H", "factor": 3}]


@pytest.mark.parametrize(
    ("record", "cell", "bonus"),
    [
        # Example 3: a Misère writes 157 − 23 = 134; no trick taken is a Misère Match, 257.
        (lone(MISERE, {"type": "misere", "mode": "obenabe"}, {"team": 1, "value": 23}), 134, [0, 0]),
        (lone(MISERE, {"type": "misere", "mode": "obenabe"}, {"team": 2, "match": True}), 257, [0, 0]),
        # Example 4: in tens, 105 in H×3 is 3 × 11; a flat Match with 300 is 3 × 16 + 30; a Konter-Match −30.
        (lone(H3, "H", {"team": 1, "value": 105}, rounding="tens"), 33, [0, 0]),
        (
            lone(
                H3,
                "H",
                {"team": 1, "match": True},
                rounding="tens",
                match_bonus="flat",
                match_bonus_points=300,
            ),
            48,
            [30, 0],
        ),
        (lone(H3, "H", {"team": 2, "match": True}, rounding="tens", konter="penalty"), -30, [0, 0]),
    ],
)
def test_examples_3_and_4_through_the_command_line(
    record: dict[str, Any], cell: int, bonus: list[int]
) -> None:
    result = run("deal", record)
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert (answer["cell"], answer["bonus"]) == (cell, bonus)


def test_example_1_whole_game_through_the_command_line() -> None:
    """COIFFEUR.md example 1: 4735 : 2469, team 1 wins; decided after deal 13; a 17th deal breaks C7.1."""
    from tests.helpers.coiffeur import DEALS, game

    result = run("match", game(DEALS))
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert (answer["totals"], answer["winner"], answer["finished"]) == ([4735, 2469], 1, True)
    after_13 = json.loads(run("match", game(DEALS[:14])).stdout)
    assert after_13["decided"] == {"team": 1, "after_deal": 13}
    after_12 = json.loads(run("match", game(DEALS[:13])).stdout)
    assert after_12["decided"] is None and after_12["open_rows"] == [[4], [6, 8]]
    seventeenth = run("match", game([*DEALS, DEALS[0]]))
    assert seventeenth.returncode == 1
    assert json.loads(seventeenth.stdout)["errors"][0]["rule"] == "C7.1"


def test_example_2_slalom_tricks_through_the_command_line() -> None:
    """COIFFEUR.md example 2: trick 1 of a Slalom opening Obenabe is Obenabe (a void player may
    throw C9 to HK HA H6), trick 2 is Undenufe (S led, S9 held: D6 breaks C5.1/S4.2)."""
    slalom = {"type": "slalom", "start": "obenabe"}
    first = run(
        "legal",
        {
            "game": "coiffeur",
            "contract": slalom,
            "trick_index": 0,
            "hand": ["C9", "D6"],
            "trick": ["HK", "HA", "H6"],
        },
    )
    assert first.returncode == 0, first.stderr
    answer = json.loads(first.stdout)
    assert answer["mode"] == "obenabe" and sorted(answer["legal"]) == ["C9", "D6"]
    second = run(
        "legal",
        {
            "game": "coiffeur",
            "contract": slalom,
            "trick_index": 1,
            "hand": ["S9", "D6"],
            "trick": ["S8", "S6", "SK"],
        },
    )
    answer = json.loads(second.stdout)
    assert answer["mode"] == "undenufe" and answer["legal"] == ["S9"]
    assert answer["illegal"]["D6"]["params"]["play_rule"] == "S4.2"
