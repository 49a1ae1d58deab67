"""The director withdraws a link: the office's or a table's. The rights it gave end at once on
every device, the withdrawal stays in the event's log and the rights stay stored, marked
revoked (nothing deleted); the old link answers a 403 page that says it was withdrawn (not a
counted guess); a new link works; only the director may withdraw."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorer.store import db
from scorer.store.models import AccessGrant, EventEntry
from tests.helpers.events import (
    claim_table,
    confirm_game,
    disputed_evening,
    draw,
    evening,
    event_state,
    new_event,
    office_link,
    play_passe,
    register,
    slots,
    table_link,
    table_url,
    token,
)
from tests.helpers.tablet import english

WITHDRAWN = "withdrew this link"


def withdraw(client: FlaskClient, event_id: int, idem: str, match_id: int | None = None) -> int:
    page = client.get("/events/new").get_data(as_text=True)  # the session's CSRF token
    data = {"csrf_token": token(page), "link": "office" if match_id is None else "table", "idem": idem}
    if match_id is not None:
        data["match_id"] = str(match_id)
    return int(client.post(f"/events/{event_id}/links/revoke", data=data).status_code)


def revocations(app: Flask, event_id: int) -> list[dict[str, object]]:
    with app.app_context():
        return [
            dict(record or {})
            for record in db.session().scalars(
                select(EventEntry.record).where(EventEntry.event_id == event_id, EventEntry.kind == "revoke")
            )
        ]


def test_a_withdrawn_office_link_opens_nothing_and_its_rights_stay_marked(app: Flask) -> None:
    director, event_id, _match_id, _slot = disputed_evening(app)
    office = english(app, "192.0.2.30")
    old = office_link(director, event_id)
    assert office.get(old).status_code == 303
    assert office.get(f"/events/{event_id}/office").status_code == 200
    # The office may not withdraw links: that is the director's.
    assert withdraw(office, event_id, "o") == 403
    assert revocations(app, event_id) == []

    assert withdraw(director, event_id, "r1") == 303
    assert withdraw(director, event_id, "r1") == 303  # a double tap withdraws once
    assert revocations(app, event_id) == [{"link": "office"}]
    # The device that opened the old link no longer reaches the office.
    assert office.get(f"/events/{event_id}/office").status_code == 403
    # The old link says so, on any device, and is not counted as a guess.
    latecomer = english(app, "192.0.2.31")
    for _ in range(int(app.config["GUESS_LIMIT"]) + 1):
        answer = latecomer.get(old)
        assert answer.status_code == 403 and WITHDRAWN in answer.get_data(as_text=True)
    # The right is kept, marked revoked, not deleted.
    with app.app_context():
        rows = list(db.session().scalars(select(AccessGrant).where(AccessGrant.event_id == event_id)))
        office_rows = [row for row in rows if row.event_role == "office"]
        assert office_rows and all(row.revoked is not None for row in office_rows)
    # The director's page shows a new office link; it works, the old one still does not.
    new = office_link(director, event_id)
    assert new != old
    assert latecomer.get(new).status_code == 303
    assert latecomer.get(f"/events/{event_id}/office").status_code == 200
    assert office.get(f"/events/{event_id}/office").status_code == 403


def test_a_withdrawn_table_link_opens_nothing_the_new_one_does(app: Flask) -> None:
    director = english(app, "192.0.2.32")
    event_id = new_event(director, confirm="per_game", games_per_passe=2, passen=1)
    register(director, event_id, [f"P{n}" for n in range(8)])
    draw(director, event_id)
    first, second = (t.match_id for t in event_state(app, event_id).rounds[0].tables)
    old = table_link(director, event_id, first)
    other = table_link(director, event_id, second)
    tablet = english(app, "192.0.2.33")
    claim_table(tablet, old)
    play_passe(tablet, first, [98])
    slot, version = slots(director.get(table_url(event_id, first)).get_data(as_text=True))[0]
    assert confirm_game(tablet, event_id, first, slot, version, 1).status_code == 303

    assert withdraw(director, event_id, "t1", first) == 303
    assert revocations(app, event_id) == [{"link": "table", "match_id": first}]
    # The lost device may neither confirm nor enter a game of the table any more.
    assert 'data-team="2"' not in tablet.get(table_url(event_id, first)).get_data(as_text=True)
    page = tablet.get("/events/new").get_data(as_text=True)
    confirm = {"csrf_token": token(page), "slot": slot, "version": version, "team": "2", "idem": "x"}
    assert tablet.post(f"{table_url(event_id, first)}/confirm", data=confirm).status_code == 403
    data = {"csrf_token": token(page), "version": "1", "contract": "H", "team": "1", "points": "60"}
    assert tablet.post(f"/matches/{first}/deals/new", data=data).status_code == 403
    # Its old link says it was withdrawn, and is no counted guess.
    stranger = english(app, "192.0.2.34")
    for _ in range(int(app.config["GUESS_LIMIT"]) + 1):
        answer = stranger.get(old)
        assert answer.status_code == 403 and WITHDRAWN in answer.get_data(as_text=True)
    with app.app_context():
        rows = list(db.session().scalars(select(AccessGrant).where(AccessGrant.match_id == first)))
        assert any(row.revoked is not None for row in rows)
    # The new link works; the director keeps entering; the other table's link is untouched.
    new = table_link(director, event_id, first)
    assert new != old and table_link(director, event_id, second) == other
    replacement = english(app, "192.0.2.35")
    claim_table(replacement, new)  # a new link: the table is claimed afresh
    assert confirm_game(replacement, event_id, first, slot, version, 2).status_code == 303
    play_passe(director, first, [45])
    claim_table(english(app, "192.0.2.36"), other)


def test_an_imported_event_keeps_the_withdrawal_and_its_new_link_works(app: Flask) -> None:
    import json

    director, event_id, match_id, _slot = disputed_evening(app)
    assert withdraw(director, event_id, "t2", match_id) == 303
    exported = director.get(f"/events/{event_id}/export.json").get_json()
    page = director.get("/events/import").get_data(as_text=True)
    data = {"csrf_token": token(page), "text": json.dumps(exported), "idem": "i1"}
    response = director.post("/events/import", data=data)
    assert response.status_code == 303
    copy_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    (copy_match,) = (t.match_id for t in event_state(app, copy_id).rounds[0].tables)
    assert revocations(app, copy_id) == [{"link": "table", "match_id": copy_match}]
    # The link the copy's page shows is the one that opens its table.
    tablet = english(app, "192.0.2.37")
    assert tablet.get(table_link(director, copy_id, copy_match)).status_code == 303
    # (Its Passe is complete: the entry page sends the table back to it; a stranger is refused.)
    assert tablet.get(f"/matches/{copy_match}/deals/new").status_code == 302
    assert english(app, "192.0.2.38").get(f"/matches/{copy_match}/deals/new").status_code == 403


def test_withdrawing_a_link_sits_apart_behind_its_own_tap(client: FlaskClient, app: Flask) -> None:
    """A withdrawn link cannot be given back: its button and the table's move sit in a folded
    part of their own, not beside the everyday "Passe" and "Table's entry" buttons."""
    event_id, _tables = evening(client, app, "per_game")
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    folded = re.findall(r'<details class="link-actions">(.*?)</details>', page, re.S)
    forms = re.findall(r'<form[^>]*class="inline (revoke-office|revoke-table|move-table)"', page)
    assert sorted(forms) == ["move-table", "revoke-office", "revoke-table"]
    assert sorted(
        kind for part in folded for kind in re.findall(r'class="inline (revoke-\w+|move-\w+)"', part)
    ) == sorted(forms)
