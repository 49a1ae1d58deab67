"""The toy game "Hundred" plays through the engine's Python API and command line, registered
from outside the engine: no shared file of ``rules_engine`` names it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import rules_engine
from rules_engine import api, games
from rules_engine.games import GameNotPlayable

ROOT = Path(__file__).resolve().parents[2]
TOY = "tests.toygame.engine"
MATCH = {
    "game": "toy",
    "target": 150,
    "deals": [{"forehand": 1, "points": 70}, {"forehand": 2, "points": 90}],
}


@pytest.fixture(autouse=True)
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test registers on a copy of the registry, with empty caches: nothing leaks."""
    monkeypatch.setattr(games, "GAMES", dict(games.GAMES))
    monkeypatch.setattr(games, "_LOADED", {})
    monkeypatch.setattr(api, "_RESOLVED", {})
    monkeypatch.delenv(games.ENVIRONMENT, raising=False)


def test_an_unregistered_game_is_unknown() -> None:
    with pytest.raises(rules_engine.InvalidRecord, match="unknown game 'toy'"):
        rules_engine.score_match(MATCH)


def test_register_plays_the_toy_through_the_python_api() -> None:
    rules_engine.register("toy", TOY)
    answer = rules_engine.score_match(MATCH)
    assert answer["valid"] and answer["finished"]
    assert (answer["scores"], answer["winner"]) == ([160, 40], 1)
    resumed, state = rules_engine.resume_match(MATCH)
    assert resumed == answer and state is None  # the toy scores its matches whole


def test_the_toy_is_bounded_by_its_own_limits() -> None:
    rules_engine.register("toy", TOY)
    record = {**MATCH, "deals": [{"forehand": 1, "points": 70, "hands": {"1": ["H6"]}}]}
    with pytest.raises(rules_engine.InvalidRecord, match=r"deals\[0\].hands.1: at most 0 cards"):
        rules_engine.score_match(record)


def test_a_verb_the_game_does_not_take_is_malformed() -> None:
    rules_engine.register("toy", TOY)
    with pytest.raises(rules_engine.InvalidRecord, match="'toy' has no deal records"):
        rules_engine.score_deal({"game": "toy", "forehand": 1, "points": 70})


def test_the_environment_registers_the_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(games.ENVIRONMENT, f" other = {TOY} , toy={TOY}")
    assert rules_engine.score_match(MATCH)["winner"] == 1
    assert games.GAMES["other"] == TOY


def test_a_name_is_played_by_one_module() -> None:
    with pytest.raises(ValueError, match="already played by 'rules_engine.schieber'"):
        rules_engine.register("schieber", TOY)


def test_a_game_without_limits_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    bare = types.ModuleType("bare_game")
    bare.score_match = lambda record: {"valid": True}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bare_game", bare)
    rules_engine.register("bare", "bare_game")
    with pytest.raises(GameNotPlayable, match="declares no LIMITS"):
        rules_engine.score_match({"game": "bare", "deals": []})


def test_a_module_that_cannot_be_imported_fails_loudly() -> None:
    rules_engine.register("missing", "tests.toygame.no_such_module")
    with pytest.raises(GameNotPlayable, match="cannot be imported"):
        rules_engine.score_match({"game": "missing", "deals": []})


def run_cli(verb: str, record: dict[str, Any], **environment: str) -> subprocess.CompletedProcess[str]:
    """``python -m rules_engine VERB`` with ``record`` on its input, in an environment of its own."""
    inherited = {name: value for name, value in os.environ.items() if name != games.ENVIRONMENT}
    env = {**inherited, "PYTHONPATH": str(ROOT), **environment}
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", verb],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )


@pytest.mark.slow
def test_the_command_line_plays_the_toy_registered_by_the_environment() -> None:
    done = run_cli("match", MATCH, TAFEL_GAMES=f"toy={TOY}")
    assert (done.returncode, done.stderr) == (0, "")
    answer = json.loads(done.stdout)
    assert (answer["scores"], answer["winner"]) == ([160, 40], 1)
    broken = run_cli("match", {**MATCH, "deals": [{"forehand": 1, "points": 120}]}, TAFEL_GAMES=f"toy={TOY}")
    assert broken.returncode == 1
    assert json.loads(broken.stdout)["errors"][0]["rule"] == "X1"


@pytest.mark.slow
def test_the_command_line_without_the_registration_does_not_know_the_toy() -> None:
    done = run_cli("match", MATCH)
    assert done.returncode == 2
    assert "unknown game 'toy'" in done.stderr
