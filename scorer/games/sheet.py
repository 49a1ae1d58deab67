"""A game's part of the printed scoresheets (columns, pad layout)."""

from __future__ import annotations

from typing import Protocol


class SheetPart(Protocol):
    """What the sheets ask a game for."""
