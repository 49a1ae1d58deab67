"""A match's scoresheet is rendered once per version of the match, language and paper: the
longest match's PDF costs many ordinary saves to render, and printing it again must not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.sheets import pdf
from tests.helpers.pdf import A4, LETTER, flat, page_sizes, page_texts
from tests.helpers.sheets import corrected_schieber, klammern_with_a_deal, schieber_deal, void
from tests.helpers.tablet import post_deal


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Every call of the PDF renderer, by language and paper."""
    calls: list[tuple[Any, ...]] = []
    render: Callable[..., bytes] = pdf.render_scoresheet

    def counted(view: Any, lang: Any, paper: str = "a4", part: Any = None) -> bytes:
        calls.append((lang.code, paper))
        return render(view, lang, paper, part)

    monkeypatch.setattr(pdf, "render_scoresheet", counted)
    return calls


def sheet(client: FlaskClient, match_id: int, query: str = "") -> Any:
    response = client.get(f"/matches/{match_id}/scoresheet.pdf{query}")
    assert response.status_code == 200, response.status_code
    return response


@pytest.mark.slow
def test_a_second_print_of_the_same_version_is_not_rendered_again(
    client: FlaskClient, spectator: FlaskClient, renders: list[tuple[Any, ...]]
) -> None:
    match_id = corrected_schieber(client)
    first = sheet(client, match_id)
    again = sheet(client, match_id)
    # Another reader (no right to the match) gets the same sheet: nothing of the reader's is printed.
    other = sheet(spectator, match_id)
    assert renders == [("en", "a4")]
    assert first.data == again.data == other.data
    # The answer is the same as a freshly rendered one, headers included.
    for response in (again, other):
        assert response.mimetype == "application/pdf"
        for name in ("Content-Disposition", "Content-Security-Policy", "Cache-Control"):
            assert response.headers[name] == first.headers[name]
    assert first.headers["Cache-Control"] == "no-cache"


@pytest.mark.slow
def test_a_new_deal_gives_a_new_sheet(client: FlaskClient, renders: list[tuple[Any, ...]]) -> None:
    match_id = corrected_schieber(client)
    before = sheet(client, match_id).data
    # Deal 4 (S5.6): Rosen ×1, team 2 made 60 -> 97 : 60; totals 537 : 405.
    assert post_deal(client, match_id, schieber_deal(forehand=4, team=2, points=60)).status_code == 303
    after = sheet(client, match_id).data
    assert len(renders) == 2 and before != after
    text = flat(" ".join(page_texts(after)))
    assert "Anna & Cla: 537" in text and "Beat & Dora: 405" in text
    assert "537" not in flat(" ".join(page_texts(before)))


@pytest.mark.slow
def test_languages_and_papers_are_kept_apart(
    app: Flask, client: FlaskClient, renders: list[tuple[Any, ...]]
) -> None:
    match_id = corrected_schieber(client)
    english = sheet(client, match_id).data
    reader = app.test_client()
    reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    german = sheet(reader, match_id).data
    letter = sheet(client, match_id, "?paper=letter").data
    assert renders == [("en", "a4"), ("de_CH", "a4"), ("en", "letter")]  # German: the Swiss catalog
    assert english != german
    assert page_sizes(letter) == [LETTER] and page_sizes(english) == [A4]
    # Each from its own place in the cache, again.
    assert sheet(reader, match_id).data == german
    assert sheet(client, match_id, "?paper=Letter").data == letter
    assert sheet(client, match_id).data == english
    assert len(renders) == 3


@pytest.mark.slow
def test_a_voided_match_has_no_sheet_even_when_one_was_kept(
    app: Flask, client: FlaskClient, renders: list[tuple[Any, ...]]
) -> None:
    match_id = corrected_schieber(client)
    sheet(client, match_id)
    void(app, match_id)
    assert client.get(f"/matches/{match_id}/scoresheet.pdf").status_code == 409


def test_no_match_is_still_404(client: FlaskClient) -> None:
    assert client.get("/matches/999999/scoresheet.pdf").status_code == 404


def test_the_cache_is_bounded(make_app: Any, renders: list[tuple[Any, ...]]) -> None:
    from tests.helpers.tablet import english as browser

    app = make_app(SCORESHEET_CACHE_SIZE=1)
    client = browser(app)
    match_id = corrected_schieber(client)
    sheet(client, match_id)
    sheet(client, match_id, "?paper=letter")  # pushes the A4 sheet out
    sheet(client, match_id)
    assert renders == [("en", "a4"), ("en", "letter"), ("en", "a4")]
    assert len(app.extensions["tafel_sheet_cache"]) == 1


@pytest.mark.slow
@pytest.mark.parametrize("make", [corrected_schieber, klammern_with_a_deal])
def test_the_apps_answer_prints_what_the_engine_asked_afresh_prints(
    app: Flask, client: FlaskClient, make: Callable[[FlaskClient], int]
) -> None:
    """The sheet reuses the answer the app already has of the match; the engine asked again
    about the same record gives the same sheet, byte for byte."""
    from scorer.matches import matchview
    from scorer.sheets.views import pdf_lang, scoresheet_document

    match_id = make(client)
    served = sheet(client, match_id).data
    with app.test_request_context(headers={"Accept-Language": "en"}):
        document = scoresheet_document(matchview.load(match_id))
        afresh = pdf.render_scoresheet(pdf.build_scoresheet(document), pdf_lang(), "a4")
    assert served == afresh
