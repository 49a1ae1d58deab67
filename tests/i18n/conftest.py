"""The language checks: catalogs compiled, the administrator's pages included, and a
client that states no language (each test chooses one)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.catalogs import LANGUAGES, compile_if_stale
from tests.helpers.tablet import ADMIN_PASSWORD


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs() -> None:
    """`make test` compiles the .mo files first; a bare pytest run must not test stale ones."""
    for lang in LANGUAGES:
        compile_if_stale(lang)


@pytest.fixture
def app_config() -> dict[str, Any]:
    return {"ADMIN_PASSWORD": ADMIN_PASSWORD}


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
