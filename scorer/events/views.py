"""Events: a director creates one, registers players, draws each round; tables enter their Passe.

Every change is an entry of the event's log (``scorer.events.state``); every figure comes
from the engine (``score_tournament``, ``seat_next_round``, ``score_passe``).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from itertools import groupby
from typing import Any

from babel.dates import format_time
from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask.blueprints import BlueprintSetupState
from flask_babel import force_locale, get_locale, get_timezone
from flask_babel import gettext as _
from sqlalchemy import insert, select, update
from sqlalchemy.orm import lazyload
from werkzeug.wrappers import Response

from rules_engine.errors import InvalidRecord
from rules_engine.limits import TOURNAMENT
from scorer.access import address, rights
from scorer.events import (
    access,
    additions,
    chart,
    confirm,
    formats,
    paging,
    printouts,
    prizes,
    refresher,
    revoke,
    rows,
    schema,
    snapshot,
    standings,
)
from scorer.events import state as event_log
from scorer.events.forms import (
    DrawForm,
    FreezeForm,
    PlayerForm,
    PlayersForm,
    SwapForm,
    UndrawForm,
    WithdrawForm,
    new_event_form,
)
from scorer.events.office_forms import RevokeForm
from scorer.events.pdf import Page, Printout
from scorer.events.state import EventState, Round
from scorer.languages import LANGUAGES, is_rtl
from scorer.store import db, log
from scorer.store.models import Entry, Event, Match
from scorer.web import conditional, display, i18n
from scorer.web import parts as web_parts
from scorer.web.reasons import reason_text
from scorer.web.views import same_for_every_reader

bp = Blueprint("events", __name__, url_prefix="/events")


@bp.record
def _director_at_the_tables(state: BlueprintSetupState) -> None:
    state.app.extensions.setdefault(rights.EDITORS, []).append(access.directs_the_table)


bp.add_app_template_global(rows.ranking_rows, "ranking_rows")
bp.add_app_template_global(rows.has_running, "has_running")
bp.add_app_template_global(rows.prize_rows, "prize_rows")
bp.add_app_template_global(printouts.parts, "printout_parts")


@bp.app_template_global("clock")
def clock(epoch: float) -> str:
    """A moment (epoch seconds) as the reader's clock shows it, to the second."""
    moment = datetime.fromtimestamp(epoch, UTC)
    return str(i18n.digits(format_time(moment, "medium", tzinfo=get_timezone(), locale=get_locale())))


def not_yet(event: Event) -> Response:
    """The answer to a printout or an export of a large event whose ranking this server is still
    working out (``snapshot.answered_late``): a short page that asks again in a moment (202,
    ``Refresh``), the file then made from the ranking as it stands, never from an older one."""
    page = render_template("events/not_yet.html", event=event)
    headers = {"Refresh": "1", "Retry-After": "1", "Cache-Control": "no-store"}
    return Response(page, 202, headers, mimetype="text/html")


@bp.before_request
def guard() -> None:
    """Every change of an event needs its director's right (its edit secret or the administrator)."""
    if request.method in rights.SAFE_METHODS:
        return
    event_id = (request.view_args or {}).get("event_id")
    if not isinstance(event_id, int):
        return
    # Without its log: the views read it as they need it (the draw from what this server keeps).
    event = db.session().get(Event, event_id, options=[lazyload(Event.entries)])
    if event is not None and not access.may_direct(event):
        raise rights.EditRefused(
            _("Only the event's director may change it."),
            _("Open the director's link of this event (on the director's device) first."),
        )


@bp.after_app_request
def refresh_after_a_table_change(response: Response) -> Response:
    """A game entered, corrected or undone at an event's table (by its page or its outbox) moves
    the open Passe's running score: the room's stored ranking is computed again once the answer
    is sent (``snapshot.refresh_soon``)."""
    if request.method in rights.SAFE_METHODS or response.status_code >= 400:
        return response
    match_id = (request.view_args or {}).get("match_id")
    if not isinstance(match_id, int):
        return response
    # Read by the request already (no second query); without its log if it was not.
    match = db.session().get(Match, match_id, options=[lazyload(Match.entries)])
    event_id = log.event_of(match) if match is not None else None
    if event_id is None:
        return response
    # The event without its log (the relationship would read every entry of it).
    event = (
        db.session()
        .scalars(select(Event).options(lazyload(Event.entries)).where(Event.id == event_id))
        .first()
    )
    if event is not None:
        snapshot.refresh_soon(event, response)
    return response


#: The rule an engine's message cites at its end: "… (T7.2)".
CITED_RULE = re.compile(r"\((T\d+(?:\.\d+)*)\)")


def load(event_id: int) -> tuple[Event, EventState]:
    event = db.session().get(Event, event_id)
    if event is None:
        abort(404)
    return event, event_log.derive(event.entries)


def _matches(state: EventState) -> dict[int, Match]:
    return _matches_of([t.match_id for each in state.rounds for t in each.tables])


def _matches_of(ids: list[int]) -> dict[int, Match]:
    if not ids:
        return {}
    return {m.id: m for m in db.session().scalars(select(Match).where(Match.id.in_(ids)))}


def record_of(
    event: Event,
    state: EventState,
    rounds: int | None = None,
    entries: Sequence[Any] | None = None,
    live: snapshot.Live | None = None,
    upto: Mapping[int, int] | None = None,
) -> dict[str, Any]:
    """The event's tournament record; ``entries``: its log as read already (default ``event.entries``);
    ``live``: its state, marks and tables' games as this server keeps them (``snapshot.live``);
    ``upto``: each table's Passe up to that seq of its log (a hold's, ``standings.Shown.upto``)."""
    if live is not None:
        marks = live.marks
        kept = live.games
        record = event_log.tournament_record(
            event, live.state, lambda match_id: kept.get(match_id, []), rounds
        )
        confirm.sign(formats.of(event.settings).office, record, live.state, marks, dict(live.tables))
        return record
    matches = snapshot.match_states([t.match_id for each in state.rounds for t in each.tables], upto)
    # What the teams and the office added (T6.2-T6.4) lives in the event's log.
    marks = confirm.marks(event.entries if entries is None else entries)

    def games_of(match_id: int) -> list[dict[str, Any]]:
        derived = matches.get(match_id)
        if derived is None:
            return []
        return [game.record for game in confirm.games(derived, marks.get(match_id))]

    record = event_log.tournament_record(event, state, games_of, rounds)
    versions = {match_id: derived.version for match_id, derived in matches.items()}
    confirm.sign(formats.of(event.settings).office, record, state, marks, versions)
    return record


def ranking(
    event: Event,
    state: EventState,
    rounds: int | None = None,
    entries: Sequence[Any] | None = None,
    live: snapshot.Live | None = None,
    upto: Mapping[int, int] | None = None,
) -> dict[str, Any]:
    """The engine's ranking of the event (its first ``rounds`` rounds); errors as reasons."""
    try:
        score = formats.of(event.settings).score
        answer: dict[str, Any] = dict(score(record_of(event, state, rounds, entries, live, upto)))
    except InvalidRecord as error:
        return {"valid": False, "errors": [{"rule": None, "message": str(error), "code": "invalid_record"}]}
    if answer.get("ranking"):
        answer["ranking"] = in_registration_order(answer["ranking"], state)
    return answer


def in_registration_order(entries: Sequence[Mapping[str, Any]], state: EventState) -> list[dict[str, Any]]:
    """The ranking with the competitors who share a rank in the order they were registered.

    The engine lists them by id (T7.5), and ids compare as text: P10 before P2. A ``decided_by``
    belongs to the last entry of its rank (the better of two adjacent entries that a tie-break
    separated) and stays there."""
    order = {competitor: number for number, competitor in enumerate([*state.players, *state.pairs])}
    result: list[dict[str, Any]] = []
    for _rank, group in groupby(entries, key=lambda entry: entry["rank"]):
        members = [dict(entry) for entry in group]
        decided_by = members[-1].pop("decided_by", None)
        members.sort(key=lambda entry: order.get(entry["id"], len(order)))
        if decided_by is not None:
            members[-1]["decided_by"] = decided_by
        result.extend(members)
    return result


#: Events per page of the list.
PAGE_SIZE = 25


@bp.get("/")
def index() -> str:
    """The newest events, a page at a time (``?before=<id>`` for older ones): their titles only."""
    before = request.args.get("before", type=int)
    query = select(Event.id, Event.title).order_by(Event.id.desc()).limit(PAGE_SIZE + 1)
    if before is not None:
        query = query.where(Event.id < before)
    rows = db.session().execute(query).all()
    older = rows[PAGE_SIZE - 1].id if len(rows) > PAGE_SIZE else None
    return render_template("events/index.html", events=rows[:PAGE_SIZE], older=older)


@bp.route("/new", methods=["GET", "POST"])
def new() -> Any:
    form = new_event_form()
    if form.validate_on_submit():
        existing = db.session().scalars(select(Event).where(Event.idempotency_key == form.idem.data)).first()
        if existing is not None:
            return redirect(url_for("events.show", event_id=existing.id))
        game = formats.formats()[form.game.data]
        options = game.options(form)
        settings = {"game": form.game.data, "passen": form.passen.data, "options": options}
        empty: dict[str, Any] = {
            "game": game.record_game,
            "passen": form.passen.data,
            "options": options,
            "players": [],
            "rounds": [],
            "results": [],
        }
        if options.get("format") == "partner":
            empty["pairs"] = []
        try:
            game.score(empty)
        except InvalidRecord as error:
            # At the option's own field when the form has one (options.sitout_points), else the
            # format's field for the options that contradict each other.
            named = (error.field or "").removeprefix("options.")
            shown = form[named] if named in form else form[game.error_field]
            cited = CITED_RULE.search(str(error))
            worded = (
                game.option_problem(shown.name, cited.group(1) if cited else None)
                if game.option_problem
                else None
            )
            shown.errors = [
                *shown.errors,
                worded or _("The rules refuse these options: %(reason)s", reason=str(error)),
            ]
        else:
            event = Event(
                title=(form.title.data or "").strip(),
                settings=settings,
                idempotency_key=rights.form_key_hash(form.idem.data),
            )
            access.new_secret(event)
            db.session().add(event)
            db.session().commit()
            access.grant(event)
            additions.created(event)
            return redirect(url_for("events.show", event_id=event.id), 303)
    form.fresh_key()
    sections = [
        (name, each, [form[field] for field, _unbound in each.form_fields])
        for name, each in formats.formats().items()
        if each.form_fields or each.about is not None
    ]
    status = 422 if request.method == "POST" else 200
    return render_template(
        "events/new.html", form=form, sections=sections, additions=additions.parts()
    ), status


@bp.get("/<int:event_id>/edit/<secret>")
def edit_link(event_id: int, secret: str) -> Response:
    rights.check_not_limited()
    event = db.session().get(Event, event_id)
    if event is None or not access.secret_fits(event, secret):
        rights.limiter().fail(rights.client_address())
        raise rights.EditRefused(_("This director's link is not valid."), _("Ask the event's director."))
    access.grant(event)  # the event's tables with it (access.directs_the_table)
    return redirect(url_for("events.show", event_id=event_id), 303)


#: Competitors at most whose ranking the event's page shows; a larger field's is on its ranking
#: and results pages, a page of rows at a time.
RANKED_HERE_MOST = paging.ROWS

#: Players at most a select of the event's page lists: a larger field's director withdraws or
#: swaps a player from his page (a select of a thousand names was a third of that page's work,
#: and no way to find one on a tablet).
SELECT_MOST = paging.ROWS


def _forms(state: EventState, selects: bool = True) -> dict[str, Any]:
    """The director's forms of the event's page (``selects``: with the players to choose from)."""
    version = str(state.version)
    forms: dict[str, Any] = {
        "players_form": PlayersForm(formdata=None, version=version),
        "withdraw_form": WithdrawForm(formdata=None, version=version),
        "draw_form": DrawForm(formdata=None, version=version),
        "undraw_form": UndrawForm(formdata=None, version=version, prefix="undraw"),
        "swap_form": SwapForm(formdata=None, version=version, prefix="swap"),
        "freeze_form": FreezeForm(formdata=None, version=version, frozen=not state.frozen),
    }
    if selects:
        replaced = {p.substitutes_for for p in state.substitutes}
        forms["withdraw_form"].player.choices = [
            (p.id, p.name)
            for p in state.registered
            if p.id not in replaced and state.withdrawn(state.pair_of(p.id) or p.id) is None
        ]
        _swap_choices(forms["swap_form"], state)
    for form in forms.values():
        form.fresh_key()
    return forms


def _revoke_form() -> RevokeForm:
    form = RevokeForm(formdata=None)
    form.fresh_key()
    return form


@bp.get("/<int:event_id>")
def show(event_id: int) -> str:
    # The log and its state as this server keeps them (``snapshot``), read once for the whole page.
    event, entries = snapshot.event_and_log(event_id)
    # The state alone: the tables' matches are read for the page's tables only, below.
    state = snapshot.state_of(event, entries)
    shown = standings.shown(event, entries, state)
    # A field larger than a page shows its ranking on its own pages (the ranking, the results):
    # this page, which a change makes every reader's first request, does not ask the engine.
    ranked_here = len(state.competitors) <= RANKED_HERE_MOST
    if ranked_here:
        _shown_state, answer, held = _ranking_of(event, shown)
    else:
        answer, held = {}, shown.rounds
    director = access.may_direct(event)
    secret = access.director_secret(event) if director else None
    # A field larger than a select lists is withdrawn and swapped from the players' pages.
    by_player = len(state.registered) > SELECT_MOST
    # One page of the tables drawn, their matches read for that page only.
    drawn = [(each.number, table) for each in state.rounds for table in each.tables]
    tables_page = paging.page_of(len(drawn), paging.TABLES)
    drawn = drawn[tables_page.start : tables_page.stop]
    ids = [table.match_id for _number, table in drawn]
    # Each table's games as shown (up to a hold), derived once per version of its match.
    matches = snapshot.match_states(ids, shown.upto)
    tables = []
    for number, table in drawn:
        match = matches.get(table.match_id)
        deals = len(match.deals) if match is not None else 0
        tables.append(
            {
                "round": number,
                "table": table.table,
                "seats": table.seats,
                "match_id": table.match_id,
                "games": deals,
                "edit_url": address.external_url(
                    "access.edit_link",
                    match_id=table.match_id,
                    secret=access.table_secret(
                        event, table.match_id, revoke.generation(state, "table", table.match_id)
                    ),
                )
                if director
                else None,
            }
        )
    return render_template(
        "events/show.html",
        **snapshot.room_page(event.id, late=snapshot.shown_late(answer)),
        event=event,
        log=entries,
        state=state,
        director=director,
        director_url=address.external_url("events.edit_link", event_id=event.id, secret=secret)
        if secret
        else None,
        office_url=address.external_url(
            "office.office_link",
            event_id=event.id,
            secret=access.office_secret(event, revoke.generation(state, "office")),
        )
        if secret
        else None,
        revoke_form=_revoke_form() if director else None,
        tables=tables,
        answer=answer,
        held=held,
        # One page of the players and of the ranking: the longer list sets the pages.
        paged=paging.page_of(max(len(state.players), len(answer.get("ranking") or []))),
        ranked_here=ranked_here,
        tables_page=tables_page,
        rounds_shown={number for number, _table in drawn},
        passen=int(event.settings.get("passen", 4)),
        kind=formats.of(event.settings),
        undo_round=_undoable(state) if director and not state.closed else None,
        # Asked while the evening registers its players, before its first draw.
        alike=_alike_names(event, state) if director and not state.closed and not state.rounds else [],
        by_player=by_player,
        **(_forms(state, selects=not by_player) if director else {}),
    )


#: Players shown at most whose names look like another's of the event's series.
ALIKE_SHOWN = 20


def _alike_names(event: Event, state: EventState) -> list[dict[str, Any]]:
    """The registered players whose names look like a player's of the register of the event's
    series, not theirs (``additions.names``, SEASON.md Z2), each with the form that writes the
    name as the series does (a correction: a new version, nothing overwritten)."""
    registered = state.registered
    read = additions.names(event, [p.name for p in registered])
    found: list[dict[str, Any]] = []
    for player, match in zip(registered, read):
        if match.known is None and match.alike and len(found) < ALIKE_SHOWN:
            form = PlayerForm(formdata=None, version=str(state.version))
            form.fresh_key()
            found.append({"player": player, "alike": match.alike, "register": match.register, "form": form})
    return found


def _version(form: Any) -> int:
    """The event version a form was shown at; -1 (never current) for anything but a number."""
    text = str(form.version.data or "")
    return int(text) if text.isdigit() and len(text) < 12 else -1


#: What the tables and their devices add to the event's log (confirmations, claims, signatures,
#: reports, a device claiming or freeing a table) while the director works: none of it changes
#: what a form of the director's page was filled in against (T6.2).
TABLES_OWN = frozenset({"confirm", "claim", "sign", "reported", "bind", "release"})


def _shown_version(event: Event, form: Any, entries: Sequence[Any] | None = None) -> int:
    """The version a form of the director's page counts as shown at: its own, or the current one
    when only the tables wrote since (:data:`TABLES_OWN`), read in the log the view derived its
    state from (``entries``, where it is not the event's relationship). Worked out once per
    request, before the request's first entry (a pasted list appends one entry per player)."""
    shown = g.get("event_form_version")
    if shown is None:
        shown = _version(form)
        if shown >= 0:
            log = event.entries if entries is None else entries
            kinds = [entry.kind for entry in log if entry.seq > shown]
            if kinds and all(kind in TABLES_OWN for kind in kinds):
                shown += len(kinds)
        g.event_form_version = shown
    return int(shown)


def _append(event: Event, form: Any, kind: str, record: dict[str, Any], index: int = 0) -> bool:
    """Append one entry of a submitted versioned form; flash why not."""
    key = f"{form.idem.data}-{index}" if form.idem.data else None
    try:
        event_log.append(
            db.session(),
            event,
            expected_version=_shown_version(event, form) + index,
            kind=kind,
            record=record,
            key=key,
        )
    except event_log.Duplicate:
        flash(_("This entry was already saved."))
        return False
    except event_log.Conflict:
        flash(_("The event changed meanwhile: nothing was saved. Check the page, then try again."), "error")
        return False
    return True


def _next_round(event: Event, state: EventState) -> int | None:
    number = len(state.rounds) + 1
    return number if number <= int(event.settings.get("passen", 4)) else None


@bp.post("/<int:event_id>/players")
def players(event_id: int) -> Response:
    """Register players from a pasted list (one a line: name; club; number)."""
    event, state = load(event_id)
    form = PlayersForm()
    if not form.validate_on_submit():
        flash(_("Paste one player a line."), "error")
    elif state.rounds and not formats.of(event.settings).substitutes:
        flash(_("This event's game takes no players after the first draw yet."), "error")
    elif state.rounds and (_partner(event) or _next_round(event, state) is None):
        # A late pair would change the fixed pairs (T4.2); after the last draw nobody enters.
        flash(_("The first round is drawn: a late arrival comes in as a substitute."), "error")
    else:
        lines = [line.strip() for line in (form.players.data or "").splitlines() if line.strip()]
        partner = _partner(event)
        if len(state.competitors) + len(lines) > TOURNAMENT.players:
            flash(_("An event takes at most %(num)d players or pairs.", num=TOURNAMENT.players), "error")
            return redirect(url_for("events.show", event_id=event_id), 303)
        # Each line's people, read once: a pair's two (split by /), or one player.
        people = [
            [_person(part) for part in line.split("/") if part.strip()] if partner else [_person(line)]
            for line in lines
        ]
        if partner and any(len(pair) != 2 for pair in people):
            flash(_("Partnerschieber: write a pair a line, the two players split by /."), "error")
            return redirect(url_for("events.show", event_id=event_id), 303)
        twice = _registered_twice(state, [person for each in people for person in each])
        if twice:
            flash(
                _(
                    "Nobody was registered: %(names)s would be registered twice. Two players of one "
                    "name? Add a club or a number to tell them apart (name; club; number).",
                    names=", ".join(twice),
                ),
                "error",
            )
            return redirect(url_for("events.show", event_id=event_id), 303)
        for index, each in enumerate(people):
            record: dict[str, Any]
            if partner:
                kind = "pair"
                record = {"players": each}
            else:
                kind, record = "player", dict(each[0])
                if state.rounds:  # a late entry: active from the next round on (late_entries)
                    record["from_round"] = len(state.rounds) + 1
            if not _append(event, form, kind, record, index):
                break
        else:
            flash(_("%(num)d players registered.", num=len(lines) * (2 if partner else 1)))
    return redirect(url_for("events.show", event_id=event_id), 303)


def _partner(event: Event) -> bool:
    return (event.settings.get("options") or {}).get("format") == "partner"


def _registered_twice(state: EventState, pasted: Sequence[Mapping[str, str]]) -> list[str]:
    """The pasted players who are already registered, or on the list twice: the same name, club
    and number (letter case aside). A typo of the paste would otherwise seat one person twice."""

    def person(name: str, club: str = "", number: str = "") -> tuple[str, str, str]:
        return (name.casefold(), club.casefold(), number.casefold())

    # Each person by the name as first written (registered, or earlier in the paste).
    seen = {person(p.name, p.club, p.number): p.name for p in state.players.values()}
    twice: list[str] = []
    for record in pasted:
        key = person(record["name"], record.get("club", ""), record.get("number", ""))
        if key not in seen:
            seen[key] = record["name"]
        elif seen[key] not in twice:
            twice.append(seen[key])
    return twice


def _person(text: str) -> dict[str, str]:
    """A pasted player: name; club; number (a tab separates as well)."""
    parts = [schema.printable(part).strip() for part in text.replace("\t", ";").split(";")]
    record = {"name": parts[0][: TOURNAMENT.name]}
    if len(parts) > 1 and parts[1]:
        record["club"] = parts[1][: TOURNAMENT.club]
    if len(parts) > 2 and parts[2]:
        record["number"] = parts[2][: TOURNAMENT.number]
    return record


@bp.post("/<int:event_id>/withdraw")
def withdraw(event_id: int) -> Response:
    """A player withdraws from the next round to be drawn, with or without a substitute (T8)."""
    event, state = load(event_id)
    form = WithdrawForm()
    form.player.choices = [(p.id, p.name) for p in state.registered]
    number = _next_round(event, state)
    if not form.validate_on_submit():
        flash(_("Choose the player."), "error")
    elif number is None:
        flash(_("Every round is drawn already."), "error")
    elif not formats.of(event.settings).substitutes:
        flash(_("This event's game has no withdrawals or substitutes yet."), "error")
    else:
        substitute = schema.printable(form.substitute.data or "").strip()
        if substitute:
            kind, record = "substitute", {"for": form.player.data, "name": substitute, "from_round": number}
        else:
            # T8.4: with fixed pairs the pair withdraws.
            competitor = (state.pair_of(form.player.data) if _partner(event) else None) or form.player.data
            kind, record = "withdrawal", {"player": competitor, "from_round": number}
        if _append(event, form, kind, record):
            flash(_("Saved: from round %(round)s on.", round=number))
    return redirect(url_for("events.show", event_id=event_id), 303)


@bp.post("/<int:event_id>/draw")
def draw(event_id: int) -> Response:
    """Draw the next round with the engine's seating generator (T5) and open each table's Passe."""
    # The log and its state as this server keeps them (read since it last did), not the whole
    # log's rows again.
    event, rows = snapshot.event_and_log(event_id)
    state = snapshot.state_of(event, rows)
    form = DrawForm()
    number = _next_round(event, state)
    if not form.validate_on_submit():
        flash(_("The event changed meanwhile: nothing was drawn. Check the page, then try again."), "error")
        return redirect(url_for("events.show", event_id=event_id), 303)
    if _shown_version(event, form, rows) != state.version:
        flash(_("The event changed meanwhile: nothing was drawn. Check the page, then try again."), "error")
        return redirect(url_for("events.show", event_id=event_id), 303)
    if number is None:
        flash(_("Every round is drawn already."), "error")
        return redirect(url_for("events.show", event_id=event_id), 303)
    if not form.confirmed.data:
        flash(
            _("Nothing was drawn: tick \u201cYes, draw it now\u201d to draw round %(round)s.", round=number),
            "error",
        )
        return redirect(url_for("events.show", event_id=event_id), 303)
    # The seating reads the rounds, sit-outs, withdrawals and substitutes, never a result (T5):
    # the tables' games are not read for it.
    record = event_log.tournament_record(event, state, lambda _match_id: [])
    del record["results"]
    # The seed makes the draw reproducible; once published, the stored draw is what counts.
    record["seed"] = event.id * 100 + number
    game = formats.of(event.settings)
    strengths = additions.strengths(event)
    if strengths and game.teams:
        # A club's series seats its evenings strong with weak, after T5.3's rules.
        record["strengths"] = strengths
    try:
        answer = game.seat(record)
    except InvalidRecord as error:
        # The engine's sentence is English and names its own fields: the reader is told which
        # part of the event the rules refuse, and the rule (T9 where the engine cites none).
        cited = CITED_RULE.search(str(error))
        flash(
            _(
                "The round cannot be drawn: the rules refuse the event's record at %(field)s (%(rule)s).",
                field=error.field or "tournament",
                rule=cited.group(1) if cited else "T9",
            ),
            "error",
        )
        return redirect(url_for("events.show", event_id=event_id), 303)
    if not answer["valid"] or not answer["tables"]:
        reason = reason_text(dict(answer["errors"][0])) if answer["errors"] else _("too few players")
        flash(_("The round cannot be drawn: %(reason)s", reason=reason), "error")
        return redirect(url_for("events.show", event_id=event_id), 303)
    session = db.session()
    table_settings = game.table_settings(event.settings.get("options") or {})
    planned: list[tuple[Mapping[str, Any], dict[str, str], list[str], dict[str, Any]]] = []
    for table in answer["tables"]:
        seats = dict(table.get("seats") or {})
        pairs = list(table.get("pairs") or [])
        if pairs:
            # T3.2, T4.2: the first pair sits in seats 1 and 3, the second in 2 and 4; a
            # substitute takes his player's seat (T8.1, T8.3).
            (a, c), (b, d) = state.pairs[pairs[0]], state.pairs[pairs[1]]
            seats = {str(n): state.seated(p, number) for n, p in enumerate((a, b, c, d), start=1)}
        settings = {
            **table_settings,
            "names": [state.name(seats[str(n)]) for n in range(1, 5)],
            "players": 4,
            "first_forehand": 1,
            "seats": seats,
            "event": {"id": event.id, "round": number, "table": table["table"]},
        }
        planned.append((table, seats, pairs, settings))
    # Every table's match in one statement, each id back in the tables' order (the ids name the
    # tables), then each table's edit secret, which its id is part of, stored hashed: two
    # statements for the whole round, and no object per table for the session to track.
    match_ids = session.scalars(
        insert(Match).returning(Match.id, sort_by_parameter_order=True),
        [{"game": game.table_game, "settings": settings} for *_, settings in planned],
    ).all()
    session.execute(
        update(Match),
        [{"id": match_id, "edit_secret_hash": access.table_hash(event, match_id)} for match_id in match_ids],
    )
    tables = []
    for (table, seats, pairs, _settings), match_id in zip(planned, match_ids, strict=True):
        stored_table: dict[str, Any] = {"table": table["table"], "seats": seats, "match_id": match_id}
        if pairs:
            stored_table["pairs"] = pairs
        tables.append(stored_table)
    stored = {"round": number, "tables": tables, "sitouts": list(answer["sitouts"])}
    if _append(event, form, "round", stored):
        flash(_("Round %(round)s drawn.", round=number))
    else:
        session.rollback()
    return redirect(url_for("events.show", event_id=event_id), 303)


def _undoable(state: EventState) -> int | None:
    """The last round drawn, if none of its tables has entered anything yet: its draw may be
    taken back (a table's first game makes the round stay)."""
    if not state.rounds:
        return None
    ids = [table.match_id for table in state.rounds[-1].tables]
    entered = db.session().scalar(select(Entry.id).where(Entry.match_id.in_(ids)).limit(1))
    return state.rounds[-1].number if entered is None else None


@bp.post("/<int:event_id>/undraw")
def undraw(event_id: int) -> Response:
    """Take back the last round's draw before any of its tables entered a game: the round is
    drawn again by the next draw, and the taken-back tables' matches are voided (their links
    then enter nothing; their logs stay)."""
    event, state = load(event_id)
    form = UndrawForm(prefix="undraw")
    back = redirect(url_for("events.show", event_id=event_id), 303)
    if not form.validate_on_submit() or _shown_version(event, form) != state.version:
        flash(_("The event changed meanwhile: nothing was saved. Check the page, then try again."), "error")
        return back
    number = _undoable(state)
    if number is None:
        flash(_("This draw stays: a table has entered a game."), "error")
        return back
    if not form.confirmed.data:
        flash(_("Nothing was undone: tick \u201cYes, undo this draw\u201d first."), "error")
        return back
    if not _append(event, form, "undraw", {"round": number}):
        return back
    session = db.session()
    matches = _matches_of([table.match_id for table in state.rounds[-1].tables])
    flash(_("The draw of round %(round)s is undone: draw it again when ready.", round=number))
    for table in state.rounds[-1].tables:
        match = matches.get(table.match_id)
        if match is not None and not _void(session, match):
            flash(_("Table %(table)s's link still enters games: withdraw it.", table=table.table), "error")
    return back


@bp.post("/<int:event_id>/swap")
def swap(event_id: int) -> Response:
    """Two players of the last round change places (their seats, or a seat and a sit-out) while
    neither one's table has entered a game: the director's hand on the draw. The tables' Passen
    take the new seats and names; the event page's seating check counts the repeats anew (T5.3)."""
    event, state = load(event_id)
    form = SwapForm(prefix="swap")
    back = redirect(url_for("events.show", event_id=event_id), 303)
    _swap_choices(form, state)
    if not form.validate_on_submit() or _shown_version(event, form) != state.version:
        flash(_("The event changed meanwhile: nothing was saved. Check the page, then try again."), "error")
        return back
    first, second = form.first.data, form.second.data
    if state.pairs:
        flash(_("A pair keeps its seats together (T4.2): nothing was swapped."), "error")
        return back
    if first == second:
        flash(_("Choose two different players to swap."), "error")
        return back
    round_ = state.rounds[-1]
    tables = [table for table in round_.tables if {first, second} & set(table.seats.values())]
    ids = [table.match_id for table in tables]
    matches = _matches_of(ids)
    # Checked and written in one transaction that no game's entry at these tables can cross:
    # a game entered meanwhile comes before (and the swap is refused) or after (new seats).
    _hold_tables(ids)
    entered = set(db.session().scalars(select(Entry.match_id).where(Entry.match_id.in_(ids)).distinct()))
    started = [table.table for table in tables if table.match_id in entered]
    if started:
        flash(
            _(
                "Table %(table)s has entered a game: its seats stay (swap before a table's first game).",
                table=started[0],
            ),
            "error",
        )
        return back
    if not _append(event, form, "swap", {"round": round_.number, "players": [first, second]}):
        return back
    event_log.swap_seats(round_, first, second)
    for table in tables:
        match = matches.get(table.match_id)
        if match is not None:
            names = [state.name(table.seats[str(n)]) for n in range(1, 5)]
            match.settings = {**match.settings, "seats": dict(table.seats), "names": names}
    db.session().commit()
    flash(_("%(first)s and %(second)s changed places.", first=state.name(first), second=state.name(second)))
    return back


def _hold_tables(match_ids: list[int]) -> None:
    """Hold the tables' Passen against a game's entry until this transaction's commit: on
    PostgreSQL a row lock that a new entry's reference to its match waits for; on SQLite the
    database's one write lock, taken by a write that changes nothing."""
    session = db.writes_together()
    session.execute(select(Match.id).where(Match.id.in_(match_ids)).with_for_update())
    if session.get_bind().dialect.name == "sqlite":
        session.execute(update(Match).where(Match.id.in_(match_ids)).values(settings=Match.settings))


def _seat_open(state: EventState, player_id: str) -> bool:
    """Whether the director may still swap the player's seat of the last round: he sits out of
    it, or his table has entered nothing yet (``swap`` refuses a started table)."""
    if not state.rounds:
        return False
    round_ = state.rounds[-1]
    if player_id in round_.sitouts:
        return True
    table = next((t for t in round_.tables if player_id in t.seats.values()), None)
    if table is None:
        return False
    return db.session().scalar(select(Entry.id).where(Entry.match_id == table.match_id).limit(1)) is None


def _swap_choices(form: SwapForm, state: EventState) -> None:
    """Whom the director may swap: the players of the last round, seated or sitting out, by name."""
    if not state.rounds:
        form.first.choices = form.second.choices = []
        return
    round_ = state.rounds[-1]
    players = [player for table in round_.tables for player in table.seats.values()] + list(round_.sitouts)
    listed = sorted(((player, state.name(player)) for player in players), key=lambda item: item[1].casefold())
    form.first.choices = form.second.choices = listed


def _void(session: Any, match: Match) -> bool:
    """Void a taken-back table's match at whatever version its log has (a game entered in the
    moment between the check and the undo stays in its log, voided with it); False if other
    writers kept coming in between."""
    for _attempt in range(3):
        try:
            log.append(session, match, expected_version=log.last_seq(session, match.id), kind="void")
            return True
        except log.Conflict:
            continue
    return False


@bp.post("/<int:event_id>/freeze")
def freeze(event_id: int) -> Response:
    event, state = load(event_id)
    form = FreezeForm()
    if form.validate_on_submit():
        # Everyone but the director and the office is shown the standings as they stand now
        # (scorer.events.standings), until the director releases them.
        held = bool(form.frozen.data)
        if _append(event, form, "freeze", standings.freeze_record(state, held)):
            snapshot.forget(event)
            flash(
                _("The standings are held back: the public sees them as they stand now.")
                if held
                else _("The standings are released: everyone sees them live.")
            )
    return redirect(url_for("events.show", event_id=event_id), 303)


@bp.get("/<int:event_id>/version")
def room(event_id: int) -> Response:
    """What the event's pages follow (``snapshot.room_version``): the same for every reader, and
    "304 Not Modified" while nothing moved, which a proxy answers from its copy."""
    number = snapshot.room_version(event_id)
    if number is None:
        abort(404)
    tag = conditional.etag(("room", event_id, number))
    held = conditional.held(tag)
    if held is not None:
        return conditional.not_modified(held, mimetype="application/json", vary=())
    response = Response(json.dumps({"version": number}), mimetype="application/json")
    return conditional.shared(response, tag, vary=())


@bp.get("/<int:event_id>/seating")
def seating(event_id: int) -> str:
    """A round's wall list (``?round=n``, default the last drawn): every player by name with his
    table, seat and partner, for the room's wall or its projector (``?screen=projector``)."""
    from scorer.events import printouts

    event, state = load(event_id)
    round_ = _round_asked(state)
    placed, sitouts = (
        printouts.wall_list(state, round_, teams=formats.of(event.settings).teams) if round_ else ([], [])
    )
    return render_template(
        "events/seating.html", event=event, state=state, round=round_, placed=placed, sitouts=sitouts
    )


def _round_asked(state: EventState) -> Any:
    """The round a page or printout asks for (``?round=n``, default the last drawn); None before
    the first draw."""
    if not state.rounds:
        return None
    wanted = request.args.get("round", type=int) or len(state.rounds)
    return state.rounds[min(max(wanted, 1), len(state.rounds)) - 1]


@bp.get("/<int:event_id>/prizes")
def prizes_page(event_id: int) -> str:
    """The prize list (``scorer.events.prizes``) as this reader is shown the standings; on the
    room's projector with ``?screen=projector``. The director lists the prizes here."""
    event, state, answer, held = shown_now(event_id)
    listed = prizes.prize_list(state.prizes, answer)
    director = access.may_direct(event) and not state.closed
    return render_template(
        "events/prizes.html",
        event=event,
        state=state,
        listed=listed,
        awards=prizes.awards(state, listed, i18n.number, i18n.digits),
        held=held,
        form=prizes.prizes_form(state) if director else None,
    )


@bp.post("/<int:event_id>/prizes")
def set_prizes(event_id: int) -> Response:
    """The director's prizes: a new entry of the event's log, the earlier list kept in it."""
    event, _state = load(event_id)
    form = prizes.PrizesForm(prefix="prizes")
    if form.validate_on_submit():
        if _append(event, form, "prizes", {"prizes": form.lines()}):
            flash(_("The prize list is saved."))
    else:
        for problem in form.prizes.errors or [_("The page was out of date: nothing was saved. Try again.")]:
            flash(f"{form.prizes.label.text}: {problem}", "error")
    return redirect(url_for("events.prizes_page", event_id=event_id), 303)


@bp.get("/<int:event_id>/ranking")
def ranking_page(event_id: int) -> str | Response:
    """The ranking for a projector: large type, reloads itself (its [data-poll] in static/tafel.js);
    held back for everyone but the director and the office (``standings``)."""
    # The stored page is served to every reader: so is the live one, nothing of a reader's in it.
    same_for_every_reader()

    def again() -> None:
        refresher.compute(event_id, snapshot.LIVE_RANKING)

    stored = snapshot.stored_page(event_id, again)
    if stored is not None:
        return stored
    # No answer stored yet (or a reader who is shown it live): this process's readers compute
    # it one at a time, and those who waited get the one stored meanwhile.
    with snapshot.one_at_a_time(event_id):
        stored = snapshot.stored_page(event_id, again)
        if stored is not None:
            return stored
        event, state, answer, held = live_ranking(event_id)
    template = "events/_ranking.html" if request.args.get("part") == "table" else "events/ranking.html"
    # The director and the office see the live standings, told that the public's are held back.
    public_held = held is None and state.frozen
    return render_template(
        template,
        event=event,
        state=state,
        answer=answer,
        held=held,
        public_held=public_held,
        late_in_table=True,
    )


def live_ranking(event_id: int) -> tuple[Event, EventState, dict[str, Any], int | None]:
    """The ranking as of now as this reader is shown it (``standings.shown``), kept for the
    readers who neither direct the event nor work in its office."""
    started = time.time()
    event, state, answer, held = shown_now(event_id)
    if not snapshot.shown_late(answer):
        snapshot.store(event, state, answer, held, started)
    return event, state, answer, held


def stored_ranking(event_id: int) -> None:
    """The stored ranking computed again (``snapshot.LIVE_RANKING``), by the ranking process or
    once a reader's answer is sent: the engine asked, whatever the event's size."""
    with snapshot.answered_now():
        live_ranking(event_id)


def ranking_follow_up(event_id: int) -> None:
    """The stored ranking computed again after a change made while it was claimed
    (``snapshot.follow_up``), in the ranking process."""
    with snapshot.answered_now():
        snapshot.follow_up(event_id, lambda: live_ranking(event_id))


def shown_now(
    event_id: int, live: bool | None = None
) -> tuple[Event, EventState, dict[str, Any], int | None]:
    """The event, its state and ranking as this reader is shown them (``standings.shown``), and
    the round they are held after (None: live): read from what this server keeps of the event's
    log and tables (``snapshot.live``), the engine asked once per version of them."""
    event, entries = snapshot.event_and_log(event_id)
    shown = standings.shown(event, entries, live=live)
    state, answer, held = _ranking_of(event, shown)
    return event, state, answer, held


def _ranking_of(event: Event, shown: standings.Shown) -> tuple[EventState, dict[str, Any], int | None]:
    """The state ``shown``, its ranking and the round it is held after (None: live)."""
    # The state, marks and games as this server keeps them, extended by what was entered since.
    live = snapshot.live(event, list(shown.entries), shown.upto)
    state = live.state
    held = shown.rounds
    kept = shown.entries
    return (
        state,
        snapshot.live_answer(event, live, held, lambda now: ranking(now, state, held, kept, live)),
        held,
    )


@bp.post("/<int:event_id>/players/<player_id>/correct")
def correct_player(event_id: int, player_id: str) -> Response:
    """Correct a player's name, club or number: a new version in the log, nothing overwritten."""
    event, state = load(event_id)
    player = state.players.get(player_id)
    if player is None or player.substitutes_for is not None:
        abort(404)
    form = PlayerForm()
    if not form.validate_on_submit():
        flash(_("Enter the player's name."), "error")
    else:
        record: dict[str, Any] = _person(
            ";".join([form.name.data or "", form.club.data or "", form.number.data or ""])
        )
        if player_id != f"P{player.seq}":  # a pair's player (P<seq>a, P<seq>b)
            record["member"] = player_id[len(f"P{player.seq}") :]
        try:
            event_log.append(
                db.session(),
                event,
                expected_version=_shown_version(event, form),
                kind="correction",
                record=record,
                target_seq=player.seq,
                key=form.idem.data or None,
            )
        except event_log.Duplicate:
            flash(_("This entry was already saved."))
        except event_log.Conflict:
            flash(
                _("The event changed meanwhile: nothing was saved. Check the page, then try again."), "error"
            )
        else:
            flash(_("Correction saved."))
    if request.form.get("back") == "event":  # from the event's page (its names the series may know)
        return redirect(url_for("events.show", event_id=event_id), 303)
    return redirect(url_for("events.player", event_id=event_id, player_id=player_id), 303)


PRINTOUTS = ("tables", "pads", "standblatt", "ranking", "prizes", "seating")


@bp.get("/<int:event_id>/print/<kind>.pdf")
def pdf(event_id: int, kind: str) -> Any:
    """A printout (``?round=n``, default the last drawn; ``?lang=code``, default the reader's)."""
    if kind not in PRINTOUTS:
        abort(404)
    answer: dict[str, Any] | None = None
    entries: Sequence[Any] | None = None
    if kind in ("standblatt", "ranking", "prizes"):
        # The state and ranking this reader is shown, the engine asked once per version of the event.
        event, state, answer, _held = shown_now(event_id)
        if snapshot.shown_late(answer):
            return not_yet(event)
    else:
        # The log and its state as this server keeps them (``snapshot``): a round's printouts
        # read the tables' matches of their part alone.
        event, entries = snapshot.event_and_log(event_id)
        state = snapshot.live(event, entries).state
    if kind == "tables" and not access.may_direct(event):
        # The table cards carry each table's edit link.
        raise rights.EditRefused(
            _("Only the event's director may change it."),
            _("Open the director's link of this event (on the director's device) first."),
        )
    code = request.args.get("lang") or i18n.current()
    if code not in LANGUAGES:
        code = i18n.current()
    number = web_parts.asked(request.args.get("part"))
    with force_locale(code):
        printout = _printout(event, state, kind, answer, number, entries)
    if printout is None:
        abort(404)  # no such part
    from scorer.events.pdf import render
    from scorer.web.security import pdf_response

    suffix = f"-{number}" if request.args.get("part") else ""
    return pdf_response(render(printout), f"tafel-event-{event.id}-{kind}{suffix}.pdf")


def _part(kind: str, count: int, number: int) -> web_parts.Part | None:
    """Part ``number`` of printout ``kind`` of ``count`` items; None: it has no such part."""
    return web_parts.pick(printouts.parts(kind, count), number)


def _in_part(printout: Printout, part: web_parts.Part, digits: Any) -> Printout:
    """``printout``'s pages each naming ``part`` under its heading, when the printout has more than one."""
    if part.whole:
        return printout
    label = printouts.part_label(part, digits)
    pages = [replace(page, lines=[label, *page.lines]) for page in printout.pages]
    return replace(printout, title=f"{printout.title} – {label}", pages=pages)


def _printout(
    event: Event,
    state: EventState,
    kind: str,
    answer: Mapping[str, Any] | None = None,
    number: int = 1,
    entries: Sequence[Any] | None = None,
) -> Printout | None:
    """Part ``number`` of printout ``kind`` (None: it has no such part); for the ranking, the
    prize list and the Standblätter, ``state`` and its ranking ``answer`` are as this reader is
    shown them (``shown_now``). ``entries``: the event's log as read already."""
    from scorer import scoring
    from scorer.sheets.views import pdf_lang

    code = str(get_locale())
    rtl = is_rtl(code)
    lang = pdf_lang(code)

    def num(value: Any) -> str:
        return "" if value is None or value == "" else lang.number(value)

    def digits(value: Any) -> str:
        return "" if value is None or value == "" else lang.digits(value)

    title = event.title
    passen = int(event.settings.get("passen", 4))
    if answer is not None and kind == "prizes":
        listed = prizes.prize_list(state.prizes, answer)
        part = _part(kind, len(listed.placed), number)
        if part is None:
            return None
        listed = replace(listed, placed=listed.placed[part.items])
        return _in_part(Printout(title, prizes.pages(title, state, listed, num, digits), rtl), part, digits)
    if answer is not None and kind == "standblatt":
        competitors = state.competitors
        part = _part(kind, len(competitors), number)
        if part is None:
            return None
        options = event.settings.get("options") or {}
        pages = printouts.standblaetter(
            title, state, answer, num, digits, options, competitors=competitors[part.items]
        )
        return _in_part(Printout(title, pages, rtl), part, digits)
    if answer is not None:
        part = _part(kind, len(answer.get("ranking") or []), number)
        if part is None:
            return None
        pages = printouts.ranking_list(title, state, answer, passen, num, digits, lines=part.items)
        return _in_part(Printout(title, pages, rtl), part, digits)
    round_ = _round_asked(state)
    if round_ is None:
        return Printout(title, [Page(title, lines=[_("No round is drawn yet.")])], rtl)
    if kind == "seating":
        teams = formats.of(event.settings).teams
        part = _part(kind, sum(len(table.seats) for table in round_.tables), number)
        if part is None:
            return None
        pages = printouts.wall_list_pages(title, state, round_, digits, teams=teams, lines=part.items)
        return _in_part(Printout(title, pages, rtl), part, digits)
    part = _part(kind, len(round_.tables), number)
    if part is None:
        return None
    # The part's tables alone: nothing is read or scored for the others.
    round_ = Round(round_.number, round_.tables[part.items], round_.sitouts)
    if kind == "tables":
        pages = printouts.table_cards(
            title,
            state,
            round_,
            lambda match_id: address.external_url(
                "access.edit_link",
                match_id=match_id,
                secret=access.table_secret(event, match_id, revoke.generation(state, "table", match_id)),
            ),
            digits,
            teams=formats.of(event.settings).teams,
        )
        return _in_part(Printout(title, pages, rtl), part, digits)
    shown = standings.shown(event, entries, state=state)
    matches = _matches_of([table.match_id for table in round_.tables])
    answers: dict[int, dict[str, Any]] = {}
    contracts: dict[int, list[str]] = {}
    records: dict[int, list[dict[str, Any]]] = {}
    for table in round_.tables:
        match = matches.get(table.match_id)
        if match is not None:
            # While the standings are held back, a table's pad shows the games entered by then.
            deals = log.derive(standings.entries_shown(match, shown)).deals
            records[table.match_id] = [dict(d) for d in deals]
            answers[table.match_id] = scoring.score(scoring.match_record(match.settings, deals)).answer or {}
            deck = match.settings.get("deck") or "swiss"
            # A deal names its contract, or the trump alone where the game has no other contract.
            named = [d.get("contract") or d.get("trump") for d in deals]
            contracts[table.match_id] = [display.contract_name(n, deck) if n else "" for n in named]
    game = formats.of(event.settings)
    games = game.games_per_passe(event.settings.get("options") or {})
    if not game.teams:
        pages = printouts.estimate_pads(title, state, round_, games, answers, records, contracts, num, digits)
    else:
        pages = printouts.pads(title, state, round_, games, answers, contracts, num, digits)
    return _in_part(Printout(title, pages, rtl), part, digits)


#: Seconds of its thread's CPU a player's page spends on ranking the rounds of his course that this
#: server has not ranked yet (a thousand players' field takes the engine some 8 ms a round).
COURSE_BUDGET = 0.006


@bp.get("/<int:event_id>/players/<player_id>")
def player(event_id: int, player_id: str) -> str:
    """One player's Passen (his Standblatt) and his course over the rounds as a small chart."""
    started = time.thread_time()
    # The log, its state and the engine's answers as this server keeps them (``snapshot``).
    event, entries = snapshot.event_and_log(event_id)
    view = standings.shown(event, entries)
    live = snapshot.live(event, list(view.entries), view.upto)
    state = live.state
    view = standings.Shown(view.entries, view.hold, state)  # its state as kept, not derived again
    if player_id in state.pairs:
        shown = event_log.Player(player_id, 0, state.name(player_id))
    elif player_id in state.players:
        shown = state.players[player_id]
    else:
        abort(404)

    def after(rounds: int | None, again: bool = True) -> dict[str, Any]:
        """The ranking after ``rounds`` rounds (None: all those shown), once per version of the event."""
        return snapshot.live_answer(
            event, live, rounds, lambda now: ranking(now, state, rounds, view.entries, live), again
        )

    # His Passen and his course as this reader is shown the standings (held back or live).
    answer = after(view.rounds)
    lines = (answer.get("standblatt") or {}).get(player_id) or []
    course = []
    pending = []
    for number in range(1, view.round_count + 1):
        # Each round's ranking is the engine's over the rounds up to it (the last shown: the
        # answer above): those not kept yet are ranked while the request is within its budget,
        # the others by the next readers.
        upto = view.rounds if number == view.round_count else number
        if not snapshot.has_answer(event, live, upto) and time.thread_time() - started > COURSE_BUDGET:
            pending.append(number)
            continue
        ranked = after(upto, again=False)
        if ranked.get("pending"):
            pending.append(number)
            continue
        entry = next((e for e in ranked.get("ranking") or [] if e["id"] == player_id), None)
        if entry is not None:
            course.append((number, int(entry["rank"]), int(entry["total"])))
    entry = next((e for e in answer.get("ranking") or [] if e["id"] == player_id), None)
    correction = None
    director = access.may_direct(event)
    if director and player_id in state.players and state.players[player_id].substitutes_for is None:
        correction = PlayerForm(
            formdata=None, version=str(state.version), name=shown.name, club=shown.club, number=shown.number
        )
        correction.fresh_key()
    # A large field's director withdraws and swaps a player here (``SELECT_MOST``).
    withdraw_form = swap_form = None
    if director and not state.closed and len(state.registered) > SELECT_MOST:
        forms = _forms(state)
        if formats.of(event.settings).substitutes and len(state.rounds) < int(
            event.settings.get("passen", 4)
        ):
            if player_id in dict(forms["withdraw_form"].player.choices):
                withdraw_form = forms["withdraw_form"]
                withdraw_form.player.data = player_id
        if not state.pairs and _seat_open(state, player_id):
            swap_form = forms["swap_form"]
            swap_form.first.data = player_id
    return render_template(
        "events/player.html",
        **snapshot.room_page(event.id, late=snapshot.shown_late(answer)),
        correction=correction,
        withdraw_form=withdraw_form,
        swap_form=swap_form,
        event=event,
        state=state,
        player=shown,
        lines=lines,
        entry=entry,
        svg=chart.course_svg(course, len(state.competitors), _("Rank after each round")),
        course=course,
        pending=pending,
        held=view.rounds,
    )
