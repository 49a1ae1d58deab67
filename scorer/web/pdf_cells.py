"""Short strings placed one by one on a PDF page, written straight as PDF text operators.

A ruled table of a thousand rows holds fifteen thousand cells. Drawn through ReportLab's
``drawString`` or a text object, each cell costs a new width, a split into font subsets and
number formatting, though most cells repeat a string already drawn (a figure, an empty
Passe). :class:`CellText` looks up each character's font subset, code and width once per
document (ReportLab's ``splitString``, as its ``ttfonts`` module documents for dynamic
TrueType fonts) and each distinct string once; it writes each run of one subset as
``/subset size Tf (codes) Tj``. A repeated cell then costs one position. Each string is its
own ``BT x y Td … T* ET`` block, as ``drawString`` writes it (a text object starts at the
identity matrix, so ``x y Td`` places it as its ``1 0 0 1 x y Tm`` does, in fewer bytes to
compress), so that text extraction (copy and paste, screen readers, the tests) sees separate
cells: the closing line feed ``T*`` is what ends a cell there.

Strings arrive in visual order (see :func:`scorer.web.pdf_text.to_visual`); the fonts are
TrueType (the PDFs embed DejaVu Sans).
"""

from __future__ import annotations

from typing import Literal

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

Align = Literal["left", "center", "right"]

#: The bytes a PDF literal string holds as themselves (ISO 32000-1, 7.3.4.2): printable ASCII,
#: which a first font subset's Latin names and figures are made of (ReportLab keeps ASCII's
#: codes there); the delimiters and the backslash are escaped.
_PRINTABLE = bytes(range(32, 127))
_ESCAPED = str.maketrans({"\\": "\\\\", "(": "\\(", ")": "\\)"})


def _shown(codes: bytes) -> str:
    """``codes`` as a string operand: a literal string ``(…)`` when they are printable ASCII
    (half a hex string's bytes to write and compress), else a hex string ``<…>``."""
    if codes.translate(None, _PRINTABLE):
        return f"<{codes.hex()}>"
    return f"({codes.decode('ascii').translate(_ESCAPED)})"


class CellText:
    """Text for one canvas: :meth:`put` each string, :meth:`flush` before the page ends."""

    @classmethod
    def on(cls, canvas: Canvas) -> CellText:
        """The canvas's own, so that each page reuses what the pages before it measured."""
        found = getattr(canvas, "_tafel_cell_text", None)
        if not isinstance(found, cls):
            found = cls(canvas)
            canvas._tafel_cell_text = found  # type: ignore[attr-defined]  # one per document
        return found

    def __init__(self, canvas: Canvas) -> None:
        self._canvas = canvas
        self._doc = canvas._doc  # type: ignore[attr-defined]  # the document the font subsets belong to
        self._known: dict[tuple[str, float, str], tuple[float, str]] = {}
        #: Per font: character -> (its subset, its code there, its width per 1000 points).
        self._glyphs: dict[str, dict[str, tuple[int, int, float]]] = {}
        self._subsets: dict[tuple[str, int], str] = {}
        #: Per font: its first subset's characters as a translation table to their codes, and
        #: their widths; a string of those alone (figures, Latin names) is encoded in one call.
        self._first: dict[str, tuple[dict[int, str], dict[str, float]]] = {}
        self._pending: list[str] = []

    def measure(self, text: str, font: str, size: float) -> tuple[float, str]:
        """The width of ``text`` in points and its text-showing operators."""
        key = (font, size, text)
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = self._encode(text, font, size)
        return known

    def _encode(self, text: str, font: str, size: float) -> tuple[float, str]:
        table, widths = self._first.setdefault(font, ({}, {}))
        if widths.keys() >= set(text):
            encoded = text.translate(table).encode("latin-1")
            width = sum(map(widths.__getitem__, text))
            return width * size / 1000, f"{self._subset(font, 0)} {size:g} Tf {_shown(encoded)} Tj"
        glyphs = self._glyphs.setdefault(font, {})
        shows: list[str] = []
        width = 0.0
        subset = -1
        codes = bytearray()
        for char in text:
            glyph = glyphs.get(char)
            if glyph is None:
                glyph = glyphs[char] = self._glyph(font, char)
                if glyph[0] == 0:
                    table[ord(char)], widths[char] = chr(glyph[1]), glyph[2]
            if glyph[0] != subset:
                if codes:
                    shows.append(f"{self._subset(font, subset)} {size:g} Tf {_shown(bytes(codes))} Tj")
                subset, codes = glyph[0], bytearray()
            codes.append(glyph[1])
            width += glyph[2]
        if codes:
            shows.append(f"{self._subset(font, subset)} {size:g} Tf {_shown(bytes(codes))} Tj")
        return width * size / 1000, " ".join(shows)

    def _glyph(self, font: str, char: str) -> tuple[int, int, float]:
        face = pdfmetrics.getFont(font)
        ((subset, code),) = face.splitString(char, self._doc)  # type: ignore[attr-defined]
        return subset, code[0], pdfmetrics.stringWidth(char, font, 1000)

    def _subset(self, font: str, subset: int) -> str:
        name = self._subsets.get((font, subset))
        if name is None:
            face = pdfmetrics.getFont(font)
            name = self._subsets[font, subset] = face.getSubsetInternalName(subset, self._doc)  # type: ignore[attr-defined]
        return name

    def put(self, x: float, y: float, text: str, font: str, size: float, align: Align = "left") -> None:
        """``text`` on the baseline ``y``, starting at ``x`` (``left``), centred on it or ending there."""
        if not text:
            return
        before, after = self.placed(x, text, font, size, align)
        self._pending.append(f"{before}{y:.2f}{after}")

    def placed(self, x: float, text: str, font: str, size: float, align: Align = "left") -> tuple[str, str]:
        """:meth:`put`'s block for ``text`` at ``x`` without its baseline: what precedes and what
        follows the baseline's height, for a table's column that shows one string on many rows
        (:meth:`put_placed`)."""
        width, shows = self.measure(text, font, size)
        if align == "center":
            x -= width / 2
        elif align == "right":
            x -= width
        return f"BT {x:.2f} ", f" Td {shows} T* ET"

    def put_placed(self, before: str, y: str, after: str) -> None:
        """A string :meth:`placed` earlier, on the baseline ``y`` (formatted as ``f"{y:.2f}"``)."""
        self._pending.append(before + y + after)

    def flush(self) -> None:
        """Write what was put onto the canvas's current page."""
        if self._pending:
            self._canvas.addLiteral("\n".join(self._pending))
            self._pending = []
