"""A Differenzler deal entered on the match screen's panel (scorer/games/differenzler/panel.py):
the deal form's fields, judged by the same engine (DIFFERENZLER.md)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.differenzler import (
    PASSE,
    SCORES,
    deal_fields,
    new_differenzler,
    seal,
    seat_links,
    seat_phone,
    totals,
)
from tests.helpers.panel import HTMX, panel_fields, reasons, spectators_screen


def estimate_types(page: str) -> list[str]:
    form = page[page.index("data-deal-form") :]
    return re.findall(r'<input[^>]*name="estimate_\d"[^>]*type="(\w+)"', form)


def panel_deal(client: FlaskClient, match_id: int, page: str, fields: dict[str, object]) -> tuple[int, str]:
    answer = client.post(
        f"/matches/{match_id}/deals/new", data={**panel_fields(page), **fields}, headers=HTMX
    )
    return answer.status_code, answer.get_data(as_text=True)


def test_the_panel_masks_hidden_estimates_and_shows_open_ones(client: FlaskClient) -> None:
    hidden_match = new_differenzler(client)
    assert estimate_types(client.get(f"/matches/{hidden_match}").get_data(as_text=True)) == ["password"] * 4
    open_match = new_differenzler(client, form="open", players=3, first_forehand=2)
    page = client.get(f"/matches/{open_match}").get_data(as_text=True)
    assert estimate_types(page) == ["text"] * 3  # three players, three fields (D2)
    assert "Beat is forehand" in page and panel_fields(page)["forehand"] == "2"


def test_a_passe_on_the_panel_scores_as_the_worked_example(client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    for number, (forehand, trump, estimates, made) in enumerate(PASSE):
        assert panel_fields(page)["forehand"] == str(forehand)  # D4.1: forehand moves on
        status, page = panel_deal(client, match_id, page, deal_fields(forehand, trump, estimates, made))
        assert status == 200 and "<html" not in page
        assert totals(page) == [sum(scores[seat] for scores in SCORES[: number + 1]) for seat in range(4)]


def test_points_that_do_not_make_157_are_refused_at_the_points(client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    status, page = panel_deal(client, match_id, page, deal_fields(1, "C", [40, 0, 65, 50], [43, 0, 65, 50]))
    assert status == 422 and totals(page) == [0, 0, 0, 0]
    points = page[page.index('<fieldset class="points') :]
    said = reasons(points[: points.index("</fieldset>")])
    assert any("D8" in s and "158" in s for s in said), said


def test_a_seat_sealed_from_its_phone_is_named_and_left_empty(app: Flask, client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    phone = seat_phone(app, seat_links(client, match_id)[3])
    seal(phone, match_id, 3, 65)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    form = page[page.index("data-deal-form") :]
    assert re.search(r'id="phone-seats"[^>]*>[^<]*Cla', form)
    assert 'value="65"' not in form  # the sealed estimate never reaches the table's screen (D3.3)
    fields = deal_fields(1, "C", [40, 0, 65, 50], [43, 0, 65, 49])
    fields["estimate_3"] = ""  # kept from the phone
    status, page = panel_deal(client, match_id, page, fields)
    assert status == 200 and totals(page) == SCORES[0]


def test_a_spectator_has_no_panel(app: Flask, client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    page = spectators_screen(app, match_id)
    assert 'id="match-screen"' in page and "data-deal-form" not in page and "estimate_1" not in page


def test_a_figure_that_is_no_number_is_said_at_its_player(client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    fields = deal_fields(1, "C", [40, 0, 65, 50], [43, 0, 65, 49])
    fields["points_2"] = "abc"
    status, page = panel_deal(client, match_id, page, fields)
    assert status == 422 and totals(page) == [0, 0, 0, 0]
    points = page[page.index('<fieldset class="points') :]
    assert reasons(points[: points.index("</fieldset>")]) == ["Beat: Not a valid integer value."]
    # A forged hidden field is said on top, never a silent refusal.
    status, page = panel_deal(client, match_id, page, {**fields, "points_2": "0", "forehand": "9"})
    assert status == 422 and "Forehand: Not a valid choice." in reasons(page)
