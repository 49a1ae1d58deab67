"""The API needs no database: an app on a throw-away SQLite file is enough."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer import create_app


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite'}",
                      "WTF_CSRF_ENABLED": True})
    yield app
    engine = app.extensions.get("tafel_engine")
    if engine is not None:
        engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
