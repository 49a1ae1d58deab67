"""The match page's entry panel as a test reads it: its hidden fields, its scores and
reasons, and the page with its per-request values blanked."""

from __future__ import annotations

import html
import re

from flask import Flask

from tests.helpers.tablet import english

HTMX = {"HX-Request": "true"}


def spectators_screen(app: Flask, match_id: int) -> str:
    """The match screen as a spectator's browser reads it (another address, no right to the match)."""
    return english(app, "192.0.2.9").get(f"/matches/{match_id}").get_data(as_text=True)


def panel_fields(page: str) -> dict[str, str]:
    """The panel's hidden fields (CSRF token, version, key, forehand) from the match page."""
    form = page[page.index("data-deal-form") :]
    return {
        "csrf_token": re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form).group(1),  # type: ignore[union-attr]
        "version": re.search(r'id="entry-version" name="version" type="hidden" value="([^"]*)"', form).group(
            1
        ),  # type: ignore[union-attr]
        "idem": re.search(r'id="entry-idem" name="idem" type="hidden" value="([^"]*)"', form).group(1),  # type: ignore[union-attr]
        "forehand": re.search(r'name="forehand" value="([^"]*)"', form).group(1),  # type: ignore[union-attr]
    }


def scores(page: str) -> list[str]:
    return re.findall(r'class="big-score" data-score="([^"]*)"', page)


def reasons(page: str) -> list[str]:
    return [
        html.unescape(re.sub(r"<[^>]+>", "", r)).strip()
        for r in re.findall(r'<p class="reason"[^>]*>(.*?)</p>', page, re.S)
    ]


def without_tokens(page: str) -> str:
    """A page with its per-request values (CSRF token, keys) blanked."""
    return re.sub(r'(name="(?:csrf_token|idem)" type="hidden" value=")[^"]*"', r'\1"', page)
