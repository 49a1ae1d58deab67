"""The ranking says why a tie went one way (T7.3): TOURNAMENT.md's worked example 2, where G and
H end on 1'921 and F and C on 1'899, each pair split by the better Passe."""

from __future__ import annotations

import json
from pathlib import Path

from flask import Flask

from rules_engine import score_tournament
from scorer.events import exports, rows

EXAMPLE2 = json.loads(
    (Path(__file__).parents[1] / "tournament" / "data" / "example2_tournament.json").read_text()
)
NOTE = "ahead of the next on the better Passe (T7.3)"


def test_the_page_and_the_exports_name_the_tie_break_on_the_better_of_two_equal_totals(app: Flask) -> None:
    answer = score_tournament(EXAMPLE2)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        html = str(
            rows.ranking_rows(answer["ranking"], lambda competitor: f"Player {competitor}", "/p/__id__")
        )
        table = exports.ranking_rows(answer, lambda competitor: f"Player {competitor}", 3)
    lines = {line.split('href="/p/')[1][0]: line for line in html.split("<tr")[1:]}
    assert [competitor for competitor, line in lines.items() if NOTE in line] == ["G", "F"]
    header, *entries = table
    note = header.index("Tie-break")
    assert {row[1]: row[note] for row in entries if row[note]} == {"G": NOTE, "F": NOTE}
    assert header[header.index("Provisional") + 1] == "Matches made"
