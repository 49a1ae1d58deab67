"""Fixtures for the robustness checks: an app on a fresh database (SQLite, or PostgreSQL
under scripts/with-postgres.sh), and a second empty database to restore into."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer import create_app
from tests.database import fresh_database


def make_app(url: str) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url, "WTF_CSRF_ENABLED": True})


@pytest.fixture
def database_url(tmp_path: Path) -> Iterator[str]:
    (tmp_path / "a").mkdir()
    with fresh_database(tmp_path / "a") as url:
        yield url


@pytest.fixture
def other_database_url(tmp_path: Path) -> Iterator[str]:
    """A second empty, migrated database of the same kind."""
    (tmp_path / "b").mkdir()
    with fresh_database(tmp_path / "b") as url:
        yield url


@pytest.fixture
def app(database_url: str) -> Iterator[Flask]:
    app = make_app(database_url)
    yield app
    app.extensions["tafel_engine"].dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """The creating tablet (its session cookie holds the edit right), reading English."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client
