"""The table app's fixtures (tests/app/conftest.py) for the games' own tests."""

from __future__ import annotations

from tests.app.conftest import app, client

__all__ = ["app", "client"]
