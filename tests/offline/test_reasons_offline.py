"""Offline, the tablet says the engine's reasons in the table's language: the server ships
its reasons' sentences with the offline texts of each language, and static/offline/reasons.mjs
reads an engine reason with them into the very sentence scorer.web.reason_texts gives online."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorer.offline import tablet
from scorer.web.reason_texts import sentence
from tests.helpers.vectors import vectors

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "scorer" / "static" / "offline" / "reasons.mjs"


def engine_reasons() -> list[dict[str, Any]]:
    """Every reason with a rule id the rule vectors' refusals give (S8, S6, K-melds …)."""
    found: dict[str, dict[str, Any]] = {}
    for function, argument in vectors():
        answer = json.loads(tablet.call("engine_answer", json.dumps([function, argument])))["ok"]
        for error in answer.get("errors") or [] if isinstance(answer, dict) else []:
            if error.get("rule"):
                found.setdefault(json.dumps(error, sort_keys=True), error)
    return list(found.values())


def on_the_tablet(tmp_path: Path, texts: bytes, errors: list[dict[str, Any]]) -> list[str]:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.fail("Node is needed for the reasons' parity (Debian: apt-get install nodejs)")
    (tmp_path / "texts.json").write_bytes(texts)
    (tmp_path / "errors.json").write_text(json.dumps(errors), "utf-8")
    run = subprocess.run(
        [
            node,
            str(ROOT / "tests" / "offline" / "reasons_node.mjs"),
            str(MODULE),
            *(str(tmp_path / name) for name in ("texts.json", "errors.json")),
        ],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=True,
    )
    return list(json.loads(run.stdout))


def test_the_reasons_offline_are_the_servers_sentences_in_de_ch(app: Flask, tmp_path: Path) -> None:
    errors = engine_reasons()
    assert len({e["code"] for e in errors}) >= 5, "the vectors' refusals hold too few reasons"
    # A score over a thousand (grouped as the pages group it) and a reason in a trick.
    errors.append(
        {"rule": "S8", "code": "impossible_total", "params": {"value": 1560, "contract": "H", "other": 1}}
    )
    errors.append(
        {
            "rule": "S4.4",
            "code": "undertrump",
            "params": {"trick": 3, "seat": 2, "card": "H6", "trump": "H"},
            "message": "x",
        }
    )
    # A reason of a game played with French cards: its trump is named in that deck.
    errors.append(
        {
            "rule": "K3.3",
            "code": "besser_not_clubs",
            "params": {"trump": "H"},
            "message": "x",
        }
    )
    client = app.test_client()
    texts = client.get("/offline/texts/de_CH.json").get_data()
    with app.test_request_context(headers={"Accept-Language": "de-CH"}):
        expected = [sentence(error) for error in errors]
    assert on_the_tablet(tmp_path, texts, errors) == expected
    assert "Herz" in expected[-1]  # the French deck's name, not the Swiss deck's Rosen
    s8 = next(i for i, e in enumerate(errors) if e["code"] == "impossible_total")
    assert expected[s8].startswith("Keine Menge von Stichen")  # German, not the engine's English
