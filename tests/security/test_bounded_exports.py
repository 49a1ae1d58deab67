"""Bounded work on printouts and exports: the largest event the bounds accept prints and exports
whole (every player, in every direction), through the writers that keep its cost proportional
to its cells (:mod:`scorer.web.pdf_cells`, :mod:`scorer.web.xlsx`)."""

from __future__ import annotations

import io
import json
import warnings
from typing import Any

import pytest
from flask.testing import FlaskClient
from openpyxl import load_workbook
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase.pdfmetrics import stringWidth

from rules_engine.limits import TOURNAMENT
from scorer.events import printouts
from scorer.events.pdf import MARGIN, Grid, Page, Printout, render
from scorer.web import xlsx
from tests.helpers.events import token
from tests.helpers.pdf import has_persian, has_presentation_forms, page_lines, text_x

#: Events of the largest sizes the bounds allow: run with the whole suite (make test).
pytestmark = pytest.mark.slow


@pytest.fixture
def app_config() -> dict[str, Any]:
    # Every printout made in its own request, the ranking worked out there (a large event's
    # "not yet" answer, ``snapshot.answered_late``, is tests/events/test_late_answers.py's).
    return {"IMPORT_LIMIT": 10**6, "WRITE_LIMIT": 10**6, "EVENT_ANSWER_LATE_FROM": 10**9}


def largest_event(client: FlaskClient) -> str:
    """Import an event at the bounds: the most players, the most Passen, names at full length."""
    players = [
        {"seq": n + 1, "kind": "player", "record": {"name": f"Spielerin {n:04d}".ljust(TOURNAMENT.name, "n")}}
        for n in range(TOURNAMENT.players)
    ]
    export = {
        "format": "tafel-event",
        "version": 1,
        "title": "Abend",
        "settings": {"game": "schieber", "passen": TOURNAMENT.passen, "options": {"confirm": "none"}},
        "entries": players,
    }
    page = client.get("/events/import").get_data(as_text=True)
    answer = client.post(
        "/events/import", data={"csrf_token": token(page), "idem": "big", "text": json.dumps(export)}
    )
    assert answer.status_code == 303, answer.get_data(as_text=True)[:500]
    return str(answer.headers["Location"])


def test_the_largest_events_ranking_prints_and_exports_every_player(client: FlaskClient) -> None:
    event = largest_event(client)
    names = [f"Spielerin {n:04d}" for n in range(TOURNAMENT.players)]
    for lang in ("en", "fa"):
        lines = []
        for part in printouts.parts("ranking", TOURNAMENT.players):  # a part is one request's work
            pdf = client.get(f"{event}/print/ranking.pdf?lang={lang}&part={part.number}")
            assert pdf.status_code == 200
            lines += [line for page in page_lines(pdf.get_data()) for line in page]
        printed = [line for line in lines if "Spielerin" in line]
        # One line per player, each name once, none cut: the grid split across pages and parts
        # loses no row.
        assert len(printed) == TOURNAMENT.players
        assert sorted(line[: len(names[0])] for line in printed) == names
    assert has_presentation_forms(" ".join(lines))  # the Persian header is shaped
    book = load_workbook(io.BytesIO(client.get(f"{event}/export/ranking.xlsx").get_data()))
    sheet = book.active
    assert sheet is not None
    rows = list(sheet.iter_rows(values_only=True))
    assert len(rows) == TOURNAMENT.players + 1
    assert sorted(str(row[2])[: len(names[0])] for row in rows[1:]) == names
    # Rank, id, name, the Passen, total, provisional, Matches, struck, sat out, tie-break.
    assert all(len(row) == 3 + TOURNAMENT.passen + 6 for row in rows)


def test_grid_cells_are_centred_and_each_its_own_line() -> None:
    header = ["Rank", "Player", "Total"]
    rows = [[f"{n}.", name, str(100 * n)] for n, name in enumerate(["Anna", "Zoë (Bern)", "علی رضایی"], 1)]
    for rtl in (False, True):
        data = render(Printout("Abend", [Page("Abend", grid=Grid(header, rows, first=0.2))], rtl))
        lines = page_lines(data)[0]
        assert lines[1:4] == (["Rank", "Player", "Total"] if not rtl else ["Total", "Player", "Rank"])
        assert "Zoë (Bern)" in lines or "(Zoë (Bern" in lines
        assert any(has_persian("علی رضایی", line) for line in lines)
        # "Anna" sits in the middle of its column: of the page less its margins, the first
        # column takes a fifth and the others two fifths each (mirrored right to left).
        inner = A4[0] - 2 * MARGIN
        centre = MARGIN + inner * (0.6 if rtl else 0.4)
        (x,) = text_x(data, 0, "Anna")
        assert x == pytest.approx(centre - stringWidth("Anna", "TafelSans", 9.5) / 2, abs=0.05)
        # "200" is made of characters drawn before it (in "2." and "100"): measured from them.
        total = MARGIN + inner * (0.2 if rtl else 0.8)
        (x,) = text_x(data, 0, "200")
        assert x == pytest.approx(total - stringWidth("200", "TafelSans", 9.5) / 2, abs=0.05)


def test_an_xlsx_sheet_holds_text_numbers_and_wide_rows_as_written() -> None:
    wide = [f"c{n}" for n in range(30)]
    rows: list[list[str | int | float | None]] = [
        ["Rank", "Player", "Total"],
        [1, "  Anna & <Bern>\t", -12],
        [2, None, 1.5],
        wide,  # type: ignore[list-item]  # a row of text only
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # openpyxl warns about a workbook missing a part
        book = load_workbook(io.BytesIO(xlsx.workbook(rows, "Rangliste 1")))
    sheet = book.active
    assert sheet is not None and book.sheetnames == ["Rangliste 1"]
    assert sheet["B2"].value == "  Anna & <Bern>\t" and sheet["C2"].value == -12
    assert sheet["B3"].value is None and sheet["C3"].value == 1.5
    assert sheet["AD4"].value == "c29" and sheet["Z4"].value == "c25"
    columns = ["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]
    assert [xlsx.column(n) for n in (0, 25, 26, 51, 52, 701, 702)] == columns
