"""`tafel scoresheet MATCH` with MATCH a match number in the app's database."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.cli import main
from tests.helpers.pdf import LETTER, flat, page_sizes, page_texts
from tests.helpers.sheets import corrected_schieber, void

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def configured(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The environment `tafel` reads: the test app's database, a secret key (so nothing is
    written into the checkout's instance folder)."""
    url = str(app.config["DATABASE_URL"])
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("TAFEL_SECRET_KEY", "cli-test")
    yield url


@pytest.mark.slow
def test_a_match_number_prints_the_stored_match(client: FlaskClient, configured: str, tmp_path: Path) -> None:
    match_id = corrected_schieber(client)
    out = tmp_path / "sheet.pdf"
    assert main(["scoresheet", str(match_id), "--lang", "en", "--paper", "letter", "-o", str(out)]) == 0
    data = out.read_bytes()
    assert page_sizes(data) == [LETTER]
    text = flat(page_texts(data)[0])
    # The engine's totals (worked out in sheets_helpers.corrected_schieber), names and correction.
    assert "Anna & Cla: 440" in text and "Beat & Dora: 345" in text
    assert "corrected" in text and "seat 4: Dora" in text
    # The app prints the same document (its English catalog adds nothing to the source strings).
    assert data == client.get(f"/matches/{match_id}/scoresheet.pdf?paper=letter").data


@pytest.mark.slow
def test_the_same_match_from_its_export_file(client: FlaskClient, configured: str, tmp_path: Path) -> None:
    match_id = corrected_schieber(client)
    exported = tmp_path / "match.json"
    exported.write_bytes(client.get(f"/matches/{match_id}/export.json").data)
    out = tmp_path / "file.pdf"
    assert main(["scoresheet", str(exported), "--lang", "en", "-o", str(out)]) == 0
    assert "Anna & Cla" not in flat(page_texts(out.read_bytes())[0])  # a bare record has no names


def test_a_file_named_with_digits_is_still_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/none.sqlite")  # would fail if asked
    Path("12").write_text(json.dumps({"game": "schieber", "deals": []}), encoding="utf-8")
    assert main(["scoresheet", "12", "-o", "out.pdf"]) == 0
    assert Path("out.pdf").read_bytes().startswith(b"%PDF")


def test_no_such_match(configured: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scoresheet", "4711", "-o", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert "there is no match 4711 in the database" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.slow
def test_a_voided_match(
    app: Flask, client: FlaskClient, configured: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match_id = corrected_schieber(client)
    void(app, match_id)
    assert main(["scoresheet", str(match_id), "-o", str(tmp_path / "x.pdf")]) == 2
    assert f"match {match_id} was voided" in capsys.readouterr().err


def test_a_database_without_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/empty.sqlite")
    monkeypatch.setenv("TAFEL_SECRET_KEY", "cli-test")
    assert main(["scoresheet", "1", "-o", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert "cannot read match 1 from the database sqlite:///" in err and "no such table" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_the_password_of_the_database_is_not_shown(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("psycopg")
    monkeypatch.setenv("DATABASE_URL", "postgresql+psycopg://tafel:s3cret@127.0.0.1:9/none?connect_timeout=1")
    monkeypatch.setenv("TAFEL_SECRET_KEY", "cli-test")
    assert main(["scoresheet", "1", "-o", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert "s3cret" not in err and "cannot read match 1" in err


@pytest.mark.slow  # starts a Python process
def test_as_a_process(client: FlaskClient, configured: str, tmp_path: Path) -> None:
    match_id = corrected_schieber(client)
    out = tmp_path / "sheet.pdf"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-m", "scorer.cli", "scoresheet", str(match_id), "--lang", "fr", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF")
