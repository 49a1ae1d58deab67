"""The event tests use the table app's fixtures (a migrated database per test)."""

from tests.app.conftest import app, client

__all__ = ["app", "client"]
