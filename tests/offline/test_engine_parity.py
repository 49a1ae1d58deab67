"""The engine on the tablet (Pyodide, here under Node) answers every rule vector with the
very bytes CPython's engine gives: the verdicts, reasons and rule ids a tablet shows offline
are the server's. (One run in Chromium: tests/browser/test_offline.py.)"""

from __future__ import annotations

import json

import pytest

from scorer.offline import tablet
from tests.helpers.offline import NodeEngine
from tests.helpers.vectors import vectors

pytestmark = pytest.mark.slow

VECTORS = vectors()


def cpython(name: str, *args: object) -> str:
    return tablet.call(name, json.dumps(list(args)))


def test_every_vector_byte_for_byte(node_engine: NodeEngine) -> None:
    differ = []
    refusals = 0
    for function, argument in VECTORS:
        expected = cpython("engine_answer", function, argument)
        if '"valid":false' in expected or "invalid_record" in expected:
            refusals += 1
        if node_engine.call("engine_answer", function, argument) != expected:
            differ.append((function, json.dumps(argument)[:200]))
    assert differ == []
    # The vectors must hold refusals (rule ids) as well as answers, or parity proves little.
    assert refusals >= 10
    assert len(VECTORS) > 100


def test_rule_ids_travel(node_engine: NodeEngine) -> None:
    """A refusal's rule id is in the browser's answer, not only the word "invalid"."""
    broken = {
        "game": "schieber",
        "deals": [{"forehand": 1, "contract": "H", "points": {"team": 1, "value": 156}}],
    }
    answer = json.loads(node_engine.call("engine_answer", "score_match", broken))["ok"]
    assert answer["valid"] is False
    assert any(error["rule"] for error in answer["errors"])
    assert node_engine.call("engine_answer", "score_match", broken) == cpython(
        "engine_answer", "score_match", broken
    )


def test_check_of_a_deal_form_byte_for_byte(node_engine: NodeEngine) -> None:
    """The offline check of a typed deal (form fields to record to verdict) is the same in both."""
    head = {"game": "schieber", "profile": "seed", "first_forehand": 1}
    settings = {"game": "schieber"}
    entries = [
        {
            "seq": 1,
            "kind": "deal",
            "target_seq": None,
            "record": {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}},
        }
    ]
    for fields in (
        {
            "forehand": "2",
            "contract": "S",
            "team": "2",
            "points": "57",
            "weis_2_1_kind": "run3",
            "weis_2_1_suit": "C",
            "weis_2_1_top": "8",
        },
        {"forehand": "2", "contract": "obenabe", "team": "1", "points": "156"},
        {"forehand": "2", "contract": "S", "team": "1", "points": "", "stoeck": "3"},
    ):
        entry = {"kind": "deal", "fields": fields}
        assert node_engine.call("check", head, entries, entry, settings) == cpython(
            "check", head, entries, entry, settings
        )
