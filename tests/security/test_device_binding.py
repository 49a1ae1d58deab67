"""A table's link enters on one device; each team confirms for itself (``scorer.events.devices``).

The first device that opens a table's link claims its entry; any other device reads the table
and is refused every change with the reason; the director moves the entry to another device
(logged); a team link confirms for its own team only; and a device that confirmed for one team
of a table cannot confirm for the other (T6.2: both teams confirm, each for itself).
"""

from __future__ import annotations

import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorer.store import db
from scorer.store.models import EventEntry
from tests.helpers.events import (
    claim_table,
    confirm_game,
    evening,
    event_state,
    passe_version,
    play_passe,
    sign_passe,
    slots,
    table_link,
    table_url,
    token,
)
from tests.helpers.tablet import english

READ_ONLY = "This device only reads this table."


def kinds(app: Flask, event_id: int, kind: str) -> list[dict[str, object]]:
    with app.app_context():
        return [
            dict(record or {})
            for record in db.session().scalars(
                select(EventEntry.record).where(EventEntry.event_id == event_id, EventEntry.kind == kind)
            )
        ]


def team_links(page: str, event_id: int, match_id: int) -> dict[int, str]:
    found = re.findall(
        rf"http://[^\s<\"]+(/events/{event_id}/tables/{match_id}/team/(\d)/[A-Za-z0-9_-]+)", page
    )
    return {int(team): path for path, team in found}


def page_of(client: FlaskClient, event_id: int, match_id: int) -> str:
    return str(client.get(table_url(event_id, match_id)).get_data(as_text=True))


def move(director: FlaskClient, event_id: int, match_id: int, idem: str) -> int:
    page = director.get("/events/new").get_data(as_text=True)
    data = {"csrf_token": token(page), "idem": idem}
    return int(director.post(f"/events/{event_id}/tables/{match_id}/move", data=data).status_code)


def test_the_first_device_claims_the_table_and_a_second_one_only_reads(
    app: Flask, client: FlaskClient
) -> None:
    event_id, (match_id,) = evening(client, app, "per_game")
    link = table_link(client, event_id, match_id)
    first = english(app, "192.0.2.40")
    claim_table(first, link)
    assert kinds(app, event_id, "bind") and kinds(app, event_id, "bind")[0]["match_id"] == match_id
    play_passe(first, match_id, [98])
    # A player's phone that opened the same card: it reads, with the reason.
    phone = english(app, "192.0.2.41")
    answer = phone.get(link, follow_redirects=True)
    assert answer.status_code == 200
    text = answer.get_data(as_text=True)
    assert "in use on another device" in text and READ_ONLY in text
    assert phone.get(f"/matches/{match_id}").status_code == 200
    # Its changes are refused with a message, and nothing is stored.
    page = phone.get("/events/new").get_data(as_text=True)
    deal = {"csrf_token": token(page), "version": "1", "contract": "H", "team": "1", "points": "60"}
    refused = phone.post(f"/matches/{match_id}/deals/new", data=deal)
    assert refused.status_code == 403 and "Only the tablets of this match" in refused.get_data(as_text=True)
    slot, version = slots(first.get(table_url(event_id, match_id)).get_data(as_text=True))[0]
    data = {"csrf_token": token(page), "slot": slot, "version": version, "team": "1", "idem": "p1"}
    refused = phone.post(f"{table_url(event_id, match_id)}/confirm", data=data)
    assert refused.status_code == 403 and READ_ONLY in refused.get_data(as_text=True)
    assert kinds(app, event_id, "confirm") == []
    # The device that claimed it still enters, also after opening its link again.
    claim_table(first, link)
    play_passe(first, match_id, [45])
    assert len(kinds(app, event_id, "bind")) == 1


def test_the_director_moves_the_table_to_another_tablet(app: Flask, client: FlaskClient) -> None:
    event_id, (match_id,) = evening(client, app, "per_game")
    link = table_link(client, event_id, match_id)
    broken = english(app, "192.0.2.42")
    claim_table(broken, link)
    spare = english(app, "192.0.2.43")
    assert READ_ONLY in spare.get(link, follow_redirects=True).get_data(as_text=True)
    # Only the director moves it.
    assert move(spare, event_id, match_id, "m0") == 403
    assert move(client, event_id, match_id, "m1") == 303
    assert move(client, event_id, match_id, "m1") == 303  # a double tap moves once
    assert kinds(app, event_id, "release") == [{"match_id": match_id}]
    # The old device's right ends; the next device that opens the link takes the table.
    page = broken.get("/events/new").get_data(as_text=True)
    deal = {"csrf_token": token(page), "version": "0", "contract": "H", "team": "1", "points": "60"}
    assert broken.post(f"/matches/{match_id}/deals/new", data=deal).status_code == 403
    claim_table(spare, link)
    play_passe(spare, match_id, [98])
    assert READ_ONLY in broken.get(link, follow_redirects=True).get_data(as_text=True)
    # The director keeps entering throughout.
    play_passe(client, match_id, [45])


def test_a_team_link_confirms_for_its_own_team_only(app: Flask, client: FlaskClient) -> None:
    event_id, (match_id,) = evening(client, app, "per_game")
    link = table_link(client, event_id, match_id)
    screen = english(app, "192.0.2.44")
    claim_table(screen, link)
    play_passe(screen, match_id, [98, 45])
    links = team_links(screen.get(table_url(event_id, match_id)).get_data(as_text=True), event_id, match_id)
    assert sorted(links) == [1, 2]
    title = re.search(r"<title>(.*?)</title>", page_of(screen, event_id, match_id), re.S)
    assert title and "/team/" not in title.group(1), "a team link's secret stays out of the title"
    assert screen.get(f"/events/{event_id}/tables/{match_id}/team/1/qr.svg").status_code == 200
    assert (
        english(app, "192.0.2.49").get(f"/events/{event_id}/tables/{match_id}/team/1/qr.svg").status_code
        == 403
    )
    phone_a = english(app, "192.0.2.45")
    assert phone_a.get(links[1]).status_code == 303
    (first, v1), (second, v2) = slots(screen.get(table_url(event_id, match_id)).get_data(as_text=True))
    page = phone_a.get(table_url(event_id, match_id)).get_data(as_text=True)
    assert 'data-team="1"' in page and 'data-team="2"' not in page
    refused = confirm_game(phone_a, event_id, match_id, first, v1, 2)
    assert refused.status_code == 403 and "team 1&#39;s link" in refused.get_data(as_text=True)
    assert confirm_game(phone_a, event_id, match_id, first, v1, 1).status_code == 303
    # Nor may it claim a figure for team 2, or enter a game.
    page = phone_a.get("/events/new").get_data(as_text=True)
    data = {"csrf_token": token(page), "slot": second, "team": "2", "value": "60", "idem": "c2"}
    assert phone_a.post(f"{table_url(event_id, match_id)}/claim", data=data).status_code == 403
    deal = {"csrf_token": token(page), "version": "2", "contract": "H", "team": "1", "points": "60"}
    assert phone_a.post(f"/matches/{match_id}/deals/new", data=deal).status_code == 403
    # A wrong team link is a counted guess, not a right.
    assert (
        english(app, "192.0.2.46").get(f"/events/{event_id}/tables/{match_id}/team/2/wrong").status_code
        == 403
    )
    assert [r["team"] for r in kinds(app, event_id, "confirm")] == [1]


def test_one_device_cannot_confirm_for_both_teams(app: Flask, client: FlaskClient) -> None:
    event_id, (match_id,) = evening(client, app, "per_game")
    link = table_link(client, event_id, match_id)
    screen = english(app, "192.0.2.47")
    claim_table(screen, link)
    play_passe(screen, match_id, [98, 45])
    links = team_links(screen.get(table_url(event_id, match_id)).get_data(as_text=True), event_id, match_id)
    (first, v1), (second, v2) = slots(screen.get(table_url(event_id, match_id)).get_data(as_text=True))
    # The table's screen confirms for team 1; team 2 then has to use its own device.
    assert confirm_game(screen, event_id, match_id, first, v1, 1).status_code == 303
    refused = confirm_game(screen, event_id, match_id, first, v1, 2)
    assert refused.status_code == 403 and "confirmed for team 1" in refused.get_data(as_text=True)
    assert 'data-team="2"' not in screen.get(table_url(event_id, match_id)).get_data(as_text=True)
    # A phone that opens both team links confirms for the first team it confirmed for, only.
    phone = english(app, "192.0.2.48")
    assert phone.get(links[2]).status_code == 303
    assert confirm_game(phone, event_id, match_id, second, v2, 2).status_code == 303
    assert phone.get(links[1]).status_code == 303
    assert confirm_game(phone, event_id, match_id, second, v2, 1).status_code == 403
    assert confirm_game(phone, event_id, match_id, first, v1, 2).status_code == 403
    assert sorted((r["slot"], r["team"]) for r in kinds(app, event_id, "confirm")) == [
        (int(first), 1),
        (int(second), 2),
    ]


@pytest.mark.slow
def test_under_per_passe_each_team_signs_on_its_own_device(app: Flask, client: FlaskClient) -> None:
    event_id, (match_id,) = evening(client, app, "per_passe")
    screen = english(app, "192.0.2.50")
    claim_table(screen, table_link(client, event_id, match_id))
    play_passe(screen, match_id, [98, 45])
    page = screen.get(table_url(event_id, match_id)).get_data(as_text=True)
    links = team_links(page, event_id, match_id)
    version = passe_version(page)
    assert sign_passe(screen, event_id, match_id, 2).status_code == 303
    assert sign_passe(screen, event_id, match_id, 1, idem="again", version=version).status_code == 403
    phone = english(app, "192.0.2.51")
    assert phone.get(links[1]).status_code == 303
    assert sign_passe(phone, event_id, match_id, 1).status_code == 303
    assert sorted(r["team"] for r in kinds(app, event_id, "sign")) == [1, 2]


def imported(director: FlaskClient, event_id: int) -> int:
    """The event exported and imported again by its director (here, as on another server)."""
    exported = director.get(f"/events/{event_id}/export.json").get_json()
    page = director.get("/events/import").get_data(as_text=True)
    data = {"csrf_token": token(page), "text": json.dumps(exported), "idem": f"import-{event_id}"}
    response = director.post("/events/import", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def test_an_imported_binding_grants_no_entry(app: Flask, client: FlaskClient) -> None:
    """An export carries its event's ``bind`` entries, each naming a device of the exporting
    server: imported, each table is released after them, so the first device that opens the new
    table's link here claims it, and the device the export named (here the very same browser)
    only reads it."""
    event_id, (match_id,) = evening(client, app, "per_game")
    exporting = english(app, "192.0.2.48")
    claim_table(exporting, table_link(client, event_id, match_id))
    copy_id = imported(client, event_id)
    (copy_match,) = (t.match_id for t in event_state(app, copy_id).rounds[0].tables)
    assert kinds(app, copy_id, "bind") == [
        {"match_id": copy_match, "device": kinds(app, event_id, "bind")[0]["device"]}
    ]
    assert kinds(app, copy_id, "release") == [{"match_id": copy_match}]
    link = table_link(client, copy_id, copy_match)
    newcomer = english(app, "192.0.2.49")
    claim_table(newcomer, link)
    play_passe(newcomer, copy_match, [98])
    answer = exporting.get(link, follow_redirects=True)
    assert "in use on another device" in answer.get_data(as_text=True)
    # The original event's table is still the exporting device's.
    claim_table(exporting, table_link(client, event_id, match_id))
