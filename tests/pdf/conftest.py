import sys
from pathlib import Path

import pytest

from scorer.sheets.pdf.fonts import register_fonts

# The suite runs with --import-mode=importlib: make this folder's helper modules
# (pdf_helpers, pdf_matches) importable by the tests and by bench/pdf.py alike.
sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True, scope="session")
def _fonts() -> None:
    # Fail every PDF test with the install hint when DejaVu is missing.
    register_fonts()
