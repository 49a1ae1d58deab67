"""Inputs beyond an event's bounds (``rules_engine.limits.TOURNAMENT``) are refused before any
work; inputs at the bounds are accepted, and their answers stay the size of an evening."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from rules_engine.limits import TOURNAMENT
from scorer.store import db
from scorer.store.models import Event
from tests.helpers.events import post_form
from tests.helpers.tablet import csrf


@pytest.fixture
def app_config() -> dict[str, Any]:
    return {"IMPORT_LIMIT": 10**6, "WRITE_LIMIT": 10**6}


def tournament(passen: int, players: int) -> dict[str, Any]:
    return {
        "game": "schieber_tournament",
        "passen": passen,
        "players": [{"id": f"P{n}", "name": "x" * TOURNAMENT.name} for n in range(players)],
        "rounds": [],
        "results": [],
    }


def test_tournament_api_refuses_beyond_the_bounds(client: FlaskClient) -> None:
    too_long = client.post("/api/v1/tournament", json=tournament(TOURNAMENT.passen + 1, 4))
    assert too_long.status_code == 400 and too_long.get_json()["error"].startswith("/passen:")
    too_many = client.post("/api/v1/tournament", json=tournament(2, TOURNAMENT.players + 1))
    assert too_many.status_code == 400 and too_many.get_json()["error"].startswith("/players:")
    named = tournament(2, 4)
    named["players"][0]["name"] = "x" * (TOURNAMENT.name + 1)
    assert client.post("/api/v1/tournament", json=named).get_json()["error"].startswith("/players/0/name:")


def test_tournament_api_at_the_bounds_answers_an_evening(client: FlaskClient) -> None:
    response = client.post("/api/v1/tournament", json=tournament(TOURNAMENT.passen, TOURNAMENT.players))
    assert response.status_code == 200
    ranking = response.get_json()["ranking"]
    assert len(ranking) == TOURNAMENT.players
    assert all(len(entry["passen"]) == TOURNAMENT.passen for entry in ranking)
    # The answer grows with players × Passen only: a few hundred bytes a player.
    assert len(response.get_data()) < TOURNAMENT.players * TOURNAMENT.passen * 40


def test_the_set_up_form_and_the_player_list_keep_the_bounds(client: FlaskClient, app: Flask) -> None:
    from tests.helpers.events import new_event

    event_id = new_event(client, passen=TOURNAMENT.passen)
    response = post_form(
        client, event_id, "players", {"players": "\n".join(f"S{n}" for n in range(TOURNAMENT.players + 1))}
    )
    assert response.status_code == 303
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert event is not None and event.entries == []
    response = post_form(client, event_id, "players", {"players": "\n".join(f"S{n}" for n in range(8))})
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert event is not None and len(event.entries) == 8


def test_an_import_beyond_the_bounds_stores_nothing(client: FlaskClient, app: Flask) -> None:
    import json

    from tests.helpers.events import token

    export = {
        "format": "tafel-event",
        "version": 1,
        "title": "Gross",
        "settings": {"game": "schieber", "passen": TOURNAMENT.passen + 1, "options": {}},
        "entries": [{"seq": n + 1, "kind": "player", "record": {"name": f"S{n}"}} for n in range(8)],
        "matches": {},
    }
    page = client.get("/events/import").get_data(as_text=True)
    data = {"csrf_token": token(page), "idem": "k", "text": json.dumps(export)}
    refused = client.post("/events/import", data=data)
    assert refused.status_code == 422 and "/settings/passen" in refused.get_data(as_text=True)
    export["settings"]["passen"] = TOURNAMENT.passen
    many = [
        {"seq": n + 1, "kind": "player", "record": {"name": f"S{n}"}} for n in range(TOURNAMENT.players + 1)
    ]
    refused = client.post("/events/import", data={**data, "text": json.dumps({**export, "entries": many})})
    assert refused.status_code == 422 and f"/entries/{TOURNAMENT.players}" in refused.get_data(as_text=True)
    with app.app_context():
        assert db.session().query(Event).count() == 0
    accepted = client.post(
        "/events/import", data={**data, "text": json.dumps({**export, "entries": many[:-1]})}
    )
    assert accepted.status_code == 303


def test_the_event_list_is_paginated(client: FlaskClient, app: Flask) -> None:
    with app.app_context():
        for n in range(30):
            db.session().add(Event(title=f"Abend {n}", settings={"passen": 4, "options": {}}))
        db.session().commit()
    page = client.get("/events/").get_data(as_text=True)
    shown = re.findall(r'href="/events/(\d+)">Abend (\d+)<', page)
    assert [int(n) for _id, n in shown] == list(range(29, 4, -1))  # the newest 25
    assert "/events/?before=6" in page
    older = client.get("/events/?before=6").get_data(as_text=True)
    assert [int(n) for _id, n in re.findall(r'href="/events/(\d+)">Abend (\d+)<', older)] == [4, 3, 2, 1, 0]
    assert "before=" not in older


def test_a_coiffeur_grid_beyond_the_bound_is_refused_and_one_at_it_prints(client: FlaskClient) -> None:
    import json

    from rules_engine.limits import GRID_ROWS

    def grid(rows: int) -> str:
        custom = [{"type": "wunsch", "factor": n + 1} for n in range(rows)]
        return json.dumps({"game": "coiffeur", "options": {"grid": custom}, "deals": []})

    refused = client.post("/api/v1/match", data=grid(GRID_ROWS + 1), content_type="application/json")
    assert refused.status_code == 400 and "grid" in refused.get_json()["error"]
    token = csrf(client, "/matches/import")
    too_many = client.post(
        "/matches/import", data={"csrf_token": token, "text": grid(GRID_ROWS + 1), "deck": "swiss"}
    )
    assert too_many.status_code == 422 and f"at most {GRID_ROWS} rows" in too_many.get_data(as_text=True)
    accepted = client.post(
        "/matches/import", data={"csrf_token": token, "text": grid(GRID_ROWS), "deck": "swiss"}
    )
    assert accepted.status_code == 302
    sheet = client.get(accepted.headers["Location"] + "/scoresheet.pdf")
    assert sheet.status_code == 200 and sheet.data.startswith(b"%PDF")
