"""The match page's deal entry (scorer/matches/panel.py): the next deal entered on the match
screen. With htmx (``HX-Request``) a save answers the match screen in one response; without
script the same form posts and redirects, as /deals/new always did."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.languages import LANGUAGES
from tests.helpers.catalogs import load, po_path
from tests.helpers.panel import HTMX, panel_fields, reasons, scores, spectators_screen
from tests.helpers.tablet import counts, english, hidden, new_klammern, new_schieber, post_deal


def test_the_editing_tablet_sees_the_panel_a_spectator_does_not(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "data-deal-form" in page and f'hx-post="/matches/{match_id}/deals/new"' in page
    assert 'name="points"' in page and "autofocus" in page
    assert "vendor/htmx.min.js" in page
    spectator = spectators_screen(app, match_id)
    assert "data-deal-form" not in spectator and "htmx.min.js" not in spectator


def test_htmx_save_answers_the_match_screen_with_a_fresh_panel(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    first = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    answer = client.post(
        f"/matches/{match_id}/deals/new",
        data={**first, "contract": "H", "team": "1", "points": "98"},
        headers=HTMX,
    )
    assert answer.status_code == 200  # no redirect: one request
    page = answer.get_data(as_text=True)
    assert scores(page) == ["98", "59"]  # 157 - 98 (S5.4)
    assert "Deal 1 saved." in page and 'id="deal-1"' in page
    fresh = panel_fields(page)
    assert fresh["version"] == "1" and fresh["idem"] != first["idem"]
    assert fresh["forehand"] == "2"  # the next forehand (S2.3)
    assert counts(app)[1] == 1
    # The message was said in the answer, not left for the next page load.
    assert "Deal 1 saved." not in client.get(f"/matches/{match_id}").get_data(as_text=True)


def test_htmx_weis_by_value_and_stoeck(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    answer = client.post(
        f"/matches/{match_id}/deals/new",
        data={
            **fields,
            "contract": "S",
            "team": "1",
            "points": "100",
            "weis_values_1": "20 + 20",
            "stoeck": "3",
        },
        headers=HTMX,
    )
    assert answer.status_code == 200, reasons(answer.get_data(as_text=True))
    # Schellen x2 (seed): (100 + 20 + 20 + 20) x 2 and 57 x 2 (S5.6, S6.7).
    assert scores(answer.get_data(as_text=True)) == ["320", "114"]


def test_htmx_mistake_keeps_what_was_typed_and_names_the_rule(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    answer = client.post(
        f"/matches/{match_id}/deals/new",
        data={
            **fields,
            "contract": "H",
            "team": "1",
            "points": "98",
            "weis_values_1": "50",
            "weis_values_2": "50",
        },
        headers=HTMX,
    )
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert any("Both teams' best Weis are worth 50" in r for r in reasons(page))
    assert 'href="/rules/schieber#S6.5"' in page or "S6.5" in page
    assert 'value="98"' in page  # what was typed is kept
    assert "data-deal-form" in page and counts(app)[1] == 0
    # The question appears; answered, the deal saves.
    again = client.post(
        f"/matches/{match_id}/deals/new",
        data={
            **fields,
            "contract": "H",
            "team": "1",
            "points": "98",
            "weis_values_1": "50",
            "weis_values_2": "50",
            "weis_best": "2",
        },
        headers=HTMX,
    )
    assert again.status_code == 200 and scores(again.get_data(as_text=True)) == ["98", "109"]


@pytest.mark.slow
def test_htmx_empty_points_name_the_field(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    answer = client.post(
        f"/matches/{match_id}/deals/new", data={**fields, "contract": "H", "team": "1"}, headers=HTMX
    )
    assert answer.status_code == 422
    assert "Enter the trick points, or tick Match." in reasons(answer.get_data(as_text=True))


def test_htmx_twice_the_same_key_saves_once(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    data = {**fields, "contract": "H", "team": "1", "points": "98"}
    client.post(f"/matches/{match_id}/deals/new", data=data, headers=HTMX)
    second = client.post(f"/matches/{match_id}/deals/new", data=data, headers=HTMX)
    assert second.status_code == 200 and "This entry was already saved." in second.get_data(as_text=True)
    assert counts(app)[1] == 1


def test_htmx_another_tablet_saved_first(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    client.post(
        f"/matches/{match_id}/deals/new",
        data={**fields, "contract": "H", "team": "1", "points": "98"},
        headers=HTMX,
    )
    stale = {**fields, "idem": "another-key", "contract": "D", "team": "2", "points": "60"}
    answer = client.post(f"/matches/{match_id}/deals/new", data=stale, headers=HTMX)
    assert answer.status_code == 409
    page = answer.get_data(as_text=True)
    assert any("changed meanwhile" in r for r in reasons(page))
    assert panel_fields(page)["version"] == "1" and 'value="60"' in page
    assert counts(app)[1] == 1


def test_without_script_the_panel_posts_and_redirects(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    answer = client.post(
        f"/matches/{match_id}/deals/new", data={**fields, "contract": "H", "team": "2", "points": "100"}
    )
    assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/matches/{match_id}")
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert scores(page) == ["57", "100"] and "Deal saved." in page


@pytest.mark.slow
def test_value_weis_deal_is_corrected_on_the_deal_form(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    client.post(
        f"/matches/{match_id}/deals/new",
        data={**fields, "contract": "H", "team": "1", "points": "98", "weis_values_2": "100"},
        headers=HTMX,
    )
    page = client.get(f"/matches/{match_id}/deals/1/correct").get_data(as_text=True)
    assert 'name="weis_values_2"' in page and 'value="100"' in page
    data = {name: hidden(page, name) for name in ("csrf_token", "version", "idem")}
    answer = client.post(
        f"/matches/{match_id}/deals/1/correct",
        data={
            **data,
            "forehand": "1",
            "contract": "H",
            "team": "1",
            "points": "98",
            "weis_values_2": "100 20",
        },
    )
    assert answer.status_code == 303
    assert scores(client.get(f"/matches/{match_id}").get_data(as_text=True)) == ["98", "179"]


@pytest.mark.slow
def test_weis_values_that_are_no_numbers_are_refused_on_the_field(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    answer = client.post(
        f"/matches/{match_id}/deals/new",
        data={**fields, "contract": "H", "team": "1", "points": "98", "weis_values_1": "fifty"},
        headers=HTMX,
    )
    assert answer.status_code == 422
    assert any("such as 50 20" in r for r in reasons(answer.get_data(as_text=True)))


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_empty_points_are_named_in_every_language(app: Flask, language: str) -> None:
    """Not the engine's "deals[0].points.value is missing (or say 'match': true)": the form
    names the field, in the reader's language, on the deal form and on the panel."""
    browser = english(app)
    match_id = new_schieber(browser)
    browser.environ_base["HTTP_ACCEPT_LANGUAGE"] = language.replace("_", "-")
    catalog = load(po_path(language))
    wanted = catalog.get("Enter the trick points, or tick Match.").string
    label = catalog.get("Trick points").string
    assert wanted and label
    page = browser.get(f"/matches/{match_id}").get_data(as_text=True)
    fields = panel_fields(page)
    for headers in (HTMX, {}):
        answer = browser.post(
            f"/matches/{match_id}/deals/new", data={**fields, "contract": "H", "team": "1"}, headers=headers
        )
        page = answer.get_data(as_text=True)
        assert answer.status_code == 422
        assert html.escape(wanted, quote=True) in page or wanted in page
        assert html.escape(label, quote=True) in page or label in page
        assert "is missing" not in page and "points.value" not in page


def test_the_passe_is_entered_on_its_match_page_too(client: FlaskClient, app: Flask) -> None:
    """The Passe's games (TOURNAMENT.md): the same panel, without Weis and Stöck where they do
    not count (T2.1, the tournament profile)."""
    page = client.get("/matches/new/passe").get_data(as_text=True)
    setup = {
        "csrf_token": hidden(page, "csrf_token"),
        "idem": hidden(page, "idem"),
        "games_per_passe": "12",
        "rules": "tournament",
        "rosen7": "1",
        "deck": "swiss",
    }
    location = client.post("/matches/new/passe", data=setup).headers["Location"]
    page = client.get(location).get_data(as_text=True)
    assert "data-deal-form" in page
    assert 'name="weis_values_1"' not in page and 'name="stoeck"' not in page
    answer = client.post(
        f"{location}/deals/new",
        data={**panel_fields(page), "contract": "S", "team": "2", "points": "100"},
        headers=HTMX,
    )
    assert answer.status_code == 200
    assert scores(answer.get_data(as_text=True)) == ["57", "100"]  # all factors 1 (T2.1)


@pytest.mark.slow
def test_the_deal_list_names_value_weis(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    answer = client.post(
        f"/matches/{match_id}/deals/new",
        data={**fields, "contract": "H", "team": "1", "points": "98", "weis_values_2": "50 20"},
        headers=HTMX,
    )
    row = re.search(r'<tr id="deal-1">(.*?)</tr>', answer.get_data(as_text=True), re.S)
    assert row and "Beat &amp; Dora: 50 + 20" in row.group(1) and "Weis 0 : 70" in row.group(1)


def test_the_deal_form_offers_weis_by_value_once(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    page = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    assert page.count('name="weis_1_1_kind"') == 1  # the card section once
    assert page.count('name="weis_values_1"') == 1 and page.count('name="weis_best"') == 3


@pytest.mark.slow
def test_klammern_for_four_is_entered_on_its_match_page(client: FlaskClient, app: Flask) -> None:
    """Klammern (four players): trump, who made it, declarer, points, Bella on the match page;
    the htmx save answers the screen with the deal, as the deal form would have scored it."""
    match_id = new_klammern(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "data-deal-form" in page and 'name="trump"' in page and 'name="declarer"' in page
    fields = panel_fields(page)
    data = {**fields, "trump": "S", "how": "orgi", "declarer": "1", "team": "1", "points": "100"}
    answer = client.post(f"/matches/{match_id}/deals/new", data=data, headers=HTMX)
    assert answer.status_code == 200, reasons(answer.get_data(as_text=True))
    page = answer.get_data(as_text=True)
    assert 'id="deal-1"' in page and "Deal 1 saved." in page and counts(app)[1] == 1
    # The same deal through the full form scores the same (another match, the same rules).
    other = new_klammern(client)
    post_deal(
        client, other, {"forehand": 1, "declarer": 1, "trump": "S", "how": "orgi", "team": 1, "points": 100}
    )
    board = re.findall(r'data-score="([^"]*)"', client.get(f"/matches/{other}").get_data(as_text=True))
    assert re.findall(r'data-score="([^"]*)"', page) == board


def klammern_panel(client: FlaskClient, **setup: str) -> tuple[int, dict[str, str], str]:
    match_id = new_klammern(client, **setup)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    return match_id, panel_fields(page), page


LIGA_3 = {"players": "3", "name_4": "", "first_dealer": "3", "format": "liga"}
LIGA_2 = {"players": "2", "name_3": "", "name_4": "", "first_dealer": "2", "format": "liga"}


@pytest.mark.slow
def test_klammern_for_four_melds_by_value_and_bella_score_as_their_cards_would(
    client: FlaskClient, app: Flask
) -> None:
    """K5.3 (a Fifty 50), K5.5 (Bella 20), K8.1/K8.3 (each team's points in Augen): team 1's
    80 card points + Fifty + Bella make 150 (15 Augen) against 84 (8)."""
    match_id, fields, page = klammern_panel(client, format="liga")
    assert 'name="meld_values_1"' in page and 'name="meld_values_2"' in page
    assert 'data-field="meld_values_1" data-value="20"' in page and 'data-value="50"' in page
    assert 'name="meld_values_3"' not in page and 'name="bella"' in page
    data = {**fields, "trump": "S", "how": "orgi", "declarer": "1", "team": "1", "points": "80"}
    answer = client.post(
        f"/matches/{match_id}/deals/new", data={**data, "meld_values_1": "50", "bella": "1"}, headers=HTMX
    )
    assert answer.status_code == 200, reasons(answer.get_data(as_text=True))
    assert scores(answer.get_data(as_text=True)) == ["15", "8"]
    assert counts(app)[1] == 1
    # The same deal with the Fifty's cards on the full form scores the same.
    other = new_klammern(client, format="liga")
    post_deal(
        client,
        other,
        {"forehand": 1, "declarer": 1, "trump": "S", "how": "orgi", "team": 1, "points": 80}
        | {"melds_1_cards": "H7 H8 H9 HT", "bella": 1},
    )
    assert scores(client.get(f"/matches/{other}").get_data(as_text=True)) == ["15", "8"]


def test_klammern_for_three_enters_every_players_points_and_melds(client: FlaskClient) -> None:
    """K1.4: every seat its own side; only the best side's melds score (K5.3): Sue's Fifty and
    Terz (70) beat Ben's Terz. Liga: 60 -> 6, 30 + 70 + Bella 20 = 120 -> 12, 20 -> 2 Augen."""
    match_id, fields, page = klammern_panel(client, **LIGA_3)
    assert all(f'name="side_{n}"' in page for n in (1, 2, 3)) and 'name="team"' not in page
    assert all(f'name="meld_values_{n}"' in page for n in (1, 2, 3))
    data = {
        **fields,
        "trump": "S",
        "how": "orgi",
        "declarer": "1",
        "side_1": "60",
        "side_2": "30",
        "side_3": "20",
    }
    answer = client.post(
        f"/matches/{match_id}/deals/new",
        data={**data, "meld_values_1": "20", "meld_values_2": "50 + 20", "bella": "2"},
        headers=HTMX,
    )
    assert answer.status_code == 200, reasons(answer.get_data(as_text=True))
    # The declarer (60 of 200: Beet 100) lost: Liga gives the declarer 0 (K1.4).
    assert scores(answer.get_data(as_text=True)) == ["0", "12", "2"]
    row = re.search(r'<tr id="deal-1">(.*?)</tr>', answer.get_data(as_text=True), re.S)
    assert row and "Sue: 50 + 20" in row.group(1) and "Ben: 20" in row.group(1)


@pytest.mark.slow
def test_klammern_for_two_has_no_bella_and_one_hand_a_side(client: FlaskClient, app: Flask) -> None:
    """K10: no Bella with two players; K5.1: one hand of eight holds a Fifty and a Terz, not two
    Fifties and a Terz (4 + 4 + 3 cards)."""
    match_id, fields, page = klammern_panel(client, **LIGA_2)
    assert 'name="bella"' not in page and 'name="meld_values_3"' not in page
    data = {**fields, "trump": "C", "how": "orgi", "declarer": "1", "side_1": "90", "side_2": "40"}
    refused = client.post(
        f"/matches/{match_id}/deals/new", data={**data, "meld_values_1": "50 50 20"}, headers=HTMX
    )
    assert refused.status_code == 422 and counts(app)[1] == 0
    text = refused.get_data(as_text=True)
    assert any("do not fit into its hands of eight cards" in r for r in reasons(text))
    assert "K5.1" in text and 'value="50 50 20"' in text
    answer = client.post(
        f"/matches/{match_id}/deals/new", data={**data, "meld_values_1": "50 20"}, headers=HTMX
    )
    assert answer.status_code == 200, reasons(answer.get_data(as_text=True))
    assert scores(answer.get_data(as_text=True)) == ["16", "4"]  # 90 + 70 -> 16, 40 -> 4


@pytest.mark.slow
@pytest.mark.parametrize("setup", [{}, LIGA_3, LIGA_2], ids=["four", "three", "two"])
def test_klammern_a_meld_value_no_meld_has_is_refused_with_k5_3(
    client: FlaskClient, setup: dict[str, str]
) -> None:
    match_id, fields, page = klammern_panel(client, **setup)
    points = {"team": "1", "points": "100"} if not setup else {f"side_{n}": "40" for n in range(1, 4)}
    answer = client.post(
        f"/matches/{match_id}/deals/new",
        data={**fields, "trump": "H", "how": "orgi", "declarer": "1", **points, "meld_values_2": "30"},
        headers=HTMX,
    )
    assert answer.status_code == 422
    text = answer.get_data(as_text=True)
    assert any("no single meld is worth 30" in r for r in reasons(text)), reasons(text)
    assert "K5.3" in text and "data-deal-form" in text


def test_klammern_equal_best_melds_ask_whose_count_k5_2(client: FlaskClient) -> None:
    match_id, fields, _page = klammern_panel(client, format="liga")
    data = {**fields, "trump": "H", "how": "orgi", "declarer": "1", "team": "1", "points": "100"}
    data |= {"meld_values_1": "20", "meld_values_2": "20 20"}
    asked = client.post(f"/matches/{match_id}/deals/new", data=data, headers=HTMX)
    assert asked.status_code == 422
    text = asked.get_data(as_text=True)
    assert "K5.2" in text and 'name="meld_best"' in text
    answer = client.post(f"/matches/{match_id}/deals/new", data={**data, "meld_best": "2"}, headers=HTMX)
    assert answer.status_code == 200, reasons(answer.get_data(as_text=True))
    # Team 2's melds count: 100 of 204 (Beet 102) loses, the defenders score all 204 (K8.3).
    assert scores(answer.get_data(as_text=True)) == ["0", "20"]


def test_klammern_value_melds_are_corrected_on_the_deal_form(client: FlaskClient) -> None:
    match_id, fields, _page = klammern_panel(client, **LIGA_3)
    data = {
        **fields,
        "trump": "S",
        "how": "orgi",
        "declarer": "1",
        "side_1": "60",
        "side_2": "30",
        "side_3": "20",
    }
    client.post(f"/matches/{match_id}/deals/new", data={**data, "meld_values_3": "50"}, headers=HTMX)
    page = client.get(f"/matches/{match_id}/deals/1/correct").get_data(as_text=True)
    assert 'name="meld_values_3"' in page and 'value="50"' in page


def test_persian_digits_from_the_pad_are_read_as_numbers(client: FlaskClient, app: Flask) -> None:
    """The pad on a Persian page types the Persian digits its keys show; the form reads them."""
    match_id = new_klammern(client, format="liga")
    client.get(f"/matches/{match_id}")  # an English page first: the pad's template is compiled then
    page = client.get(f"/matches/{match_id}", headers={"Accept-Language": "fa"}).get_data(as_text=True)
    assert 'data-key="\u06f5"' in page and 'data-key="\u06f0"' in page
    assert 'data-key="5"' not in page and 'data-key="0"' not in page
    assert 'name="points" pattern="[0-9' in page and 'type="text"' in page  # type=number holds Latin only
    fields = panel_fields(page)
    data = {**fields, "trump": "S", "how": "orgi", "declarer": "1", "team": "1", "points": "\u06f8\u06f0"}
    answer = client.post(
        f"/matches/{match_id}/deals/new",
        data={**data, "meld_values_1": "\u06f5\u06f0"},
        headers={**HTMX, "Accept-Language": "fa"},
    )
    assert answer.status_code == 200, reasons(answer.get_data(as_text=True))
    assert counts(app)[1] == 1
    assert scores(answer.get_data(as_text=True)) == ["13", "8"]  # 80 + 50 -> 13, 84 -> 8


@pytest.mark.slow
@pytest.mark.parametrize("game", ["schieber", "klammern"])
@pytest.mark.parametrize("language", ["en", "fa"])
def test_the_panel_deal_after_deal_carries_fresh_tokens(
    client: FlaskClient, app: Flask, game: str, language: str
) -> None:
    """Deal after deal, the panel comes with its own token and key and each save is taken."""
    match_id = new_schieber(client) if game == "schieber" else new_klammern(client)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    for _deal in range(3):
        page = client.get(f"/matches/{match_id}?view=board").get_data(as_text=True)
        fields = panel_fields(page)
        assert fields["csrf_token"] and fields["idem"]
        deal = {"contract": "H", "team": "1", "points": "98"}
        if game == "klammern":
            deal = {"trump": "S", "how": "orgi", "declarer": fields["forehand"], "team": "1", "points": "100"}
        answer = client.post(
            f"/matches/{match_id}/deals/new?view=board", data={**fields, **deal}, headers=HTMX
        )
        assert answer.status_code == 200, reasons(answer.get_data(as_text=True))


def test_a_schieber_panel_names_each_of_its_four_forehands(client: FlaskClient, app: Flask) -> None:
    """S2.3: from the second deal on the forehand moves a seat a deal: four deals show four
    forehands, each by its own name and seat. A name is shown escaped."""
    match_id = new_schieber(client, name_1='Anna <b>&"')
    shown = []
    for deal_number in range(1, 6):
        page = client.get(f"/matches/{match_id}").get_data(as_text=True)
        fields = panel_fields(page)
        if deal_number > 1:
            title = re.search(r'id="entry-title"[^>]*>.*?<small>(.*?)</small>', page, re.S)
            assert title is not None
            shown.append((fields["forehand"], html.unescape(title.group(1))))
        answer = client.post(
            f"/matches/{match_id}/deals/new",
            data={**fields, "contract": "H", "team": "1", "points": "98"},
            headers=HTMX,
        )
        assert answer.status_code == 200, reasons(answer.get_data(as_text=True))
    assert sorted(shown) == [
        ("1", 'Anna <b>&" is forehand'),
        ("2", "Beat is forehand"),
        ("3", "Cla is forehand"),
        ("4", "Dora is forehand"),
    ]
