"""The match page's panel and the deal form of /deals/new state the same deal.

The panel posts the deal form's own fields (without the quick-meld selects, which it does
not show); the undo and redo forms of a match screen are made only when shown. Each test
compares the panel's way with the whole form's: the record and the scores are the same.
"""

from __future__ import annotations

import gzip
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.panel import HTMX, panel_fields, reasons, scores, without_tokens
from tests.helpers.tablet import english, hidden, new_klammern, new_schieber

#: A Schieber deal as the panel sends it: Rosen trump pushed, 98 to team 1, a Weis of 50 for
#: team 1 by value and Stöck at seat 3 (S5.4, S6, S7).
SCHIEBER_PANEL_DEAL = {
    "contract": "H",
    "pushed": "y",
    "team": "1",
    "points": "98",
    "weis_values_1": "50",
    "stoeck": "3",
}
#: A Klammern deal for four: spades ordinary, 80 card points to team 1, a Fifty and Bella (K5.3, K5.5).
KLAMMERN_PANEL_DEAL = {
    "trump": "S",
    "how": "orgi",
    "declarer": "1",
    "team": "1",
    "points": "80",
    "meld_values_1": "50",
    "bella": "1",
}


def _deals(client: FlaskClient, match_id: int) -> list[dict[str, Any]]:
    exported = client.get(f"/matches/{match_id}/export.json").get_data(as_text=True)
    deals: list[dict[str, Any]] = json.loads(exported)["deals"]
    return deals


def _post(client: FlaskClient, match_id: int, deal: dict[str, str], *, htmx: bool) -> Any:
    fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    return client.post(
        f"/matches/{match_id}/deals/new", data={**fields, **deal}, headers=HTMX if htmx else {}
    )


@pytest.mark.parametrize("game", ["schieber", "klammern"])
def test_a_panel_post_states_the_record_the_whole_form_states(client: FlaskClient, game: str) -> None:
    """The same post, once from the panel (htmx) and once without script (the whole deal
    form): the same deal record, the same scores."""
    setup = {"format": "liga"} if game == "klammern" else {}  # Liga: each team's points in Augen
    new = new_schieber if game == "schieber" else new_klammern
    deal = SCHIEBER_PANEL_DEAL if game == "schieber" else KLAMMERN_PANEL_DEAL
    by_panel, by_form = new(client, **setup), new(client, **setup)
    answer = _post(client, by_panel, deal, htmx=True)
    assert answer.status_code == 200, reasons(answer.get_data(as_text=True))
    assert _post(client, by_form, deal, htmx=False).status_code == 303
    assert _deals(client, by_panel) == _deals(client, by_form)
    assert len(_deals(client, by_panel)) == 1
    page = client.get(f"/matches/{by_form}").get_data(as_text=True)
    assert scores(answer.get_data(as_text=True)) == scores(page)
    # S5.4, S6, S7: 98 + 50 + 20 Stöck for team 1, 157 - 98 for team 2 (Rosen count once here);
    # K8.1/K8.3: 80 + 50 + 20 = 150 (15 Augen) against 84 (8).
    assert scores(page) == (["168", "59"] if game == "schieber" else ["15", "8"])


def test_a_panel_post_naming_a_weis_by_its_cards_is_read_by_the_whole_form(client: FlaskClient) -> None:
    """A post of the panel that names a quick Weis (three in a row, Rosen up to the 8: S6.1)
    is read by the whole deal form: the Weis is in the record, not dropped."""
    match_id = new_schieber(client)
    deal = {"contract": "H", "team": "1", "points": "98"}
    quick = {"weis_1_1_kind": "run3", "weis_1_1_suit": "H", "weis_1_1_top": "8"}
    answer = _post(client, match_id, {**deal, **quick}, htmx=True)
    assert answer.status_code == 200, reasons(answer.get_data(as_text=True))
    assert _deals(client, match_id)[0]["weis"] == {"1": [["H6", "H7", "H8"]]}
    # A quick Weis without its top card is refused on the panel, as on the deal form.
    again = _post(client, match_id, {**deal, "weis_2_1_kind": "run3", "weis_2_1_suit": "H"}, htmx=True)
    assert again.status_code == 422
    assert any(
        "Choose the suit and the top card of the Weis." in r for r in reasons(again.get_data(as_text=True))
    )
    assert len(_deals(client, match_id)) == 1


def test_a_panel_sent_back_keeps_what_was_typed(client: FlaskClient, app: Flask) -> None:
    """A refused panel post (S6.5: equal best Weis, whose count?) comes back with what was
    typed and the engine's reason, the same page each time it is sent."""
    match_id = new_schieber(client)
    deal = {"contract": "H", "team": "1", "points": "98", "weis_values_1": "50", "weis_values_2": "50"}
    fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    first = client.post(f"/matches/{match_id}/deals/new", data={**fields, **deal}, headers=HTMX)
    second = client.post(f"/matches/{match_id}/deals/new", data={**fields, **deal}, headers=HTMX)
    assert first.status_code == second.status_code == 422
    page = first.get_data(as_text=True)
    assert any("Both teams' best Weis are worth 50" in r for r in reasons(page))
    assert 'id="weis_values_1"' in page and 'value="50"' in page
    assert without_tokens(page) == without_tokens(second.get_data(as_text=True))


def test_the_choices_are_the_matchs_in_each_language(client: FlaskClient, app: Flask) -> None:
    """The deal form's seats, teams and contracts follow the language: a page in German after
    one in English names the seats in German, and English again is the first page."""
    match_id = new_schieber(client, name_1="", name_3="")  # seats 1 and 3 by their label
    path = f"/matches/{match_id}/deals/new"
    first = client.get(path).get_data(as_text=True)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de_CH"
    german = client.get(path).get_data(as_text=True)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    assert 'value="1">Seat 1</option>' in first and 'value="2">Beat</option>' in first
    assert 'value="1">Seat 1</option>' not in german and 'value="2">Beat</option>' in german
    again = client.get(path).get_data(as_text=True)
    assert without_tokens(again) == without_tokens(first)


def test_the_undo_and_redo_buttons_made_when_shown_work(client: FlaskClient, app: Flask) -> None:
    """The undo and redo forms are made only when a page shows them: each carries the
    version it is shown at and works."""
    match_id = new_schieber(client)
    path = f"/matches/{match_id}"
    assert (
        _post(client, match_id, {"contract": "H", "team": "1", "points": "98"}, htmx=True).status_code == 200
    )
    page = client.get(path).get_data(as_text=True)
    assert "Undo last entry" in page and 'id="redo-version"' not in page
    form = page[page.index(f'action="/matches/{match_id}/undo"') :]
    assert hidden(form, "version") == "1"
    data = {name: hidden(form, name) for name in ("csrf_token", "version", "idem")}
    assert client.post(f"/matches/{match_id}/undo", data=data).status_code == 303
    page = client.get(path).get_data(as_text=True)  # "undone" flashed: rendered for it
    page = client.get(path).get_data(as_text=True)
    assert scores(page) == ["0", "0"] and 'id="redo-version"' in page and "Undo last entry" not in page
    redo = page[page.index(f'action="/matches/{match_id}/redo"') :]
    assert re.search(r'id="redo-version" name="version" type="hidden" value="2"', redo)
    data = {
        "csrf_token": re.search(
            r'id="redo-csrf" name="csrf_token" type="hidden" value="([^"]+)"', redo
        ).group(1),  # type: ignore[union-attr]
        "version": "2",
        "idem": re.search(r'id="redo-idem" name="idem" type="hidden" value="([^"]+)"', redo).group(1),  # type: ignore[union-attr]
    }
    assert client.post(f"/matches/{match_id}/redo", data=data).status_code == 303
    assert scores(client.get(path).get_data(as_text=True)) == ["98", "59"]


def test_a_spectator_is_given_the_page_of_the_version_a_save_made(client: FlaskClient, app: Flask) -> None:
    """After a save through the panel, a spectator's next page (gzipped, as a browser takes
    it) shows the new deal."""
    match_id = new_schieber(client)
    path = f"/matches/{match_id}"
    spectator = english(app, "192.0.2.9")
    first = spectator.get(path)
    assert (
        _post(client, match_id, {"contract": "H", "team": "1", "points": "98"}, htmx=True).status_code == 200
    )
    answer = spectator.get(path, headers={"Accept-Encoding": "gzip", "If-None-Match": first.headers["ETag"]})
    assert answer.status_code == 200 and answer.headers.get("Content-Encoding") == "gzip"
    assert scores(gzip.decompress(answer.get_data()).decode()) == ["98", "59"]
