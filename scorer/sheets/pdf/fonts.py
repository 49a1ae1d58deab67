"""The PDFs' fonts, registered with ReportLab once per process.

One TrueType family covers every script the app speaks (Latin for de_CH, fr_CH, it_CH,
en, sv; Arabic script for fa): DejaVu Sans from Debian's ``fonts-dejavu-core``. ReportLab
embeds TrueType fonts as subsets, so the PDFs do not depend on the reader's fonts.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "TafelSans"
BOLD = "TafelSans-Bold"

#: Where Debian's fonts-dejavu-core puts the files; ``TAFEL_FONT_DIR`` overrides it.
DEFAULT_FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}

_lock = threading.Lock()
_registered = False


class FontMissing(RuntimeError):
    """A font file the PDFs need is not installed."""


def font_dir() -> Path:
    return Path(os.environ.get("TAFEL_FONT_DIR") or DEFAULT_FONT_DIR)


def register_fonts() -> None:
    """Register the PDF fonts (idempotent, thread-safe), and set ReportLab up for the app's PDFs.

    ReportLab's default ``useA85`` writes each compressed stream again as ASCII base-85 text,
    for 7-bit channels that a PDF served over HTTP never crosses: a quarter more bytes, and
    encoding time, in every PDF. Off, every stream is binary Flate as most PDF writers emit.

    :raises FontMissing: the TTF files are missing (install Debian ``fonts-dejavu-core``).
    """
    global _registered
    if _registered:
        return
    with _lock:
        if _registered:
            return
        rl_config.useA85 = 0
        directory = font_dir()
        for name, filename in FILES.items():
            path = directory / filename
            if not path.is_file():
                raise FontMissing(
                    f"font file {path} is missing: install Debian package fonts-dejavu-core "
                    "(or set TAFEL_FONT_DIR to a folder holding DejaVuSans.ttf and DejaVuSans-Bold.ttf)"
                )
            pdfmetrics.registerFont(TTFont(name, str(path)))
        pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
        _registered = True
