"""The rule files in every language pair up rule by rule with the English ones.

A parser (the rule book, the dispute desk) matches a rule across languages by its id, so a
translation must keep every id in the same order, the same headings, every option key and
code span verbatim, and every figure: a dropped or changed number is how a translation goes
wrong without anyone noticing.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "scorer" / "rules"
LANGUAGES = ("de_CH", "fr_CH", "it_CH", "sv", "fa")
GAMES = ("SCHIEBER.md", "KLAMMERN.md")

HEADING = re.compile(r"^## (?:([SK]\d+)\b)?")
RULE = re.compile(r"^- ([SK]\d+\.\d+)\b")
CODE = re.compile(r"`([^`]+)`")
# Persian (U+06F0..) and Arabic-Indic (U+0660..) digits count as the same figures.
DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
NUMBER = re.compile(r"\d+")


@dataclass
class Block:
    key: str
    lines: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def numbers(self) -> Counter[str]:
        # Code spans are compared verbatim on their own; their digits are not prose figures.
        prose = CODE.sub(" ", self.text).translate(DIGITS)
        return Counter(n.lstrip("0") or "0" for n in NUMBER.findall(prose))

    def code_spans(self) -> Counter[str]:
        return Counter(CODE.findall(self.text))

    def table_rows(self) -> list[str]:
        """The first cell of each table row (its code span, if any): the option keys."""
        rows = []
        for line in self.lines:
            if line.startswith("|") and not line.startswith("| ---"):
                first = line.strip("|").split("|")[0]
                rows.append(" ".join(CODE.findall(first)))
        return rows


def parse(text: str) -> list[Block]:
    """Split a rule file into blocks: the preamble, each heading, each numbered rule."""
    blocks = [Block("preamble", [])]
    sections = 0
    for line in text.splitlines():
        heading, rule = HEADING.match(line), RULE.match(line)
        if heading:
            sections += 1
            blocks.append(Block(heading.group(1) or f"section-{sections}", [line]))
        elif rule:
            blocks.append(Block(rule.group(1), [line]))
        else:
            blocks[-1].lines.append(line)
    return blocks


def rule_ids(blocks: list[Block]) -> list[str]:
    return [b.key for b in blocks if re.fullmatch(r"[SK]\d+(\.\d+)?", b.key)]


PAIRS = [(lang, game) for lang in LANGUAGES for game in GAMES]


@pytest.mark.parametrize("game", GAMES)
def test_english_has_the_rule_ids_a_parser_expects(game: str) -> None:
    ids = rule_ids(parse((RULES / game).read_text(encoding="utf-8")))
    prefix = game[0]
    assert ids and all(i.startswith(prefix) for i in ids)
    assert len(ids) == len(set(ids))


@pytest.fixture(params=PAIRS, ids=[f"{lang}/{game}" for lang, game in PAIRS])
def pair(request: pytest.FixtureRequest) -> tuple[list[Block], list[Block]]:
    lang, game = request.param
    english = parse((RULES / game).read_text(encoding="utf-8"))
    translated = parse((RULES / lang / game).read_text(encoding="utf-8"))
    return english, translated


def test_same_rule_ids_in_the_same_order(pair: tuple[list[Block], list[Block]]) -> None:
    english, translated = pair
    assert rule_ids(translated) == rule_ids(english)
    assert [b.key for b in translated] == [b.key for b in english]


def test_every_rule_keeps_its_numbers(pair: tuple[list[Block], list[Block]]) -> None:
    english, translated = pair
    lost = {
        e.key: (e.numbers() - t.numbers(), t.numbers() - e.numbers())
        for e, t in zip(english, translated, strict=True)
        if e.numbers() != t.numbers()
    }
    assert not lost, f"figures differ (missing, added): {lost}"


def test_every_rule_keeps_its_code_spans(pair: tuple[list[Block], list[Block]]) -> None:
    english, translated = pair
    changed = {
        e.key: (e.code_spans() - t.code_spans(), t.code_spans() - e.code_spans())
        for e, t in zip(english, translated, strict=True)
        if e.code_spans() != t.code_spans()
    }
    assert not changed, f"option keys / code spans differ (missing, added): {changed}"


def test_option_tables_keep_their_rows(pair: tuple[list[Block], list[Block]]) -> None:
    english, translated = pair
    for e, t in zip(english, translated, strict=True):
        assert t.table_rows() == e.table_rows(), e.key


def test_parser_sees_a_dropped_figure() -> None:
    english = parse("## S5 Points\n- S5.4 The last trick adds 5. Total 157.\n")
    broken = parse("## S5 Punkte\n- S5.4 Der letzte Stich zählt dazu. Total ۱۵۷.\n")
    assert english[2].numbers() - broken[2].numbers() == Counter({"5": 1})
