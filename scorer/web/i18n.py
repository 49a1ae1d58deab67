"""The request's language: Flask-Babel with the user's choice, else Accept-Language, else the default.

The choice made with the switcher (``/lang/<code>``) lives in the session and, so that a
tablet keeps its language after the browser is closed, in a long-lived ``tafel_lang``
cookie. Numbers go through Babel for the locale, with the Swiss typographic grouping
(3’000, 3 000) and Persian digits for ``fa``. The language settings themselves live in
:mod:`scorer.languages`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from babel import Locale
from babel.numbers import format_decimal, get_group_symbol, get_minus_sign_symbol
from flask import Flask, current_app, g, request, session
from flask_babel import Babel, get_locale, get_translations, lazy_pgettext
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Response

from scorer.languages import GROUP, NATIVE_DIGITS
from scorer.languages import direction as _direction
from scorer.web.memo import ByIdentity

COOKIE = "tafel_lang"
COOKIE_MAX_AGE = 400 * 24 * 3600  # browsers cap cookies at 400 days
#: The PDFs look suit names up with the context "suit" (scorer/sheets/pdf/layout.py); marking
#: them here puts those entries into the catalogs. Never called for display.
_SUIT_NAMES_FOR_PDFS = (
    lazy_pgettext("suit", "Rosen"),
    lazy_pgettext("suit", "Eicheln"),
    lazy_pgettext("suit", "Schellen"),
    lazy_pgettext("suit", "Schilten"),
    lazy_pgettext("suit", "Hearts"),
    lazy_pgettext("suit", "Diamonds"),
    lazy_pgettext("suit", "Clubs"),
    lazy_pgettext("suit", "Spades"),
)


def languages() -> tuple[str, ...]:
    return tuple(current_app.config["LANGUAGES"])


@lru_cache(maxsize=16)
def _tags(languages: tuple[str, ...]) -> tuple[dict[str, str], dict[str, str]]:
    """The app languages by their lower-case tag (de-ch) and by their language alone (de)."""
    by_tag = {lang.replace("_", "-").lower(): lang for lang in languages}
    by_primary: dict[str, str] = {}
    for lang in languages:
        by_primary.setdefault(lang.split("_")[0].lower(), lang)
    return by_tag, by_primary


def _match(accepted: Any, languages: tuple[str, ...]) -> str | None:
    """The app language for an Accept-Language header: exact region first, then the
    language alone (a browser in de-DE or plain "fr" still gets de_CH or fr_CH)."""
    by_tag, by_primary = _tags(languages)
    for tag, quality in accepted:
        if quality <= 0:
            continue
        tag = tag.replace("_", "-").lower()
        if tag in by_tag:
            return by_tag[tag]
        primary = tag.split("-")[0]
        if primary in by_primary:
            return by_primary[primary]
    return None


def select_locale() -> str:
    """The user's choice (session, then cookie), else Accept-Language, else the default."""
    langs = languages()
    for chosen in (session.get("lang"), request.cookies.get(COOKIE)):
        if chosen in langs:
            return str(chosen)
    best = _accepted(request.headers.get("Accept-Language", ""), langs)
    if best:
        return best
    return str(current_app.config["BABEL_DEFAULT_LOCALE"])


@lru_cache(maxsize=256)
def _accepted(header: str, languages: tuple[str, ...]) -> str | None:
    """:func:`_match` of an Accept-Language header as sent, parsed once per header: a browser
    sends the same one with every request (each poll and 304 of a spectator's page), and
    parsing it is a large part of a spectator's 304. The bound holds against made-up headers."""
    return _match(parse_accept_header(header, LanguageAccept), languages)


def app_globals() -> Any:
    """This app context's ``g`` itself, or None outside one: each attribute read through the
    ``g`` proxy looks the context up anew, and the functions below are called some fifty
    times a page."""
    try:
        return g._get_current_object()
    except RuntimeError:  # outside an app context
        return None


@lru_cache(maxsize=64)
def _locale(code: str) -> Locale:
    """A language's Babel locale, parsed once: Flask-Babel parses what the selector names on
    every request (a version poll's and a spectator's 304 included), and takes a Locale as
    it is. ``force_locale`` still parses its own, so a catalog kept for one is not reused."""
    return Locale.parse(code)


def _selected_locale() -> Locale:
    return _locale(select_locale())


def current() -> str:
    """The language of this request, looked up once: a match page formats some hundred numbers."""
    kept = app_globals()
    lang: str | None = kept.__dict__.get("tafel_lang") if kept is not None else None
    if lang is None:
        lang = g.tafel_lang = str(get_locale() or current_app.config["BABEL_DEFAULT_LOCALE"])
    return lang


def direction(lang: str | None = None) -> str:
    return _direction(lang or current())


def native_digits(text: str, lang: str | None = None) -> str:
    digits = NATIVE_DIGITS.get(lang or current())
    return text.translate(str.maketrans("0123456789", digits)) if digits else text


@lru_cache(maxsize=16)
def _symbols(lang: str) -> tuple[str, str, dict[int, int]]:
    """Group separator, minus sign and digit table of ``lang``."""
    locale = Locale.parse(lang)
    numbering = "default" if lang in NATIVE_DIGITS else "latn"
    group = GROUP.get(lang) or str(get_group_symbol(locale, numbering_system=numbering))
    minus = str(get_minus_sign_symbol(locale, numbering_system=numbering))
    digits = NATIVE_DIGITS.get(lang)
    return group, minus, (str.maketrans("0123456789", digits) if digits else {})


def format_number(value: Any, lang: str) -> str:
    """``value`` for readers of ``lang``: Babel's symbols, the house grouping, native digits.

    >>> format_number(3000, "de_CH"), format_number(3000, "fr_CH"), format_number(3000, "fa")
    ('3’000', '3\\u202f000', '۳٬۰۰۰')
    >>> format_number(1234567, "de_CH"), format_number(-20, "en"), format_number(5.5, "fr_CH")
    ('1’234’567', '-20', '5,5')
    """
    group, minus, table = _symbols(lang)
    if isinstance(value, int) and not isinstance(value, bool):
        # Whole numbers (every score) are grouped here: Babel's pattern engine reads the
        # Swiss apostrophe group symbol as a quote and drops it from seven-digit numbers.
        text = f"{abs(value):,}".replace(",", group)
        return ((minus if value < 0 else "") + text).translate(table)
    locale = Locale.parse(lang)
    numbering = "default" if lang in NATIVE_DIGITS else "latn"
    text = str(format_decimal(value, locale=locale, numbering_system=numbering))
    if lang in GROUP:
        text = text.replace(get_group_symbol(locale, numbering_system="latn"), GROUP[lang])
    # Babel puts the locale's separators (٬ ٫) around Latin digits; the digits are ours.
    return text.translate(table)


def number(value: Any) -> str:
    """A score or total in the current language (the ``num`` filter's job); — for None."""
    if value is None or value == "":
        return "\u2014"
    try:
        return format_number(value, current())
    except (TypeError, ValueError, ArithmeticError):
        return str(value)


def digits(value: Any) -> str:
    """A number that is a label (deal 12, seat 3): native digits, no grouping."""
    return native_digits(str(value))


def _remember_choice(response: Response) -> Response:
    """Keep the switcher's choice beyond the session: a tablet stays in its language."""
    if not session:
        # Nothing chosen (a spectator without a session): reading the empty session would
        # only mark the answer as depending on the cookie (``Vary: Cookie``).
        return response
    chosen = session.get("lang")
    if chosen in languages() and request.cookies.get(COOKIE) != chosen:
        response.set_cookie(
            COOKIE,
            str(chosen),
            max_age=COOKIE_MAX_AGE,
            samesite="Lax",
            httponly=True,
            secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
        )
    return response


def catalog() -> Any:
    """This request's translations, looked up once per language: a match page's templates ask
    for some forty strings, and Flask-Babel finds the catalog anew for each (its domain, the
    locale, the cache) through a dozen context lookups. Inside ``force_locale`` (a PDF, an
    export in another language) the locale object changes, and so does the catalog."""
    kept = app_globals()
    if kept is None:  # outside an app context: Flask-Babel's answer (no catalog)
        return get_translations()
    values = kept.__dict__
    locale = getattr(values.get("_flask_babel"), "babel_locale", None)
    held = values.get("tafel_catalog")
    if held is not None and locale is not None and held[0] is locale:
        return held[1]
    translations = get_translations()
    values["tafel_catalog"] = (getattr(values.get("_flask_babel"), "babel_locale", None), translations)
    return translations


def gettext(string: str, **variables: Any) -> str:
    """Flask-Babel's ``gettext`` through :func:`catalog` (the same text, fewer lookups)."""
    text: str = catalog().ugettext(string)
    return text % variables if variables else text


def pgettext(context: str, string: str, **variables: Any) -> str:
    """Flask-Babel's ``pgettext`` through :func:`catalog` (the same text, fewer lookups)."""
    text: str = catalog().upgettext(context, string)
    return text % variables if variables else text


#: The templates' ``_()`` of a string without variables, per catalog: its text as an
#: autoescaped template shows it. Each catalog holds a few hundred such strings; catalogs made
#: for a moment (force_locale) are not held on to beyond the bound.
_SHOWN = ByIdentity[dict[str, Markup]](32)


@pass_context
def template_gettext(context: Context, string: str, **variables: Any) -> Any:
    """The templates' ``_()``: what Jinja's newstyle ``gettext`` answers (the catalog's text,
    Markup when the template autoescapes, always %-formatted, so ``%%`` is a percent sign), in
    one call where Jinja's alias made three (``_`` resolving ``gettext`` calling the catalog),
    and a string without variables looked up once per catalog: a match page asks for some
    twenty of them on every save."""
    translations = catalog()
    if not context.eval_ctx.autoescape:
        return translations.ugettext(string) % variables
    if variables:
        return Markup(translations.ugettext(string)) % variables
    strings = _SHOWN.get(translations, dict)
    shown = strings.get(string)
    if shown is None:
        shown = strings[string] = Markup(translations.ugettext(string)) % {}
    return shown


#: The parsed catalogs, by their directories: package data, read once per process however many
#: apps it builds (Flask-Babel keeps them per app, and the tests build an app per test).
_CATALOGS: dict[tuple[str, ...], dict[Any, Any]] = {}


def init_app(app: Flask) -> None:
    babel = Babel(app, locale_selector=_selected_locale)
    directories = tuple(app.extensions["babel"].translation_directories)
    with app.app_context():  # the domain names itself from the app's configuration
        babel.domain_instance.cache = _CATALOGS.setdefault(directories, {})
    # The templates' _() and ngettext() as Flask-Babel installs them, through catalog().
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: catalog().ugettext(s),
        ngettext=lambda s, p, n: catalog().ungettext(s, p, n),
        pgettext=lambda c, s: catalog().upgettext(c, s),
        npgettext=lambda c, s, p, n: catalog().unpgettext(c, s, p, n),
        newstyle=True,
    )
    app.jinja_env.globals["_"] = template_gettext
    app.after_request(_remember_choice)
    app.jinja_env.globals.update(text_direction=direction, get_locale=get_locale)
    app.jinja_env.filters["digits"] = digits
    # ``num`` is also registered by scorer.web.views (after this); both must format alike.
    app.jinja_env.filters.setdefault("num", number)
