"""A table's link enters for its table on one device; each team confirms for itself.

- **Binding.** The first device that opens a table's link claims its entry rights: a ``bind``
  entry of the event's log ``{"match_id", "device"}`` names the device by a keyed hash of its
  token (a random value in its session cookie, never stored). Any other device that opens the
  link reads the table and is refused every change. The director moves the rights to another
  tablet: a ``release`` entry ``{"match_id"}`` ends the bound device's right, and the next
  device that opens the link claims it; withdrawing the table's link (``scorer.events.revoke``)
  releases it too. Who holds a table is derived from the log, in its order. A binding is this
  server's alone (its device tag is keyed with this server's key): an imported event's log is
  stored with a ``release`` after it for every table it leaves bound, so no device holds an
  imported table until one opens its new link here.
- **Team links.** Each team of a table has a link of its own (a QR code on the table's screen)
  that confirms, signs or claims for that team alone (T6.2, T6.3). A device may confirm for one
  team of a table only: every confirmation names its device, and a device that confirmed for
  one team is refused for the other, so one person cannot tap both teams' confirmations on one
  phone, be it the table's screen. The director (and the club administrator) may act for
  either team: they answer for the desk.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from flask import Blueprint, abort, flash, redirect, request, session, url_for
from flask_babel import gettext as _
from sqlalchemy import update
from sqlalchemy.orm import lazyload
from werkzeug.wrappers import Response

from scorer.access import address, rights
from scorer.access.views import qr_svg
from scorer.events import access, revoke, snapshot
from scorer.events import state as event_log
from scorer.events.office_forms import MoveForm
from scorer.events.state import EventState
from scorer.store import db
from scorer.store.models import AccessGrant, Event, Match

bp = Blueprint("devices", __name__, url_prefix="/events")

#: Session key: this browser's device token (random; the log keeps only its keyed hash).
DEVICE = "tafel_device"
#: Session key: {str(match id): id of the stored right of a team's link at that table}.
TEAM_LINKS = "event_team"
TEAMS = (1, 2)
MAX_REMEMBERED = 40
#: Appends retried when another table wrote to the event's log at the same moment.
RETRIES = 20


def team_role(team: int) -> str:
    return f"team{team}"


def device_tag(create: bool = False) -> str | None:
    """This browser's device as the log names it (a keyed hash of its token); with ``create``, a
    browser without a token is given one."""
    token = session.get(DEVICE)
    if not isinstance(token, str) or len(token) != 32:
        if not create:
            return None
        token = secrets.token_hex(16)
        session[DEVICE] = token
        session.permanent = True
    return rights.keyed_hash("event-device", token)[:32]


@dataclass(frozen=True, slots=True)
class Binding:
    """Which device holds a table's entry rights, and how often they were released."""

    device: str | None
    released: int


def binding(entries: Iterable[Any], match_id: int) -> Binding:
    """The table's binding as the event's log states it (``bind``, ``release``, a withdrawn link)."""
    device: str | None = None
    released = 0
    for entry in sorted(entries, key=lambda e: e.seq):
        record = entry.record if isinstance(entry.record, dict) else {}
        if record.get("match_id") != match_id:
            continue
        if entry.kind == "bind":
            device = str(record.get("device") or "") or None
        elif entry.kind == "release" or (entry.kind == "revoke" and record.get("link") == "table"):
            device = None
            released += 1
    return Binding(device, released)


def released_on_import(entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The ``release`` entries that follow an imported log (``entries``, seqs 1, 2, 3 …): one
    for each table the log leaves bound to a device of the exporting server, whose binding
    grants nothing here."""
    read = [SimpleNamespace(seq=e["seq"], kind=e["kind"], record=e.get("record")) for e in entries]
    bound = sorted(
        {
            e.record["match_id"]
            for e in read
            if e.kind == "bind" and isinstance(e.record, dict) and isinstance(e.record.get("match_id"), int)
        }
    )
    released = [match_id for match_id in bound if binding(read, match_id).device is not None]
    last = max((e.seq for e in read), default=0)
    return [
        {"seq": last + number, "kind": "release", "record": {"match_id": match_id}, "target_seq": None}
        for number, match_id in enumerate(released, start=1)
    ]


def _append(event: Event, kind: str, record: dict[str, Any], key: str | None) -> bool:
    """Append one entry whatever the log's version; False when ``key`` was used already."""
    session_ = db.session()
    for _attempt in range(RETRIES):
        current = event_log.last_seq(session_, event.id)
        try:
            event_log.append(session_, event, expected_version=current, kind=kind, record=record, key=key)
        except event_log.Duplicate:
            return False
        except event_log.Conflict:
            continue
        return True
    raise event_log.Conflict(kind)


def table_event(match: Match) -> Event | None:
    """The event whose table ``match`` is (a table's Passe names it in its settings)."""
    event_id = (match.settings.get("event") or {}).get("id")
    return db.session().get(Event, event_id) if isinstance(event_id, int) else None


def claim_table_link() -> Response | None:
    """Before a table's link grants its right (``access.edit_link``): the first device claims the
    table; any other is shown the table to read, with the reason."""
    if request.endpoint != "access.edit_link":
        return None
    args = request.view_args or {}
    match_id, secret = args.get("match_id"), args.get("secret")
    if not isinstance(match_id, int) or not isinstance(secret, str):
        return None
    match = db.session().get(Match, match_id, options=[lazyload(Match.entries)])
    if match is None or not rights.secret_fits(match, secret):
        return None  # the link's own view answers (and counts a guess)
    event = table_event(match)
    if event is None or rights.holds_right(match) or access.may_direct(event):
        return None  # the director enters at every table without claiming any
    if event_log.is_closed(db.session(), event.id):
        # A closed event's table link reads: no device claims the table until it is reopened.
        flash(_("This event is closed: its results are final."), "error")
        return redirect(url_for("matches.show", match_id=match.id), 303)
    mine = device_tag(create=True)
    _event, rows = snapshot.event_and_log(event.id)
    bound = binding(rows, match.id)
    if bound.device is None:
        # One claim per release: the key makes a second device's claim at the same moment fail.
        key = rights.keyed_hash("table-bind", f"{event.id}:{match.id}:{bound.released}")
        if _append(event, "bind", {"match_id": match.id, "device": mine}, key):
            return None  # the link's view grants this device the table's right
        _event, rows = snapshot.event_and_log(event.id)
        bound = binding(rows, match.id)
    if bound.device == mine:
        return None
    flash(
        _(
            "This table's link is in use on another device: this device only reads the table. "
            "The event's director can move the table's entry to this device."
        ),
        "error",
    )
    return redirect(url_for("office.table", event_id=event.id, match_id=match.id), 303)


def refuse_read_only() -> rights.EditRefused:
    return rights.EditRefused(
        _("This device only reads this table."),
        _(
            "Its entry is bound to the table's device; a team confirms with its own team link. "
            "The event's director can move the table's entry to another device."
        ),
    )


# --- team links ------------------------------------------------------------------------------


def team_of_device(match: Match) -> int | None:
    """The team whose link this browser opened at the table of ``match`` (and still holds)."""
    held = (session.get(TEAM_LINKS) or {}).get(str(match.id))
    for team in TEAMS:
        if rights.table_grant_holds(held, match.id, team_role(team)):
            return team
    return None


def team_url(event: Event, state: EventState, match_id: int, team: int) -> str:
    generation = revoke.generation(state, "table", match_id)
    return address.external_url(
        "devices.team_link",
        event_id=event.id,
        match_id=match_id,
        team=team,
        secret=access.team_secret(event, match_id, team, generation),
    )


def _table_of(state: EventState, match_id: int) -> bool:
    return any(t.match_id == match_id for each in state.rounds for t in each.tables)


@bp.get("/<int:event_id>/tables/<int:match_id>/team/<int:team>/<secret>")
def team_link(event_id: int, match_id: int, team: int, secret: str) -> Response:
    """A team's link: this browser confirms for that team at that table, and nothing else."""
    rights.check_not_limited()
    event, rows = snapshot.event_and_log(event_id)
    state = event_log.derive(rows)  # type: ignore[arg-type]
    generation = revoke.generation(state, "table", match_id)
    if team not in TEAMS or not _table_of(state, match_id):
        abort(404)
    if not access.team_secret_fits(event, match_id, team, secret, generation):
        if access.team_secret_withdrawn(event, match_id, team, secret, generation):
            raise revoke.refused()
        rights.limiter().fail(rights.client_address())
        raise rights.EditRefused(_("This team link is not valid."), _("Ask the event's director."))
    held = {k: v for k, v in dict(session.get(TEAM_LINKS) or {}).items() if k != str(match_id)}
    held[str(match_id)] = rights.new_table_grant(event.id, match_id, team_role(team))
    while len(held) > MAX_REMEMBERED:
        held.pop(next(iter(held)))
    session[TEAM_LINKS] = held
    session.permanent = True
    flash(_("This device confirms for team %(team)s at this table.", team=team))
    return redirect(url_for("office.table", event_id=event_id, match_id=match_id), 303)


@bp.get("/<int:event_id>/tables/<int:match_id>/team/<int:team>/qr.svg")
def team_qr(event_id: int, match_id: int, team: int) -> Response:
    """A team's link as a QR code, for the table's screen (its device's or the director's)."""
    event, rows = snapshot.event_and_log(event_id)
    state = event_log.derive(rows)  # type: ignore[arg-type]
    match = db.session().get(Match, match_id, options=[lazyload(Match.entries)])
    if team not in TEAMS or match is None or not _table_of(state, match_id):
        abort(404)
    if not (access.may_direct(event) or rights.holds_right(match)):
        raise refuse_read_only()
    response = qr_svg(team_url(event, state, match_id, team))
    # It carries the secret: no cache may keep it.
    response.headers["Cache-Control"] = "no-store"
    return response


# --- who confirms for which team ---------------------------------------------------------------


def teams_here(event: Event, match: Match, devices: dict[str, set[int]]) -> list[int]:
    """The teams this browser may confirm, sign or claim for at the table (``devices``: each
    device's teams as the table's marks name them)."""
    if access.may_direct(event):
        return list(TEAMS)
    linked = team_of_device(match)
    allowed = [linked] if linked is not None else (list(TEAMS) if rights.holds_right(match) else [])
    mine = device_tag()
    done = devices.get(mine, set()) if mine is not None else set()
    return [team for team in allowed if not (done - {team})]


def refuse_team(event: Event, match: Match, team: int, devices: dict[str, set[int]]) -> rights.EditRefused:
    """Why this browser may not confirm for ``team`` at the table."""
    linked = team_of_device(match)
    mine = device_tag()
    done = sorted(devices.get(mine, set()) - {team}) if mine is not None else []
    if done:
        return rights.EditRefused(
            _("This device confirmed for team %(team)s at this table.", team=done[0]),
            _("The other team confirms on its own device, with its team link."),
        )
    if linked is not None:
        return rights.EditRefused(
            _("This device holds team %(team)s's link: it confirms for team %(team)s only.", team=linked),
            _("The other team confirms on its own device, with its team link."),
        )
    return refuse_read_only()


# --- the director moves a table's entry ---------------------------------------------------------


@bp.post("/<int:event_id>/tables/<int:match_id>/move")
def move(event_id: int, match_id: int) -> Response:
    """The director releases a table's entry from its device: the next device that opens the
    table's link claims it (logged as ``release``)."""
    event, rows = snapshot.event_and_log(event_id)
    if not access.may_direct(event):
        raise rights.EditRefused(
            _("Only the event's director may change it."),
            _("Open the director's link of this event (on the director's device) first."),
        )
    state = event_log.derive(rows)  # type: ignore[arg-type]
    if not _table_of(state, match_id):
        abort(404)
    back = redirect(url_for("events.show", event_id=event_id), 303)
    form = MoveForm()
    if not form.validate_on_submit():
        flash(_("Choose the table whose entry moves."), "error")
        return back
    if _append(event, "release", {"match_id": match_id}, form.idem.data or None):
        # The bound device's right ends (kept, marked); the director's and the teams' stay.
        db.session().execute(
            update(AccessGrant)
            .where(
                AccessGrant.match_id == match_id,
                AccessGrant.revoked.is_(None),
                AccessGrant.event_role.is_(None),
            )
            .values(revoked=time.time())
        )
        db.session().commit()
    flash(_("The table's entry is released: the next device that opens the table's link takes it."))
    return back


bp.before_app_request(claim_table_link)
