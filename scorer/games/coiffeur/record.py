"""A Coiffeur entry's record from its deal form's posted fields (a deal or a scratch, C6.5) and
the match-level fields of its record: standard library, ``rules_engine`` and the app's pure
modules only, so that the server (after WTForms has judged a form) and the tablet (under
Pyodide, without network) build the very same records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.coiffeur.options import (
    ANY_CONTRACT,
    DEFAULT_MISERE_MODES,
    DEFAULT_WUNSCH,
    GRID_PRESETS,
    Row,
    coiffeur_options,
)
from rules_engine.errors import InvalidRecord
from scorer.games.records import present
from scorer.web import posted
from scorer.web.posted import N_, Fields, Record

#: Match-level settings copied into the engine's match record.
MATCH_FIELDS = ("options",)
SEATS = ("1", "2", "3", "4")
TEAMS = ("1", "2")
DIRECTIONS = ("obenabe", "undenufe")
SUITS = ("D", "H", "S", "C")
#: A 3×3's three segments in the order they are played (C5.3); the first is the default.
ORDERS = (
    "trump undenufe obenabe",
    "trump obenabe undenufe",
    "undenufe trump obenabe",
    "undenufe obenabe trump",
    "obenabe trump undenufe",
    "obenabe undenufe trump",
)


def options(settings: Mapping[str, Any]) -> Mapping[str, Any]:
    """The options in force; a stored match's always passed the engine, else the defaults."""
    try:
        return coiffeur_options(settings.get("options") or {})
    except InvalidRecord:
        return coiffeur_options({})


def grid(settings: Mapping[str, Any]) -> tuple[Row, ...]:
    """The game's rows (C2.3); a grid the engine refuses shows as the default one."""
    try:
        rows: tuple[Row, ...] = coiffeur_options(settings.get("options") or {})["grid"]
    except InvalidRecord:
        return GRID_PRESETS["official8"]
    return rows


def wunsch_contracts(settings: Mapping[str, Any]) -> tuple[str, ...]:
    """What a Wunsch row may be played as (C5.5)."""
    allowed = options(settings)["wunsch_contracts"]
    return ANY_CONTRACT if allowed == "any" else tuple(allowed or DEFAULT_WUNSCH)


def misere_modes(settings: Mapping[str, Any]) -> tuple[str, ...]:
    """What a Misère may be played as (C5.4)."""
    return tuple(options(settings)["misere_modes"] or DEFAULT_MISERE_MODES)


def choices(settings: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """Each choice of the deal form that may be left empty, and the values it offers (the form
    refuses any other)."""
    return {
        "forehand": SEATS,
        "chooser": SEATS,
        "pushes": tuple(str(n) for n in range(8)),
        "contract": wunsch_contracts(settings),
        "start": DIRECTIONS,
        "trump": SUITS,
        "mode": misere_modes(settings),
        "result": ("points", "match", "konter"),
    }


#: The deal form's choices with a default and no empty value: posted, each must be one of these.
CHOSEN = {"order": ORDERS, "team": TEAMS, "scratch_team": TEAMS}


def team_of(seat: int) -> int:
    """Seats 1 and 3 are team 1 (C1.1, S1.1)."""
    return 1 if seat % 2 == 1 else 2


def derived_pushes(forehand: int, chooser: int, push: str) -> int:
    """The passes from forehand to who chose, when nobody was reached twice (C3.3)."""
    ahead = (chooser - forehand) % 4
    if push == "partner":  # 0 forehand; 1 his partner, or the next by force; 2 the next's partner
        return {0: 0, 2: 1, 1: 1, 3: 2}[ahead]
    return ahead


def is_misere(stated: Any) -> bool:
    return isinstance(stated, Mapping) and stated.get("type") == "misere"


def contract(fields: Fields, row: Row, settings: Mapping[str, Any]) -> Any:
    """The contract the fields name for ``row`` (C3.5, "JSON records").

    :raises ShapeError: a Wunsch row without its contract, a 3×3 without its trump.
    """
    if row.type == "suit":
        return row.suit
    kind = row.type
    if kind == "wunsch":
        if not posted.text(fields, "contract"):
            raise posted.ShapeError("contract", N_("Choose what the Wunsch row is played as."))
        kind = posted.choice(fields, "contract", wunsch_contracts(settings))
    start = posted.choice(fields, "start", DIRECTIONS, required=False) or "obenabe"
    if kind in ("slalom", "guschti"):
        return {"type": kind, "start": start}
    if kind == "3x3":
        if not posted.text(fields, "trump"):
            raise posted.ShapeError("contract", N_("Choose the trump of the 3×3."))
        stated: dict[str, Any] = {"type": "3x3", "trump": posted.choice(fields, "trump", SUITS)}
        order = posted.choice(fields, "order", ORDERS, required=False)
        if order and order != ORDERS[0]:
            stated["order"] = order.split()
        return stated
    if kind == "misere":
        mode = posted.text(fields, "mode") or "obenabe"
        misere: dict[str, Any] = {"type": "misere", "mode": mode}
        if mode == "slalom":
            misere["start"] = start
        return misere
    return kind


def deal_record(fields: Fields, settings: Mapping[str, Any]) -> Record:
    """The entry (inside a match record) the fields state: a deal or a scratch.

    :raises ShapeError: no row, no forehand, no chooser, no contract of a Wunsch row, or no
        trick points.
    """
    # What the form refuses whatever the entry: a value it does not offer, a number that is none.
    posted.choice(fields, "kind", ("deal", "scratch"))
    for name, offered in choices(settings).items():
        posted.choice(fields, name, offered, required=False)
    for name, offered in CHOSEN.items():
        if name in fields:
            posted.choice(fields, name, offered)
    posted.integer(fields, "points")
    rows = grid(settings)
    row_text = posted.text(fields, "row")
    if not row_text.isdigit() or not 1 <= int(row_text) <= len(rows):
        raise posted.ShapeError("row", N_("Choose the row."))
    row = int(row_text)
    if posted.choice(fields, "kind", ("deal", "scratch")) == "scratch":  # the form requires it
        scratch: dict[str, Any] = {
            "team": int(posted.choice(fields, "scratch_team", TEAMS, required=False) or 1)
        }
        scratch["row"] = row
        if posted.text(fields, "reason"):
            scratch["reason"] = str(fields["reason"])
        return {"scratch": scratch}
    if not posted.text(fields, "forehand"):
        raise posted.ShapeError("forehand", N_("Choose the forehand."))
    if not posted.text(fields, "chooser"):
        raise posted.ShapeError("chooser", N_("Choose who chose the row."))
    forehand = int(posted.choice(fields, "forehand", SEATS))
    chooser = int(posted.choice(fields, "chooser", SEATS))
    pushes = posted.integer(fields, "pushes")
    if pushes is None:
        pushes = derived_pushes(forehand, chooser, str(options(settings)["push"]))
    stated = contract(fields, rows[row - 1], settings)
    choosing = team_of(chooser)
    other = 3 - choosing
    result = posted.choice(fields, "result", ("points", "match", "konter"), required=False)
    if result == "match":  # C6.2; in Misère the opponents take all nine (C6.3)
        points: dict[str, Any] = {"team": other if is_misere(stated) else choosing, "match": True}
    elif result == "konter":  # C6.4
        points = {"team": choosing if is_misere(stated) else other, "match": True}
    else:
        value = posted.integer(fields, "points")
        if value is None:
            raise posted.ShapeError("points", N_("Enter the trick points, or choose Match or Konter-Match."))
        team = posted.choice(fields, "team", TEAMS, required=False)
        points = {"team": int(team) if team else choosing, "value": value}
    return {
        "forehand": forehand,
        "pushes": pushes,
        "chooser": chooser,
        "row": row,
        "contract": stated,
        "points": points,
    }


def scores(answer: Mapping[str, Any]) -> Any:
    """Each team's score as the match screen shows it: the engine's ``totals`` (C7)."""
    return answer.get("totals")


def match_fields(settings: Mapping[str, Any]) -> Record:
    """The engine's match-level fields of these settings (``game`` and ``deals`` aside)."""
    return present(settings, MATCH_FIELDS)


#: The set-up's choices whose value is the engine's option as it stands (empty: the default).
CHOICE_OPTIONS = {
    "push": ("partner",),
    "undenufe_points": ("ace11",),
    "mixed_points": ("per_trick",),
    "match_bonus": ("flat",),
    "konter": ("penalty", "award"),
    "rounding": ("tens",),
    "opponents_score": ("lost",),
}
#: The set-up's numbers, each with the range the form takes.
NUMBER_OPTIONS = {
    "match_value": (157, 10_000),
    "match_bonus_points": (0, 10_000),
    "konter_penalty": (0, 10_000),
    "konter_award": (0, 10_000),
}
#: A Misère's modes when the set-up also allows a trump suit (C5.4).
MISERE_WITH_SUITS = ["obenabe", "undenufe", "slalom", *SUITS]
#: WTForms' own message for a number out of its range (its catalogs translate it).
WTFORMS_NOT_IN_RANGE = "Number must be between {low} and {high}."


def setup_settings(fields: Fields) -> Record:
    """The settings a new game's set-up form states, for a preset grid (C2.3): a grid of the
    table's own rows is typed and judged with the network.

    :raises ShapeError: a field the set-up form refuses, or a grid of own rows.
    """
    grid_name = posted.choice(fields, "grid", (*GRID_PRESETS, "custom"))
    if grid_name == "custom":
        raise posted.ShapeError(
            "grid", N_("A grid of own rows is set up with the network; a preset grid plays without.")
        )
    options: dict[str, Any] = {}
    if grid_name != "official8":
        options["grid"] = grid_name
    for key, offered in CHOICE_OPTIONS.items():
        if value := posted.choice(fields, key, offered, required=False):
            options[key] = value
    for key, (low, high) in NUMBER_OPTIONS.items():
        number = posted.integer(fields, key)
        if number is not None and not low <= number <= high:
            raise posted.ShapeError(key, WTFORMS_NOT_IN_RANGE.format(low=low, high=high))
        if number is not None:
            options[key] = number
    if posted.choice(fields, "guschti_split", ("4",), required=False):
        options["guschti_split"] = 4
    if posted.choice(fields, "wunsch_contracts", ("any",), required=False):
        options["wunsch_contracts"] = "any"
    if posted.choice(fields, "misere_suits", ("yes",), required=False):
        options["misere_modes"] = list(MISERE_WITH_SUITS)
    # The form's select of the cards has a default: a set-up that names none plays Swiss cards.
    deck = posted.choice({"deck": posted.text(fields, "deck") or "swiss"}, "deck", ("swiss", "french"))
    stated: Record = {
        "game": "coiffeur",
        "options": options,
        "deck": deck,
        "names": posted.names(fields, 4),
        "players": 4,
        "first_forehand": int(posted.choice(fields, "first_forehand", SEATS)),
    }
    team_names = [posted.text(fields, f"team_name_{n}")[:40] for n in TEAMS]
    if any(team_names):
        stated["teams"] = team_names
    return stated


def born_variant(settings: Mapping[str, Any]) -> dict[str, str]:
    """The born deal form a game started offline is played on: its preset grid's (C2.3)."""
    named = (settings.get("options") or {}).get("grid")
    return {"grid": named} if isinstance(named, str) and named != "official8" else {}
