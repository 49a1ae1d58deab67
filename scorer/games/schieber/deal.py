"""A Schieber deal on the form: its choices, the record it states, the form of a record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from rules_engine.schieber.contracts import DEAL_TOTAL, schieber_options
from scorer.games.base import DealEntry, Form, Melds, Record, Settings
from scorer.games.common import name_seats
from scorer.games.deal_form import FORM_ERRORS
from scorer.games.schieber.forms import SchieberDealForm
from scorer.games.schieber.record import deal_record
from scorer.games.schieber.setup import FACTOR_KEYS
from scorer.web import display
from scorer.web.card_text import format_groups
from scorer.web.forms import NONE, choices
from scorer.web.posted import of_form


def factors(settings: Mapping[str, Any]) -> dict[str, int]:
    """The contract factors in force, for the contract buttons (options over the profile)."""
    try:
        options = schieber_options(settings.get("profile"), settings.get("options"))
        return dict(options["factors"])
    except Exception:  # a stored match always passed the engine; this is belt and braces
        return {}


def prepare(form: Form, settings: Settings) -> None:
    name_seats(form, settings, ("forehand",), ("stoeck",))
    deck = settings.get("deck") or "french"
    form.contract.choices = choices(*((key, display.contract_name(key, deck)) for key in FACTOR_KEYS))
    form.factors = factors(settings)
    form.reached_first.choices = choices(
        NONE, ("1", display.side_label(1, settings)), ("2", display.side_label(2, settings))
    )


def record(form: Form, settings: Settings) -> Record:
    """The deal record (DEAL_RECORD.md, without game/profile/options) the judged form states,
    by the builder the tablet runs too.

    :raises ShapeError: a quick Weis that names no cards.
    """
    return deal_record(of_form(form), settings)


def fill(record: Mapping[str, Any]) -> dict[str, Any]:
    """Form data (for ``form.process(data=…)``) that states ``record`` again."""
    points = record.get("points") or {}
    data: dict[str, Any] = {
        "forehand": str(record.get("forehand", 1)),
        "contract": record.get("contract"),
        "pushed": bool(record.get("pushed")),
        "team": str(points.get("team", 1)),
        "points": points.get("value"),
        "match": bool(points.get("match")),
        "stoeck": str(record["stoeck"]) if record.get("stoeck") else "",
        "reached_first": str(record["reached_first"]) if record.get("reached_first") else "",
    }
    for seat, groups in (record.get("weis") or {}).items():
        data[f"weis_{seat}_cards"] = format_groups(groups)
    for team, values in (record.get("weis_values") or {}).items():
        data[f"weis_values_{team}"] = " ".join(str(value) for value in values)
    if record.get("weis_best"):
        data["weis_best"] = str(record["weis_best"])
    return data


SLOTS = frozenset(
    {
        "forehand",
        "contract",
        "points",
        "weis",
        "stoeck",
        "reached_first",
        "weis_values",
        "weis_best",
        *(f"weis_{n}" for n in range(1, 5)),
    }
)


def slots(settings: Settings) -> frozenset[str]:
    return SLOTS


def total(settings: Settings) -> int:
    return DEAL_TOTAL


DEAL = DealEntry(
    form=SchieberDealForm,
    prepare=prepare,
    record=record,
    fill=fill,
    slots=slots,
    error_fields={
        "forehand": "forehand",
        "contract": "contract",
        "pushed": "contract",
        "points": "points",
        "value": "points",
        "match": "points",
        "stoeck": "stoeck",
        "reached_first": "reached_first",
        "weis_values": "weis_values",
        "weis_best": "weis_best",
        "tricks": FORM_ERRORS,
        "hands": FORM_ERRORS,
    },
    melds=Melds(prefix="weis", legend=lambda: _("Weis"), seats=lambda settings: 4),
    total=total,
)
