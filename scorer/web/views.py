"""App-wide view helpers: template filters, the language switch, friendly error pages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, g, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from markupsafe import Markup, escape
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from scorer import languages
from scorer.languages import NATIVE_DIGITS
from scorer.web import display, i18n
from scorer.web.reasons import reason_text


def select_options(options: Sequence[tuple[str, str]], selected: Any) -> Markup:
    """The ``<option>`` elements of a select, ``selected`` marked.

    Built in Python rather than a Jinja loop: the deal form repeats its quick-meld selects
    up to 24 times, and the loop would be a large part of the form's render (bench/app.py
    measures a deal's CPU).
    """
    digits = NATIVE_DIGITS.get(i18n.current())  # ranks and seats in the reader's digits
    return Markup(
        "".join(
            f'<option value="{escape(value)}"{" selected" if value == selected else ""}>'
            f"{escape(i18n.native_digits(str(label)) if digits else label)}</option>"
            for value, label in options
        )
    )


#: The field flags WTForms' text inputs write as attributes (``wtforms.widgets.Input``).
_INPUT_FLAGS = ("required", "disabled", "readonly", "maxlength", "minlength", "max", "min", "step", "pattern")


def input_tag(field: Any, **attributes: Any) -> Markup:
    """The ``<input>`` that ``field(**attributes)`` draws, written without WTForms' widget.

    The same attributes (its id, type, name, value, render keywords, validation flags; True
    writes the bare attribute, False or None none), joined here rather than by
    ``Markup.format`` once per attribute: the entry panel and the undo buttons are drawn with
    every save (bench/app.py measures a deal's CPU).
    """
    widget = field.widget
    params: dict[str, Any] = {"id": field.id, "type": getattr(widget, "input_type", "text")}
    if params["type"] == "checkbox" and getattr(field, "checked", field.data):
        params["checked"] = True
    params["value"] = field._value()
    params.update(field.render_kw or {})
    params.update(attributes)
    flags = field.flags
    for flag in getattr(widget, "validation_attrs", _INPUT_FLAGS):
        if flag not in params and getattr(flags, flag, None):
            params[flag] = getattr(flags, flag)
    params["name"] = field.name
    written = []
    for key in sorted(params):
        value = params[key]
        name = key.rstrip("_").replace("_", "-") if key.startswith(("data_", "aria_")) else key.rstrip("_")
        if value is True:
            written.append(name)
        elif value is not False and value is not None:
            written.append(f'{name}="{escape(value)}"')
    return Markup(f"<input {' '.join(written)}>")


def number(value: Any) -> str:
    """A number in the reader's locale (3’000 in de_CH, Persian digits in fa): through
    ``scorer.web.i18n.number``, the one formatter of every figure the app shows."""
    return i18n.number(value)


#: Characters a browser drops from a URL (WHATWG: tab, newline) or reads as a slash (``\\``):
#: ``/\t/other.host`` is ``//other.host`` to the browser that follows it.
_URL_TRICKS = frozenset("\t\n\r\\")


def same_site_path(target: str | None) -> str | None:
    """``target`` when it is a path on this site; None for anything a browser could read as
    another site: ``//host``, a slash, a tab and a slash, a backslash, a scheme, any control
    character."""
    if not target or not target.startswith("/") or target.startswith("//"):
        return None
    if any(c in _URL_TRICKS or ord(c) < 0x20 or ord(c) == 0x7F for c in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return None
    return target


#: The longest page address a language switch returns to with its query (a shared dispute
#: question); a longer one returns to the page without it, rather than repeating it in six links.
RETURN_PATH_LENGTH = 2048


def same_for_every_reader() -> None:
    """Mark the page being drawn as one that every reader is served (a stored page, a shared
    cache's copy): nothing of this request's own, its query included, goes into it."""
    g.same_for_every_reader = True


def return_path() -> str:
    """Where the language switch brings the reader back: this page, with its query if short
    (a page every reader is served: without the query one reader sent)."""
    if g.get("same_for_every_reader"):
        return request.path
    full = request.full_path.rstrip("?")
    return full if len(full) <= RETURN_PATH_LENGTH else request.path


class CompiledTemplates(BytecodeCache):
    """Jinja's bytecode cache in memory, for every app this process makes: a template is
    compiled once, not once per app (the test suite makes an app per test). A bucket holds
    its source's checksum, so a changed template is compiled again."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


#: One per process: the apps share one template configuration (set up below).
COMPILED_TEMPLATES = CompiledTemplates()


def init_app(app: Flask) -> None:
    app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    app.jinja_env.filters["num"] = number

    @app.before_request
    def bounded_address() -> None:
        # The longest address the app makes is a dispute question's shared link (its record
        # field takes 20,000 characters, up to three times that once percent-encoded): a longer
        # query is no link of this app and is refused before anything reads it.
        if len(request.query_string) > int(app.config["MAX_QUERY_LENGTH"]):
            abort(414)

    app.jinja_env.globals.update(
        reason_text=reason_text,
        display=display,
        select_options=select_options,
        input_tag=input_tag,
        language_names=languages.NAMES,
        return_path=return_path,
    )

    @app.get("/")
    def index() -> Response:
        return redirect(url_for("matches.index"))

    @app.get("/lang/<code>")
    def set_language(code: str) -> Response:
        if code not in current_app.config["LANGUAGES"]:
            abort(404)
        session["lang"] = code
        return redirect(same_site_path(request.args.get("next")) or url_for("matches.index"))

    @app.errorhandler(OperationalError)
    def database_unavailable(error: OperationalError) -> tuple[str, int, dict[str, str]]:
        # A full disk, a database restarting, a lock held too long: the write was not made
        # (its transaction is rolled back) and the tablet's form is still in its history.
        app.logger.error("database unavailable: %s", str(error.orig or error).strip()[:300])
        writing = request.method not in ("GET", "HEAD", "OPTIONS")
        page = render_template(
            "refusal.html",
            code=503,
            title=_("Not saved — please try again.") if writing else _("Please try again."),
            explanation=(
                _(
                    "The server could not store this just now. Everything saved before is kept; "
                    "go back and send the form again in a moment."
                )
                if writing
                else _("The server could not read the matches just now. Reload the page in a moment.")
            ),
            match_id=None,
        )
        return page, 503, {"Retry-After": "5"}

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int]:
        titles = {
            400: _l("The request was not understood."),
            404: _l("There is nothing here."),
            405: _l("That is not possible here."),
            413: _l("That file is too large."),
            414: _l("That address is too long."),
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
