"""``python -m rules_engine match < big.json | head -1`` ends quietly: no BrokenPipeError trace."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules_engine.limits import MAX_DEALS

# Each test starts a Python process: left to `make test`, out of `make check`.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


def big_match() -> str:
    """A match whose answer is far larger than a pipe's buffer (64 KiB on Linux): as many
    deals as a match record may hold (rules_engine.limits)."""
    deals = [
        {"forehand": n % 4 + 1, "contract": "H", "points": {"team": 1, "value": 80}} for n in range(MAX_DEALS)
    ]
    return json.dumps({"game": "schieber", "target": 1_000_000, "deals": deals})


def test_a_reader_that_stops_early_ends_the_output_quietly(tmp_path: Path) -> None:
    record = tmp_path / "big.json"
    record.write_text(big_match(), encoding="utf-8")
    with subprocess.Popen(
        [sys.executable, "-m", "rules_engine", "match", str(record)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()  # what `head -1` does after its line
        errors = process.stderr.read().decode()
        status = process.wait(timeout=60)
    assert first == b"{\n"
    assert errors == ""
    assert status == 141  # 128 + SIGPIPE, as a shell reports `yes | head -1`


def test_through_a_shell_pipe_into_head(tmp_path: Path) -> None:
    record = tmp_path / "big.json"
    record.write_text(big_match(), encoding="utf-8")
    done = subprocess.run(
        f'"{sys.executable}" -m rules_engine match < "{record}" | head -1',
        shell=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert (done.stdout, done.stderr) == ("{\n", "")
