"""The optional club administrator and voiding a match."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorer import create_app
from scorer.store import db
from scorer.store.models import Entry
from tests.helpers.tablet import (
    ADMIN_PASSWORD,
    DEAL,
    MakeApp,
    counts,
    csrf,
    deal_form,
    english,
    hidden,
    log_in,
    new_schieber,
    post_deal,
    void,
)


def test_no_password_no_administrator(make_app: MakeApp) -> None:
    app = make_app()
    client = english(app)
    assert client.get("/admin").status_code == 404
    assert client.post("/admin", data={"password": ""}).status_code == 404


@pytest.mark.slow
def test_a_wrong_password_is_refused_and_counted(app: Flask) -> None:
    client = english(app, "203.0.113.9")
    response = client.post("/admin", data={"csrf_token": csrf(client, "/admin"), "password": "guess"})
    assert response.status_code == 403
    assert "This is not the administrator password." in response.get_data(as_text=True)
    match_id = new_schieber(english(app))
    assert "Void the match" not in client.get(f"/matches/{match_id}").get_data(as_text=True)
    for _ in range(9):
        assert log_in(client, "guess") == 403
    assert log_in(client) == 429  # even the right password, once limited


def test_the_login_form_needs_its_csrf_token(app: Flask) -> None:
    client = english(app)
    client.get("/admin")
    assert client.post("/admin", data={"password": ADMIN_PASSWORD}).status_code == 422
    assert "Log out" not in client.get("/admin").get_data(as_text=True)


@pytest.mark.slow
def test_admin_voids_a_match_by_appending_an_entry(app: Flask, client: FlaskClient) -> None:
    match_id = new_schieber(client)
    for n in range(2):
        assert post_deal(client, match_id, {**DEAL, "forehand": n + 1}).status_code == 303
    with app.app_context():
        before = [(e.seq, e.kind, e.record) for e in db.session().scalars(select(Entry).order_by(Entry.seq))]
    admin = english(app, "192.0.2.50")
    assert log_in(admin) == 303
    assert "Void the match" in admin.get(f"/matches/{match_id}").get_data(as_text=True)
    assert void(admin, match_id) == 303
    with app.app_context():
        after = [(e.seq, e.kind, e.record) for e in db.session().scalars(select(Entry).order_by(Entry.seq))]
    assert after[:-1] == before and after[-1][:2] == (3, "void")  # nothing deleted, one entry added
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "This match was voided" in page and "Enter deal" not in page and "/correct" not in page
    assert "voided" in client.get("/matches/").get_data(as_text=True)
    # The creator's tablet may no longer change it, nor may the administrator.
    for who in (client, admin):
        response = who.get(f"/matches/{match_id}/deals/new")
        assert response.status_code == 403 and "This match was voided." in response.get_data(as_text=True)
        assert who.post(f"/matches/{match_id}/undo").status_code == 403
    assert counts(app) == (1, 3)
    assert "Void the match" not in admin.get(f"/matches/{match_id}").get_data(as_text=True)


@pytest.mark.slow
def test_only_the_administrator_voids(app: Flask, client: FlaskClient) -> None:
    match_id = new_schieber(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Void the match" not in page
    response = client.post(
        f"/matches/{match_id}/void",
        data={"void-csrf_token": csrf(client, "/matches/import"), "void-version": "0", "void-confirm": "y"},
    )
    assert response.status_code == 403
    assert "Only the club administrator may void a match." in response.get_data(as_text=True)
    assert counts(app) == (1, 0)


@pytest.mark.slow
def test_a_stale_void_form_voids_nothing(app: Flask, client: FlaskClient) -> None:
    match_id = new_schieber(client)
    admin = english(app, "192.0.2.51")
    assert log_in(admin) == 303
    page = admin.get(f"/matches/{match_id}").get_data(as_text=True)
    assert post_deal(client, match_id, DEAL).status_code == 303  # meanwhile, on the table
    data = {
        "void-csrf_token": hidden(page, "void-csrf_token"),
        "void-version": hidden(page, "void-version"),
        "void-idem": hidden(page, "void-idem"),
        "void-confirm": "y",
    }
    assert admin.post(f"/matches/{match_id}/void", data=data).status_code == 303
    assert "changed meanwhile" in admin.get(f"/matches/{match_id}").get_data(as_text=True)
    assert counts(app) == (1, 1)
    unticked = {**data, "void-version": "1"}
    del unticked["void-confirm"]
    admin.post(f"/matches/{match_id}/void", data=unticked)
    assert counts(app) == (1, 1)


def test_the_administrator_may_edit_any_match(app: Flask, client: FlaskClient) -> None:
    match_id = new_schieber(client)
    admin = english(app, "192.0.2.52")
    assert admin.get(f"/matches/{match_id}/deals/new").status_code == 403
    assert log_in(admin) == 303
    assert post_deal(admin, match_id, DEAL).status_code == 303


def test_a_new_password_ends_every_admin_login(app: Flask) -> None:
    admin = english(app)
    assert log_in(admin) == 303
    assert "Log out" in admin.get("/admin").get_data(as_text=True)
    app.config["ADMIN_PASSWORD"] = "another one"
    assert "Log out" not in admin.get("/admin").get_data(as_text=True)


def test_logging_out(app: Flask) -> None:
    admin = english(app)
    assert log_in(admin) == 303
    page = admin.get("/admin").get_data(as_text=True)
    assert admin.post("/admin/logout", data={"csrf_token": hidden(page, "csrf_token")}).status_code == 303
    assert "Log out" not in admin.get("/admin").get_data(as_text=True)


def test_the_password_from_the_environment_is_text(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.setenv("TAFEL_ADMIN_PASSWORD", "1234")
    monkeypatch.setenv("TAFEL_SECRET_KEY", "env-test")
    monkeypatch.setenv("DATABASE_URL", "sqlite://")
    app = create_app()
    try:
        assert app.config["ADMIN_PASSWORD"] == "1234"
    finally:
        app.extensions["tafel_engine"].dispose()


def test_forms_opened_before_a_void_save_nothing_after_it(app: Flask, client: FlaskClient) -> None:
    """The guard reads a deal view's void from the log as the worker keeps it (brought up to
    date): a deal or correction form opened before the void is refused after it (403)."""
    match_id = new_schieber(client)
    assert post_deal(client, match_id, DEAL).status_code == 303
    targets = (f"/matches/{match_id}/deals/new", f"/matches/{match_id}/deals/1/correct")
    forms = {
        target: {**deal_form(client, match_id, target), **{k: str(v) for k, v in DEAL.items()}}
        for target in targets
    }
    admin = english(app, "192.0.2.51")
    assert log_in(admin) == 303
    assert void(admin, match_id) == 303
    for target, data in forms.items():
        response = client.post(target, data=data)
        assert response.status_code == 403 and "This match was voided." in response.get_data(as_text=True)
    assert counts(app) == (1, 2)  # the deal and the void
