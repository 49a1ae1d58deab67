"""A Differenzler deal on the form: the estimates (masked while typed), then the points (D3, D6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from scorer.games.base import DealEntry, Form, Record, Settings
from scorer.games.common import name_seats
from scorer.games.deal_form import ShapeError, seat_or_none
from scorer.games.differenzler import estimates as estimates_module
from scorer.games.differenzler.forms import DifferenzlerDealForm
from scorer.web import display
from scorer.web.forms import choices

SUITS = ("D", "H", "S", "C")
DEAL_TOTAL = 157  # D5.1


def players(settings: Mapping[str, Any]) -> int:
    return int(settings.get("players") or 4)


def options(settings: Mapping[str, Any]) -> Mapping[str, Any]:
    return settings.get("options") or {}


def hidden(settings: Mapping[str, Any]) -> bool:
    """D3.3: hidden estimates are the default form."""
    return bool(options(settings).get("form", "hidden") == "hidden")


def tricks_asked(settings: Mapping[str, Any]) -> bool:
    """D6.3 ``needs_zero_trick``: an exact 0 earns the credit only with a trick won, so the form
    asks each player's tricks (D8 rejects an exact 0 without them)."""
    return bool(options(settings).get("zero_exact") == "needs_zero_trick")


def prepare(form: Form, settings: Settings) -> None:
    name_seats(form, settings, ("forehand",), ("stoeck",))
    # The seats whose estimate came from their phone (D3.3): the form says so, not the value.
    form.phone_seats = sorted(estimates_module.for_a_new_deal()) if hidden(settings) else []
    deck = settings.get("deck") or "swiss"
    modes = [*SUITS]
    if "obenabe" in (options(settings).get("modes") or []):
        modes += ["obenabe", "undenufe"]
    form.trump.choices = choices(*((m, display.contract_name(m, deck)) for m in modes))


def _number(form: Form, name: str, slot: str, message: str) -> int | None:
    raw = form[name].data
    if raw in (None, ""):
        return None
    try:
        return int(str(raw).strip())
    except ValueError:
        raise ShapeError(slot, message) from None


def record(form: Form, settings: Settings) -> Record:
    """The deal record (inside a Partie record) the form states.

    :raises ShapeError: an estimate that is no number, no trump, or a player's points missing.
    """
    count = players(settings)
    seats = range(1, count + 1)
    penalties = [
        _number(form, f"penalty_{n}", "penalties", _("A penalty is a number of offences.")) or 0
        for n in seats
    ]
    stated: Record = {"forehand": int(form.forehand.data)}
    if form.void.data:  # D6.4: a void deal needs only forehand, penalties and void
        stated.update(penalties=penalties, void=True)
        return stated
    if not form.trump.data:
        raise ShapeError("trump", _("Choose the trump (the card shown before play)."))
    estimates = [
        _number(form, f"estimate_{n}", "estimates", _("An estimate is a number of points, 0 to 157."))
        for n in seats
    ]
    # D3.3: the estimates sealed from the players' phones fill the seats left empty here.
    phones = estimates_module.for_a_new_deal() if hidden(settings) else {}
    times = [estimates_module.sealed_now()] * count
    for n in seats:
        if estimates[n - 1] is None and n in phones:
            estimates[n - 1], times[n - 1] = phones[n]
    points = [form[f"points_{n}"].data for n in seats]
    if any(p is None for p in points):
        raise ShapeError("points", _("Enter every player's card points."))
    stated.update(trump=form.trump.data, estimates=estimates, points=points)
    if tricks_asked(settings):
        tricks = [form[f"tricks_{n}"].data for n in seats]
        if any(t is not None for t in tricks):
            if any(t is None for t in tricks):
                raise ShapeError("tricks_won", _("Enter every player's tricks, or none."))
            stated["tricks_won"] = tricks
    if any(penalties):
        stated["penalties"] = penalties
    stoeck = seat_or_none(form.stoeck.data)
    if stoeck is not None:
        stated["stoeck"] = stoeck
        if options(settings).get("stoeck") == "holder_choice":
            stated["stoeck_counted"] = bool(form.stoeck_counted.data)
    if hidden(settings):
        stated["sealed_at"] = {"estimates": times}
    return stated


def fill(record: Mapping[str, Any]) -> dict[str, Any]:
    """Form data (for ``form.process(data=…)``) that states ``record`` again."""
    data: dict[str, Any] = {
        "forehand": str(record.get("forehand", 1)),
        "trump": record.get("trump"),
        "void": bool(record.get("void")),
        "stoeck": str(record["stoeck"]) if record.get("stoeck") else "",
        "stoeck_counted": bool(record.get("stoeck_counted")),
    }
    for n, value in enumerate(record.get("estimates") or [], start=1):
        data[f"estimate_{n}"] = "" if value is None else str(value)
    for n, value in enumerate(record.get("points") or [], start=1):
        data[f"points_{n}"] = value
    for n, value in enumerate(record.get("tricks_won") or [], start=1):
        data[f"tricks_{n}"] = value
    for n, value in enumerate(record.get("penalties") or [], start=1):
        data[f"penalty_{n}"] = value or None
    return data


def slots(settings: Settings) -> frozenset[str]:
    shown = {"forehand", "trump", "estimates", "points", "penalties", "stoeck"}
    if tricks_asked(settings):
        shown.add("tricks_won")
    return frozenset(shown)


def total(settings: Settings) -> int:
    return DEAL_TOTAL


DEAL = DealEntry(
    form=DifferenzlerDealForm,
    prepare=prepare,
    record=record,
    fill=fill,
    slots=slots,
    error_fields={
        "trump": "trump",
        "estimates": "estimates",
        "announcements": "estimates",
        "sealed_at": "estimates",
        "points": "points",
        "tricks_won": "tricks_won",
        "penalties": "penalties",
        "stoeck": "stoeck",
        "stoeck_counted": "stoeck",
        "void": "penalties",
    },
    melds=None,
    total=total,
)
