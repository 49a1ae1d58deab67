"""The PDFs as pure functions: fonts registered once."""

import pytest

from scorer.sheets.pdf.fonts import register_fonts


@pytest.fixture(autouse=True, scope="session")
def _fonts() -> None:
    # Fail every PDF test with the install hint when DejaVu is missing.
    register_fonts()
