"""Fixtures for the printable PDFs in the app: the table app's own (tests/app/conftest.py)."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.sheets.pdf.fonts import register_fonts
from tests.app.conftest import app, client  # noqa: F401  (re-exported fixtures)


@pytest.fixture(autouse=True, scope="session")
def _fonts() -> None:
    # Fail every PDF test with the install hint when DejaVu is missing (as tests/pdf does).
    register_fonts()


@pytest.fixture
def spectator(app: Flask) -> FlaskClient:  # noqa: F811
    """Another browser, which never had the match's edit link."""
    other = app.test_client()
    other.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    other.environ_base["REMOTE_ADDR"] = "192.0.2.99"
    return other
