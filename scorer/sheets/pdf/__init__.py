"""Printable score pads and scoresheets.

Each PDF is a pure function from a view-model (plain data: :mod:`.model`, built by
:mod:`.pad_views` and :mod:`.sheet_views` with the game's sheet part) to bytes: :func:`render_pad` and :func:`render_scoresheet`, in any app language
(:class:`Lang`). Nothing here needs a Flask app or request, so the command line and the
app share it. From the app::

    view = build_scoresheet(document)          # engine record + metadata; SheetError if rejected
    lang = Lang.from_translations(code, translations)   # a Babel catalog
    pdf = render_scoresheet(view, lang, "a4")  # bytes, the same for the same input

``document`` is the match record of DEAL_RECORD.md plus optional metadata (``names``,
``teams``, ``place``, ``date``, ``event``, ``deck``, or one ``meta`` object) and
``corrected_at`` on corrected deals; see :func:`scorer.sheets.pdf.sheet_views.split_document`.
"""

from scorer.games.sheet import PadView, SheetView
from scorer.languages import LANGUAGES
from scorer.sheets.pdf.model import SheetError
from scorer.sheets.pdf.pad_views import pad_view
from scorer.sheets.pdf.pads import render_pad
from scorer.sheets.pdf.scoresheet import render_scoresheet
from scorer.sheets.pdf.sheet_views import build_scoresheet, scoresheet_view
from scorer.web.pdf_text import Lang

__all__ = [
    "LANGUAGES",
    "Lang",
    "PadView",
    "SheetError",
    "SheetView",
    "build_scoresheet",
    "pad_view",
    "render_pad",
    "render_scoresheet",
    "scoresheet_view",
]
