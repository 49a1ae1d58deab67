"""A Schieber deal's record from its deal form's posted fields, a new match's settings from
its set-up form's, and the match-level fields of its record: standard library and
``rules_engine`` only, so that the server (after WTForms has judged a form) and the tablet
(under Pyodide, without network) build the very same records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.schieber.contracts import CONTRACT_KEYS
from scorer.games.records import present
from scorer.web import posted
from scorer.web.card_text import NATURAL
from scorer.web.posted import N_, Fields, Record

#: Match-level settings copied into the engine's match record.
MATCH_FIELDS = ("profile", "options", "target", "first_forehand")
OPTION_FIELDS = ("long_runs", "undenufe_points", "weis_equal_points")
#: The order in which a four of a kind's cards are written.
FOUR_SUITS = ("H", "C", "D", "S")
WEIS = posted.MeldFields(
    "weis",
    kinds=("run3", "run4", "run5", "run6", "run7", "run8", "run9", "four"),
    suits=CONTRACT_KEYS[:4],
    tops=NATURAL,
    four_suits=FOUR_SUITS,
)
WEIS_VALUES = N_("Write the Weis as their values, such as 50 20 (each one Weis).")


def values(name: str, text: str | None) -> list[int]:
    """Weis by value as typed or tapped ("50 20", "50+20", "50,20"), each a single Weis's.

    :raises ShapeError: anything else.
    """
    return posted.values({name: text or ""}, name, WEIS_VALUES)


def deal_record(fields: Fields, settings: Mapping[str, Any]) -> Record:
    """The deal record (DEAL_RECORD.md, without game/profile/options) the fields state.

    :raises ShapeError: a field the deal form refuses, a quick Weis that names no cards.
    """
    WEIS.check(fields)
    contract = posted.choice(fields, "contract", CONTRACT_KEYS)
    forehand = int(posted.choice(fields, "forehand", ("1", "2", "3", "4")))
    team = int(posted.choice(fields, "team", ("1", "2")))
    points: dict[str, Any] = {"team": team}
    value = posted.integer(fields, "points")
    if posted.ticked(fields, "match"):
        points["match"] = True
    elif value is None:
        raise posted.ShapeError("points", N_("Enter the trick points, or tick Match."))
    else:
        points["value"] = value
    by_side = {side: values(f"weis_values_{side}", fields.get(f"weis_values_{side}")) for side in ("1", "2")}
    best = posted.choice(fields, "weis_best", ("", "1", "2"), required=False)
    stated: Record = {
        "forehand": forehand,
        "contract": contract,
        "pushed": posted.ticked(fields, "pushed"),
        "points": points,
        "weis": WEIS.by_seat(fields, 4),
        "stoeck": posted.seat_or_none(fields, "stoeck"),
    }
    reached = posted.choice(fields, "reached_first", ("", "1", "2"), required=False)
    if reached:
        stated["reached_first"] = int(reached)
    if any(by_side.values()):
        # Added only when given: a deal entered by cards keeps the record it always had.
        stated["weis_values"] = {side: items for side, items in by_side.items() if items}
        if best:
            stated["weis_best"] = int(best)
    return stated


def match_fields(settings: Mapping[str, Any]) -> Record:
    """The engine's match-level fields of these settings (``game`` and ``deals`` aside)."""
    return present(settings, MATCH_FIELDS)


def setup_settings(fields: Fields) -> Record:
    """The settings a new match's set-up form states.

    :raises ShapeError: a field the set-up form refuses.
    """
    options: dict[str, Any] = {}
    factors = {k: v for k in CONTRACT_KEYS if (v := posted.integer(fields, f"factor_{k}")) is not None}
    if factors:
        options["factors"] = factors
    for key in OPTION_FIELDS:
        if posted.text(fields, key):
            options[key] = posted.text(fields, key)
    for key in ("four_nines", "four_low"):
        if (value := posted.integer(fields, key)) is not None:
            options[key] = value
    if posted.text(fields, "kreuzweis"):
        options["kreuzweis"] = posted.text(fields, "kreuzweis") == "yes"
    stated: Record = {
        "game": "schieber",
        "profile": posted.choice(fields, "profile", ("seed", "official")),
        "options": options,
        "deck": posted.choice(fields, "deck", ("swiss", "french")),
        "names": posted.names(fields, 4),
        "players": 4,
        "first_forehand": int(posted.choice(fields, "rosen7", ("1", "2", "3", "4"))),
    }
    if (target := posted.integer(fields, "target")) is not None:
        stated["target"] = target
    return stated
