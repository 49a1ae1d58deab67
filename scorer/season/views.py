"""The series pages: the list, a new series, its standing, and the office's changes to it.

Anyone reads a standing (it shows the events' rankings as they are shown to everyone). The
browser that created a series, and an administrator, change it; every change is an entry of
its log, made against the version the form was shown at.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Sequence
from datetime import date
from functools import partial
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    after_this_request,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup
from sqlalchemy import select
from werkzeug.wrappers import Response as BaseResponse

import rules_engine
from scorer.access import rights
from scorer.events import additions, snapshot
from scorer.events import state as event_log
from scorer.events.exports import to_csv, to_xlsx
from scorer.events.pdf import Printout, render
from scorer.languages import is_rtl
from scorer.season import checks, club, exports, log, paper, register, rows, transfer
from scorer.season import rating as season_rating
from scorer.season.forms import (
    ImportSeriesForm,
    JoinForm,
    LeaveForm,
    MergeForm,
    NameForm,
    NewSeriesForm,
    OptionsForm,
    PaperForm,
)
from scorer.season.standing import Standing, load, standing
from scorer.sheets.views import pdf_lang
from scorer.store import db
from scorer.store.models import Club, Event, Series, SeriesEntry
from scorer.web.reasons import reason_text
from scorer.web.security import pdf_response

bp = Blueprint("season", __name__, url_prefix="/series")

#: The session's key for the series this browser may change: series id -> its stored right.
RIGHTS = "tafel_series"
PAGE_SIZE = 25


def may_change(series_id: int) -> bool:
    return rights.is_admin() or rights.series_grant_holds(rights.office_grant(RIGHTS, series_id), series_id)


def grant(series_id: int) -> None:
    """This browser becomes the series' office (its session holds the right)."""
    rights.remember_office(RIGHTS, series_id, rights.new_series_grant(series_id))


def _office(series_id: int) -> tuple[Series, log.SeriesState]:
    series = load(series_id)
    if not may_change(series_id):
        raise rights.EditRefused(
            _("Only the series' office changes it."), _("Open it in the browser that created it, or log in.")
        )
    return series, club.series_state(series)


@bp.get("/")
def index() -> str:
    found = db.session().scalars(select(Series).order_by(Series.id.desc()).limit(PAGE_SIZE)).all()
    return render_template("season/index.html", series=found)


@bp.route("/new", methods=["GET", "POST"])
def new() -> Any:
    form = NewSeriesForm()
    if form.validate_on_submit():
        rights.check_write("new")  # one address starts only so many series (as matches)
        options = form.options()
        refused = checks.options_problem(options, form.planned_events.data)
        if refused is None:
            key = rights.form_key_hash(form.idem.data)
            existing = db.session().scalars(select(Series).where(Series.idempotency_key == key)).first()
            if existing is not None:
                return redirect(url_for("season.show", series_id=existing.id), 303)
            series = Series(title=(form.title.data or "").strip(), idempotency_key=key)
            db.session().add(series)
            db.session().commit()
            log.append(
                db.session(),
                series,
                expected_version=0,
                kind="options",
                record={
                    "options": options,
                    "planned_events": form.planned_events.data,
                    "rating": form.rating.data,
                    "balance": form.balance.data,
                },
            )
            grant(series.id)
            return redirect(url_for("season.show", series_id=series.id), 303)
        form.counts.errors = [
            *form.counts.errors,
            _("The rules refuse these options: %(reason)s", reason=refused),
        ]
    form.fresh_key()
    return render_template("season/new.html", form=form), 422 if request.method == "POST" else 200


@bp.get("/<int:series_id>")
def show(series_id: int) -> str:
    series = load(series_id)
    state = club.series_state(series)
    found = standing(series, state, late=True)
    editing = may_change(series_id)
    forms: dict[str, Any] = {}
    if editing:
        forms = _forms(series, state, found)
    return render_template(
        "season/show.html",
        series=series,
        state=state,
        found=found,
        standing_rows=rows.standing_rows,
        editing=editing,
        duplicates=_duplicates(state, found) if editing else [],
        **forms,
    )


def _forms(series: Series, state: log.SeriesState, found: Standing) -> dict[str, Any]:
    version = str(state.version)
    join = JoinForm(formdata=None, version=version)
    # The latest events' ids and titles alone (not their logs).
    candidates = (
        db.session().execute(select(Event.id, Event.title).order_by(Event.id.desc()).limit(200)).all()
    )
    join.event.choices = [
        (str(event_id), title) for event_id, title in candidates if event_id not in state.events
    ]
    merge = MergeForm(formdata=None, version=version)
    shown = sorted(
        (key for key in found.names if key not in state.guests), key=lambda k: found.names[k].casefold()
    )
    unmerged = [key for key in shown if key not in state.merged and key not in state.club_merged]
    merge.alias.choices = [(key, found.names[key]) for key in unmerged]
    merge.into.choices = [(key, found.names[key]) for key in unmerged]
    for form in (join, merge):
        form.fresh_key()
    return {"join": join, "merge": merge, "version": version, "token": generate_csrf()}


@bp.get("/<int:series_id>/options")
def options_form(series_id: int) -> str:
    """The series' options on a page of their own, at the series' version."""
    series, state = _office(series_id)
    form = OptionsForm(
        formdata=None,
        version=str(state.version),
        planned_events=state.planned_events,
        rating=state.rating,
        balance=state.balance,
        **_shown_options(state.options),
    )
    form.fresh_key()
    return render_template(
        "season/office_form.html", series=series, form=form, kind="options", heading=_("The series' options")
    )


@bp.get("/<int:series_id>/papers")
def paper_form(series_id: int) -> str:
    """The form that adds an evening's ranking from outside the app, on a page of its own."""
    series, state = _office(series_id)
    form = PaperForm(formdata=None, version=str(state.version))
    form.fresh_key()
    heading = _("Add an evening's ranking from outside the app (a past season's)")
    return render_template("season/office_form.html", series=series, form=form, kind="paper", heading=heading)


def _shown_options(options: dict[str, Any]) -> dict[str, Any]:
    table = options.get("points_table")
    steps = [s for s in options.get("tiebreak", ["best", "shared"]) if s != "shared"]
    return {
        "counts": options.get("counts", "total"),
        "points_table": ", ".join(map(str, table)) if table else "",
        "points_beyond": options.get("points_beyond"),
        "best_of": options.get("best_of"),
        "drop_early": options.get("drop_early", False),
        "absent_counts": options.get("absent_counts", ""),
        "absent_value": options.get("absent_value"),
        "min_events": options.get("min_events", 1),
        "tiebreak": ",".join(steps),
    }


def _duplicates(state: log.SeriesState, found: Standing) -> list[tuple[str, str]]:
    """Near-duplicate names as (alias, into) keys: the name played fewer evenings joins the other."""
    keys = [
        key
        for key in found.names
        if key not in state.merged and key not in state.club_merged and key not in state.guests
    ]
    rows = (found.answer or {}).get("standings", []) + (found.answer or {}).get("unranked", [])
    return register.merges_offered(keys, {row["id"]: row["attended"] for row in rows})


def _changed(series: Series, kind: str, record: dict[str, Any], version: str | None) -> BaseResponse:
    try:
        log.append(db.session(), series, expected_version=int(version or -1), kind=kind, record=record)
    except (log.Conflict, ValueError):
        flash(_("The series changed meanwhile: check it, then try again."), "error")
    except log.Full:
        flash(_("The series holds as many changes as a series may: start a new series."), "error")
    return redirect(url_for("season.show", series_id=series.id), 303)


@bp.post("/<int:series_id>/options")
def options(series_id: int) -> Any:
    series, state = _office(series_id)
    form = OptionsForm()
    if not form.validate_on_submit():
        flash(
            _(
                "Check the options: %(fields)s",
                fields=", ".join(str(form[name].label.text) for name in form.errors),
            ),
            "error",
        )
        return redirect(url_for("season.show", series_id=series_id), 303)
    chosen = form.options()
    refused = checks.options_problem(chosen, form.planned_events.data)
    if refused is not None:
        flash(_("The rules refuse these options: %(reason)s", reason=refused), "error")
        return redirect(url_for("season.show", series_id=series_id), 303)
    return _changed(
        series,
        "options",
        {
            "options": chosen,
            "planned_events": form.planned_events.data,
            "rating": form.rating.data,
            "balance": form.balance.data,
        },
        form.version.data,
    )


@bp.post("/<int:series_id>/events")
def join(series_id: int) -> BaseResponse:
    series, state = _office(series_id)
    form = JoinForm()
    if not form.validate_on_submit() or not str(form.event.data).isdigit():
        abort(400, _("Choose an event and how much it counts."))
    event = db.session().get(Event, int(form.event.data))
    if event is None:
        abort(400, _("There is no such event."))
    return _changed(series, "event", {"event": event.id, "weight": form.weight.data}, form.version.data)


@bp.post("/<int:series_id>/events/leave")
def leave(series_id: int) -> BaseResponse:
    series, state = _office(series_id)
    form = LeaveForm()
    if form.validate_on_submit() and form.event.data in state.events:
        return _changed(series, "leave", {"event": form.event.data}, form.version.data)
    if form.validate_on_submit() and form.paper.data in state.papers:
        return _changed(series, "leave", {"paper": form.paper.data}, form.version.data)
    abort(400, _("This event is not in the series."))


@bp.post("/<int:series_id>/papers")
def paper_ranking(series_id: int) -> BaseResponse:
    """An evening's ranking from outside the app joins the series, once it reads as a ranking
    (Z3.3, Z3.4: checked alone, so that one wrong line never breaks the standing)."""
    series, state = _office(series_id)
    form = PaperForm()
    back = redirect(url_for("season.show", series_id=series_id), 303)
    if not form.validate_on_submit():
        flash(
            _(
                "Check the imported ranking: %(fields)s",
                fields=", ".join(str(form[n].label.text) for n in form.errors),
            ),
            "error",
        )
        return back
    played = checks.date_of(str(form.date.data))
    if played is None:
        flash(_("Played on: give a date written YYYY-MM-DD."), "error")
        return back
    upload = form.file.data
    try:
        raw = upload.read(paper.MOST_TEXT + 1) if upload else b""
        if raw.startswith(b"PK"):  # a zip archive: an XLSX workbook
            rows = paper.read_workbook(raw)
        else:
            rows = paper.read_ranking(raw.decode("utf-8-sig") if upload else str(form.text.data or ""))
    except UnicodeDecodeError:
        flash(_("The file is not UTF-8 text (save the spreadsheet as CSV UTF-8)."), "error")
        return back
    except paper.PaperProblem as problem:
        flash(str(problem), "error")
        return back
    record = {
        "title": str(form.title.data).strip(),
        "date": played.isoformat(),
        "direction": form.direction.data,
        "weight": form.weight.data,
        "results": rows,
    }
    alone = rules_engine.score_series(
        {
            "game": "series",
            "options": {"direction": form.direction.data, "absent_counts": "skip"},
            "players": [{"id": key, "name": key} for key in {register.key_of(row["name"]) for row in rows}],
            "events": [
                {
                    "id": "paper",
                    "date": played.isoformat(),
                    "direction": form.direction.data,
                    "results": [
                        {
                            "player": register.key_of(r["name"]),
                            "rank": r["rank"],
                            "total": r["total"],
                            "matches": r["matches"],
                        }
                        for r in rows
                    ],
                }
            ],
        }
    )
    if not alone["valid"]:
        for error in alone["errors"]:
            flash(f"{error['rule']}: {reason_text(error)}", "error")
        return back
    return _changed(series, "paper", record, form.version.data)


@bp.post("/<int:series_id>/merge")
def merge(series_id: int) -> BaseResponse:
    series, state = _office(series_id)
    form = MergeForm()
    if not form.validate_on_submit():
        abort(400, _("Choose two names."))
    found = standing(series, state)
    alias, into = str(form.alias.data), str(form.into.data)
    merged = state.merged.keys() | state.club_merged.keys()
    if alias not in found.names or into not in found.names or alias in merged or into in merged:
        abort(400, _("Choose two names of the series."))
    if state.person(into) == state.person(alias):
        flash(_("These names are one person already."), "error")
        return redirect(url_for("season.show", series_id=series_id), 303)
    for event in found.record["events"]:
        players = {state.person(result["player"]) for result in event["results"]}
        if state.person(alias) in players and state.person(into) in players:
            flash(
                _(
                    "%(first)s and %(second)s both played %(event)s: two people, not one (Z2.4).",
                    first=found.names[alias],
                    second=found.names[into],
                    event=event["name"],
                ),
                "error",
            )
            return redirect(url_for("season.show", series_id=series_id), 303)
    return _changed(series, "merge", {"alias": alias, "into": into}, form.version.data)


@bp.post("/<int:series_id>/split")
def split(series_id: int) -> BaseResponse:
    series, state = _office(series_id)
    form = NameForm()
    if not form.validate_on_submit() or form.player.data not in state.merged:
        abort(400, _("This name is not merged."))
    return _changed(series, "split", {"alias": form.player.data}, form.version.data)


@bp.post("/<int:series_id>/guest")
def guest(series_id: int) -> BaseResponse:
    series, state = _office(series_id)
    form = NameForm()
    if not form.validate_on_submit():
        abort(400, _("Choose a name."))
    player = str(form.player.data)
    if player in state.club_guests:
        flash(_("The club keeps this name out of all its series: change it on the club's page."), "error")
        return redirect(url_for("season.show", series_id=series_id), 303)
    return _changed(
        series, "guest", {"player": player, "guest": player not in state.guests}, form.version.data
    )


#: The standing's downloads: rows for a spreadsheet, or the printout.
FILES = ("csv", "xlsx", "pdf")


@bp.get("/<int:series_id>/standing.<ext>")
def standing_file(series_id: int, ext: str) -> Response:
    if ext not in FILES:
        abort(404)
    series = load(series_id)
    found = standing(series, club.series_state(series))
    if found.answer is None or not found.answer.get("valid"):
        abort(409, _("The series has no standing yet."))
    name = f"tafel-series-{series_id}"
    if ext == "pdf":
        num, digits, rtl = _pdf_numbers()
        printout = Printout(series.title, exports.standing_pages(series.title, found, num, digits), rtl)
        return pdf_response(render(printout), f"{name}.pdf")
    rows = exports.standing_rows(found)
    if ext == "xlsx":
        body = to_xlsx(rows, series.title)  # a sheet's name as spreadsheets allow it
        mimetype = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    else:
        body = to_csv(rows)
        mimetype = "text/csv"
    return Response(
        body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{name}.{ext}"'}
    )


def _pdf_numbers() -> tuple[exports.Number, exports.Number, bool]:
    """Numbers and digits as the reader's language writes them in a PDF, and its direction."""
    code = str(get_locale())
    lang = pdf_lang(code)

    def num(value: Any) -> str:
        return "" if value is None else lang.number(value)

    def digits(value: Any) -> str:
        return "" if value is None else lang.digits(value)

    return num, digits, is_rtl(code)


def _as_of() -> date | None:
    raw = request.args.get("as_of")
    if not raw:
        return None
    found = checks.date_of(raw)
    if found is None:
        abort(400, _("as_of: give a date written YYYY-MM-DD."))
    return found


def _rated(series_id: int) -> tuple[Series, season_rating.RatingLog, list[tuple[str, str]]]:
    """The series, the rating log of the discipline ``?game=`` names, and its disciplines."""
    series = load(series_id)
    state = club.series_state(series)
    if not state.rating:
        abort(404, _("This series rates no players: its office can switch the rating on."))
    made, listed = rating_of(state)
    return series, made, listed


def rating_of(state: log.SeriesState) -> tuple[season_rating.RatingLog, list[tuple[str, str]]]:
    """The rating log of the discipline ``?game=`` names (by default the one most evenings
    played) of a series' or a club's evenings (``state``), and every discipline they played."""
    listed = season_rating.disciplines(state)
    asked = request.args.get("game")
    if asked and asked not in dict(listed):
        abort(400, _("game: no evening here played such a game."))
    chosen = asked or (listed[0][0] if listed else "")
    return season_rating.rating_log(state, chosen), listed


def _owner(series: Series) -> dict[str, Any]:
    """Whose ratings a rating page shows (a series', or a club's: ``club_views``), for its links."""
    return {
        "title": series.title,
        "url": url_for("season.show", series_id=series.id),
        "rating": "season.rating",
        "player": "season.player",
        "args": {"series_id": series.id},
        "club": False,
        "file": f"tafel-series-{series.id}",
    }


@bp.get("/<int:series_id>/rating")
def rating(series_id: int) -> str:
    series, made, listed = _rated(series_id)
    return rating_page(_owner(series), made, listed)


def rating_page(owner: dict[str, Any], made: season_rating.RatingLog, listed: list[tuple[str, str]]) -> str:
    """The ratings of a series' or a club's evenings (``owner``: ``_owner``'s), as of ``?as_of=``."""
    as_of = _as_of()
    answer = season_rating.rated(made, as_of)
    return render_template(
        "season/rating.html", owner=owner, made=made, answer=answer, as_of=as_of, disciplines=listed
    )


@bp.get("/<int:series_id>/player")
def player(series_id: int) -> str | Response:
    series, made, listed = _rated(series_id)
    return player_page(_owner(series), made, listed)


def player_page(
    owner: dict[str, Any], made: season_rating.RatingLog, listed: list[tuple[str, str]]
) -> str | Response:
    """A player's rating and its course over the evenings (``?name=``), or its PDF (``?print=pdf``)."""
    key = request.args.get("name", "")
    answer = season_rating.rated(made)
    rows = answer.get("ratings", []) + answer.get("unrated", [])
    row = next((r for r in rows if r["id"] == key), None)
    if row is None:
        abort(404, _("No such player in these ratings."))
    points, until = season_rating.course_within(made, key, budget=season_rating.COURSE_BUDGET)
    if until is not None:
        # The evenings this reading left: rated once the page is sent, kept for the next reading.
        @after_this_request
        def _finish(response: Response) -> Response:
            response.call_on_close(partial(season_rating.finish_course, made))
            return response

    if request.args.get("print") == "pdf":
        num, _digits, rtl = _pdf_numbers()
        title = str(owner["title"])
        printout = Printout(title, exports.player_pages(title, row, points, num, until), rtl)
        return pdf_response(render(printout), f"{owner['file']}-player.pdf")
    return render_template(
        "season/player.html",
        owner=owner,
        row=row,
        points=points,
        until=until,
        chart=season_rating.chart(points),
        made=made,
        disciplines=listed,
    )


def series_offered() -> list[Series]:
    """The series this browser may add an event to (an administrator: the latest ones)."""
    query = select(Series).order_by(Series.id.desc()).limit(PAGE_SIZE)
    if not rights.is_admin():
        held = [int(k) for k in (session.get(RIGHTS) or {}) if str(k).isdigit()]
        if not held:
            return []
        query = query.where(Series.id.in_(held))
    return [series for series in db.session().scalars(query).all() if may_change(series.id)]


def _join_part() -> Markup | None:
    offered = series_offered()
    if not offered:
        return None
    return Markup(render_template("season/_join_part.html", offered=offered))


def _join_created(event: Event) -> None:
    """The new event joins the series chosen on its form, if this browser may change that series."""
    chosen = request.form.get("series", "")
    if not chosen.isdigit() or not may_change(int(chosen)):
        return
    series = db.session().get(Series, int(chosen))
    if series is None:
        return
    try:
        log.append(
            db.session(),
            series,
            expected_version=log.last_seq(db.session(), series.id),
            kind="event",
            record={"event": event.id, "weight": 1},
        )
    except (log.Conflict, log.Full):
        flash(_("The series changed meanwhile: add the event on its page."), "error")


def _holding(event: Event) -> list[tuple[Series, log.SeriesState]]:
    """The series that count the event, the latest first."""
    joined = (
        db.session()
        .execute(select(SeriesEntry.series_id, SeriesEntry.record).where(SeriesEntry.kind == "event"))
        .all()
    )
    found = []
    for series_id in sorted(
        {sid for sid, record in joined if (record or {}).get("event") == event.id}, reverse=True
    ):
        series = db.session().get(Series, series_id)
        state = club.series_state(series) if series is not None else None
        if series is not None and state is not None and event.id in state.events:
            found.append((series, state))
    return found


def _strengths(event: Event) -> dict[str, float] | None:
    """The ratings its series gives the event's players, when that series rates and balances:
    over all the evenings of its club when the club rates too (a cup's first evening seats its
    tables by the club's season)."""
    for _series, state in _holding(event):
        if not (state.rating and state.balance):
            continue
        held = db.session().get(Club, state.club[0]) if state.club is not None else None
        if held is not None and (club_state := club.derive(held.entries)).rating:
            state = club.whole(held, club_state)
        answer = season_rating.rated(season_rating.rating_log(state, season_rating.discipline_of(event)))
        ratings = {
            row["id"]: float(row["rating"]) for row in answer.get("ratings", []) + answer.get("unrated", [])
        }
        players = event_log.derive(event.entries)
        found = {}
        for player in players.registered:
            person = state.person(register.key_of(player.name))
            if person in ratings:
                found[player.id] = ratings[person]
        return found or None
    return None


#: The series' latest evenings and paper rankings whose names the register reads to ask about an
#: evening's names (a club's regulars play most evenings; an older spelling is the office's to
#: merge): a series of hundreds of evenings costs a director's page no more than a season's.
NAMES_FROM = 12
#: Each evening's registered names by its log's version, and a series' members by its version
#: and those of the evenings read (``rating.kept``): a director's page polled while the players
#: arrive reads them once.
_PLAYERS: OrderedDict[str, tuple[str, ...]] = OrderedDict()
_PLAYERS_KEPT = 256
_MEMBERS: OrderedDict[str, dict[str, str]] = OrderedDict()
_MEMBERS_KEPT = 16


def players_of(event_id: int) -> tuple[str, tuple[str, ...]]:
    """The version of an evening's log and the names it registered (corrected ones as corrected)."""
    event, rows = snapshot.event_and_log(event_id)
    return players_at(event, rows)


def players_at(event: Event, rows: Sequence[snapshot.LogRow]) -> tuple[str, tuple[str, ...]]:
    """``players_of`` of an evening whose log is read already (``snapshot.logs_of``)."""
    # The database and the event's creation name its log (a fresh database numbers from 1 again).
    version = f"{snapshot.log_key(event)}:{rows[-1].seq if rows else 0}"
    return version, season_rating.kept(_PLAYERS, _PLAYERS_KEPT, version, partial(_registered_names, rows))


def _registered_names(rows: Sequence[snapshot.LogRow]) -> tuple[str, ...]:
    """The names an evening's log registers, as ``state.derive`` names its players (a player, a
    pair's two, a substitute; a correction's name for its player's), read from those entries
    alone: the names only suggest who a new name may be, and an evening of a thousand players
    is read in a fraction of its whole state's time."""
    names: dict[str, object] = {}
    for row in rows:
        record = row.record if isinstance(row.record, dict) else {}
        if row.kind in ("player", "substitute"):
            names[f"{row.kind}{row.seq}"] = record.get("name")
        elif row.kind == "pair":
            for suffix, member in zip("ab", record.get("players") or (), strict=False):
                if isinstance(member, dict):
                    names[f"player{row.seq}{suffix}"] = member.get("name")
        elif row.kind == "correction" and "name" in record:
            corrected = f"player{row.target_seq}{record.get('member', '')}"
            if corrected in names:
                names[corrected] = record["name"]
    return tuple(name for name in names.values() if isinstance(name, str) and name)


def _names(event: Event, registered: Sequence[str]) -> list[additions.NameMatch] | None:
    """The names an evening registers as the register of its series reads them (the latest
    series that counts the event, its latest :data:`NAMES_FROM` evenings and paper rankings;
    the club's latest evenings over all its series when a club holds that series): each
    person's spelling is the one most of them wrote, the first met among equals, as the
    standing shows it (``scorer.season.standing``)."""
    holding = _holding(event)
    if not holding:
        return None
    series, state = holding[0]
    title, scope = series.title, f"series:{series.id}:{series.created}"
    evening_ids = [event_id for event_id in state.events if event_id != event.id]
    held = db.session().get(Club, state.club[0]) if state.club is not None else None
    if held is not None:
        state = club.whole(held, club.derive(held.entries))
        title, scope = held.name, f"club:{held.id}:{held.created}"
        # The club's evenings in the order they were made, whichever series counts them.
        evening_ids = sorted(event_id for event_id in state.events if event_id != event.id)
    others = evening_ids[-NAMES_FROM:]
    stored = set(db.session().scalars(select(Event.id).where(Event.id.in_(others))))
    evenings = [players_of(event_id) for event_id in others if event_id in stored]
    papers = [
        [str(row["name"]) for row in record.get("results", [])]
        for record in list(state.papers.values())[-NAMES_FROM:]
    ]

    def members() -> dict[str, str]:
        # Each spelling counted over the evenings first (a regular's name recurs every evening),
        # then read once for its person; in the order first met, which breaks a tie.
        counted: dict[str, int] = {}
        for names in [*(names for _version, names in evenings), *papers]:
            for name in names:
                counted[name] = counted.get(name, 0) + 1
        written: dict[str, dict[str, int]] = {}
        for name, count in counted.items():
            written.setdefault(state.person(register.key_of(name)), {})[name] = count
        return {
            person: max(spellings, key=lambda name: (spellings[name], -list(spellings).index(name)))
            for person, spellings in written.items()
            if person
        }

    database = db.session().get_bind().engine.url
    # The merges in the version too: a club's change moves its series' names, not their logs.
    merges = json.dumps([sorted(state.merged.items()), sorted(state.club_merged.items())])
    version = (
        f"{database}:{scope}:{state.version}:{hashlib.sha256(merges.encode()).hexdigest()}:"
        f"{','.join(v for v, _n in evenings)}"
    )
    found = season_rating.kept(_MEMBERS, _MEMBERS_KEPT, version, members)
    return register.read_names(registered, found, state.person, title)


additions.add(additions.Addition(_join_part, _join_created, _strengths, _names))


@bp.get("/<int:series_id>/export.json")
def export_json(series_id: int) -> Response:
    series, state = _office(series_id)
    data = json.dumps(transfer.export_record(series, state), ensure_ascii=False, indent=1)
    return Response(
        data,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="tafel-series-{series_id}.json"'},
    )


@bp.route("/import", methods=["GET", "POST"])
def import_series() -> Any:
    form = ImportSeriesForm()
    if form.validate_on_submit():
        rights.check_write("import")
        try:
            document = transfer.sent_document(form.file.data, form.text.data, "series")
            title, entries = transfer.read_entries(document)
            series = Series(title=title)
            db.session().add(series)
            db.session().flush()
            transfer.import_into(db.session(), series, entries)
        except (transfer.Unreadable, UnicodeDecodeError) as error:
            db.session().rollback()
            form.text.errors = [
                *form.text.errors,
                _("This is not a series export: %(reason)s", reason=str(error)),
            ]
        else:
            db.session().commit()
            grant(series.id)
            flash(_("Series imported."))
            return redirect(url_for("season.show", series_id=series.id), 303)
    form.fresh_key()
    return render_template("season/import.html", form=form), (422 if request.method == "POST" else 200)
