"""Fixtures for the access checks: apps with or without a club administrator."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer import create_app
from tests.database import fresh_database

ADMIN_PASSWORD = "Trumpf-Bauer 20"

MakeApp = Callable[..., Flask]


@pytest.fixture
def make_app(tmp_path: Path) -> Iterator[MakeApp]:
    made: list[Flask] = []
    with ExitStack() as databases:

        def make(**config: Any) -> Flask:
            # SQLite file, or a schema on the PostgreSQL server of `make test` (tests/database.py).
            # mkdtemp: an app that refuses its configuration is never added to `made`.
            directory = Path(tempfile.mkdtemp(prefix="db-", dir=tmp_path))
            url = databases.enter_context(fresh_database(directory))
            app = create_app(
                {
                    "TESTING": True,
                    "SECRET_KEY": "test",
                    "DATABASE_URL": url,
                    "WTF_CSRF_ENABLED": True,
                    **config,
                }
            )
            made.append(app)
            return app

        try:
            yield make
        finally:
            # Engines go before their databases do.
            for app in made:
                app.extensions["tafel_engine"].dispose()


@pytest.fixture
def app(make_app: MakeApp) -> Flask:
    return make_app(ADMIN_PASSWORD=ADMIN_PASSWORD)


def english(app: Flask, address: str = "192.0.2.1") -> FlaskClient:
    """A new browser (its own cookies) reading English, from ``address``."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.environ_base["REMOTE_ADDR"] = address
    return client


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """The creating tablet."""
    return english(app)


@pytest.fixture
def spectator(app: Flask) -> FlaskClient:
    """Another browser, which never had the edit link."""
    return english(app, "192.0.2.99")


def edit_url(client: FlaskClient, match_id: int) -> str:
    """The edit link the match page shows its creator."""
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    found = re.search(r'class="link-copy" type="text" readonly value="(http://[^"]+/edit/[^"]+)"', page)
    assert found, "no edit link on the creator's match page"
    return found.group(1)
