"""A one-sheet XLSX workbook written straight as its XML parts (ECMA-376, SpreadsheetML).

openpyxl builds a cell object per value and serialises each through its XML writer: for
the ranking of a thousand players (17,000 cells) that is most of the request. A table of
text and whole numbers needs none of it: the sheet is one XML document of rows of cells,
text written inline (``t="inlineStr"``), numbers as values; the other parts are fixed.
Spreadsheets (Excel, LibreOffice, openpyxl) read it as they read openpyxl's.

Text must already be free of the characters XML 1.0 cannot hold (the exports' guard removes
them with the formula leads).
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterable, Sequence
from xml.etree import ElementTree
from xml.sax.saxutils import escape, quoteattr

_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_TYPES = (
    _HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    '<Override PartName="/xl/styles.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
    "</Types>"
)
_PACKAGE_RELS = (
    _HEAD + f'<Relationships xmlns="{_RELS}">'
    f'<Relationship Id="rId1" Type="{_OFFICE}/officeDocument" Target="xl/workbook.xml"/>'
    "</Relationships>"
)
_WORKBOOK_RELS = (
    _HEAD + f'<Relationships xmlns="{_RELS}">'
    f'<Relationship Id="rId1" Type="{_OFFICE}/worksheet" Target="worksheets/sheet1.xml"/>'
    f'<Relationship Id="rId2" Type="{_OFFICE}/styles" Target="styles.xml"/>'
    "</Relationships>"
)
#: The one default style every cell uses (Excel asks for a styles part).
_STYLES = (
    _HEAD + f'<styleSheet xmlns="{_MAIN}">'
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
    '<fills count="1"><fill><patternFill patternType="none"/></fill></fills>'
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    "</styleSheet>"
)

Value = str | int | float | None


def column(index: int) -> str:
    """A column's letters: 0 -> ``A``, 25 -> ``Z``, 26 -> ``AA``."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _cell(value: Value) -> str:
    """A cell's markup after its reference (``<c r="A1"`` precedes it)."""
    if isinstance(value, bool):
        return f'" t="b"><v>{int(value)}</v></c>'
    if isinstance(value, int | float):
        return f'"><v>{value!r}</v></c>'
    return f'" t="inlineStr"><is><t xml:space="preserve">{escape(str(value))}</t></is></c>'


def _sheet(rows: Iterable[Sequence[Value]]) -> str:
    letters: list[str] = []
    parts = [_HEAD, f'<worksheet xmlns="{_MAIN}"><sheetData>']
    # Each value's markup once (by its type too: True is not 1): a ranking repeats its scores.
    written: dict[tuple[type, Value], str] = {}
    for number, row in enumerate(rows, start=1):
        while len(letters) < len(row):
            letters.append(column(len(letters)))
        cells = []
        for letter, value in zip(letters, row):
            if value is None or value == "":
                continue
            key = (value.__class__, value)
            tail = written.get(key)
            if tail is None:
                tail = written[key] = _cell(value)
            cells.append(f'<c r="{letter}{number}{tail}')
        parts.append(f'<row r="{number}">{"".join(cells)}</row>')
    parts.append("</sheetData></worksheet>")
    return "".join(parts)


def workbook(rows: Iterable[Sequence[Value]], title: str) -> bytes:
    """An XLSX file of one sheet named ``title`` (a valid sheet name) holding ``rows``."""
    sheets = f'<sheets><sheet name={quoteattr(title)} sheetId="1" r:id="rId1"/></sheets>'
    book = f'{_HEAD}<workbook xmlns="{_MAIN}" xmlns:r="{_OFFICE}">{sheets}</workbook>'
    out = io.BytesIO()
    # zlib's fastest level: a sheet's repeated markup compresses nearly as well (5 % more bytes)
    # in less than half the time of the default level.
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.writestr("[Content_Types].xml", _TYPES)
        archive.writestr("_rels/.rels", _PACKAGE_RELS)
        archive.writestr("xl/workbook.xml", book)
        archive.writestr("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS)
        archive.writestr("xl/styles.xml", _STYLES)
        archive.writestr("xl/worksheets/sheet1.xml", _sheet(rows))
    return out.getvalue()


#: The most bytes a workbook's part may unpack to when read: a ranking sheet is small, and a
#: compressed bomb must not be unpacked beyond what a ranking needs.
MOST_UNPACKED = 8 * 1024 * 1024
_CELL_REF = re.compile(r"([A-Z]{1,3})(\d+)")


class Unreadable(ValueError):
    """The bytes are not a workbook this reader reads (its message says why, in English)."""


def _part(book: zipfile.ZipFile, name: str) -> bytes:
    info = book.getinfo(name)
    if info.file_size > MOST_UNPACKED:
        raise Unreadable(f"{name} unpacks to more than {MOST_UNPACKED} bytes")
    with book.open(info) as handle:
        data = handle.read(MOST_UNPACKED + 1)
    if len(data) > MOST_UNPACKED:
        raise Unreadable(f"{name} unpacks to more than {MOST_UNPACKED} bytes")
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise Unreadable(f"{name} declares a document type, which a workbook never does")
    return data


def _text(element: ElementTree.Element) -> str:
    return "".join(t.text or "" for t in element.iter(f"{{{_MAIN}}}t"))


def _column(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number - 1


def read_rows(data: bytes, most_rows: int = 10_000) -> list[list[str]]:
    """The first sheet of a workbook as rows of cell texts (numbers as written, a gap as "").

    Reads what spreadsheets write: shared strings, inline strings, a formula's cached value and
    numbers; styles, formats and every other sheet are left aside.

    :raises Unreadable: not a workbook, a part too large, more than ``most_rows`` rows.
    """
    try:
        book = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise Unreadable("not a workbook (an XLSX file is a zip archive)") from None
    with book:
        names = book.namelist()
        sheets = sorted(n for n in names if re.fullmatch(r"xl/worksheets/sheet\d+\.xml", n))
        if not sheets:
            raise Unreadable("the workbook has no sheet")
        sheet = "xl/worksheets/sheet1.xml" if "xl/worksheets/sheet1.xml" in sheets else sheets[0]
        try:
            shared = (
                [_text(item) for item in ElementTree.fromstring(_part(book, "xl/sharedStrings.xml"))]
                if "xl/sharedStrings.xml" in names
                else []
            )
            root = ElementTree.fromstring(_part(book, sheet))
        except ElementTree.ParseError as error:
            raise Unreadable(f"a part of the workbook is not XML ({error})") from None
    rows: list[list[str]] = []
    for row in root.iter(f"{{{_MAIN}}}row"):
        if len(rows) >= most_rows:
            raise Unreadable(f"the sheet has more than {most_rows} rows")
        cells: list[str] = []
        for cell in row.iter(f"{{{_MAIN}}}c"):
            found = _CELL_REF.fullmatch(cell.get("r", ""))
            index = _column(found[1]) if found else len(cells)
            if index > 200:
                continue  # far beyond a ranking's columns
            kind = cell.get("t")
            value = cell.find(f"{{{_MAIN}}}v")
            if kind == "inlineStr":
                text = _text(cell)
            elif kind == "s" and value is not None and (value.text or "").isdigit():
                position = int(value.text or 0)
                text = shared[position] if position < len(shared) else ""
            else:
                text = value.text or "" if value is not None else ""
                if kind is None and text.endswith(".0"):
                    text = text[:-2]  # a whole number a spreadsheet stored as a float
            cells.extend([""] * (index - len(cells)))
            cells.append(text)
        rows.append(cells)
    return rows
