"""The club pages: the list, a new club, its page (its series, its register, the office's merges,
splits and guests) and its ratings over all its series (SEASON.md Z2, Z10).

Anyone reads a club's page and its ratings; the browser that created the club, and an
administrator, change it. A series joins a club from a browser that holds both rights: the
club's register then reads the series' names, and the series' standing reads them through it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from sqlalchemy import select
from sqlalchemy.orm import lazyload
from werkzeug.wrappers import Response as BaseResponse

from scorer.access import rights
from scorer.events import snapshot
from scorer.season import club, club_transfer, register, transfer
from scorer.season import log as series_log
from scorer.season import views as series_views
from scorer.season.forms import (
    ClubOptionsForm,
    ClubSeriesForm,
    ImportClubForm,
    MergeForm,
    NameForm,
    NewClubForm,
)
from scorer.store import db
from scorer.store.models import Club, Event, Series

bp = Blueprint("clubs", __name__, url_prefix="/clubs")

#: The session's key for the clubs this browser may change: club id -> its stored right.
RIGHTS = "tafel_clubs"
PAGE_SIZE = 25
#: The club's latest evenings its register reads (a club's regulars play most of them; an older
#: spelling is the office's to merge): a club of a dozen seasons costs its page no more than one.
REGISTER_EVENINGS = 24
#: Names listed a page of the register at a time.
REGISTER_PAGE = 100
#: Names offered in the merge form's two lists at most; a larger register merges from the
#: pairs that look alike.
SELECT_MOST = 400


def may_change(club_id: int) -> bool:
    return rights.is_admin() or rights.club_grant_holds(rights.office_grant(RIGHTS, club_id), club_id)


def _grant(club_id: int) -> None:
    """This browser becomes the club's office (its session holds the right)."""
    rights.remember_office(RIGHTS, club_id, rights.new_club_grant(club_id))


def load(club_id: int) -> Club:
    found = db.session().get(Club, club_id)
    if found is None:
        abort(404)
    return found


def _office(club_id: int) -> tuple[Club, club.ClubState]:
    found = load(club_id)
    if not may_change(club_id):
        raise rights.EditRefused(
            _("Only the club's office changes it."), _("Open it in the browser that created it, or log in.")
        )
    return found, club.derive(found.entries)


@bp.get("/")
def index() -> str:
    found = db.session().scalars(select(Club).order_by(Club.id.desc()).limit(PAGE_SIZE)).all()
    return render_template("season/clubs.html", clubs=found)


@bp.route("/new", methods=["GET", "POST"])
def new() -> Any:
    form = NewClubForm()
    if form.validate_on_submit():
        rights.check_write("new")  # one address starts only so many clubs (as series)
        key = rights.form_key_hash(form.idem.data)
        existing = db.session().scalars(select(Club).where(Club.idempotency_key == key)).first()
        if existing is not None:
            return redirect(url_for("clubs.show", club_id=existing.id), 303)
        made = Club(name=(form.name.data or "").strip(), idempotency_key=key)
        db.session().add(made)
        db.session().commit()
        club.append(
            db.session(), made, expected_version=0, kind="options", record={"rating": form.rating.data}
        )
        _grant(made.id)
        return redirect(url_for("clubs.show", club_id=made.id), 303)
    form.fresh_key()
    return render_template("season/club_new.html", form=form), 422 if request.method == "POST" else 200


@dataclass(slots=True)
class Member:
    """One person of the club's register: his name as most evenings wrote it, the evenings he
    played of those the register reads, and the other names merged into his."""

    key: str
    name: str
    evenings: int = 0
    aliases: list[str] = field(default_factory=list)
    guest: bool = False


@dataclass(slots=True)
class Register:
    members: list[Member]
    #: a name's key -> the name as written.
    names: dict[str, str]
    #: Each evening read, its persons' keys (after every merge): two names met at one evening
    #: are two people (Z2.4).
    evenings: list[tuple[str, set[str]]]
    #: The evenings of the club, and those the register read (its latest).
    held: int
    read: int


def _evenings(state: series_log.SeriesState) -> list[tuple[str, tuple[str, ...]]]:
    """The latest :data:`REGISTER_EVENINGS` evenings of the app the club's series count, each its
    title and the names it registered, oldest first (the paper rankings are ``_papers``)."""
    ids = sorted(state.events)[-REGISTER_EVENINGS:]
    # The events' rows alone; their logs as this server keeps them, read where they grew.
    stored = (
        db.session().scalars(select(Event).options(lazyload(Event.entries)).where(Event.id.in_(ids))).all()
    )
    logs = snapshot.logs_of(stored)
    return [
        (event.title, series_views.players_at(event, logs[event.id])[1])
        for event in sorted(stored, key=lambda event: event.id)
    ]


def _papers(held: list[tuple[Series, series_log.SeriesState]]) -> list[tuple[str, tuple[str, ...]]]:
    """Every paper ranking of the club's series (``held``: a past season's), each its title and names."""
    return [
        (str(record.get("title", "")), tuple(str(r["name"]) for r in record.get("results", [])))
        for _series, own in held
        for record in own.papers.values()
    ]


def read_register(
    held: list[tuple[Series, series_log.SeriesState]], state: series_log.SeriesState
) -> Register:
    """The club's players over the evenings it reads (``_evenings``, ``_papers``): one person per
    name after the merges (each series', then the club's), his spelling the one most evenings wrote
    (a person met only under a merged name: as the club's merge wrote him)."""
    every_paper = _papers(held[: club.MOST_SERIES])
    evenings = [*every_paper[-REGISTER_EVENINGS:], *_evenings(state)]
    spellings: dict[str, dict[str, list[int]]] = {}
    met: list[tuple[str, set[str]]] = []
    attended: dict[str, int] = {}
    for title, registered in evenings:
        persons: set[str] = set()
        for name in registered:
            key = register.key_of(name)
            if not key:
                continue
            written = spellings.setdefault(key, {})
            written.setdefault(name, [0, len(written)])[0] += 1
            persons.add(state.person(key))
        for person in persons:
            attended[person] = attended.get(person, 0) + 1
        met.append((title, persons))
    names = {
        key: max(written, key=lambda name: (written[name][0], -written[name][1]))
        for key, written in spellings.items()
    }
    members: dict[str, Member] = {}
    for key in sorted(names, key=lambda k: names[k].casefold()):
        person = state.person(key)
        member = members.get(person)
        if member is None:
            shown = names.get(person) or state.club_names.get(person) or names[key]
            member = members[person] = Member(
                person, shown, attended.get(person, 0), guest=person in state.guests
            )
        if key != person:
            member.aliases.append(names[key])
    listed = sorted(members.values(), key=lambda m: m.name.casefold())
    return Register(listed, names, met, len(state.events) + len(every_paper), len(evenings))


@bp.get("/<int:club_id>")
def show(club_id: int) -> str:
    found = load(club_id)
    club_state = club.derive(found.entries)
    series_held = club.held_series(club_state)
    state = club.whole(found, club_state, series_held)
    read = read_register(series_held, state)
    editing = may_change(club_id)
    page = request.args.get("page", "1")
    number = int(page) if page.isdigit() and 0 < int(page) <= 10**6 else 1
    pages = max(1, -(-len(read.members) // REGISTER_PAGE))
    number = min(number, pages)
    shown = read.members[(number - 1) * REGISTER_PAGE : number * REGISTER_PAGE]
    forms: dict[str, Any] = {}
    if editing:
        forms = _forms(found, club_state, read)
    return render_template(
        "season/club.html",
        club=found,
        state=club_state,
        held=[series for series, _own in series_held],
        register=read,
        members=shown,
        page=number,
        pages=pages,
        editing=editing,
        **forms,
    )


def _forms(found: Club, state: club.ClubState, read: Register) -> dict[str, Any]:
    version = str(state.version)
    joining = ClubSeriesForm(formdata=None, version=version)
    joining.series.choices = [
        (str(series.id), series.title)
        for series in series_views.series_offered()
        if series.id not in state.series
    ]
    merge = MergeForm(formdata=None, version=version)
    choices = [(m.key, m.name) for m in read.members if not m.guest]
    if len(choices) <= SELECT_MOST:
        merge.alias.choices = merge.into.choices = choices
    options = ClubOptionsForm(formdata=None, version=version, rating=state.rating)
    for form in (joining, merge, options):
        form.fresh_key()
    return {
        "joining": joining,
        "merge": merge,
        "options_form": options,
        "duplicates": _duplicates(read),
        "version": version,
        "token": generate_csrf(),
    }


def _duplicates(read: Register) -> list[tuple[Member, Member]]:
    """Near-duplicate names as (alias, into): the name played fewer evenings joins the other."""
    by_key = {member.key: member for member in read.members if not member.guest}
    offered = register.merges_offered(by_key, {key: member.evenings for key, member in by_key.items()})
    return [(by_key[alias], by_key[into]) for alias, into in offered]


def _changed(found: Club, kind: str, record: dict[str, Any], version: str | None) -> BaseResponse:
    try:
        club.append(db.session(), found, expected_version=int(version or -1), kind=kind, record=record)
    except (series_log.Conflict, ValueError):
        flash(_("The club changed meanwhile: check it, then try again."), "error")
    except series_log.Full:
        flash(_("The club holds as many changes as a club may: start a new club."), "error")
    return redirect(url_for("clubs.show", club_id=found.id), 303)


@bp.post("/<int:club_id>/options")
def options(club_id: int) -> BaseResponse:
    found, _state = _office(club_id)
    form = ClubOptionsForm()
    if not form.validate_on_submit():
        abort(400, _("The page was out of date: nothing was saved. Try again."))
    return _changed(found, "options", {"rating": bool(form.rating.data)}, form.version.data)


@bp.post("/<int:club_id>/series")
def join(club_id: int) -> BaseResponse:
    found, state = _office(club_id)
    form = ClubSeriesForm()
    chosen = str(form.series.data or "") if form.validate_on_submit() else ""
    if not chosen.isdigit() or db.session().get(Series, int(chosen)) is None:
        abort(400, _("Choose a series."))
    series_id = int(chosen)
    if not series_views.may_change(series_id):
        raise rights.EditRefused(
            _("Only the series' office adds it to a club."),
            _("Open the club in the browser that created the series, or log in."),
        )
    if len(state.series) >= club.MOST_SERIES:
        flash(_("The club holds as many series as a club may: start a new club."), "error")
        return redirect(url_for("clubs.show", club_id=club_id), 303)
    other = club.holding(series_id)
    if other is not None and other[0].id != club_id:
        flash(_("This series is in the club %(club)s: remove it there first.", club=other[0].name), "error")
        return redirect(url_for("clubs.show", club_id=club_id), 303)
    return _changed(found, "series", {"series": series_id}, form.version.data)


@bp.post("/<int:club_id>/series/leave")
def leave(club_id: int) -> BaseResponse:
    found, state = _office(club_id)
    form = ClubSeriesForm()
    chosen = str(form.series.data or "") if form.validate_on_submit() else ""
    if not chosen.isdigit() or int(chosen) not in state.series:
        abort(400, _("Choose a series of the club."))
    return _changed(found, "leave", {"series": int(chosen)}, form.version.data)


def _register_of(found: Club, state: club.ClubState) -> tuple[series_log.SeriesState, Register]:
    held = club.held_series(state)
    whole = club.whole(found, state, held)
    return whole, read_register(held, whole)


@bp.post("/<int:club_id>/merge")
def merge(club_id: int) -> BaseResponse:
    found, state = _office(club_id)
    form = MergeForm()
    if not form.validate_on_submit():
        abort(400, _("Choose two names."))
    whole, read = _register_of(found, state)
    alias, into = str(form.alias.data), str(form.into.data)
    merged = whole.merged.keys() | whole.club_merged.keys()
    if alias not in read.names or into not in read.names or alias in merged or into in merged:
        abort(400, _("Choose two names of the club."))
    if whole.person(into) == whole.person(alias):
        flash(_("These names are one person already."), "error")
        return redirect(url_for("clubs.show", club_id=club_id), 303)
    for title, persons in read.evenings:
        if whole.person(alias) in persons and whole.person(into) in persons:
            flash(
                _(
                    "%(first)s and %(second)s both played %(event)s: two people, not one (Z2.4).",
                    first=read.names[alias],
                    second=read.names[into],
                    event=title,
                ),
                "error",
            )
            return redirect(url_for("clubs.show", club_id=club_id), 303)
    # The person's name as the register writes it: a series that met him only under the
    # alias shows it.
    record = {"alias": alias, "into": into, "name": read.names[into]}
    return _changed(found, "merge", record, form.version.data)


@bp.post("/<int:club_id>/split")
def split(club_id: int) -> BaseResponse:
    found, state = _office(club_id)
    form = NameForm()
    if not form.validate_on_submit() or form.player.data not in state.merged:
        abort(400, _("This name is not merged."))
    return _changed(found, "split", {"alias": form.player.data}, form.version.data)


@bp.post("/<int:club_id>/guest")
def guest(club_id: int) -> BaseResponse:
    found, state = _office(club_id)
    form = NameForm()
    if not form.validate_on_submit():
        abort(400, _("Choose a name."))
    player = str(form.player.data)
    return _changed(
        found, "guest", {"player": player, "guest": player not in state.guests}, form.version.data
    )


def _rated(club_id: int) -> tuple[Club, Any, list[tuple[str, str]]]:
    found = load(club_id)
    state = club.derive(found.entries)
    if not state.rating:
        abort(404, _("This club rates no players: its office can switch the rating on."))
    made, listed = series_views.rating_of(club.whole(found, state))
    return found, made, listed


def _owner(found: Club) -> dict[str, Any]:
    return {
        "title": found.name,
        "url": url_for("clubs.show", club_id=found.id),
        "rating": "clubs.rating",
        "player": "clubs.player",
        "args": {"club_id": found.id},
        "club": True,
        "file": f"tafel-club-{found.id}",
    }


@bp.get("/<int:club_id>/rating")
def rating(club_id: int) -> str:
    found, made, listed = _rated(club_id)
    return series_views.rating_page(_owner(found), made, listed)


@bp.get("/<int:club_id>/player")
def player(club_id: int) -> Any:
    found, made, listed = _rated(club_id)
    return series_views.player_page(_owner(found), made, listed)


@bp.get("/<int:club_id>/export.json")
def export_json(club_id: int) -> Response:
    found, _state = _office(club_id)
    data = json.dumps(club_transfer.export_record(found), ensure_ascii=False, indent=1)
    return Response(
        data,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="tafel-club-{club_id}.json"'},
    )


@bp.route("/import", methods=["GET", "POST"])
def import_club() -> Any:
    form = ImportClubForm()
    if form.validate_on_submit():
        rights.check_write("import")
        try:
            document = transfer.sent_document(form.file.data, form.text.data, "club")
            made, series_ids = club_transfer.import_club(db.session(), document)
        except (transfer.Unreadable, UnicodeDecodeError) as error:
            db.session().rollback()
            form.text.errors = [
                *form.text.errors,
                _("This is not a club export: %(reason)s", reason=str(error)),
            ]
        else:
            db.session().commit()
            _grant(made.id)
            for series_id in series_ids[-10:]:  # a session holds so many rights
                series_views.grant(series_id)
            flash(_("Club imported."))
            return redirect(url_for("clubs.show", club_id=made.id), 303)
    form.fresh_key()
    return render_template("season/club_import.html", form=form), (422 if request.method == "POST" else 200)
