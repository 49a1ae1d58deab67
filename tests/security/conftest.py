"""The access checks' apps have a club administrator; a spectator is a second browser."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.tablet import ADMIN_PASSWORD, english


@pytest.fixture
def app_config() -> dict[str, Any]:
    return {"ADMIN_PASSWORD": ADMIN_PASSWORD}


@pytest.fixture
def spectator(app: Flask) -> FlaskClient:
    """Another browser, which never had the edit link."""
    return english(app, "192.0.2.99")
