"""Printable score pads and scoresheets (issue 5).

Each PDF is a pure function from a view-model (plain data, :mod:`scorer.sheets.pdf.viewmodels`)
to bytes: :func:`render_pad` and :func:`render_scoresheet`, in any app language
(:class:`Lang`). Nothing here needs a Flask app or request, so the command line and the
app share it. From the app::

    view = build_scoresheet(document)          # engine record + metadata; SheetError if rejected
    lang = Lang.from_translations(code, translations)   # a Babel catalog (issue 6)
    pdf = render_scoresheet(view, lang, "a4")  # bytes, the same for the same input

``document`` is the match record of DEAL_RECORD.md plus optional metadata (``names``,
``teams``, ``place``, ``date``, ``event``, ``deck``, or one ``meta`` object) and
``corrected_at`` on corrected deals; see :func:`scorer.sheets.pdf.viewmodels.split_document`.
"""

from scorer.sheets.pdf.pads import render_pad
from scorer.sheets.pdf.scoresheet import render_scoresheet
from scorer.sheets.pdf.text import LANGUAGES, Lang
from scorer.sheets.pdf.viewmodels import (
    PadView,
    SheetError,
    SheetView,
    build_scoresheet,
    pad_view,
    scoresheet_view,
)

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
