"""Between a deal form and a deal record: what every game's deal form shares (reading its
melds, a seat choice) and putting the engine's reasons on the fields they concern.

The game's own record builder and form filler are its folder's (``scorer/games/<game>/deal.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from flask_babel import gettext as _

from scorer import games
from scorer.web.card_text import read_groups
from scorer.web.display import quick_meld
from scorer.web.forms import SLOTS, BaseForm

if TYPE_CHECKING:
    from scorer.games.base import Game

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


def _all_fields() -> tuple[Mapping[str, str], frozenset[str]]:
    """Every game's engine fields and meld prefixes (for a reason whose game is not known)."""
    fields: dict[str, str] = {}
    prefixes: set[str] = set()
    for each in games.registry().values():
        fields.update(each.deal.error_fields)
        if each.deal.melds is not None:
            prefixes.add(each.deal.melds.prefix)
    return fields, frozenset(prefixes)


def error_slot(error: dict[str, Any], deal_index: int | None, game: Game | None = None) -> str:
    """Where on ``game``'s deal form an engine reason belongs (any game's form, without one)."""
    if game is None:
        fields, prefixes = _all_fields()
    else:
        fields = game.deal.error_fields
        prefixes = frozenset({game.deal.melds.prefix} if game.deal.melds is not None else ())
    if error.get("deal") is not None and deal_index is not None and error["deal"] != deal_index:
        return FORM_ERRORS
    path = str(error.get("field") or "")
    parts = [p for p in path.replace("[", ".").replace("]", "").split(".") if p]
    if parts and parts[0] == "deals":
        parts = parts[2:]
    if not parts:
        return FORM_ERRORS
    head = parts[0]
    if head in prefixes:
        seat = parts[1] if len(parts) > 1 and parts[1].isdigit() else None
        if seat is None:
            params = error.get("params") or {}
            seat = str(params.get("seat", "")) or None
        return f"{head}_{seat}" if seat else head
    return fields.get(head, FORM_ERRORS)


def place_errors(
    errors: Iterable[dict[str, Any]], deal_index: int | None, game: Game | None = None
) -> dict[str, list[dict[str, Any]]]:
    """The engine's reasons by the deal form's slot they belong to."""
    slots: dict[str, list[dict[str, Any]]] = {}
    for error in errors:
        slot = error_slot(error, deal_index, game)
        if error.get("deal") is not None and error["deal"] == deal_index:
            # On the form of that very deal, "deal N:" would only repeat the page's title.
            error = {k: v for k, v in error.items() if k != "deal"}
        slots.setdefault(slot, []).append(error)
    return slots
