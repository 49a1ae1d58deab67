"""The table without network: the installable app's manifest and service worker, the engine
for the tablet, and the two doors a tablet's outbox goes through when the server answers again.

- ``POST /offline/matches/<id>/sync``: one entry made offline (a deal, a correction, an undo or
  a redo) with its idempotency key and the version it was based on. The server builds the
  deal from the same form fields with the game's own form and saves it by the deal pages'
  one save (:func:`scorer.deals.save.save`): ``accepted`` (or ``duplicate``: stored before, never twice),
  ``overtaken`` (another tablet's entries came first: the table decides), ``refused`` (a
  rule or a field, with the reasons the page would show).
- ``POST /offline/matches/adopt``: a match started offline, by the set-up form's fields and
  the tablet's own key (a UUID): created once, whatever the number of tries. Until then the
  tablet plays it on ``/offline/born/<game>/<players>/<deck>`` (a deal form the service
  worker keeps); its deals wait in the outbox behind the match and follow its adoption
  through the door above, in order.

Both need the same rights as the pages: the guard of ``scorer.access.rights`` refuses a
change of a match this browser may not edit before the view runs, and a CSRF token (from
``GET /offline/token``) travels in the ``X-CSRFToken`` header.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources
from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, request, url_for
from flask_babel import force_locale, ngettext
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf, validate_csrf
from werkzeug.datastructures import MultiDict
from wtforms.validators import ValidationError

from scorer import games, languages, scoring
from scorer.access import rights
from scorer.deals import save
from scorer.deals import views as deal_pages
from scorer.deals.deal_input import shape_reason
from scorer.games.base import Offline
from scorer.matches import matchview
from scorer.matches.views import _created_by as created_by
from scorer.matches.views import _grant_creator as grant_creator
from scorer.matches.views import _store_granted as store_granted
from scorer.offline import tablet
from scorer.offline.bundle import engine_bundle
from scorer.rulebook.views import rule_url
from scorer.store import db, log
from scorer.store.models import Match
from scorer.web import conditional, display, i18n, reason_texts
from scorer.web.posted import ShapeError
from scorer.web.reasons import reason_text

bp = Blueprint("offline", __name__)

#: The engine's worker compiles WebAssembly: its own policy (a worker takes the policy of
#: its script's response) allows that and nothing more. The pages keep theirs.
WORKER_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "object-src 'none'",
        "base-uri 'none'",
    )
)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: The app's own scripts and styles the service worker keeps (static/, besides Pyodide).
SHELL_FILES = (
    "tafel.css",
    "tafel.js",
    "disputes.css",
    "disputes.js",
    "vendor/htmx.min.js",
    "offline/tafel-offline.js",
    "offline/outbox.mjs",
    "offline/outbox-view.mjs",
    "offline/engine-core.mjs",
    "offline/engine-client.mjs",
    "offline/reasons.mjs",
    "offline/icon.svg",
    "offline/offline.css",
)


def _offline_games() -> dict[str, Offline]:
    """The games the tablet keeps offline, by name (the registry's ``Game.offline``)."""
    return {name: game.offline for name, game in games.registry().items() if game.offline is not None}


#: A born deal form: its game, table size, deck and variant (``Offline.variants``).
Born = tuple[str, int, str, tuple[tuple[str, str], ...]]


def born_forms() -> list[Born]:
    """The deal forms a match born offline is played on until the server adopts it: one per
    game, table size, deck and variant (the forms differ in seats, sides, the cards' names and
    what a game's set-up draws, such as a Coiffeur's rows)."""
    return [
        (name, players, deck, variant)
        for name, part in _offline_games().items()
        for players, deck in part.born
        for variant in part.variants
    ]


def born_address(form: Born) -> str:
    """Where a born deal form is served and kept (the tablet builds the same address)."""
    game, players, deck, variant = form
    return tablet.born_address(game, players, deck, dict(variant))


def _static(name: str) -> str:
    return resources.files("scorer").joinpath("static", *name.split("/")).read_text("utf-8")


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    body = {
        "name": _("Tafel"),
        "short_name": _("Tafel"),
        "start_url": url_for("matches.index"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#14241c",
        "theme_color": "#14241c",
        "icons": [
            {"src": url_for("static", filename="offline/icon.svg"), "sizes": "any", "type": "image/svg+xml"}
        ],
    }
    response = Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
    # Each page links the manifest: a day's keeping spares a request per page view. Private: its
    # name is in the session's language.
    response.cache_control.private = True
    response.cache_control.max_age = 24 * 3600
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker at the scope ``/``, with the list of what it keeps and a version
    that changes with any of it (a new engine, a new style sheet: a new cache)."""
    tag, _body = engine_bundle()
    static = [url_for("static", filename=name) for name in SHELL_FILES]
    pyodide = [url_for("static", filename=f"vendor/pyodide/{name}", v=None) for name in PYODIDE_FILES]
    texts = [url_for("offline.texts", code=code) for code in languages.LANGUAGES]
    keep = [
        url_for("matches.index"),
        url_for("matches.new"),
        *(url_for("matches.create", game=game) for game, part in _offline_games().items() if part.born),
        *(born_address(form) for form in born_forms()),
        url_for("offline.engine"),
        url_for("offline.worker"),
        *texts,
        *static,
        *pyodide,
    ]
    # Stable across processes and restarts (several workers answer the same tablet): the kept
    # addresses (static ones carry their content hash) and Pyodide's own files' hashes.
    hashes = current_app.extensions.get("tafel_static_hashes", {})
    named = keep + [hashes.get(f"vendor/pyodide/{name}", "") for name in PYODIDE_FILES]
    version = tag + "-" + hashlib.sha256(json.dumps(named).encode()).hexdigest()[:12]
    head = f"const VERSION = {json.dumps(version)};\nconst KEEP = {json.dumps(keep)};\n"
    response = Response(head + _static("offline/sw.js"), mimetype="text/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.cache_control.no_cache = True
    return response


@bp.get("/offline/engine-worker.mjs")
def worker() -> Response:
    response = Response(_static("offline/engine-worker.mjs"), mimetype="text/javascript")
    response.headers["Content-Security-Policy"] = WORKER_POLICY
    response.cache_control.no_cache = True
    return response


@bp.get("/offline/engine.json")
def engine() -> Response:
    """The engine's sources as this server runs them (``scorer.offline.bundle``)."""
    tag, body = engine_bundle()
    response = Response(body, mimetype="application/json")
    response.set_etag(tag)
    response.cache_control.no_cache = True
    response.make_conditional(request)
    return response


@bp.get("/offline/born/<game>/<int:players>/<deck>")
def born(game: str, players: int, deck: str) -> Response:
    """The deal form of a match started on the tablet without network, kept by the service
    worker: the match has no page on the server yet. Its seats are named ``{name_1}`` …,
    which the tablet replaces with the born match's names; it judges and keeps each deal."""
    forms = born_forms()
    chosen: Born = (game, players, deck, tuple(sorted(request.args.items())))
    if chosen not in forms:
        abort(404)
    number = forms.index(chosen)
    part = _offline_games()[game]
    fields = {"players": str(players), "deck": deck, **dict(part.stand_in), **dict(chosen[3])}
    fields |= {f"name_{n}": f"{{name_{n}}}" for n in range(1, 5)}
    settings = part.records().setup_settings(fields)
    # Never stored: a stand-in match, its own (negative) id per form so no page cache mixes two.
    match = Match(id=-1 - number, game=game, settings=settings)
    record = scoring.match_record(settings, [])
    loaded = matchview.Loaded(match, log.derive([]), record, scoring.score(record))
    form = deal_pages._form(loaded)
    form.version.data = "0"
    form.forehand.data = "1"
    if "declarer" in form:
        form.declarer.data = "1"
    body, _status = deal_pages._render(loaded, form, {})
    response = Response(body, mimetype="text/html")
    response.cache_control.no_cache = True
    return response


def _waiting(count: int) -> str:
    """The outbox's count as a template the page fills (``{n}``), in the plural form of ``count``."""
    return ngettext("%(num)s deal waiting to be sent", "%(num)s deals waiting to be sent", count).replace(
        str(count), "{n}"
    )


def _reason_catalog(lang: str) -> dict[str, Any]:
    """The engine reasons' sentences in ``lang`` and what reads their params (the names of
    suits and contracts, the digits, the grouping of points), for ``static/offline/reasons.mjs``
    to say offline what ``scorer.web.reason_texts.sentence`` says online."""
    million = i18n.format_number(1_000_000, lang)
    contracts = {
        deck: {key: display.contract_name(key, deck) for key in (*display.SUITS, *display.CONTRACT_NAMES)}
        for deck in ("swiss", "french")
    }
    return {
        "sentences": [[s.code, s.rule, str(s.text)] for s in reason_texts.catalog().sentences],
        "in_trick": str(reason_texts.IN_TRICK),
        "team": _("team %(number)s", number="%(number)s"),
        "names": {**contracts, "any": {k: str(v) for k, v in reason_texts.catalog().contracts.items()}},
        "formats": {k: str(v) for k, v in reason_texts.catalog().formats.items()},
        # The deck each game's rule letter names its cards in (the Swiss deck's where none).
        "decks": dict(reason_texts.catalog().decks),
        "points": sorted(reason_texts._POINTS),
        "contract_params": sorted(reason_texts._CONTRACT_PARAMS),
        "contract_lists": sorted(reason_texts._CONTRACT_LISTS),
        "digits": languages.NATIVE_DIGITS.get(lang, ""),
        "group": million[1],
        # Where grouping starts: 1000 is grouped in most languages, only 10000 in some.
        "group_from": 3 if len(i18n.format_number(1000, lang)) > 4 else 4,
        "minus": i18n.format_number(-1, lang)[:-1],
    }


@cache
def _texts(lang: str, offline_games: tuple[str, ...]) -> bytes:
    """The offline screen's sentences in ``lang``, and the games a match may start offline."""
    with force_locale(lang):
        texts = {
            "live": _("Live"),
            "offline": _("Offline: entries are kept on this tablet"),
            "sending": _("Sending…"),
            "waiting_one": _waiting(1),
            "waiting_many": _waiting(3),
            "kept": _("Kept on this tablet; it is sent when the network is back."),
            "refused_rule": _("Not saved, rule %(rule)s: %(reason)s", rule="{rule}", reason="{reason}"),
            "refused_field": _("Not saved: check the field %(field)s.", field="{field}"),
            "refused_server": _("The server refused this entry: %(reason)s", reason="{reason}"),
            "overtaken": _("Another tablet's entries came first: check this entry against the score."),
            "resolve": _("To resolve at the table"),
            "send_after": _("Send it after them"),
            "discard": _("Discard it"),
            "no_right": _("This tablet may not change this match: open its edit link."),
            "engine_starting": _("The rules engine is starting…"),
            "score": _("Score on this tablet"),
            "deal": _("Deal %(n)s", n="{n}"),
            "forehand_is": _("%(forehand)s is forehand", forehand="{forehand}"),
            "next_turn": _(
                "Next deal: %(dealer)s deals, %(forehand)s is forehand.",
                dealer="{dealer}",
                forehand="{forehand}",
            ),
            # An outbox line's end: the entry waits to be sent ("Deal 4: Rosen, 60 : 97 — waiting").
            "waiting": _("waiting"),
            "undo": _("Undo the last entry"),
            # A game entered offline at an event table that confirms each game (T6.2).
            "confirm_team": _("Team %(team)s confirms", team="{team}"),
            "game": _("Game %(number)s", number="{n}"),
            # After a kept post the server refused, on its own page (a phone's estimate).
            "again": _("Open the page again"),
            "reasons": _reason_catalog(lang),
            "games": list(offline_games),
        }
    return json.dumps(texts, ensure_ascii=False, sort_keys=True).encode("utf-8")


@bp.get("/offline/texts/<code>.json")
def texts(code: str) -> Response:
    """The offline screen's sentences in one language (all six are kept on the tablet)."""
    if code not in languages.LANGUAGES:
        abort(404)
    # The games a tablet may start without network: those with a born match's deal forms.
    startable = tuple(name for name, part in _offline_games().items() if part.born)
    response = Response(_texts(code, startable), mimetype="application/json")
    response.cache_control.no_cache = True
    return response


@bp.get("/offline/token")
def token() -> Response:
    """A CSRF token for the outbox's requests (the one a page carried may have expired)."""
    response = jsonify({"token": generate_csrf()})
    response.cache_control.no_store = True
    return response


@bp.get("/offline/matches/<int:match_id>/state.json")
def state(match_id: int) -> Response:
    """What the tablet needs to judge entries offline: the log in force, the settings, the
    match record of no deals (the engine's ``head``).

    Its ETag names the match's version (settings never change after the set-up): a tablet
    that kept the state asks with it and, while no entry came, gets a 304 after one indexed
    query instead of the whole log."""
    found = conditional.match_version(match_id)
    if found is None:
        abort(404)
    created, number = found
    tag = conditional.etag((match_id, created, number, "offline-state"))
    if request.if_none_match.contains(tag):
        unchanged = Response(status=304)
        unchanged.set_etag(tag)
        unchanged.cache_control.no_cache = True
        return unchanged
    loaded = matchview.load(match_id)
    body = {
        "id": match_id,
        "version": loaded.state.version,
        "settings": loaded.settings,
        "head": scoring.match_record(loaded.settings, []),
        # Anyone may read this (a spectator's tablet too): no sealed estimate is in it.
        "entries": log.shared_entries(loaded.match.entries),
        "offline": loaded.settings.get("game") in _offline_games(),
    }
    response = jsonify(body)
    # The version read just now: an entry stored between the two reads gets the next tag.
    response.set_etag(conditional.etag((match_id, created, loaded.state.version, "offline-state")))
    response.cache_control.no_cache = True
    return response


def _payload() -> dict[str, Any]:
    """The JSON body, after the CSRF header is checked (a refusal is a 400 with a reason)."""
    try:
        validate_csrf(request.headers.get("X-CSRFToken", ""))
    except ValidationError:
        abort(400, description="csrf")
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        abort(400, description="json")
    return data


def _answer(status: str, http: int = 200, **fields: Any) -> tuple[Response, int]:
    return jsonify({"status": status, **fields}), http


def _reasons(errors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The engine's reasons with the sentence the page would show and the rule's address."""
    return [{**e, "text": reason_text(e), "rule_url": rule_url(e.get("rule"))} for e in errors]


@bp.post("/offline/matches/<int:match_id>/sync")
@db.one_statement_writes  # its save: the entry with the summary, one statement (deals.save)
def sync(match_id: int) -> tuple[Response, int]:
    """One entry of the outbox, saved as the deal pages save theirs (:func:`save.save`)."""
    data = _payload()
    key = data.get("key")
    kind = data.get("kind")
    base = data.get("base_version")
    if (
        not isinstance(key, str)
        or not 8 <= len(key) <= 64
        or kind not in save.KINDS
        or not isinstance(base, int)
    ):
        return _answer(
            "refused", 422, errors=[{"rule": None, "code": "shape", "text": "key, kind, base_version"}]
        )
    loaded = matchview.load(match_id)
    target = data.get("target_seq")
    record = None
    if kind in ("deal", "correction"):
        fields = data.get("fields")
        if not isinstance(fields, dict):
            return _answer("refused", 422, errors=[{"rule": None, "code": "shape", "text": "fields"}])
        stated = _deal_record(loaded.settings, fields)
        if isinstance(stated, list):
            return _answer("refused", 422, errors=stated, version=loaded.state.version)
        record = stated
    outcome = save.save(
        loaded,
        kind=kind,
        base_version=base,
        key=key,
        record=record,
        target_seq=target if isinstance(target, int) else None,
    )
    if isinstance(outcome, save.Saved):
        return _answer("accepted", seq=outcome.entry.seq, version=outcome.entry.seq)
    if isinstance(outcome, save.Duplicate):
        return _answer("duplicate", version=outcome.version)
    if isinstance(outcome, save.Overtaken):
        return _answer("overtaken", 409, version=outcome.version)
    placed = outcome.placed(games.of(loaded.settings))
    errors = [e for slot in placed.values() for e in slot]
    return _answer("refused", 422, errors=_reasons(errors), version=loaded.state.version)


def _deal_record(settings: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any] | list[dict[str, Any]]:
    """The deal record the deal form's ``fields`` state, read by the game's own form; or what
    the form refuses, each keyed by its field."""
    game = games.of(settings)
    form = game.deal.form(
        formdata=MultiDict({str(k): str(v) for k, v in fields.items()} | {"version": "0", "idem": "-"}),
        meta={"csrf": False},
    )
    game.deal.prepare(form, settings)
    if not form.validate():
        return [
            {"rule": None, "code": "shape", "field": name, "params": {}, "message": str(m), "text": str(m)}
            for name, messages in form.errors.items()
            for m in messages
        ]
    try:
        return dict(game.deal.record(form, settings))
    except ShapeError as error:
        shape = shape_reason(error)
        return [{**shape, "text": shape["message"]}]


@bp.post("/offline/matches/adopt")
def adopt() -> tuple[Response, int]:
    """A match started on a tablet without network, by its set-up form's fields and the key
    the tablet made (a UUID): stored once, the tablet's browser granted its edit right, as the
    new-match page does; a second try answers the same match."""
    data = _payload()
    key, game_name, fields = data.get("key"), data.get("game"), data.get("fields")
    if not isinstance(key, str) or not 8 <= len(key) <= 64 or not isinstance(fields, dict):
        return _answer("refused", 422, errors=[{"rule": None, "code": "shape", "text": "key, game, fields"}])
    if not isinstance(game_name, str) or game_name not in games.registry():
        abort(404)
    chosen = games.registry()[game_name]
    existing = created_by(key)
    if existing is not None:
        grant_creator(existing, key)
        return _answer("adopted", id=existing.id, version=0)
    form = chosen.setup.form(
        formdata=MultiDict({str(k): str(v) for k, v in fields.items()} | {"idem": key}), meta={"csrf": False}
    )
    if not form.validate():
        errors = [
            {"rule": None, "code": "shape", "field": name, "params": {}, "message": str(m), "text": str(m)}
            for name, messages in form.errors.items()
            for m in messages
        ]
        return _answer("refused", 422, errors=errors)
    rights.check_write("new")
    settings = chosen.setup.settings(form)
    if not chosen.setup.check(form, settings):
        errors = [
            {"rule": None, "code": "shape", "field": n, "text": str(m)}
            for n, ms in form.errors.items()
            for m in ms
        ]
        return _answer("refused", 422, errors=errors)
    scored = scoring.score(scoring.match_record(settings, []))
    if not scored.valid:
        return _answer("refused", 422, errors=_reasons(scored.errors))
    match = store_granted(Match(game=chosen.name, settings=settings), key)
    return _answer("adopted", id=match.id, version=0)
