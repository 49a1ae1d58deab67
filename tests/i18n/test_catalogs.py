"""CI checks of the message catalogs (STYLE.md practice 12).

Fails when the committed template (locales/messages.pot) is stale against the sources,
when a language's catalog lacks a message, has it untranslated or fuzzy, or when a
translation's named placeholders differ from the source's (%(name)s and {name}).
Fix with `make translations` (scripts/translations.sh all), then translate.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.catalogs import (
    LANGUAGES,
    POSITIONAL,
    TEMPLATE,
    extract_fresh,
    ids,
    key,
    load,
    messages,
    placeholder_mismatch,
    po_path,
    sources,
    untranslated,
)


@pytest.mark.slow
def test_template_is_not_stale(tmp_path: Path) -> None:
    fresh = ids(extract_fresh(tmp_path / "fresh.pot"))
    committed = ids(load(TEMPLATE))
    assert len(fresh) > 100, (
        "extraction found almost nothing: check [tool.babel] in pyproject.toml and the input path"
    )
    new, gone = sorted(fresh - committed, key=str), sorted(committed - fresh, key=str)
    assert not new, f"{len(new)} new strings not extracted (run make translations): {new[:20]}"
    assert not gone, f"{len(gone)} strings gone from the sources (run make translations): {gone[:20]}"


def test_sources_use_named_placeholders_only() -> None:
    positional = [key(m) for m in messages(load(TEMPLATE)) if any(POSITIONAL.search(s) for s in sources(m))]
    assert not positional, f"use %(name)s, not %s: translators must be able to reorder: {positional}"


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_follows_the_template(lang: str) -> None:
    catalog = ids(load(po_path(lang), lang))
    template = ids(load(TEMPLATE))
    assert not template - catalog, f"{lang}: run make translations: missing {sorted(template - catalog)[:20]}"
    assert not catalog - template, (
        f"{lang}: run make translations: obsolete {sorted(catalog - template)[:20]}"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated(lang: str) -> None:
    catalog = load(po_path(lang), lang)
    missing = [key(m) for m in messages(catalog) if untranslated(m)]
    assert not missing, f"{lang}: {len(missing)} untranslated, e.g. {missing[:15]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_fuzzy_message(lang: str) -> None:
    catalog = load(po_path(lang), lang)
    fuzzy = [key(m) for m in messages(catalog) if m.fuzzy]
    assert not fuzzy, f"{lang}: {len(fuzzy)} fuzzy (review, then drop the flag), e.g. {fuzzy[:15]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_match_the_source(lang: str) -> None:
    catalog = load(po_path(lang), lang)
    wrong = {key(m): why for m in messages(catalog) if (why := placeholder_mismatch(m))}
    assert not wrong, f"{lang}: placeholders differ: {wrong}"


def test_placeholder_check_sees_a_renamed_name() -> None:
    from babel.messages.catalog import Message

    good = Message("Seat %(n)s", "Platz %(n)s")
    renamed = Message("Seat %(n)s", "Platz %(nummer)s")
    dropped = Message("{card} would undertrump {highest}", "{card} untertrumpft")
    assert placeholder_mismatch(good) is None
    assert placeholder_mismatch(renamed) is not None
    assert placeholder_mismatch(dropped) is not None


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de_CH", "Stichpunkte"),
        ("fr_CH", "Points de plis"),
        ("it_CH", "Punti delle prese"),
        ("en", "Trick points"),
        ("sv", "Stickpoäng"),
        ("fa", "امتیاز تریک"),
    ],
)
def test_catalog_outside_a_request(lang: str, expected: str) -> None:
    """PDFs from the command line translate without Flask: scorer.languages.catalog(lang)."""
    from scorer.languages import catalog

    translations = catalog(lang)
    assert translations.gettext("Trick points") == expected
    # The PDFs ask for suit names with the context "suit".
    assert translations.pgettext("suit", "Hearts") != "Hearts" or lang == "en"
