"""A ruling on one A4 page: verdict, the question, the reasoning, the rules cited, the link.

A pure function from a :class:`~scorer.disputes.rulings.Ruling` (already translated) to PDF
bytes (STYLE.md practice 13). ReportLab draws with DejaVu Sans (registered once, by
:mod:`scorer.sheets.pdf.fonts`); right-to-left text is shaped by :func:`scorer.sheets.pdf.text.to_visual`.
Whatever does not fit on the page is cut with an ellipsis: a ruling is one page.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from scorer.disputes.ruling import Ruling
from scorer.languages import is_rtl

MARGIN = 18 * mm


def _fonts() -> tuple[str, str]:
    from scorer.sheets.pdf.fonts import BOLD, REGULAR, register_fonts

    register_fonts()
    return REGULAR, BOLD


def _visual(text: str, rtl: bool) -> str:
    from scorer.sheets.pdf.text import to_visual

    return to_visual(text, rtl)


class _Page:
    """A cursor down one page that wraps text and stops at the bottom margin."""

    def __init__(self, canvas: Canvas, regular: str, bold: str, rtl: bool) -> None:
        self.canvas = canvas
        self.regular = regular
        self.bold = bold
        self.rtl = rtl
        self.width, self.height = A4
        self.y = self.height - MARGIN
        self.full = False

    def text(
        self, text: str, size: float = 10.5, bold: bool = False, gap: float = 2.0, indent: float = 0
    ) -> None:
        if self.full:
            return
        font = self.bold if bold else self.regular
        width = self.width - 2 * MARGIN - indent
        for line in simpleSplit(text, font, size, width) or [""]:
            if self.y - size < MARGIN:
                self.canvas.setFont(self.regular, size)
                self.canvas.drawString(MARGIN, self.y, "\u2026")
                self.full = True
                return
            self.canvas.setFont(font, size)
            shown = _visual(line, self.rtl)
            if self.rtl:
                self.canvas.drawRightString(self.width - MARGIN - indent, self.y - size, shown)
            else:
                self.canvas.drawString(MARGIN + indent, self.y - size, shown)
            self.y -= size * 1.3
        self.y -= gap

    def rule(self) -> None:
        if self.full:
            return
        self.canvas.setLineWidth(0.5)
        self.canvas.line(MARGIN, self.y, self.width - MARGIN, self.y)
        self.y -= 6


def ruling_pdf(
    ruling: Ruling, title: str, rules: Sequence[tuple[str, str]], link: str, language: str = "en"
) -> bytes:
    """One page: title, verdict, the question, the reasoning, each rule cited with its text, the link."""
    regular, bold = _fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=1, pageCompression=1)
    canvas.setTitle(f"Tafel \u2013 {title}")
    page = _Page(canvas, regular, bold, is_rtl(language))
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
    for row in ruling.data.get("rows", []) if ruling.screen == "replay" else []:
        cards = "  ".join(("\u2717 " if not c["ok"] else "") + c["card"] for c in row["cards"])
        page.text(f"{row['n']}. {cards}", 9, gap=0, indent=12)
    page.rule()
    for rule_id, text in rules:
        page.text(rule_id, 11, bold=True, gap=1)
        page.text(text.replace("**", "").replace("`", ""), 9.5, gap=4, indent=8)
    page.rule()
    page.text(link, 8)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
