"""The dispute desk stores nothing; its rulings translate their sentences in a request."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask


@pytest.fixture
def ctx(app: Flask) -> Iterator[None]:
    """A request context in English: rulings translate their sentences."""
    with app.test_request_context(headers={"Accept-Language": "en"}):
        yield None
