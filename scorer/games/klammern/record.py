"""A Klammern deal's record from its deal form's posted fields, a new match's settings from
its set-up form's, and the match-level fields of its record: standard library and
``rules_engine`` only, so that the server (after WTForms has judged a form) and the tablet
(under Pyodide, without network) build the very same records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.games.records import present
from scorer.web import posted
from scorer.web.card_text import NATURAL
from scorer.web.posted import N_, Fields, Record

#: Match-level settings copied into the engine's match record.
MATCH_FIELDS = ("players", "format", "options", "target", "target_big", "first_forehand")
#: K5.2's suit order, clubs (the Besser suit) first; also the order of a four of a kind.
SUITS = ("C", "S", "H", "D")
MELDS = posted.MeldFields(
    "melds",
    kinds=("run3", "run4", "run5", "run6", "run7", "run8"),
    suits=SUITS,
    tops=NATURAL[1:],
    four_suits=SUITS,
)
MELD_VALUES = N_("Write the melds as their values, such as 50 20 (each one meld: a Terz 20, a Fifty 50).")
SEATS = ("1", "2", "3", "4")


def players(settings: Mapping[str, Any]) -> int:
    return int(settings.get("players") or 4)


def sides_of(settings: Mapping[str, Any]) -> int:
    """K1.1: the two teams with four players, every seat with two or three."""
    count = players(settings)
    return count if count < 4 else 2


def side_of(seat: int, players: int) -> int:
    """The side a seat plays for: its team with four players, itself with two or three."""
    return (1 if seat % 2 == 1 else 2) if players == 4 else seat


def values(name: str, text: str | None) -> list[int]:
    """Meld values as typed or tapped: whole numbers (any script's digits) separated by
    spaces, "+", commas or the Arabic comma.

    :raises ShapeError: anything else.
    """
    return posted.values({name: text or ""}, name, MELD_VALUES, separators="+,\u060c")


def deal_record(fields: Fields, settings: Mapping[str, Any]) -> Record:
    """The deal record (inside a match record: no players or format) the fields state.

    :raises ShapeError: a field the deal form refuses, a quick meld that names no cards, or
        missing card points.
    """
    count = players(settings)
    sides = sides_of(settings)
    MELDS.check(fields)
    forehand = int(posted.choice(fields, "forehand", SEATS))
    trump = posted.choice(fields, "trump", SUITS)
    how = posted.choice(fields, "how", ("orgi", "kleines", "besser"))
    declarer = int(posted.choice(fields, "declarer", SEATS))
    bella = posted.seat_or_none(fields, "bella")
    team = posted.choice(fields, "team", ("1", "2"), required=False)
    numbers = {
        name: posted.integer(fields, name)
        for name in ("points", "side_1", "side_2", "side_3", "revoke_1", "revoke_2", "revoke_3")
    }
    # The form judges all three fields; a side the table lacks is never read (K1.1).
    meld_values = {
        str(side): values(f"meld_values_{side}", fields.get(f"meld_values_{side}")) for side in (1, 2, 3)
    }
    meld_best = posted.choice(
        fields, "meld_best", ("", *(str(n) for n in range(1, sides + 1))), required=False
    )
    revoke_seat = posted.seat_or_none(fields, "revoke_seat")
    march = posted.seat_or_none(fields, "durchmarsch")
    stated: Record = {
        "forehand": forehand,
        "trump": trump,
        "declarer": declarer,
        "how": how,
        "kontra": posted.ticked(fields, "kontra"),
        "re": posted.ticked(fields, "re"),
        "melds": MELDS.by_seat(fields, count),
        "bella": bella,
        "revoke": None,
        "durchmarsch": None,
    }
    given = {str(side): meld_values[str(side)] for side in range(1, sides + 1)}
    if any(given.values()):
        # Added only when given: a deal entered by cards keeps the record it always had.
        stated["meld_values"] = {side: items for side, items in given.items() if items}
        if meld_best:
            stated["meld_best"] = int(meld_best)
    if revoke_seat is not None:
        points = [numbers[f"revoke_{n}"] for n in range(1, sides + 1)]
        if any(v is None for v in points):
            raise posted.ShapeError(
                "revoke", N_("Enter every side's card points at the moment of the revoke.")
            )
        stated["revoke"] = {"seat": revoke_seat, "points": points}
    elif march is not None:
        stated["durchmarsch"] = march
        stated["points"] = {"team": side_of(march, count), "all_tricks": posted.ticked(fields, "all_tricks")}
    elif count == 4:
        if numbers["points"] is None:
            raise posted.ShapeError("points", N_("Enter the card points."))
        stated["points"] = {"team": int(team or "1"), "value": numbers["points"]}
    else:
        points = [numbers[f"side_{n}"] for n in range(1, count + 1)]
        if any(v is None for v in points):
            raise posted.ShapeError("points", N_("Enter every player's card points."))
        stated["points"] = {"sides": points}
    return stated


def match_fields(settings: Mapping[str, Any]) -> Record:
    """The engine's match-level fields of these settings (``game`` and ``deals`` aside)."""
    fields = present(settings, MATCH_FIELDS)
    # A target belongs to its format only: Liga's Augen, small-and-big's big points.
    if settings.get("format") != "liga":
        fields.pop("target", None)
    if settings.get("format") != "small_big":
        fields.pop("target_big", None)
    return fields


def setup_settings(fields: Fields) -> Record:
    """The settings a new match's set-up form states.

    :raises ShapeError: a field the set-up form refuses, a first dealer the table lacks.
    """
    count = int(posted.choice(fields, "players", ("4", "3", "2")))
    if first_dealer(fields, count) > count:
        raise posted.ShapeError("first_dealer", N_("There is no such seat with this many players."))
    return stated_settings(fields)


def first_dealer(fields: Fields, count: int) -> int:
    """The seat that deals first. Seat 4, the form's default, is the seat before seat 1 (K1.3):
    with two or three players that is the last seat, so that seat 1 leads, as at four."""
    dealer = int(posted.choice(fields, "first_dealer", SEATS))
    return count if dealer == 4 else dealer


def stated_settings(fields: Fields) -> Record:
    """The settings of a set-up form's fields as the form judged them; whether the first
    dealer sits at the table is :func:`setup_settings`'s (the server's form: its ``check``).

    :raises ShapeError: a field the set-up form refuses.
    """
    count = int(posted.choice(fields, "players", ("4", "3", "2")))
    fmt = posted.text(fields, "format")
    options: dict[str, Any] = {}
    if posted.text(fields, "jappa_total") == "yes":
        options["jappa_total"] = True
    for key in ("meld_tiebreak", "revoke"):
        if posted.text(fields, key):
            options[key] = posted.text(fields, key)
    dealer = first_dealer(fields, count)
    stated: Record = {
        "game": "klammern",
        "players": count,
        "format": fmt,
        "options": options,
        "deck": "french",
        "names": posted.names(fields, count),
        "first_forehand": dealer % count + 1,
    }
    if fmt == "liga" and (target := posted.integer(fields, "target")) is not None:
        stated["target"] = target
    if fmt == "small_big" and (big := posted.integer(fields, "target_big")) is not None:
        stated["target_big"] = big
    return stated
