"""A ruling on one A4 page: verdict, the question, the reasoning, the rules cited, the link.

A pure function from a :class:`~scorer.games.rulings.Ruling` (already translated) to PDF
bytes (STYLE.md practice 13). ReportLab draws with DejaVu Sans (registered once, by
:mod:`scorer.sheets.pdf.fonts`); right-to-left text is shaped by :func:`scorer.web.pdf_text.to_visual`.
A ruling is one page: the share link and the verdict always show, and when the page runs
out the cited rules' texts are shortened (each keeps its id), cut with an ellipsis.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from scorer.games.ruling import Ruling
from scorer.languages import is_rtl

MARGIN = 18 * mm
LEADING = 1.3
ELLIPSIS = "\u2026"
RULE_GAP = 6
#: A cited rule: its id, then its text indented.
ID_SIZE = 11
ID_GAP = 1
RULE_SIZE = 9.5
RULE_INDENT = 8
RULE_GAP_AFTER = 4
LINK_SIZE = 8


def _fonts() -> tuple[str, str]:
    from scorer.sheets.pdf.fonts import BOLD, REGULAR, register_fonts

    register_fonts()
    return REGULAR, BOLD


def _visual(text: str, rtl: bool) -> str:
    from scorer.web.pdf_text import to_visual

    return to_visual(text, rtl)


class _Page:
    """A cursor down one page that wraps text and stops above ``bottom`` (the footer's top)."""

    def __init__(self, canvas: Canvas, regular: str, bold: str, rtl: bool) -> None:
        self.canvas = canvas
        self.regular = regular
        self.bold = bold
        self.rtl = rtl
        self.width, self.height = A4
        self.y = self.height - MARGIN
        self.bottom = MARGIN
        self.full = False

    def wrap(self, text: str, size: float, bold: bool = False, indent: float = 0) -> list[str]:
        font = self.bold if bold else self.regular
        return simpleSplit(text, font, size, self.width - 2 * MARGIN - indent) or [""]

    def draw(self, line: str, size: float, bold: bool = False, indent: float = 0) -> None:
        self.canvas.setFont(self.bold if bold else self.regular, size)
        shown = _visual(line, self.rtl)
        if self.rtl:
            self.canvas.drawRightString(self.width - MARGIN - indent, self.y - size, shown)
        else:
            self.canvas.drawString(MARGIN + indent, self.y - size, shown)
        self.y -= size * LEADING

    def text(
        self, text: str, size: float = 10.5, bold: bool = False, gap: float = 2.0, indent: float = 0
    ) -> None:
        if self.full:
            return
        for line in self.wrap(text, size, bold, indent):
            if self.y - size < self.bottom:
                self.canvas.setFont(self.regular, size)
                self.canvas.drawString(MARGIN, self.y, ELLIPSIS)
                self.full = True
                return
            self.draw(line, size, bold, indent)
        self.y -= gap

    def rule(self) -> None:
        if self.full:
            return
        self.canvas.setLineWidth(0.5)
        self.canvas.line(MARGIN, self.y, self.width - MARGIN, self.y)
        self.y -= RULE_GAP

    def cut(self, line: str, size: float, indent: float) -> str:
        """``line`` ending in an ellipsis, shortened until it fits the width."""
        room = self.width - 2 * MARGIN - indent
        words = line.rstrip()
        while words and stringWidth(words + ELLIPSIS, self.regular, size) > room:
            words = words[:-1]
        return words.rstrip() + ELLIPSIS

    def rule_texts(self, rules: Sequence[tuple[str, str]]) -> None:
        """Each cited rule: its id and its text, the texts shortened to what the page holds.

        The ids always show; when the texts do not all fit, the short ones keep every line and
        the long ones share the remaining lines equally, each cut with an ellipsis.
        """
        if self.full or not rules:
            return
        wrapped = [
            self.wrap(text.replace("**", "").replace("`", ""), RULE_SIZE, indent=RULE_INDENT)
            for _id, text in rules
        ]
        head = ID_SIZE * LEADING + ID_GAP + RULE_GAP_AFTER
        lines_room = int((self.y - self.bottom - len(rules) * head) // (RULE_SIZE * LEADING))
        shares = _share([len(lines) for lines in wrapped], max(lines_room, 0))
        for (rule_id, _text), lines, share in zip(rules, wrapped, shares, strict=True):
            if self.y - ID_SIZE < self.bottom:
                # Not even the ids of the last rules fit (dozens cited): say that some are left out.
                self.canvas.setFont(self.regular, ID_SIZE)
                self.canvas.drawString(MARGIN, self.y, ELLIPSIS)
                break
            # A text with no line left shows that it was cut next to its id.
            self.draw(rule_id if share or not lines else f"{rule_id} {ELLIPSIS}", ID_SIZE, bold=True)
            self.y -= ID_GAP
            shown = lines[:share]
            if share < len(lines) and shown:
                shown[-1] = self.cut(shown[-1], RULE_SIZE, RULE_INDENT)
            for line in shown:
                self.draw(line, RULE_SIZE, indent=RULE_INDENT)
            self.y -= RULE_GAP_AFTER


def _share(lengths: Sequence[int], room: int) -> list[int]:
    """Lines for each text: all of it when everything fits, else an equal share of ``room``.

    A text shorter than its share keeps all its lines and leaves the rest to the longer ones.
    """
    if sum(lengths) <= room:
        return list(lengths)
    shares = [0] * len(lengths)
    left = room
    waiting = sorted(range(len(lengths)), key=lambda i: lengths[i])
    while waiting:
        each = left // len(waiting)
        index = waiting[0]
        if lengths[index] <= each:
            shares[index] = lengths[index]
            left -= lengths[index]
            waiting.pop(0)
            continue
        extra = left - each * len(waiting)
        for index in sorted(waiting):
            # The first texts cited (the deciding rule first) get the odd lines.
            shares[index] = each + (1 if extra > 0 else 0)
            extra -= 1
        break
    return shares


def ruling_pdf(
    ruling: Ruling, title: str, rules: Sequence[tuple[str, str]], link: str, language: str = "en"
) -> bytes:
    """One page: title, verdict, the question, the reasoning, each rule cited with its text, the link.

    The link and the verdict always show: the footer's room is kept before anything else is
    drawn, and the rule texts are what gets shortened when the page runs out.
    """
    regular, bold = _fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=1, pageCompression=1)
    canvas.setTitle(f"Tafel \u2013 {title}")
    page = _Page(canvas, regular, bold, is_rtl(language))
    link_lines = page.wrap(link, LINK_SIZE)
    page.bottom = MARGIN + RULE_GAP + len(link_lines) * LINK_SIZE * LEADING
    page.text(title, 16, bold=True, gap=6)
    page.text(ruling.verdict, 14, bold=True, gap=8)
    page.rule()
    for label, value in ruling.facts:
        page.text(f"{label}: {value}", 10)
    page.rule()
    for line in ruling.lines:
        page.text(line, 11)
    example = ruling.data.get("example")
    if example:
        page.text(" ".join(example), 10, indent=12)
    # The Weis comparison (S6.5, K5.2) is part of the reasoning: kept before the rule texts,
    # which are what gets shortened when the page runs out.
    table = ruling.data.get("comparison")
    if table:
        page.text(table["title"], 11, bold=True, gap=1)
        page.text(table["columns"], 9, indent=12, gap=1)
        for line in table["rows"]:
            page.text(line, 9.5, gap=0, indent=12)
        page.y -= 4
    for row in ruling.data.get("rows", []) if ruling.screen == "replay" else []:
        cards = "  ".join(("\u2717 " if not c["ok"] else "") + c["card"] for c in row["cards"])
        page.text(f"{row['n']}. {cards}", 9, gap=0, indent=12)
    page.rule()
    page.rule_texts(rules)
    # The footer: its room was kept above, so the link is never cut.
    page.full = False
    page.bottom = MARGIN
    page.rule()
    for line in link_lines:
        page.draw(line, LINK_SIZE)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
