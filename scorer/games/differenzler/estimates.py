"""Hidden estimates from each player's own phone (D3.3).

Each player opens the table's link on his phone, picks his seat and types his estimate.
It is sealed into the match's append-only log as an ``estimate`` entry (``{"deal", "seat",
"estimate", "at"}``: the 1-based number of the deal it is for, and the time it was sealed);
a later entry of the same seat for the same deal replaces it. The log's readers pass over
these entries (:func:`scorer.store.log.derive` derives deals from ``deal`` and
``correction`` only), and no screen shows their values: the table sees "3 of 4 estimates
in", and the deal form takes the sealed estimates, with their times as ``sealed_at``, when
the deal's points are entered.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from sqlalchemy import func, select
from wtforms import PasswordField, RadioField
from wtforms.validators import InputRequired
from wtforms.widgets import PasswordInput

from scorer.games.board import MatchView, names, table_access
from scorer.store import db, log
from scorer.store.models import Entry
from scorer.web.forms import KeyedForm, choices, numeric

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


def sealed(entries: Iterable[Entry], deal: int) -> dict[int, tuple[int, str]]:
    """Each seat's sealed estimate for deal number ``deal`` (1-based), with its time: the latest counts."""
    found: dict[int, tuple[int, str]] = {}
    for entry in sorted(entries, key=lambda e: e.seq):
        record = entry.record or {}
        if entry.kind == KIND and record.get("deal") == deal:
            found[int(record["seat"])] = (int(record["estimate"]), str(record["at"]))
    return found


def next_deal(loaded: MatchView) -> int:
    """The number of the deal the estimates are for: the one after the deals entered."""
    return len(loaded.state.current_slots) + 1


def open_for_estimates(loaded: MatchView) -> bool:
    """Phones may seal estimates: a hidden-form Partie that is not over."""
    return hidden(loaded.settings) and not loaded.answer.get("finished") and loaded.scored.valid


def table_count(loaded: MatchView) -> tuple[int, int] | None:
    """(estimates sealed, players) for the next deal, for the table's screen; None when not open."""
    if not open_for_estimates(loaded):
        return None
    return len(sealed(loaded.match.entries, next_deal(loaded))), players(loaded.settings)


def sealed_now() -> str:
    """The time the hidden estimates were sealed into the log (D3.3, ``sealed_at``)."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def for_a_new_deal() -> dict[int, tuple[int, str]]:
    """On the new-deal page of a match: the sealed estimates of the deal being entered."""
    args = request.view_args or {}
    match_id = args.get("match_id")
    if request.endpoint != "deals.new" or not isinstance(match_id, int):
        return {}
    session = db.session()
    entries = session.scalars(select(Entry).where(Entry.match_id == match_id)).all()
    return sealed(entries, len(log.derive(entries).current_slots) + 1)


def _latest_version(match_id: int) -> int:
    """The match's version as stored now (another phone may have sealed meanwhile)."""
    return int(db.session().scalar(select(func.max(Entry.seq)).where(Entry.match_id == match_id)) or 0)


class EstimateForm(KeyedForm):
    seat = RadioField(_l("Your seat"), validators=[InputRequired(message=_l("Choose your seat."))])
    # Masked while typed, and never shown again (D3.3).
    estimate = PasswordField(
        _l("Your estimate"),
        validators=[InputRequired(message=_l("Enter your estimate."))],
        widget=PasswordInput(hide_value=True),
        # numeric() makes a text field (for Persian digits): this one stays masked.
        render_kw=numeric(type="password", autocomplete="off"),
    )


def blueprint(bp: Blueprint) -> Blueprint:
    """Add the phone's page to the game's blueprint."""
    bp.add_url_rule("/matches/<int:match_id>/estimate", "estimate", estimate, methods=["GET", "POST"])
    return bp


def estimate(match_id: int) -> Any:
    """A player's phone: pick the seat, type the estimate, seal it (D3.3)."""
    access = table_access()
    loaded = access.load(match_id)
    if loaded.settings.get("game") != "differenzler":
        abort(404)
    if not access.may_edit(loaded.match):
        raise access.refused(match_id)
    settings = loaded.settings
    seat_names = names(settings)
    form = EstimateForm()
    form.seat.choices = choices(*((str(n), seat_names[n - 1]) for n in range(1, players(settings) + 1)))
    if request.method == "GET" and request.args.get("seat"):
        form.seat.data = request.args["seat"]
    if not open_for_estimates(loaded):
        flash(_("Estimates are typed on the table's screen in this Partie."))
        return redirect(url_for("matches.show", match_id=match_id))
    deal = next_deal(loaded)
    status = 200
    if form.is_submitted():
        if form.validate() and _seal(loaded, form, deal):
            return redirect(
                url_for("game_differenzler.estimate", match_id=match_id, seat=form.seat.data), 303
            )
        status = 422
    form.fresh_key()
    done = sealed(loaded.match.entries, deal)
    return (
        render_template(
            "differenzler/estimate.html",
            m=loaded,
            form=form,
            deal=deal,
            done=[seat_names[s - 1] for s in sorted(done)],
            count=len(done),
            players=players(settings),
        ),
        status,
    )


def _seal(loaded: MatchView, form: EstimateForm, deal: int) -> bool:
    """Check the estimate (D3.1) and append it; False with the reason on the form."""
    top = maximum(loaded.settings)
    try:
        value = int(str(form.estimate.data).strip())
    except ValueError:
        value = -1
    if not 0 <= value <= top:
        form.estimate.errors = [_("An estimate is a number of points, 0 to %(maximum)s (D3.1).", maximum=top)]
        return False
    record = {"deal": deal, "seat": int(form.seat.data), "estimate": value, "at": sealed_now()}
    version = loaded.state.version
    for _attempt in range(3):  # the other phones write at the same moment: take the new version
        try:
            log.append(
                db.session(),
                loaded.match,
                expected_version=version,
                kind=KIND,
                record=record,
                key=form.idem.data,
            )
        except log.Duplicate:
            break
        except log.Conflict:
            version = _latest_version(loaded.match.id)
            continue
        break
    flash(_("Your estimate is sealed. Nobody sees it until the deal is entered."))
    return True
