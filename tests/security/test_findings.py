"""Regressions of the hostile guest's findings that are not about size: the language switch's
redirect, directional controls in Persian PDFs, over-long form keys, stale pooled connections."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, text

from scorer.store import db
from scorer.store.db import make_engine
from scorer.store.log import KEY_LENGTH
from scorer.store.models import Entry
from scorer.web.views import same_site_path
from tests.helpers.tablet import counts, deal_form, english, new_schieber

DEAL = {"forehand": 1, "contract": "H", "team": 1, "points": 98}
#: U+2066-U+2069 (isolates) and U+202A-U+202E (embeddings, overrides).
CONTROLS = [chr(c) for c in (*range(0x2066, 0x206A), *range(0x202A, 0x202F))]


@pytest.mark.slow
@pytest.mark.parametrize(
    "target",
    [
        "/\t/other.host",
        "/\n/other.host",
        "/\r/other.host",
        "/\\other.host",
        "/\t\\other.host",
        "//other.host",
        "https://other.host/",
        "/%09/other.host/x\x7f",
        "\t//other.host",
        "javascript:alert(1)",
    ],
)
def test_the_language_switch_never_redirects_off_site(client: FlaskClient, target: str) -> None:
    location = client.get("/lang/en", query_string={"next": target}).headers["Location"]
    assert location == "/matches/", (target, location)


def test_the_language_switch_keeps_a_path_of_this_site(client: FlaskClient) -> None:
    assert client.get("/lang/en?next=/matches/3?view=board").headers["Location"] == "/matches/3?view=board"
    assert same_site_path("/rules#S6.5") == "/rules#S6.5"


@pytest.mark.slow
@pytest.mark.parametrize("control", CONTROLS)
def test_a_persian_pad_with_a_directional_control_in_a_name(client: FlaskClient, control: str) -> None:
    query = {"lang": "fa", "team_1": f"Ali{control}رضا", "player_1": control, "player_2": f"{control}x"}
    response = client.get("/pads/pad.pdf", query_string=query)
    assert response.status_code == 200 and response.mimetype == "application/pdf"


@pytest.mark.slow
def test_a_persian_scoresheet_with_directional_controls_in_names(app: Flask) -> None:
    reader = english(app)
    reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fa"
    match_id = new_schieber(
        reader, name_1="\u2066Ana\u2069", name_2="\u2067رضا", name_3="\u202eCla", name_4="\u2069"
    )
    response = reader.get(f"/matches/{match_id}/scoresheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"


@pytest.mark.slow
def test_a_form_key_longer_than_the_column_is_stored_by_its_hash(app: Flask, client: FlaskClient) -> None:
    """PostgreSQL refused a key longer than ``String(64)`` with a 500 (SQLite kept it)."""
    match_id = new_schieber(client)
    form = deal_form(client, match_id)
    key = "k" * 5000
    data = {**form, "idem": key, **{k: str(v) for k, v in DEAL.items()}}
    assert client.post(f"/matches/{match_id}/deals/new", data=data).status_code == 303
    # The same long key again is the same entry (a double tap), not a second one.
    again = client.post(f"/matches/{match_id}/deals/new", data=data)
    assert again.status_code in (303, 409)
    assert counts(app) == (1, 1)
    with app.app_context():
        stored = db.session().scalars(select(Entry.idempotency_key)).one()
        assert stored is not None and len(stored) == KEY_LENGTH


def test_server_databases_ping_pooled_connections() -> None:
    """After a database restart each stale pooled connection cost a user one 500."""
    engine = make_engine("postgresql+psycopg://tafel@localhost:1/tafel")
    try:
        assert engine.pool._pre_ping  # type: ignore[attr-defined]
    finally:
        engine.dispose()


def test_a_restarted_database_costs_no_request(app: Flask, client: FlaskClient) -> None:
    """Every pooled connection is killed as a restart kills them; the next requests all answer:
    pages (through SQLAlchemy) and version polls (straight through the driver), each checking
    its connection out with the pool's pre-ping."""
    engine = app.extensions["tafel_engine"]
    if engine.dialect.name != "postgresql":
        pytest.skip("a server database's connections (run under scripts/with-postgres.sh)")
    match_id = new_schieber(client)
    for asked in (f"/matches/{match_id}", f"/matches/{match_id}/version"):
        # Three connections in the app's pool, their server processes known (only these are
        # ended: other tests may share the server).
        held = [engine.connect() for _ in range(3)]
        pids = [connection.execute(text("SELECT pg_backend_pid()")).scalar() for connection in held]
        for connection in held:
            connection.close()
        killer_engine = make_engine(app.config["DATABASE_URL"])
        try:
            with killer_engine.connect() as killer:
                for pid in pids:
                    killer.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        finally:
            killer_engine.dispose()
        for _ in range(3):
            assert client.get(asked).status_code == 200
