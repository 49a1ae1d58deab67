"""The robustness checks' own fixture: a second empty database to restore into (the first,
``database_url``, and the app on it come from tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.database import fresh_database


@pytest.fixture
def other_database_url(tmp_path: Path) -> Iterator[str]:
    """A second empty, migrated database of the same kind."""
    (tmp_path / "other").mkdir()
    with fresh_database(tmp_path / "other") as url:
        yield url
