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


def test_the_printed_ranking_and_standblatt_mark_struck_and_sat_out_passen_and_name_the_tie_break(
    app: Flask,
) -> None:
    from scorer.events import pdf, printouts
    from scorer.events.state import EventState, Player
    from tests.helpers.pdf import page_texts

    state = EventState()
    for seq, player in enumerate(EXAMPLE2["players"], start=1):
        pid = player if isinstance(player, str) else player["id"]
        state.players[pid] = Player(pid, seq, pid)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        (struck_page,) = printouts.ranking_list("Clubabend", state, score_tournament(EXAMPLE2), 3)
        (sitout_page,) = printouts.ranking_list("Clubabend", state, score_tournament(EXAMPLE3), 3)
        sheets = printouts.standblaetter("Clubabend", state, score_tournament(EXAMPLE2))
        printed = pdf.render(pdf.Printout("Clubabend", [struck_page, sitout_page, *sheets]))
    assert struck_page.grid is not None and sitout_page.grid is not None
    header = list(struck_page.grid.header)
    rows = {row[1]: row for row in struck_page.grid.rows}
    # Worked example 2: C's first Passe is struck; G and F are ahead of H and C on the better Passe.
    assert rows["C"][2].startswith("(") and rows["C"][2].endswith(")")
    assert not any(cell.startswith("(") for cell in rows["C"][3:5])
    tiebreak = header.index("Tie-break")
    assert {name for name, row in rows.items() if row[tiebreak]} == {"G", "F"}
    assert rows["G"][tiebreak] == "better Passe"
    assert "(…) struck Passe (T7.2), not counted" in struck_page.foot
    sat_out = {row[1]: row for row in sitout_page.grid.rows}
    assert sat_out["G"][4].endswith("*") and "* Passe sat out (T5.5)" in sitout_page.foot
    text = " ".join(page_texts(printed))
    assert "struck Passe (T7.2)" in text and "better Passe" in text
    c_sheet = next(page for page in sheets if page.big == ["C"])
    assert c_sheet.grid is not None and c_sheet.grid.rows[0][-1].startswith("(")
