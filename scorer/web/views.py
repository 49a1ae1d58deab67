"""App-wide view helpers: template filters, the language switch, friendly error pages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Flask, abort, current_app, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from markupsafe import Markup, escape
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from scorer import languages
from scorer.languages import NATIVE_DIGITS
from scorer.web import display, i18n


def reason_text(error: Mapping[str, Any]) -> str:
    """An engine reason as a sentence for the player, translated from its rule id, code and
    params; where no translation exists, the engine's English message is the text."""
    from scorer.web.reasons import translated

    return translated(error)


def rule_url(rule: str | None) -> str | None:
    if not rule:
        return None
    return url_for("rules.book") + "#" + rule


def select_options(options: Sequence[tuple[str, str]], selected: Any) -> Markup:
    """The ``<option>`` elements of a select, ``selected`` marked.

    Built in Python rather than a Jinja loop: the deal form repeats its quick-meld selects
    up to 24 times, and the loop was a quarter of the form's time (bench/load.py).
    """
    digits = NATIVE_DIGITS.get(i18n.current())  # ranks and seats in the reader's digits
    return Markup(
        "".join(
            f'<option value="{escape(value)}"{" selected" if value == selected else ""}>'
            f"{escape(i18n.native_digits(str(label)) if digits else label)}</option>"
            for value, label in options
        )
    )


def number(value: Any) -> str:
    """A number in the reader's locale (3’000 in de_CH, Persian digits in fa): through
    ``scorer.web.i18n.number``, the one formatter of every figure the app shows."""
    return i18n.number(value)


def init_app(app: Flask) -> None:
    app.jinja_env.filters["num"] = number
    from scorer.deals.describe import deal_line

    app.jinja_env.globals["deal_line"] = deal_line
    app.jinja_env.globals.update(
        reason_text=reason_text,
        rule_url=rule_url,
        display=display,
        select_options=select_options,
        language_names=languages.NAMES,
    )

    @app.get("/")
    def index() -> Response:
        return redirect(url_for("matches.index"))

    @app.get("/lang/<code>")
    def set_language(code: str) -> Response:
        if code not in current_app.config["LANGUAGES"]:
            abort(404)
        session["lang"] = code
        target = request.args.get("next") or url_for("matches.index")
        # Only same-site paths: the switch must not become an open redirect.
        if not target.startswith("/") or target.startswith("//"):
            target = url_for("matches.index")
        return redirect(target)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int]:
        titles = {
            400: _l("The request was not understood."),
            404: _l("There is nothing here."),
            405: _l("That is not possible here."),
            413: _l("That file is too large."),
        }
        title = titles.get(error.code or 500, error.name)
        return render_template("error.html", code=error.code, title=title), error.code or 500

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> tuple[str, int]:
        app.logger.exception("unexpected error")
        try:
            return render_template("error.html", code=500, title=_("Something went wrong.")), 500
        except Exception:  # the error page itself failed: still no traceback for the player
            return "500", 500
