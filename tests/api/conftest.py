"""The API needs no database: an app on a throw-away SQLite file is enough."""

from tests.stateless_app import app, client

__all__ = ["app", "client"]
