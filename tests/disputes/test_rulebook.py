"""The rule book: parsed from rules/*.md, every id anchored, translations fall back rule by rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.rulebook import book

RULES = Path(__file__).resolve().parents[2] / "scorer" / "rules"


def ids_in(path: Path) -> list[str]:
    """The ids a rule file numbers, in its order: headings and rule bullets, nested ones (K1.4.1) too."""
    text = path.read_text(encoding="utf-8")
    found = re.findall(r"^(?:## ([A-Z]\d+)|(?: *- )([A-Z]\d+(?:\.\d+)+)) ", text, re.M)
    return [section or rule for section, rule in found]


#: The games with a rule file, and the file.
GAME_FILES = [
    ("schieber", "SCHIEBER.md"),
    ("klammern", "KLAMMERN.md"),
    ("coiffeur", "COIFFEUR.md"),
    ("differenzler", "DIFFERENZLER.md"),
]

#: Every rule file the app ships, English and translated, registered on a game or not (TOURNAMENT.md).
RULE_FILES = sorted(RULES.glob("*.md")) + sorted(RULES.glob("*/*.md"))


@pytest.mark.parametrize("game, name", GAME_FILES)
def test_every_rule_id_is_parsed(game: str, name: str) -> None:
    assert sorted(book.english(game).ids()) == sorted(ids_in(RULES / name))


#: Rule files whose ids do not start with the file's first letter (SEASON.md: ``Z6.2``).
LETTERS = {"SEASON": "Z"}


@pytest.mark.parametrize("path", RULE_FILES, ids=[str(p.relative_to(RULES)) for p in RULE_FILES])
def test_every_rule_file_parses_with_all_its_ids(path: Path) -> None:
    parsed = book.parse(path.read_text(encoding="utf-8"), path.stem.lower(), path.parent.name)
    ids = parsed.ids()
    assert ids, path
    # Same ids, in the file's order, none twice, all with the file's letter (S, K, C, D, T; Z for SEASON).
    assert ids == ids_in(path)
    assert len(set(ids)) == len(ids)
    assert {i[0] for i in ids} == {LETTERS.get(path.stem, path.stem[0])}
    assert parsed.title


def test_new_rule_files_structure() -> None:
    coiffeur = book.english("coiffeur")
    assert book.rule_text("C5.1").startswith("**Slalom** (Zickzack).")
    # A rule's nested list and table stay with it (C2.3's presets, C5.2's readings).
    assert "| `official8` (**[reading]** default) |" in book.rule_text("C2.3")
    assert "Play, winner and points as in C5.1." in book.rule_text("C5.2")
    assert book.rule_text("D4.3").startswith("**Undertrumping.**")
    # Worked examples: a section of notes with sub-headings, tables and fenced JSON, no rule ids.
    examples = next(s for s in coiffeur.sections if s.title == "Worked examples")
    assert not examples.rules and "### 1. A whole `official8` game" in examples.notes[0]
    assert "| 13 | 2 | 0 | 2 | 2 | 8 | C (Wunsch) | 35 | 280 | 4263 | 1929 |" in examples.notes[0]
    # TOURNAMENT.md has no game registered yet; the parser still finds T3.5 and its text.
    tournament = book.parse((RULES / "TOURNAMENT.md").read_text(encoding="utf-8"), "passe")
    assert tournament.rule("T3.5") is not None
    assert tournament.rule("T3.5").text.startswith("**Control sum.**")
    assert [s.id for s in tournament.sections if s.id] == [f"T{n}" for n in range(1, 10)]


def test_nested_rules_are_rules_of_their_own() -> None:
    # K1.4.1 and K1.4.2 are indented under K1.4 but cited on their own (code revoke_needs_hands).
    assert book.rule_text("K1.4.1").startswith("**[reading] Revoke with 2–3 players.**")
    assert "`revoke_needs_hands`" in book.rule_text("K1.4.1")
    assert "\nmust carry `hands`" in book.rule_text("K1.4.1")  # the bullet's indentation is gone
    assert book.rule_text("K1.4.2").startswith("**[reading] Small points with 2–3 players.**")
    assert "K1.4.1" not in book.rule_text("K1.4") and book.rule_text("K1.4").endswith("(`must_play` null).")
    assert book.rule_text("K1.4.1", "de_CH").startswith("**[Lesart] Renonce mit 2–3 Spielern.**")


def test_render_sub_headings_and_code() -> None:
    html = book.render('### 1. An example\n```json\n{"tricks": ["<b>"]}\n```\nafter')
    assert "<h4>1. An example</h4>" in html
    assert "<pre><code>{&#34;tricks&#34;: [&#34;&lt;b&gt;&#34;]}</code></pre>" in html
    assert "```" not in html and "<p>after</p>" in html


def test_citations_link_only_rules_the_book_holds() -> None:
    html = book.render("as in C5.1 and K1.4.1; the card D9 and `S4.4` and S99")
    assert '<a href="#C5.1">C5.1</a>' in html and '<a href="#K1.4.1">K1.4.1</a>' in html
    # A card code (Eicheln 9), a code span and an unknown id are no citations.
    assert "the card D9 and <code>S4.4</code> and S99" in html


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


@pytest.mark.slow
def test_rule_book_page_anchors_every_rule(client: FlaskClient) -> None:
    pages = {
        name: client.get(f"/rules/{game}", headers={"Accept-Language": "en"}).get_data(as_text=True)
        for game, name in GAME_FILES
    }
    for name, page in pages.items():
        for rid in ids_in(RULES / name):
            assert f'id="{rid}"' in page, rid
    schieber = pages["SCHIEBER.md"]
    assert "nothing but trumps" in schieber
    # The full book (not a list of ids): Markdown rendered, option tables, cross-references linked.
    assert "<strong>Schneider</strong>" in schieber and "<table>" in schieber
    assert '<a href="#S7.3">S7.3</a>' in schieber
    # A citation of another game's rule goes to that game's page (Coiffeur cites Schieber's S4.4).
    assert '<a href="/rules/schieber#S3.3">S3.3</a>' in pages["COIFFEUR.md"]


def test_rule_book_list_anchors_every_id_and_links_its_page(client: FlaskClient) -> None:
    # /rules lists every rule by id, so an address /rules#S4.4 still lands on that rule.
    page = client.get("/rules", headers={"Accept-Language": "en"}).get_data(as_text=True)
    for game, name in GAME_FILES:
        for rid in ids_in(RULES / name):
            assert f'id="{rid}"' in page and f'href="/rules/{game}#{rid}"' in page, rid
    assert client.get("/rules/nogame").status_code == 404


def test_rule_links_go_to_the_games_page(app: Flask) -> None:
    from scorer.rulebook.views import rule_url

    with app.test_request_context():
        assert rule_url("S4.4") == "/rules/schieber#S4.4"
        assert rule_url("K1.4.1") == "/rules/klammern#K1.4.1"
        assert rule_url("C5.1") == "/rules/coiffeur#C5.1"
        assert rule_url("D4.3") == "/rules/differenzler#D4.3"
        # No game numbers its rules with X: the book's list.
        assert rule_url("X1") == "/rules#X1"


def test_rule_book_page_shows_the_new_games(client: FlaskClient) -> None:
    coiffeur = client.get("/rules/coiffeur", headers={"Accept-Language": "en"}).get_data(as_text=True)
    differenzler = client.get("/rules/differenzler", headers={"Accept-Language": "en"}).get_data(as_text=True)
    # C5.2 cites C5.1, D8's list cites D4.3: both link into their page.
    assert '<a href="#C5.1">C5.1</a>' in coiffeur and '<a href="#D4.3">D4.3</a>' in differenzler
    assert "<h4>1. A whole <code>official8</code> game (two teams, default options)</h4>" in coiffeur
    assert "<pre><code>" in coiffeur and "```" not in coiffeur
    klammern = client.get("/rules/klammern", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<a href="#K1.4.1">K1.4.1</a>' in klammern


def test_rule_book_page_in_german_falls_back_for_the_new_games(client: FlaskClient) -> None:
    german = {"Accept-Language": "de-CH"}
    assert "Renonce mit 2–3 Spielern" in client.get("/rules/klammern", headers=german).get_data(as_text=True)
    assert 'id="C5.1" lang="en"' in client.get("/rules/coiffeur", headers=german).get_data(as_text=True)


def test_rule_book_list_in_german_keeps_english_titles_on_the_game_pages(client: FlaskClient) -> None:
    page = client.get("/rules", headers={"Accept-Language": "de-CH"}).get_data(as_text=True)
    # A translated rule is listed with its title; an English one (Coiffeur) by its id alone.
    assert "Kein Untertrumpfen" in page
    assert 'id="C5.1"' in page and "Zickzack" not in page and "Slalom" not in page
