"""What leaves the building as a file: spreadsheets that run nothing a name holds, and a
printout of every record the app accepts."""

from __future__ import annotations

import csv
import io
import re

from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from rules_engine import limits
from scorer.events.exports import to_csv, to_xlsx
from tests.helpers.coiffeur import new_coiffeur
from tests.helpers.events import claim_table, draw, event_state, new_event, play_passe, post_form, table_link
from tests.helpers.pdf import page_texts
from tests.helpers.tablet import english

#: OWASP's formula leads: a cell starting with one is a formula to a spreadsheet.
LEADS = "=+-@\t\r"
CONTROLS = [chr(c) for c in (*range(0x20), 0x7F)]
#: What a name may start with: a lead, a control character (which may hide a lead behind it in
#: a CSV), a space, or nothing of these.
OPENINGS = st.lists(st.sampled_from([*LEADS, *CONTROLS, " ", "\u00a0", ""]), max_size=3).map("".join)
NAMES = st.builds(
    lambda opening, rest, formula: opening + formula + rest,
    OPENINGS,
    st.text(st.characters(codec="utf-8") | st.sampled_from(CONTROLS), max_size=12),
    st.sampled_from(["", "=1+2", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", '=HYPERLINK("http://x")']),
)


def unguarded(cell: str) -> bool:
    """A cell that a spreadsheet would take for a formula: a lead first (control characters it
    skips, spaces before a lead too), not quoted with an apostrophe."""
    if cell.startswith("'") or re.fullmatch(r"-?\d+", cell):
        return False  # quoted text, or a number the export wrote as one
    text = "".join(c for c in cell if c not in CONTROLS or c in "\t\n\r")
    return text[:1] in set(LEADS) or text.lstrip()[:1] in set(LEADS)


def csv_cells(data: bytes) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")) for cell in row]


def xlsx_cells(data: bytes) -> list[object]:
    sheet = load_workbook(io.BytesIO(data)).active
    assert sheet is not None
    cells = [cell for row in sheet.iter_rows() for cell in row]
    assert all(cell.data_type != "f" for cell in cells)
    return [cell.value for cell in cells]


@settings(deadline=None)
@given(st.lists(NAMES, min_size=1, max_size=6))
def test_no_name_becomes_a_formula_in_a_spreadsheet(names: list[str]) -> None:
    rows: list[list[str | int | None]] = [["Rank", "Player", "Total"]]
    rows += [[rank, name, -rank * 10] for rank, name in enumerate(names, 1)]
    from_csv = csv_cells(to_csv(rows))
    from_xlsx = xlsx_cells(to_xlsx(rows, "Ranking"))
    for cell in from_csv:
        assert not unguarded(cell), repr(cell)
    for value in from_xlsx:
        assert not isinstance(value, str) or not unguarded(value), repr(value)
    # The names are kept, less the characters no spreadsheet holds; numbers stay numbers.
    for rank, name in enumerate(names, 1):
        kept = re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]", "", name)
        # The name as it was, or quoted with an apostrophe (a name may begin with one itself).
        assert from_csv[3 * rank + 1] in (kept, "'" + kept)
        # An XLSX file is XML, whose readers take every line end for a "\n".
        read_back = re.sub("\r\n?", "\n", kept)
        assert str(from_xlsx[3 * rank + 1] or "") in (read_back, "'" + read_back)
        assert from_xlsx[3 * rank + 2] == -rank * 10


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(NAMES.map(lambda n: n.replace("\n", "").replace("\r", "")), min_size=4, max_size=4))
def test_the_exports_of_any_registered_names_open(app: Flask, names: list[str]) -> None:
    director = english(app, "192.0.2.30")
    event_id = new_event(director, passen=1, games_per_passe=1)
    # Whatever the register form keeps (it may refuse or trim a name): never a 500.
    registered = post_players(director, event_id, names)
    assert registered < 500
    if registered != 303 or len(event_state(app, event_id).players) < 4:
        return
    draw(director, event_id)
    match_id = event_state(app, event_id).rounds[0].tables[0].match_id
    claim_table(director, table_link(director, event_id, match_id))  # the table's tablet
    play_passe(director, match_id, [98])
    for kind in ("ranking", "standblatt"):
        for ext, cells in (("csv", csv_cells), ("xlsx", xlsx_cells)):
            response = director.get(f"/events/{event_id}/export/{kind}.{ext}")
            assert response.status_code == 200, (kind, ext)
            for cell in cells(response.get_data()):
                assert not isinstance(cell, str) or not unguarded(cell), (kind, ext, cell)


def post_players(director: FlaskClient, event_id: int, names: list[str]) -> int:
    return int(post_form(director, event_id, "players", {"players": "\n".join(names)}).status_code)


#: More rows than any preset: the table's own grid, which the scoresheet lists among its options.
OWN_ROWS = limits.GRID_ROWS  # the most own rows a Coiffeur accepts (C2.3 plays 6 to 13)


def test_the_largest_coiffeur_grid_accepted_prints(client: FlaskClient) -> None:
    rows = ", ".join(f"{'DHSC'[n % 4]}×{n % 13 + 1}" for n in range(OWN_ROWS))
    match_id = new_coiffeur(client, grid="custom", rows=rows)
    response = client.get(f"/matches/{match_id}/scoresheet.pdf")
    assert response.status_code == 200, response.get_data(as_text=True)[-3000:]
    text = "\n".join(page_texts(response.get_data()))
    # Every row is printed, on as many pages as they take.
    assert text.count("'factor':") == OWN_ROWS
