"""Differenzler on paper: the pad for 3 or 4 players and worked example 2's Passe, in every language."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from scorer.languages import catalog
from scorer.sheets.pdf import LANGUAGES, Lang, build_scoresheet, pad_view, render_pad, render_scoresheet
from tests.helpers.differenzler import PASSE, deal_fields, new_differenzler, passe_record
from tests.helpers.pdf import flat, page_texts
from tests.helpers.tablet import post_deal

#: "Estimate" as each language prints it on the pad.
ESTIMATE = {
    "de_CH": "Ansage",
    "fr_CH": "Annonce",
    "it_CH": "Dichiarazione",
    "en": "Estimate",
    "sv": "Uppskattning",
}


def translated(code: str) -> Lang:
    return Lang.from_translations(code, catalog(code))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", [("Anna", "Beat", "Cla", "Doris"), ("Anna", "Beat", "Cla")])
def test_pad_in_every_language(lang: str, players: tuple[str, ...]) -> None:
    view = pad_view("differenzler", None, players=players)
    assert len(view.header.sides) == len(players)  # D1.1: each player his own side
    text = flat(page_texts(render_pad(view, translated(lang), "a4"))[0])
    assert all(name in text for name in players)
    if lang in ESTIMATE:
        assert ESTIMATE[lang] in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_example_2_scoresheet(lang: str) -> None:
    view = build_scoresheet({**passe_record(), "names": ["Anna", "Beat", "Cla", "Doris"]})
    assert dict(view.result.figures)["Points"] == (13, 12, -9, 4)
    assert view.rows[0]["score"] == (3, 0, -10, 1) and view.rows[3]["running"] == (13, 12, -9, 4)
    assert [(m.side, m.value) for m in view.result.marks] == [(3, 1), (4, 2), (2, 3), (1, 4)]
    text = flat(" ".join(page_texts(render_scoresheet(view, translated(lang), "a4"))))
    assert "Doris" in text


def test_scoresheet_of_a_stored_partie(client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    for deal in PASSE:
        post_deal(client, match_id, deal_fields(*deal))
    response = client.get(f"/matches/{match_id}/scoresheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert "Doris" in flat(" ".join(page_texts(response.data)))
