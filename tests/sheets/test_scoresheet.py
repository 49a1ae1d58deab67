"""GET /matches/<id>/scoresheet.pdf: the match as the app keeps it, in the reader's language."""

from __future__ import annotations

import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

import rules_engine
from tests.helpers.pdf import A4, LETTER, flat, page_lines, page_sizes, page_texts
from tests.helpers.sheets import append_raw_deal, corrected_schieber, klammern_with_a_deal, void
from tests.helpers.tablet import new_klammern, new_schieber


def sheet_text(data: bytes) -> str:
    return flat(" ".join(page_texts(data)))


def engine_answer(client: FlaskClient, match_id: int) -> dict:
    """The engine's answer to the match record the app exports."""
    record = json.loads(client.get(f"/matches/{match_id}/export.json").get_data(as_text=True))
    return rules_engine.score_match(record)


@pytest.mark.slow
def test_the_sheet_of_a_schieber_match(client: FlaskClient) -> None:
    match_id = corrected_schieber(client)
    response = client.get(f"/matches/{match_id}/scoresheet.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"] == f'inline; filename="tafel-scoresheet-{match_id}.pdf"'
    assert response.data.startswith(b"%PDF")
    assert page_sizes(response.data) == [A4]
    text = sheet_text(response.data)
    # Worked out by hand (sheets_helpers.corrected_schieber): deals 100:57, 100:57, 240:231.
    # A row: number, dealer, forehand, contract, factor, then per team its columns ending
    # in the deal's score and the running total.
    rows = [line for line in page_lines(response.data)[0] if re.match(r"[123] ", line)]
    assert re.match(r"1 Dora Anna Rosen ×1 .*\b100 100 .*\b57 57 corrected ", rows[0])
    assert re.match(r"2 Anna Beat Rosen ×1 .*\b100 200 .*\b57 114$", rows[1])
    assert re.match(r"3 Beat Cla Obenabe ×3 .*\b240 440 .*\b231 345$", rows[2])
    # ... and the engine says the same of the exported record.
    answer = engine_answer(client, match_id)
    assert answer["scores"] == [440, 345]
    for side, figure in zip(("Anna & Cla", "Beat & Dora"), answer["scores"]):
        assert f"{side}: {figure}" in text
    for name in ("Anna", "Beat", "Cla", "Dora"):
        assert name in text
    # The corrected deal carries its correction time; the date of the match is printed.
    assert text.count("corrected") == 1
    assert re.search(r"Date \w{3} \d{1,2}, 20\d\d", text)
    assert "not finished" in text


@pytest.mark.slow
def test_the_sheet_of_a_klammern_match(client: FlaskClient) -> None:
    match_id = klammern_with_a_deal(client)
    response = client.get(f"/matches/{match_id}/scoresheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = sheet_text(response.data)
    answer = engine_answer(client, match_id)
    assert answer["valid"]
    small, big = answer["scores"]["small"], answer["scores"]["big"]
    for side, s, b in zip(("Ben & Tom", "Sue & Ulla"), small, big):
        assert f"{side}: {b}" in text and f"{side}: {s}" in text
    assert "Klammern (small and big points)" in text


@pytest.mark.slow
@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER), ("Letter", LETTER), ("", A4)])
def test_paper(client: FlaskClient, paper: str, size: tuple[int, int]) -> None:
    match_id = corrected_schieber(client)
    response = client.get(f"/matches/{match_id}/scoresheet.pdf?paper={paper}")
    assert response.status_code == 200
    assert page_sizes(response.data) == [size]


def test_an_unknown_paper_is_a_clear_refusal(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    response = client.get(f"/matches/{match_id}/scoresheet.pdf?paper=legal")
    assert response.status_code == 400 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert "There is no paper size legal." in page and "?paper=letter" in page


@pytest.mark.slow
@pytest.mark.parametrize(
    ("language", "title", "winner"),
    [
        ("fr", "Feuille de match", "Gagnant"),
        ("de-CH", "Spielblatt", None),
        ("en", "Scoresheet", "Winner"),
    ],
)
def test_the_sheet_speaks_the_readers_language(
    app: Flask, language: str, title: str, winner: str | None
) -> None:
    reader = app.test_client()
    reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    match_id = new_schieber(reader)
    text = sheet_text(reader.get(f"/matches/{match_id}/scoresheet.pdf").data)
    assert title in text
    if winner:
        assert winner in text
    if language == "fr":
        assert "Scoresheet" not in text and "Rules" not in text
        assert "Règles" in text or "Jeu" in text


def test_the_language_chosen_with_the_switcher_wins(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    client.get("/lang/fr_CH")
    text = sheet_text(client.get(f"/matches/{match_id}/scoresheet.pdf").data)
    assert "Feuille de match" in text
    # French groups thousands with a narrow no-break space: the target 3 000.
    assert "3\u202f000" in " ".join(page_texts(client.get(f"/matches/{match_id}/scoresheet.pdf").data))


def test_persian_sheet_is_right_to_left_and_shaped(app: Flask) -> None:
    reader = app.test_client()
    reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fa"
    match_id = new_schieber(reader)
    response = reader.get(f"/matches/{match_id}/scoresheet.pdf")
    assert response.status_code == 200
    from tests.helpers.pdf import has_presentation_forms

    assert has_presentation_forms(" ".join(page_texts(response.data)))


def test_an_empty_match_prints_an_empty_sheet(client: FlaskClient) -> None:
    match_id = new_klammern(client)
    response = client.get(f"/matches/{match_id}/scoresheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = sheet_text(response.data)
    assert "Scoresheet" in text and "not finished" in text


@pytest.mark.slow
def test_a_voided_match_has_no_sheet_but_a_clear_message(app: Flask, client: FlaskClient) -> None:
    match_id = corrected_schieber(client)
    void(app, match_id)
    response = client.get(f"/matches/{match_id}/scoresheet.pdf")
    assert response.status_code == 409 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert "This match was voided." in page and "A voided match has no scoresheet." in page
    assert f'href="/matches/{match_id}"' in page
    # ... and no button offers it.
    assert "scoresheet.pdf" not in client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert f"/matches/{match_id}/scoresheet.pdf" not in client.get("/matches/").get_data(as_text=True)


def test_a_match_the_engine_now_rejects_is_explained_not_a_500(app: Flask, client: FlaskClient) -> None:
    match_id = new_schieber(client)
    # 1 trick point is impossible (S8); the forms would never store it.
    append_raw_deal(app, match_id, {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 1}})
    response = client.get(f"/matches/{match_id}/scoresheet.pdf")
    assert response.status_code == 422 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert "This match cannot be printed." in page and "S8" in page


def test_no_such_match(client: FlaskClient) -> None:
    assert client.get("/matches/9999/scoresheet.pdf").status_code == 404


@pytest.mark.slow
def test_spectators_may_print(client: FlaskClient, spectator: FlaskClient) -> None:
    match_id = corrected_schieber(client)
    page = spectator.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Enter deal" not in page  # really without edit rights
    assert f'href="/matches/{match_id}/scoresheet.pdf"' in page
    response = spectator.get(f"/matches/{match_id}/scoresheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert response.data == client.get(f"/matches/{match_id}/scoresheet.pdf").data


@pytest.mark.slow
def test_the_same_match_gives_the_same_bytes(client: FlaskClient) -> None:
    match_id = corrected_schieber(client)
    url = f"/matches/{match_id}/scoresheet.pdf"
    assert client.get(url).data == client.get(url).data


@pytest.mark.slow
def test_pdf_headers(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    response = client.get(f"/matches/{match_id}/scoresheet.pdf")
    policy = response.headers["Content-Security-Policy"]
    # Chrome's own viewer needs object-src; nothing else is opened.
    assert (
        "object-src 'self'" in policy
        and "default-src 'none'" in policy
        and "frame-ancestors 'none'" in policy
    )
    assert "script-src" not in policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Cache-Control"] == "no-cache"


@pytest.mark.slow
def test_buttons_on_the_match_page_and_the_list(client: FlaskClient) -> None:
    schieber = new_schieber(client)
    klammern = klammern_with_a_deal(client)
    for match_id in (schieber, klammern):
        page = client.get(f"/matches/{match_id}").get_data(as_text=True)
        button = re.search(
            rf'<a class="button scoresheet" href="/matches/{match_id}/scoresheet.pdf"[^>]*>([^<]+)</a>', page
        )
        assert button and button.group(1) == "Scoresheet (PDF)"
    listing = client.get("/matches/").get_data(as_text=True)
    for match_id in (schieber, klammern):
        assert re.search(rf'<a class="button scoresheet" href="/matches/{match_id}/scoresheet.pdf"', listing)
    # Each button is a link of its own, not nested inside the row's link.
    assert not re.search(r"<a [^>]*>(?:(?!</a>).)*<a ", listing, re.S)
    # The button's page answers with a PDF.
    assert client.get(f"/matches/{schieber}/scoresheet.pdf").mimetype == "application/pdf"


@pytest.mark.slow
def test_the_button_is_translated(app: Flask) -> None:
    reader = app.test_client()
    reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    match_id = new_schieber(reader)
    page = reader.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Scoresheet (PDF)" in page
