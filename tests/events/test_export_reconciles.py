"""The exports add up (T7.1, T7.2, T5.5): a reader of the ranking's CSV or XLSX sees which Passen
were struck and which were sat out, and the Passen's cells less the struck ones make the total;
the Standblatt says which of its lines were sat out or struck. TOURNAMENT.md's worked example 2
(one Streichpasse) and worked example 3 (sit-outs)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import Flask

from rules_engine import score_tournament
from scorer.events import exports

DATA = Path(__file__).parents[1] / "tournament" / "data"
EXAMPLE2 = json.loads((DATA / "example2_tournament.json").read_text())
EXAMPLE3 = json.loads((DATA / "example3_tournament.json").read_text())


def tables(app: Flask, record: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    answer = score_tournament(record)
    assert answer["valid"], answer["errors"]
    with app.test_request_context(headers={"Accept-Language": "en"}):
        return (
            exports.ranking_rows(answer, lambda competitor: f"Player {competitor}", record["passen"]),
            exports.standblatt_rows(answer, lambda competitor: f"Player {competitor}"),
        )


def counted(row: list[Any], header: list[Any], passen: int) -> int:
    first = header.index("Passe 1")
    struck = {int(n) for n in str(row[header.index("Struck Passen")]).split(", ") if n}
    return sum(row[first + i] for i in range(passen) if i + 1 not in struck)


def test_a_struck_passe_is_named_and_the_rest_add_up_to_the_total(app: Flask) -> None:
    (header, *entries), (sheet_header, *lines) = tables(app, EXAMPLE2)
    assert all(counted(row, header, 3) == row[header.index("Total")] for row in entries)
    by_id = {row[1]: row for row in entries}
    # Worked example 2: C's lowest Passe is his first (T7.2).
    assert by_id["C"][header.index("Struck Passen")] == "1"
    note = sheet_header.index("Note")
    assert [line[note] for line in lines if line[0] == "C"] == ["struck", "", ""]


def test_a_sat_out_passe_is_named_in_the_ranking_and_on_the_standblatt(app: Flask) -> None:
    (header, *entries), (sheet_header, *lines) = tables(app, EXAMPLE3)
    assert all(counted(row, header, 3) == row[header.index("Total")] for row in entries)
    by_id = {row[1]: row for row in entries}
    assert by_id["G"][header.index("Passen sat out")] == "3"
    assert by_id["A"][header.index("Passen sat out")] == ""
    note = sheet_header.index("Note")
    assert [(line[2], line[note]) for line in lines if line[0] == "G"][-1] == (3, "sat out")
