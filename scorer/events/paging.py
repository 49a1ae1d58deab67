"""An event page's long lists a page of rows at a time (``?page=N``, from 1), so that drawing a
page costs what it shows, not the size of the field. Plain links, no script: each page names
the others by number."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import abort, make_response, render_template, request, url_for
from flask_babel import gettext as _

from scorer.events import standings

#: Rows per page of the ranking and of the players, and of the rounds' tables.
ROWS = 100
#: The query parameters that name a page: of the players and the ranking, of the tables drawn.
FIELD = "page"
TABLES = "tables"
FIELDS = (FIELD, TABLES)


@dataclass(frozen=True, slots=True)
class Page:
    """Page ``number`` of ``pages`` (named by ``field``): rows ``start`` up to (not including) ``stop``."""

    field: str
    number: int
    pages: int
    start: int
    stop: int

    def url(self, number: int) -> str:
        """This page's address with page ``number`` (the other lists' pages and a director's
        public view stay as they are)."""
        args: dict[str, Any] = {name: request.args[name] for name in FIELDS if name in request.args}
        args |= {**(request.view_args or {}), self.field: number}
        if request.args.get("view") == standings.PUBLIC_VIEW:
            args["view"] = standings.PUBLIC_VIEW
        return url_for(str(request.endpoint), **args)

    @property
    def links(self) -> list[tuple[int, str | None]]:
        """Every page's number and address (none for this one)."""
        return [(n, None if n == self.number else self.url(n)) for n in range(1, self.pages + 1)]


def page_of(rows: int, field: str = FIELD) -> Page:
    """The page of ``rows`` rows the request asks for (the first unless ``?<field>=`` says).

    :raises HTTPException: 400, naming the field, for anything but a page number from 1 to the
        last page.
    """
    pages = max(1, -(-rows // ROWS))
    raw = request.args.get(field)
    number = 1
    if raw is not None:
        if not (raw.isdigit() and len(raw) <= len(str(pages)) and 1 <= int(raw) <= pages):
            title = _("The request was not understood.")
            page = render_template("error.html", code=400, title=title, field=field, expected=f"1 … {pages}")
            abort(make_response(page, 400))
        number = int(raw)
    start = (number - 1) * ROWS
    return Page(field, number, pages, start, min(rows, start + ROWS))
