"""The dispute desk stores nothing: an app on a throw-away SQLite file is enough."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from tests.stateless_app import app, client

__all__ = ["app", "client", "ctx"]


@pytest.fixture
def ctx(app: Flask) -> Iterator[None]:
    """A request context in English: rulings translate their sentences."""
    with app.test_request_context(headers={"Accept-Language": "en"}):
        yield None
