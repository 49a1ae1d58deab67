"""Fixtures for the language checks: an app on a fresh migrated database, catalogs compiled."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer import create_app

# The one Chromium launcher (Debian's browser, VERIFIED.md flags; fails loudly when missing).
from tests.browser.conftest import browser  # noqa: F401 — a fixture for the screenshot tests
from tests.database import fresh_database
from tests.i18n.catalogs import LANGUAGES, compile_if_stale

#: The club administrator's password in these tests (the administrator's pages are checked too).
ADMIN_PASSWORD = "club-secret"


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs() -> None:
    """`make test` compiles the .mo files first; a bare pytest run must not test stale ones."""
    for lang in LANGUAGES:
        compile_if_stale(lang)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    with fresh_database(tmp_path) as url:
        app = create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "test",
                "DATABASE_URL": url,
                "WTF_CSRF_ENABLED": True,
                "ADMIN_PASSWORD": ADMIN_PASSWORD,
            }
        )
        yield app
        engine = app.extensions.get("tafel_engine")
        if engine is not None:
            engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
