"""Blank pads as PDFs: paper, pages, pre-printed names, languages, fonts, pixels, bytes."""

from __future__ import annotations

import pytest

from scorer.sheets.pdf import Lang, pad_view, render_pad
from tests.helpers.pdf import (
    A4,
    LETTER,
    flat,
    fonts,
    has_persian,
    has_presentation_forms,
    ink_per_page,
    page_lines,
    page_sizes,
    page_texts,
    text_x,
)

GAMES = [("schieber", None), ("klammern", "small_big"), ("klammern", "liga"), ("klammern", "hamburg")]
NAMES = {"teams": ("Bern", "Thun"), "players": ("Anna", "Beat", "Carla", "Dario")}


@pytest.mark.slow
@pytest.mark.parametrize(("game", "fmt"), GAMES)
@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_pad_pages_and_paper(game: str, fmt: str | None, paper: str, size: tuple[int, int]) -> None:
    data = render_pad(pad_view(game, fmt, **NAMES), Lang("en"), paper)
    # One page of deal rows; Schieber adds the chalk-board page.
    assert page_sizes(data) == [size] * (2 if game == "schieber" else 1)
    text = page_texts(data)[0]
    for name in ("Bern", "Thun", "Anna", "Beat", "Carla", "Dario"):
        assert name in text
    assert all(share > 0.01 for share in ink_per_page(data)), "a page rendered blank"


def test_schieber_pad_content() -> None:
    data = render_pad(pad_view("schieber", target=2500, **NAMES), Lang("en"), "a4")
    table, board = (flat(t) for t in page_texts(data))
    for label in ("Dealer", "Contract", "Factor", "Points", "Weis", "Stöck", "Total", "= 157 × factor"):
        assert label in table
    assert "2,500" in table
    lines = page_lines(data)[0]
    # Deal rows numbered down the page, filling it.
    numbers = [int(line) for line in lines if line.isdigit()]
    assert numbers[:3] == [1, 2, 3] and max(numbers) >= 30
    # The chalk board: each team's 100/50/20 lines, the target and the Schneider line (S1.3).
    assert board.count("Schneider 1,250") == 2 and board.count("Target 2,500") == 2
    for value in ("100", "50", "20"):
        assert board.count(value) >= 2


def test_klammern_pads_content() -> None:
    small_big = flat(page_texts(render_pad(pad_view("klammern", "small_big", **NAMES), Lang("en")))[0])
    assert "Laube" in small_big and "Kalte" in small_big and "Big points" in small_big
    liga = flat(page_texts(render_pad(pad_view("klammern", "liga", target=41, **NAMES), Lang("en")))[0])
    assert "Augen" in liga and "41" in liga
    # The K8.1 rounding table in the margin: 55 game points are 6 Augen.
    assert "55–64" in liga
    hamburg = flat(page_texts(render_pad(pad_view("klammern", "hamburg", **NAMES), Lang("en")))[0])
    assert "Orgi" in hamburg and "Little one" in hamburg and "⚅" in hamburg


def test_pad_without_names_leaves_blanks() -> None:
    text = page_texts(render_pad(pad_view("klammern", "small_big"), Lang("en")))[0]
    assert "Team 1" in text and "Team 2" in text and "____" in text


def test_pad_for_three_players_alone() -> None:
    text = page_texts(render_pad(pad_view("klammern", "hamburg", players=("Ben", "Sue", "Ola")), Lang("en")))[
        0
    ]
    assert all(name in text for name in ("Ben", "Sue", "Ola"))


PERSIAN = {"Score pad": "دفترچه امتیاز", "Contract": "حکم", "Chalk board": "تخته", "Target": "هدف"}


def test_persian_pad_is_shaped_right_to_left() -> None:
    lang = Lang("fa", lambda message: PERSIAN.get(message, message))
    data = render_pad(pad_view("schieber", target=3000, teams=("تون", "برن")), lang, "a4")
    table, board = page_texts(data)
    assert has_presentation_forms(table) and has_presentation_forms(board)
    assert has_persian("دفترچه امتیاز", table)
    assert has_persian("حکم", table)
    assert has_persian("تون", table) and has_persian("برن", board)
    # Persian digits: the target and the deal numbers.
    assert "۳٬۰۰۰" in table and "۱۲" in table
    # Right to left: the title starts at the right-hand side of the page, as does the
    # first team's column group (team 1 on the right).
    assert min(text_x(data, 0, "دفترچه امتیاز")) > A4[0] / 2
    assert min(text_x(data, 0, "تون")) > min(text_x(data, 0, "برن"))
    latin = render_pad(pad_view("schieber", target=3000, teams=("Thun", "Bern")), Lang("en"), "a4")
    assert max(text_x(latin, 0, "Score pad")) < A4[0] / 4
    assert all(share > 0.01 for share in ink_per_page(data))


@pytest.mark.parametrize("lang", ["de_CH", "fr_CH", "it_CH", "en", "sv", "fa"])
def test_every_language_renders(lang: str) -> None:
    data = render_pad(pad_view("klammern", "liga", **NAMES), Lang(lang), "letter")
    assert page_sizes(data) == [LETTER]


def test_same_input_same_bytes() -> None:
    view = pad_view("schieber", target=1000, **NAMES)
    assert render_pad(view, Lang("en"), "a4") == render_pad(view, Lang("en"), "a4")
    assert render_pad(view, Lang("en"), "a4") != render_pad(view, Lang("en"), "letter")


def test_fonts_are_embedded_truetype_subsets() -> None:
    found = fonts(render_pad(pad_view("schieber", **NAMES), Lang("fa"), "a4"))
    assert found
    for name, font in found.items():
        # ReportLab names a subset "<6 letters>+<font>"; its glyphs are in a FontFile2 stream.
        assert font["embedded_truetype"], f"{name} is not embedded"
        assert "+" in name and "DejaVuSans" in name, name


def test_unknown_paper() -> None:
    with pytest.raises(ValueError, match="paper"):
        render_pad(pad_view("schieber"), Lang("en"), "a3")
