"""Legal-card positions in the tests of the games' fast paths."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rules_engine import InvalidRecord, legal_cards


def left_to_the_careful_path(fast: Callable[[dict[str, Any]], Any], position: dict[str, Any]) -> None:
    """``fast`` does not answer ``position`` (None, or the KeyError or TypeError that says the
    same), and the public ``legal_cards`` refuses it with the careful path's error."""
    try:
        assert fast(position) is None
    except (KeyError, TypeError):
        pass
    with pytest.raises(InvalidRecord):
        legal_cards(position)
