"""Reading Tafel's message catalogs for the checks (stale template, completeness, placeholders)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "scorer" / "locales"
TEMPLATE = LOCALES / "messages.pot"
SCRIPT = ROOT / "scripts" / "translations.sh"
LANGUAGES = ("de_CH", "fr_CH", "it_CH", "en", "sv", "fa")

#: %(name)s / %(num)d (printf style, as Flask-Babel formats) and {name} (str.format style).
NAMED = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[sdifeEgGxXor]|\{(\w+)\}")
#: A printf placeholder without a name: translators cannot reorder it.
POSITIONAL = re.compile(r"(?<!%)%(?!%|\()[-#0 +]*\d*(?:\.\d+)?[sdifeEgGxXor]")

Key = tuple[str | None, str]


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / "messages.po"


def load(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def messages(catalog: Catalog) -> Iterator[Message]:
    return (m for m in catalog if m.id)


def key(message: Message) -> Key:
    msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
    return (message.context, msgid)


def ids(catalog: Catalog) -> set[Key]:
    return {key(m) for m in messages(catalog)}


def extract_fresh(out: Path) -> Catalog:
    """Extract the sources now, with the same command `make translations` uses."""
    subprocess.run(
        ["bash", str(SCRIPT), "extract", str(out)], check=True, cwd=ROOT, capture_output=True, text=True
    )
    return load(out)


def placeholders(text: str) -> frozenset[str]:
    return frozenset(a or b for a, b in NAMED.findall(text))


def sources(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def translations(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def untranslated(message: Message) -> bool:
    return any(not s for s in translations(message))


def placeholder_mismatch(message: Message) -> str | None:
    """Why a translation's named placeholders differ from its source's, or None.

    A plural form may follow either the singular or the plural source (Persian's one
    form follows the plural); every other translation must carry the same names.
    """
    wanted = [placeholders(s) for s in sources(message)]
    for form in translations(message):
        got = placeholders(form)
        if form and got not in wanted:
            return f"{sorted(got)} instead of {sorted(wanted[-1])}"
    return None


def compile_if_stale(lang: str) -> Path:
    """The .mo of ``lang``, rebuilt from its .po when older (what `make` does before tests)."""
    po = po_path(lang)
    mo = po.with_suffix(".mo")
    if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
        catalog = load(po, lang)
        tmp = mo.with_suffix(f".mo.{id(catalog)}")
        with tmp.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        tmp.replace(mo)  # atomic: parallel test workers never read half a file
    return mo
