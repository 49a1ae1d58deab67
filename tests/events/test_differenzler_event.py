"""A Differenzler event (DIFFERENZLER.md D7.3 in TOURNAMENT.md's format): players drawn to tables of
four, redrawn each Passe of four deals (D7.1), each table entering its deals on the Differenzler
table's screen through the table's link, and the ranking lowest total first (D1.2, D7.4).

Every table plays DIFFERENZLER.md's worked example 2, whose totals by seat are 13, 12, −9, 4 and
whose exact hits by seat are 1, 1, 2, 1. So a player's Passe score is the total of the seat he was
drawn to, and a sit-out scores his own played average (the engine's ``own_average``, T5.5).
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorer.store import db
from scorer.store.models import Match
from tests.helpers.differenzler import new_differenzler_event
from tests.helpers.events import event_state, form_tokens, post_form, register
from tests.helpers.tablet import hidden, post_deal

#: Worked example 2: forehand, trump, estimates, made (seats 1–4).
PASSE = [
    (1, "C", [40, 0, 65, 50], [43, 0, 65, 49]),
    (2, "H", [30, 55, 20, 45], [28, 61, 20, 48]),
    (3, "S", [70, 10, 35, 40], [52, 14, 41, 50]),
    (4, "D", [25, 45, 50, 30], [25, 47, 55, 30]),
]
SEAT_TOTAL = {"1": 13, "2": 12, "3": -9, "4": 4}
SEAT_HITS = {"1": 1, "2": 1, "3": 2, "4": 1}


def play_example_2(client: FlaskClient, match_id: int) -> None:
    for forehand, trump, estimates, made in PASSE:
        fields: dict[str, Any] = {"forehand": forehand, "trump": trump}
        for n in range(4):
            fields[f"estimate_{n + 1}"], fields[f"points_{n + 1}"] = estimates[n], made[n]
        response = post_deal(client, match_id, fields)
        assert response.status_code == 303, response.get_data(as_text=True)


@pytest.mark.slow
def test_a_differenzler_evening_of_two_passen(client: FlaskClient, app: Flask) -> None:
    event_id = new_differenzler_event(client, tie="exact_hits")
    register(client, event_id, ["Anna", "Beat", "Cla", "Doris", "Erich"])
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Differenzler" in page and "/office" not in page and "withdraw" not in page
    # Round 1: one table of four, one sit-out (T5.2); each table's Passe is a Differenzler Partie of 4 deals.
    assert post_form(client, event_id, "draw", {"confirmed": "y"}).status_code == 303
    first = event_state(app, event_id).rounds[0]
    assert len(first.tables) == 1 and len(first.sitouts) == 1
    with app.app_context():
        match = db.session().get(Match, first.tables[0].match_id)
        assert match is not None and match.game == "differenzler"
        assert match.settings["deal_count"] == 4 and match.settings["players"] == 4
        assert match.settings["options"] == {"tie": "exact_hits"}
    # The table enters its deals on its own device, through the table's link on the director's page.
    links = re.findall(
        r'class="small-button table-entry" href="([^"]+)"',
        client.get(f"/events/{event_id}").get_data(as_text=True),
    )
    (link,) = links
    table_device = app.test_client()
    table_device.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    assert table_device.get(urlsplit(link).path).status_code in (302, 303)
    play_example_2(table_device, first.tables[0].match_id)
    screen = table_device.get(f"/matches/{first.tables[0].match_id}").get_data(as_text=True)
    assert f"/events/{event_id}" in screen  # the table's screen leads back to its event
    # The Passe is complete after four deals (D7.2 with deal_count 4): no fifth deal form.
    assert table_device.get(f"/matches/{first.tables[0].match_id}/deals/new").status_code == 302
    # Round 2: redrawn; the sit-out of round 1 plays (T5.2).
    assert post_form(client, event_id, "draw", {"confirmed": "y"}).status_code == 303
    state = event_state(app, event_id)
    second = state.rounds[1]
    assert second.sitouts != first.sitouts and first.sitouts[0] in second.tables[0].seats.values()
    play_example_2(client, second.tables[0].match_id)

    # By hand: a player's Passe is his seat's total; a sit-out his one played Passe (own_average).
    expected: dict[str, int] = {}
    hits: dict[str, int] = {}
    for each in (first, second):
        for seat, player in each.tables[0].seats.items():
            expected[player] = expected.get(player, 0) + SEAT_TOTAL[seat]
            hits[player] = hits.get(player, 0) + SEAT_HITS[seat]
    for each in (first, second):
        (out,) = each.sitouts
        expected[out] *= 2
    assert len(expected) == 5
    # Lowest total first; equal totals: more exact hits first (D7.4 exact_hits), then shared.
    order = sorted(expected, key=lambda p: (expected[p], -hits[p]))
    ranking = client.get(f"/events/{event_id}/ranking").get_data(as_text=True)
    names = re.findall(r'/players/(P\d+)">', ranking)
    assert names == order
    for player, total in expected.items():
        row = ranking[ranking.index(f"/players/{player}") :]
        row = row[: row.index("</tr>")]
        assert f"<strong>{total}</strong>" in row.replace("\u2212", "-"), (player, total, row)

    # The exports show the same totals, lowest first.
    text = client.get(f"/events/{event_id}/export/ranking.csv").data.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    total = rows[0].index("Total")
    assert [(r[1], int(r[total].lstrip("'"))) for r in rows[1:]] == [(p, expected[p]) for p in order]
    standblatt = client.get(f"/events/{event_id}/export/standblatt.csv").data.decode("utf-8-sig")
    lines = [r for r in csv.reader(io.StringIO(standblatt))][1:]
    assert len(lines) == 10  # five players, two rounds each (played or sat out)
    player_page = client.get(f"/events/{event_id}/players/{order[0]}").get_data(as_text=True)
    assert "<svg" in player_page
    assert client.get(f"/events/{event_id}/results").status_code == 200
    for kind in ("tables", "standblatt", "ranking", "pads"):
        assert client.get(f"/events/{event_id}/print/{kind}.pdf?round=1").status_code == 200
    pads = client.get(f"/events/{event_id}/print/pads.pdf?round=1&lang=en")
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pads.data)).pages)
    # Deal 1 of example 2, seat 1: estimate 40, made 43, score 3; seat 3's total −9 (D6).
    assert "40 · 43 · 3" in text and "Seat 3: " in text and "(team" not in text
    assert client.get(f"/events/{event_id}/office").status_code == 404
    # The event's export imports as the same event: its tables Differenzler Parties, the same ranking.
    exported = client.get(f"/events/{event_id}/export.json").get_json()
    page = client.get("/events/import").get_data(as_text=True)
    data = {"csrf_token": hidden(page, "csrf_token"), "text": json.dumps(exported), "idem": "i1"}
    response = client.post("/events/import", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    copy_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    copied = client.get(f"/events/{copy_id}/ranking").get_data(as_text=True)
    assert re.findall(r'/players/(P\d+)">', copied) == order
    with app.app_context():
        tables = event_state(app, copy_id).rounds[0].tables
        match = db.session().get(Match, tables[0].match_id)
        assert match is not None and match.game == "differenzler"


def test_a_differenzler_event_takes_no_late_entry_or_substitute(client: FlaskClient, app: Flask) -> None:
    event_id = new_differenzler_event(client)
    register(client, event_id, ["Anna", "Beat", "Cla", "Doris"])
    assert post_form(client, event_id, "draw", {"confirmed": "y"}).status_code == 303
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    data = form_tokens(page, f"/events/{event_id}/freeze")
    response = client.post(
        f"/events/{event_id}/withdraw", data={**data, "player": "P1", "substitute": "Ersatz"}
    )
    assert response.status_code == 303
    assert "no withdrawals or substitutes" in client.get(f"/events/{event_id}").get_data(as_text=True)
    # A late entry would be a fifth player nobody seats in round 1 (T5.1): refused after the draw.
    late = client.post(f"/events/{event_id}/players", data={**data, "players": "Zu spät"})
    assert late.status_code == 303
    assert "no players after the first draw" in client.get(f"/events/{event_id}").get_data(as_text=True)
    state = event_state(app, event_id)
    assert state.substitutes == [] and len(state.registered) == 4


@pytest.mark.slow
def test_a_differenzler_events_printouts_in_every_language(client: FlaskClient, app: Flask) -> None:
    event_id = new_differenzler_event(client, passen="1")
    register(client, event_id, ["Anna", "Beat", "Cla", "Doris"])
    assert post_form(client, event_id, "draw", {"confirmed": "y"}).status_code == 303
    state = event_state(app, event_id)
    (table,) = state.rounds[0].tables
    # A void deal first (D6.4): seat 3 pays a penalty of 20, and the Passe is replayed in full.
    assert post_deal(client, table.match_id, {"forehand": 1, "void": "y", "penalty_3": 1}).status_code == 303
    play_example_2(client, table.match_id)
    for lang in ("de_CH", "fr_CH", "it_CH", "en", "sv", "fa"):
        for kind in ("tables", "pads", "standblatt", "ranking"):
            response = client.get(f"/events/{event_id}/print/{kind}.pdf?lang={lang}")
            assert response.status_code == 200, (lang, kind)
            reader = PdfReader(io.BytesIO(response.data))
            text = "".join(page.extract_text() for page in reader.pages)
            if kind == "standblatt":
                assert len(reader.pages) == 4  # one Standblatt per player (T1.4)
            if kind == "pads" and lang == "en":
                assert "\u2014 · \u2014 · 20" in text and "40 · 43 · 3" in text  # the void line, then deal 1
            if kind == "ranking":
                # Lowest first (D1.2).
                # With the void deal's 20, seat 3's total is 11: seat 4 (4), seat 3 (11), seat 2 (12), seat 1 (13).
                names = [state.name(table.seats[seat]) for seat in "4321"]
                lines = [line.strip() for line in text.splitlines()]
                assert [line for line in lines if line in names] == names, text
