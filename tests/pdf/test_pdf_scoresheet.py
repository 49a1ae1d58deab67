"""Scoresheets as PDFs: every figure the engine's, long matches paginated, languages, bytes."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

import rules_engine
from scorer.sheets.pdf import Lang, build_scoresheet, render_scoresheet
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
from tests.helpers.pdf_matches import finished_schieber_match, klammern_match, schieber_match

NAMES = ["Anna", "Beat", "Carla", "Dario"]
META = {"names": NAMES, "teams": ["Bern", "Thun"], "place": "Restaurant Bären, Thun", "date": "2026-11-28"}
EN = Lang("en")
SWISS = {
    "H": "Rosen",
    "D": "Eicheln",
    "C": "Schellen",
    "S": "Schilten",
    "obenabe": "Obenabe",
    "undenufe": "Undenufe",
}
FRENCH = {"H": "Hearts", "D": "Diamonds", "C": "Clubs", "S": "Spades"}


def contains_run(lines: list[str], run: list[str]) -> bool:
    """The cells ``run`` appear next to each other, in order, on one extracted line (a
    table row comes out as one line, its non-empty cells separated by spaces)."""
    wanted = " " + " ".join(run) + " "
    return any(wanted in f" {flat(line)} " for line in lines)


def row_lines(lines: list[str]) -> dict[int, str]:
    """Extracted lines that start with a deal number, by that number (first occurrence)."""
    rows: dict[int, str] = {}
    for line in lines:
        first = line.split()[0]
        if first.isdigit() and int(first) not in rows and len(line.split()) > 3:
            rows[int(first)] = line
    return rows


def schieber_row(i: int, deal: dict[str, Any], figures: dict[str, Any]) -> list[str]:
    """The lines a deal's row must show, straight from the record and the engine's answer."""
    forehand = deal["forehand"]
    run = [
        str(i + 1),
        NAMES[(forehand - 2) % 4],
        NAMES[forehand - 1],
        SWISS[deal["contract"]],
        f"×{figures['factor']}",
    ]
    for side in (0, 1):
        run.append(EN.number(figures["trick_points"][side]))
        run.extend(EN.number(figures[key][side]) for key in ("weis", "stoeck") if figures[key][side])
        run.append(EN.number(figures["counted"][side]))
        run.append(EN.number(figures["scores_after"][side]))
    return run


def all_lines(data: bytes) -> list[str]:
    return [line for page in page_lines(data) for line in page]


def test_every_schieber_figure_is_the_engines() -> None:
    document = schieber_match(40, meta=META)
    answer = rules_engine.score_match(schieber_match(40))
    data = render_scoresheet(build_scoresheet(document), EN, "a4")
    lines = all_lines(data)
    for i, (deal, figures) in enumerate(zip(document["deals"], answer["deals"])):
        assert contains_run(lines, schieber_row(i, deal, figures)), f"deal {i + 1}"
    text = flat("\n".join(page_texts(data)))
    assert f"Bern: {EN.number(answer['scores'][0])} Thun: {EN.number(answer['scores'][1])}" in text
    assert "Winner not finished" in text


def test_header_names_game_rules_date_place_and_seats() -> None:
    document = schieber_match(3, meta=META, options={"long_runs": "graded"})
    text = flat(page_texts(render_scoresheet(build_scoresheet(document), EN))[0])
    for expected in (
        "Scoresheet",
        "Game Schieber",
        "Rules basic rules",
        "long_runs: graded",
        "Target 100,000",
        "Date Nov 28, 2026",
        "Place Restaurant Bären, Thun",
        "Bern seat 1: Anna seat 3: Carla",
        "Thun seat 2: Beat seat 4: Dario",
    ):
        assert expected in text, expected
    # Signature lines for both teams.
    assert text.count("Signature") == 2 and "Bern (Anna, Carla)" in text and "Thun (Beat, Dario)" in text


@pytest.mark.slow
@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_long_match_paginates_with_the_header_row_on_every_page(paper: str, size: tuple[int, int]) -> None:
    data = render_scoresheet(build_scoresheet(schieber_match(60, meta=META)), EN, paper)
    pages = page_lines(data)
    assert len(pages) > 1
    assert page_sizes(data) == [size] * len(pages)
    for lines in pages:
        words = set(flat(" ".join(lines)).split())
        assert {"#", "Dealer", "Forehand", "Contract", "Bern", "Thun", "Total", "Points"} <= words
    # Every deal is on some page exactly once, in order.
    numbers = [n for lines in pages for n in row_lines(lines)]
    assert numbers == list(range(1, 61))
    assert all(share > 0.01 for share in ink_per_page(data))


def test_finished_match_names_winner_and_schneider() -> None:
    record = finished_schieber_match(rules_engine.score_match, target=1400)
    answer = rules_engine.score_match(record)
    assert answer["finished"] and answer["schneider"]
    text = flat("\n".join(page_texts(render_scoresheet(build_scoresheet({**record, **META}), EN))))
    winner, loser = ("Bern", "Thun") if answer["winner"] == 1 else ("Thun", "Bern")
    assert f"Winner {winner}" in text
    assert f"Schneider: {loser}" in text
    assert f"{winner} reached the target by trick points" in text


def test_corrected_deal_shows_its_correction_time() -> None:
    document = schieber_match(5, meta=META)
    document["deals"][2]["corrected_at"] = "2026-11-28T21:14:00"
    text = flat("\n".join(page_texts(render_scoresheet(build_scoresheet(document), EN))))
    when = flat(EN.datetime(dt.datetime(2026, 11, 28, 21, 14)).replace("\u202f", " "))
    assert f"corrected {when}" in flat(text.replace("\u202f", " "))
    assert text.count("corrected") == 1


@pytest.mark.parametrize("fmt", ["small_big", "liga", "hamburg"])
def test_every_klammern_figure_is_the_engines(fmt: str) -> None:
    document = klammern_match(fmt, {"small_big": 25, "liga": 15, "hamburg": 2}[fmt], meta=META)
    record = klammern_match(fmt, {"small_big": 25, "liga": 15, "hamburg": 2}[fmt])
    answer = rules_engine.score_match(record)
    assert answer["valid"], answer["errors"]
    data = render_scoresheet(build_scoresheet(document), EN, "letter")
    assert set(page_sizes(data)) == {LETTER}
    lines = all_lines(data)
    figure = {"small_big": "small_points", "liga": "augen", "hamburg": "dice"}[fmt]
    for i, (deal, figures) in enumerate(zip(record["deals"], answer["deals"])):
        run = [
            str(i + 1),
            NAMES[(deal["forehand"] - 2) % 4],
            FRENCH[deal["trump"]],
            NAMES[deal["declarer"] - 1],
        ]
        running = answer["running"][i]
        for side in (0, 1):
            side_run = [
                EN.number(figures[key][side])
                for key in ("melds", "bella")
                if figures[key][side] and fmt != "hamburg"
            ]
            side_run.append(EN.number(figures["card_points"][side]))
            side_run.append(EN.number(figures[figure][side]))
            if fmt == "small_big":
                side_run += [EN.number(running["small"][side]), EN.number(running["big"][side])]
            else:
                side_run.append(EN.number(running[side]))
            assert contains_run(lines, side_run), f"deal {i + 1} side {side + 1}: {side_run}"
        assert contains_run(lines, run[:3]), f"deal {i + 1}"
    text = flat("\n".join(page_texts(data)))
    if fmt == "small_big":
        # Each Kalte deal, and the result's count of them.
        assert text.count("Kalte") == len(answer["kalte"]) + (1 if answer["kalte"] else 0)
        assert "Laube: " in text
        big = answer["scores"]["big"]
        assert f"Big points Bern: {EN.number(big[0])} Thun: {EN.number(big[1])}" in text
    winner = {None: "not finished", 1: "Bern", 2: "Thun"}[answer["winner"]]
    assert f"Winner {winner}" in text


def test_kalte_and_laube_marks() -> None:
    # Team 1 plays and wins five deals in a row: 4:0 puts it in the Laube (K7.5), 5:0 is a Kalte (K7.3).
    deals = [
        {
            **klammern_match("small_big", 1)["deals"][0],
            "forehand": 1,
            "declarer": 1,
            "points": {"team": 1, "value": 120},
        }
        for _ in range(5)
    ]
    document = {"game": "klammern", "players": 4, "format": "small_big", "deals": deals, **META}
    answer = rules_engine.score_match({k: v for k, v in document.items() if k not in META})
    assert answer["kalte"] == [4], answer
    lines = all_lines(render_scoresheet(build_scoresheet(document), EN))
    rows = row_lines(lines)

    def notes(deal: int) -> str:
        # The Notes column (a smaller font, so its own extracted line) follows its row.
        start = lines.index(rows[deal])
        return " ".join(lines[start : start + 2])

    assert "Laube: Bern" in notes(4) and "Kalte" not in notes(4)
    assert "Kalte" in notes(5)


PERSIAN = {
    "Scoresheet": "برگه امتیاز",
    "Result": "نتیجه",
    "Signature": "امضا",
    "Contract": "حکم",
    "Team %(number)s": "تیم %(number)s",
}


def test_persian_scoresheet() -> None:
    lang = Lang("fa", lambda message: PERSIAN.get(message, message))
    record = schieber_match(80)
    answer = rules_engine.score_match(record)
    data = render_scoresheet(build_scoresheet(record), lang, "a4")
    texts = page_texts(data)
    assert len(texts) > 1
    first = texts[0]
    assert has_presentation_forms(first)
    assert has_persian("برگه امتیاز", first) and has_persian("حکم", first)
    # pypdf reorders a mixed Persian-digit run its own way; the word and the digit are checked apart.
    assert has_persian("تیم", first) and "۱" in first and "۲" in first
    assert has_persian("حکم", texts[1]), "header row repeated in Persian"
    last = texts[-1]
    assert (
        has_persian("نتیجه", last)
        and last.count("ﺍﻣﻀﺎ") + flat(last).count("امضا") >= 2
        or has_persian("امضا", last)
    )
    # Persian digits for the engine's figures.
    for total in answer["scores"]:
        assert Lang("fa").number(total) in last
    assert Lang("fa").number(answer["deals"][0]["scores_after"][0]) in first
    # Mirrored: the deal numbers run down the right-hand edge.
    assert min(text_x(data, 0, "برگه امتیاز")) > A4[0] / 2


def test_same_match_same_bytes_and_embedded_fonts() -> None:
    view = build_scoresheet(schieber_match(12, meta=META))
    first = render_scoresheet(view, EN, "a4")
    assert first == render_scoresheet(build_scoresheet(schieber_match(12, meta=META)), EN, "a4")
    assert first != render_scoresheet(view, Lang("de_CH"), "a4")
    for name, font in fonts(first).items():
        assert font["embedded_truetype"] and "+" in name, name
    assert b"/CreationDate (D:20000101000000+00'00')" in first


@pytest.mark.parametrize("lang", ["de_CH", "fr_CH", "it_CH", "en", "sv", "fa"])
def test_every_language_renders_a_klammern_sheet(lang: str) -> None:
    data = render_scoresheet(build_scoresheet(klammern_match("small_big", 8, meta=META)), Lang(lang), "a4")
    assert page_sizes(data) == [A4]
    assert all(share > 0.01 for share in ink_per_page(data))


@pytest.mark.slow
def test_same_bytes_in_another_process() -> None:
    # Hash randomisation, caches and registration order must not leak into the bytes.
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "import tests.helpers.pdf_matches as m; from scorer.sheets.pdf import Lang, build_scoresheet, render_scoresheet;"
        "sys.stdout.buffer.write(render_scoresheet(build_scoresheet(m.klammern_match('small_big', 12)), Lang('fa')))"
    )
    here = str(Path(__file__).resolve().parents[2])
    done = subprocess.run(
        [sys.executable, "-c", script, here],
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONHASHSEED": "12345"},
    )
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout == render_scoresheet(build_scoresheet(klammern_match("small_big", 12)), Lang("fa"))


def test_durchmarsch_is_marked_on_its_deal_and_in_the_result() -> None:
    # K8.4: a march that takes every trick wins the Liga match at once.
    record = klammern_match("liga", 2)
    record["deals"].append(
        {
            **record["deals"][0],
            "forehand": 3,
            "declarer": 3,
            "durchmarsch": 3,
            "points": {"team": 1, "all_tricks": True},
        }
    )
    answer = rules_engine.score_match(record)
    assert answer["finished"] and answer["durchmarsch"]["succeeded"], answer
    lines = all_lines(render_scoresheet(build_scoresheet({**record, **META}), EN))
    rows = row_lines(lines)
    start = lines.index(rows[3])
    assert "Durchmarsch Bern, won" in " ".join(lines[start : start + 2])
    text = flat(" ".join(lines))
    assert "Winner Bern" in text and text.count("Durchmarsch Bern, won") == 2


def test_revoke_is_marked() -> None:
    # K4.5: a revoke ends the deal; the sheet names who revoked.
    record = klammern_match("small_big", 1)
    deal = dict(record["deals"][0])
    deal.pop("points")
    deal["revoke"] = {"seat": 2, "points": [50, 30]}
    record["deals"] = [deal]
    assert rules_engine.score_match(record)["valid"]
    text = flat(" ".join(all_lines(render_scoresheet(build_scoresheet({**record, **META}), EN))))
    assert "Revoke by Beat" in text


def test_persian_heading_names_the_rules_in_persian() -> None:
    """The rules row said "Tafel (seed)": Latin brackets a right-to-left line broke apart."""
    from scorer.languages import catalog

    persian = Lang.from_translations("fa", catalog("fa"))
    first = page_texts(render_scoresheet(build_scoresheet(schieber_match(3)), persian, "a4"))[0]
    assert "seed" not in first and "Tafel" not in first and "(" not in first
    assert has_persian("قوانین پایه", first)
