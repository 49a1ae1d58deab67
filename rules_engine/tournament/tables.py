"""A seated table of one round: what the seating search and the stored seatings both produce."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["SeatedTable"]


class SeatedTable(NamedTuple):
    """One table of a round: team 1 and team 2 (seats 1 and 3, seats 2 and 4 in the Einzelschieber)."""

    team1: tuple[str, ...]
    team2: tuple[str, ...]
