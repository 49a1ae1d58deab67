"""A game's part of the dispute desk (its rulings)."""

from __future__ import annotations

from typing import Protocol


class DisputesPart(Protocol):
    """What the dispute desk asks a game for."""
