"""The match page's deal entry: the next deal entered and saved on the match screen itself.

The panel is the deal form of the game (the same field names as ``/deals/new``, which stays
for corrections and for browsers without script), cut to what a deal at the table needs:
contract, team, points with the other team's shown, Match, Weis by value, Stöck; Klammern's
trump, declarer, card points (per player with two or three), melds by value, Bella. It posts
to ``/deals/new``; with htmx the answer is the match screen again (scoreboard, list and a
fresh panel) swapped in place, without it the usual redirect.

Only a tablet that may edit sees it; a spectator's page (the same for every spectator) has none.
"""

from __future__ import annotations

from typing import Any

from flask import request

from rules_engine.klammern import meld_values
from rules_engine.schieber.contracts import schieber_options
from rules_engine.schieber.weis_values import possible_values
from scorer import games
from scorer.games.deal_form import FORM_ERRORS
from scorer.games.klammern.forms import KlammernDealForm
from scorer.games.schieber.forms import SchieberDealForm
from scorer.matches import matchview
from scorer.web import i18n

#: The form's error slots the panel shows beside their fields; the others go to its top.
SLOTS = frozenset(
    {"contract", "points", "stoeck", "weis_values", "weis_best", "reached_first"}
    | {"trump", "how", "declarer", "bella", "kontra", "meld_values", "meld_best"}
)
#: How many value buttons a team's Weis row shows at most (the most common values first).
VALUE_BUTTONS = 5


def wanted() -> bool:
    """This request comes from the panel's htmx post (it wants the match screen back)."""
    return request.headers.get("HX-Request") == "true"


def rule_options(settings: dict[str, Any]) -> Any:
    """The Schieber rule options in force (a Passe's too: its own keys, such as its number of
    games, are not Schieber options and are left out)."""
    known = set(schieber_options())
    given = {k: v for k, v in (settings.get("options") or {}).items() if k in known}
    try:
        return schieber_options(settings.get("profile"), given)
    except Exception:  # a stored match always passed the engine; belt and braces
        return schieber_options()


def placed(errors: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """The engine's reasons by the panel's slots; a reason about a field it lacks goes on top."""
    result: dict[str, list[dict[str, Any]]] = {}
    for key, items in errors.items():
        result.setdefault(key if key in SLOTS else FORM_ERRORS, []).extend(items)
    return result


SCHIEBER_PANEL = "deals/_panel.html"
KLAMMERN_PANEL = "deals/_panel_klammern.html"


def panel_template(settings: dict[str, Any]) -> str | None:
    """The panel a game's deal form has on the match page; None: the game has none (yet).

    By the deal form's class, so a game that reuses one (the Passe, Schieber's) has its panel.
    """
    form = games.of(settings).deal.form
    if issubclass(form, SchieberDealForm):
        return SCHIEBER_PANEL
    if issubclass(form, KlammernDealForm):
        return KLAMMERN_PANEL
    return None


def fresh_form(loaded: matchview.Loaded) -> Any:
    """A new deal's form as the panel shows it: the version, a fresh key, the next forehand."""
    settings = loaded.settings
    entry = games.of(settings).deal
    form = entry.form(formdata=None)
    entry.prepare(form, settings)
    turn = matchview.next_turn(loaded) or {}
    form.version.data = str(loaded.state.version)
    form.forehand.data = str(turn.get("forehand", 1))
    if "declarer" in form:  # Klammern: forehand declares unless the table says otherwise
        form.declarer.data = form.forehand.data
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
    if not may_edit or not loaded.scored.valid or loaded.answer.get("finished"):
        return {"entry_message": message} if message else {}
    template = panel_template(settings)
    if template is None:
        return {"entry_message": message} if message else {}
    if form is None:
        form = fresh_form(loaded)
    turn = matchview.next_turn(loaded)
    return {
        **_panel_context(loaded, template, form, errors),
        "entry_number": i18n.digits(len(loaded.state.deals) + 1),
        "entry_forehand_name": forehand_name(matchview.names(settings), (turn or {}).get("forehand")),
        "entry_message": message,
    }


def forehand_name(names: list[str], forehand: int | None) -> str:
    """Who is forehand, as the panel's title names them ('?' for a seat without a name)."""
    return names[forehand - 1] if forehand and forehand <= len(names) else "?"


def _panel_context(
    loaded: matchview.Loaded, template: str, form: Any, errors: dict[str, list[dict[str, Any]]] | None
) -> dict[str, Any]:
    """What the panel's template shows (without its number and message)."""
    settings = loaded.settings
    if template != SCHIEBER_PANEL:
        players = matchview.players(settings)
        return {
            "entry": form,
            "entry_template": template,
            "entry_errors": errors or {},
            "entry_total": games.of(settings).deal.total(settings),
            "entry_players": players,
            # K1.1: two teams with four players; with two or three every seat is a side.
            "entry_sides": players if players < 4 else 2,
            "entry_values": meld_values.possible_values(),
            # K10: no Bella with two players.
            "entry_bella": players > 2,
        }
    options = rule_options(settings)
    weis = bool(options.get("weis", True))
    values = possible_values(options)[:VALUE_BUTTONS] if weis else ()
    return {
        "entry": form,
        "entry_template": template,
        "entry_errors": errors or {},
        "entry_values": values,
        "entry_weis": weis,
        "entry_stoeck": bool(options.get("stoeck", True)),
        "entry_total": games.of(settings).deal.total(settings),
    }
