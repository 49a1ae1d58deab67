"""What every game's deal form shares between its fields and a deal record: reading its
melds and a seat choice, and the error of a value that cannot become a record.

The game's own record builder and form filler are its folder's (``scorer/games/<game>/deal.py``).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from scorer.web.card_text import read_groups
from scorer.web.display import quick_meld
from scorer.web.forms import SLOTS, BaseForm

#: The deal form's slot of the reasons no field of it states.
FORM_ERRORS = "_form"


class ShapeError(Exception):
    """A form value that cannot become a record (a run below the 6); keyed by field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def seat_or_none(value: Any) -> int | None:
    """A seat chosen on a form, or None for the empty choice."""
    return int(value) if value not in (None, "", "None") else None


def read_melds(form: BaseForm, prefix: str, seat: int, four_suits: tuple[str, ...]) -> list[list[str]]:
    """A seat's melds on a deal form: its quick selects, then its typed cards.

    :raises ShapeError: a quick meld that names no cards.
    """
    groups: list[list[str]] = []
    for slot in SLOTS:
        kind = form[f"{prefix}_{seat}_{slot}_kind"].data
        if not kind:
            continue
        suit = form[f"{prefix}_{seat}_{slot}_suit"].data
        top = form[f"{prefix}_{seat}_{slot}_top"].data
        if not top or (kind != "four" and not suit):
            raise ShapeError(f"{prefix}_{seat}", _("Choose the suit and the top card of the Weis."))
        try:
            groups.append(quick_meld(kind, suit, top, four_suits))
        except ValueError:
            raise ShapeError(
                f"{prefix}_{seat}", _("No such run: it would start below the lowest card.")
            ) from None
    groups.extend(read_groups(form[f"{prefix}_{seat}_cards"].data or ""))
    return groups
