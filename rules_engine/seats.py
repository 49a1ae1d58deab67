"""Seats, numbered 1..N in the order of play (DEAL_RECORD.md), and the sides they form.

With four players the teams are seats 1+3 (team 1) and 2+4 (team 2); with two or three
players each seat is its own side (K1.4). Sides are numbered 1..S, and per-side figures
are lists with side 1 first.

>>> Seat(3).side
1
>>> [int(s) for s in Seat(3).iter_from()]
[3, 4, 1, 2]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rules_engine.errors import InvalidNotation


@dataclass(frozen=True, slots=True, order=True)
class Seat:
    """A seat at a table of ``players`` players, in the order of play.

    >>> Seat(4).next.number, Seat(2).partner == Seat(4), Seat(2, players=3).side
    (1, True, 2)
    >>> Seat.parse("3") == Seat(3)
    True
    """

    number: int
    players: int = 4

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise InvalidNotation(f"a table has 2, 3 or 4 players, not {self.players!r}")
        if not 1 <= self.number <= self.players:
            raise InvalidNotation(f"seat {self.number!r} is not one of 1..{self.players}")

    @classmethod
    def parse(cls, value: object, players: int = 4, *, what: str = "seat") -> Seat:
        """Read a seat from a record: an integer, or a string of digits (JSON object keys).

        :raises InvalidNotation: when ``value`` is not a seat of this table.
        """
        if isinstance(value, bool):
            raise InvalidNotation(f"{what} must be a seat number 1..{players}, not {value!r}", where=what)
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if not isinstance(value, int) or not 1 <= value <= players:
            raise InvalidNotation(f"{what} must be a seat number 1..{players}, not {value!r}", where=what)
        return cls(value, players)

    def __int__(self) -> int:
        return self.number

    def __str__(self) -> str:
        return str(self.number)

    @property
    def next(self) -> Seat:
        """The seat that plays after this one."""
        return Seat(self.number % self.players + 1, self.players)

    @property
    def previous(self) -> Seat:
        """The seat that plays before this one: the dealer of a deal this seat leads
        (S2.3, K1.3)."""
        return Seat((self.number - 2) % self.players + 1, self.players)

    @property
    def partner(self) -> Seat | None:
        """The partner opposite (four players), else None."""
        if self.players != 4:
            return None
        return Seat((self.number + 1) % 4 + 1, 4)

    @property
    def side(self) -> int:
        """The side (team) number: 1 or 2 with four players, the seat itself otherwise."""
        if self.players == 4:
            return 1 if self.number % 2 == 1 else 2
        return self.number

    def iter_from(self) -> Iterator[Seat]:
        """Every seat once, in play order, starting with this one."""
        seat = self
        for _ in range(self.players):
            yield seat
            seat = seat.next

    def distance_from(self, first: Seat) -> int:
        """How many seats after ``first`` this seat plays (0 for ``first`` itself)."""
        return (self.number - first.number) % self.players


def side_count(players: int) -> int:
    """How many sides a table of ``players`` has: 2 teams with four, else one per player."""
    return 2 if players == 4 else players


def seats_of_side(side: int, players: int) -> tuple[Seat, ...]:
    """The seats that form side ``side``."""
    return tuple(s for s in (Seat(n, players) for n in range(1, players + 1)) if s.side == side)
