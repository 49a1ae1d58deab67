"""Blank score pads: a pure function from a :class:`PadView` to PDF bytes.

The game's sheet part chooses the columns and the extra boxes (:class:`PadView`'s ``extras``):
a chalk-board page with each team's 100 / 50 / 20 stroke lines, the target and the Schneider
line (S1.3); a big-point tally (K7); a rounding table in the margin (K8.1); a die per side to
cross off (K9); a grid of contracts and factors (C2.3).
"""

from __future__ import annotations

from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer, Table, TableStyle

from scorer.games.sheet import Header, PadView
from scorer.sheets.pdf.fonts import BOLD, REGULAR
from scorer.sheets.pdf.layout import (
    BOX,
    CheckBox,
    Label,
    build_pdf,
    contract_name,
    expand_columns,
    figure_table,
    frame_size,
    game_name,
    info_table,
    seats_text,
    side_name,
)
from scorer.sheets.pdf.model import sheet_part
from scorer.web.pdf_text import Lang

SIZE = 7.5
ROW_HEIGHT = 17.0
DIE_FACES = "⚀⚁⚂⚃⚄⚅"


class ChalkBoard(Flowable):
    """One team's Jass board ("Tafel"): a Z whose top line takes the 100 strokes, the
    diagonal the 50s and the bottom line the 20s; the 100 line is ruled to the target,
    with the Schneider line (half the target, S1.3) and the target marked."""

    def __init__(self, lang: Lang, title: str, target: int, schneider: int, height: float) -> None:
        super().__init__()
        self.lang = lang
        self.title = title
        self.target = target
        self.schneider = schneider
        self.board_height = height

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        self.height = self.board_height
        return availWidth, self.height

    def _text(
        self, x: float, y: float, text: str, size: float, *, bold: bool = False, align: str = "LEFT"
    ) -> None:
        canvas = self.canv
        canvas.setFont(BOLD if bold else REGULAR, size)
        shaped = self.lang.visual(text)
        if align == "RIGHT":
            canvas.drawRightString(x, y, shaped)
        elif align == "CENTER":
            canvas.drawCentredString(x, y, shaped)
        else:
            canvas.drawString(x, y, shaped)

    def draw(self) -> None:
        lang = self.lang
        canvas = self.canv
        w, h = self.width, self.height
        rtl = lang.rtl
        self._text(w if rtl else 0, h - 14, self.title, 13, bold=True, align="RIGHT" if rtl else "LEFT")
        left, right = 28.0, w - 28.0
        top, bottom = h - 70, 40.0
        canvas.setLineWidth(1.6)
        canvas.line(left, top, right, top)
        canvas.line(right, top, left, bottom) if not rtl else canvas.line(left, top, right, bottom)
        canvas.line(left, bottom, right, bottom)
        # Line values, written where the player starts each line.
        start = right + 4 if rtl else left - 4
        align = "LEFT" if rtl else "RIGHT"
        self._text(start, top - 3, lang.number(100), 9, bold=True, align=align)
        self._text(start, bottom - 3, lang.number(20), 9, bold=True, align=align)
        self._text(w / 2 + 10, (top + bottom) / 2 + 4, lang.number(50), 9, bold=True)
        # The 100 line ruled in hundreds up to the target.
        hundreds = max(1, -(-self.target // 100))
        step = (right - left) / hundreds
        canvas.setLineWidth(0.4)
        for k in range(1, hundreds + 1):
            x = right - k * step if rtl else left + k * step
            tick = 5 if k % 5 else 9
            canvas.line(x, top, x, top + tick)
            if k % 5 == 0 and k * 100 not in (self.schneider, self.target):
                self._text(x, top + 11, lang.number(k * 100), 5.5, align="CENTER")

        def marker(points: int, label: str, dash: bool) -> None:
            fraction = min(1.0, points / (hundreds * 100))
            x = right - fraction * (right - left) if rtl else left + fraction * (right - left)
            canvas.setLineWidth(1.2)
            canvas.setDash(3, 2) if dash else canvas.setDash()
            canvas.line(x, bottom - 8, x, top + 20)
            canvas.setDash()
            self._text(x, top + 24, f"{label} {lang.number(points)}", 7, bold=True, align="CENTER")

        marker(self.schneider, lang("Schneider"), True)
        marker(self.target, lang("Target"), False)
        # Room for the remainder under 20 points.
        self._text(w if rtl else 0, 12, lang("Rest:") + " ______", 8, align="RIGHT" if rtl else "LEFT")


def _tally(
    lang: Lang, header: Header, width: float, title: str, cells: list[list[Any]], size: float = 8.0
) -> Table:
    rows = []
    for side, row in zip(header.sides, cells):
        line = [Label(lang, side_name(lang, side, header.players), size, bold=True), *row]
        rows.append(list(reversed(line)) if lang.rtl else line)
    n = len(rows[0]) - 1
    name_w = 0.22 * width
    widths = [name_w] + [(width - name_w) / n] * n
    table = Table(
        [
            [Label(lang, title, 9, bold=True)] + [""] * n
            if not lang.rtl
            else [""] * n + [Label(lang, title, 9, bold=True)]
        ]
        + rows,
        colWidths=list(reversed(widths)) if lang.rtl else widths,
    )
    styles: list[tuple[Any, ...]] = [
        ("SPAN", (0, 0), (-1, 0)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("FONT", (0, 0), (-1, -1), REGULAR, size),
    ]
    table.setStyle(TableStyle(styles))
    return table


def _big_tally(lang: Lang, header: Header, width: float) -> Table:
    """Big points (K7.3) to tick, one box each."""
    boxes = [[CheckBox(9) for _ in range(16)] for _ in header.sides]
    return _tally(lang, header, width, lang("Big points (a Kalte counts 2)"), boxes)


def _dice_tally(lang: Lang, header: Header, width: float) -> Table:
    """K9.1: the die starts at six meaning 0, then counts 1..6; cross off each point."""
    faces = [
        [DIE_FACES[5] + " " + lang.number(0)] + [f"{DIE_FACES[k]} {lang.number(k + 1)}" for k in range(6)]
        for _ in header.sides
    ]
    table = _tally(
        lang, header, width, lang("Die: starts at six (0), first back to six wins"), faces, size=14
    )
    return table


def _rounding_table(lang: Lang, view: PadView, width: float) -> Table:
    """K8.1 in the margin: game points -> Augen."""
    rows: list[list[Any]] = [
        [
            Label(lang, lang("Points"), 6.5, bold=True, align="CENTER"),
            Label(lang, lang("Augen"), 6.5, bold=True, align="CENTER"),
        ]
    ]
    for low, high, augen in view.rounding:
        rows.append([lang.visual(f"{lang.number(low)}–{lang.number(high)}"), lang.number(augen)])
    if lang.rtl:
        rows = [list(reversed(r)) for r in rows]
    widths = [width * 0.62, width * 0.38]
    table = Table(
        rows,
        colWidths=list(reversed(widths)) if lang.rtl else widths,
        rowHeights=[None] + [11.5] * (len(rows) - 1),
    )
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), REGULAR, 6.5),
                ("GRID", (0, 0), (-1, -1), 0.3, colors.grey),
                ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.9, 0.9, 0.9)),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return table


def _pad_header(lang: Lang, view: PadView, width: float) -> list[Flowable]:
    header = view.header
    pairs = [(lang("Game"), game_name(lang, header))]
    part = sheet_part(header.game)
    unit = part.target_unit(lang, header.format) if part is not None else ""
    if header.target is not None:
        pairs.append((lang("Target"), f"{lang.number(header.target)} {unit}".strip()))
    elif unit and part is not None and part.default_target(header.format) is None:
        pairs.append((lang("Target"), "______ " + unit))
    pairs.append((lang("Date"), "________________"))
    pairs.extend(seats_text(lang, header, blank=True))
    return [
        Label(lang, lang("Score pad"), 14, bold=True),
        Spacer(1, 2 * mm),
        info_table(lang, pairs, width),
        Spacer(1, 3 * mm),
    ]


def _blank_rows(lang: Lang, view: PadView, count: int) -> list[list[Any]]:
    expanded = expand_columns(view.columns, len(view.header.sides))
    return [
        [lang.digits(n) if c.kind == "index" else (BOX if c.kind == "check" else "") for c, _ in expanded]
        for n in range(1, count + 1)
    ]


def _grid_rows(lang: Lang, view: PadView) -> list[list[Any]]:
    """Coiffeur's grid (C2.3): each row's contract and factor printed, a cell per side to fill, a total."""
    expanded = expand_columns(view.columns, len(view.header.sides))
    rows: list[list[Any]] = []
    for key, factor in view.grid:
        printed = {
            "contract": contract_name(lang, key, view.header),
            "factor": f"×{lang.digits(factor)}",
        }
        rows.append([printed.get(c.kind, "") for c, _ in expanded])
    rows.append([lang("Total") if c.kind == "contract" else "" for c, _ in expanded])
    return rows


def _height(flowables: list[Flowable], width: float, height: float) -> float:
    return float(sum(f.wrap(width, height)[1] for f in flowables))


def render_pad(view: PadView, lang: Lang | None = None, paper: str = "a4") -> bytes:
    """The PDF bytes of a blank pad, filling the page with deal rows.

    :raises ValueError: unknown paper.
    """
    from scorer.sheets.pdf.fonts import register_fonts

    register_fonts()
    lang = lang or Lang()
    width, height = frame_size(paper)
    head = _pad_header(lang, view, width)
    extras: list[Flowable] = []
    table_width = width
    margin_table = None
    if "rounding" in view.extras:
        margin_w = 0.17 * width
        table_width = width - margin_w - 3 * mm
        margin_table = _rounding_table(lang, view, margin_w)
    if "big_tally" in view.extras:
        extras = [Spacer(1, 4 * mm), _big_tally(lang, view.header, width)]
    if "dice" in view.extras:
        extras = [Spacer(1, 4 * mm), _dice_tally(lang, view.header, width)]
    probe = figure_table(lang, view.header, view.columns, [], table_width, size=SIZE, row_height=ROW_HEIGHT)
    # A little slack for the frame's rounding: one page of rows, never a second page.
    used = _height(head, width, height) + _height(extras, width, height) + probe.head_height + 4
    rows = max(1, int((height - used) // ROW_HEIGHT))
    table = figure_table(
        lang,
        view.header,
        view.columns,
        _grid_rows(lang, view) if view.grid else _blank_rows(lang, view, rows),
        table_width,
        size=SIZE,
        row_height=ROW_HEIGHT,
    )
    body: Flowable = table
    if margin_table is not None:
        cells = [table, margin_table] if not lang.rtl else [margin_table, table]
        widths = [table_width + 3 * mm, width - table_width - 3 * mm]
        body = Table([cells], colWidths=widths if not lang.rtl else list(reversed(widths)))
        body.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), REGULAR, SIZE),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
    flowables: list[Flowable] = [*head, body, *extras]
    if "chalkboard" in view.extras and view.header.target is not None:
        flowables.append(PageBreak())
        flowables.append(Label(lang, lang("Chalk board"), 14, bold=True))
        flowables.append(Spacer(1, 3 * mm))
        board_h = (height - 30) / len(view.header.sides) - 6
        for side in view.header.sides:
            flowables.append(
                ChalkBoard(
                    lang,
                    side_name(lang, side, view.header.players),
                    view.header.target,
                    view.schneider or 0,
                    board_h,
                )
            )
    title = lang("%(document)s – %(game)s", document=lang("Score pad"), game=game_name(lang, view.header))
    return build_pdf(flowables, paper, lang, title=title, footer=title)
