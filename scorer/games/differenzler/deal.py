"""A Differenzler deal on the form: the estimates (masked while typed), then the points (D3, D6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.games.base import DealEntry, Form, Record, Settings
from scorer.games.common import name_seats
from scorer.games.differenzler import estimates as estimates_module
from scorer.games.differenzler.forms import DifferenzlerDealForm
from scorer.games.differenzler.record import DEAL_TOTAL, deal_record, hidden, tricks_asked, trumps
from scorer.web import display
from scorer.web.forms import choices
from scorer.web.posted import of_form


def prepare(form: Form, settings: Settings) -> None:
    name_seats(form, settings, ("forehand",), ("stoeck",))
    # The seats whose estimate came from their phone (D3.3): the form says so, not the value.
    form.phone_seats = sorted(estimates_module.for_a_new_deal()) if hidden(settings) else []
    deck = settings.get("deck") or "swiss"
    form.trump.choices = choices(*((m, display.contract_name(m, deck)) for m in trumps(settings)))


def record(form: Form, settings: Settings) -> Record:
    """The deal record (inside a Partie record) the judged form states, by the builder the tablet
    runs too (:func:`scorer.games.differenzler.record.deal_record`); under hidden estimates with
    the estimates sealed from the players' phones and the time of sealing (D3.3).

    :raises ShapeError: an estimate that is no number, no trump, or a player's points missing.
    """
    if not hidden(settings):
        return deal_record(of_form(form), settings)
    return deal_record(
        of_form(form),
        settings,
        phones=estimates_module.for_a_new_deal(),
        sealed_at=estimates_module.sealed_now(),
    )


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
