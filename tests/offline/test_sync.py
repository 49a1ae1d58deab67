"""The outbox's door: an entry made offline is judged by the server as the deal pages judge
it, stored once whatever the number of tries, refused with the rule's id, or answered
"overtaken" when another tablet's entries came first. Without the match's edit right or a
CSRF token, nothing is stored."""

from __future__ import annotations

import uuid
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorer.store import db
from scorer.store.models import Entry
from tests.helpers.offline import FIELDS
from tests.helpers.tablet import Tablet, english


def token(client: FlaskClient) -> str:
    return str(client.get("/offline/token").get_json()["token"])


def send(client: FlaskClient, match_id: int, **body: Any) -> tuple[int, dict[str, Any]]:
    body.setdefault("key", uuid.uuid4().hex)
    body.setdefault("kind", "deal")
    body.setdefault("base_version", 0)
    answer = client.post(
        f"/offline/matches/{match_id}/sync", json=body, headers={"X-CSRFToken": token(client)}
    )
    return answer.status_code, answer.get_json(silent=True) or {}


def log(app: Flask, match_id: int) -> list[tuple[int, str, int | None]]:
    with app.app_context():
        rows = db.session().scalars(select(Entry).where(Entry.match_id == match_id).order_by(Entry.seq))
        return [(e.seq, e.kind, e.target_seq) for e in rows]


def test_a_deal_is_stored_once_however_often_it_is_sent(app: Flask, tablet: Tablet) -> None:
    match_id = tablet.new_schieber()
    key = uuid.uuid4().hex
    assert send(tablet.client, match_id, key=key, fields=FIELDS) == (
        200,
        {"status": "accepted", "seq": 1, "version": 1},
    )
    status, answer = send(tablet.client, match_id, key=key, fields=FIELDS)
    assert (status, answer["status"]) == (200, "duplicate")
    assert log(app, match_id) == [(1, "deal", None)]


def test_the_rule_id_of_a_refusal_is_the_servers(app: Flask, tablet: Tablet) -> None:
    match_id = tablet.new_schieber()
    status, answer = send(tablet.client, match_id, fields={**FIELDS, "points": "156"})
    assert status == 422 and answer["status"] == "refused"
    assert [e["rule"] for e in answer["errors"]] == ["S8"]  # 156 leaves 1: no card set makes it
    assert answer["errors"][0]["rule_url"].endswith("#S8")
    assert log(app, match_id) == []


def test_an_entry_on_an_older_version_is_overtaken(app: Flask, tablet: Tablet) -> None:
    match_id = tablet.new_schieber()
    assert send(tablet.client, match_id, fields=FIELDS)[1]["status"] == "accepted"
    status, answer = send(tablet.client, match_id, fields={**FIELDS, "forehand": "2"}, base_version=0)
    assert (status, answer) == (409, {"status": "overtaken", "version": 1})
    # The table decides to send it after the other tablet's entry: on the version it was told.
    assert (
        send(tablet.client, match_id, fields={**FIELDS, "forehand": "2"}, base_version=1)[1]["status"]
        == "accepted"
    )
    assert log(app, match_id) == [(1, "deal", None), (2, "deal", None)]


def test_correction_undo_and_redo(app: Flask, tablet: Tablet) -> None:
    match_id = tablet.new_schieber()
    send(tablet.client, match_id, fields=FIELDS)
    corrected = {**FIELDS, "points": "100"}
    assert (
        send(tablet.client, match_id, kind="correction", target_seq=1, fields=corrected, base_version=1)[1][
            "status"
        ]
        == "accepted"
    )
    # An undo names the entry it cancels: an undo made against another state is refused.
    assert send(tablet.client, match_id, kind="undo", target_seq=1, base_version=2)[1]["status"] == "refused"
    assert send(tablet.client, match_id, kind="undo", target_seq=2, base_version=2)[1]["status"] == "accepted"
    assert send(tablet.client, match_id, kind="redo", target_seq=3, base_version=3)[1]["status"] == "accepted"
    assert log(app, match_id) == [(1, "deal", None), (2, "correction", 1), (3, "undo", 2), (4, "undo", 3)]


def test_a_correction_of_no_deal_is_refused(app: Flask, tablet: Tablet) -> None:
    match_id = tablet.new_schieber()
    status, answer = send(tablet.client, match_id, kind="correction", target_seq=9, fields=FIELDS)
    assert status == 422 and answer["status"] == "refused"


def test_a_field_the_form_refuses(app: Flask, tablet: Tablet) -> None:
    match_id = tablet.new_schieber()
    status, answer = send(tablet.client, match_id, fields={**FIELDS, "contract": "Z"})
    assert status == 422 and [e["field"] for e in answer["errors"]] == ["contract"]


def test_without_the_edit_right_nothing_is_stored(app: Flask, tablet: Tablet) -> None:
    match_id = tablet.new_schieber()
    stranger = english(app, "192.0.2.9")
    status, _answer = send(stranger, match_id, fields=FIELDS)
    assert status == 403
    assert log(app, match_id) == []


def test_without_a_csrf_token_nothing_is_stored(app: Flask, tablet: Tablet) -> None:
    match_id = tablet.new_schieber()
    answer = tablet.client.post(
        f"/offline/matches/{match_id}/sync",
        json={"key": uuid.uuid4().hex, "kind": "deal", "base_version": 0, "fields": FIELDS},
    )
    assert answer.status_code == 400
    assert log(app, match_id) == []


def test_the_state_a_tablet_keeps(app: Flask, tablet: Tablet) -> None:
    match_id = tablet.new_klammern()
    send(
        tablet.client,
        match_id,
        fields={"forehand": "1", "trump": "S", "how": "orgi", "declarer": "1", "team": "1", "points": "100"},
    )
    state = tablet.client.get(f"/offline/matches/{match_id}/state.json").get_json()
    assert state["version"] == 1 and state["offline"] is True
    assert state["head"]["game"] == "klammern" and "deals" in state["head"]
    assert [e["kind"] for e in state["entries"]] == ["deal"]


def test_the_app_is_installable(client: FlaskClient) -> None:
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    assert manifest.get_json()["display"] == "standalone"
    worker = client.get("/sw.js")
    assert worker.headers["Service-Worker-Allowed"] == "/"
    body = worker.get_data(as_text=True)
    for kept in ("/static/vendor/pyodide/pyodide.asm.wasm", "/offline/engine.json", "/offline/texts/fa.json"):
        assert kept in body
    # The same version from every process (a new one makes every tablet fetch 13 MB again).
    assert client.get("/sw.js").get_data(as_text=True).splitlines()[0] == body.splitlines()[0]


def test_only_the_engine_worker_may_compile_webassembly(client: FlaskClient) -> None:
    assert "wasm-unsafe-eval" in client.get("/offline/engine-worker.mjs").headers["Content-Security-Policy"]
    for page in ("/matches/", "/sw.js", "/offline/engine.json"):
        assert "wasm-unsafe-eval" not in client.get(page).headers["Content-Security-Policy"]


def test_the_engine_bundle_is_the_installed_engine(client: FlaskClient) -> None:
    from pathlib import Path

    import rules_engine

    answer = client.get("/offline/engine.json")
    bundle = answer.get_json()
    source = Path(rules_engine.__file__).read_text("utf-8")
    assert bundle["files"]["rules_engine/__init__.py"] == source
    assert answer.headers["ETag"].strip('"') == bundle["hash"]
    assert (
        client.get("/offline/engine.json", headers={"If-None-Match": answer.headers["ETag"]}).status_code
        == 304
    )


def test_the_texts_of_every_language(client: FlaskClient) -> None:
    german = client.get("/offline/texts/de_CH.json").get_json()
    assert german["waiting_many"] == "{n} Spiele warten auf das Senden"
    assert client.get("/offline/texts/xx.json").status_code == 404


SETUP = {
    "profile": "seed",
    "deck": "swiss",
    "rosen7": "2",
    "name_1": "Anna",
    "name_2": "Beat",
    "name_3": "Cla",
    "name_4": "Dora",
}


def adopt(client: FlaskClient, **body: Any) -> tuple[int, dict[str, Any]]:
    answer = client.post("/offline/matches/adopt", json=body, headers={"X-CSRFToken": token(client)})
    return answer.status_code, answer.get_json(silent=True) or {}


def test_a_match_born_offline_is_adopted_once(app: Flask, client: FlaskClient) -> None:
    key = uuid.uuid4().hex
    status, answer = adopt(client, key=key, game="schieber", fields=SETUP)
    assert (status, answer["status"]) == (200, "adopted")
    again = adopt(client, key=key, game="schieber", fields=SETUP)[1]
    assert again["id"] == answer["id"]
    # The adopting browser may enter its deals (the edit right of the new-match page).
    assert send(client, answer["id"], fields={**FIELDS, "forehand": "2"})[1]["status"] == "accepted"
    other = adopt(client, key=uuid.uuid4().hex, game="schieber", fields=SETUP)[1]
    assert other["id"] != answer["id"]


def test_a_set_up_the_form_refuses_is_not_adopted(client: FlaskClient) -> None:
    status, answer = adopt(
        client, key=uuid.uuid4().hex, game="schieber", fields={**SETUP, "profile": "nonsense"}
    )
    assert status == 422 and answer["status"] == "refused"
    assert adopt(client, key=uuid.uuid4().hex, game="nogame", fields=SETUP)[0] == 404
