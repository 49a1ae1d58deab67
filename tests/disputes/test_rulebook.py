"""The rule book: parsed from rules/*.md, every id anchored, translations fall back rule by rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from scorer.rulebook import book

RULES = Path(__file__).resolve().parents[2] / "scorer" / "rules"


def ids_in(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return re.findall(r"^## ([SK]\d+) ", text, re.M) + re.findall(r"^- ([SK]\d+(?:\.\d+)+) ", text, re.M)


@pytest.mark.parametrize("game, name", [("schieber", "SCHIEBER.md"), ("klammern", "KLAMMERN.md")])
def test_every_rule_id_is_parsed(game: str, name: str) -> None:
    assert sorted(book.english(game).ids()) == sorted(ids_in(RULES / name))


def test_full_texts() -> None:
    text = book.rule_text("S4.4")
    assert text.startswith("No undertrumping")
    assert "nothing but trumps" in text and "[reading]" in text
    # A rule with nested items keeps them.
    assert "Undenufe: the normal rank reversed" in book.rule_text("S3.4")
    # A section keeps its unnumbered list (S8).
    assert "exactly 1 and 156" in book.rule_text("S8")
    assert "Example (test vector)" in book.rule_text("K5.3")
    assert book.rule_text("S99") == "" and book.rule_text(None) == ""


def test_rule_pairs_of_each_game() -> None:
    ids = [rid for rid, _ in book.pairs("schieber")]
    assert "S4.4" in ids and "S8" in ids
    assert dict(book.pairs("klammern"))["K4.5"].startswith("**Revoke**")


def test_render_escapes_and_formats() -> None:
    html = book.render("a **b** `c` <script>\n- one\n  two\n| x | y |\n| - | - |\n| 1 | 2 |")
    assert "<strong>b</strong>" in html and "<code>c</code>" in html
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<li>one two</li>" in html and "<td>1</td>" in html


def test_translation_falls_back_rule_by_rule(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "de").mkdir()
    for name in ("SCHIEBER.md", "KLAMMERN.md"):
        (tmp_path / name).write_text((RULES / name).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "de" / "SCHIEBER.md").write_text(
        "# Schieber — die Regeln\n\n## S4 Einen Stich spielen\n- S4.4 Kein Untertrumpfen.\n", encoding="utf-8"
    )
    monkeypatch.setattr(book, "RULES_DIR", tmp_path)
    german = book.book("schieber", "de_CH")
    assert german.rule("S4.4").text == "Kein Untertrumpfen."
    assert german.rule("S4.4").language == "de"
    # Missing in the translation: English, marked as such.
    assert german.rule("S4.5").text.startswith("Trump led")
    assert german.rule("S4.5").language == "en"
    assert german.title == "Schieber — die Regeln"
    # No translation at all: English.
    assert book.book("klammern", "de_CH").rule("K4.5").language == "en"
    assert book.rule_text("S4.4", "fr_CH").startswith("No undertrumping")


def test_rule_book_page_anchors_every_rule(client: FlaskClient) -> None:
    page = client.get("/rules", headers={"Accept-Language": "en"}).get_data(as_text=True)
    for name in ("SCHIEBER.md", "KLAMMERN.md"):
        for rid in ids_in(RULES / name):
            assert f'id="{rid}"' in page, rid
    assert "nothing but trumps" in page
    # The full book (not a list of ids): Markdown rendered, option tables, cross-references linked.
    assert "<strong>Schneider</strong>" in page and "<table>" in page
    assert '<a href="#S7.3">S7.3</a>' in page
