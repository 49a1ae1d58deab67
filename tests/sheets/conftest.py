"""The printable PDFs in the app: fonts registered, and a spectator's browser."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.sheets.pdf.fonts import register_fonts
from tests.helpers.tablet import english


@pytest.fixture(autouse=True, scope="session")
def _fonts() -> None:
    # Fail every PDF test with the install hint when DejaVu is missing (as tests/pdf does).
    register_fonts()


@pytest.fixture
def spectator(app: Flask) -> FlaskClient:
    """Another browser, which never had the match's edit link."""
    return english(app, "192.0.2.99")
