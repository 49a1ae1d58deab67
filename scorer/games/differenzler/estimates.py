"""Hidden estimates from each player's own phone (D3.3).

Each seat has a link of its own (``scorer.access.seats``): the table's screen shows one QR
code per seat, the player scans his and types his estimate on his phone. That page seals
that seat's estimate and nothing else; the table's link seals none. It is sealed into the
match's append-only log as an ``estimate`` entry (``{"deal", "seat", "estimate", "at"}``: the
1-based number of the deal it is for, and the time it was sealed); a later entry of the same
seat for the same deal replaces it, until the deal is entered: then its estimates are locked
and the deal's record shows them (D3.3).

The log's readers pass over these entries (:func:`scorer.store.log.derive` derives deals from
``deal`` and ``correction`` only), and no answer carries their records
(:func:`scorer.store.log.shared_record`): the table sees "3 of 4 estimates in", and the deal
form takes the sealed estimates, with their times as ``sealed_at``, when the deal's points
are entered.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from sqlalchemy import select
from wtforms import HiddenField, PasswordField
from wtforms.validators import InputRequired
from wtforms.widgets import PasswordInput

from scorer.games.board import MatchView, names, table_access
from scorer.store import db, log
from scorer.store.models import Entry, Match
from scorer.web import conditional
from scorer.web.forms import BaseForm, KeyedForm, numeric

KIND = "estimate"
#: D3.1: an estimate is 0..157, or 0..177 when a Stöck may count (D5.4).
MAXIMUM, MAXIMUM_STOECK = 157, 177


def players(settings: Mapping[str, Any]) -> int:
    return int(settings.get("players") or 4)


def hidden(settings: Mapping[str, Any]) -> bool:
    return bool((settings.get("options") or {}).get("form", "hidden") == "hidden")


def maximum(settings: Mapping[str, Any]) -> int:
    stoeck = (settings.get("options") or {}).get("stoeck")
    return MAXIMUM_STOECK if stoeck in ("counted", "holder_choice") else MAXIMUM


def sealed(entries: Iterable[log.EntryLike], deal: int) -> dict[int, tuple[int, str]]:
    """Each seat's sealed estimate for deal number ``deal`` (1-based), with its time: the latest counts."""
    found: dict[int, tuple[int, str]] = {}
    for entry in sorted(entries, key=lambda e: e.seq):
        record = entry.record or {}
        seat, value = record.get("seat"), record.get("estimate")
        # An imported log carries no sealed values (they never leave the server): passed over.
        if (
            entry.kind == KIND
            and record.get("deal") == deal
            and isinstance(seat, int)
            and isinstance(value, int)
        ):
            found[seat] = (value, str(record.get("at") or ""))
    return found


def entered_once(entries: Iterable[log.EntryLike], deal: int) -> bool:
    """Deal number ``deal`` was entered at some time, though an undo may have taken it back
    since: its estimates were shown with it, so none may be sealed for it again (D3.3)."""
    state = log.derive([])
    for entry in sorted(entries, key=lambda e: e.seq):
        state = log.extend(state, [entry])
        if len(state.current_slots) >= deal:
            return True
    return False


def next_deal(loaded: MatchView) -> int:
    """The number of the deal the estimates are for: the one after the deals entered."""
    return len(loaded.state.current_slots) + 1


def open_for_estimates(loaded: MatchView) -> bool:
    """Phones may seal estimates: a hidden-form Partie that is not over."""
    return (
        hidden(loaded.settings)
        and not loaded.state.voided
        and not loaded.answer.get("finished")
        and loaded.scored.valid
    )


def table_count(loaded: MatchView) -> tuple[int, int] | None:
    """(estimates sealed, players) for the next deal, for the table's screen; None when not open."""
    if not open_for_estimates(loaded):
        return None
    return len(sealed(loaded.state.entries, next_deal(loaded))), players(loaded.settings)


def seat_links(loaded: MatchView) -> list[tuple[int, str, str | None]]:
    """(seat, name, link) of each seat's own link, for the table's tablet only (D3.3); the link
    is None for a seat a phone holds already (its code would let nobody else in)."""
    access = table_access()
    if not open_for_estimates(loaded) or not access.may_edit(loaded.match):
        return []
    seat_names = names(loaded.settings)
    taken = access.seats_held(loaded.match)
    found: list[tuple[int, str, str | None]] = []
    for seat in range(1, players(loaded.settings) + 1):
        link = None if seat in taken else access.seat_link(loaded.match, seat)
        if link is not None or seat in taken:
            found.append((seat, seat_names[seat - 1], link))
    return found


def sealed_now() -> str:
    """The time the hidden estimates were sealed into the log (D3.3, ``sealed_at``)."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def for_a_new_deal() -> dict[int, tuple[int, str]]:
    """Where a match's next deal is entered (its deal form, its match screen's panel): the sealed
    estimates of that deal."""
    args = request.view_args or {}
    match_id = args.get("match_id")
    if request.endpoint not in ("deals.new", "matches.show") or not isinstance(match_id, int):
        return {}
    session = db.session()
    entries = session.scalars(select(Entry).where(Entry.match_id == match_id)).all()
    return sealed(entries, len(log.derive(entries).current_slots) + 1)


class EstimateForm(KeyedForm):
    # Masked while typed, and never shown again (D3.3).
    estimate = PasswordField(
        _l("Your estimate"),
        validators=[InputRequired(message=_l("Enter your estimate."))],
        widget=PasswordInput(hide_value=True),
        # numeric() makes a text field (for Persian digits): this one stays masked.
        render_kw=numeric(type="password", autocomplete="off"),
    )
    #: The deal the page was shown for: once it is entered, its estimates are locked (D3.3).
    deal = HiddenField()


class Refused(Exception):
    """The estimate was not sealed: the reason for the phone, and the answer's status."""

    def __init__(self, reason: str, status: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status


#: Appends tried when the table or another phone writes at the same moment.
ATTEMPTS = 3


def blueprint(bp: Blueprint) -> Blueprint:
    """Add the table's page of seat links and each seat's own page to the game's blueprint."""
    bp.add_url_rule("/matches/<int:match_id>/estimate", "estimate", estimate, methods=["GET", "POST"])
    bp.add_url_rule(
        "/matches/<int:match_id>/estimate/<int:seat>", "seat_estimate", seat_estimate, methods=["GET", "POST"]
    )
    return bp


def _loaded(match_id: int) -> MatchView:
    loaded = table_access().load(match_id)
    if loaded.settings.get("game") != "differenzler":
        abort(404)
    return loaded


def estimate(match_id: int) -> Any:
    """The table's tablet: a QR code per seat, each seat's own link (D3.3). Nothing is sealed here."""
    access = table_access()
    loaded = _loaded(match_id)
    if not access.may_edit(loaded.match):
        raise access.refused(match_id)
    if not open_for_estimates(loaded):
        flash(_("Estimates are typed on the table's screen in this Partie."))
        return redirect(url_for("matches.show", match_id=match_id))
    status = 200
    if request.method == "POST":
        flash(_("Each player seals his estimate with his own seat's link (D3.3)."), "error")
        status = 403
    deal = next_deal(loaded)
    done = sealed(loaded.state.entries, deal)
    seat_names = names(loaded.settings)
    return _private(
        render_template(
            "differenzler/seats.html",
            m=loaded,
            deal=deal,
            seats=seat_links(loaded),
            free_form=BaseForm(formdata=None),
            done=[seat_names[s - 1] for s in sorted(done)],
            count=len(done),
            players=players(loaded.settings),
        ),
        status,
    )


def seat_estimate(match_id: int, seat: int) -> Any:
    """A player's phone, by his seat's own link: type the estimate, seal it (D3.3)."""
    access = table_access()
    loaded = _loaded(match_id)
    if not 1 <= seat <= players(loaded.settings):
        abort(404)
    if not access.holds_seat(loaded.match, seat):
        abort(403, description=_("Only this seat's own link seals its estimate: scan your seat's QR code."))
    if not open_for_estimates(loaded):
        flash(_("Estimates are typed on the table's screen in this Partie."))
        return redirect(url_for("matches.show", match_id=match_id))
    form = EstimateForm()
    deal = next_deal(loaded)
    status = 200
    if form.is_submitted():
        status = 422
        if form.validate():
            try:
                _seal(loaded, seat, form, deal)
            except Refused as refused:
                form.estimate.errors = [refused.reason]
                status = refused.status
            else:
                flash(_("Your estimate is sealed. Nobody sees it until the deal is entered."))
                return redirect(url_for("game_differenzler.seat_estimate", match_id=match_id, seat=seat), 303)
        loaded = _loaded(match_id)  # read again: the page shows the log as it is now
        deal = next_deal(loaded)
    form.deal.data = str(deal)
    form.idem.data = ""
    form.fresh_key()
    done = sealed(loaded.state.entries, deal)
    seat_names = names(loaded.settings)
    return _private(
        render_template(
            "differenzler/estimate.html",
            m=loaded,
            form=form,
            deal=deal,
            seat=seat,
            seat_name=seat_names[seat - 1],
            mine=seat in done,
            done=[seat_names[s - 1] for s in sorted(done)],
            count=len(done),
            players=players(loaded.settings),
        ),
        status,
    )


def _private(page: str, status: int) -> Response:
    """A page of its reader's own (a seat's links, a form's token): no cache keeps it."""
    return conditional.private(make_response(page, status))


def _seal(loaded: MatchView, seat: int, form: EstimateForm, deal: int) -> None:
    """Check the estimate (D3.1) and append it for ``seat``.

    :raises Refused: out of range (D3.1), for a deal entered meanwhile (locked, D3.3), or not
        stored because the log moved on at every attempt.
    """
    top = maximum(loaded.settings)
    try:
        value = int(str(form.estimate.data).strip())
    except ValueError:
        value = -1
    if not 0 <= value <= top:
        raise Refused(_("An estimate is a number of points, 0 to %(maximum)s (D3.1).", maximum=top), 422)
    shown_for = str(form.deal.data or "")
    if shown_for != str(deal):
        raise _locked(shown_for, deal)
    if entered_once(loaded.state.entries, deal):
        raise Refused(_("Deal %(n)s was entered once: its estimates stay locked (D3.3).", n=deal), 409)
    record = {"deal": deal, "seat": seat, "estimate": value, "at": sealed_now()}
    match: Match = loaded.match
    version = loaded.state.version
    for _attempt in range(ATTEMPTS):
        try:
            log.append(
                db.session(), match, expected_version=version, kind=KIND, record=record, key=form.idem.data
            )
            return
        except log.Duplicate:
            return  # this very form was sealed already (a double tap, a resend)
        except log.Conflict:
            # The table or another phone wrote first: seal on the log as it is now, unless
            # the table entered this deal meanwhile (its estimates are locked then).
            state = log.read(db.session(), match)
            if len(state.current_slots) + 1 != deal or state.voided:
                raise _locked(str(deal), len(state.current_slots) + 1) from None
            version = state.version
    raise Refused(_("The table saved at the same moment: your estimate was not sealed. Send it again."), 409)


def _locked(shown_for: str, deal: int) -> Refused:
    """The page was for another deal than the one open now."""
    if shown_for.isdigit() and int(shown_for) < deal:
        return Refused(
            _(
                "Deal %(n)s is entered: its estimates are locked (D3.3). This page is now for deal %(next)s.",
                n=int(shown_for),
                next=deal,
            ),
            409,
        )
    return Refused(_("This page was for another deal: it now shows deal %(n)s.", n=deal), 409)
