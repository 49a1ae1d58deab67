"""An event's printouts as PDF: table cards, Jasszettel pads, Standblätter, the ranking list.

A pure function from a :class:`Printout` (every string already translated, every figure the
engine's) to PDF bytes (STYLE.md practice 13). The text layer is the scoresheets'
(:mod:`scorer.web.pdf_text`: DejaVu Sans, Persian shaped and drawn right to left, the
columns of a table mirrored).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import groupby

import qrcode
import qrcode.constants
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from scorer.web.pdf_cells import CellText

MARGIN = 16 * mm
ROW = 7.5 * mm


@dataclass(frozen=True, slots=True)
class Grid:
    """A table on the page: its header and rows (text), the first column's share of the width."""

    header: Sequence[str]
    rows: Sequence[Sequence[str]]
    first: float = 0.1


@dataclass(frozen=True, slots=True)
class Page:
    heading: str
    #: Large lines under the heading (a table card's number, a player's name).
    big: Sequence[str] = ()
    lines: Sequence[str] = ()
    grid: Grid | None = None
    #: Lines under the grid (the control sum, the signatures).
    foot: Sequence[str] = ()
    #: A link drawn as a QR code (a table's entry) with its caption.
    qr: str | None = None
    qr_caption: str = ""
    #: A course drawn as a line (a player's rating after each evening): its values in order,
    #: each with the half-width of the band around it, and the labels of its lowest and highest.
    chart: Sequence[tuple[float, float]] = ()
    chart_labels: tuple[str, str] = ("", "")


@dataclass(frozen=True, slots=True)
class Printout:
    title: str
    pages: Sequence[Page] = field(default_factory=tuple)
    rtl: bool = False


def _fonts() -> tuple[str, str]:
    from scorer.sheets.pdf.fonts import BOLD, REGULAR, register_fonts

    register_fonts()
    return REGULAR, BOLD


def _visual(text: str, rtl: bool) -> str:
    from scorer.web.pdf_text import to_visual

    return to_visual(text, rtl)


class _Cursor:
    def __init__(self, canvas: Canvas, regular: str, bold: str, rtl: bool) -> None:
        self.canvas, self.regular, self.bold, self.rtl = canvas, regular, bold, rtl
        self.width, self.height = A4
        self.y = self.height - MARGIN

    def text(self, text: str, size: float, bold: bool = False, gap: float = 3) -> None:
        font = self.bold if bold else self.regular
        lines = self._wrapped(text, font, size)
        for number, shown in enumerate(lines):
            if self.y - size < MARGIN:  # under a grid that filled its page: the next page
                self.canvas.showPage()
                self.y = self.height - MARGIN
            self.canvas.setFont(font, size)
            if self.rtl:
                self.canvas.drawRightString(self.width - MARGIN, self.y - size, shown)
            else:
                self.canvas.drawString(MARGIN, self.y - size, shown)
            self.y -= size * 1.3 + (gap if number == len(lines) - 1 else 0)

    def _wrapped(self, text: str, font: str, size: float) -> list[str]:
        """``text`` as the lines that fit between the margins (broken between words; a word
        longer than a line stands alone), each in visual order."""
        room = self.width - 2 * MARGIN
        lines: list[str] = []
        current = ""
        for word in text.split(" "):
            candidate = f"{current} {word}" if current else word
            if current and self.canvas.stringWidth(_visual(candidate, self.rtl), font, size) > room:
                lines.append(current)
                candidate = word
            current = candidate
        lines.append(current)
        return [_visual(line, self.rtl) for line in lines]

    def grid(self, grid: Grid) -> None:
        inner = self.width - 2 * MARGIN
        count = max(len(grid.header), 1)
        rest = (inner * (1 - grid.first)) / max(count - 1, 1) if count > 1 else inner
        widths = [inner * grid.first] + [rest] * (count - 1) if count > 1 else [inner]
        if self.rtl:
            widths = list(reversed(widths))
        edges = [MARGIN]
        for width in widths:
            edges.append(edges[-1] + width)
        centres = [(left + right) / 2 for left, right in zip(edges, edges[1:])]
        cells = CellText.on(self.canvas)
        shown: dict[str, str] = {"": ""}
        rows = [grid.header, *grid.rows]
        index = 0
        while index < len(rows):
            if self.y - ROW < MARGIN:
                self.canvas.showPage()
                self.y = self.height - MARGIN
            page = 0
            while index + page < len(rows) and self.y - (page + 1) * ROW >= MARGIN:
                page += 1
            page = max(page, 1)
            self._rules(edges, [len(row) for row in rows[index : index + page]])
            for row in rows[index : index + page]:
                baseline = self.y - ROW + 2.4 * mm
                font = self.bold if index == 0 else self.regular
                for centre, cell in zip(centres, reversed(row) if self.rtl else row, strict=False):
                    if not cell:  # most of a large ranking's Passen before they are played
                        continue
                    text = str(cell)
                    visual = shown.get(text)
                    if visual is None:
                        visual = shown[text] = _visual(text, self.rtl)
                    if visual:
                        cells.put(centre, baseline, visual, font, 9.5, "center")
                self.y -= ROW
                index += 1
            cells.flush()
        self.y -= 4 * mm

    def _rules(self, edges: Sequence[float], lengths: Sequence[int]) -> None:
        """The boxes of rows of ``lengths`` cells from ``self.y`` down: one grid per run of
        rows of the same length (a table's rows all have the header's)."""
        self.canvas.setLineWidth(0.4)
        top = self.y
        start = 0
        while start < len(lengths):
            stop = start
            while stop < len(lengths) and lengths[stop] == lengths[start]:
                stop += 1
            if lengths[start]:
                rows = [top - k * ROW for k in range(start, stop + 1)]
                self.canvas.grid(list(edges[: lengths[start] + 1]), rows)
            start = stop

    def chart(self, values: Sequence[tuple[float, float]], labels: tuple[str, str]) -> None:
        """A line through ``values`` with a band of ± each value's spread, scaled to its lowest
        and highest, the two labelled at the left (at the right, right to left)."""
        height, inner = 50 * mm, self.width - 2 * MARGIN - 20 * mm
        if self.y - height < MARGIN:
            self.canvas.showPage()
            self.y = self.height - MARGIN
        low = min(v - s for v, s in values)
        high = max(v + s for v, s in values)
        span = max(high - low, 1.0)
        left = MARGIN + (0 if self.rtl else 20 * mm)
        bottom = self.y - height

        def point(index: int, value: float) -> tuple[float, float]:
            x = left + inner * (index / max(len(values) - 1, 1))
            if self.rtl:
                x = left + inner - (x - left)
            return x, bottom + height * (value - low) / span

        canvas = self.canvas
        band = canvas.beginPath()
        upper = [point(i, v + s) for i, (v, s) in enumerate(values)]
        lower = [point(i, v - s) for i, (v, s) in reversed(list(enumerate(values)))]
        band.moveTo(*upper[0])
        for x, y in [*upper[1:], *lower]:
            band.lineTo(x, y)
        band.close()
        canvas.setFillGray(0.85)
        canvas.drawPath(band, stroke=0, fill=1)
        canvas.setFillGray(0)
        canvas.setLineWidth(1.5)
        line = [point(i, v) for i, (v, _s) in enumerate(values)]
        for (x1, y1), (x2, y2) in zip(line, line[1:]):
            canvas.line(x1, y1, x2, y2)
        for x, y in line:
            canvas.circle(x, y, 1.6, stroke=0, fill=1)
        canvas.setFont(self.regular, 8)
        label_x = self.width - MARGIN if self.rtl else MARGIN
        draw = canvas.drawRightString if self.rtl else canvas.drawString
        draw(label_x, bottom + height - 8, _visual(labels[1], self.rtl))
        draw(label_x, bottom, _visual(labels[0], self.rtl))
        self.y = bottom - 6 * mm

    def qr(self, link: str, caption: str) -> None:
        size = 55 * mm
        modules = qr_modules(link)
        module = size / len(modules)
        left, top = (self.width - size) / 2, self.y
        # Each row's runs of dark modules as rectangles of one path, filled once.
        path = self.canvas.beginPath()
        for row, dark in enumerate(modules):
            y = top - (row + 1) * module
            column = 0
            for is_dark, run in groupby(dark):
                width = len(list(run))
                if is_dark:
                    path.rect(left + column * module, y, width * module, module)
                column += width
        self.canvas.setFillGray(0)
        self.canvas.drawPath(path, stroke=0, fill=1)
        self.y -= size + 2 * mm
        self.canvas.setFont(self.regular, 9)
        self.canvas.drawCentredString(self.width / 2, self.y - 9, _visual(caption, self.rtl))
        self.y -= 12
        self.canvas.setFont(self.regular, 7)
        self.canvas.drawCentredString(self.width / 2, self.y - 7, link)
        self.y -= 12


#: The mask every printed code uses (ISO/IEC 18004, 7.8). A reader decodes any of the eight; the
#: encoder's search for the one with the fewest penalties evaluates all eight over the whole
#: symbol and costs five times the code itself, which a printout of many table cards paid per
#: card. A card's code is 55 mm wide, large enough to read whatever its mask.
QR_MASK = 0


def qr_modules(link: str) -> list[list[bool]]:
    """``link``'s QR code (error correction M, the smallest version that holds it), its dark
    modules as rows of booleans, the quiet zone included."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2, mask_pattern=QR_MASK)
    code.add_data(link)
    code.make(fit=True)
    return code.get_matrix()


def render(printout: Printout) -> bytes:
    """The printout as PDF bytes, one A4 page (or more, for a long grid) per :class:`Page`."""
    regular, bold = _fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=1, pageCompression=1)
    canvas.setTitle(f"Tafel \u2013 {printout.title}")
    for page in printout.pages or [Page(printout.title)]:
        cursor = _Cursor(canvas, regular, bold, printout.rtl)
        cursor.text(page.heading, 15, bold=True, gap=6)
        for line in page.big:
            cursor.text(line, 26, bold=True, gap=6)
        for line in page.lines:
            cursor.text(line, 11)
        if page.chart:
            cursor.chart(page.chart, page.chart_labels)
        if page.grid is not None:
            cursor.grid(page.grid)
        for line in page.foot:
            cursor.text(line, 11, gap=6)
        if page.qr:
            cursor.qr(page.qr, page.qr_caption)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
