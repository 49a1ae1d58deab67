"""An evening's ranking from outside the app (SEASON.md: "or from a paper ranking"): a past
season's results typed or exported as CSV or XLSX, or Tafel's own ranking export (CSV or XLSX),
read into the rows a series counts.

The columns are found by the header's words — Tafel's export writes ``Rank``, ``Player``,
``Total`` and ``Matches made`` in its reader's language, so the words of every language the app
speaks are known — or, without a header, by position: rank, name, total, then Matches. Cells
may be split by commas, semicolons or tabs. Every problem names its line.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

from flask_babel import force_locale
from flask_babel import gettext as _

from rules_engine.limits import SEASON
from scorer.web import xlsx
from scorer.web.i18n import languages

#: Characters of one ranking's text: a large evening's export, with room.
MOST_TEXT = 512 * 1024


class PaperProblem(ValueError):
    """The text is not a ranking; the message names the line."""


@dataclass(frozen=True, slots=True)
class Columns:
    rank: int
    name: int
    total: int
    matches: int | None


def _words(msgid: str) -> set[str]:
    found = {msgid.casefold()}
    for language in languages():
        with force_locale(language):
            found.add(_(msgid).casefold())
    return found


def _columns(header: list[str]) -> Columns | None:
    cells = [cell.strip().casefold() for cell in header]
    wanted = {
        "rank": _words("Rank"),
        "name": _words("Player") | _words("Name"),
        "total": _words("Total"),
        "matches": _words("Matches made"),
    }
    found: dict[str, int] = {}
    for index, cell in enumerate(cells):
        for key, words in wanted.items():
            if cell in words and key not in found:
                found[key] = index
    if not {"rank", "name", "total"} <= set(found):
        return None
    return Columns(found["rank"], found["name"], found["total"], found.get("matches"))


def _number(cell: str, line: int, what: str) -> int:
    text = cell.strip().replace("'", "").replace("\u2019", "").replace(" ", "")
    try:
        return int(text)
    except ValueError:
        raise PaperProblem(
            _(
                "Line %(line)s: the %(what)s %(cell)s is not a whole number.",
                line=line,
                what=what,
                cell=repr(cell),
            )
        ) from None


def read_ranking(text: str) -> list[dict[str, Any]]:
    """The ranking's rows as ``{"name", "rank", "total", "matches"}``, in the text's order.

    :raises PaperProblem: an empty or too long text, a row without a name, rank or total, a
        number that is none.
    """
    if len(text) > MOST_TEXT:
        raise PaperProblem(_("The ranking is longer than %(most)s characters.", most=MOST_TEXT))
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise PaperProblem(_("The ranking is empty: one player a line, with rank, name and total."))
    try:
        dialect: Any = csv.Sniffer().sniff(lines[0], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    return ranking_of_rows(list(csv.reader(io.StringIO("\n".join(lines)), dialect)))


def read_workbook(data: bytes) -> list[dict[str, Any]]:
    """The ranking of a workbook's first sheet (XLSX: Tafel's own ranking export, a spreadsheet's).

    :raises PaperProblem: not a workbook, or not a ranking (as :func:`read_ranking`).
    """
    try:
        rows = xlsx.read_rows(data, most_rows=SEASON.results_per_event + 1)
    except xlsx.Unreadable as error:
        raise PaperProblem(
            _("The file is not a readable XLSX workbook: %(reason)s", reason=str(error))
        ) from None
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    if not rows:
        raise PaperProblem(_("The ranking is empty: one player a line, with rank, name and total."))
    return ranking_of_rows(rows)


def ranking_of_rows(rows: list[list[str]]) -> list[dict[str, Any]]:
    """The ranking's rows from a table's rows (a header first, or rank, name, total by position)."""
    columns = _columns(rows[0])
    body = rows[1:] if columns is not None else rows
    columns = columns or Columns(0, 1, 2, 3)
    first_line = 2 if body is not rows else 1
    if len(body) > SEASON.results_per_event:
        raise PaperProblem(_("The ranking has more than %(most)s rows.", most=SEASON.results_per_event))
    found = []
    for number, row in enumerate(body, start=first_line):
        needed = max(columns.rank, columns.name, columns.total)
        if len(row) <= needed:
            raise PaperProblem(_("Line %(line)s: give rank, name and total.", line=number))
        name = " ".join(row[columns.name].split())
        if not name:
            raise PaperProblem(_("Line %(line)s: the name is missing.", line=number))
        matches = 0
        if columns.matches is not None and len(row) > columns.matches and row[columns.matches].strip():
            matches = _number(row[columns.matches], number, _("Matches"))
        rank = _number(row[columns.rank], number, _("rank"))
        if rank < 1 or matches < 0:
            raise PaperProblem(_("Line %(line)s: a rank is 1 or more, Matches 0 or more.", line=number))
        found.append(
            {
                "name": name[:120],
                "rank": rank,
                "total": _number(row[columns.total], number, _("total")),
                "matches": matches,
            }
        )
    return found
