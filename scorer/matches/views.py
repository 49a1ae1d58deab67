"""Matches: the list, a new match, the match screen, export and import of match records."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from sqlalchemy import func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import lazyload

import rules_engine
from rules_engine import limits
from scorer import games, scoring
from scorer.access import address, rights
from scorer.games.deal_form import FORM_ERRORS
from scorer.matches import describe, kept, matchview, panel, sections
from scorer.store import db, log
from scorer.store.models import Entry, Match, MatchSummary
from scorer.web import conditional, i18n
from scorer.web.forms import ImportForm, UndoForm

bp = Blueprint("matches", __name__, url_prefix="/matches")
# A corrected deal's history in words (matches/_history.html).
bp.add_app_template_global(describe.deal_line, "deal_line")
bp.add_app_template_global(kept.kept_row, "kept_row")


#: Matches per page of the list.
PAGE_SIZE = 25
#: Summaries derived again per view of the list at most (each reads and scores one log).
SUMMARIES_PER_VIEW = 2
#: App extension: the checks ``(match, its version) -> bool`` that withhold a listed match's
#: summary from this reader (an event's table while its standings are held back).
WITHHELD = "tafel_summary_withheld"


@bp.get("/")
def index() -> str:
    """The newest matches, a page at a time (``?before=<id>`` for older ones).

    One query reads a page of matches with their stored summaries and each log's last seq;
    only a match whose log grew since its summary was made is read and scored (and its
    summary stored again), at most :data:`SUMMARIES_PER_VIEW` per view. The match page keeps
    its own match's summary current, so a list view usually reads no log at all.
    """
    before = request.args.get("before", type=int)
    last_seq = select(func.max(Entry.seq)).where(Entry.match_id == Match.id).scalar_subquery()
    query = (
        select(Match, MatchSummary, last_seq)
        .outerjoin(MatchSummary, MatchSummary.match_id == Match.id)
        .options(lazyload(Match.entries))
        .order_by(Match.id.desc())
        .limit(PAGE_SIZE + 1)
    )
    if before is not None:
        query = query.where(Match.id < before)
    rows = db.session().execute(query).all()
    items = []
    # A summary older than its log is derived again, a few per view: a page of matches that
    # all changed since (a restored database, an upgrade) costs a few logs, not a page of them.
    budget = SUMMARIES_PER_VIEW
    registered = games.registry()
    withheld = current_app.extensions.get(WITHHELD, ())
    for match, summary, version in rows[:PAGE_SIZE]:
        known = match.settings.get("game") in registered  # else a game this app does not keep
        if known and (summary is None or summary.version != (version or 0)) and budget > 0:
            budget -= 1
            summary = matchview.refresh_summary(match.id)
        if not known or any(check(match, version or 0) for check in withheld):
            summary = None
        items.append(
            {
                "match": match,
                "deals": summary.deals if summary is not None else None,
                "answer": {"scores": summary.scores, "finished": summary.finished} if summary else {},
                "names": matchview.names(match.settings),
                "voided": summary.voided if summary is not None else False,
            }
        )
    older = rows[PAGE_SIZE - 1][0].id if len(rows) > PAGE_SIZE else None
    return render_template(
        "matches/index.html", items=items, older=older, table_url=address.external_url("matches.index")
    )


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
        rights.check_write("new")
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
    """The creating form's browser may edit the match (also when its first answer was lost).

    Only that form's page ever carried its key (a random UUID), and only its keyed hash is
    stored: a copy of the database holds no key to replay.
    """
    if key and match.idempotency_key == rights.form_key_hash(key):
        rights.grant(match)


def _store_granted(
    match: Match,
    key: str | None,
    deals: list[dict[str, Any]] | None = None,
    scored_state: rules_engine.MatchState[Any] | None = None,
) -> Match:
    """Store a new match with an edit secret; this browser may edit it. ``scored_state``: the
    engine's scoring of its deals (an import's), to continue from rather than score them again."""
    match.idempotency_key = rights.form_key_hash(key)
    rights.new_secret(match)
    stored = _store(match, deals)
    if stored is match:
        rights.grant(stored)
        if scored_state is not None:
            scoring.keep(scoring.match_key(stored), scored_state)
    else:  # a concurrent twin of the same form was stored first
        _grant_creator(stored, key)
    matchview.load(stored.id)  # its summary for the match list (the engine's answer is cached)
    return stored


def _created_by(key: str | None) -> Match | None:
    if not key:
        return None
    return (
        db.session().scalars(select(Match).where(Match.idempotency_key == rights.form_key_hash(key))).first()
    )


def _store(match: Match, deals: list[dict[str, Any]] | None = None) -> Match:
    """Store a new match (with its deals); a concurrent twin of the same form wins instead."""
    session = db.session()
    session.add(match)
    try:
        session.flush()
        written = []
        if deals:
            # One statement for the whole log: an import brings up to MAX_DEALS deals.
            rows = session.execute(
                insert(Entry).returning(Entry.id, Entry.seq, Entry.created, sort_by_parameter_order=True),
                [
                    {"match_id": match.id, "seq": seq, "kind": "deal", "record": deal}
                    for seq, deal in enumerate(deals, start=1)
                ],
            )
            written = [
                log.LogEntry(seq, "deal", None, deals[seq - 1], created, id) for id, seq, created in rows
            ]
        session.commit()
        # Its creation time as every later request reads it back (SQLite keeps no time zone):
        # the key its kept log and scoring are found by.
        session.refresh(match, ["created"])
        # The log as written: the new match's first pages read it from here, not back from the
        # database (a record of MAX_DEALS deals decoded again).
        log.LOGS.written(session, match, written)
    except IntegrityError:
        session.rollback()
        twin = (
            db.session().scalars(select(Match).where(Match.idempotency_key == match.idempotency_key)).first()
            if match.idempotency_key
            else None
        )
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
    """The match screen.

    A spectator's page shows the match's log and nothing of its reader: the same bytes for
    every spectator of the version in a language, tagged with the version (a browser or a
    proxy holding it is answered 304 after one query) and kept a moment by a shared cache.
    A tablet that may edit (its panel and tokens), the club administrator and a browser with
    a message waiting get a page of their own, which no cache keeps.
    """
    if not _spectator(match_id):
        return conditional.private(make_response(screen(matchview.load(match_id))))
    found = conditional.match_version(match_id)
    held = conditional.held(_page_tag(match_id, *found)) if found is not None else None
    if held is not None:
        return conditional.not_modified(held)
    loaded = matchview.load(match_id)
    page = make_response(screen(loaded, private=False))
    return conditional.shared(page, _page_tag(match_id, str(loaded.match.created), loaded.state.version))


def _spectator(match_id: int) -> bool:
    """This browser holds no right to the match, is not the administrator and has no message
    waiting to be shown."""
    granted = session.get(rights.RIGHTS) or {}
    return (
        str(match_id) not in granted
        and not rights.is_admin()
        and not session.get("_flashes")
        and not rights.edits_by_feature(match_id)
    )


def _page_tag(match_id: int, created: str, version: int) -> str:
    """The spectator's page's tag: the match's version in the reader's language, drawn by this
    release."""
    return conditional.etag(("match-page", match_id, created, version, i18n.current(), conditional.release()))


def screen(
    loaded: matchview.Loaded,
    *,
    form: Any = None,
    errors: dict[str, list[dict[str, Any]]] | None = None,
    message: str | None = None,
    private: bool = True,
) -> str:
    """The match screen as this browser may see it; for a tablet that may edit, with the next
    deal's entry panel (``form`` and ``errors``: a panel sent back with what was typed;
    ``message``: what the last save did, shown in the panel, never flashed into a page that
    others may share). Only a ``private`` screen, which no cache keeps, shows the parts other
    features add for this browser (``sections``)."""
    acc = rights.match_access(loaded.match, loaded.state)
    game = games.of(loaded.settings)
    state = loaded.state
    rows = matchview.rows(loaded)
    shown = rows.latest(None if request.args.get("deals") == "all" else matchview.SHOWN_DEALS)
    return render_template(
        game.template("show"),
        m=loaded,
        sides=matchview.sides(loaded),
        rows=rows,
        shown=shown,
        earlier=len(rows) - len(shown),
        next=matchview.next_turn(loaded),
        names=matchview.names(loaded.settings),
        undo=_undo_form(state.version) if acc.may_edit and state.last_undoable else None,
        redo=_undo_form(state.version) if acc.may_edit and state.last_redoable else None,
        board=request.args.get("view") == "board",
        acc=acc,
        # The panel's save swaps the screen in: its answer is that part alone. Never a GET's,
        # which a shared cache may keep for every reader.
        fragment=request.method == "POST" and panel.wanted(),
        sections=sections.rendered(loaded) if private else [],
        **panel.context(loaded, may_edit=acc.may_edit, form=form, errors=errors, message=message),
        **game.match.context(loaded),
    )


def _undo_form(version: int) -> UndoForm:
    """An undo (or redo) button's form at ``version``, with a fresh key."""
    form = UndoForm(formdata=None, version=str(version))
    form.fresh_key()
    return form


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
        rights.check_write("import")
        raw = form.text.data or ""
        upload = form.file.data
        if upload is not None and getattr(upload, "filename", None):
            # One byte past the limit is enough to know the file is too large.
            raw = upload.read(limits.MAX_RECORD_BYTES + 1).decode("utf-8", errors="replace")
        try:
            limits.check_text(len(raw.encode("utf-8", errors="replace")), "the match record")
            limits.check_json_depth(raw, "the match record")
            record = json.loads(raw)
        except limits.RecordTooLarge as error:
            errors = [scoring.invalid_record_error(error)]
        except (ValueError, RecursionError) as error:
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
    scored, state = scoring.score_new(record)
    if not scored.valid:
        return scored.errors, None
    settings = games.of(record).setup.from_record(record, form)
    # The match as the app will score it (from its own settings) must be valid too, or a
    # record with fields the app does not keep would score differently once stored. Mostly
    # it is the record as given: its scoring is what the stored match continues from.
    stored_record = scoring.match_record(settings, record.get("deals") or [])
    if stored_record != record:
        state = None
        if not scoring.score(stored_record).valid:
            return [
                {
                    "rule": None,
                    "code": "not_a_match",
                    "params": {},
                    "message": _("This match record uses fields the table app does not keep."),
                }
            ], None
    match = _store_granted(
        Match(game=settings["game"], settings=settings),
        form.idem.data,
        list(record.get("deals") or []),
        state,
    )
    return [], match.id
