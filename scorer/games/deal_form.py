"""What every game's deal form shares between its fields and a deal record: a seat choice,
the error of a value that cannot become a record, and the slot of the reasons no field states.

The game's own record builder and form filler are its folder's (``scorer/games/<game>/deal.py``).
"""

from __future__ import annotations

from typing import Any

from scorer.web.posted import ShapeError as ShapeError

#: The deal form's slot of the reasons no field of it states.
FORM_ERRORS = "_form"


def seat_or_none(value: Any) -> int | None:
    """A seat chosen on a form, or None for the empty choice."""
    return int(value) if value not in (None, "", "None") else None
