"""Language layer of the PDFs: translation, number and date formats, right-to-left shaping.

Every visible string goes through a :class:`Lang`: its ``gettext``/``pgettext`` translate
(identity unless built from a Babel catalog, see :meth:`Lang.from_translations`),
:meth:`Lang.number` / :meth:`Lang.date` format through Babel for the locale (Persian
digits for ``fa``), and :meth:`Lang.visual` turns the finished logical string into the
glyph order ReportLab draws: Arabic-script letters joined (``arabic_reshaper``) and
reordered (``python-bidi``), since ReportLab's ``drawString`` does neither.

Source strings that are stored as data (column labels) are marked with :func:`N_` so that
extraction finds them; they are translated when the page is drawn.
"""

from __future__ import annotations

import datetime as _dt
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, Literal, Protocol

import arabic_reshaper
from babel.dates import format_date, format_time
from babel.numbers import format_decimal, get_group_symbol
from bidi.algorithm import get_display

from scorer.languages import GROUP, LANGUAGES, NATIVE_DIGITS, is_rtl, unknown

Translator = Callable[[str], str]
ContextTranslator = Callable[[str, str], str]

_ARABIC_SCRIPT = re.compile("[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]")
_RTL_SCRIPT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
#: Unicode isolates: a value put into a sentence (a name, a figure) keeps its own direction.
FSI, PDI = "\u2068", "\u2069"
# python-bidi's pure-Python algorithm mirrors brackets but knows no isolates, and its Rust
# one knows isolates but mirrors nothing; so isolates are lifted out and replaced by
# distinct neutral placeholders (Control Pictures, bidi class ON, never mirrored), which
# the surrounding text orders exactly as UAX #9 orders an isolate, and then put back.
_PLACEHOLDERS = tuple(chr(c) for c in range(0x2400, 0x2427))
_PLAIN_NUMBER = re.compile(
    "[0-9\u06f0-\u06f9\u0660-\u0669][0-9\u06f0-\u06f9\u0660-\u0669\u066b\u066c,.'\u2019\u00a0\u202f]*$"
)


#: Directional controls a typed name may carry (embeddings, overrides, isolates: U+202A-U+202E,
#: U+2066-U+2069). The sheets set every direction themselves, and python-bidi refuses LRI and
#: RLI outright: typed controls are dropped, the app's own isolates added after.
_TYPED_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
#: The ones the app never writes itself: dropped from any text before it is ordered.
_FOREIGN_CONTROLS = re.compile("[\u202a-\u202e\u2066\u2067]")


def isolate(value: object) -> str:
    """``value`` as a bidi isolate, so it keeps its own direction inside a sentence.

    Directional controls inside ``value`` are dropped: a name cannot close its isolate early.
    """
    return f"{FSI}{_TYPED_CONTROLS.sub('', str(value))}{PDI}"


def strip_isolates(text: str) -> str:
    return text.replace(FSI, "").replace(PDI, "")


def _lift(text: str) -> tuple[str, list[str]]:
    """Replace each outermost isolate by a placeholder; unbalanced marks close at the end."""
    outer: list[str] = []
    segments: list[str] = []
    depth = 0
    current: list[str] = []
    for ch in text:
        if ch == FSI:
            if depth:
                current.append(ch)
            depth += 1
        elif ch == PDI:
            if depth == 0:
                continue
            depth -= 1
            if depth:
                current.append(ch)
            else:
                segments.append("".join(current))
                current = []
                outer.append(_PLACEHOLDERS[(len(segments) - 1) % len(_PLACEHOLDERS)])
        elif depth:
            current.append(ch)
        else:
            outer.append(ch)
    if depth:
        segments.append("".join(current))
        outer.append(_PLACEHOLDERS[(len(segments) - 1) % len(_PLACEHOLDERS)])
    return "".join(outer), segments


def _first_strong_rtl(text: str) -> bool:
    for ch in strip_isolates(text):
        if _RTL_SCRIPT.match(ch):
            return True
        if ch.isalpha():
            return False
    return False


def to_visual(text: str, rtl: bool) -> str:
    """``text`` (logical order, possibly with isolates) in drawing order for a base direction."""
    text = _FOREIGN_CONTROLS.sub("", text)
    if FSI in text or PDI in text:
        outer, segments = _lift(text)
        if len(segments) > len(_PLACEHOLDERS):
            return to_visual(strip_isolates(text), rtl)
        shown = to_visual(outer, rtl)
        for placeholder, segment in zip(_PLACEHOLDERS, segments):
            shown = shown.replace(placeholder, to_visual(segment, _first_strong_rtl(segment)))
        return shown
    if not rtl and not _RTL_SCRIPT.search(text):
        return text
    if _PLAIN_NUMBER.match(text) or _one_left_to_right_run(text):
        # A figure alone, or a Latin name, reads left to right in every direction.
        return text
    shaped = arabic_reshaper.reshape(text) if _ARABIC_SCRIPT.search(text) else text
    return str(get_display(_classified(shaped), base_dir="R" if rtl else "L"))


#: Bidi classes that never start a right-to-left run once the text begins with a left-to-right
#: letter: numbers and their separators after one become left-to-right (UAX #9 W4-W7),
#: neutrals between two take their direction (N1), marks take their base's (W1).
_FOLLOWS_LEFT = frozenset({"L", "EN", "ES", "ET", "CS", "NSM", "BN", "WS", "ON"})


def _one_left_to_right_run(text: str) -> bool:
    """Whether ``text`` is one left-to-right run in any base direction: drawn as written."""
    classes = [unicodedata.bidirectional(ch) for ch in text]
    return (
        bool(classes)
        and classes[0] == "L"
        and classes[-1] in ("L", "EN")  # a neutral at the end would take the base direction
        and _FOLLOWS_LEFT.issuperset(classes)
    )


def _classified(text: str) -> str:
    """``text`` with every character python-bidi can order: one with no bidi class (an
    unassigned code point such as U+0590) trips its assertion, so it is drawn as U+FFFD."""
    return "".join(ch if unicodedata.bidirectional(ch) else "\ufffd" for ch in text)


@cache
def _group_symbol(code: str) -> str:
    return GROUP.get(code) or str(
        get_group_symbol(code, numbering_system="default" if code in NATIVE_DIGITS else "latn")
    )


@lru_cache(maxsize=8192)
def _number(code: str, value: int | float) -> str:
    # Babel's formatting costs more than drawing the figure; whole numbers (every figure of
    # a sheet) take the locale's group symbol directly, grouped by three as every app
    # language groups them. A test holds this to the app's own formatting (scorer.web.i18n).
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        text = f"{value:,}".replace(",", _group_symbol(code))
    else:
        numbering = "default" if code in NATIVE_DIGITS else "latn"
        text = format_decimal(value, locale=code, numbering_system=numbering)
        if code in GROUP:
            text = text.replace(get_group_symbol(code, numbering_system="latn"), GROUP[code])
    digits = NATIVE_DIGITS.get(code)
    return text.translate(str.maketrans("0123456789", digits)) if digits else text


def N_(message: str) -> str:
    """Mark a source string for extraction without translating it now (gettext_noop)."""
    return message


def _identity(message: str) -> str:
    return message


def _identity_ctx(context: str, message: str) -> str:
    return message


class Translations(Protocol):
    """What :class:`babel.support.Translations` (and gettext's) offer."""

    def gettext(self, message: str) -> str: ...

    # Babel declares str | object: a lazy catalog may answer a lazy string.
    def pgettext(self, context: str, message: str) -> str | object: ...


@dataclass(frozen=True)
class Lang:
    """One language of the PDFs: translator, locale formats and writing direction.

    >>> Lang("de_CH").number(3000)
    '3’000'

    >>> Lang("fa").number(157)
    '۱۵۷'
    """

    code: str = "en"
    gettext: Translator = field(default=_identity, compare=False)
    pgettext: ContextTranslator = field(default=_identity_ctx, compare=False)

    def __post_init__(self) -> None:
        if self.code not in LANGUAGES:
            raise ValueError(f"lang: {unknown(self.code)}")

    @classmethod
    def from_translations(cls, code: str, translations: Translations) -> Lang:
        """A language whose strings come from a Babel/gettext catalog."""

        def pgettext(context: str, message: str) -> str:
            return str(translations.pgettext(context, message))

        return cls(code, translations.gettext, pgettext)

    @property
    def rtl(self) -> bool:
        return is_rtl(self.code)

    @property
    def align(self) -> Literal["LEFT", "RIGHT"]:
        """ReportLab alignment of running text: the reading direction's start."""
        return "RIGHT" if self.rtl else "LEFT"

    def _digits(self, text: str) -> str:
        digits = NATIVE_DIGITS.get(self.code)
        return text.translate(str.maketrans("0123456789", digits)) if digits else text

    def number(self, value: int | float) -> str:
        """A figure in the locale's format (3'000, 3 000, ۳٬۰۰۰); x.5 keeps its half."""
        return _number(self.code, value)

    def digits(self, value: int | str) -> str:
        """A number that is a label (deal 12, seat 3): the locale's digits, no grouping."""
        return self._digits(str(value))

    def date(self, value: _dt.date) -> str:
        return self._digits(format_date(value, "medium", locale=self.code))

    def datetime(self, value: _dt.datetime) -> str:
        """Date and time as recorded (never converted to another time zone)."""
        text = f"{format_date(value.date(), 'short', locale=self.code)} {format_time(value.time(), 'short', locale=self.code)}"
        return self._digits(text)

    def __call__(self, message: str, **params: Any) -> str:
        """Translate ``message``, then fill its named placeholders (``%(name)s``), each
        value isolated so that a name or figure keeps its direction (see :meth:`visual`)."""
        translated = self.gettext(message)
        return translated % {k: isolate(v) for k, v in params.items()} if params else translated

    def ctx(self, context: str, message: str, **params: Any) -> str:
        translated = self.pgettext(context, message)
        return translated % {k: isolate(v) for k, v in params.items()} if params else translated

    def visual(self, text: str) -> str:
        """The string in drawing order: Arabic script joined and reordered in this
        language's base direction, isolates resolved and removed. Latin-only text in an
        LTR language comes back unchanged (apart from its isolate marks)."""
        return to_visual(text, self.rtl)


def parse_when(value: object) -> _dt.datetime | _dt.date | None:
    """Read an ISO date or date-time from match metadata; None when absent.

    :raises ValueError: a value that is not an ISO date.
    """
    if value is None or value == "":
        return None
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value
    if not isinstance(value, str):
        raise ValueError(f"not an ISO date or date-time: {value!r}")
    text = value.strip()
    try:
        if len(text) <= 10:
            return _dt.date.fromisoformat(text)
        return _dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"not an ISO date or date-time: {value!r}") from None


def when_text(lang: Lang, value: _dt.datetime | _dt.date | None) -> str:
    if value is None:
        return ""
    if isinstance(value, _dt.datetime):
        return lang.datetime(value)
    return lang.date(value)
