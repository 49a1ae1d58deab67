"""A fast ruled table for the deal rows of pads and scoresheets.

ReportLab's ``Table`` draws every cell with its own text object and measures every
flowable it holds, which a scoresheet pays for every cell (bench/pdf.py). A score table is
simpler: fixed column widths, short single-style cells, two header rows repeated on
every page. :class:`Grid` lays those out once and draws all rules of a page through one
path and its text through :class:`scorer.web.pdf_cells.CellText`. It splits between rows
like ``LongTable`` with ``repeatRows=2``.

Cells arrive in drawing order (already mirrored for right-to-left) with their text in
visual order (see :meth:`scorer.web.pdf_text.Lang.visual`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from scorer.sheets.pdf.fonts import BOLD, REGULAR
from scorer.web.pdf_cells import CellText
from scorer.web.pdf_text import strip_isolates, to_visual

PAD = 1.5
LEADING = 1.15


@dataclass(frozen=True, slots=True)
class Cell:
    """What one cell shows: visual-order lines in one font, or an empty box to tick."""

    lines: tuple[str, ...] = ()
    size: float = 7.0
    bold: bool = False
    align: str = "CENTER"
    box: float = 0.0

    @property
    def font(self) -> str:
        return BOLD if self.bold else REGULAR

    @property
    def height(self) -> float:
        if self.box:
            return self.box
        return len(self.lines) * self.size * LEADING if self.lines else 0.0


EMPTY = Cell()


@lru_cache(maxsize=4096)
def fit(
    text: str, width: float, size: float, bold: bool, rtl: bool, align: str, min_size: float = 4.5
) -> Cell:
    """A cell for ``text`` (logical order): wrapped at spaces to ``width``, the font
    shrunk while a single word is too wide, each line then shaped for its direction."""
    font = BOLD if bold else REGULAR
    plain = strip_isolates(text)
    whole = stringWidth(plain, font, size)
    if whole <= width and "\n" not in text:
        return Cell((to_visual(text, rtl),), size, bold, align)
    words = plain.split()
    while size > min_size and any(stringWidth(w, font, size) > width for w in words):
        size -= 0.5
    if stringWidth(plain, font, size) <= width and "\n" not in text:
        return Cell((to_visual(text, rtl),), size, bold, align)
    lines = wrap_words(text, font, size, width)
    return Cell(tuple(to_visual(line, rtl) for line in lines), size, bold, align)


@dataclass(frozen=True, slots=True)
class HeadBox:
    """A header cell covering columns ``first..last`` of header row ``row`` (or both rows)."""

    first: int
    last: int
    row: int
    cell: Cell
    both_rows: bool = False


@dataclass
class GridStyle:
    head_shade: colors.Color = field(default_factory=lambda: colors.Color(0.9, 0.9, 0.9))
    line: colors.Color = field(default_factory=lambda: colors.Color(0.35, 0.35, 0.35))
    #: Column index -> fill of its body cells (the second side's columns).
    column_shades: dict[int, colors.Color] = field(default_factory=dict)
    #: Column boundaries (0..n) drawn heavy: around each side's group.
    heavy: frozenset[int] = frozenset()


class Grid(Flowable):
    """Header rows plus body rows with fixed column widths; splits between rows."""

    def __init__(
        self,
        widths: Sequence[float],
        head: Sequence[HeadBox],
        rows: Sequence[Sequence[Cell]],
        *,
        style: GridStyle,
        row_height: float = 0.0,
        row_shades: Sequence[colors.Color | None] | None = None,
    ) -> None:
        super().__init__()
        self.widths = list(widths)
        self.xs = [0.0]
        for w in self.widths:
            self.xs.append(self.xs[-1] + w)
        self.head = list(head)
        self.rows = [list(r) for r in rows]
        self.style = style
        self.row_height = row_height
        self.row_shades = list(row_shades) if row_shades is not None else [None] * len(self.rows)
        # Each distinct cell's height once (rows share their cells: one object per figure).
        distinct = {id(c): c for r in self.rows for c in r}
        height_of = {key: c.height for key, c in distinct.items()}
        self.heights = [
            max(row_height, max(map(height_of.__getitem__, map(id, r)), default=0.0) + 2 * PAD)
            for r in self.rows
        ]
        single = [
            max((b.cell.height for b in self.head if b.row == k and not b.both_rows), default=0.0) + 2 * PAD
            for k in (0, 1)
        ]
        spanning = max((b.cell.height for b in self.head if b.both_rows), default=0.0) + 2 * PAD
        if spanning > single[0] + single[1]:
            single[1] = spanning - single[0]
        self.head_heights = single
        self.head_height = sum(single)

    def _part(self, start: int, stop: int) -> Grid:
        part = Grid.__new__(Grid)
        Flowable.__init__(part)
        part.widths, part.xs, part.head, part.style = self.widths, self.xs, self.head, self.style
        part.row_height = self.row_height
        part.rows = self.rows[start:stop]
        part.row_shades = self.row_shades[start:stop]
        part.heights = self.heights[start:stop]
        part.head_heights, part.head_height = self.head_heights, self.head_height
        return part

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = self.xs[-1]
        self.height = self.head_height + sum(self.heights)
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        room = availHeight - self.head_height
        count = 0
        for h in self.heights:
            if room < h:
                break
            room -= h
            count += 1
        if count == 0:
            return []
        if count >= len(self.rows):
            return [self]
        return [self._part(0, count), self._part(count, len(self.rows))]

    def draw(self) -> None:
        canvas = self.canv
        width = self.xs[-1]
        top = self.head_height + sum(self.heights)
        body_top = top - self.head_height
        style = self.style
        # Fills first, so the rules and text lie on top.
        canvas.saveState()
        canvas.setFillColor(style.head_shade)
        canvas.rect(0, body_top, width, self.head_height, stroke=0, fill=1)
        for column, shade in style.column_shades.items():
            canvas.setFillColor(shade)
            canvas.rect(self.xs[column], 0, self.widths[column], body_top, stroke=0, fill=1)
        y = body_top
        for height, row_shade in zip(self.heights, self.row_shades):
            y -= height
            if row_shade is not None:
                canvas.setFillColor(row_shade)
                canvas.rect(0, y, width, height, stroke=0, fill=1)
        canvas.restoreState()
        # Rules: the header boxes, then the body grid.
        path = canvas.beginPath()
        row_tops = [top, top - self.head_heights[0]]
        for box in self.head:
            y1 = row_tops[box.row]
            y0 = body_top if box.both_rows or box.row == 1 else row_tops[1]
            path.rect(self.xs[box.first], y0, self.xs[box.last + 1] - self.xs[box.first], y1 - y0)
        y = body_top
        for height in self.heights:
            y -= height
            path.moveTo(0, y)
            path.lineTo(width, y)
        for k, x in enumerate(self.xs):
            if k not in style.heavy:
                path.moveTo(x, 0)
                path.lineTo(x, body_top)
        canvas.setStrokeColor(style.line)
        canvas.setLineWidth(0.4)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(1.0)
        heavy = canvas.beginPath()
        for k in style.heavy:
            heavy.moveTo(self.xs[k], 0)
            heavy.lineTo(self.xs[k], top)
        heavy.rect(0, 0, width, top)
        canvas.drawPath(heavy, stroke=1, fill=0)
        # Text and boxes.
        text = CellText.on(canvas)
        boxes = canvas.beginPath()

        def put(cell: Cell, x0: float, x1: float, y0: float, y1: float) -> None:
            if cell.box:
                side = cell.box
                boxes.rect((x0 + x1 - side) / 2, (y0 + y1 - side) / 2, side, side)
                return
            if not cell.lines:
                return
            leading = cell.size * LEADING
            block = len(cell.lines) * leading
            baseline = (y0 + y1 + block) / 2 - cell.size * 0.93
            for line in cell.lines:
                if cell.align == "CENTER":
                    text.put((x0 + x1) / 2, baseline, line, cell.font, cell.size, "center")
                elif cell.align == "RIGHT":
                    text.put(x1 - PAD, baseline, line, cell.font, cell.size, "right")
                else:
                    text.put(x0 + PAD, baseline, line, cell.font, cell.size)
                baseline -= leading

        for box in self.head:
            y1 = row_tops[box.row]
            y0 = body_top if box.both_rows or box.row == 1 else row_tops[1]
            put(box.cell, self.xs[box.first], self.xs[box.last + 1], y0, y1)
        # A body cell of one line is placed once per column, then only its row's height is
        # written (most cells repeat a figure or a name down their column).
        xs = self.xs
        columns: list[dict[int, tuple[str, float, str]]] = [{} for _ in self.widths]
        y = body_top
        for row, height in zip(self.rows, self.heights):
            bottom = y - height
            middle = (bottom + y) / 2
            heights: dict[float, str] = {}
            for k, cell in enumerate(row):
                if cell is EMPTY:
                    continue
                placed = columns[k].get(id(cell))
                if placed is None:
                    if cell.box or len(cell.lines) != 1:
                        put(cell, xs[k], xs[k + 1], bottom, y)
                        continue
                    size = cell.size
                    if cell.align == "CENTER":
                        before, after = text.placed(
                            (xs[k] + xs[k + 1]) / 2, cell.lines[0], cell.font, size, "center"
                        )
                    elif cell.align == "RIGHT":
                        before, after = text.placed(xs[k + 1] - PAD, cell.lines[0], cell.font, size, "right")
                    else:
                        before, after = text.placed(xs[k] + PAD, cell.lines[0], cell.font, size)
                    placed = columns[k][id(cell)] = (before, size * (LEADING / 2 - 0.93), after)
                before, rise, after = placed
                baseline = heights.get(rise)
                if baseline is None:
                    baseline = heights[rise] = f"{middle + rise:.2f}"
                text.put_placed(before, baseline, after)
            y = bottom
        text.flush()
        canvas.setLineWidth(0.6)
        canvas.drawPath(boxes, stroke=1, fill=0)


def wrap_words(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy line breaking in logical order (before shaping, so RTL lines stay in order)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if line and stringWidth(strip_isolates(trial), font, size) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines
