"""Nothing is granted by a copy: of the database, of a backup or export, or of a cookie.

A copy of the database or a backup holds only keyed hashes (HMAC with the instance's key)
and random values, never a key that a form or a link accepts; a session cookie holds ids
of rights kept on the server, which log-out and a new edit link delete.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorer.access import rights
from scorer.store import backup, db
from scorer.store.models import AccessGrant, Match
from tests.helpers.tablet import ADMIN_PASSWORD, counts, csrf, edit_url, english, post_deal

DEAL = {"forehand": 1, "contract": "H", "team": 1, "points": 98}
FORM_KEY = "5e" * 16


def create_with_key(client: FlaskClient, key: str = FORM_KEY) -> int:
    fields = {"profile": "seed", "deck": "swiss", "rosen7": "1", "idem": key}
    response = client.post(
        "/matches/new/schieber", data={**fields, "csrf_token": csrf(client, "/matches/new/schieber")}
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rsplit("/", 1)[1])


def database_bytes(app: Flask) -> bytes:
    database = Path(app.config["DATABASE_URL"].removeprefix("sqlite:///"))
    return b"".join(p.read_bytes() for p in database.parent.glob(database.name + "*"))


def test_the_creating_forms_key_is_stored_only_as_a_keyed_hash(app: Flask, client: FlaskClient) -> None:
    match_id = create_with_key(client)
    with app.test_request_context():
        stored = db.session().get(Match, match_id)
        assert stored is not None
        assert stored.idempotency_key == rights.form_key_hash(FORM_KEY) != FORM_KEY
    assert FORM_KEY.encode() not in database_bytes(app)


@pytest.mark.slow
def test_replaying_a_stored_key_from_a_copy_grants_no_right(app: Flask, client: FlaskClient) -> None:
    """What a copy of the database holds, sent as the new-match form's key, makes a new match
    of its own: the creator's match stays out of reach."""
    match_id = create_with_key(client)
    with app.app_context():
        stored = db.session().get(Match, match_id)
        assert stored is not None
        copied = [stored.idempotency_key, stored.edit_secret_hash, stored.edit_nonce]
    for value in copied:
        assert value
        thief = english(app, "203.0.113.9")
        made = create_with_key(thief, value[:64])
        assert made != match_id
        assert thief.get(f"/matches/{match_id}/deals/new").status_code == 403
        assert thief.get(f"/matches/{match_id}/edit/{value}").status_code == 403
    assert post_deal(client, match_id, DEAL).status_code == 303


@pytest.mark.slow
def test_a_backup_and_an_export_carry_no_key_that_grants_a_right(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    match_id = create_with_key(client)
    secret = edit_url(client, match_id).rsplit("/", 1)[1]
    url = app.config["DATABASE_URL"]
    backup.backup(url, tmp_path / "copy.sqlite")
    copy = (tmp_path / "copy.sqlite").read_bytes()
    with app.app_context():
        document = backup.export_all(db.engine())
        grants = [g.id for g in db.session().scalars(select(AccessGrant))]
    exported = json.dumps(document)
    assert grants  # the creator's right, by id
    for key in (FORM_KEY, secret, *grants):
        assert key.encode() not in copy and key not in exported, key


def test_the_session_cookie_holds_ids_not_secrets(app: Flask, client: FlaskClient) -> None:
    match_id = create_with_key(client)
    secret = edit_url(client, match_id).rsplit("/", 1)[1]
    with client.session_transaction() as session:
        held = dict(session[rights.RIGHTS])
        assert secret not in json.dumps(dict(session))
    with app.app_context():
        row = db.session().get(AccessGrant, held[str(match_id)])
        assert row is not None and row.match_id == match_id


@pytest.mark.slow
def test_admin_log_out_ends_every_copy_of_the_cookie(app: Flask, client: FlaskClient) -> None:
    match_id = create_with_key(client)
    admin = english(app, "192.0.2.50")
    admin.post("/admin", data={"csrf_token": csrf(admin, "/admin"), "password": ADMIN_PASSWORD})
    copied = admin.get_cookie("session")
    assert copied is not None
    thief = english(app, "203.0.113.10")
    thief.set_cookie("session", copied.value)
    assert "Void the match" in thief.get(f"/matches/{match_id}").get_data(as_text=True)
    admin.post("/admin/logout", data={"csrf_token": csrf(admin, "/admin")})
    # The copy made before log-out is no login any more: voiding is refused.
    page = thief.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Void the match" not in page
    token = csrf(thief, "/matches/new/schieber")
    void = thief.post(
        f"/matches/{match_id}/void",
        data={"void-csrf_token": token, "void-confirm": "y", "void-version": "0"},
    )
    assert void.status_code == 403
    assert counts(app) == (1, 0)


@pytest.mark.slow
def test_a_new_edit_link_ends_every_copy_of_a_tablets_cookie(app: Flask, client: FlaskClient) -> None:
    match_id = create_with_key(client)
    copied = client.get_cookie("session")
    assert copied is not None
    thief = english(app, "203.0.113.11")
    thief.set_cookie("session", copied.value)
    assert thief.get(f"/matches/{match_id}/deals/new").status_code == 200
    result = app.test_cli_runner().invoke(args=["edit-link", str(match_id)])
    assert result.exit_code == 0, result.output
    assert thief.get(f"/matches/{match_id}/deals/new").status_code == 403
    assert client.get(f"/matches/{match_id}/deals/new").status_code == 403
    # The new link grants again, and the tablet then shows that link.
    link = urlsplit(result.output.strip()).path
    assert client.get(link).status_code == 303
    assert urlsplit(edit_url(client, match_id)).path == link


@pytest.mark.slow
def test_a_secret_from_before_keyed_hashes_still_opens_its_match(app: Flask, client: FlaskClient) -> None:
    """A match stored with a plain SHA-256 and no nonce: its link works and is then stored keyed."""
    import hashlib

    match_id = create_with_key(client)
    old = "legacy-secret-of-128-bits-xx"
    with app.app_context():
        stored = db.session().get(Match, match_id)
        assert stored is not None
        stored.edit_secret_hash, stored.edit_nonce = hashlib.sha256(old.encode()).hexdigest(), None
        db.session().commit()
    tablet = english(app, "192.0.2.60")
    assert tablet.get(f"/matches/{match_id}/edit/{old}").status_code == 303
    assert tablet.get(f"/matches/{match_id}/deals/new").status_code == 200
    with app.test_request_context():
        stored = db.session().get(Match, match_id)
        assert stored is not None and stored.edit_secret_hash == rights.hash_secret(old)
