"""An app for pages and endpoints that store nothing (API, dispute desk): a throw-away SQLite file.

Conftests that need it import the fixtures: ``from tests.stateless_app import app, client``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer import create_app


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite'}",
            "WTF_CSRF_ENABLED": True,
        }
    )
    yield app
    engine = app.extensions.get("tafel_engine")
    if engine is not None:
        engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
