"""Coiffeur on paper: the blank grid and worked example 1's scoresheet, in every language."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from scorer.languages import catalog
from scorer.sheets.pdf import LANGUAGES, Lang, build_scoresheet, pad_view, render_pad, render_scoresheet
from tests.games.test_coiffeur_api import example_1_record
from tests.games.test_coiffeur_app import new_coiffeur, post_deal
from tests.helpers.pdf import flat, page_texts


#: official8's rows as each language names them (C2.3; Swiss suits).
def translated(code: str) -> Lang:
    return Lang.from_translations(code, catalog(code))


ROW_NAMES = {
    "de_CH": ("Eicheln", "Rosen", "Schilten", "Schellen", "Obenabe", "Undenufe", "Wunsch"),
    "fr_CH": ("Glands", "Roses", "Obenabe", "Undenufe", "Ligne", "Case"),
    "it_CH": ("Ghiande", "Casella"),
    "sv": ("Ekollon", "Ruta"),
    "en": ("Obenabe", "Undenufe", "Wunsch"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_blank_grid_in_every_language(lang: str) -> None:
    view = pad_view("coiffeur", None, teams=("Uri", "Schwyz"), players=("Anna", "Beat", "Cla", "Dora"))
    assert [factor for _key, factor in view.grid] == [1, 2, 3, 4, 5, 6, 7, 8]
    data = render_pad(view, translated(lang), "a4")
    text = flat(page_texts(data)[0])
    assert "Uri" in text and "Schwyz" in text
    digits = translated(lang).digits
    assert all(f"×{digits(n)}" in text or f"{digits(n)}×" in text for n in range(1, 9))
    for name in ROW_NAMES.get(lang, ()):
        assert name in text, (lang, name)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_example_1_scoresheet_in_every_language(lang: str) -> None:
    view = build_scoresheet({**example_1_record(), "teams": ["Uri", "Schwyz"]})
    assert view.result.winner == 1
    assert dict(view.result.figures)["Points"] == (4735, 2469)
    assert view.rows[4]["cell"] == (1285, None) and view.rows[15]["running"] == (4735, 2469)
    assert [m.code for m in view.rows[13].marks] == ["decided"]  # C8.2: after deal 13 (0-based)
    data = render_scoresheet(view, translated(lang), "a4")
    text = flat(" ".join(page_texts(data)))
    assert "Uri" in text and flat(translated(lang).number(4735)) in text


def test_scoresheet_marks_a_scratch_and_a_konter(client: FlaskClient) -> None:
    match_id = new_coiffeur(client, konter="penalty")
    post_deal(client, match_id, {"kind": "deal", "forehand": 1, "chooser": 1, "row": 4, "result": "konter"})
    post_deal(client, match_id, {"kind": "scratch", "scratch_team": 2, "row": 3, "reason": "cards shown"})
    response = client.get(f"/matches/{match_id}/scoresheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = flat(" ".join(page_texts(response.data)))
    assert "Konter-Match" in text and "scratch: cards shown" in text and "-400" in text.replace("−", "-")
