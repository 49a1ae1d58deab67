"""A Coiffeur entry on the form: a deal (the row, who chose, the contract, the points) or a
scratch (C6.5); the record it states and the form of a record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from rules_engine.coiffeur.options import (
    DEAL_TOTAL,
    Row,
)
from scorer.games.base import DealEntry, Form, Record, Settings
from scorer.games.coiffeur.forms import CoiffeurDealForm
from scorer.games.coiffeur.record import (
    ORDERS,
    deal_record,
    derived_pushes,
    grid,
    is_misere,
    misere_modes,
    team_of,
    wunsch_contracts,
)
from scorer.games.common import name_seats
from scorer.web import display
from scorer.web.forms import choices
from scorer.web.posted import of_form

SUITS = ("D", "H", "S", "C")
#: The extra contracts' names (C2.2); suits, Obenabe and Undenufe are named as in Schieber.
TYPE_NAMES = {
    "wunsch": _l("Wunsch"),
    "slalom": _l("Slalom"),
    "guschti": _l("Guschti"),
    "3x3": _l("3×3"),
    "misere": _l("Misère"),
}
#: Contract types that are written as an object (C3.5, "JSON records").
OBJECT_TYPES = ("slalom", "guschti", "3x3", "misere")


def contract_label(key: str, deck: str) -> str:
    """A contract or row type for people: a suit's name, Obenabe, Slalom, Misère …"""
    if key in SUITS or key in ("obenabe", "undenufe"):
        return display.contract_name(key, deck)
    return str(TYPE_NAMES.get(key, key))


def row_label(row: Row, deck: str) -> str:
    """A grid row as the sheet names it: "Eicheln ×1", "Wunsch ×7"."""
    return f"{contract_label(row.suit or row.type, deck)} ×{row.factor}"


def prepare(form: Form, settings: Settings) -> None:
    name_seats(form, settings, ("forehand", "chooser"))
    deck = settings.get("deck") or "swiss"
    form.row.choices = choices(*((str(n), row_label(r, deck)) for n, r in enumerate(grid(settings), start=1)))
    form.contract.choices = choices(*((k, contract_label(k, deck)) for k in wunsch_contracts(settings)))
    form.trump.choices = choices(*((s, display.suit_name(s, deck)) for s in SUITS))
    form.mode.choices = choices(*((k, contract_label(k, deck)) for k in misere_modes(settings)))
    segment = {
        "trump": _("Trump"),
        "obenabe": contract_label("obenabe", deck),
        "undenufe": contract_label("undenufe", deck),
    }
    form.order.choices = choices(*((o, " → ".join(segment[s] for s in o.split())) for o in ORDERS))
    teams = choices(("1", display.side_label(1, settings)), ("2", display.side_label(2, settings)))
    form.team.choices = teams
    form.scratch_team.choices = teams
    form.grid_types = frozenset(r.type for r in grid(settings))  # which contract parts the page asks


def record(form: Form, settings: Settings) -> Record:
    """The entry (inside a match record) the judged form states, by the builder the tablet
    runs too (:func:`scorer.games.coiffeur.record.deal_record`).

    :raises ShapeError: no row, no chooser, no contract of a Wunsch row, or no trick points.
    """
    return deal_record(of_form(form), settings)


def fill(record: Mapping[str, Any]) -> dict[str, Any]:
    """Form data (for ``form.process(data=…)``) that states ``record`` again."""
    scratch = record.get("scratch")
    if isinstance(scratch, Mapping):
        return {
            "kind": "scratch",
            "row": str(scratch.get("row", "")),
            "scratch_team": str(scratch.get("team", 1)),
            "reason": scratch.get("reason") or "",
        }
    forehand, chooser = int(record.get("forehand") or 1), int(record.get("chooser") or 1)
    pushes = int(record.get("pushes") or 0)
    stated = record.get("contract")
    data: dict[str, Any] = {
        "kind": "deal",
        "forehand": str(forehand),
        "chooser": str(chooser),
        # Left empty when it is what the chooser implies, so a corrected chooser moves it too.
        "pushes": "" if pushes == derived_pushes(forehand, chooser, "round") else str(pushes),
        "row": str(record.get("row", "")),
    }
    if isinstance(stated, Mapping):
        data["contract"] = stated.get("type")
        data["start"] = stated.get("start") or "obenabe"
        data["trump"] = stated.get("trump")
        data["mode"] = stated.get("mode")
        if stated.get("order"):
            data["order"] = " ".join(stated["order"])
    else:
        data["contract"] = stated
    points = record.get("points") or {}
    if points.get("match"):
        took_all = team_of(chooser) == points.get("team")
        data["result"] = "match" if took_all != is_misere(stated) else "konter"
    else:
        data["result"] = "points"
        data["team"] = str(points.get("team", team_of(chooser)))
        data["points"] = points.get("value")
    return data


def slots(settings: Settings) -> frozenset[str]:
    return frozenset({"kind", "forehand", "chooser", "row", "contract", "points"})


def total(settings: Settings) -> int:
    return DEAL_TOTAL


DEAL = DealEntry(
    form=CoiffeurDealForm,
    prepare=prepare,
    record=record,
    fill=fill,
    slots=slots,
    error_fields={
        "forehand": "forehand",
        "chooser": "chooser",
        "pushes": "chooser",
        "row": "row",
        "scratch": "row",
        "contract": "contract",
        "points": "points",
        "value": "points",
        "match": "points",
        # weis and stoeck (C1.3), tricks and hands have no field here: the form's top.
    },
    melds=None,
    total=total,
)
