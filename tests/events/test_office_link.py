"""The office's own link: a session holding it opens the office, rules on disputed games
(T6.4) and checks paper sheets (T6.6), but neither draws, registers, withdraws, freezes nor
changes the event; the director keeps every right; a wrong office secret is a counted guess."""

from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorer.store import db
from scorer.store.models import AccessGrant, EventEntry
from tests.helpers.events import (
    all_slots,
    disputed_evening,
    draw,
    event_state,
    form_tokens,
    office_link,
    table_url,
    token,
)
from tests.helpers.tablet import english


def entries(app: Flask, event_id: int) -> list[str]:
    with app.app_context():
        return list(db.session().scalars(select(EventEntry.kind).where(EventEntry.event_id == event_id)))


def test_the_office_link_opens_the_office_and_rules(app: Flask) -> None:
    director, event_id, match_id, slot = disputed_evening(app)
    office = english(app, "192.0.2.21")
    assert office.get(f"/events/{event_id}/office").status_code == 403
    response = office.get(office_link(director, event_id))
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/events/{event_id}/office")
    page = office.get(f"/events/{event_id}/office").get_data(as_text=True)
    assert f'id="dispute-{match_id}-{slot}"' in page
    data = {
        "csrf_token": token(page),
        "match_id": str(match_id),
        "slot": slot,
        "team": "1",
        "value": "40",
        "reason": "Recounted with both teams",
        "idem": "o1",
    }
    assert office.post(f"/events/{event_id}/office/rule", data=data).status_code == 303
    paper = {
        "csrf_token": token(page),
        "match_id": str(match_id),
        "team_1": "138",
        "team_2": "176",
        "idem": "o2",
    }
    assert office.post(f"/events/{event_id}/office/reported", data=paper).status_code == 303
    kinds = entries(app, event_id)
    assert kinds.count("ruling") == 1 and kinds.count("reported") == 1
    # The office's right is a stored row of its own role, the cookie holds only its id.
    with app.app_context():
        roles = db.session().scalars(select(AccessGrant.event_role).where(AccessGrant.event_id == event_id))
        assert "office" in list(roles)
    # Only the director is shown the office link's QR code (it carries the secret).
    assert office.get(f"/events/{event_id}/office/qr.svg").status_code == 403
    qr = director.get(f"/events/{event_id}/office/qr.svg")
    assert (
        qr.status_code == 200 and qr.mimetype == "image/svg+xml" and "no-store" in qr.headers["Cache-Control"]
    )
    # The director's event page offers the office nothing of the director's.
    event_page = office.get(f"/events/{event_id}").get_data(as_text=True)
    assert f"/events/{event_id}/draw" not in event_page and "/office/link/" not in event_page


@pytest.mark.slow
def test_the_office_link_may_not_draw_register_withdraw_or_freeze(app: Flask) -> None:
    director, event_id, match_id, slot = disputed_evening(app)
    office = english(app, "192.0.2.22")
    office.get(office_link(director, event_id))
    csrf = token(office.get(f"/events/{event_id}/office").get_data(as_text=True))
    director_page = director.get(f"/events/{event_id}").get_data(as_text=True)
    before = entries(app, event_id)
    for path, fields in (
        ("draw", {}),
        ("players", {"players": "Eva\nFritz\nGabi\nHans"}),
        ("freeze", {"frozen": "y"}),
    ):
        action = f"/events/{event_id}/{path}"
        data = {**form_tokens(director_page, action), **fields, "csrf_token": csrf}
        assert office.post(action, data=data).status_code == 403, path
    withdraw = {
        "csrf_token": csrf,
        "version": str(event_state(app, event_id).version),
        "player": "1",
        "idem": "w",
    }
    assert office.post(f"/events/{event_id}/withdraw", data=withdraw).status_code == 403
    assert office.get(f"/events/{event_id}/export.json").status_code == 403
    assert entries(app, event_id) == before
    # Nor may it confirm for a table: that is the table's device (T6.2).
    assert not all_slots(office.get(table_url(event_id, match_id)).get_data(as_text=True))  # read-only
    data = {"csrf_token": csrf, "slot": slot, "version": "1", "team": "2", "idem": "t"}
    assert office.post(f"{table_url(event_id, match_id)}/confirm", data=data).status_code == 403
    assert entries(app, event_id) == before


@pytest.mark.slow
def test_a_wrong_office_secret_is_a_counted_guess(app: Flask) -> None:
    director, event_id, _match_id, _slot = disputed_evening(app)
    guesser = english(app, "192.0.2.23")
    link = office_link(director, event_id)
    wrong = link[:-4] + ("AAAA" if not link.endswith("AAAA") else "BBBB")
    for _ in range(int(app.config["GUESS_LIMIT"])):
        assert guesser.get(wrong).status_code == 403
    # The limit is reached: even the right link is refused now from this address.
    assert guesser.get(link).status_code == 429
    assert guesser.get(f"/events/{event_id}/office").status_code == 403
    # A director's link is no office link and an office secret is no director's secret.
    secret = link.rsplit("/", 1)[1]
    other = english(app, "192.0.2.24")
    assert other.get(f"/events/{event_id}/edit/{secret}").status_code == 403


@pytest.mark.slow
def test_the_director_keeps_every_right(app: Flask) -> None:
    director, event_id, match_id, slot = disputed_evening(app)
    director.get(office_link(director, event_id))  # opening the office link takes nothing away
    page = director.get(f"/events/{event_id}/office").get_data(as_text=True)
    data = {
        "csrf_token": token(page),
        "match_id": str(match_id),
        "slot": slot,
        "team": "1",
        "value": "40",
        "reason": "Recounted",
        "idem": "d1",
    }
    assert director.post(f"/events/{event_id}/office/rule", data=data).status_code == 303
    event_page = director.get(f"/events/{event_id}").get_data(as_text=True)
    data = form_tokens(event_page, f"/events/{event_id}/freeze") | {"frozen": "y"}
    assert director.post(f"/events/{event_id}/freeze", data=data).status_code == 303
    draw(director, event_id)
    assert len(event_state(app, event_id).rounds) == 2
    assert entries(app, event_id).count("ruling") == 1
    with app.app_context():
        assert db.session().scalar(select(func.count()).select_from(EventEntry)) or 0
