"""Coiffeur on paper: the blank grid and worked example 1's scoresheet, in every language."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from scorer.languages import catalog
from scorer.sheets.pdf import LANGUAGES, Lang, build_scoresheet, pad_view, render_pad, render_scoresheet
from tests.helpers.coiffeur import example_1_record, new_coiffeur
from tests.helpers.pdf import flat, page_texts
from tests.helpers.tablet import post_deal


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


#: C2.3's presets: each row's factor in order, and a row name the Swiss-suit pad prints (German).
PRESETS = {
    "official8": ([1, 2, 3, 4, 5, 6, 7, 8], "Wunsch"),
    "ten": ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], "Guschti"),
    "jasstafel11": ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], "Slalom"),
    "twelve": ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "Slalom"),
    "six": ([1, 2, 3, 4, 5, 6], "Undenufe"),
}


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_blank_grid_of_every_preset_in_every_language(preset: str, lang: str) -> None:
    """Every preset of C2.3 prints as a blank grid: one row per contract with its factor."""
    factors, _name = PRESETS[preset]
    view = pad_view("coiffeur", preset, teams=("Uri", "Schwyz"))
    assert [factor for _key, factor in view.grid] == factors
    data = render_pad(view, translated(lang), "a4")
    text = flat(" ".join(page_texts(data)))
    digits = translated(lang).digits
    # Right-to-left text comes out of the PDF in visual order: 10 reads "01".
    shown = [{digits(n), digits(n)[::-1]} for n in factors]
    assert all(any(f"×{d}" in text or f"{d}×" in text for d in ds) for ds in shown), (preset, lang)
    assert "Uri" in text


def test_the_presets_rows_by_name() -> None:
    """jasstafel11 starts D, C, H, S (C2.3), unlike official8's D, H, S, C; ten adds Slalom and Guschti."""
    assert [key for key, _f in pad_view("coiffeur", "jasstafel11").grid][:4] == ["D", "C", "H", "S"]
    assert [key for key, _f in pad_view("coiffeur", "official8").grid][:4] == ["D", "H", "S", "C"]
    assert [key for key, _f in pad_view("coiffeur", "ten").grid][6:8] == ["slalom", "guschti"]
    with pytest.raises(ValueError, match="grid"):
        pad_view("coiffeur", "seven")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_pads_page_prints_every_preset(client: FlaskClient, preset: str) -> None:
    response = client.get(f"/pads/pad.pdf?game=coiffeur&grid={preset}&lang=de_CH&paper=a4")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert f"tafel-pad-coiffeur-{preset}.pdf" in response.headers["Content-Disposition"]
    text = flat(" ".join(page_texts(response.data)))
    assert PRESETS[preset][1] in text
    assert f"×{len(PRESETS[preset][0])}" in text and f"×{len(PRESETS[preset][0]) + 1}" not in text


def test_the_pads_page_offers_the_grids(client: FlaskClient) -> None:
    page = client.get("/pads?game=coiffeur", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert 'value="jasstafel11"' in page and "10 rows (with Slalom and Guschti)" in page
    assert client.get("/pads/pad.pdf?game=coiffeur&grid=seven").status_code == 422
