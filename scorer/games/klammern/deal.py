"""A Klammern deal on the form: its choices, the record it states, the form of a record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from rules_engine.klammern.contracts import DEAL_TOTAL
from scorer.games.base import DealEntry, Form, Melds, Record, Settings
from scorer.games.common import name_seats
from scorer.games.deal_form import FORM_ERRORS
from scorer.games.klammern.forms import KlammernDealForm
from scorer.games.klammern.record import SUITS, deal_record, players, sides_of
from scorer.web import display
from scorer.web.card_text import format_groups
from scorer.web.forms import NONE, choices
from scorer.web.posted import of_form


def prepare(form: Form, settings: Settings) -> None:
    name_seats(form, settings, ("forehand", "declarer"), ("bella", "revoke_seat", "durchmarsch"))
    deck = settings.get("deck") or "french"
    form.trump.choices = choices(*((s, display.suit_name(s, deck)) for s in SUITS))
    # K1.1: the melds' sides are the two teams with four players, every seat with two or three.
    form.meld_best.choices = choices(
        NONE, *((str(side), display.side_label(side, settings)) for side in range(1, sides_of(settings) + 1))
    )


def record(form: Form, settings: Settings) -> Record:
    """The deal record (inside a match record: no players or format) the judged form states,
    by the builder the tablet runs too.

    :raises ShapeError: a quick meld that names no cards, or missing card points.
    """
    return deal_record(of_form(form), settings)


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
