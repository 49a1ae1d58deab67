"""Deals: enter one, correct one (a new version), undo the last entry.

Each view builds the candidate deal record, puts it into the match record and asks the
engine about the whole match; only a valid match is appended to the log.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.wrappers import Response

from scorer import games
from scorer.deals import save
from scorer.deals.deal_input import shape_reason
from scorer.games.base import Game
from scorer.games.deal_form import FORM_ERRORS, ShapeError
from scorer.matches import matchview, panel
from scorer.matches.describe import deal_line
from scorer.matches.views import screen
from scorer.store import db, log
from scorer.web import display, i18n
from scorer.web.forms import UndoForm
from scorer.web.memo import Recent
from scorer.web.reasons import reason_text

bp = Blueprint("deals", __name__, url_prefix="/matches/<int:match_id>")


def _form(loaded: matchview.Loaded, data: dict[str, Any] | None = None) -> Any:
    settings = loaded.settings
    entry = games.of(settings).deal
    if data is not None:
        form = entry.form(data=data)
    else:
        form = entry.form()
    entry.prepare(form, settings)
    return form


#: The meld section of a fresh deal form per (match, creation time, language): every
#: select empty, no error, the same players; it was half of the form's rendering.
_FRESH_MELDS = Recent[str](256)


def _render(
    loaded: matchview.Loaded,
    form: Any,
    errors: dict[str, list[dict[str, Any]]],
    *,
    slot: log.DealSlot | None = None,
    status: int = 200,
) -> tuple[str, int]:
    if slot is None and panel.wanted():
        # The match page's panel: the match screen again, the panel keeping what was typed.
        return _screen(loaded, form=form, errors=panel.placed(loaded.settings, errors)), status
    settings = loaded.settings
    game = games.of(settings)
    shown = game.deal.slots(settings)
    for key in [k for k in errors if k != FORM_ERRORS and k not in shown]:
        errors.setdefault(FORM_ERRORS, []).extend(errors.pop(key))
    deck = settings.get("deck") or "french"
    names = matchview.names(settings)
    players = matchview.players(settings)
    fresh = slot is None and not errors and not form.is_submitted()
    melds_key = (loaded.match.id, str(loaded.match.created), i18n.current())
    melds = _FRESH_MELDS.get(melds_key) if fresh else None
    if melds is None:
        melds = _render_melds(game, settings, form, errors, names, deck)
        if fresh:
            _FRESH_MELDS.put(melds_key, melds)
    return render_template(
        game.template("deal"),
        m=loaded,
        form=form,
        errors=errors,
        slot=slot,
        melds=Markup(melds),
        sides=matchview.sides(loaded),
        names=names,
        players=players,
        deck=deck,
        next=matchview.next_turn(loaded),
        deal_total=game.deal.total(settings),
    ), status


def _render_melds(
    game: Game,
    settings: dict[str, Any],
    form: Any,
    errors: dict[str, list[dict[str, Any]]],
    names: list[str],
    deck: str,
) -> str:
    """The deal form's meld section (Schieber's Weis, Klammern's Terz and Fifty), if the game has one."""
    section = game.deal.melds
    if section is None:
        return ""
    prefix = section.prefix
    # The quick-meld selects repeat eight times: their options are built once per page.
    sample = [form[f"{prefix}_1_1_{part}"] for part in ("kind", "suit", "top")]
    meld_options = {
        "kind": [(c.value, str(c.label) if c.value else _("kind")) for c in sample[0].choices],
        "suit": [
            (c.value, display.suit_name(c.value, deck) if c.value else _("suit")) for c in sample[1].choices
        ],
        "top": [
            (c.value, display.rank_name(c.value, deck) if c.value else _("top card"))
            for c in sample[2].choices
        ],
    }
    meld_labels = {part: str(field.label.text) for part, field in zip(("kind", "suit", "top"), sample)}
    return render_template(
        "deals/_melds.html",
        form=form,
        errors=errors,
        names=names,
        meld_options=meld_options,
        meld_labels=meld_labels,
        prefix=prefix,
        players=section.seats(settings),
        legend=section.legend(),
    )


def _record(loaded: matchview.Loaded, form: Any) -> dict[str, Any]:
    return games.of(loaded.settings).deal.record(form, loaded.settings)


def _conflict(loaded: matchview.Loaded, form: Any, slot: log.DealSlot | None) -> tuple[str, int]:
    """Another tablet wrote first: show the new state and keep what this one typed."""
    fresh = matchview.load(loaded.match.id)
    form.version.data = str(fresh.state.version)
    errors: dict[str, list[dict[str, Any]]] = {
        FORM_ERRORS: [
            {
                "rule": None,
                "code": "changed_meanwhile",
                "params": {},
                "message": _(
                    "The match changed meanwhile (another entry was saved). "
                    "Check the score above, then save again."
                ),
            }
        ]
    }
    return _render(fresh, form, errors, slot=slot, status=409)


def _submit(loaded: matchview.Loaded, form: Any, *, slot: log.DealSlot | None) -> Any:
    """Validate the form, then :func:`scorer.deals.save.save`; a redirect, the match screen
    (the panel's post), or the form again with what refused it."""
    if not form.validate_on_submit():
        return _render(loaded, form, {}, slot=slot, status=422)
    try:
        record = _record(loaded, form)
    except ShapeError as error:
        return _render(
            loaded,
            form,
            {error.field: [shape_reason(error)]},
            slot=slot,
            status=422,
        )
    outcome = save.save(
        loaded,
        kind="deal" if slot is None else "correction",
        base_version=_version(form),
        key=form.idem.data,
        record=record,
        target_seq=None if slot is None else slot.slot,
    )
    if isinstance(outcome, save.Overtaken):
        return _conflict(loaded, form, slot)
    if isinstance(outcome, save.Refused):
        if slot is None and not loaded.scored.valid:
            return _unscorable(loaded.match.id)  # its earlier deals, not the new one
        return _render(loaded, form, outcome.placed(games.of(loaded.settings)), slot=slot, status=422)
    if isinstance(outcome, save.Duplicate):
        if slot is None and panel.wanted():
            return _screen(matchview.load(loaded.match.id), message=_("This entry was already saved."))
        _already_saved()
    elif slot is None and panel.wanted():
        saved = matchview.appended(loaded, outcome.entry, outcome.candidate, outcome.scored)
        number = i18n.digits(len(saved.state.deals))
        return _screen(saved, message=_("Deal %(number)s saved.", number=i18n.digits(number)))
    else:
        flash(_("Deal saved.") if slot is None else _("Correction saved."))
    # Back to the view the deal was entered from (the chalk board's, when it was).
    view = "board" if request.args.get("view") == "board" else None
    return redirect(url_for("matches.show", match_id=loaded.match.id, view=view), 303)


def _version(form: Any) -> int:
    """The log's version the form was shown at (-1: none the log ever had)."""
    text = str(form.version.data or "")
    return int(text) if text.isdigit() else -1


def _unscorable(match_id: int) -> Any:
    """A match the engine cannot score takes no new deal: a correction comes first."""
    flash(_("The engine cannot score this match; correct a deal first."))
    return redirect(url_for("matches.show", match_id=match_id))


def _screen(loaded: matchview.Loaded, **panel_state: Any) -> str:
    """The match screen for the panel's htmx post."""
    return screen(loaded, **panel_state)


@bp.route("/deals/new", methods=["GET", "POST"])
@db.one_statement_writes  # its save: the entry with the summary, one statement (_submit)
def new(match_id: int) -> Any:
    loaded = matchview.load(match_id)
    form = _form(loaded)
    if form.is_submitted():
        # The save scores the match with its new deal (_submit); the match as it stood is
        # asked about only when that answer is a refusal.
        return _submit(loaded, form, slot=None)
    if not loaded.scored.valid:
        return _unscorable(match_id)
    if loaded.answer.get("finished"):
        flash(_("The match is over."))
        return redirect(url_for("matches.show", match_id=match_id))
    turn = matchview.next_turn(loaded) or {}
    form.version.data = str(loaded.state.version)
    form.forehand.data = str(turn.get("forehand", 1))
    if "declarer" in form:
        form.declarer.data = str(turn.get("forehand", 1))
    form.fresh_key()
    return _render(loaded, form, {})


def _slot(loaded: matchview.Loaded, slot_id: int) -> log.DealSlot:
    for slot in loaded.state.current_slots:
        if slot.slot == slot_id:
            return slot
    abort(404)


@bp.route("/deals/<int:slot_id>/correct", methods=["GET", "POST"])
@db.one_statement_writes  # its save: the entry with the summary, one statement (_submit)
def correct(match_id: int, slot_id: int) -> Any:
    loaded = matchview.load(match_id)
    slot = _slot(loaded, slot_id)
    assert slot.current is not None
    fill = games.of(loaded.settings).deal.fill
    form = _form(loaded, None if request.method == "POST" else fill(slot.current.record))
    if form.is_submitted():
        return _submit(loaded, form, slot=slot)
    form.version.data = str(loaded.state.version)
    form.fresh_key()
    return _render(loaded, form, {}, slot=slot)


@bp.post("/undo")
@db.one_statement_writes  # its write: the undo entry, one statement (_undo)
def undo(match_id: int) -> Response:
    """Undo the last deal or correction in force (a new ``undo`` entry; nothing is deleted)."""
    loaded = matchview.load(match_id)
    return _undo(loaded, "undo", _done(loaded, loaded.state.last_undoable, redo=False))


@bp.post("/redo")
@db.one_statement_writes  # its write: the undo entry, one statement (_undo)
def redo(match_id: int) -> Response:
    """Undo the last undo: what it cancelled is in force again."""
    loaded = matchview.load(match_id)
    return _undo(loaded, "redo", _done(loaded, loaded.state.last_redoable, redo=True))


def _done(loaded: matchview.Loaded, target: log.EntryLike | None, *, redo: bool) -> str:
    """What an undo (or a redo) did, said with the deal's number and the deal in words."""
    entry = target
    if redo and target is not None:  # the undo entry: what it cancelled comes back
        entry = next((e for e in loaded.state.entries if e.seq == target.target_seq), None)
    if entry is None or entry.kind not in ("deal", "correction"):
        return str(_("The undone entry is back.") if redo else _("The last entry was undone."))
    slot = entry.seq if entry.kind == "deal" else entry.target_seq or 0
    number = i18n.digits(1 + sum(1 for s in loaded.state.current_slots if s.slot < slot))
    deal = deal_line(entry.record or {}, loaded.settings)
    if entry.kind == "deal":
        if redo:
            return str(_("Deal %(number)s is back: %(deal)s.", number=number, deal=deal))
        return str(_("Deal %(number)s was undone: %(deal)s.", number=number, deal=deal))
    if redo:
        return str(_("The correction of deal %(number)s is back: %(deal)s.", number=number, deal=deal))
    return str(_("The correction of deal %(number)s was undone: %(deal)s.", number=number, deal=deal))


def _already_saved() -> None:
    """Say a repeated form (a double tap) was saved once, unless the first tap's "saved" is
    still waiting to be shown: then that one message says it."""
    pending = session.get("_flashes") or []
    if not any(category == "message" for category, _message in pending):
        flash(_("This entry was already saved."))


def _undo(loaded: matchview.Loaded, kind: str, done: str) -> Response:
    form = UndoForm()
    match_id = loaded.match.id
    target = loaded.state.last_undoable if kind == "undo" else loaded.state.last_redoable
    if not form.validate_on_submit():
        flash(_("The undo was not sent from this page; try again."), "error")
        return redirect(url_for("matches.show", match_id=match_id), 303)
    outcome = save.save(
        loaded,
        kind=kind,
        base_version=_version(form),
        key=form.idem.data,
        target_seq=None if target is None else target.seq,
    )
    if isinstance(outcome, save.Duplicate):
        _already_saved()
    elif isinstance(outcome, save.Overtaken) and outcome.meanwhile:
        flash(_("The match changed meanwhile: nothing was undone."), "error")
    elif isinstance(outcome, save.Overtaken):
        flash(
            _("The match changed meanwhile: nothing was undone. Check the score, then undo again."), "error"
        )
    elif isinstance(outcome, save.Refused):
        if target is None:
            flash(_("There is nothing to undo."), "error")
        else:
            # Undoing a correction brings back the earlier version: the match must still score.
            flash(_("This cannot be undone: %(reason)s", reason=reason_text(outcome.errors[0])), "error")
    else:
        flash(done)
    return redirect(url_for("matches.show", match_id=match_id), 303)
