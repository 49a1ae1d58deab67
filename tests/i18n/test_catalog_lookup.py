"""The request's catalog, looked up once (scorer.web.i18n.catalog): the same words as
Flask-Babel's own lookup, in the request's language, and in another one inside
``force_locale`` (a PDF or an export in the language its reader chose)."""

from __future__ import annotations

from flask import Flask
from flask_babel import force_locale, get_translations
from flask_babel import gettext as babel_gettext
from flask_babel import pgettext as babel_pgettext

from scorer.web import display, i18n
from tests.helpers.tablet import MakeApp


def test_seat_and_page_words_follow_the_request_and_a_forced_language(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "de-CH"}):
        assert display.seat_label(3, []) == "Platz 3" == babel_pgettext("seat", "Seat %(n)s", n=3)
        assert i18n.gettext("Schneider") == babel_gettext("Schneider")
        assert display.seat_label(2, ["Anna", "Beat"]) == "Beat"  # a name is shown as typed
        with force_locale("fr_CH"):
            assert display.seat_label(3, []) == "Place 3"
        with force_locale("fa"):
            assert display.seat_label(1, []) == babel_pgettext("seat", "Seat %(n)s", n=1) != "Platz 1"
        assert display.seat_label(4, []) == "Platz 4"
    with app.test_request_context("/", headers={"Accept-Language": "fr-CH"}):
        assert display.seat_label(3, []) == "Place 3"


def test_outside_a_request_the_source_words(app: Flask) -> None:
    assert display.seat_label(2, []) == "Seat 2"
    assert i18n.gettext("Schneider %(x)s", x=1) == "Schneider 1"


def test_a_second_app_of_the_process_reads_no_catalog_again(make_app: MakeApp) -> None:
    """The catalogs are package data: the second app a process builds (each test builds one)
    answers in German from the catalog the first one parsed, and its words are the same."""
    first, second = make_app(), make_app()
    found = []
    for app in (first, second):
        with app.test_request_context("/", headers={"Accept-Language": "de-CH"}):
            found.append(get_translations())
            assert display.seat_label(3, []) == "Platz 3"
    assert found[0] is found[1]
