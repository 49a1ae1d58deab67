"""A Klammern deal on the form: its choices, the record it states, the form of a record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from rules_engine.klammern.contracts import DEAL_TOTAL
from scorer.deals.deal_input import FORM_ERRORS, ShapeError, read_melds, seat_or_none
from scorer.games.base import DealEntry, Form, Melds, Record, Settings
from scorer.games.common import name_seats
from scorer.games.klammern.forms import KlammernDealForm, read_values
from scorer.web import display
from scorer.web.card_text import format_groups
from scorer.web.display import side_of
from scorer.web.forms import NONE, choices

#: K5.2's suit order, clubs (the Besser suit) first; also the order of a four of a kind.
SUITS = ("C", "S", "H", "D")


def players(settings: Mapping[str, Any]) -> int:
    return int(settings.get("players") or 4)


def sides_of(settings: Mapping[str, Any]) -> int:
    count = players(settings)
    return count if count < 4 else 2


def prepare(form: Form, settings: Settings) -> None:
    name_seats(form, settings, ("forehand", "declarer"), ("bella", "revoke_seat", "durchmarsch"))
    deck = settings.get("deck") or "french"
    form.trump.choices = choices(*((s, display.suit_name(s, deck)) for s in SUITS))
    # K1.1: the melds' sides are the two teams with four players, every seat with two or three.
    form.meld_best.choices = choices(
        NONE, *((str(side), display.side_label(side, settings)) for side in range(1, sides_of(settings) + 1))
    )


def record(form: Form, settings: Settings) -> Record:
    """The deal record (inside a match record: no players or format) the form states.

    :raises ShapeError: a quick meld that names no cards, or missing card points.
    """
    return {
        k: v
        for k, v in deal_record(form, players(settings), str(settings["format"])).items()
        if k not in ("players", "format")
    }


def deal_record(form: Form, players: int, fmt: str) -> Record:
    """The deal record (DEAL_RECORD.md, a deal of its own) the form states.

    :raises ShapeError: a quick meld that names no cards, or missing card points.
    """
    melds = {
        str(seat): groups
        for seat in range(1, players + 1)
        if (groups := read_melds(form, "melds", seat, SUITS))
    }
    stated: Record = {
        "players": players,
        "format": fmt,
        "forehand": int(form.forehand.data),
        "trump": form.trump.data,
        "declarer": int(form.declarer.data),
        "how": form.how.data,
        "kontra": bool(form.kontra.data),
        "re": bool(form.re.data),
        "melds": melds,
        "bella": seat_or_none(form.bella.data),
        "revoke": None,
        "durchmarsch": None,
    }
    sides = players if players < 4 else 2
    meld_values = {str(side): read_values(form[f"meld_values_{side}"].data) for side in range(1, sides + 1)}
    if any(meld_values.values()):
        # Added only when given: a deal entered by cards keeps the record it always had.
        stated["meld_values"] = {side: items for side, items in meld_values.items() if items}
        if form.meld_best.data:
            stated["meld_best"] = int(form.meld_best.data)
    revoke_seat = seat_or_none(form.revoke_seat.data)
    march = seat_or_none(form.durchmarsch.data)
    if revoke_seat is not None:
        values = [form[f"revoke_{n}"].data for n in range(1, sides + 1)]
        if any(v is None for v in values):
            raise ShapeError("revoke", _("Enter every side's card points at the moment of the revoke."))
        stated["revoke"] = {"seat": revoke_seat, "points": values}
    elif march is not None:
        stated["durchmarsch"] = march
        stated["points"] = {"team": side_of(march, players), "all_tricks": bool(form.all_tricks.data)}
    elif players == 4:
        if form.points.data is None:
            raise ShapeError("points", _("Enter the card points."))
        stated["points"] = {"team": int(form.team.data), "value": form.points.data}
    else:
        values = [form[f"side_{n}"].data for n in range(1, players + 1)]
        if any(v is None for v in values):
            raise ShapeError("points", _("Enter every player's card points."))
        stated["points"] = {"sides": values}
    return stated


def fill(record: Mapping[str, Any]) -> dict[str, Any]:
    """Form data (for ``form.process(data=…)``) that states ``record`` again."""
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
        data[f"melds_{seat}_cards"] = format_groups(groups)
    for side, values in (record.get("meld_values") or {}).items():
        data[f"meld_values_{side}"] = " ".join(str(value) for value in values)
    if record.get("meld_best"):
        data["meld_best"] = str(record["meld_best"])
    return data


def slots(settings: Settings) -> frozenset[str]:
    shown = {
        "forehand",
        "declarer",
        "trump",
        "how",
        "melds",
        "meld_values",
        "meld_best",
        "bella",
        "kontra",
        "points",
        "revoke",
        *(f"melds_{n}" for n in range(1, players(settings) + 1)),
    }
    if settings.get("format") == "liga":
        shown.add("durchmarsch")  # K8.4: a Durchmarsch is a Liga deal's
    return frozenset(shown)


def total(settings: Settings) -> int:
    return DEAL_TOTAL[bool((settings.get("options") or {}).get("jappa_total"))]


DEAL = DealEntry(
    form=KlammernDealForm,
    prepare=prepare,
    record=record,
    fill=fill,
    slots=slots,
    error_fields={
        "forehand": "forehand",
        "points": "points",
        "value": "points",
        "trump": "trump",
        "how": "how",
        "declarer": "declarer",
        "bella": "bella",
        "meld_values": "meld_values",
        "meld_best": "meld_best",
        "kontra": "kontra",
        "re": "kontra",
        "revoke": "revoke",
        "durchmarsch": "durchmarsch",
        "sides": "points",
        "tricks": FORM_ERRORS,
        "hands": FORM_ERRORS,
    },
    melds=Melds(prefix="melds", legend=lambda: _("Terz and Fifty"), seats=players),
    total=total,
)
