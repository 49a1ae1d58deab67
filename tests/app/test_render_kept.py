"""What is translated once and kept must read as if translated anew.

The templates' ``_()`` (scorer.web.i18n.template_gettext) answers in one call what Jinja's
newstyle gettext answered in three, and keeps the strings without variables per catalog. No
page may show one language's, view's or address's words in another.
"""

from __future__ import annotations

from flask import Flask, render_template_string
from flask.testing import FlaskClient
from flask_babel import force_locale
from werkzeug.datastructures import MultiDict
from wtforms import IntegerField, SelectField, StringField
from wtforms.validators import Optional

from scorer.web import display
from scorer.web.forms import BaseForm, choices, wtforms_catalog
from tests.helpers.tablet import english, new_schieber, post_deal

DEAL = {"forehand": 1, "contract": "H", "team": 1, "points": 98}


def shown(app: Flask, source: str, lang: str, **values: object) -> str:
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        return render_template_string(source, **values)


def test_underscore_answers_as_jinja_newstyle_gettext(app: Flask) -> None:
    # Always a format string (%% is a percent sign), its variables escaped where the template escapes.
    assert shown(app, '{{ _("100%%") }}', "en") == "100%"
    assert shown(app, '{{ _("%(name)s deals", name=who) }}', "en", who="<b>") == "&lt;b&gt; deals"
    raw = '{% autoescape false %}{{ _("%(name)s deals", name=who) }}{% endautoescape %}'
    assert shown(app, raw, "en", who="<b>") == "<b> deals"
    # A Markup: the translation itself is not escaped again by the page around it.
    assert shown(app, '{{ _("Deal list") ~ "<" }}', "en") == "Deal list&lt;"


def test_underscore_keeps_each_language_its_own_words(app: Flask) -> None:
    for _ in range(2):  # the second time from what was kept
        assert shown(app, '{{ _("Deal list") }}|{{ _("Forehand") }}', "de-CH") == "Spielliste|Vorhand"
        assert shown(app, '{{ _("Deal list") }}|{{ _("Forehand") }}', "en") == "Deal list|Forehand"


class _Form(BaseForm):
    name = StringField("Name", render_kw={"maxlength": 40})
    kind = SelectField("Kind", choices=choices(("a", "A"), ("b", "B")))
    count = IntegerField("Count", validators=[Optional()])


def test_a_forms_messages_follow_its_language(app: Flask) -> None:
    english_text = "Not a valid integer value."
    german_text = wtforms_catalog("de_CH").gettext(english_text)
    assert german_text.startswith("Keine")
    for lang, message in [("en", english_text), ("de-CH", german_text)] * 2:
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            form = _Form(formdata=MultiDict({"kind": "a", "count": "x"}), meta={"csrf": False})
            assert not form.validate()
            assert form.count.errors == [message]


def test_a_match_pages_parts_follow_language_view_and_address(app: Flask, client: FlaskClient) -> None:
    match_id = new_schieber(client)
    assert post_deal(client, match_id, DEAL).status_code == 303
    german = english(app)
    german.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de-CH"
    for _ in range(2):  # the second time with every catalog read
        page = client.get(f"/matches/{match_id}").get_data(as_text=True)
        assert '<th class="wide-only">Forehand</th>' in page and "Vorhand" not in page
        assert f'<a href="/matches/{match_id}?view=board">Chalk board</a>' in page
        assert f'href="/matches/{match_id}/deals/' in page  # the deal's "correct" link
        board = client.get(f"/matches/{match_id}?view=board").get_data(as_text=True)
        assert f'<a href="/matches/{match_id}">Deal list</a>' in board
        page = german.get(f"/matches/{match_id}").get_data(as_text=True)
        assert '<th class="wide-only">Vorhand</th>' in page and ">Forehand<" not in page
        mounted = client.get(f"/matches/{match_id}", base_url="http://localhost/club").get_data(as_text=True)
        assert f'<a href="/club/matches/{match_id}?view=board">' in mounted
        assert f'href="/club/matches/{match_id}/deals/' in mounted
        other = new_schieber(client)  # another match's page: its own addresses
        assert f'<a href="/matches/{other}?view=board">' in client.get(f"/matches/{other}").get_data(
            as_text=True
        )
        assert f'href="/matches/{match_id}' not in mounted


def test_display_names_follow_the_language_and_a_forced_locale(app: Flask) -> None:
    for _ in range(2):  # the second time from what was kept
        for lang, name in [("en", "Hearts"), ("de-CH", "Herz"), ("fr-CH", "Cœur")]:
            with app.test_request_context("/", headers={"Accept-Language": lang}):
                assert display.contract_name("H", "french") == name
                with force_locale("fr_CH"):  # a PDF in another language
                    assert display.contract_name("H", "french") == "Cœur"
                    assert display.seat_label(2, ["Anna"]) == "Place 2"
                assert display.contract_name("H", "french") == name
                assert display.seat_label(2, ["Anna"]) == {"en": "Seat 2", "de-CH": "Platz 2"}.get(
                    lang, "Place 2"
                )
                assert display.seat_label(3, ["Anna", "Beat", "Cla"]) == "Cla"
