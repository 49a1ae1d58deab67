"""Differenzler's hidden estimates from each player's own phone (D3.3): sealed in the match's log, counted on
the table's screen ("3 of 4 estimates in"), shown nowhere, and taken by the deal form when the points are entered."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.differenzler import PASSE, SCORES, new_differenzler, seal, seat_links, seat_phone, totals
from tests.helpers.tablet import post_deal


def phone(app: Flask, client: FlaskClient, match_id: int, seat: int) -> FlaskClient:
    """A player's phone: a browser of its own that opened its seat's link on the table's screen."""
    return seat_phone(app, seat_links(client, match_id)[seat])


def table(client: FlaskClient, match_id: int) -> str:
    return client.get(f"/matches/{match_id}", headers={"Accept-Language": "en"}).get_data(as_text=True)


def test_three_of_four_in_then_the_deal_takes_them(app: Flask, client: FlaskClient) -> None:
    """Example 2's deal 1 (estimates 40, 0, 65, 50): three from phones, one typed at the table."""
    match_id = new_differenzler(client)
    forehand, trump, estimates, made = PASSE[0]
    phones = [phone(app, client, match_id, seat) for seat in (1, 2, 3)]
    for seat, device in zip((1, 2, 3), phones, strict=True):
        response = seal(device, match_id, seat, estimates[seat - 1] + 5)
        assert response.status_code == 303, response.get_data(as_text=True)
    # Seat 1 changes his mind before play: the later estimate counts.
    assert seal(phones[0], match_id, 1, estimates[0]).status_code == 303
    assert seal(phones[1], match_id, 2, estimates[1]).status_code == 303
    assert seal(phones[2], match_id, 3, estimates[2]).status_code == 303
    page = table(client, match_id)
    assert "3 of 4 estimates in" in page
    shown = re.sub(r"<[^>]+>", " ", page[page.index("<main") :])
    for value in ("40", "65", "45", "70"):
        assert not re.search(rf"\b{value}\b", shown), value  # D3.3: no screen shows an estimate
    form_page = client.get(f"/matches/{match_id}/deals/new", headers={"Accept-Language": "en"}).get_data(
        as_text=True
    )
    assert (
        "Sealed from a phone" in form_page and 'value="40"' not in form_page and 'value="65"' not in form_page
    )
    fields: dict[str, Any] = {"forehand": forehand, "trump": trump, "estimate_4": estimates[3]}
    fields.update({f"points_{n}": points for n, points in enumerate(made, start=1)})
    response = post_deal(client, match_id, fields)
    assert response.status_code == 303, response.get_data(as_text=True)
    page = table(client, match_id)
    deal_scores = [int(v) for v in re.findall(r'class="score" data-score="(-?\d+)"', page)]
    assert deal_scores == SCORES[0] and totals(page) == SCORES[0]
    assert "0 of 4 estimates in" in page  # the next deal's count starts again
    record = client.get(f"/matches/{match_id}/export.json").get_json()
    deal = record["deals"][0]
    assert deal["estimates"] == estimates
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", t) for t in deal["sealed_at"]["estimates"])


@pytest.mark.slow
def test_an_estimate_out_of_range_is_refused_on_the_field(app: Flask, client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    response = seal(phone(app, client, match_id, 2), match_id, 2, 158)
    assert response.status_code == 422 and "0 to 157 (D3.1)" in response.get_data(as_text=True)
    assert "0 of 4 estimates in" in table(client, match_id)


def test_a_spectator_cannot_seal(app: Flask, client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    spectator = app.test_client()
    assert spectator.get(f"/matches/{match_id}/estimate").status_code == 403
    response = spectator.post(f"/matches/{match_id}/estimate", data={"seat": "1", "estimate": "40"})
    assert response.status_code in (400, 403)
    assert spectator.get(f"/matches/{match_id}/estimate/1").status_code == 403
    response = spectator.post(f"/matches/{match_id}/estimate/1", data={"estimate": "40", "deal": "1"})
    assert response.status_code in (400, 403)
    assert "0 of 4 estimates in" in table(client, match_id)


def test_open_estimates_are_typed_at_the_table(app: Flask, client: FlaskClient) -> None:
    match_id = new_differenzler(client, form="open")
    response = client.get(f"/matches/{match_id}/estimate")
    assert response.status_code == 302
    assert "estimates in" not in table(client, match_id)


def test_the_estimate_is_typed_masked_with_the_numeric_keypad(app: Flask, client: FlaskClient) -> None:
    # D3.3: nobody at the table may read a phone's estimate over a shoulder.
    match_id = new_differenzler(client)
    page = phone(app, client, match_id, 1).get(f"/matches/{match_id}/estimate/1").get_data(as_text=True)
    field = re.search(r'<input[^>]*name="estimate"[^>]*>', page)
    assert field, page
    assert 'type="password"' in field.group(0) and 'inputmode="numeric"' in field.group(0)


def test_the_tables_estimate_fields_are_masked(client: FlaskClient) -> None:
    # D3.3 at the table: the estimates are typed in turn on the one screen, masked.
    match_id = new_differenzler(client)
    page = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    fields = re.findall(r'<input[^>]*name="estimate_\d"[^>]*>', page)
    assert fields, page
    for field in fields:
        assert 'type="password"' in field and 'inputmode="numeric"' in field, field
