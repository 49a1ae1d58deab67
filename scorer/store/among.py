"""A condition that a column's value is one of many ids, written as the ranges they fall in.

An event's tables are made a round at a time, so their matches' ids come in a few runs: a
thousand players' twelve rounds are 3,000 ids in a dozen runs. A query naming each id binds
3,000 parameters, which the driver and SQLAlchemy handle one by one (some 2 ms a query on
SQLite); a dozen ``BETWEEN`` ranges ask the same of the same index in a tenth of that.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import ColumnElement, false, or_
from sqlalchemy.orm import InstrumentedAttribute

#: Ids in a row from which a range is written rather than each id: below it, ``IN`` is as short.
RUN_FROM = 3


def runs(ids: Iterable[int]) -> list[tuple[int, int]]:
    """The ids, without repeats, as (first, last) runs of consecutive values, in order."""
    found: list[tuple[int, int]] = []
    for value in sorted(set(ids)):
        if found and found[-1][1] == value - 1:
            found[-1] = (found[-1][0], value)
        else:
            found.append((value, value))
    return found


def among(column: InstrumentedAttribute[int], ids: Iterable[int]) -> ColumnElement[bool]:
    """``column``'s value is one of ``ids``: runs of :data:`RUN_FROM` or more as ranges, the
    others in one ``IN``; false for no ids."""
    ranges: list[ColumnElement[bool]] = []
    single: list[int] = []
    for first, last in runs(ids):
        if last - first + 1 >= RUN_FROM:
            ranges.append(column.between(first, last))
        else:
            single.extend(range(first, last + 1))
    if single:
        ranges.append(column.in_(single))
    if not ranges:
        return false()
    return ranges[0] if len(ranges) == 1 else or_(*ranges)
