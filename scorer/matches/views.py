"""Matches: the list, a new match, the match screen, export and import of match records."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from scorer import games, scoring
from scorer.access import address, rights
from scorer.deals.deal_input import FORM_ERRORS
from scorer.matches import matchview
from scorer.store import db, log
from scorer.store.models import Entry, Match
from scorer.web import pagecache
from scorer.web.forms import ImportForm, UndoForm

bp = Blueprint("matches", __name__, url_prefix="/matches")


@bp.get("/")
def index() -> str:
    matches = db.session().scalars(select(Match).order_by(Match.id.desc()).limit(200)).all()
    items = []
    for match in matches:
        state = log.derive(match.entries)
        known = match.settings.get("game") in games.registry()  # else a game this app does not keep
        scored = (
            scoring.score(scoring.match_record(match.settings, state.deals), scoring.match_key(match))
            if known
            else None
        )
        items.append(
            {
                "match": match,
                "deals": len(state.deals),
                "answer": (scored.answer if scored else None) or {},
                "names": matchview.names(match.settings),
                "voided": state.voided,
            }
        )
    return render_template("matches/index.html", items=items, table_url=address.external_url("matches.index"))


@bp.get("/new")
def new() -> str:
    return render_template("matches/new.html")


@bp.route("/new/<game>", methods=["GET", "POST"])
def create(game: str) -> Any:
    chosen = games.game_or_404(game)
    setup = chosen.setup
    form = setup.form()
    errors: dict[str, list[dict[str, Any]]] = {}
    if form.validate_on_submit():
        existing = _created_by(form.idem.data)
        if existing is not None:  # a double tap on "Start the match"
            _grant_creator(existing, form.idem.data)
            return redirect(url_for("matches.show", match_id=existing.id))
        settings = setup.settings(form)
        if setup.check(form, settings):
            # The engine adjudicates the settings too: an empty match must be a valid record.
            scored = scoring.score(scoring.match_record(settings, []))
            if scored.valid:
                match = _store_granted(Match(game=chosen.name, settings=settings), form.idem.data)
                return redirect(url_for("matches.show", match_id=match.id))
            errors = _settings_errors(scored.errors, setup.error_fields)
    form.fresh_key()
    return render_template(chosen.template("new"), game=chosen, form=form, errors=errors), (
        422 if request.method == "POST" else 200
    )


def _grant_creator(match: Match, key: str | None) -> None:
    """The creating form's browser may edit the match (also when its first answer was lost)."""
    secret = rights.creator_secret(key)
    if rights.secret_fits(match, secret):
        rights.grant(match, secret)


def _store_granted(match: Match, key: str | None, deals: list[dict[str, Any]] | None = None) -> Match:
    """Store a new match with an edit secret; this browser may edit it."""
    secret = rights.creator_secret(key)
    match.idempotency_key = key or None
    match.edit_secret_hash = rights.hash_secret(secret)
    stored = _store(match, deals)
    if stored is match:
        rights.grant(stored, secret)
    else:  # a concurrent twin of the same form was stored first
        _grant_creator(stored, key)
    return stored


def _created_by(key: str | None) -> Match | None:
    if not key:
        return None
    return db.session().scalars(select(Match).where(Match.idempotency_key == key)).first()


def _store(match: Match, deals: list[dict[str, Any]] | None = None) -> Match:
    """Store a new match (with its deals); a concurrent twin of the same form wins instead."""
    session = db.session()
    session.add(match)
    try:
        session.flush()
        for seq, deal in enumerate(deals or [], start=1):
            session.add(Entry(match_id=match.id, seq=seq, kind="deal", record=deal))
        session.commit()
    except IntegrityError:
        session.rollback()
        twin = _created_by(match.idempotency_key)
        if twin is None:
            raise
        return twin
    return match


def _settings_errors(
    errors: list[dict[str, Any]], fields: Mapping[str, str]
) -> dict[str, list[dict[str, Any]]]:
    """The engine's reasons about a new match's settings by the set-up form's field."""
    placed: dict[str, list[dict[str, Any]]] = {}
    for error in errors:
        field = str(error.get("field") or "")
        head = field.split(".")[0]
        if head == "options":
            key = field.split(".")[1] if "." in field else ""
            slot = "factors" if key == "factors" else key or FORM_ERRORS
        else:
            slot = fields.get(head, FORM_ERRORS)
        if slot == FORM_ERRORS and str(error.get("message", "")).startswith("options."):
            key = str(error["message"]).split(":")[0].split(".")[1]
            slot = "factors" if key == "factors" else key
        placed.setdefault(slot, []).append(error)
    return placed


@bp.get("/<int:match_id>")
def show(match_id: int) -> ResponseReturnValue:
    return pagecache.spectator_page(match_id, lambda: _show(match_id))


def _show(match_id: int) -> str:
    loaded = matchview.load(match_id)
    game = games.of(loaded.settings)
    undo = UndoForm(formdata=None, version=str(loaded.state.version))
    undo.fresh_key()
    redo = UndoForm(formdata=None, version=str(loaded.state.version), prefix="")
    redo.fresh_key()
    return render_template(
        game.template("show"),
        m=loaded,
        sides=matchview.sides(loaded),
        rows=matchview.rows(loaded),
        next=matchview.next_turn(loaded),
        names=matchview.names(loaded.settings),
        undo=undo,
        redo=redo,
        board=request.args.get("view") == "board",
        acc=rights.match_access(loaded.match, loaded.state),
        **game.match.context(loaded),
    )


@bp.get("/<int:match_id>/export.json")
def export(match_id: int) -> Response:
    loaded = matchview.load(match_id)
    body = json.dumps(loaded.record, ensure_ascii=False, indent=2) + "\n"
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="tafel-match-{match_id}.json"'},
    )


@bp.route("/import", methods=["GET", "POST"])
def import_record() -> Any:
    form = ImportForm()
    errors: list[dict[str, Any]] = []
    if form.validate_on_submit() and (existing := _created_by(form.idem.data)) is not None:
        _grant_creator(existing, form.idem.data)
        return redirect(url_for("matches.show", match_id=existing.id))
    if form.validate_on_submit():
        raw = form.text.data or ""
        upload = form.file.data
        if upload is not None and getattr(upload, "filename", None):
            raw = upload.read().decode("utf-8", errors="replace")
        try:
            record = json.loads(raw)
        except ValueError as error:
            errors = [
                {
                    "rule": None,
                    "code": "not_json",
                    "params": {},
                    "message": _("This is not JSON: %(error)s", error=str(error)),
                }
            ]
        else:
            errors, match_id = _import(record, form)
            if match_id is not None:
                flash(_("Match imported."))
                return redirect(url_for("matches.show", match_id=match_id))
    status = 422 if request.method == "POST" else 200
    form.fresh_key()
    return render_template("matches/import.html", form=form, errors=errors), status


def _import(record: Any, form: ImportForm) -> tuple[list[dict[str, Any]], int | None]:
    """Store a valid match record as a new match; the engine's reasons when it is not valid."""
    if (
        not isinstance(record, dict)
        or record.get("game", games.RECORD_DEFAULT) not in games.registry()
        or not isinstance(record.get("deals", []), list)
    ):
        return [
            {
                "rule": None,
                "code": "not_a_match",
                "params": {},
                "message": _("This is not a match record (DEAL_RECORD.md): an object with game and deals."),
            }
        ], None
    scored = scoring.score(record)
    if not scored.valid:
        return scored.errors, None
    settings = games.of(record).setup.from_record(record, form)
    # The match as the app will score it (from its own settings) must be valid too, or a
    # record with fields the app does not keep would score differently once stored.
    if not scoring.score(scoring.match_record(settings, record.get("deals") or [])).valid:
        return [
            {
                "rule": None,
                "code": "not_a_match",
                "params": {},
                "message": _("This match record uses fields the table app does not keep."),
            }
        ], None
    match = _store_granted(
        Match(game=settings["game"], settings=settings), form.idem.data, list(record.get("deals") or [])
    )
    return [], match.id
