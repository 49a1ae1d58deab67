"""A Coiffeur deal entered on the match screen's panel (scorer/games/coiffeur/panel.py): the
same fields as the deal form, judged by the same engine (COIFFEUR.md)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.coiffeur import new_coiffeur
from tests.helpers.panel import HTMX, panel_fields, reasons, scores, spectators_screen


def checked(page: str, name: str) -> list[str]:
    """The values of the panel's checked radios called ``name``."""
    form = page[page.index("data-deal-form") :]
    return re.findall(rf'<input checked id="[^"]+" name="{name}" type="radio" value="([^"]+)"', form)


def row_chip(page: str, row: int) -> str:
    form = page[page.index("data-deal-form") :]
    return re.search(
        rf'<label class="chip row-chip"[^>]*><input[^>]* name="row" type="radio" value="{row}"', form
    ).group(0)  # type: ignore[union-attr]


def panel_deal(client: FlaskClient, match_id: int, page: str, **fields: str) -> tuple[int, str]:
    data = {**panel_fields(page), "kind": "deal", "result": "points", **fields}
    answer = client.post(f"/matches/{match_id}/deals/new", data=data, headers=HTMX)
    return answer.status_code, answer.get_data(as_text=True)


def test_forehand_of_the_first_deal_chooses_for_his_team(client: FlaskClient) -> None:
    match_id = new_coiffeur(client, first_forehand=3)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Cla is forehand" in page  # the set-up's first forehand, before the engine has a deal
    assert panel_fields(page)["forehand"] == "3"
    assert checked(page, "chooser") == ["3"] and checked(page, "team") == ["1"]
    # Every row of the official grid is a chip, none played yet.
    assert "data-played" not in page[page.index("data-deal-form") :]


def test_a_deal_on_the_panel_fills_its_cell_and_strikes_the_row_for_that_team(client: FlaskClient) -> None:
    match_id = new_coiffeur(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    # Anna chooses Rosen ×2 and her team makes 100: the cell is 200 (C6.1).
    status, page = panel_deal(client, match_id, page, chooser="1", row="2", team="1", points="100")
    assert status == 200 and scores(page) == ["200", "0"]
    assert page.lstrip().startswith("<") and "<html" not in page  # the screen alone, swapped in
    # Beat is forehand next (S2.3) and chooses for his team; Rosen is played by Anna & Cla only.
    assert panel_fields(page)["forehand"] == "2" and checked(page, "chooser") == ["2"]
    assert checked(page, "team") == ["2"]
    chip = row_chip(page, 2)
    assert "data-played-1" in chip and "data-played-2" not in chip
    assert "data-played" not in row_chip(page, 1)


def test_a_row_played_twice_is_refused_at_the_row_and_nothing_is_stored(client: FlaskClient) -> None:
    match_id = new_coiffeur(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    _status, page = panel_deal(client, match_id, page, chooser="1", row="2", team="1", points="100")
    version = panel_fields(page)["version"]
    # Beat passes to Cla (Anna & Cla again), who names Rosen a second time: C3.4, told as C9.
    status, page = panel_deal(client, match_id, page, chooser="3", row="2", team="1", points="90")
    assert status == 422
    rows = page[page.index('class="chips grid-rows') :]
    said = reasons(rows[: rows.index("</fieldset>")])
    assert said and "C9" in said[0] and "Anna & Cla" in said[0] and "deal 1" in said[0], said
    assert panel_fields(page)["version"] == version and scores(page) == ["200", "0"]
    assert re.search(r'name="points"[^>]*value="90"', page)  # what was typed stays


def test_without_script_the_panel_posts_like_the_deal_form(client: FlaskClient) -> None:
    match_id = new_coiffeur(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    data = {
        **panel_fields(page),
        "kind": "deal",
        "result": "points",
        "chooser": "1",
        "row": "5",
        "team": "1",
        "points": "57",
    }
    answer = client.post(f"/matches/{match_id}/deals/new", data=data)
    assert answer.status_code == 303
    assert scores(client.get(f"/matches/{match_id}").get_data(as_text=True)) == [str(57 * 5), "0"]


def test_a_spectator_has_no_panel(app: Flask, client: FlaskClient) -> None:
    match_id = new_coiffeur(client)
    page = spectators_screen(app, match_id)
    assert 'id="match-screen"' in page and "data-deal-form" not in page and "Scratch or passes" not in page


def test_a_forged_hidden_field_is_said_on_top(client: FlaskClient) -> None:
    match_id = new_coiffeur(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    status, page = panel_deal(
        client, match_id, page, forehand="9", chooser="1", row="2", team="1", points="100"
    )
    assert status == 422 and scores(page) == ["0", "0"]
    top = page[page.index('class="entry-problems"') :]
    assert "Forehand: Not a valid choice." in reasons(top[: top.index("</div>")])
