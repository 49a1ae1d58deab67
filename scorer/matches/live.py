"""Live match pages: an open match page learns of a new entry within seconds.

The page asks ``/matches/<id>/version`` every few seconds with the ETag of the last answer.
While nothing changed the answer is "304 Not Modified" after one indexed query, which costs
less than the page reload it replaces; only when the version moved does the page fetch
itself again and swap its content in place (static/tafel.js). The answer is the same for
every reader: a reverse proxy answers most polls from its copy (scorer.web.conditional). Without JavaScript the page stays as it was, and a reload shows the new
state.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request, url_for
from werkzeug.wrappers import Response

from scorer.web import conditional

bp = Blueprint("live", __name__, url_prefix="/matches")

#: How often an open match page asks, in milliseconds (the page reads it from its markup).
POLL_MS = 3000


@bp.get("/<int:match_id>/version")
def version(match_id: int) -> Response:
    found = conditional.match_version(match_id)
    if found is None:
        abort(404)
    created, number = found
    tag = conditional.etag((match_id, created, number))
    held = conditional.held(tag)
    if held is not None:
        return conditional.not_modified(held, mimetype="application/json", vary=())
    response = Response(f'{{"version": {number}}}', mimetype="application/json")
    return conditional.shared(response, tag, vary=())


@bp.app_context_processor
def live_page() -> dict[str, Any]:
    """On a match page: where it asks for the version, and how often (see base.html)."""
    args = request.view_args or {}
    if request.endpoint != "matches.show" or "match_id" not in args:
        return {}
    return {"live_url": url_for("live.version", match_id=args["match_id"]), "live_ms": POLL_MS}
