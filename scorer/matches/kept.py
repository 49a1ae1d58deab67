"""A deal's row on the match screen, drawn once and kept by the worker that drew it.

A row is drawn from its deal's record and the engine's answer about that deal (its points,
the running total after it); a later deal appends a row and changes none before it, so the
screen after each save, and every spectator's page of each new version, would draw the same
rows again. A row is found by everything it is drawn from: the match (whose settings never
change once stored), the reader's language, where the app is mounted and whether the reader
may correct it, its place, the entry in force in its slot (entries never change: it names the
row's record and the slot its correct link leads to, so a deal entered again after an undo,
the same record at the same place, is another row) and its answer. A corrected row (it shows
its versions and their times) is always drawn afresh.

bench/app.py measures what it saves (a panel deal and a spectator's page, with the kept rows and
without, in turns); docs/DECISIONS.md says why it is the one piece of in-app caching.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, current_app, request
from markupsafe import Markup

from scorer.matches.matchview import Loaded, Row
from scorer.web import i18n
from scorer.web.memo import Recent


def init_app(app: Flask) -> None:
    """Each worker keeps at most ``KEPT_ROWS`` rows (0: none, every row drawn anew)."""
    app.extensions["tafel_kept_rows"] = Recent[Markup](int(app.config.get("KEPT_ROWS") or 0))


def kept_row(draw: Callable[[Row], Any], row: Row, loaded: Loaded, may_edit: bool) -> Markup:
    """``draw(row)``, or the row as this worker drew it before from the same facts."""
    if row.slot.corrected:
        return Markup(draw(row))
    entry = row.slot.current
    assert entry is not None  # a row is a deal in force
    match = loaded.match
    key = (
        match.id,
        str(match.created),
        i18n.current(),
        request.script_root,  # its links' addresses
        may_edit,
        row.index,
        entry.seq,
        repr(row.answer),
    )
    kept: Recent[Markup] = current_app.extensions["tafel_kept_rows"]
    drawn = kept.get(key)
    if drawn is None:
        drawn = Markup(draw(row))
        kept.put(key, drawn)
    return drawn
