"""Closing an event: after the prize-giving its director closes it, and its results are final.

A closed event's links (the director's, the office's, the tables', the teams', every phone's)
read but never write: every request that would change the event or one of its tables' Passen
is refused before its view runs, naming why, until the director reopens the event. Closing and
reopening are entries of the event's log (``close``, ``reopen``, with the director's reason),
append-only like the rest of it, and the office and the director's page list them. So the
published ranking (T7.5) cannot change behind the prize-giving's back: a correction is made
only in the open, after a logged reopening.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Blueprint, abort, current_app, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response
from wtforms import StringField
from wtforms.validators import Length, Optional

from scorer.access import rights
from scorer.events import access
from scorer.events import state as event_log
from scorer.store import db, log
from scorer.store.models import Event, Match
from scorer.web.forms import KeyedForm

bp = Blueprint("closing", __name__, url_prefix="/events")

#: The log's entry kinds that close and reopen an event.
KINDS = ("close", "reopen")


class CloseForm(KeyedForm):
    """Close or reopen the event (``reason``: for the log, optional)."""

    reason = StringField(_l("Reason"), validators=[Optional(), Length(max=200)])


def close_form() -> CloseForm:
    form = CloseForm(formdata=None)
    form.fresh_key()
    return form


def is_closed(event_id: int) -> bool:
    return event_log.is_closed(db.session(), event_id)


def _event_of(match_id: int) -> int | None:
    """The event whose table plays ``match_id``."""
    # The access guard has read the match in this request already: no second query.
    match = db.session().get(Match, match_id)
    return log.event_of(match) if match is not None else None


@bp.before_app_request
def refuse_writes() -> None:
    """Refuse every change of a closed event or of one of its tables, and the deal-entry pages of
    its tables, before the view reads anything; only its reopening passes."""
    if request.method in rights.SAFE_METHODS and request.endpoint not in rights.EDIT_PAGES:
        return
    if request.endpoint == "closing.reopen":
        return
    args = request.view_args or {}
    event_id = args.get("event_id")
    match_id = args.get("match_id")
    if not isinstance(event_id, int):
        if not isinstance(match_id, int):
            return
        event_id = _event_of(match_id)
        if event_id is None:
            return
    if is_closed(event_id):
        raise event_log.Closed(match_id if isinstance(match_id, int) else None)


@bp.app_errorhandler(log.EventClosed)
def closed_meanwhile(error: log.EventClosed) -> Any:
    """A change let in before the closing, refused where its entry was to be written: answered
    as the closing refuses every change (403, naming it); nothing of it was stored."""
    return current_app.handle_user_exception(event_log.Closed(error.match_id))


def _director_only(event_id: int) -> Event:
    event = db.session().get(Event, event_id)
    if event is None:
        abort(404)
    if not access.may_direct(event):
        raise rights.EditRefused(
            _("Only the event's director may change it."),
            _("Open the director's link of this event (on the director's device) first."),
        )
    return event


def _change(event_id: int, kind: str) -> Response:
    event = _director_only(event_id)
    form = CloseForm()
    back = redirect(url_for("events.show", event_id=event_id), 303)
    if not form.validate_on_submit():
        flash(_("The reason is at most 200 characters."), "error")
        return back
    if is_closed(event_id) == (kind == "close"):
        return back  # closed (or open) already: nothing to log
    if kind == "close":
        # The tables' entries under way are stored before the closing, none after it.
        log.hold_entries(db.session())
    try:
        event_log.append(
            db.session(),
            event,
            expected_version=event_log.last_seq(db.session(), event_id),
            kind=kind,
            record={"reason": (form.reason.data or "").strip()},
            key=form.idem.data or None,
        )
    except (event_log.Duplicate, event_log.Conflict):
        flash(_("The event changed meanwhile: nothing was saved. Check the page, then try again."), "error")
        return back
    flash(
        _("This event is closed: its results are final.")
        if kind == "close"
        else _("The event is open again.")
    )
    return back


@bp.post("/<int:event_id>/close")
def close(event_id: int) -> Response:
    """The director closes the event after the prize-giving."""
    return _change(event_id, "close")


@bp.post("/<int:event_id>/reopen")
def reopen(event_id: int) -> Response:
    """The director reopens a closed event for a correction (logged)."""
    return _change(event_id, "reopen")


def history(entries: Sequence[Any]) -> list[dict[str, Any]]:
    """Every closing and reopening of the event's log, oldest first: kind, time, reason."""
    return [
        {"kind": e.kind, "created": e.created, "reason": (e.record or {}).get("reason") or ""}
        for e in sorted(entries, key=lambda e: e.seq)
        if e.kind in KINDS
    ]


bp.add_app_template_global(history, "closing_history")
bp.add_app_template_global(close_form, "close_form")
