"""``python -m rules_engine deal|match|legal``: exit 0 valid, 1 rule broken, 2 not a record (DEAL_RECORD.md)."""

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

EXAMPLE: dict[str, Any] = {
    "game": "schieber",
    "profile": "seed",
    "options": {},
    "forehand": 1,
    "contract": "H",
    "pushed": False,
    "points": {"team": 1, "value": 98},
    "weis": {"1": [["H6", "H7", "H8"]], "2": [["C6", "C7", "C8"]]},
    "stoeck": 3,
    "hands": None,
    "tricks": None,
}


def run(command: str, text: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", command, *args],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_valid_deal_exits_0_with_the_answer() -> None:
    result = run("deal", json.dumps(EXAMPLE))
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["total"] == [138, 59]
    assert result.stderr == ""


def test_deal_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    result = run("deal", "", str(path))
    assert result.returncode == 0
    assert json.loads(result.stdout)["weis_winner"] == 1


def test_rule_break_exits_1_and_prints_the_answer() -> None:
    record = dict(EXAMPLE, contract="obenabe")  # Stöck in Obenabe (S6.6)
    result = run("deal", json.dumps(record))
    assert result.returncode == 1
    answer = json.loads(result.stdout)
    assert answer["valid"] is False
    assert [e["rule"] for e in answer["errors"]] == ["S6.6"]
    assert answer["total"] is None


@pytest.mark.parametrize(
    ("command", "text"),
    [
        ("deal", "{not json"),
        ("deal", "[1, 2, 3]"),
        ("deal", '"a string"'),
        ("deal", json.dumps(dict(EXAMPLE, contract="spades"))),
        ("deal", json.dumps(dict(EXAMPLE, points={"team": 1, "match": True, "value": 157}))),
        ("deal", json.dumps(dict(EXAMPLE, weis={"1": [["H6", "H7", "H1"]]}))),
        ("deal", json.dumps(dict(EXAMPLE, game="poker"))),
        ("deal", json.dumps(dict(EXAMPLE, surprise=True))),
        ("deal", "[" * 100000 + "]" * 100000),
        ("match", json.dumps({"game": "schieber", "deals": [dict(EXAMPLE)]})),
        ("match", json.dumps({"game": "schieber", "target": -5, "deals": []})),
        ("legal", json.dumps({"game": "schieber", "contract": "H", "hand": ["H6", "XX"]})),
        (
            "deal",
            json.dumps(
                {
                    "game": "klammern",
                    "players": 4,
                    "format": "small_big",
                    "forehand": 1,
                    "trump": "S",
                    "declarer": 1,
                    "how": "orgi",
                    "kontra": False,
                    "re": False,
                    "melds": {"1": [["S6", "S7", "S8"]]},
                    "bella": None,
                    "points": {"team": 1, "value": 90},
                }
            ),
        ),
    ],
)
def test_malformed_input_exits_2_with_one_line_and_no_traceback(command: str, text: str) -> None:
    result = run(command, text)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_match_command() -> None:
    deals = [
        {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 100}},
        {"forehand": 2, "contract": "S", "points": {"team": 2, "match": True}},
    ]
    result = run("match", json.dumps({"game": "schieber", "target": 1000, "deals": deals}))
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["scores"] == [100, 57 + 514]
    assert answer["next"] == {"dealer": 2, "forehand": 3}


def test_match_rule_break_exits_1() -> None:
    deals = [
        {"forehand": 1, "contract": "undenufe", "points": {"team": 1, "match": True}},
        {"forehand": 2, "contract": "H", "points": {"team": 1, "value": 100}},
    ]
    result = run("match", json.dumps({"game": "schieber", "target": 1000, "deals": deals}))
    assert result.returncode == 1
    assert json.loads(result.stdout)["errors"][0]["rule"] == "S7.1"


def test_legal_command() -> None:
    position = {"game": "schieber", "contract": "H", "hand": ["H6", "C6", "CA"], "trick": ["CK", "H9"]}
    result = run("legal", json.dumps(position))
    assert result.returncode == 0
    answer = json.loads(result.stdout)
    assert sorted(answer["legal"]) == ["C6", "CA"]
    assert answer["illegal"]["H6"]["rule"] == "S4.4"


def test_unknown_command_exits_2() -> None:
    result = run("score", "{}")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


#: Nine tricks of Rosen trump led by seat 1; the last trick plays SA a second time.
TRICKS_WITH_A_CARD_TWICE = [
    ["HJ", "H9", "HA", "HK"],
    ["HQ", "HT", "H8", "H7"],
    ["H6", "C6", "C7", "C8"],
    ["CA", "CK", "CQ", "CJ"],
    ["CT", "C9", "D6", "D7"],
    ["DA", "DK", "DQ", "DJ"],
    ["DT", "D9", "D8", "S6"],
    ["SA", "SK", "SQ", "SJ"],
    ["ST", "S9", "S8", "SA"],
]


def test_a_card_played_twice_breaks_s8_and_exits_1() -> None:
    """S8: the same card "played twice in `tricks`" is a rule break (exit 1, valid: false)."""
    record = {"game": "schieber", "forehand": 1, "contract": "H", "tricks": TRICKS_WITH_A_CARD_TWICE}
    result = run("deal", json.dumps(record))
    assert result.returncode == 1, result.stderr
    answer = json.loads(result.stdout)
    assert answer["valid"] is False and answer["total"] is None
    assert [(e["rule"], e["code"], e["field"]) for e in answer["errors"]] == [
        ("S8", "card_twice", "tricks[8][3]")
    ]
    match = {
        "game": "schieber",
        "deals": [{"forehand": 1, "contract": "H", "tricks": TRICKS_WITH_A_CARD_TWICE}],
    }
    result = run("match", json.dumps(match))
    assert result.returncode == 1, result.stderr
    assert [(e["rule"], e["deal"]) for e in json.loads(result.stdout)["errors"]] == [("S8", 0)]
