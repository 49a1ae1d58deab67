"""Between a deal form and the engine: a refused value, and the engine's reasons put on the
fields they concern.

What every game's deal form shares in reading a record is :mod:`scorer.games.deal_form`; the
game's own record builder and form filler are its folder's (``scorer/games/<game>/deal.py``,
and the pure ``record.py`` of a game the tablet keeps offline).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from flask_babel import gettext as _

from scorer import games
from scorer.games.deal_form import FORM_ERRORS
from scorer.web.posted import ShapeError

if TYPE_CHECKING:
    from scorer.games.base import Game


def shape_reason(error: ShapeError) -> dict[str, Any]:
    """A value the deal form refuses as a reason keyed by its field, in the page's language
    (the pure record builders say it in the source language, :func:`scorer.web.posted.N_`)."""
    return {"rule": None, "code": "shape", "field": error.field, "params": {}, "message": _(error.message)}


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
