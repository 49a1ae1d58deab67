"""One save path: the deal pages and a tablet's outbox both hand their entry to
``scorer.deals.save.save``; the same entries through either door make the same log, and the
same refused entry is refused for the same reasons."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorer import games
from scorer.deals import save
from scorer.store import db
from scorer.store.models import Entry
from tests.helpers.tablet import Tablet, hidden

FIELDS = {"forehand": "1", "contract": "H", "team": "1", "points": "98"}
CORRECTED = {**FIELDS, "points": "100"}
#: 156 leaves one point to the other side: no card set makes it (S8).
REFUSED = {**FIELDS, "points": "156"}


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, save.Outcome]]:
    """Every call of the one save, with its entry's kind and its outcome."""
    calls: list[tuple[str, save.Outcome]] = []
    real = save.save

    def spy(loaded: Any, **entry: Any) -> save.Outcome:
        outcome = real(loaded, **entry)
        calls.append((entry["kind"], outcome))
        return outcome

    monkeypatch.setattr(save, "save", spy)
    return calls


def send(client: FlaskClient, match_id: int, **body: Any) -> dict[str, Any]:
    body.setdefault("key", uuid.uuid4().hex)
    body.setdefault("kind", "deal")
    token = client.get("/offline/token").get_json()["token"]
    answer = client.post(f"/offline/matches/{match_id}/sync", json=body, headers={"X-CSRFToken": token})
    result: dict[str, Any] = answer.get_json()
    return result


def on_the_page(client: FlaskClient, match_id: int, url: str, fields: dict[str, str]) -> int:
    page = client.get(url).get_data(as_text=True)
    data = {name: hidden(page, name) for name in ("csrf_token", "version", "idem")}
    return client.post(url, data={**data, **fields}).status_code


def button(client: FlaskClient, match_id: int, action: str) -> int:
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    form = page[page.index(f'action="/matches/{match_id}/{action}"') :]
    data = {name: hidden(form, name) for name in ("csrf_token", "version", "idem")}
    return client.post(f"/matches/{match_id}/{action}", data=data).status_code


def stored(app: Flask, match_id: int) -> list[tuple[int, str, int | None, Any]]:
    with app.app_context():
        rows = db.session().scalars(select(Entry).where(Entry.match_id == match_id).order_by(Entry.seq))
        return [(e.seq, e.kind, e.target_seq, e.record) for e in rows]


def test_both_doors_save_through_the_one_save_and_store_the_same_log(
    app: Flask, tablet: Tablet, saves: list[tuple[str, save.Outcome]]
) -> None:
    client = tablet.client
    online, outbox = tablet.new_schieber(), tablet.new_schieber()
    assert on_the_page(client, online, f"/matches/{online}/deals/new", FIELDS) == 303
    assert on_the_page(client, online, f"/matches/{online}/deals/1/correct", CORRECTED) == 303
    assert button(client, online, "undo") == 303
    assert button(client, online, "redo") == 303
    assert on_the_page(client, online, f"/matches/{online}/deals/new", FIELDS) == 303
    page_saves = [(kind, type(outcome)) for kind, outcome in saves]
    saves.clear()

    assert send(client, outbox, fields=FIELDS, base_version=0)["status"] == "accepted"
    assert (
        send(client, outbox, kind="correction", target_seq=1, fields=CORRECTED, base_version=1)["status"]
        == "accepted"
    )
    assert send(client, outbox, kind="undo", target_seq=2, base_version=2)["status"] == "accepted"
    assert send(client, outbox, kind="redo", target_seq=3, base_version=3)["status"] == "accepted"
    assert send(client, outbox, fields=FIELDS, base_version=4)["status"] == "accepted"
    outbox_saves = [(kind, type(outcome)) for kind, outcome in saves]

    kinds = ["deal", "correction", "undo", "redo", "deal"]
    assert page_saves == outbox_saves == [(kind, save.Saved) for kind in kinds]
    assert stored(app, online) == stored(app, outbox)
    assert [kind for _seq, kind, _target, _record in stored(app, online)] == [
        "deal",
        "correction",
        "undo",
        "undo",
        "deal",
    ]


def test_a_refused_deal_is_refused_for_the_same_reasons_through_both_doors(
    app: Flask, tablet: Tablet, saves: list[tuple[str, save.Outcome]]
) -> None:
    client = tablet.client
    online, outbox = tablet.new_schieber(), tablet.new_schieber()
    assert on_the_page(client, online, f"/matches/{online}/deals/new", REFUSED) == 422
    answer = send(client, outbox, fields=REFUSED, base_version=0)
    assert answer["status"] == "refused"
    (_, on_page), (_, from_outbox) = saves
    assert isinstance(on_page, save.Refused) and isinstance(from_outbox, save.Refused)
    assert on_page == from_outbox
    assert [e["rule"] for e in on_page.errors] == ["S8"]
    # The outbox's answer carries the reasons as the page places them, with their sentence.
    assert [{k: e[k] for k in ("rule", "code")} for e in answer["errors"]] == [
        {k: e[k] for k in ("rule", "code")}
        for slot in on_page.placed(games.game("schieber")).values()
        for e in slot
    ]
    assert stored(app, online) == stored(app, outbox) == []


def test_a_resend_is_stored_once_through_both_doors(
    app: Flask, tablet: Tablet, saves: list[tuple[str, save.Outcome]]
) -> None:
    client = tablet.client
    online, outbox = tablet.new_schieber(), tablet.new_schieber()
    url = f"/matches/{online}/deals/new"
    page = client.get(url).get_data(as_text=True)
    data = {name: hidden(page, name) for name in ("csrf_token", "version", "idem")} | FIELDS
    assert client.post(url, data=data).status_code == 303
    assert client.post(url, data=data).status_code == 303  # a double tap
    key = uuid.uuid4().hex
    assert send(client, outbox, key=key, fields=FIELDS, base_version=0)["status"] == "accepted"
    assert send(client, outbox, key=key, fields=FIELDS, base_version=0)["status"] == "duplicate"
    assert [type(outcome) for _kind, outcome in saves] == [save.Saved, save.Duplicate] * 2
    assert len(stored(app, online)) == len(stored(app, outbox)) == 1
