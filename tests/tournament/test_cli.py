"""``python -m rules_engine passe|tournament|seating``: exit 0 valid, 1 rule broken, 2 not a record."""

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
DATA = Path(__file__).parent / "data"


def run(command: str, record: Any, *args: str) -> subprocess.CompletedProcess[str]:
    text = record if isinstance(record, str) else json.dumps(record)
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", command, *args],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def load(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((DATA / name).read_text())
    return record


def test_passe_worked_example_1_exits_0_with_the_rule_files_answer() -> None:
    result = run("passe", load("example1_passe.json"))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == load("example1_answer.json")


def test_passe_from_a_file_argument() -> None:
    result = run("passe", "", str(DATA / "example1_passe.json"))
    assert result.returncode == 0 and json.loads(result.stdout)["team_totals"] == [1010, 874]


def test_passe_with_a_rule_broken_exits_1_and_prints_the_answer() -> None:
    record = load("example1_passe.json")
    record["reported"] = {"team_totals": [1010, 884]}
    result = run("passe", record)
    assert result.returncode == 1
    answer = json.loads(result.stdout)
    assert answer["valid"] is False and answer["errors"][0]["rule"] == "T6.6"


def test_passe_malformed_exits_2_with_one_line_on_stderr() -> None:
    record = load("example1_passe.json")
    record["profile"] = "seed"
    result = run("passe", record)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
    guschti = run("passe", {**load("example1_passe.json"), "options": {"contracts": ["guschti"]}})
    assert guschti.returncode == 2 and "options.contracts" in guschti.stderr


def test_a_passe_that_allows_the_slalom_plays_one_through_the_command_line() -> None:
    record = {**load("example1_passe.json"), "options": {"contracts": ["slalom"]}}
    record["games"][0]["contract"] = {"type": "slalom", "start": "undenufe"}
    result = run("passe", record)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"][0]["total"] == [98, 59]


def test_tournament_worked_examples_exit_0() -> None:
    result = run("tournament", load("example2_tournament.json"))
    assert result.returncode == 0, result.stderr
    ranking = json.loads(result.stdout)["ranking"]
    assert [entry["id"] for entry in ranking] == list("BADGHFCE")
    result = run("tournament", load("example3_tournament.json"))
    assert result.returncode == 0 and json.loads(result.stdout)["seating"]["sitout_counts"] == {
        "G": 1,
        "H": 1,
        "I": 1,
    }


def test_tournament_rule_broken_exits_1_and_malformed_exits_2() -> None:
    record = load("example2_tournament.json")
    record["passen"] = 2
    record["options"]["streich"] = 1
    result = run("tournament", record)
    assert result.returncode == 1 and json.loads(result.stdout)["errors"][0]["rule"] == "T4.3"
    record["options"]["streich"] = 2
    assert run("tournament", record).returncode == 2
    assert run("tournament", "not json").returncode == 2
    assert run("tournament", "[]").returncode == 2


def test_seating_prints_the_next_round_deterministically() -> None:
    record = load("example2_tournament.json")
    record["rounds"], record["results"], record["seed"] = [], [], 11
    first, second = run("seating", record), run("seating", record)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    answer = json.loads(first.stdout)
    assert answer["round"] == 1 and len(answer["tables"]) == 2 and answer["sitouts"] == []
    seated = sorted(p for table in answer["tables"] for p in table["seats"].values())
    assert seated == list("ABCDEFGH")


def test_seating_with_a_broken_history_exits_1_and_when_all_rounds_are_seated_exits_2() -> None:
    record = load("example2_tournament.json")
    record["rounds"] = record["rounds"][:1]
    record["rounds"][0]["sitouts"] = ["A"]
    record["results"] = []
    result = run("seating", record)
    assert result.returncode == 1 and json.loads(result.stdout)["valid"] is False
    assert run("seating", load("example2_tournament.json")).returncode == 2


def test_usage_names_the_new_commands() -> None:
    result = run("nonsense", "{}")
    assert result.returncode == 2
    assert "passe" in result.stderr and "tournament" in result.stderr and "seating" in result.stderr
