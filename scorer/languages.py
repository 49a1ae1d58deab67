"""The app's languages: codes, names, writing direction, digits, grouping and catalogs.

The one home of every language setting, shared by the web pages, the PDFs and the command
line. It imports no Flask, so ``tafel pad`` prints a translated pad without the web stack.

>>> resolve("fr"), resolve("de-ch"), direction("fa"), direction("de_CH")
('fr_CH', 'de_CH', 'rtl', 'ltr')
"""

from __future__ import annotations

from functools import lru_cache
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

#: The app's languages in the switcher's order; English is the source language.
LANGUAGES: tuple[str, ...] = ("de_CH", "fr_CH", "it_CH", "en", "sv", "fa")
#: The language of a reader whose browser asks for none of ours.
DEFAULT = "de_CH"
#: Each language's name in itself, as the switcher shows it.
NAMES: dict[str, str] = {
    "de_CH": "Deutsch",
    "fr_CH": "Français",
    "it_CH": "Italiano",
    "en": "English",
    "sv": "Svenska",
    "fa": "فارسی",
}
#: Languages written right to left (by their primary subtag).
RTL: frozenset[str] = frozenset({"fa"})
#: Languages whose readers expect their own digits in scores and labels.
NATIVE_DIGITS: dict[str, str] = {"fa": "۰۱۲۳۴۵۶۷۸۹"}
#: Group separators as Swiss print sets them (3’000 in de_CH, 3 000 in fr_CH). Babel's CLDR
#: data gives an ASCII apostrophe for every Swiss locale; the typographic apostrophe and, in
#: French, the narrow no-break space are what Swiss print uses.
GROUP: dict[str, str] = {"de_CH": "\u2019", "it_CH": "\u2019", "fr_CH": "\u202f"}
#: Short names a user may type (``--lang fr``).
ALIASES: dict[str, str] = {"de": "de_CH", "fr": "fr_CH", "it": "it_CH"}
#: The message catalogs, ``<code>/LC_MESSAGES/messages.po`` (and ``.mo``).
LOCALES = Path(__file__).resolve().parent / "locales"


def unknown(code: str) -> str:
    """The message for a language that is not one of the app's."""
    return f"unknown language {code!r} (use one of {', '.join(LANGUAGES)})"


def resolve(code: str) -> str:
    """An app language from what a user typed: ``fr``, ``fr-CH`` and ``fr_CH`` are ``fr_CH``.

    :raises ValueError: not one of the app's languages.
    """
    normal = code.strip().replace("-", "_")
    normal = ALIASES.get(normal.lower(), normal)
    for known in LANGUAGES:
        if known.lower() == normal.lower():
            return known
    raise ValueError(f"lang: {unknown(code)}")


def is_rtl(code: str) -> bool:
    """Whether ``code`` (``fa``, ``fa_IR``) is written right to left."""
    return code.split("_")[0] in RTL


def direction(code: str) -> str:
    """``rtl`` or ``ltr``, as HTML's ``dir`` attribute takes it."""
    return "rtl" if is_rtl(code) else "ltr"


@lru_cache(maxsize=8)
def catalog(code: str) -> Translations:
    """The translations of ``code`` outside a request (PDFs from the command line, workers).

    Reads the compiled ``locales/<code>/LC_MESSAGES/messages.mo``; where it is missing or
    older than its ``.po`` (a checkout before ``make``), the ``.po`` is compiled in memory.
    English and unknown languages get the source strings.

    >>> catalog("de_CH").gettext("Trick points"), catalog("en").gettext("Trick points")
    ('Stichpunkte', 'Trick points')
    """
    po = LOCALES / code / "LC_MESSAGES" / "messages.po"
    mo = po.with_suffix(".mo")
    if not po.exists():
        return Translations()
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as handle:
            return Translations(handle, domain="messages")
    with po.open("rb") as handle:
        messages = read_po(handle, locale=code)
    buffer = BytesIO()
    write_mo(buffer, messages, use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain="messages")
