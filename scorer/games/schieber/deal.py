"""A Schieber deal on the form: its choices, the record it states, the form of a record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from rules_engine.schieber.contracts import DEAL_TOTAL, schieber_options
from scorer.deals.deal_input import FORM_ERRORS, read_melds, seat_or_none
from scorer.games.base import DealEntry, Form, Melds, Record, Settings
from scorer.games.common import name_seats
from scorer.games.schieber.forms import SchieberDealForm, read_values
from scorer.games.schieber.setup import FACTOR_KEYS
from scorer.web import display
from scorer.web.card_text import format_groups
from scorer.web.forms import NONE, choices

#: The order in which a four of a kind's cards are written.
FOUR_SUITS = ("H", "C", "D", "S")


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
    """The deal record (DEAL_RECORD.md, without game/profile/options) the form states.

    :raises ShapeError: a quick Weis that names no cards.
    """
    team = int(form.team.data)
    points: dict[str, Any] = {"team": team}
    if form.match.data:
        points["match"] = True
    else:
        points["value"] = form.points.data
    weis = {
        str(seat): groups for seat in range(1, 5) if (groups := read_melds(form, "weis", seat, FOUR_SUITS))
    }
    stated: Record = {
        "forehand": int(form.forehand.data),
        "contract": form.contract.data,
        "pushed": bool(form.pushed.data),
        "points": points,
        "weis": weis,
        "stoeck": seat_or_none(form.stoeck.data),
    }
    if form.reached_first.data:
        stated["reached_first"] = int(form.reached_first.data)
    values = {team: read_values(form[f"weis_values_{team}"].data) for team in ("1", "2")}
    if any(values.values()):
        # Added only when given: a deal entered by cards keeps the record it always had.
        stated["weis_values"] = {team: items for team, items in values.items() if items}
        if form.weis_best.data:
            stated["weis_best"] = int(form.weis_best.data)
    return stated


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
