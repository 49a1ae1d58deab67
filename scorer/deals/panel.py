"""The match page's deal entry: the next deal entered and saved on the match screen itself.

The panel is the deal form of the game (the same field names as ``/deals/new``, which stays
for corrections and for browsers without script), cut to what a deal at the table needs:
contract, team, points with the other team's shown, Match, Weis by value, Stöck; Klammern's
trump, declarer, card points (per player with two or three), melds by value, Bella. It posts
to ``/deals/new``; with htmx the answer is the match screen again (scoreboard, list and a
fresh panel) swapped in place, without it the usual redirect.

Only a tablet that may edit sees it; a spectator's page (cached per match version) has none.

A fresh panel is the same from one deal to the next but for its heading's number, its
version, key and CSRF token and the last save's message: its HTML is rendered once per
match, language, view and forehand, with a hole for each of those, and filled per request
(rendering its forty fields and their labels was a third of a save's server time).
"""

from __future__ import annotations

import gzip
import hashlib
import secrets
import uuid
from typing import Any

from flask import current_app, render_template, request
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from rules_engine.klammern import meld_values
from rules_engine.schieber.contracts import schieber_options
from rules_engine.schieber.weis_values import possible_values
from scorer import games
from scorer.games.base import DealEntry
from scorer.games.deal_form import FORM_ERRORS
from scorer.games.klammern.forms import KlammernDealForm
from scorer.games.schieber.forms import SchieberDealForm
from scorer.matches import matchview
from scorer.web import i18n, pagecache
from scorer.web.forms import settings_text, without_melds
from scorer.web.pagecache import PageCache

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


def form_class(entry: DealEntry) -> Any:
    """The deal form class for this request's post: for a panel's (htmx, a new deal, no meld
    field posted) the game's form without its meld fields, which the panel has not; for any
    other, the whole form. The record the form states is the same either way."""
    melds = entry.melds
    if melds is None or request.method != "POST" or not wanted() or request.endpoint != "deals.new":
        return entry.form
    prefix = melds.prefix + "_"
    if any(
        name.startswith(prefix) and name[len(prefix) : len(prefix) + 1].isdigit() for name in request.form
    ):
        return entry.form  # a post that names a meld field: the whole form reads it
    return without_melds(entry.form, melds.prefix)


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
#: Shows a kept panel's filled HTML where the match page includes the panel.
KEPT_PANEL = "deals/_panel_kept.html"

#: A kept panel's holes: a word of this process's own that no name or text of a match holds.
HOLE_WORD = "tafelhole" + secrets.token_hex(8)
HOLES = {
    name: f"{HOLE_WORD}{name}"
    # No name begins another: each is replaced in turn.
    for name in ("number", "csrf", "version", "idem", "message", "seat", "forehand")
}
#: Fresh panels' HTML with holes, per match, language and view. The forehand is a hole too
#: (the title's name and the hidden field): a table asks for its four forehands in turn, and
#: each was a render of the whole panel (5 ms) in each worker, the first four saves of every
#: match. Klammern's panel keeps one per forehand, as its declarer select starts there.
#: Least recently used goes first; about 7 KB each. A panel rendered is also put into the
#: store the workers share (scorer.web.pagecache), for a worker that has not kept it.
_KEPT = PageCache[str](2048)


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
    holes: bool = False,
) -> dict[str, Any]:
    """What the match page needs to show the panel; empty when it shows none.

    ``holes``: for a shared text (scorer.matches.shared): the kept panel with its CSRF token,
    key and message left as holes, filled per request with the rest of the page."""
    settings = loaded.settings
    if not may_edit or not loaded.scored.valid or loaded.answer.get("finished"):
        return {"entry_message": message} if message else {}
    template = panel_template(settings)
    if template is None:
        return {"entry_message": message} if message else {}
    number = i18n.digits(len(loaded.state.deals) + 1)
    if form is None and not errors and current_app.config.get("PAGE_CACHE_SIZE"):
        return {
            "entry": True,
            "entry_template": KEPT_PANEL,
            "entry_html": _kept_panel(loaded, template, number, message, holes=holes),
            "entry_message": message,
        }
    if form is None:
        form = fresh_form(loaded)
    return {
        **_panel_context(loaded, template, form, errors),
        "entry_number": number,
        "entry_message": message,
    }


def _kept_panel(
    loaded: matchview.Loaded, template: str, number: str, message: str | None, *, holes: bool = False
) -> Markup:
    """A fresh panel from the kept HTML (rendered on first use), its holes filled for this
    request (``holes``: only those of the match's version, its number and version)."""
    csrf = bool(current_app.config.get("WTF_CSRF_ENABLED", True))
    turn = matchview.next_turn(loaded)
    forehand = (turn or {}).get("forehand")
    names = matchview.names(loaded.settings)
    board = request.args.get("view") == "board"
    key = (
        loaded.match.id,
        str(loaded.match.created),
        settings_text(loaded.settings),
        i18n.current(),
        board,
        turn is not None,
        forehand if template != SCHIEBER_PANEL else None,
        csrf,
        request.script_root,
    )
    html = _KEPT.get(key)
    if html is None:
        html = _stored(key)
    if html is None:
        form = fresh_form(loaded)
        form.version.data = HOLES["version"]
        form.idem.data = HOLES["idem"]
        form.forehand.data = HOLES["seat"]
        if csrf and "csrf_token" in form:
            form.csrf_token.current_token = HOLES["csrf"]
        html = render_template(
            template,
            m=loaded,
            board=board,
            next=turn,
            names=names,
            entry_number=HOLES["number"],
            entry_message=HOLES["message"],
            entry_forehand_name=HOLES["forehand"],
            **_panel_context(loaded, template, form, {}),
        )
        _store(key, html)
    _KEPT.put(key, html)
    filled = {
        "number": number,
        "version": str(loaded.state.version),
        "seat": str(forehand or 1),
        "forehand": str(escape(forehand_name(names, forehand))),
    }
    if not holes:
        filled |= {
            "csrf": generate_csrf() if csrf else "",
            "idem": uuid.uuid4().hex,
            "message": str(escape(message)) if message else "",
        }
    for name, value in filled.items():
        html = html.replace(HOLES[name], value)
    return Markup(html)


def _shared_word() -> str:
    """The holes' word in the store the workers share: one of the server's secret, where each
    process has a word of its own (:data:`HOLE_WORD`)."""
    secret = str(current_app.config.get("SECRET_KEY") or "")
    return "tafelhole" + hashlib.sha256(f"panel holes {secret}".encode()).hexdigest()[:16]


def _in_store(key: tuple[Any, ...]) -> tuple[pagecache.PageStore, str] | None:
    """The store the workers share and a kept panel's name in it (its word in the name: another
    secret, another file); None when they share none."""
    store = pagecache.shared().store() if current_app.config.get("PAGE_CACHE_SIZE") else None
    if store is None:
        return None
    return store, pagecache.digest(("panel", _shared_word(), *key))


def _stored(key: tuple[Any, ...]) -> str | None:
    """A panel another worker rendered, with this process's holes: a table whose connection
    dropped (bad Wi-Fi, a server restart) comes back on any worker, which then rendered the
    panel again (3 ms, the most of a first save's extra cost in a worker)."""
    place = _in_store(key)
    body = place[0].get(place[1]) if place is not None else None
    if body is None:
        return None
    return gzip.decompress(body).decode().replace(_shared_word(), HOLE_WORD)


def _store(key: tuple[Any, ...], html: str) -> None:
    place = _in_store(key)
    if place is not None:
        store, name = place
        store.put(name, gzip.compress(html.replace(HOLE_WORD, _shared_word()).encode(), 1, mtime=0))


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
