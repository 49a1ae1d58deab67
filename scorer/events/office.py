"""The office and the tables' confirmation (TOURNAMENT.md T6): both teams confirm, disputes
reach the desk, the office rules with a reason, paper sheets are checked.

- ``/events/<id>/tables/<match_id>``: one table's games with each team's confirmation; the
  table's device (its link's right, ``scorer.access.rights``) or the director may confirm,
  claim or sign. Anyone may read it.
- ``/events/<id>/office``: the director's screen (the office's right is the director's): every
  table's state, the queue of disputed games with both claims, the ruling form and the dispute
  desk's screens one tap away, the control sum and the transcription check of paper sheets.

Every change is an entry of the event's log (``scorer.events.confirm``); every state, figure
and check is the engine's (``rules_engine.tournament.office``, and the entry point the event's
tournament format names for a table's record, :class:`~scorer.games.event.Office`).
"""

from __future__ import annotations

import json
import random
import time
import zlib
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlencode

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup
from sqlalchemy import func, select
from sqlalchemy.orm import lazyload
from werkzeug.wrappers import Response

from rules_engine.errors import InvalidRecord
from rules_engine.tournament.answers import PasseAnswer
from rules_engine.tournament.office import awaiting, compare_entries, paper_control, table_state
from rules_engine.tournament.options import passe_options as passe_options_of
from scorer.access import address, rights
from scorer.access.views import qr_svg
from scorer.events import access, confirm, devices, formats, revoke, snapshot
from scorer.events import state as event_log
from scorer.events.office_forms import ClaimForm, ConfirmForm, ReportedForm, RevokeForm, RulingForm
from scorer.events.state import EventState, Round, Table
from scorer.games.event import Office
from scorer.matches import sections
from scorer.store import db, log
from scorer.store.models import Event, EventEntry, Match
from scorer.web import conditional, display, i18n
from scorer.web.reasons import reason_text

if TYPE_CHECKING:
    from scorer.matches.matchview import Loaded

bp = Blueprint("office", __name__, url_prefix="/events")

#: A table of the current round with no game entered for this long is late (the office's clock).
LATE_AFTER = timedelta(minutes=20)
#: How often a table's page asks whether anything changed, in milliseconds (a team's phone waits
#: on it for the next game to confirm).
TABLE_POLL_MS = 3000
#: Appends retried when another table wrote to the event's log at the same moment.
RETRIES = 20


@bp.before_request
def _confirming_game() -> None:
    """Confirmation and the office are TOURNAMENT.md T6's: an event of a game without them has no such
    pages. Withdrawing a table's link is the director's in every event."""
    if request.endpoint == "office.revoke_link":
        return
    event_id = (request.view_args or {}).get("event_id")
    # The settings alone: loading the event would read its whole log (its entries load with it).
    settings = (
        db.session().scalar(select(Event.settings).where(Event.id == event_id))
        if isinstance(event_id, int)
        else None
    )
    if settings is not None and not formats.of(settings).confirms:
        abort(404)


def office_of(event: Event) -> Office:
    """The office of the event's tournament format (404: the format has none)."""
    found = formats.of(event.settings).office
    if found is None:
        abort(404)
    return found


def table_options(event: Event) -> dict[str, Any]:
    """The event's options a table's record takes (its format's office names them)."""
    options = event.settings.get("options") or {}
    return {key: options[key] for key in office_of(event).options if key in options}


def confirm_mode(event: Event) -> str:
    return str((event.settings.get("options") or {}).get("confirm", "per_game"))


def load(event_id: int) -> tuple[Event, EventState]:
    """The event and its state, its log read incrementally (``snapshot.event_and_log``)."""
    event, rows = snapshot.event_and_log(event_id)
    g.setdefault("event_logs", {})[event.id] = rows
    return event, event_log.derive(cast(Any, rows))


def log_of(event: Event) -> Sequence[Any]:
    """The event's log as this request read it (or the event's entries)."""
    rows: Sequence[Any] | None = g.get("event_logs", {}).get(event.id)
    return rows if rows is not None else event.entries


def find_table(state: EventState, match_id: int) -> tuple[Round, Table]:
    """The round and table whose Passe is ``match_id``; 404 for a match of no table of the event."""
    found = _table_of(state, match_id)
    if found is None:
        abort(404)
    return found


def may_enter(event: Event, match: Match) -> bool:
    """The table's own device (the one its link is bound to), the director or the administrator."""
    return access.may_direct(event) or rights.holds_right(match)


def refuse_office() -> rights.EditRefused:
    return rights.EditRefused(
        _("Only the event's director or its office may open the office."),
        _("Open the director's link or the office link of this event on this device first."),
    )


def append_mark(event: Event, kind: str, record: dict[str, Any], key: str | None) -> bool:
    """Append one mark to the event's log whatever its version (marks of different tables never
    contradict each other); retried when another server appended at the same moment.

    False when ``key`` was used already (the mark is stored once).
    """
    session = db.session()
    # Before the lock: every table's marks wait for the one that holds it, so it is held for as
    # few round trips as can be (the lock, the seq, the entry, the commit).
    if event_log.find_key(session, key) is not None:
        return False
    for attempt in range(RETRIES):
        # PostgreSQL: the event's row lock lines the tables' marks up one after another, so none
        # reads a seq that another is about to take (SQLite ignores it: it writes one at a time).
        session.execute(select(Event.id).where(Event.id == event.id).with_for_update())
        current = event_log.last_seq(session, event.id)
        try:
            event_log.append(
                session, event, expected_version=current, kind=kind, record=record, key=key, checked=True
            )
        except event_log.Duplicate:
            return False
        except event_log.Conflict:
            # Another table's mark took the seq: try again a moment later, not in step with it.
            time.sleep(random.uniform(0, 0.005 * (attempt + 1)))
            continue
        snapshot.refresh_soon(event)
        return True
    raise event_log.Conflict(kind)


@bp.context_processor
def _labels() -> dict[str, Any]:
    """The names of the table and game states (T6.3, T6.5) and of who stated a figure."""

    def who_label(who: str) -> str:
        if who == "entry":
            return _("Entry")
        return _("Team %(team)s", team=who.rsplit(" ", 1)[-1])

    return {
        "table_states": {
            "playing": _("playing"),
            "waiting": _("waiting for confirmation"),
            "disputed": _("disputed"),
            "complete": _("complete"),
            "late": _("late"),
        },
        "game_states": {
            "confirmed": _("confirmed"),
            "unconfirmed": _("not yet confirmed"),
            "disputed": _("disputed"),
            "ruled": _("ruled by the office"),
        },
        "who_label": who_label,
    }


# --- what a table shows --------------------------------------------------------------------


def _contract_name(contract: object, match: Match) -> str:
    if not contract:
        return ""
    return display.contract_name(contract, str(match.settings.get("deck") or "swiss"))


def table_view(
    event: Event,
    round_: Round,
    table: Table,
    match: Match,
    marks: confirm.TableMarks | None,
    drawn: dict[int, datetime] | None = None,
) -> dict[str, Any]:
    """One table as the office and the table see it: each game, its state and who must confirm."""
    mode = confirm_mode(event)
    office = office_of(event)
    options = table_options(event)
    per_passe = int(options.get("games_per_passe", 12))
    match_state = log.derive(match.entries)
    played = confirm.games(match_state, marks)
    record = confirm.table_record(office, options, played, marks, version=match_state.version)
    answer: PasseAnswer | None = None
    problem: str | None = None
    try:
        answer = office.score(record)
    except InvalidRecord as error:
        problem = str(error)
    signed = confirm.signatures(marks, match_state.version)
    missing = awaiting([g.record for g in played], mode, signed, games_per_passe=per_passe)
    games = []
    for index, game in enumerate(played):
        figures: dict[str, Any] = dict(answer["games"][index]) if answer is not None else {}
        entry = game.record.get("points") if "tricks" not in game.record else None
        claims = {int(team): points for team, points in (game.record.get("claims") or {}).items()}
        comparison = compare_entries(entry, claims) if (entry is not None or claims) else None
        games.append(
            {
                "number": index + 1,
                "slot": game.slot,
                "version": game.version,
                "contract": game.record.get("contract"),
                # The contract in the reader's language (Rosen, Obenabe), never its code.
                "contract_name": _contract_name(game.record.get("contract"), match),
                "forehand": game.record.get("forehand"),
                "total": figures.get("total"),
                "match": figures.get("match"),
                "state": figures.get("state", "disputed"),
                "entry": entry,
                "claims": claims,
                "confirmed_by": game.record.get("confirmed_by") or [],
                "ruling": (marks.rulings.get(game.slot) if marks else None),
                "pending_ruling": game.pending_ruling,
                # Confirmations of an earlier version of the game, withdrawn by its change.
                "withdrawn": _withdrawn(marks, game),
                "figures": [
                    (who, list(figure.points), list(figure.match)) for who, figure in comparison.figures
                ]
                if comparison is not None
                else [],
                "awaiting": [m.team for m in missing if m.game == index],
                "errors": [e for e in (answer["errors"] if answer else []) if e.get("game") == index],
            }
        )
    status = table_state(answer, per_passe) if answer is not None else "disputed"
    last = max((e.created for e in match.entries), default=None)
    late = status not in ("complete",) and _late(draws(event) if drawn is None else drawn, round_, last)
    paper = None
    if marks is not None and marks.reported is not None:
        checked = office.score(
            confirm.table_record(office, options, played, marks, version=match_state.version, reported=True)
        )
        # T3.5 on the sheet's own figures (the Kontrolleur adds them up before comparing), then
        # T6.6 against the games; the Matches are the games' (none while no game is entered).
        matches = tuple(checked["matches"] or (0, 0)) if played else (0, 0)
        control = paper_control(
            marks.reported, (int(matches[0]), int(matches[1])), passe_options_of(None, options)
        )
        paper = {
            "reported": list(marks.reported),
            "errors": [f.to_json() for f in control] + [e for e in checked["errors"] if e["rule"] == "T6.6"],
        }
    return {
        "round": round_.number,
        "table": table.table,
        "seats": table.seats,
        "match_id": match.id,
        "games": games,
        "answer": answer,
        "problem": problem,
        "state": "late" if late else status,
        "status": status,
        "awaiting_signature": [m.team for m in missing if m.game is None],
        "signed": signed,
        "version": match_state.version,
        # Signatures a change of the Passe withdrew (T6.2): the teams are asked to sign again.
        "withdrawn_signatures": [
            team for team in confirm.stale_signatures(marks, match_state.version) if team not in signed
        ],
        "paper": paper,
        "games_per_passe": per_passe,
    }


def _withdrawn(marks: confirm.TableMarks | None, game: confirm.Game) -> list[int]:
    """The teams whose confirmation or claim covered an earlier version of the game: its change
    withdrew them (T6.2), and they are asked again."""
    if marks is None:
        return []
    stale = {team for team, version in marks.confirmed.get(game.slot, {}).items() if version != game.version}
    stale |= {
        team
        for team, version in marks.claimed_at.get(game.slot, {}).items()
        if version not in (game.version, confirm.UNVERSIONED)
    }
    current = {int(team) for team in game.record.get("confirmed_by") or ()}
    current |= {int(team) for team in game.record.get("claims") or {}}
    return sorted(stale - current)


def draws(event: Event) -> dict[int, datetime]:
    """When each round was drawn (its entry in the event's log)."""
    return {int((e.record or {}).get("round", 0)): e.created for e in log_of(event) if e.kind == "round"}


def _late(drawn: dict[int, datetime], round_: Round, last: datetime | None) -> bool:
    """Late: a later round is drawn already, or nothing entered for ``LATE_AFTER`` since the
    table's last game (or the round's draw)."""
    if drawn and max(drawn) > round_.number:
        return True
    since = last if last is not None else drawn.get(round_.number)
    if since is None:
        return False
    if since.tzinfo is None:
        since = since.replace(tzinfo=UTC)
    return datetime.now(UTC) - since > LATE_AFTER


def desk_links(office: Office, game: dict[str, Any]) -> dict[str, str]:
    """The dispute desk's screens for one game, prefilled (the contract; the count asked outright)."""
    contract = str(game.get("contract") or "H")
    links = {
        "card": url_for("disputes.screen", screen="card")
        + "?"
        + urlencode({"game": office.desk_game, "contract": contract}),
    }
    for who, points, _match in game.get("figures") or []:
        value = points[0]
        links[f"count {who}"] = (
            url_for("disputes.screen", screen="count")
            + "?"
            + urlencode({"ask": "1", "game": office.desk_game, "contract": contract, "points": value})
        )
    return links


# --- the table's confirmation ----------------------------------------------------------------


@bp.get("/<int:event_id>/tables/<int:match_id>")
def table(event_id: int, match_id: int) -> str:
    event, state = load(event_id)
    round_, seated = find_table(state, match_id)
    match = db.session().get(Match, match_id)
    if match is None:
        abort(404)
    marks = confirm.marks(log_of(event)).get(match_id)
    view = table_view(event, round_, seated, match, marks)
    # A closed event's table reads only (scorer.events.closing).
    teams = [] if state.closed else devices.teams_here(event, match, marks.devices if marks else {})
    team_links = (
        {team: devices.team_url(event, state, match_id, team) for team in devices.TEAMS}
        if may_enter(event, match)
        else {}
    )
    confirm_form = ConfirmForm(formdata=None)
    claim_form = ClaimForm(formdata=None)
    confirm_form.fresh_key()
    claim_form.fresh_key()
    return render_template(
        "events/table.html",
        live_url=url_for("office.table_version", event_id=event_id, match_id=match_id),
        live_ms=TABLE_POLL_MS,
        live_version=_table_version(event_id, match_id),
        event=event,
        state=state,
        view=view,
        mode=confirm_mode(event),
        entering=bool(teams),
        confirm_teams=teams,
        team_links=team_links,
        confirm_form=confirm_form,
        claim_form=claim_form,
    )


@bp.get("/<int:event_id>/tables/<int:match_id>/version")
def table_version(event_id: int, match_id: int) -> Response:
    """What a table's page follows (static/tafel.js): the event's log, where the teams' marks are,
    and the table's match. A team's phone learns within seconds that a game waits for it; while
    nothing changed the answer is "304 Not Modified", the same for every reader."""
    number = _table_version(event_id, match_id)
    if number is None:
        abort(404)
    tag = conditional.etag(("table", event_id, match_id, number))
    held = conditional.held(tag)
    if held is not None:
        return conditional.not_modified(held, mimetype="application/json", vary=())
    response = Response(json.dumps({"version": number}), mimetype="application/json")
    return conditional.shared(response, tag, vary=())


def _table_version(event_id: int, match_id: int) -> str | None:
    """The event's last seq and the match's version (with its creation time, as its pages' tags
    have it: a restored database may number another match so)."""
    found = conditional.match_version(match_id)
    seq = db.session().scalar(select(func.max(EventEntry.seq)).where(EventEntry.event_id == event_id))
    if found is None or seq is None:
        return None
    created, number = found
    return f"{seq}.{number}.{zlib.crc32(created.encode()):x}"


def _table_change(event_id: int, match_id: int) -> tuple[Event, Match]:
    """The event and the table's match a confirmation or claim is for (without reading the
    event's whole log: a table's Passe names its event in its settings, set when it was drawn)."""
    session_ = db.session()
    event = session_.scalars(
        select(Event).options(lazyload(Event.entries)).where(Event.id == event_id)
    ).first()
    match = session_.get(Match, match_id)
    if event is None or match is None or (match.settings.get("event") or {}).get("id") != event_id:
        abort(404)
    if not (may_enter(event, match) or devices.team_of_device(match) is not None):
        raise devices.refuse_read_only()
    if log.is_voided(session_, match.id):
        raise rights.refused_voided(match.id)
    return event, match


def _for_team(event: Event, match: Match, team: int) -> dict[str, Any]:
    """The device a team's mark is made on, once this browser may act for ``team`` at the table:
    its team link, the table's device, or the director (``scorer.events.devices``)."""
    _event, rows = snapshot.event_and_log(event.id)
    table = confirm.marks(rows).get(match.id)
    made = table.devices if table is not None else {}
    if team not in devices.teams_here(event, match, made):
        raise devices.refuse_team(event, match, team, made)
    return {"device": devices.device_tag(create=True)}


# A team's link confirms without the match's edit right: these views check who acts for which
# team themselves (``_table_change``, ``_for_team``).
rights.GUARDED_BY_VIEW.update({"office.confirm_game", "office.claim"})


def _slot(match: Match, raw: str | None) -> tuple[int, int] | None:
    """The game's slot and its version in force, for a slot number of this table's match."""
    if raw is None or not raw.isdigit() or len(raw) > 12:
        return None
    state = log.derive(match.entries)
    for slot in state.current_slots:
        if slot.slot == int(raw) and slot.current is not None:
            return slot.slot, confirm.game_versions(state).get(slot.slot, slot.current.seq)
    return None


@bp.post("/<int:event_id>/tables/<int:match_id>/confirm")
def confirm_game(event_id: int, match_id: int) -> Response | str:
    """A team confirms a game as entered (T6.2 ``per_game``), or signs the Passe (``per_passe``):
    on the table's page, or on the table's match screen (``back``: "match"), where htmx swaps in
    the screen's confirmation part alone and no page loads."""
    event, match = _table_change(event_id, match_id)
    form = ConfirmForm()
    on_screen = form.back.data == "match"
    try:
        done, message = _confirm(event, match, form)
    except rights.EditRefused as refused:
        if not (on_screen and request.headers.get("HX-Request")):
            raise
        done, message = False, f"{refused.title} {refused.explanation}"
    if on_screen and request.headers.get("HX-Request"):
        return confirmation_part(event_id, match, message, done) or ""
    flash(message, "message" if done else "error")
    if on_screen:
        return redirect(url_for("matches.show", match_id=match_id), 303)
    return redirect(url_for("office.table", event_id=event_id, match_id=match_id), 303)


def _confirm(event: Event, match: Match, form: ConfirmForm) -> tuple[bool, str]:
    """Append the team's confirmation or signature the form asks for: whether it was, and what to
    tell the table."""
    if not form.validate_on_submit():
        return False, _("Choose the team that confirms.")
    team = int(form.team.data)
    made_on = _for_team(event, match, team)
    if confirm_mode(event) == "per_passe":
        # A signature covers the Passe as the signing team saw it (T6.2): not a later one.
        version = log.derive(match.entries).version
        if str(version) != (form.version.data or ""):
            return False, _("The Passe changed meanwhile: check it, then sign again.")
        record = {"match_id": match.id, "team": team, "version": version, **made_on}
        append_mark(event, "sign", record, form.idem.data or None)
        return True, _("Team %(team)s signed the Passe.", team=team)
    if form.games.data:
        return _confirm_all(event, match, form, team, made_on)
    found = _slot(match, form.slot.data)
    if found is None or str(found[1]) != (form.version.data or ""):
        return False, _("The game changed meanwhile: check it, then confirm again.")
    record = {"match_id": match.id, "slot": found[0], "version": found[1], "team": team, **made_on}
    append_mark(event, "confirm", record, form.idem.data or None)
    return True, _("Team %(team)s confirmed the game.", team=i18n.digits(team))


#: The most games one tap confirms (a Passe has at most this many, rules_engine.limits).
CONFIRM_ALL_LIMIT = 64


def _confirm_all(
    event: Event, match: Match, form: ConfirmForm, team: int, made_on: dict[str, Any]
) -> tuple[bool, str]:
    """The team confirms every game it was shown waiting, each as it saw it (T6.2): if one of
    them changed meanwhile, none is confirmed."""
    pairs = [item.partition(":") for item in str(form.games.data).split(",")[: CONFIRM_ALL_LIMIT + 1]]
    if len(pairs) > CONFIRM_ALL_LIMIT:
        return False, _("The game changed meanwhile: check it, then confirm again.")
    games = []
    for slot, _colon, version in pairs:
        found = _slot(match, slot)
        if found is None or str(found[1]) != version:
            return False, _("The game changed meanwhile: check it, then confirm again.")
        games.append(found)
    for slot_number, version_number in games:
        record = {
            "match_id": match.id,
            "slot": slot_number,
            "version": version_number,
            "team": team,
            **made_on,
        }
        key = f"{form.idem.data}-{slot_number}-{version_number}" if form.idem.data else None
        append_mark(event, "confirm", record, key)
    return True, i18n.native_digits(
        ngettext(
            "Team %(team)s confirmed %(num)d game.",
            "Team %(team)s confirmed %(num)d games.",
            len(games),
            team=team,
        )
    )


@sections.add
def confirmation_section(loaded: Loaded) -> Markup | None:
    """On the match screen of an event's table: what waits for this device's teams (T6.2)."""
    event_id = (loaded.settings.get("event") or {}).get("id")
    if not isinstance(event_id, int):
        return None
    return confirmation_part(event_id, loaded.match)


def confirmation_part(
    event_id: int, match: Match, message: str | None = None, done: bool = True
) -> Markup | None:
    """The match screen's confirmation part for this browser: each game that waits for a team it
    confirms for, a tap each (or the Passe's signature under ``per_passe``); the teams that
    confirm on their own link; None where this browser confirms for no team."""
    event, state = load(event_id)
    if state.closed or formats.of(event.settings).office is None:
        return None
    found = _table_of(state, match.id)
    if found is None:
        return None
    marks = confirm.marks(log_of(event)).get(match.id)
    teams = devices.teams_here(event, match, marks.devices if marks else {})
    if not teams:
        return None
    view = table_view(event, *found, match, marks)
    mode = confirm_mode(event)
    waiting = [
        game
        for game in view["games"]
        if game["state"] in ("unconfirmed", "disputed")
        and (mode == "per_game" or game["pending_ruling"])
        and set(game["awaiting"]) & set(teams)
    ]
    signing = [team for team in view["awaiting_signature"] if team in teams] if mode == "per_passe" else []
    # A team with more than one game waiting confirms them all with one tap too.
    together = {
        team: mine
        for team in teams
        if len(mine := [game for game in waiting if team in game["awaiting"]]) > 1
    }
    elsewhere = sorted(
        {team for game in view["games"] for team in game["awaiting"] if team not in teams}
        | {team for team in view["awaiting_signature"] if team not in teams}
    )
    form = ConfirmForm(formdata=None)
    form.fresh_key()
    return Markup(
        render_template(
            "events/_confirm_part.html",
            event=event,
            view=view,
            teams=teams,
            waiting=waiting,
            signing=signing,
            together=together,
            elsewhere=elsewhere,
            form=form,
            message=message,
            done=done,
            mode=mode,
        )
    )


def _table_of(state: EventState, match_id: int) -> tuple[Round, Table] | None:
    for each in state.rounds:
        for table in each.tables:
            if table.match_id == match_id:
                return each, table
    return None


def _points(team: int, value: int | None, match: bool) -> dict[str, Any] | None:
    if match:
        return {"team": team, "match": True}
    return {"team": team, "value": value} if value is not None else None


def _check_figure(event: Event, match: Match, slot: int, extra: dict[str, Any]) -> list[dict[str, Any]]:
    """The engine's reasons against a claim or ruling (T3.4) before it is stored: nothing half-saved."""
    marks = confirm.marks(log_of(event)).get(match.id) or confirm.TableMarks()
    played = confirm.games(log.derive(match.entries), marks)
    games = []
    index = 0
    for number, game in enumerate(played):
        record = dict(game.record)
        if game.slot == slot:
            index = number
            for key, value in extra.items():
                record[key] = {**record.get(key, {}), **value} if key == "claims" else value
        games.append(record)
    office = office_of(event)
    record = confirm.table_record(office, table_options(event), [], None)
    record["games"] = games
    try:
        answer = office.score(record)
    except InvalidRecord as error:
        return [{"rule": None, "message": str(error), "code": "invalid_record"}]
    return [dict(e) for e in answer["errors"] if e.get("game") == index and e["rule"] in ("T3.4", "T2.3")]


@bp.post("/<int:event_id>/tables/<int:match_id>/claim")
def claim(event_id: int, match_id: int) -> Response:
    """A team's own figure for a game: its entry under ``double_entry``, its rejection under ``per_game`` (T6.3)."""
    event, match = _table_change(event_id, match_id)
    back = redirect(url_for("office.table", event_id=event_id, match_id=match_id), 303)
    form = ClaimForm()
    found = _slot(match, form.slot.data) if form.validate_on_submit() else None
    points = _points(int(form.team.data or 1), form.value.data, bool(form.match.data)) if found else None
    if found is None or points is None:
        flash(_("Enter your team's trick points (or tick the Match)."), "error")
        return back
    team = int(form.team.data)
    made_on = _for_team(event, match, team)
    errors = _check_figure(event, match, found[0], {"claims": {str(team): points}})
    if errors:
        flash(
            _(
                "Not saved: %(reason)s (%(rule)s)",
                reason=reason_text(errors[0]),
                rule=errors[0].get("rule") or "T9",
            ),
            "error",
        )
        return back
    append_mark(
        event,
        "claim",
        {
            "match_id": match_id,
            "slot": found[0],
            "version": found[1],
            "team": team,
            "points": points,
            **made_on,
        },
        form.idem.data or None,
    )
    flash(_("Team %(team)s's figure is saved.", team=team))
    return back


# --- the office ----------------------------------------------------------------------------------


def _office_guard(event: Event) -> None:
    if not access.may_office(event):
        raise refuse_office()


@bp.get("/<int:event_id>/office/link/<secret>")
def office_link(event_id: int, secret: str) -> Response:
    """The office link: this browser may rule and check paper sheets, but not direct the event."""
    rights.check_not_limited()
    event = db.session().get(Event, event_id)
    withdrawn = 0
    if event is not None:
        _event, state = load(event_id)
        withdrawn = revoke.generation(state, "office")
    if event is None or not access.office_secret_fits(event, secret, withdrawn):
        if event is not None and access.office_secret_withdrawn(event, secret, withdrawn):
            raise revoke.refused()
        rights.limiter().fail(rights.client_address())
        raise rights.EditRefused(_("This office link is not valid."), _("Ask the event's director."))
    access.grant_office(event)
    return redirect(url_for("office.office", event_id=event_id), 303)


@bp.before_app_request
def withdrawn_table_link() -> None:
    """A table's link is its Passe's edit link (``access.edit_link``); only the event knows
    which of them its director withdrew, so it answers those before the match's view would
    count them as guesses."""
    if request.endpoint != "access.edit_link":
        return
    args = request.view_args or {}
    match_id, secret = args.get("match_id"), args.get("secret")
    if not isinstance(match_id, int) or not isinstance(secret, str):
        return
    match = db.session().get(Match, match_id, options=[lazyload(Match.entries)])
    if match is None or rights.secret_fits(match, secret):
        return
    event_id = (match.settings.get("event") or {}).get("id")
    event = db.session().get(Event, event_id) if isinstance(event_id, int) else None
    if event is None:
        return
    _event, state = load(event.id)
    if access.table_secret_withdrawn(event, match_id, secret, revoke.generation(state, "table", match_id)):
        raise revoke.refused()


@bp.post("/<int:event_id>/links/revoke")
def revoke_link(event_id: int) -> Response:
    """The director withdraws the office's link or a table's (``scorer.events.revoke``)."""
    event, state = load(event_id)
    if not access.may_direct(event):
        raise rights.EditRefused(
            _("Only the event's director may change it."),
            _("Open the director's link of this event (on the director's device) first."),
        )
    back = redirect(url_for("events.show", event_id=event_id), 303)
    form = RevokeForm()
    raw = form.match_id.data or ""
    if not form.validate_on_submit() or (form.link.data == "table" and not raw.isdigit()):
        flash(_("Choose the link to withdraw."), "error")
        return back
    if form.link.data == "office":
        revoke.withdraw(event, state, None, form.idem.data or None)
        flash(_("The office link is withdrawn: the devices that opened it no longer reach the office."))
        return back
    round_, seated = find_table(state, int(raw[:12]))
    match = db.session().get(Match, seated.match_id)
    if match is None:
        abort(404)
    revoke.withdraw(event, state, match, form.idem.data or None)
    flash(
        _(
            "The link of table %(table)s (round %(round)s) is withdrawn: the devices that opened it "
            "no longer enter or confirm its games. Its new link is below.",
            table=seated.table,
            round=round_.number,
        )
    )
    return back


@bp.get("/<int:event_id>/office/qr.svg")
def office_qr(event_id: int) -> Response:
    """The office link as a QR code, for the director to hand to the office's device."""
    event = db.session().get(Event, event_id)
    if event is None:
        abort(404)
    secret = access.office_secret(event, revoke.generation(load(event_id)[1], "office"))
    if not access.may_direct(event) or secret is None:
        raise refuse_office()
    response = qr_svg(address.external_url("office.office_link", event_id=event_id, secret=secret))
    # It carries the secret: no cache may keep it.
    response.headers["Cache-Control"] = "no-store"
    return response


def tables_of(event: Event, state: EventState) -> list[dict[str, Any]]:
    """Every table of every round, the latest round first."""
    ids = [t.match_id for each in state.rounds for t in each.tables]
    matches = {m.id: m for m in db.session().scalars(select(Match).where(Match.id.in_(ids)))} if ids else {}
    marks = confirm.marks(log_of(event))
    drawn = draws(event)
    views = []
    for each in reversed(state.rounds):
        for seated in each.tables:
            match = matches.get(seated.match_id)
            if match is not None:
                views.append(table_view(event, each, seated, match, marks.get(seated.match_id), drawn))
    return views


@bp.get("/<int:event_id>/office")
def office(event_id: int) -> str:
    event, state = load(event_id)
    _office_guard(event)
    views = tables_of(event, state)
    queue = []
    for view in views:
        for game in view["games"]:
            if game["state"] == "disputed":
                form = RulingForm(formdata=None, match_id=str(view["match_id"]), slot=str(game["slot"]))
                form.fresh_key()
                queue.append(
                    {"table": view, "game": game, "form": form, "desk": desk_links(office_of(event), game)}
                )
    # What waits for the teams' signatures (T6.2): every table whose games are all in but not
    # all confirmed, and every table where a change withdrew signatures given before.
    waiting = [
        view
        for view in views
        if view["status"] == "waiting"
        or view["withdrawn_signatures"]
        or any(game["withdrawn"] or game["pending_ruling"] for game in view["games"])
    ]
    reported_forms = {}
    for view in views:
        paper = ReportedForm(formdata=None, match_id=str(view["match_id"]))
        paper.fresh_key()
        reported_forms[view["match_id"]] = paper
    counts = {
        name: sum(1 for v in views if v["state"] == name)
        for name in ("playing", "waiting", "disputed", "complete", "late")
    }
    return render_template(
        "events/office.html",
        **snapshot.room_page(event.id),
        event=event,
        state=state,
        views=views,
        queue=queue,
        waiting=waiting,
        counts=counts,
        reported_forms=reported_forms,
        rulings=_rulings(event, state),
    )


def _rulings(event: Event, state: EventState) -> list[dict[str, Any]]:
    """Every ruling in the log, oldest first, with its table (T6.4: kept with its reason)."""
    tables = {t.match_id: (each.number, t.table) for each in state.rounds for t in each.tables}
    found = []
    for entry in log_of(event):
        if entry.kind == "ruling":
            record = entry.record or {}
            where = tables.get(int(record.get("match_id", 0)), (None, None))
            found.append({"round": where[0], "table": where[1], "created": entry.created, **record})
    return found


def _office_change(event_id: int, match_raw: str | None) -> tuple[Event, EventState, Match] | None:
    event, state = load(event_id)
    _office_guard(event)
    if match_raw is None or not match_raw.isdigit() or len(match_raw) > 12:
        return None
    match_id = int(match_raw)
    if not any(t.match_id == match_id for each in state.rounds for t in each.tables):
        return None
    match = db.session().get(Match, match_id)
    return (event, state, match) if match is not None else None


@bp.post("/<int:event_id>/office/rule")
def rule(event_id: int) -> Response:
    """The office's ruling on a disputed game: a figure the engine accepts (T3.4) and a reason (T6.4)."""
    back = redirect(url_for("office.office", event_id=event_id), 303)
    form = RulingForm()
    valid = form.validate_on_submit()
    found = _office_change(event_id, form.match_id.data)
    if found is None:
        load(event_id)
        _office_guard(db.session().get(Event, event_id))  # type: ignore[arg-type]
        flash(_("Choose the game to rule on."), "error")
        return back
    event, state, match = found
    slot = _slot(match, form.slot.data)
    points = _points(int(form.team.data or 1), form.value.data, bool(form.match.data)) if valid else None
    if not valid or slot is None or points is None:
        flash(_("A ruling needs the figure and its reason (T6.4)."), "error")
        return back
    errors = _check_figure(
        event, match, slot[0], {"ruling": {"points": points, "by": "office", "reason": form.reason.data}}
    )
    if errors:
        flash(
            _(
                "Not saved: %(reason)s (%(rule)s)",
                reason=reason_text(errors[0]),
                rule=errors[0].get("rule") or "T9",
            ),
            "error",
        )
        return back
    record = {
        "match_id": match.id,
        "slot": slot[0],
        "points": points,
        "reason": (form.reason.data or "").strip(),
        "withdrew": _confirmed_by_both(event, state, match, slot[0]),
    }
    append_mark(event, "ruling", record, form.idem.data or None)
    flash(_("Ruling saved."))
    return back


def _confirmed_by_both(event: Event, state: EventState, match: Match, slot: int) -> list[int]:
    """Both teams, when they had confirmed the game (or an earlier ruling on it) that a ruling now
    changes: they are asked to confirm the ruling (T6.2); none for a ruling that settles a
    dispute or an unconfirmed game, which needs no confirmation (T6.4)."""
    if confirm_mode(event) not in ("per_game", "double_entry"):
        return []
    round_, seated = find_table(state, match.id)
    view = table_view(event, round_, seated, match, confirm.marks(log_of(event)).get(match.id))
    for game in view["games"]:
        if game["slot"] == slot:
            settled = game["state"] == "ruled" and bool((game["ruling"] or {}).get("withdrew"))
            return [1, 2] if game["state"] == "confirmed" or settled else []
    return []


@bp.post("/<int:event_id>/office/reported")
def reported(event_id: int) -> Response:
    """The totals of a table's paper sheet, checked against its games (T6.6)."""
    back = redirect(url_for("office.office", event_id=event_id), 303)
    form = ReportedForm()
    found = _office_change(event_id, form.match_id.data)
    if found is None or not form.validate_on_submit():
        flash(_("Enter both teams' totals as the paper sheet states them."), "error")
        return back
    event, _state, match = found
    record = {"match_id": match.id, "team_totals": [form.team_1.data, form.team_2.data]}
    append_mark(event, "reported", record, form.idem.data or None)
    flash(_("Paper totals saved."))
    return back
