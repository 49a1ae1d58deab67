"""Between a deal form and a deal record: build the candidate record, fill a form from one,
and put the engine's reasons on the fields they concern.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_babel import gettext as _

from scorer.web.display import format_card_list, parse_card_list, quick_meld, side_of
from scorer.web.forms import SLOTS, BaseForm, KlammernDealForm, SchieberDealForm

FORM_ERRORS = "_form"


class ShapeError(Exception):
    """A form value that cannot become a record (a run below the 6); keyed by field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def _seat(value: Any) -> int | None:
    return int(value) if value not in (None, "", "None") else None


def _melds(form: BaseForm, prefix: str, seat: int, four_suits: tuple[str, ...]) -> list[list[str]]:
    groups: list[list[str]] = []
    for slot in SLOTS:
        kind = form[f"{prefix}_{seat}_{slot}_kind"].data
        if not kind:
            continue
        suit = form[f"{prefix}_{seat}_{slot}_suit"].data
        top = form[f"{prefix}_{seat}_{slot}_top"].data
        if not top or (kind != "four" and not suit):
            raise ShapeError(f"{prefix}_{seat}", _("Choose the suit and the top card of the Weis."))
        try:
            groups.append(quick_meld(kind, suit, top, four_suits))
        except ValueError:
            raise ShapeError(
                f"{prefix}_{seat}", _("No such run: it would start below the lowest card.")
            ) from None
    groups.extend(parse_card_list(form[f"{prefix}_{seat}_cards"].data or ""))
    return groups


def schieber_record(form: SchieberDealForm) -> dict[str, Any]:
    """The deal record (DEAL_RECORD.md, without game/profile/options) a Schieber form states.

    :raises ShapeError: a quick Weis that names no cards.
    """
    team = int(form.team.data)
    points: dict[str, Any] = {"team": team}
    if form.match.data:
        points["match"] = True
    else:
        points["value"] = form.points.data
    weis = {
        str(seat): groups
        for seat in range(1, 5)
        if (groups := _melds(form, "weis", seat, ("H", "C", "D", "S")))
    }
    record: dict[str, Any] = {
        "forehand": int(form.forehand.data),
        "contract": form.contract.data,
        "pushed": bool(form.pushed.data),
        "points": points,
        "weis": weis,
        "stoeck": _seat(form.stoeck.data),
    }
    if form.reached_first.data:
        record["reached_first"] = int(form.reached_first.data)
    return record


def klammern_record(form: KlammernDealForm, players: int, fmt: str) -> dict[str, Any]:
    """The deal record a Klammern form states.

    :raises ShapeError: a quick meld that names no cards, or missing card points.
    """
    melds = {
        str(seat): groups
        for seat in range(1, players + 1)
        if (groups := _melds(form, "melds", seat, ("C", "S", "H", "D")))
    }
    record: dict[str, Any] = {
        "players": players,
        "format": fmt,
        "forehand": int(form.forehand.data),
        "trump": form.trump.data,
        "declarer": int(form.declarer.data),
        "how": form.how.data,
        "kontra": bool(form.kontra.data),
        "re": bool(form.re.data),
        "melds": melds,
        "bella": _seat(form.bella.data),
        "revoke": None,
        "durchmarsch": None,
    }
    sides = players if players < 4 else 2
    revoke_seat = _seat(form.revoke_seat.data)
    march = _seat(form.durchmarsch.data)
    if revoke_seat is not None:
        values = [form[f"revoke_{n}"].data for n in range(1, sides + 1)]
        if any(v is None for v in values):
            raise ShapeError("revoke", _("Enter every side's card points at the moment of the revoke."))
        record["revoke"] = {"seat": revoke_seat, "points": values}
    elif march is not None:
        record["durchmarsch"] = march
        record["points"] = {"team": side_of(march, players), "all_tricks": bool(form.all_tricks.data)}
    elif players == 4:
        if form.points.data is None:
            raise ShapeError("points", _("Enter the card points."))
        record["points"] = {"team": int(form.team.data), "value": form.points.data}
    else:
        values = [form[f"side_{n}"].data for n in range(1, players + 1)]
        if any(v is None for v in values):
            raise ShapeError("points", _("Enter every player's card points."))
        record["points"] = {"sides": values}
    return record


def strip_match_fields(record: dict[str, Any]) -> dict[str, Any]:
    """A Klammern deal inside a match record carries no players/format (the match does)."""
    return {k: v for k, v in record.items() if k not in ("players", "format")}


def fill_schieber(record: dict[str, Any]) -> dict[str, Any]:
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
        data[f"weis_{seat}_cards"] = format_card_list(groups)
    return data


def fill_klammern(record: dict[str, Any]) -> dict[str, Any]:
    points = record.get("points") or {}
    data: dict[str, Any] = {
        "forehand": str(record.get("forehand", 1)),
        "trump": record.get("trump"),
        "how": record.get("how", "orgi"),
        "declarer": str(record.get("declarer", 1)),
        "bella": str(record["bella"]) if record.get("bella") else "",
        "kontra": bool(record.get("kontra")),
        "re": bool(record.get("re")),
        "team": str(points.get("team", 1)),
        "points": points.get("value"),
        "durchmarsch": str(record["durchmarsch"]) if record.get("durchmarsch") else "",
        "all_tricks": bool(points.get("all_tricks")),
    }
    for n, value in enumerate(points.get("sides") or [], start=1):
        data[f"side_{n}"] = value
    revoke = record.get("revoke")
    if revoke:
        data["revoke_seat"] = str(revoke.get("seat"))
        for n, value in enumerate(revoke.get("points") or [], start=1):
            data[f"revoke_{n}"] = value
    for seat, groups in (record.get("melds") or {}).items():
        data[f"melds_{seat}_cards"] = format_card_list(groups)
    return data


#: Engine field (first part of its path) -> the form's error slot.
FIELD_SLOTS = {
    "forehand": "forehand",
    "contract": "contract",
    "pushed": "contract",
    "points": "points",
    "value": "points",
    "match": "points",
    "stoeck": "stoeck",
    "reached_first": "reached_first",
    "trump": "trump",
    "how": "how",
    "declarer": "declarer",
    "bella": "bella",
    "kontra": "kontra",
    "re": "kontra",
    "revoke": "revoke",
    "durchmarsch": "durchmarsch",
    "sides": "points",
    "tricks": FORM_ERRORS,
    "hands": FORM_ERRORS,
}


def error_slot(error: dict[str, Any], deal_index: int | None) -> str:
    """Where on the deal form an engine reason belongs."""
    if error.get("deal") is not None and deal_index is not None and error["deal"] != deal_index:
        return FORM_ERRORS
    path = str(error.get("field") or "")
    parts = [p for p in path.replace("[", ".").replace("]", "").split(".") if p]
    if parts and parts[0] == "deals":
        parts = parts[2:]
    if not parts:
        return FORM_ERRORS
    head = parts[0]
    if head in ("weis", "melds"):
        seat = parts[1] if len(parts) > 1 and parts[1].isdigit() else None
        if seat is None:
            params = error.get("params") or {}
            seat = str(params.get("seat", "")) or None
        return f"{head}_{seat}" if seat else head
    return FIELD_SLOTS.get(head, FORM_ERRORS)


def place_errors(errors: Iterable[dict[str, Any]], deal_index: int | None) -> dict[str, list[dict[str, Any]]]:
    slots: dict[str, list[dict[str, Any]]] = {}
    for error in errors:
        slot = error_slot(error, deal_index)
        if error.get("deal") is not None and error["deal"] == deal_index:
            # On the form of that very deal, "deal N:" would only repeat the page's title.
            error = {k: v for k, v in error.items() if k != "deal"}
        slots.setdefault(slot, []).append(error)
    return slots
