"""Looking inside generated PDFs: text, page sizes, fonts, and pixels via pdftoppm."""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader

A4 = (595, 842)
LETTER = (612, 792)


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def page_texts(data: bytes) -> list[str]:
    return [page.extract_text() or "" for page in reader(data).pages]


def page_lines(data: bytes) -> list[list[str]]:
    return [[line.strip() for line in text.splitlines() if line.strip()] for text in page_texts(data)]


def page_sizes(data: bytes) -> list[tuple[int, int]]:
    return [(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader(data).pages]


def logical(text: str) -> str:
    """Persian text extracted from a PDF comes back as presentation forms in visual
    order (VERIFIED.md): NFKC folds the forms, reversing restores the reading order."""
    return unicodedata.normalize("NFKC", text)[::-1]


def has_persian(expected: str, extracted: str) -> bool:
    """``expected`` (logical order) is in text extracted from a PDF. The extractor may
    give the drawn (visual) order or reorder right-to-left runs itself (pypdf 7 does for
    some lines), so both readings are accepted; shaping is checked separately
    (:func:`has_presentation_forms`)."""
    folded = flat(unicodedata.normalize("NFKC", extracted))
    return expected in folded or expected in folded[::-1]


def has_presentation_forms(extracted: str) -> bool:
    """Arabic letters drawn joined: the glyphs are the Presentation Forms-B/A code points."""
    return any(0xFB50 <= ord(ch) <= 0xFDFF or 0xFE70 <= ord(ch) <= 0xFEFF for ch in extracted)


def flat(text: str) -> str:
    """Text with every run of whitespace (cell line breaks included) made one space."""
    return " ".join(text.split())


def text_x(data: bytes, page: int, wanted: str) -> list[float]:
    """The x positions where pieces of text containing ``wanted`` start on a page."""
    positions: list[float] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if (
            wanted in unicodedata.normalize("NFKC", text)
            or wanted in unicodedata.normalize("NFKC", text)[::-1]
        ):
            positions.append(cm[4] + tm[4] * cm[0])

    reader(data).pages[page].extract_text(visitor_text=visit)
    return positions


def fonts(data: bytes) -> dict[str, dict[str, object]]:
    """Every font the pages use: its base name, subtype and whether a font file is embedded."""
    found: dict[str, dict[str, object]] = {}
    for page in reader(data).pages:
        resources = page.get("/Resources")
        if resources is None:
            continue
        font_dict = resources.get_object().get("/Font")
        if font_dict is None:
            continue
        for ref in font_dict.get_object().values():
            font = ref.get_object()
            name = str(font.get("/BaseFont"))
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            found[name] = {
                "subtype": str(font.get("/Subtype")),
                "embedded_truetype": "/FontFile2" in descriptor,
            }
    return found


def pdftoppm() -> str:
    path = shutil.which("pdftoppm")
    if path is None:
        pytest.fail("pdftoppm is missing: install Debian package poppler-utils (make test installs it)")
    return path


def ink_per_page(data: bytes, resolution: int = 30) -> list[float]:
    """Share of non-white pixels on each page, rendered in grey by poppler's pdftoppm."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "doc.pdf"
        source.write_bytes(data)
        subprocess.run(
            [pdftoppm(), "-gray", "-r", str(resolution), str(source), str(Path(tmp) / "page")],
            check=True,
            capture_output=True,
            timeout=60,
        )
        shares = []
        for image in sorted(Path(tmp).glob("page*.pgm")):
            width, height, pixels = read_pgm(image.read_bytes())
            dark = sum(1 for value in pixels if value < 200)
            shares.append(dark / (width * height))
        return shares


def read_pgm(raw: bytes) -> tuple[int, int, bytes]:
    """Parse a binary PGM (P5) image: width, height and the 8-bit pixels."""
    fields: list[bytes] = []
    position = 0
    while len(fields) < 4:
        while raw[position : position + 1].isspace():
            position += 1
        if raw[position : position + 1] == b"#":
            position = raw.index(b"\n", position) + 1
            continue
        end = position
        while not raw[end : end + 1].isspace():
            end += 1
        fields.append(raw[position:end])
        position = end
    if fields[0] != b"P5" or int(fields[3]) > 255:
        raise ValueError("not an 8-bit binary PGM")
    width, height = int(fields[1]), int(fields[2])
    pixels = raw[position + 1 : position + 1 + width * height]
    return width, height, pixels
