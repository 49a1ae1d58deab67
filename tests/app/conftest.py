"""Fixtures for the table app: an app on a fresh database made by the migrations (tests/database.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorer import create_app
from scorer.store import db
from scorer.store.models import Entry, Match
from tests.database import fresh_database


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    # A migrated database of the test's own: SQLite, or PostgreSQL under scripts/with-postgres.sh.
    with fresh_database(tmp_path) as url:
        app = create_app(
            {"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url, "WTF_CSRF_ENABLED": True}
        )
        yield app
        app.extensions["tafel_engine"].dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A client that reads English: the assertions quote the source strings."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def csrf(client: FlaskClient, url: str) -> str:
    page = client.get(url).get_data(as_text=True)
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert found, f"no CSRF token on {url}"
    return found.group(1)


def hidden(page: str, name: str) -> str:
    found = (
        re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page)
        or re.search(rf'type="hidden" name="{name}" value="([^"]*)"', page)
        or re.search(rf'id="{name}" name="{name}" type="hidden" value="([^"]*)"', page)
    )
    assert found, f"no hidden {name}"
    return found.group(1)


def counts(app: Flask) -> tuple[int, int]:
    with app.app_context():
        session = db.session()
        return (
            session.scalar(select(func.count()).select_from(Match)) or 0,
            session.scalar(select(func.count()).select_from(Entry)) or 0,
        )


def new_schieber(client: FlaskClient, **fields: Any) -> int:
    data = {
        "csrf_token": csrf(client, "/matches/new/schieber"),
        "profile": "seed",
        "deck": "swiss",
        "rosen7": "1",
        "name_1": "Anna",
        "name_2": "Beat",
        "name_3": "Cla",
        "name_4": "Dora",
    }
    data.update({k: str(v) for k, v in fields.items()})
    response = client.post("/matches/new/schieber", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def new_klammern(client: FlaskClient, **fields: Any) -> int:
    data = {
        "csrf_token": csrf(client, "/matches/new/klammern"),
        "players": "4",
        "format": "small_big",
        "first_dealer": "4",
        "name_1": "Ben",
        "name_2": "Sue",
        "name_3": "Tom",
        "name_4": "Ulla",
    }
    data.update({k: str(v) for k, v in fields.items()})
    response = client.post("/matches/new/klammern", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def deal_form(client: FlaskClient, match_id: int, url: str | None = None) -> dict[str, str]:
    page = client.get(url or f"/matches/{match_id}/deals/new").get_data(as_text=True)
    return {
        "csrf_token": hidden(page, "csrf_token"),
        "version": hidden(page, "version"),
        "idem": hidden(page, "idem"),
    }


def post_deal(client: FlaskClient, match_id: int, fields: dict[str, Any], url: str | None = None) -> Any:
    target = url or f"/matches/{match_id}/deals/new"
    data = deal_form(client, match_id, target)
    data.update({k: str(v) for k, v in fields.items() if v is not None})
    return client.post(target, data=data)
