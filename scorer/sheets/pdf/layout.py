"""Shared drawing for pads and scoresheets: pages, labels, the figure table, header blocks.

Everything here turns view-model data into ReportLab flowables for one :class:`Lang`;
right-to-left languages get mirrored tables (side 1 and the deal number on the right)
and right-aligned text, with every string shaped by :meth:`Lang.visual`.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, SimpleDocTemplate, Table, TableStyle

from scorer.games.sheet import Column, Header, Mark, Side
from scorer.sheets.pdf.fonts import BOLD, REGULAR, register_fonts
from scorer.sheets.pdf.grid import EMPTY, PAD, Cell, Grid, GridStyle, HeadBox, fit, wrap_words
from scorer.sheets.pdf.model import sheet_part
from scorer.web.pdf_text import Lang, isolate, strip_isolates

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
MARGIN = 12 * mm
GRID = colors.Color(0.35, 0.35, 0.35)
SHADE = colors.Color(0.9, 0.9, 0.9)
SIDE_SHADE = colors.Color(0.96, 0.96, 0.96)
CORRECTED_SHADE = colors.Color(1.0, 0.95, 0.8)

CONTRACT_NAMES: dict[str, dict[str, str]] = {
    # Source strings shared with scorer/display.py; translated with the context "suit"
    # (scorer/i18n.py marks them for the catalogs).
    "swiss": {"H": "Rosen", "D": "Eicheln", "C": "Schellen", "S": "Schilten"},
    "french": {"H": "Hearts", "D": "Diamonds", "C": "Clubs", "S": "Spades"},
}


def paper_size(paper: str) -> tuple[float, float]:
    """:raises ValueError: unknown paper name."""
    try:
        return PAPERS[paper]
    except KeyError:
        raise ValueError(f"paper: unknown paper {paper!r} (use a4 or letter)") from None


# --- words -------------------------------------------------------------------------------


def game_name(lang: Lang, header: Header) -> str:
    """The game (and its format) as the game's sheet part names it."""
    part = sheet_part(header.game)
    return part.title(lang, header) if part is not None else header.game


def contract_name(lang: Lang, key: Any, header: Header) -> str:
    """A contract as the sheet of ``header``'s game names it, in its deck."""
    if key is None:
        return ""
    if isinstance(key, Mapping):  # an extra contract's object: its type, and the mode it starts in
        kind = contract_name(lang, key.get("type"), header)
        start = key.get("start")
        if start not in ("obenabe", "undenufe"):
            return kind
        return lang("%(contract)s, %(start)s first", contract=kind, start=contract_name(lang, start, header))
    if key == "slalom":
        return lang("Slalom")
    if key == "obenabe":
        return lang("Obenabe")
    if key == "undenufe":
        return lang("Undenufe")
    part = sheet_part(header.game)
    own = part.contract_names if part is not None else {}
    if key in own:
        return lang(own[key])
    names = CONTRACT_NAMES.get(header.deck, CONTRACT_NAMES["french"])
    return lang.ctx("suit", names[key]) if key in names else str(key)


def side_name(lang: Lang, side: Side, players: int) -> str:
    if side.name:
        return side.name
    if players == 4 and len(side.seats) > 1:
        return lang("Team %(number)s", number=lang.digits(side.number))
    return lang("Player %(number)s", number=lang.digits(side.number))


def seat_text(lang: Lang, header: Header, seat: Any) -> str:
    if not isinstance(seat, int):
        return ""
    name = header.seat_name(seat)
    return name if name else lang.digits(seat)


def mark_text(lang: Lang, mark: Mark, header: Header) -> str:
    side = ""
    if mark.side is not None and 1 <= mark.side <= len(header.sides):
        side = side_name(lang, header.sides[mark.side - 1], header.players)
    code = mark.code
    if code == "match":
        bonus = mark.value if isinstance(mark.value, (int, float)) else 0
        return lang("Match %(side)s +%(points)s", side=side, points=lang.number(bonus))
    if code == "schneider":
        return lang("Schneider: %(side)s", side=side)
    if code == "kalte":
        if isinstance(mark.value, int) and mark.value > 1:
            return lang("Kalte ×%(count)s", count=lang.digits(mark.value))
        return lang("Kalte")
    if code == "laube":
        return lang("Laube: %(side)s", side=side)
    if code == "must_play":
        return lang("%(side)s must play", side=side)
    if code == "durchmarsch":
        if mark.value is True:
            return lang("Durchmarsch %(side)s, won", side=side)
        if mark.value is False:
            return lang("Durchmarsch %(side)s, failed", side=side)
        return lang("Durchmarsch %(side)s", side=side)
    if code == "revoke":
        return lang("Revoke by %(seat)s", seat=seat_text(lang, header, mark.value))
    if code == "lost":
        return lang("Declarer lost")
    if code == "ended_on":
        how = {"stoeck": lang("by Stöck"), "weis": lang("by Weis"), "trick_points": lang("by trick points")}
        return lang(
            "%(side)s reached the target %(how)s", side=side, how=how.get(str(mark.value), str(mark.value))
        )
    if code == "must_play_missed":
        return lang("Laube: the bound team did not play")
    if code == "pushed":
        return lang("pushed")
    if code == "konter":
        return lang("Konter-Match")
    if code == "scratch":
        return lang("scratch") + (f": {mark.value}" if isinstance(mark.value, str) and mark.value else "")
    if code == "decided":
        return lang("Decided: %(side)s has clinched the game", side=side)
    if code == "exact":
        return lang("exact: %(side)s", side=side)
    if code == "void":
        return lang("void")
    if code == "rank":
        return lang(
            "%(rank)s. %(side)s",
            rank=lang.digits(mark.value) if isinstance(mark.value, int) else "",
            side=side,
        )
    return code


# --- a label that wraps in either direction ------------------------------------------------


class Label(Flowable):
    """Short text in a table cell: wrapped to the cell, shrunk if a word is too wide,
    each line shaped for its language and aligned to its reading direction."""

    def __init__(
        self,
        lang: Lang,
        text: str,
        size: float = 7.0,
        *,
        bold: bool = False,
        align: str | None = None,
        min_size: float = 4.5,
    ) -> None:
        super().__init__()
        self.lang = lang
        self.text = text
        self.font = BOLD if bold else REGULAR
        self.size = size
        self.min_size = min_size
        self.align = align or lang.align
        self.lines: list[str] = []

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        size = self.size
        words = strip_isolates(self.text).split()
        while size > self.min_size and any(stringWidth(w, self.font, size) > availWidth for w in words):
            size -= 0.5
        self.used_size = size
        self.lines = [self.lang.visual(line) for line in wrap_words(self.text, self.font, size, availWidth)]
        self.width = availWidth
        self.height = len(self.lines) * size * 1.15
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.setFont(self.font, self.used_size)
        y = self.height - self.used_size
        for line in self.lines:
            if self.align == "RIGHT":
                canvas.drawRightString(self.width, y, line)
            elif self.align == "CENTER":
                canvas.drawCentredString(self.width / 2, y, line)
            else:
                canvas.drawString(0, y, line)
            y -= self.used_size * 1.15


class CheckBox(Flowable):
    """An empty box to tick on a pad."""

    def __init__(self, side: float = 7.0) -> None:
        super().__init__()
        self.side = side

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        return availWidth, self.side

    def draw(self) -> None:
        self.canv.setLineWidth(0.6)
        self.canv.rect((self.width - self.side) / 2, 0, self.side, self.side)


# --- the figure table --------------------------------------------------------------------


def expand_columns(columns: Sequence[Column], sides: int) -> list[tuple[Column, int | None]]:
    """Columns in logical order, per-side columns repeated as one group per side."""
    lead = []
    per_side = [c for c in columns if c.per_side]
    trail = []
    seen_side = False
    for column in columns:
        if column.per_side:
            seen_side = True
        elif seen_side:
            trail.append(column)
        else:
            lead.append(column)
    out: list[tuple[Column, int | None]] = [(c, None) for c in lead]
    for side in range(1, sides + 1):
        out.extend((c, side) for c in per_side)
    out.extend((c, None) for c in trail)
    return out


@dataclass(frozen=True, slots=True)
class Note:
    """Body text that wraps and starts at the reading direction's side (the Notes column)."""

    text: str


BOX = Cell(box=7.5)


def figure_table(
    lang: Lang,
    header: Header,
    columns: Sequence[Column],
    body: Sequence[Sequence[str | Note | Cell]],
    width: float,
    *,
    size: float = 7.0,
    row_height: float = 0.0,
    row_shades: Sequence[colors.Color | None] | None = None,
) -> Grid:
    """The deal table: two header rows (each side's name over its columns) and ``body``
    rows given in logical column order (as :func:`expand_columns`): a string is a figure
    (centred), a :class:`Note` wrapping text, a :class:`Cell` drawn as it is (a box).
    Mirrored for right-to-left languages: side 1 and the deal number on the right."""
    expanded = expand_columns(columns, len(header.sides))
    n = len(expanded)
    total = sum(c.width for c, _ in expanded)
    logical_widths = [width * c.width / total for c, _ in expanded]
    rtl = lang.rtl

    def col(k: int) -> int:
        return n - 1 - k if rtl else k

    widths = list(reversed(logical_widths)) if rtl else logical_widths
    head: list[HeadBox] = []
    heavy: set[int] = set()
    shades: dict[int, colors.Color] = {}
    k = 0
    while k < n:
        column, side = expanded[k]
        inner = logical_widths[k] - 2 * PAD
        if side is None:
            head.append(
                HeadBox(col(k), col(k), 0, fit(lang(column.label), inner, size, True, rtl, "CENTER"), True)
            )
            k += 1
            continue
        group = sum(1 for _, s in expanded if s == side)
        first, last = sorted((col(k), col(k + group - 1)))
        span = sum(logical_widths[k : k + group]) - 2 * PAD
        name = side_name(lang, header.sides[side - 1], header.players)
        head.append(HeadBox(first, last, 0, fit(name, span, size, True, rtl, "CENTER")))
        heavy.update((first, last + 1))
        # The column labels under a side share one size (the smallest any of them needs).
        label_size = min(
            fit(lang(expanded[j][0].label), logical_widths[j] - 2 * PAD, size - 0.5, True, rtl, "CENTER").size
            for j in range(k, k + group)
        )
        for j in range(k, k + group):
            label = fit(
                lang(expanded[j][0].label), logical_widths[j] - 2 * PAD, label_size, True, rtl, "CENTER"
            )
            head.append(HeadBox(col(j), col(j), 1, label))
            if side % 2 == 0:
                shades[col(j)] = SIDE_SHADE
        k += group
    rows: list[list[Cell]] = []
    # Each column's cells by their value, fitted once (a long match repeats most of them).
    fitted: list[dict[str | Note | Cell, Cell]] = [{} for _ in range(n)]
    for values in body:
        cells: list[Cell] = [EMPTY] * n
        for j, value in enumerate(values):
            cell = fitted[j].get(value)
            if cell is None:
                inner = logical_widths[j] - 2 * PAD
                if isinstance(value, Cell):
                    cell = value
                elif isinstance(value, Note):
                    cell = fit(value.text, inner, size - 0.6, False, rtl, lang.align) if value.text else EMPTY
                else:
                    cell = fit(value, inner, size, False, rtl, "CENTER") if value else EMPTY
                fitted[j][value] = cell
            cells[col(j)] = cell
        rows.append(cells)
    style = GridStyle(head_shade=SHADE, line=GRID, column_shades=shades, heavy=frozenset(heavy))
    return Grid(widths, head, rows, style=style, row_height=row_height, row_shades=row_shades)


# --- header block ------------------------------------------------------------------------


#: Lines of a value in one row of :func:`info_table`: a longer value (a grid of hundreds of own
#: rows among a Coiffeur's options) goes on in the rows below, between which a page may break.
VALUE_LINES_PER_ROW = 24
INFO_PADDING = 2


def value_parts(value: str, width: float, size: float) -> list[str]:
    """``value`` as wrapped to ``width``, in parts of at most ``VALUE_LINES_PER_ROW`` lines."""
    lines = wrap_words(value, REGULAR, size, width)
    if len(lines) <= VALUE_LINES_PER_ROW:
        return [value]
    return [
        "\n".join(lines[start : start + VALUE_LINES_PER_ROW])
        for start in range(0, len(lines), VALUE_LINES_PER_ROW)
    ]


def info_table(lang: Lang, pairs: Sequence[tuple[str, str]], width: float, size: float = 8.5) -> Table:
    """Label/value lines (game, date, place, …): labels bold, mirrored for RTL."""
    widths = [0.22 * width, 0.78 * width]
    rows = []
    for label, value in pairs:
        for part, text in enumerate(value_parts(value, widths[1] - 2 * INFO_PADDING, size)):
            row = [Label(lang, label if part == 0 else "", size, bold=True), Label(lang, text, size)]
            rows.append(list(reversed(row)) if lang.rtl else row)
    table = Table(rows, colWidths=list(reversed(widths)) if lang.rtl else widths, hAlign=lang.align)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), REGULAR, size),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), INFO_PADDING),
                ("RIGHTPADDING", (0, 0), (-1, -1), INFO_PADDING),
                ("TOPPADDING", (0, 0), (-1, -1), 0.8),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.8),
            ]
        )
    )
    return table


def seats_text(lang: Lang, header: Header, blank: bool = False) -> list[tuple[str, str]]:
    """One line per side: its name and its players with their seats."""
    out = []
    for side in header.sides:
        parts = []
        for seat, name in zip(side.seats, side.players):
            who = name or ("____________" if blank else "")
            parts.append(isolate(lang("seat %(seat)s: %(name)s", seat=lang.digits(seat), name=who).strip()))
        out.append((side_name(lang, side, header.players), "   ".join(parts)))
    return out


def signature_table(lang: Lang, header: Header, width: float) -> Table:
    """A signature line per side, with the side's name and players under it."""
    cells = []
    for side in header.sides:
        who = ", ".join(n for n in side.players if n)
        name = side_name(lang, side, header.players)
        caption = lang("%(side)s (%(players)s)", side=name, players=who) if who and who != side.name else name
        cells.append([Label(lang, lang("Signature"), 7.5), Label(lang, caption, 7.5, bold=True)])
    per_row = 2
    rows: list[list[Any]] = []
    styles: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), REGULAR, 7.5),
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
    ]
    for start in range(0, len(cells), per_row):
        chunk = cells[start : start + per_row]
        signature_row: list[Any] = [c[0] for c in chunk] + [""] * (per_row - len(chunk))
        caption_row: list[Any] = [c[1] for c in chunk] + [""] * (per_row - len(chunk))
        if lang.rtl:
            signature_row.reverse()
            caption_row.reverse()
        r = len(rows)
        rows.append(signature_row)
        rows.append(caption_row)
        for k, cell in enumerate(signature_row):
            if cell != "":
                styles.append(("LINEBELOW", (k, r), (k, r), 0.8, colors.black))
    gap = 10 * mm
    table = Table(rows, colWidths=[(width - gap) / per_row] * per_row, rowHeights=None)
    styles += [
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("RIGHTPADDING", (0, 0), (-1, -1), gap / 2),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
    ]
    for r in range(0, len(rows), 2):
        styles.append(("TOPPADDING", (0, r), (-1, r), 18))
    table.setStyle(TableStyle(styles))
    return table


# --- the document ------------------------------------------------------------------------


def build_pdf(
    flowables: Sequence[Flowable],
    paper: str,
    lang: Lang,
    *,
    title: str,
    footer: str,
) -> bytes:
    """Lay ``flowables`` out on portrait pages with a footer and fixed metadata.

    ``invariant=1`` makes the bytes a function of the input alone (fixed dates and ids).
    """
    register_fonts()
    buffer = io.BytesIO()
    size = paper_size(paper)
    document = SimpleDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 4 * mm,
        # Document metadata is shown by the reader's own text engine: logical order.
        title=strip_isolates(title),
        author="Tafel",
        creator="Tafel",
        subject=strip_isolates(footer),
        lang=lang.code.replace("_", "-"),
        # Without this every page's preamble names Helvetica, an unembedded standard font.
        initialFontName=REGULAR,
        initialFontSize=8,
        invariant=1,
    )

    def on_page(canvas: Canvas, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(REGULAR, 6.5)
        page = lang("page %(page)s", page=lang.digits(doc.page))
        text = lang.visual(lang("%(title)s · %(page)s", title=footer, page=page))
        y = MARGIN
        if lang.rtl:
            canvas.drawRightString(size[0] - MARGIN, y, text)
        else:
            canvas.drawString(MARGIN, y, text)
        canvas.restoreState()

    document.build(list(flowables), onFirstPage=on_page, onLaterPages=on_page)
    return buffer.getvalue()


def frame_size(paper: str) -> tuple[float, float]:
    """The usable width and height of a page (inside the margins, above the footer)."""
    width, height = paper_size(paper)
    # SimpleDocTemplate's frame has 6 pt padding on each side.
    return width - 2 * MARGIN - 12, height - 2 * MARGIN - 4 * mm - 12
