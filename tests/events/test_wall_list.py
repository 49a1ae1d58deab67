"""A round's wall list (the room's seating board): every player by name, his table, seat, team and
partner (T3.2: seats 1 and 3 against 2 and 4), who sits out (T5.2); on the projector and printed."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.events import draw, event_state, new_event, register
from tests.helpers.pdf import page_texts

NAMES = ["Zita", "anna", "Beat", "Chris", "Dora", "Emil", "Fritz", "Gabi", "Hans"]


def rows(page: str) -> list[list[str]]:
    body = page[page.index('class="ranking-table wall-list"') :]
    body = body[: body.index("</table>")]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
        if "<td" in row
    ]


def test_every_seated_player_by_name_with_table_seat_and_partner(app: Flask, client: FlaskClient) -> None:
    event_id = new_event(client, passen=2)
    register(client, event_id, NAMES)
    assert "No round is drawn yet." in client.get(f"/events/{event_id}/seating").get_data(as_text=True)
    draw(client, event_id)
    state = event_state(app, event_id)
    (round_,) = state.rounds
    expected = []
    for table in round_.tables:
        for seat, player in table.seats.items():
            partner = table.seats[{"1": "3", "3": "1", "2": "4", "4": "2"}[seat]]
            team = "1" if seat in ("1", "3") else "2"
            expected.append([state.name(player), str(table.table), seat, team, state.name(partner)])
    expected.sort(key=lambda row: row[0].casefold())  # "anna" before "Beat": by name, not by case
    reader = client.application.test_client()
    reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = reader.get(f"/events/{event_id}/seating").get_data(as_text=True)
    assert rows(page) == expected and len(expected) == 8
    (sitout,) = round_.sitouts
    assert f"Sit out: {state.name(sitout)}" in page
    projector = reader.get(f"/events/{event_id}/seating?screen=projector").get_data(as_text=True)
    assert 'class="projector projector-screen"' in projector and rows(projector) == expected
    printed = reader.get(f"/events/{event_id}/print/seating.pdf?lang=en")
    assert printed.status_code == 200 and printed.data[:5] == b"%PDF-"
    text = " ".join(page_texts(printed.data))
    assert "Seating" in text and all(name in text for name in NAMES)
    persian = reader.get(f"/events/{event_id}/print/seating.pdf?lang=fa")
    assert persian.status_code == 200 and persian.data[:5] == b"%PDF-"


def test_the_event_page_links_each_rounds_wall_list(app: Flask, client: FlaskClient) -> None:
    event_id = new_event(client, passen=2)
    register(client, event_id, NAMES[:8])
    draw(client, event_id)
    draw(client, event_id)
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert f"/events/{event_id}/seating?round=1" in page and f"/events/{event_id}/seating?round=2" in page
    first = client.get(f"/events/{event_id}/seating?round=1").get_data(as_text=True)
    second = client.get(f"/events/{event_id}/seating").get_data(as_text=True)
    assert "Round 1" in first and "Round 2" in second
    state = event_state(app, event_id)
    tables = {state.name(p): str(t.table) for t in state.rounds[1].tables for p in t.seats.values()}
    assert {row[0]: row[1] for row in rows(second)} == tables
