"""A deal form's posted fields read as the app's forms read them, in the standard library
alone: the games' record builders (``scorer/games/<game>/record.py``) read their fields with
these, on the server after WTForms has judged the form, and on the tablet under Pyodide,
where they refuse a value with the message the form would give.

A field's value is its posted text (``fields[name]``); a missing name is an empty field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorer.web.card_text import NATURAL, read_groups

#: A form's posted fields: name -> text.
Fields = Mapping[str, str]
#: A record of DEAL_RECORD.md, as JSON.
Record = dict[str, Any]

#: The two quick-meld selects per seat on a deal form (``{prefix}_{seat}_{slot}_kind`` …).
MELD_SLOTS = (1, 2)
#: The longest typed cards a seat's field takes.
TYPED_CARDS_LENGTH = 200
#: WTForms' own messages (its catalogs translate them): on the server the form refuses such
#: a value before a record builder reads it; the tablet says them as they are.
WTFORMS_NOT_AN_INTEGER = "Not a valid integer value."
WTFORMS_NOT_A_CHOICE = "Not a valid choice."
WTFORMS_REQUIRED = "This field is required."
#: A ticked box's values WTForms reads as unticked.
FALSE_VALUES = ("false", "")


def N_(message: str) -> str:
    """A message marked for the catalogs and translated where it is shown (the tablet shows
    the source text; the server's pages, :func:`scorer.deals.deal_input.shape_reason`, its
    translation)."""
    return message


class ShapeError(Exception):
    """A form value that cannot become a record (a run below the 6); keyed by field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def text(fields: Fields, name: str) -> str:
    return str(fields.get(name) or "").strip()


def ticked(fields: Fields, name: str) -> bool:
    return name in fields and text(fields, name) not in FALSE_VALUES


def integer(fields: Fields, name: str) -> int | None:
    """A whole number (any script's digits), or None for an empty field.

    :raises ShapeError: anything else.
    """
    value = text(fields, name)
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise ShapeError(name, WTFORMS_NOT_AN_INTEGER) from None


def choice(fields: Fields, name: str, allowed: Sequence[str], *, required: bool = True) -> str:
    """One of ``allowed`` (or "" for an optional field left empty).

    :raises ShapeError: another value, or none where one is required.
    """
    value = text(fields, name)
    if not value and not required:
        return ""
    if value not in allowed:
        raise ShapeError(name, WTFORMS_NOT_A_CHOICE if value else WTFORMS_REQUIRED)
    return value


def seat_or_none(fields: Fields, name: str) -> int | None:
    """A seat chosen on a form, or None for the empty choice."""
    value = choice(fields, name, ("", "1", "2", "3", "4"), required=False)
    return int(value) if value else None


def values(fields: Fields, name: str, message: str, *, separators: str = "+,") -> list[int]:
    """Values as typed or tapped ("50 20", "50+20", "50,20"): whole numbers above zero.

    :raises ShapeError: anything else, with ``message``.
    """
    typed = str(fields.get(name) or "")
    for separator in separators:
        typed = typed.replace(separator, " ")
    try:
        found = [int(part) for part in typed.split()]
    except ValueError:
        found = [0]
    if any(value <= 0 for value in found):
        raise ShapeError(name, message)
    return found


def quick_meld(kind: str, suit: str, top: str, four_suits: Sequence[str] = ("H", "C", "D", "S")) -> list[str]:
    """Cards of a quick meld: ``runN`` ending at ``top`` in ``suit``, or ``four`` of ``top``.

    :raises ValueError: a run that would start below the 6 (or the deck's lowest card).
    """
    if kind == "four":
        return [s + top for s in four_suits]
    length = int(kind.removeprefix("run"))
    high = NATURAL.index(top)
    if high - length + 1 < 0:
        raise ValueError(top)
    return [suit + NATURAL[i] for i in range(high - length + 1, high + 1)]


class MeldFields:
    """A deal form's meld section: per seat, two quick selects and the typed cards.

    ``kinds``, ``suits``, ``tops``: the selects' choices; ``four_suits``: the order a four of a
    kind's cards are written in.
    """

    def __init__(
        self,
        prefix: str,
        kinds: Sequence[str],
        suits: Sequence[str],
        tops: Sequence[str],
        four_suits: Sequence[str],
    ) -> None:
        self.prefix = prefix
        self.kinds = tuple(kinds)
        self.suits = tuple(suits)
        self.tops = tuple(tops)
        self.four_suits = tuple(four_suits)

    def check(self, fields: Fields) -> None:
        """Judge the fields of all four seats, also those a smaller table lacks (as the form does).

        :raises ShapeError: a choice the selects do not offer, too long a card text.
        """
        for seat in range(1, 5):
            self._quick(fields, seat)
            name = f"{self.prefix}_{seat}_cards"
            if len(str(fields.get(name) or "")) > TYPED_CARDS_LENGTH:
                raise ShapeError(name, f"Field cannot be longer than {TYPED_CARDS_LENGTH} characters.")

    def _quick(self, fields: Fields, seat: int) -> list[tuple[str, str, str]]:
        chosen = []
        for slot in MELD_SLOTS:
            name = f"{self.prefix}_{seat}_{slot}"
            kind = choice(fields, f"{name}_kind", self.kinds, required=False)
            suit = choice(fields, f"{name}_suit", self.suits, required=False)
            top = choice(fields, f"{name}_top", self.tops, required=False)
            chosen.append((kind, suit, top))
        return chosen

    def read(self, fields: Fields, seat: int) -> list[list[str]]:
        """A seat's melds: its quick selects, then its typed cards.

        :raises ShapeError: a quick meld that names no cards.
        """
        groups: list[list[str]] = []
        for kind, suit, top in self._quick(fields, seat):
            if not kind:
                continue
            if not top or (kind != "four" and not suit):
                raise ShapeError(f"{self.prefix}_{seat}", N_("Choose the suit and the top card of the Weis."))
            try:
                groups.append(quick_meld(kind, suit, top, self.four_suits))
            except ValueError:
                raise ShapeError(
                    f"{self.prefix}_{seat}", N_("No such run: it would start below the lowest card.")
                ) from None
        groups.extend(read_groups(text(fields, f"{self.prefix}_{seat}_cards")))
        return groups

    def by_seat(self, fields: Fields, seats: int) -> dict[str, list[list[str]]]:
        """The melds of each of ``seats`` seats that declared any, by seat ("1" …)."""
        return {str(seat): groups for seat in range(1, seats + 1) if (groups := self.read(fields, seat))}


def names(fields: Fields, count: int) -> list[str]:
    """The players' names of a set-up form (``name_1`` …), as the form keeps them."""
    return [text(fields, f"name_{n}")[:40] for n in range(1, count + 1)]


def of_form(form: Any) -> dict[str, str]:
    """A judged WTForms form's data as the posted text a record builder reads: a ticked box
    ``y``, an unticked one or an empty field ``""``, any other value as text."""
    fields: dict[str, str] = {}
    for field in form:
        data = field.data
        if isinstance(data, bool):
            fields[field.name] = "y" if data else ""
        elif field.type == "SelectField" and data == "None":  # a select's empty choice, filled
            fields[field.name] = ""
        else:
            fields[field.name] = "" if data is None else str(data)
    return fields
