"""URL converters of the app's routes."""

from __future__ import annotations

from werkzeug.routing import IntegerConverter, Map


class DatabaseId(IntegerConverter):
    """``<int:…>`` in every route: at most 2³¹ − 1, the largest id of an ``integer`` column
    in PostgreSQL (SQLite's go to 2⁶³ − 1; a larger number overflows either driver)."""

    def __init__(
        self,
        map: Map,
        fixed_digits: int = 0,
        min: int | None = None,
        max: int | None = 2**31 - 1,
        signed: bool = False,
    ) -> None:
        super().__init__(map, fixed_digits=fixed_digits, min=min, max=max, signed=signed)
