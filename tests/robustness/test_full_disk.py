"""A full disk: a save is answered with a clear "not saved, try again" page (503), never a bare
500, and nothing saved before is lost; once there is room again, sending it again saves it."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, text

from tests.helpers.tablet import counts, csrf, deal_form, new_schieber

DEAL = {"forehand": 1, "contract": "H", "team": 1, "points": 98}


def fill_the_disk(app: Flask) -> Any:
    """Every new connection may not grow the database file: SQLite answers SQLITE_FULL."""
    engine = app.extensions["tafel_engine"]
    with engine.connect() as connection:
        pages = connection.execute(text("PRAGMA page_count")).scalar()
    engine.dispose()

    def full(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute(f"PRAGMA max_page_count={pages}")

    event.listen(engine, "connect", full)
    return full


@pytest.fixture
def english_client(client: FlaskClient) -> FlaskClient:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.mark.slow
def test_a_save_on_a_full_disk_says_not_saved_and_loses_nothing(
    app: Flask, english_client: FlaskClient
) -> None:
    if app.extensions["tafel_engine"].dialect.name != "sqlite":
        pytest.skip("the disk is filled through SQLite's page limit")
    client = english_client
    match_id = new_schieber(client)
    saved = counts(app)
    form = deal_form(client, match_id)
    listener = fill_the_disk(app)
    data = {**form, **{k: str(v) for k, v in DEAL.items()}}
    answers = []
    # Enough saves to need a new page of the file (each is one more entry row).
    for n in range(40):
        form = deal_form(client, match_id)
        response = client.post(f"/matches/{match_id}/deals/new", data={**data, **form})
        answers.append(response.status_code)
        if response.status_code == 503:
            page = response.get_data(as_text=True)
            assert "Not saved — please try again." in page and "Traceback" not in page
            assert response.headers["Retry-After"]
            break
        assert response.status_code == 303, (n, response.status_code)
    assert 503 in answers, answers
    full_at = counts(app)
    assert full_at[1] == saved[1] + answers.count(303)  # every acknowledged deal is kept
    # Reading still works on a full disk.
    assert client.get(f"/matches/{match_id}").status_code == 200
    # Room again: the same form sent again is saved.
    event.remove(app.extensions["tafel_engine"], "connect", listener)
    app.extensions["tafel_engine"].dispose()
    response = client.post(f"/matches/{match_id}/deals/new", data={**data, **deal_form(client, match_id)})
    assert response.status_code == 303
    assert counts(app)[1] == full_at[1] + 1


@pytest.mark.slow
def test_a_new_match_on_a_full_disk_says_not_saved(app: Flask, english_client: FlaskClient) -> None:
    if app.extensions["tafel_engine"].dialect.name != "sqlite":
        pytest.skip("the disk is filled through SQLite's page limit")
    client = english_client
    fields = {"profile": "seed", "deck": "swiss", "rosen7": "1", "name_1": "A" * 40}
    fill_the_disk(app)
    statuses = []
    for _ in range(60):
        response = client.post(
            "/matches/new/schieber", data={**fields, "csrf_token": csrf(client, "/matches/new/schieber")}
        )
        statuses.append(response.status_code)
        if response.status_code != 302:
            break
    assert statuses[-1] == 503, statuses
    assert "Not saved — please try again." in response.get_data(as_text=True)
