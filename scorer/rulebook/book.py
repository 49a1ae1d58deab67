"""The rule book: every rule of each game's rule file (rules/<GAME>.md) with its full text.

The rule files are the source; the app never keeps its own copy of a rule's wording. A
translation lives in ``rules/<lang>/<GAME>.md`` (same ids, same layout) and is used rule by
rule: a rule missing from a translated file (or a whole missing file) falls back to English,
so a partial translation never hides a rule. ``de_CH`` looks in ``rules/de_CH/`` and then in
``rules/de/``.

Layout the parser reads (the files' own)::

    ## S4 Playing a trick            <- a section: its id and title
    - S4.4 No undertrumping: ...     <- a rule: its id and first line
      ... continuation lines, nested lists, bullets without an id (S8's list) ...
      - K1.4.1 Revoke with 2-3 ...   <- a nested rule: a rule of its own, anchored and cited
    ## Variants (rule options) ...   <- a section without id: kept as notes
    ### 1. A whole game              <- a sub-heading, tables and fenced code: part of the notes

Which games have a rule file, and the letter of its ids, each game says in the registry
(``Game.rules``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask_babel import lazy_gettext as _l
from markupsafe import Markup, escape

from scorer import games as registry

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"
#: A rule file's ids: its game's letter (``S``, ``K``) and numbers.
_SECTION = re.compile(r"^##\s+(?:(?P<id>[A-Z]\d+)\s+)?(?P<title>.+?)\s*$")
_RULE = re.compile(r"^(?P<indent> *)-\s+(?P<id>[A-Z]\d+(?:\.\d+)+)\s+(?P<text>.*)$")
_FENCE = re.compile(r"^\s*```")


def games() -> list[str]:
    """The games whose rules the book holds, in the registry's order."""
    return [each.name for each in registry.registry().values() if each.rules is not None]


def _file(game: str) -> str:
    rules = registry.game(game).rules
    if rules is None:
        raise FileNotFoundError(f"{game} has no rule file")
    return rules.file


def _prefixes() -> dict[str, str]:
    """Rule id letter -> the game whose rule file holds those ids."""
    return {each.rules.prefix: each.name for each in registry.registry().values() if each.rules is not None}


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule (``S4.4``) or section (``S4``) with its text as written (light Markdown)."""

    id: str
    text: str
    language: str
    section: bool = False

    @property
    def title(self) -> str:
        """The first sentence or line, for short citations."""
        first = self.text.split("\n", 1)[0]
        return first


@dataclass(slots=True)
class Section:
    id: str | None
    title: str
    language: str
    #: Text under the heading that belongs to no numbered rule (S8's list, option tables).
    notes: list[str] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Book:
    game: str
    title: str
    intro: str
    sections: tuple[Section, ...]

    def rule(self, rule_id: str) -> Rule | None:
        for section in self.sections:
            if section.id == rule_id:
                return Rule(section.id, _section_text(section), section.language, section=True)
            for rule in section.rules:
                if rule.id == rule_id:
                    return rule
        return None

    def ids(self) -> list[str]:
        found: list[str] = []
        for section in self.sections:
            if section.id:
                found.append(section.id)
            found.extend(rule.id for rule in section.rules)
        return found


def _section_text(section: Section) -> str:
    return "\n".join([section.title, *section.notes]).strip()


def parse(text: str, game: str, language: str = "en") -> Book:
    """Read a rule file into sections and rules (see the module docstring for the layout)."""
    title = ""
    intro: list[str] = []
    sections: list[Section] = []
    current_rule: list[str] | None = None
    current_id = ""
    # A nested rule's continuation lines are indented past its bullet.
    current_indent = 0
    in_fence = False

    def close_rule() -> None:
        nonlocal current_rule
        if current_rule is not None and sections:
            sections[-1].rules.append(Rule(current_id, _dedent(current_rule, current_indent), language))
        current_rule = None

    for line in text.splitlines():
        if _FENCE.match(line) or in_fence:
            # Fenced code (a JSON record) is shown as written: nothing in it is a heading or a rule.
            in_fence = in_fence != bool(_FENCE.match(line))
            if current_rule is not None and line.startswith((" ", "\t")):
                current_rule.append(line)
            elif not sections:
                intro.append(line)
            else:
                close_rule()
                sections[-1].notes.append(line)
            continue
        if line.startswith("# ") and not title:
            title = line[2:].strip()
            continue
        heading = _SECTION.match(line)
        if heading:
            close_rule()
            sections.append(Section(heading.group("id"), heading.group("title"), language))
            continue
        rule = _RULE.match(line)
        if rule and sections:
            close_rule()
            current_id = rule.group("id")
            current_indent = len(rule.group("indent"))
            current_rule = [rule.group("text")]
            continue
        if not sections:
            intro.append(line)
        elif current_rule is not None and (line.startswith((" ", "\t")) or not line.strip()):
            current_rule.append(line)
        else:
            close_rule()
            sections[-1].notes.append(line)
    close_rule()
    for section in sections:
        # Notes keep their indentation: it is what ties a wrapped line to its bullet.
        section.notes = ["\n".join(section.notes).strip("\n")] if "".join(section.notes).strip() else []
    return Book(game, title, _dedent(intro), tuple(sections))


def _dedent(lines: Iterable[str], indent: int = 0) -> str:
    """A rule's lines without the indentation that ties them to its bullet (``indent`` + 2)."""
    kept = [line.rstrip() for line in lines]
    while kept and not kept[-1]:
        kept.pop()
    while kept and not kept[0]:
        kept.pop(0)
    margin = " " * (indent + 2)
    return "\n".join(line[len(margin) :] if line.startswith(margin) else line for line in kept)


def _candidates(language: str | None) -> list[str]:
    if not language:
        return []
    code = str(language).replace("-", "_")
    found = [code]
    base = code.split("_")[0]
    if base != code:
        found.append(base)
    return [c for c in found if c != "en"]


@lru_cache(maxsize=32)
def _load(path: Path, mtime: float, game: str, language: str) -> Book:
    return parse(path.read_text(encoding="utf-8"), game, language)


def _file_book(path: Path, game: str, language: str) -> Book | None:
    if not path.is_file():
        return None
    return _load(path, path.stat().st_mtime, game, language)


def english(game: str) -> Book:
    """The English rule book of ``game`` (a registered game's name)."""
    book = _file_book(RULES_DIR / _file(game), game, "en")
    if book is None:
        raise FileNotFoundError(RULES_DIR / _file(game))
    return book


def book(game: str, language: str | None = None) -> Book:
    """The rule book of ``game`` in ``language``, rule by rule falling back to English.

    Each rule, section and note keeps its own ``language`` so a page can mark (``lang=``)
    the English ones inside a translated book.
    """
    base = english(game)
    for code in _candidates(language):
        translated = _file_book(RULES_DIR / code / _file(game), game, code)
        if translated is not None:
            return _merge(base, translated)
    return base


def _merge(base: Book, translated: Book) -> Book:
    by_id: dict[str, Section] = {s.id: s for s in translated.sections if s.id}
    rules: dict[str, Rule] = {r.id: r for s in translated.sections for r in s.rules}
    unnumbered = [s for s in translated.sections if not s.id]
    sections: list[Section] = []
    extra_index = 0
    for section in base.sections:
        if section.id:
            other = by_id.get(section.id)
            merged = Section(
                section.id,
                other.title if other else section.title,
                other.language if other else section.language,
                other.notes if other and other.notes else section.notes,
                [rules.get(rule.id, rule) for rule in section.rules],
            )
        else:
            # Unnumbered sections (option tables) pair up by position.
            other = unnumbered[extra_index] if extra_index < len(unnumbered) else None
            extra_index += 1
            merged = Section(None, other.title, other.language, other.notes, []) if other else section
        sections.append(merged)
    return Book(base.game, translated.title or base.title, translated.intro or base.intro, tuple(sections))


def game_of(rule_id: str | None) -> str | None:
    """The game whose rule file numbers ``rule_id`` (by its letter: ``S4.4``); None if no game does."""
    if not rule_id:
        return None
    return _prefixes().get(rule_id[:1])


def rule(rule_id: str | None, language: str | None = None) -> Rule | None:
    """The rule (or section) ``rule_id`` (``S4.4``, ``K10``) in ``language``; None if unknown."""
    game = game_of(rule_id)
    if game is None or rule_id is None:
        return None
    return book(game, language).rule(rule_id)


def rule_text(rule_id: str | None, language: str | None = None) -> str:
    """The full text of ``rule_id`` ('' when the id is unknown), option keys in players' words."""
    found = rule(rule_id, language)
    return speak(found.text) if found is not None else ""


_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")

#: The rule files name profiles and options by their keys (`seed`, `long_runs`, `graded`):
#: a player reads the words of the new-match form instead (the same translated labels).
WORDS: dict[str, Any] = {
    "seed": _l("basic rules"),
    "official": _l("Swiss regulation"),
    "target": _l("Target"),
    "factors": _l("Factor"),
    "long_runs": _l("Runs of five and more"),
    "flat": _l("100 each"),
    "graded": _l("graded: 100, 150, 200 …"),
    "four_nines": _l("Four 9s"),
    "four_low": _l("Four 6s, 7s or 8s"),
    "kreuzweis": _l("Kreuzweis (a card in a run and a four of a kind)"),
    "undenufe_points": _l("Undenufe card points"),
    "ace11": _l("Ass 11"),
    "six11": _l("6 counts 11"),
    "weis_equal_points": _l("Weis of equal points"),
    "more_cards": _l("more cards win"),
    "quartet_first": _l("four of a kind first"),
    "undenufe": _l("Undenufe"),
    "target_big": _l("Big points to win (empty: open-ended)"),
    "jappa_total": _l("Trump J"),
    "meld_tiebreak": _l("Equal melds"),
    "first_declared": _l("first declared wins"),
    "suit_rank": _l("higher suit wins"),
    "revoke": _l("Revoke"),
    "secured": _l("the side that had secured the deal keeps it"),
    "clean_side_all": _l("the clean side wins every point"),
    "true": _l("yes"),
    "false": _l("no"),
}


def speak(text: str) -> str:
    """``text`` with every `key` of :data:`WORDS` replaced by its label (without backticks)."""
    return _CODE.sub(lambda m: str(WORDS[m.group(1)]) if m.group(1) in WORDS else m.group(0), text)


@lru_cache(maxsize=8)
def _rule_ref(letters: str) -> re.Pattern[str]:
    """A citation of a rule in the book (``S7.3``, ``K1.4.1``) inside a rule's text."""
    return re.compile(rf"\b([{letters}]\d{{1,2}}(?:\.\d{{1,2}}){{0,2}})\b")


def known_ids() -> frozenset[str]:
    """Every id of every game's English rule file: what a citation may link to."""
    found: set[str] = set()
    for game in games():
        try:
            found.update(english(game).ids())
        except FileNotFoundError:
            continue
    return frozenset(found)


def href(rule_id: str, links: str, here: str | None = None) -> str:
    """Where a citation of ``rule_id`` points: its game's page of the book at ``links`` (``/rules``).

    ``links`` empty: this very page (``#S7.3``); ``here``: the game whose page this is, whose
    own rules are anchors on it.
    """
    game = game_of(rule_id)
    if not links or game is None or game == here:
        return f"#{rule_id}"
    return f"{links}/{game}#{rule_id}"


def _link(match: re.Match[str], links: str, known: frozenset[str], here: str | None) -> str:
    # Only an id the book holds is a citation: `S9` or `D9` in a worked example is a card.
    rid = match.group(1)
    return f'<a href="{href(rid, links, here)}">{rid}</a>' if rid in known else rid


def _inline(raw: str, links: str | None = None, here: str | None = None) -> str:
    raw = speak(raw)
    if links is None:
        line = str(escape(raw))
        line = _BOLD.sub(r"<strong>\1</strong>", line)
        return _CODE.sub(r"<code>\1</code>", line)
    # A rule that cites another links to it (S7.3 -> the rule book's #S7.3); code spans are
    # option keys, card codes and JSON, never citations.
    cited = _rule_ref("".join(_prefixes()))
    known = known_ids()
    parts = re.split(r"(`[^`]+`)", raw)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(f"<code>{escape(part[1:-1])}</code>")
        else:
            text = _BOLD.sub(r"<strong>\1</strong>", str(escape(part)))
            out.append(cited.sub(lambda m: _link(m, links, known, here), text))
    return "".join(out)


def _table(rows: list[str], links: str | None = None, here: str | None = None) -> str:
    cells = [
        [_inline(c.strip(), links, here) for c in row.strip().strip("|").split("|")]
        for row in rows
        if not set(row.replace("|", "").strip()) <= set("-: ")
    ]
    if not cells:
        return ""
    head, body = cells[0], cells[1:]
    html = "<table><thead><tr>" + "".join(f"<th>{c}</th>" for c in head) + "</tr></thead><tbody>"
    html += "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in body)
    return html + "</tbody></table>"


def inline(text: str) -> Markup:
    """One line of the rule files' Markdown (a heading) as safe HTML."""
    return Markup(_inline(text))


def render(text: str, links: str | None = "", here: str | None = None) -> Markup:
    """The rule files' light Markdown as safe HTML: **bold**, `code`, lists, tables, paragraphs,
    ``###`` sub-headings and fenced code.

    Everything is escaped first; only these few constructs become tags. Rule ids become links
    to their game's page of the book, ``{links}/{game}#ID`` (``""``: this page; None: no links;
    ``here``: the game of this page, whose ids are anchors on it).
    """
    out: list[str] = []
    paragraph: list[str] = []
    items: list[str] = []
    table: list[str] = []
    code: list[str] | None = None

    def flush() -> None:
        if paragraph:
            out.append("<p>" + " ".join(paragraph) + "</p>")
            paragraph.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>")
            items.clear()
        if table:
            out.append(_table(table, links, here))
            table.clear()

    for raw in text.split("\n"):
        stripped = raw.strip()
        if code is not None:
            if stripped.startswith("```"):
                out.append("<pre><code>" + str(escape("\n".join(code))) + "</code></pre>")
                code = None
            else:
                code.append(raw)
            continue
        if stripped.startswith("```"):
            flush()
            code = []
        elif re.match(r"^#{3,6}\s", stripped):
            # A sub-heading inside a section (a worked example's title).
            flush()
            out.append("<h4>" + _inline(stripped.lstrip("#").strip(), links, here) + "</h4>")
        elif stripped.startswith("|"):
            if not table:
                flush()
            table.append(stripped)
        elif stripped.startswith("- ") or re.match(r"^\d+\.\s", stripped):
            if paragraph or table:
                flush()
            items.append(
                _inline(stripped.split(" ", 1)[1] if stripped.startswith("- ") else stripped, links, here)
            )
        elif not stripped:
            flush()
        elif items and raw.startswith(" "):
            items[-1] += " " + _inline(stripped, links, here)
        else:
            if items or table:
                flush()
            paragraph.append(_inline(stripped, links, here))
    flush()
    if code is not None:
        out.append("<pre><code>" + str(escape("\n".join(code))) + "</code></pre>")
    return Markup("".join(out))


def pairs(game: str) -> tuple[tuple[str, object], ...]:
    """(id, English text) of every section and rule of ``game``; none without its file."""
    try:
        english_book = english(game)
    except FileNotFoundError:
        return ()
    found: list[tuple[str, object]] = []
    for section in english_book.sections:
        if section.id:
            found.append((section.id, section.title))
        found.extend((r.id, r.text) for r in section.rules)
    return tuple(found)
