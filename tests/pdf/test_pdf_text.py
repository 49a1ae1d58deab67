"""The PDFs' language layer: translation hook, locale numbers, right-to-left shaping."""

from __future__ import annotations

import datetime as dt
import unicodedata

import pytest

from scorer.web.pdf_text import LANGUAGES, Lang, isolate, parse_when
from tests.helpers.pdf import logical


def test_every_app_language_is_known_and_default_is_identity() -> None:
    assert LANGUAGES == ("de_CH", "fr_CH", "it_CH", "en", "sv", "fa")
    for code in LANGUAGES:
        assert Lang(code)("Dealer") == "Dealer"
    with pytest.raises(ValueError, match="xx"):
        Lang("xx")


def test_numbers_follow_the_locale() -> None:
    assert Lang("en").number(3000) == "3,000"
    # The house style: 3’000 in de_CH, 3 000 (narrow no-break space) in fr_CH.
    assert Lang("de_CH").number(3000) == "3’000"
    assert Lang("it_CH").number(3000) == "3’000"
    assert Lang("fr_CH").number(3000) == "3\u202f000"
    assert Lang("sv").number(3000).replace("\u00a0", " ") == "3 000"
    # Persian readers expect Persian digits.
    assert Lang("fa").number(157) == "۱۵۷"
    assert Lang("fa").number(3000) == "۳٬۰۰۰"
    assert Lang("fa").digits(12) == "۱۲"
    assert Lang("en").number(102.5) == "102.5"


def test_translator_and_named_placeholders() -> None:
    german = {"Team %(number)s": "Mannschaft %(number)s"}
    lang = Lang("de_CH", lambda m: german.get(m, m))
    assert lang.visual(lang("Team %(number)s", number=2)) == "Mannschaft 2"

    class Catalog:
        def gettext(self, message: str) -> str:
            return message.upper()

        def pgettext(self, context: str, message: str) -> str:
            return f"{context}:{message}"

    from_catalog = Lang.from_translations("fr_CH", Catalog())
    assert from_catalog("Dealer") == "DEALER"
    assert from_catalog.ctx("suit", "Rosen") == "suit:Rosen"


def test_persian_is_shaped_and_right_to_left() -> None:
    fa = Lang("fa")
    text = "برگه امتیاز"
    shown = fa.visual(text)
    assert shown != text
    # Joined presentation forms, not the bare letters.
    assert any(0xFB50 <= ord(ch) <= 0xFEFF for ch in shown)
    assert logical(shown) == text


def test_isolated_names_keep_their_direction_in_persian() -> None:
    fa = Lang("fa")
    shown = fa.visual(isolate("Thun") + " (" + isolate("Beat, Dario") + ")")
    # Read right to left: the team, then its players in brackets.
    assert shown == "(Beat, Dario) Thun"
    assert "\u2068" not in shown and "\u2069" not in shown
    assert Lang("en").visual(Lang("en")("Laube: %(side)s", side="Bern")) == "Laube: Bern"


def test_persian_name_in_a_latin_sheet_is_shaped() -> None:
    shown = Lang("en").visual(Lang("en")("Team %(number)s", number="تون"))
    assert shown.startswith("Team ")
    assert unicodedata.normalize("NFKC", shown[5:])[::-1] == "تون"


@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_name_with_an_unassigned_hebrew_code_point_is_drawn(code: str) -> None:
    # U+0590 has no bidi class; python-bidi asserts on it, so a typed name once broke a pad.
    shown = Lang(code).visual(Lang(code)("Team %(number)s", number="\u0590\u05d0"))
    assert "\ufffd" in shown and "\u05d0" in shown and "\u0590" not in shown


def test_dates() -> None:
    assert parse_when("2026-11-28") == dt.date(2026, 11, 28)
    assert parse_when("2026-11-28T21:14:00") == dt.datetime(2026, 11, 28, 21, 14)
    assert parse_when(None) is None
    with pytest.raises(ValueError, match="yesterday"):
        parse_when("yesterday")
    assert Lang("de_CH").date(dt.date(2026, 11, 28)) == "28.11.2026"
    assert "۲۰۲۶" in Lang("fa").date(dt.date(2026, 11, 28))


@pytest.mark.parametrize("code", LANGUAGES)
def test_numbers_agree_with_the_app(code: str) -> None:
    # The PDFs print every figure as the app's screens do (scorer.web.i18n); the PDFs
    # keep their own fast path for whole numbers, held here to the app's Babel-based one.
    from scorer.web.i18n import GROUP, format_number
    from scorer.web.pdf_text import GROUP as PDF_GROUP

    assert PDF_GROUP == GROUP
    lang = Lang(code)
    for value in (0, 7, 57, 157, 999, 1000, 1533, 12345, 100_000, 999_999, 1_234_567, 102.5):
        assert lang.number(value) == format_number(value, code), (code, value)


def test_left_to_right_runs_on_a_right_to_left_page_are_drawn_as_python_bidi_orders_them() -> None:
    from bidi.algorithm import get_display

    from scorer.web.pdf_text import to_visual

    samples = [
        "Anna Muster", "Spielerin 12", "Zoë (Bern)", "Anna 12%", "Anna 12.", "Anna 1,5", "x - y",
        "Anna\u0301", "Anna ", " Anna", "1. Anna", "Anna (1)", "Anna: 3", "A+B", "Anna \u200f12",
        "Anna \u0661", "Anna \u06f1\u06f2", "a/b", "Anna!", "Anna \u05d0", "12 Anna",
    ]  # fmt: skip
    for text in samples:
        assert to_visual(text, True) == get_display(text, base_dir="R"), text
