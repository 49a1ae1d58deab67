"""Reading a workbook someone uploads (scorer.web.xlsx.read_rows): what spreadsheets write, and
nothing a hostile file could make costly."""

from __future__ import annotations

import io
import zipfile

import pytest

from scorer.web import xlsx


def workbook(sheet: bytes, strings: bytes | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as book:
        book.writestr("xl/worksheets/sheet1.xml", sheet)
        if strings is not None:
            book.writestr("xl/sharedStrings.xml", strings)
    return buffer.getvalue()


MAIN = b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


def test_its_own_export_reads_back() -> None:
    data = xlsx.workbook([["Rank", "Name", "Total"], [1, "Anna", 3980], [2, "Beat", None]], "Cup")
    assert xlsx.read_rows(data) == [["Rank", "Name", "Total"], ["1", "Anna", "3980"], ["2", "Beat"]]


def test_shared_strings_floats_and_gaps() -> None:
    sheet = (
        b"<worksheet "
        + MAIN
        + b'><sheetData><row><c r="A1" t="s"><v>0</v></c><c r="C1"><v>3980.0</v></c></row></sheetData></worksheet>'
    )
    strings = b"<sst " + MAIN + b"><si><t>Anna</t></si></sst>"
    assert xlsx.read_rows(workbook(sheet, strings)) == [["Anna", "", "3980"]]


@pytest.mark.parametrize(
    "data",
    [
        b"not a zip",
        workbook(b'<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet ' + MAIN + b"/>"),
        workbook(
            b"<worksheet "
            + MAIN
            + b"><sheetData>"
            + b" " * (xlsx.MOST_UNPACKED + 1)
            + b"</sheetData></worksheet>"
        ),
        workbook(b"<worksheet " + MAIN + b"><sheetData>" + b"<row/>" * 5 + b"</sheetData></worksheet>"),
    ],
)
def test_what_is_no_readable_workbook_is_refused(data: bytes) -> None:
    with pytest.raises(xlsx.Unreadable):
        xlsx.read_rows(data, most_rows=4)
