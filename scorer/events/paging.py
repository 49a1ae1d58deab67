"""An event page's long lists a page of rows at a time (``?page=N``, from 1), so that drawing a
page costs what it shows, not the size of the field. Plain links, no script: each page names
the others by number."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import abort, make_response, render_template, request, url_for
from flask_babel import gettext as _

from scorer.events import standings

#: Rows per page of the ranking and of the players.
ROWS = 100
#: The query parameter that names the page.
FIELD = "page"


@dataclass(frozen=True, slots=True)
class Page:
    """Page ``number`` of ``pages``: rows ``start`` up to (not including) ``stop``."""

    number: int
    pages: int
    start: int
    stop: int

    def url(self, number: int) -> str:
        """This page's address with page ``number`` (a director's public view stays public)."""
        args: dict[str, Any] = {**(request.view_args or {}), FIELD: number}
        if request.args.get("view") == standings.PUBLIC_VIEW:
            args["view"] = standings.PUBLIC_VIEW
        return url_for(str(request.endpoint), **args)

    @property
    def links(self) -> list[tuple[int, str | None]]:
        """Every page's number and address (none for this one)."""
        return [(n, None if n == self.number else self.url(n)) for n in range(1, self.pages + 1)]


def page_of(rows: int) -> Page:
    """The page of ``rows`` rows the request asks for (the first unless ``?page=`` says).

    :raises HTTPException: 400, naming the field, for anything but a page number from 1 to the
        last page.
    """
    pages = max(1, -(-rows // ROWS))
    raw = request.args.get(FIELD)
    number = 1
    if raw is not None:
        if not (raw.isdigit() and len(raw) <= len(str(pages)) and 1 <= int(raw) <= pages):
            title = _("The request was not understood.")
            page = render_template("error.html", code=400, title=title, field=FIELD, expected=f"1 … {pages}")
            abort(make_response(page, 400))
        number = int(raw)
    start = (number - 1) * ROWS
    return Page(number, pages, start, min(rows, start + ROWS))
