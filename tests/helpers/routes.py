"""The app's addresses as its URL map declares them, for checks over every route."""

from __future__ import annotations

from flask import Flask

from scorer.access import rights


def match_routes(app: Flask) -> list[tuple[str, str, str]]:
    """(endpoint, method, rule) of every change a match can undergo, from the URL map:
    every non-GET method on an address under /matches/<match_id>, and the deal-entry pages."""
    found = []
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/matches/<int:match_id>"):
            continue
        for method in sorted((rule.methods or set()) - {"GET", "HEAD", "OPTIONS"}):
            found.append((rule.endpoint, method, rule.rule))
        if rule.endpoint in rights.EDIT_PAGES:
            found.append((rule.endpoint, "GET", rule.rule))
    return found
