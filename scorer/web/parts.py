"""A long printout in parts: each part a bounded number of its items (tables, players, lines,
deals), so that no request renders more than its share (bench/abuse.py measures the largest);
``?part=n`` names one, and the page that offers the printout lists them all."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Part:
    """The items ``first..last`` (1-based, inclusive) of ``count``: the ``number``-th part."""

    number: int
    first: int
    last: int
    count: int

    @property
    def items(self) -> slice:
        return slice(self.first - 1, self.last)

    @property
    def whole(self) -> bool:
        """The part holds every item (the printout has one part)."""
        return self.first == 1 and self.last == self.count


def split(size: int, count: int) -> list[Part]:
    """``count`` items in parts of at most ``size`` (one part at least, if there is none)."""
    return [
        Part(number, start + 1, min(start + size, count), count)
        for number, start in enumerate(range(0, max(count, 1), size), start=1)
    ]


def asked(value: str | None) -> int:
    """The part a query asks for (``?part=n``, default 1); 0 for anything that is not one."""
    text = "1" if value is None else value
    return int(text) if text.isdecimal() and len(text) < 6 else 0


def pick(found: list[Part], number: int) -> Part | None:
    """Part ``number`` of ``found``; None: there is no such part."""
    return found[number - 1] if 1 <= number <= len(found) else None
