"""`tafel pad` and `tafel scoresheet`: files written, exit status, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.cli import COMMANDS, main
from tests.helpers.pdf import A4, LETTER, flat, page_sizes, page_texts
from tests.helpers.pdf_matches import schieber_match


def test_pad_command(tmp_path: Path) -> None:
    out = tmp_path / "pad.pdf"
    status = main(
        [
            "pad",
            "--game",
            "schieber",
            "--paper",
            "letter",
            "--lang",
            "en",
            "--target",
            "2500",
            "--team",
            "Bern",
            "--team",
            "Thun",
            "--player",
            "Anna",
            "--player",
            "Beat",
            "-o",
            str(out),
        ]
    )
    assert status == 0
    data = out.read_bytes()
    assert page_sizes(data) == [LETTER, LETTER]
    text = flat(page_texts(data)[0])
    assert "Bern" in text and "Anna" in text and "2,500" in text


def test_short_language_names(tmp_path: Path) -> None:
    # The issue's own example: `tafel pad --game schieber --paper a4 --lang fr -o pad.pdf`.
    out = tmp_path / "pad.pdf"
    assert main(["pad", "--game", "schieber", "--paper", "a4", "--lang", "fr", "-o", str(out)]) == 0
    assert page_sizes(out.read_bytes()) == [A4, A4]


def test_command_line_pads_are_translated(tmp_path: Path) -> None:
    """The command line prints with the app's catalogs, not the English source."""
    from scorer.languages import catalog

    texts = {}
    for lang in ("en", "fr_CH"):
        out = tmp_path / f"pad-{lang}.pdf"
        assert main(["pad", "--game", "schieber", "--paper", "a4", "--lang", lang, "-o", str(out)]) == 0
        texts[lang] = flat(" ".join(page_texts(out.read_bytes())))
    target = catalog("fr_CH").gettext("Target")
    assert target != "Target" and target in texts["fr_CH"]
    assert "Target" in texts["en"] and "Target" not in texts["fr_CH"]


def test_klammern_pad_command(tmp_path: Path) -> None:
    out = tmp_path / "liga.pdf"
    assert (
        main(
            [
                "pad",
                "--game",
                "klammern",
                "--format",
                "liga",
                "--paper",
                "a4",
                "--lang",
                "fr_CH",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    assert page_sizes(out.read_bytes()) == [A4]


def test_format_is_klammern_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["pad", "--game", "schieber", "--format", "liga", "-o", str(tmp_path / "x.pdf")])
    assert status == 2
    assert "--format is for Klammern only" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_bad_language_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["pad", "--game", "schieber", "--lang", "xx", "-o", str(tmp_path / "x.pdf")])
    assert caught.value.code == 2


def test_scoresheet_command(tmp_path: Path) -> None:
    match = tmp_path / "match.json"
    document = schieber_match(6, names=["Anna", "Beat", "Carla", "Dario"], place="Thun", date="2026-11-28")
    document["deals"][1]["corrected_at"] = "2026-11-28T20:00:00"
    match.write_text(json.dumps(document), encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    assert main(["scoresheet", str(match), "--lang", "en", "-o", str(out)]) == 0
    text = flat(page_texts(out.read_bytes())[0])
    assert "Place Thun" in text and "corrected" in text


def test_scoresheet_of_a_match_that_breaks_a_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = tmp_path / "bad.json"
    match.write_text(
        json.dumps(
            {
                "game": "schieber",
                "deals": [
                    {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 1}},
                    {"forehand": 2, "contract": "obenabe", "stoeck": 2, "points": {"team": 1, "value": 80}},
                ],
            }
        ),
        encoding="utf-8",
    )
    assert main(["scoresheet", str(match), "-o", str(tmp_path / "x.pdf")]) == 1
    err = capsys.readouterr().err
    assert "rejects this match (deal 1)" in err and "S8" in err
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "JSON object"),
        ('{"game": "skat", "deals": []}', "unknown game"),
        ('{"game": "schieber"}', "list of deals"),
    ],
)
def test_scoresheet_input_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    match = tmp_path / "m.json"
    match.write_text(content, encoding="utf-8")
    assert main(["scoresheet", str(match), "-o", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scoresheet", str(tmp_path / "nope.json"), "-o", str(tmp_path / "x.pdf")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_subcommands_are_a_registry() -> None:
    assert {"pad", "scoresheet"} <= set(COMMANDS)


@pytest.mark.slow  # starts a Python process
def test_console_script_runs_as_a_process(tmp_path: Path) -> None:
    out = tmp_path / "pad.pdf"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "scorer.cli",
            "pad",
            "--game",
            "klammern",
            "--format",
            "hamburg",
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.slow  # starts a Python process
def test_languages_and_pdf_renderers_need_no_web_stack() -> None:
    """The language settings and the PDF package import without Flask; the games' sheet parts
    are found through the registry only when a view-model is built."""
    script = (
        "import sys\n"
        "import scorer.languages, scorer.sheets.pdf\n"
        "print('flask' in sys.modules, 'flask_babel' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]


@pytest.mark.slow  # starts a Python process
def test_pad_and_scoresheet_commands_need_no_web_stack(tmp_path: Path) -> None:
    """`tafel pad` and `tafel scoresheet FILE` print without importing Flask (its start-up is
    most of theirs); the files are the same PDFs the commands wrote before."""
    match = tmp_path / "match.json"
    document = schieber_match(4, names=["Anna", "Beat", "Carla", "Dario"], place="Thun", date="2026-11-28")
    match.write_text(json.dumps(document), encoding="utf-8")
    pad, sheet = tmp_path / "pad.pdf", tmp_path / "sheet.pdf"
    script = (
        "import sys\n"
        "from scorer.cli import main\n"
        f"assert main(['pad', '--game', 'klammern', '--format', 'hamburg', '-o', {str(pad)!r}]) == 0\n"
        f"assert main(['pad', '--game', 'coiffeur', '-o', {str(tmp_path / 'grid.pdf')!r}]) == 0\n"
        f"assert main(['scoresheet', {str(match)!r}, '--lang', 'en', '-o', {str(sheet)!r}]) == 0\n"
        "print(sorted(m for m in ('flask', 'flask_babel', 'wtforms') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[]"]
    assert pad.read_bytes().startswith(b"%PDF") and (tmp_path / "grid.pdf").read_bytes().startswith(b"%PDF")
    assert "Place Thun" in flat(page_texts(sheet.read_bytes())[0])


def test_the_sheets_read_each_default_game_as_its_game_states_it() -> None:
    """Without Flask the sheets read a game from its ``sheet`` module: the same formats (K9),
    sheet part and scoring entry (a Passe's, T3) as the game's ``GAME``."""
    from scorer import games

    for module in games.MODULES:
        full = games.load([module])
        (name,) = full
        light = games._sheet_game(module)
        assert light == (name, full[name].formats, full[name].sheet, full[name].score)
    assert games._sheet_game("scorer.games.klammern").formats == ("small_big", "liga", "hamburg")
    assert games._sheet_game("scorer.games.passe").score is not None
