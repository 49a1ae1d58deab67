"""The scoresheet of a recorded match: a pure function from a :class:`SheetView` to PDF bytes.

Header (game, profile and options, date, place, players and seats), a row per deal with
the engine's figures, corrected deals shaded and marked with their correction time, the
result with its state marks, and a signature line per side. Long matches continue on
further pages with the table's two header rows repeated.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from scorer.games.sheet import Column, Header, Row, SheetView
from scorer.sheets.pdf.fonts import register_fonts
from scorer.sheets.pdf.layout import (
    CORRECTED_SHADE,
    Label,
    Note,
    build_pdf,
    contract_name,
    expand_columns,
    figure_table,
    frame_size,
    game_name,
    info_table,
    mark_text,
    seat_text,
    seats_text,
    side_name,
    signature_table,
)
from scorer.sheets.pdf.model import sheet_part
from scorer.web.parts import Part
from scorer.web.pdf_text import Lang, isolate, when_text

SIZE = 6.8


def _how(lang: Lang, how: Any, game_format: str | None) -> str:
    if how is None:
        return ""
    if game_format == "hamburg":
        # K3.5: the Hamburg booklet's names.
        return lang("Orgi") if how == "orgi" else lang("little one")
    return {"orgi": lang("Orgi"), "kleines": lang("Kleines"), "besser": lang("Besser")}.get(
        str(how), str(how)
    )


def _cell(lang: Lang, header: Header, column: Column, value: Any, row: Row) -> str | Note:
    kind = column.kind
    if kind == "index":
        return lang.digits(value)
    if kind == "seat":
        return seat_text(lang, header, value)
    if kind == "contract":
        return contract_name(lang, value, header)
    if kind == "factor":
        return "" if value is None else "×" + lang.number(value)
    if kind == "how":
        return _how(lang, value, header.format)
    if kind == "kr":
        return {"kontra": lang("Kontra"), "re": lang("Re")}.get(value, "") if value else ""
    if kind == "figure":
        return "" if value is None else lang.number(value)
    if kind == "bonus":
        return "" if not value else lang.number(value)
    if kind == "marks":
        parts = [mark_text(lang, mark, header) for mark in row.marks]
        if row.corrected_at is not None:
            parts.append(lang("corrected %(when)s", when=when_text(lang, row.corrected_at)))
        return Note("; ".join(isolate(p) for p in parts)) if parts else ""
    return "" if value is None else str(value)


def _body(lang: Lang, view: SheetView) -> list[list[str | Note]]:
    expanded = expand_columns(view.columns, len(view.header.sides))
    # A column's cell is a function of its value alone, but for the notes (the row's marks): each
    # value is written once per column (a long match repeats its seats, contracts and figures).
    written: list[dict[Any, str | Note] | None] = [
        None if column.kind == "marks" else {} for column, _side in expanded
    ]
    body = []
    for row in view.rows:
        cells = []
        for (column, side), known in zip(expanded, written):
            value = row.values.get(column.key)
            if side is not None:
                value = value[side - 1] if isinstance(value, tuple) and side - 1 < len(value) else None
            if known is None:
                cells.append(_cell(lang, view.header, column, value, row))
                continue
            try:
                cell = known.get(value)
            except TypeError:  # a value that is not hashable is written each time
                cells.append(_cell(lang, view.header, column, value, row))
                continue
            if cell is None:
                cell = known[value] = _cell(lang, view.header, column, value, row)
            cells.append(cell)
        body.append(cells)
    return body


def _header_block(lang: Lang, view: SheetView, width: float, in_part: str = "") -> list[Flowable]:
    header = view.header
    pairs: list[tuple[str, str]] = [(lang("Game"), game_name(lang, header))]
    if in_part:  # the deals of this part of a longer scoresheet
        pairs.insert(0, (lang("Deals"), in_part))
    if header.profile:
        # The profile in words, as the match page says it (no key, no Latin brackets that a
        # right-to-left line would break apart).
        rules = {"seed": lang("basic rules"), "official": lang("Swiss regulation")}.get(
            header.profile, header.profile
        )
        pairs.append((lang("Rules"), rules))
    if header.options:
        pairs.append((lang("Options"), "; ".join(isolate(f"{k}: {v}") for k, v in header.options)))
    if header.target is not None:
        part = sheet_part(header.game)
        unit = part.target_unit(lang, header.format) if part is not None else ""
        pairs.append((lang("Target"), f"{lang.number(header.target)} {unit}".strip()))
    if header.event:
        pairs.append((lang("Event"), header.event))
    if header.date is not None:
        pairs.append((lang("Date"), when_text(lang, header.date)))
    if header.place:
        pairs.append((lang("Place"), header.place))
    pairs.extend(seats_text(lang, header))
    title = Label(lang, lang("Scoresheet"), 14, bold=True)
    return [title, Spacer(1, 2 * mm), info_table(lang, pairs, width), Spacer(1, 3 * mm)]


def _result_block(lang: Lang, view: SheetView, width: float) -> list[Flowable]:
    result = view.result
    header = view.header
    pairs: list[tuple[str, str]] = []
    for label, figures in result.figures:
        text = "   ".join(
            isolate(
                lang(
                    "%(side)s: %(value)s",
                    side=side_name(lang, side, header.players),
                    value="" if value is None else lang.number(value),
                )
            )
            for side, value in zip(header.sides, figures)
        )
        pairs.append((lang(label), text))
    if result.winner is not None and 1 <= result.winner <= len(header.sides):
        pairs.append((lang("Winner"), side_name(lang, header.sides[result.winner - 1], header.players)))
    elif not result.finished:
        pairs.append((lang("Winner"), lang("not finished")))
    if result.marks:
        pairs.append((lang("Notes"), "; ".join(isolate(mark_text(lang, m, header)) for m in result.marks)))
    return [
        Spacer(1, 4 * mm),
        Label(lang, lang("Result"), 10, bold=True),
        Spacer(1, 1 * mm),
        info_table(lang, pairs, width),
    ]


def render_scoresheet(
    view: SheetView, lang: Lang | None = None, paper: str = "a4", part: Part | None = None
) -> bytes:
    """The PDF bytes of a scoresheet (same view, language and paper give the same bytes);
    ``part``: its deals alone, the result and the signatures under the last part's.

    :raises ValueError: unknown paper.
    """
    register_fonts()
    lang = lang or Lang()
    width, _ = frame_size(paper)
    label = ""
    if part is not None and not part.whole:
        view = replace(view, rows=view.rows[part.items])
        label = (
            lang(
                "Part %(number)s: %(first)s of %(count)s",
                number=lang.digits(part.number),
                first=lang.digits(part.first),
                count=lang.digits(part.count),
            )
            if part.first == part.last  # one deal: "201 of 201", not "201–201"
            else lang(
                "Part %(number)s: %(first)s–%(last)s of %(count)s",
                number=lang.digits(part.number),
                first=lang.digits(part.first),
                last=lang.digits(part.last),
                count=lang.digits(part.count),
            )
        )
    shades = [CORRECTED_SHADE if row.corrected_at is not None else None for row in view.rows]
    table = figure_table(
        lang, view.header, view.columns, _body(lang, view), width, size=SIZE, row_shades=shades
    )
    flowables: list[Flowable] = [*_header_block(lang, view, width, label), table]
    if part is None or part.last == part.count:
        flowables += [
            *_result_block(lang, view, width),
            Spacer(1, 4 * mm),
            signature_table(lang, view.header, width),
        ]
    title = lang("%(document)s – %(game)s", document=lang("Scoresheet"), game=game_name(lang, view.header))
    if label:
        title = f"{title} – {label}"
    return build_pdf(flowables, paper, lang, title=title, footer=title)
