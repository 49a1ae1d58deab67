"""The match page's deal entry: the next deal entered and saved on the match screen itself.

The panel is the game's :class:`~scorer.games.base.Panel`: its deal form (the same field names
as ``/deals/new``, which stays for corrections and for browsers without script) cut to what a
deal at the table needs. It posts to ``/deals/new``; with htmx the answer is the match screen
again (scoreboard, list and a fresh panel) swapped in place, without it the usual redirect.

Only a tablet that may edit sees it; a spectator's page (the same for every spectator) has none.
"""

from __future__ import annotations

from typing import Any

from flask import request

from scorer import games
from scorer.games.base import Settings
from scorer.games.deal_form import FORM_ERRORS
from scorer.matches import matchview
from scorer.web import i18n


def wanted() -> bool:
    """This request comes from the panel's htmx post (it wants the match screen back)."""
    return request.headers.get("HX-Request") == "true"


def placed(settings: Settings, errors: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """The engine's reasons by the panel's slots; a reason about a field it lacks goes on top."""
    panel = games.of(settings).panel
    slots = panel.slots if panel is not None else frozenset()
    result: dict[str, list[dict[str, Any]]] = {}
    for key, items in errors.items():
        result.setdefault(key if key in slots else FORM_ERRORS, []).extend(items)
    return result


def fresh_form(loaded: matchview.Loaded) -> Any:
    """A new deal's form as the panel shows it: the version, a fresh key, the next forehand."""
    settings = loaded.settings
    game = games.of(settings)
    form = game.deal.form(formdata=None)
    game.deal.prepare(form, settings)
    form.version.data = str(loaded.state.version)
    form.forehand.data = str(forehand(loaded))
    if game.panel is not None and game.panel.prepare is not None:
        game.panel.prepare(form)
    form.fresh_key()
    return form


def context(
    loaded: matchview.Loaded,
    *,
    may_edit: bool,
    form: Any = None,
    errors: dict[str, list[dict[str, Any]]] | None = None,
    message: str | None = None,
) -> dict[str, Any]:
    """What the match page needs to show the panel; empty when it shows none."""
    settings = loaded.settings
    game = games.of(settings)
    if game.panel is None or not may_edit or not loaded.scored.valid or loaded.answer.get("finished"):
        return {"entry_message": message} if message else {}
    if form is None:
        form = fresh_form(loaded)
    return {
        "entry": form,
        "entry_template": game.panel.template,
        "entry_errors": errors or {},
        "entry_total": game.deal.total(settings),
        **game.panel.context(settings),
        "entry_number": i18n.digits(len(loaded.state.deals) + 1),
        "entry_forehand_name": forehand_name(matchview.names(settings), forehand(loaded)),
        "entry_message": message,
    }


def forehand(loaded: matchview.Loaded) -> int:
    """Who is forehand in the next deal: the engine's ``next``, or before a game's first deal
    (which some engines leave to the table) the set-up's first forehand."""
    turn = matchview.next_turn(loaded) or {}
    first = loaded.settings.get("first_forehand")
    return int(turn.get("forehand") or (first if isinstance(first, int) else 1))


def forehand_name(names: list[str], forehand: int | None) -> str:
    """Who is forehand, as the panel's title names them ('?' for a seat without a name)."""
    return names[forehand - 1] if forehand and forehand <= len(names) else "?"
