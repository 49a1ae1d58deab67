"""A Coiffeur entry on the form: a deal (the row, who chose, the contract, the points) or a
scratch (C6.5); the record it states and the form of a record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from rules_engine.coiffeur.options import (
    ANY_CONTRACT,
    DEAL_TOTAL,
    DEFAULT_MISERE_MODES,
    DEFAULT_WUNSCH,
    GRID_PRESETS,
    Row,
    coiffeur_options,
)
from rules_engine.errors import InvalidRecord
from scorer.games.base import DealEntry, Form, Record, Settings
from scorer.games.coiffeur.forms import ORDERS, CoiffeurDealForm
from scorer.games.common import name_seats
from scorer.games.deal_form import ShapeError
from scorer.web import display
from scorer.web.forms import choices

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


def grid(settings: Mapping[str, Any]) -> tuple[Row, ...]:
    """The game's rows (C2.3); a grid the engine refuses shows as the default one."""
    try:
        rows: tuple[Row, ...] = coiffeur_options(settings.get("options") or {})["grid"]
    except InvalidRecord:
        return GRID_PRESETS["official8"]
    return rows


def options(settings: Mapping[str, Any]) -> Mapping[str, Any]:
    try:
        return coiffeur_options(settings.get("options") or {})
    except InvalidRecord:
        return coiffeur_options({})


def contract_label(key: str, deck: str) -> str:
    """A contract or row type for people: a suit's name, Obenabe, Slalom, Misère …"""
    if key in SUITS or key in ("obenabe", "undenufe"):
        return display.contract_name(key, deck)
    return str(TYPE_NAMES.get(key, key))


def row_label(row: Row, deck: str) -> str:
    """A grid row as the sheet names it: "Eicheln ×1", "Wunsch ×7"."""
    return f"{contract_label(row.suit or row.type, deck)} ×{row.factor}"


def wunsch_contracts(settings: Mapping[str, Any]) -> tuple[str, ...]:
    """What a Wunsch row may be played as (C5.5)."""
    allowed = options(settings)["wunsch_contracts"]
    return ANY_CONTRACT if allowed == "any" else tuple(allowed or DEFAULT_WUNSCH)


def misere_modes(settings: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(options(settings)["misere_modes"] or DEFAULT_MISERE_MODES)


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


def team_of(seat: int) -> int:
    """Seats 1 and 3 are team 1 (C1.1, S1.1)."""
    return 1 if seat % 2 == 1 else 2


def derived_pushes(forehand: int, chooser: int, push: str) -> int:
    """The passes from forehand to who chose, when nobody was reached twice (C3.3)."""
    ahead = (chooser - forehand) % 4
    if push == "partner":  # 0 forehand; 1 his partner, or the next by force; 2 the next's partner
        return {0: 0, 2: 1, 1: 1, 3: 2}[ahead]
    return ahead


def contract(form: Form, row: Row) -> Any:
    """The contract the form names for ``row`` (C3.5, "JSON records").

    :raises ShapeError: a Wunsch row without its contract.
    """
    if row.type == "suit":
        return row.suit
    kind = row.type
    if kind == "wunsch":
        kind = form.contract.data or ""
        if not kind:
            raise ShapeError("contract", _("Choose what the Wunsch row is played as."))
    if kind in ("slalom", "guschti"):
        return {"type": kind, "start": form.start.data or "obenabe"}
    if kind == "3x3":
        if not form.trump.data:
            raise ShapeError("contract", _("Choose the trump of the 3×3."))
        stated: dict[str, Any] = {"type": "3x3", "trump": form.trump.data}
        if form.order.data and form.order.data != ORDERS[0]:
            stated["order"] = form.order.data.split()
        return stated
    if kind == "misere":
        mode = form.mode.data or "obenabe"
        misere: dict[str, Any] = {"type": "misere", "mode": mode}
        if mode == "slalom":
            misere["start"] = form.start.data or "obenabe"
        return misere
    return kind


def is_misere(stated: Any) -> bool:
    return isinstance(stated, Mapping) and stated.get("type") == "misere"


def record(form: Form, settings: Settings) -> Record:
    """The entry (inside a match record) the form states: a deal or a scratch.

    :raises ShapeError: no row, no chooser, no contract of a Wunsch row, or no trick points.
    """
    rows = grid(settings)
    if not form.row.data or not form.row.data.isdigit() or not 1 <= int(form.row.data) <= len(rows):
        raise ShapeError("row", _("Choose the row."))
    row = int(form.row.data)
    if form.kind.data == "scratch":
        scratch: dict[str, Any] = {"team": int(form.scratch_team.data or 1), "row": row}
        if form.reason.data:
            scratch["reason"] = form.reason.data
        return {"scratch": scratch}
    if not form.forehand.data:
        raise ShapeError("forehand", _("Choose the forehand."))
    if not form.chooser.data:
        raise ShapeError("chooser", _("Choose who chose the row."))
    forehand, chooser = int(form.forehand.data), int(form.chooser.data)
    if form.pushes.data:
        pushes = int(form.pushes.data)
    else:
        pushes = derived_pushes(forehand, chooser, str(options(settings)["push"]))
    stated = contract(form, rows[row - 1])
    choosing = team_of(chooser)
    other = 3 - choosing
    if form.result.data == "match":  # C6.2; in Misère the opponents take all nine (C6.3)
        points: dict[str, Any] = {"team": other if is_misere(stated) else choosing, "match": True}
    elif form.result.data == "konter":  # C6.4
        points = {"team": choosing if is_misere(stated) else other, "match": True}
    else:
        if form.points.data is None:
            raise ShapeError("points", _("Enter the trick points, or choose Match or Konter-Match."))
        points = {"team": int(form.team.data or choosing), "value": form.points.data}
    return {
        "forehand": forehand,
        "pushes": pushes,
        "chooser": chooser,
        "row": row,
        "contract": stated,
        "points": points,
    }


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
