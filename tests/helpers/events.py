"""An event driven through its pages: created, its players registered and drawn, its tables
played, and their games confirmed or claimed at the office."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorer.events import state as event_log
from scorer.store import db
from scorer.store.models import Event
from tests.helpers.tablet import csrf, english, hidden, post_deal


def new_event(client: FlaskClient, **fields: Any) -> int:
    data = {
        "csrf_token": csrf(client, "/events/new"),
        "title": "Clubabend",
        "passen": "3",
        "games_per_passe": "8",
        "streich": "0",
        "match_value": "157",
        "confirm": "none",
    }
    page = client.get("/events/new").get_data(as_text=True)
    data["idem"] = hidden(page, "idem")
    data.update({k: str(v) for k, v in fields.items()})
    response = client.post("/events/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def form_tokens(page: str, action: str) -> dict[str, str]:
    """The hidden fields of the form posting to ``action`` on ``page`` (a prefixed form's too:
    ``undraw-version``)."""
    start = page.index(f'action="{action}"')
    chunk = page[start : page.index("</form>", start)]
    found = dict(
        re.findall(r'name="((?:[a-z]+-)?(?:csrf_token|version|idem|frozen))"[^>]*value="([^"]*)"', chunk)
    )
    return found


def post_form(client: FlaskClient, event_id: int, path: str, fields: dict[str, Any]) -> Any:
    action = f"/events/{event_id}/{path}"
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    data = form_tokens(page, action)
    data.update({k: str(v) for k, v in fields.items()})
    return client.post(action, data=data)


def register(client: FlaskClient, event_id: int, names: list[str]) -> None:
    response = post_form(client, event_id, "players", {"players": "\n".join(names)})
    assert response.status_code == 303


def draw(client: FlaskClient, event_id: int) -> None:
    assert post_form(client, event_id, "draw", {"confirmed": "y"}).status_code == 303


def event_state(app: Flask, event_id: int) -> event_log.EventState:
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert event is not None
        return event_log.derive(event.entries)


def play_passe(client: FlaskClient, match_id: int, values: list[int]) -> None:
    """Enter one game per value: team 1's trick points, forehand passing to the right (T3.3)."""
    for index, value in enumerate(values):
        fields = {"forehand": index % 4 + 1, "contract": "H", "team": 1, "points": value}
        response = post_deal(client, match_id, fields)
        assert response.status_code == 303, response.get_data(as_text=True)


def table_url(event_id: int, match_id: int) -> str:
    return f"/events/{event_id}/tables/{match_id}"


def token(page: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert found, "no CSRF token"
    return found.group(1)


def slots(page: str) -> list[tuple[str, str]]:
    """(slot, version) of each game that still waits for a team's confirmation, in page order."""
    found = re.findall(r'name="slot" value="(\d+)"><input type="hidden" name="version" value="(\d+)"', page)
    return list(dict.fromkeys(found))


def all_slots(page: str) -> list[str]:
    return list(dict.fromkeys(re.findall(r'name="slot" value="(\d+)"', page)))


def confirm_game(
    client: FlaskClient,
    event_id: int,
    match_id: int,
    slot: str,
    version: str,
    team: int,
    idem: str | None = None,
) -> Any:
    """A team confirms a game (T6.2); ``idem``: its key (by default one per slot, team and
    version, which repeat from table to table)."""
    page = client.get("/events/new").get_data(as_text=True)  # the session's CSRF token
    data = {
        "csrf_token": token(page),
        "slot": slot,
        "version": version,
        "team": str(team),
        "idem": idem or f"k{slot}{team}{version}",
    }
    return client.post(f"{table_url(event_id, match_id)}/confirm", data=data)


def claim(
    client: FlaskClient,
    event_id: int,
    match_id: int,
    slot: str,
    team: int,
    value: int,
    idem: str | None = None,
) -> Any:
    page = client.get("/events/new").get_data(as_text=True)  # the session's CSRF token
    data = {
        "csrf_token": token(page),
        "slot": slot,
        "team": str(team),
        "value": str(value),
        "idem": idem or f"c{slot}{team}{value}",
    }
    return client.post(f"{table_url(event_id, match_id)}/claim", data=data)


def ranking_of(client: FlaskClient, event_id: int) -> list[list[str]]:
    response = client.get(f"/events/{event_id}/ranking?part=table")
    page = response.get_data(as_text=True)
    response.close()  # as a server does once the answer is sent
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S)
    return [
        [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in rows
        if "<td" in row
    ]


def office_link(director: FlaskClient, event_id: int) -> str:
    page = director.get(f"/events/{event_id}").get_data(as_text=True)
    found = re.search(rf"/events/{event_id}/office/link/[A-Za-z0-9_-]+", page)
    assert found, "the director's event page shows the office link"
    return found.group(0)


def disputed_evening(app: Flask) -> tuple[FlaskClient, int, int, str]:
    """A one-table evening whose second game team 2 disputes (T6.3): director, event, match, slot."""
    director = english(app, "192.0.2.20")
    event_id = new_event(director, confirm="per_game", games_per_passe=2, passen=2)
    register(director, event_id, ["Anna", "Beat", "Chris", "Dora"])
    draw(director, event_id)
    match_id = event_state(app, event_id).rounds[0].tables[0].match_id
    play_passe(director, match_id, [98, 45])
    (first, v1), (second, v2) = slots(director.get(table_url(event_id, match_id)).get_data(as_text=True))
    for team in (1, 2):
        confirm_game(director, event_id, match_id, first, v1, team)
    confirm_game(director, event_id, match_id, second, v2, 1)
    assert claim(director, event_id, match_id, second, 2, 122).status_code == 303
    return director, event_id, match_id, second


NAMES = ["Anna", "Beat", "Chris", "Dora"]


def evening(client: FlaskClient, app: Flask, confirm: str, games: int = 2) -> tuple[int, list[int]]:
    """An event of one table (4 players), round 1 drawn: its id and the tables' match ids."""
    event_id = new_event(client, confirm=confirm, games_per_passe=games, passen=1)
    register(client, event_id, NAMES)
    draw(client, event_id)
    tables = event_state(app, event_id).rounds[0].tables
    return event_id, [t.match_id for t in tables]


def passe_version(page: str) -> str:
    """The version of the Passe a table's page shows (its signing forms carry it)."""
    found = re.search(r'name="version" value="(\d+)"><input type="hidden" name="team"', page)
    assert found, "the table's page offers a signature"
    return found.group(1)


def sign_passe(
    client: FlaskClient,
    event_id: int,
    match_id: int,
    team: int,
    idem: str | None = None,
    version: str | None = None,
) -> Any:
    """A team signs the Passe as the table's page shows it (T6.2 ``per_passe``); ``version``: the
    Passe's version to sign (by default the one the page's signing form carries)."""
    page = client.get(table_url(event_id, match_id)).get_data(as_text=True)
    version = version or passe_version(page)
    session_page = client.get("/events/new").get_data(as_text=True)  # the session's CSRF token
    data = {
        "csrf_token": token(session_page),
        "team": str(team),
        "version": version,
        "idem": idem or f"s{team}v{version}",
    }
    return client.post(f"{table_url(event_id, match_id)}/confirm", data=data)


def table_link(director: FlaskClient, event_id: int, match_id: int) -> str:
    """The table's link (its card's QR code) as the director's event page shows it."""
    page = director.get(f"/events/{event_id}").get_data(as_text=True)
    found = re.search(rf"/matches/{match_id}/edit/[A-Za-z0-9_-]+", page)
    assert found, "the director's event page shows the table's link"
    return found.group(0)


def claim_table(device: FlaskClient, link: str) -> None:
    """``device`` opens the table's link and holds its entry (the first device to open it does)."""
    response = device.get(link)
    assert response.status_code == 303 and "/matches/" in response.headers["Location"], (
        "the table's entry is bound to another device"
    )
