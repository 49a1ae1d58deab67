"""The games an event can be played in, as data: which engine record and entry points judge it,
what a table's match is, and which of the events' steps the game has.

An event's settings name its game (``"game"``, absent: Schieber, the events' first game). The
views read everything game-specific from here rather than branching on the name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l

import rules_engine
from rules_engine.differenzler.tournament import RECORD_FIELDS as DIFFERENZLER_FIELDS
from rules_engine.differenzler.tournament import score_differenzler_tournament, seat_next_differenzler_round
from rules_engine.tournament.tournament import TOURNAMENT_FIELDS

Record = dict[str, Any]


@dataclass(frozen=True, slots=True)
class EventGame:
    name: str
    #: The set-up's choice, and the short name the event's page shows.
    title: Any
    label: Any
    #: The tournament record's ``game`` and the engine's entry points on it.
    record_game: str
    score: Callable[[Mapping[str, Any]], Mapping[str, Any]]
    seat: Callable[[Mapping[str, Any]], Mapping[str, Any]]
    #: The tournament record's fields the game's engine reads (the others are left out).
    fields: frozenset[str]
    #: A table's result in the record, from the games (deals) in force of its match.
    result: Callable[[list[Record]], Record]
    #: The match game of a table's Passe, and its settings from the event's options.
    table_game: str
    table_settings: Callable[[Mapping[str, Any]], Record]
    #: The games (deals) of one Passe.
    games_per_passe: Callable[[Mapping[str, Any]], int]
    #: The teams' confirmation and the office (TOURNAMENT.md T6), the Jasszettel, team labels.
    confirms: bool
    teams: bool
    #: Withdrawals, substitutes and late entries (T8, the record's ``late_entries``).
    substitutes: bool


#: The Passe's options the table's match keeps; the rest are the tournament's (TOURNAMENT.md).
PASSE_OPTIONS = ("games_per_passe", "match_value", "confirm")
#: The table's own match adds no confirmation step: the teams confirm on the event's table page
#: (``scorer.events.office``), and the event's record judges it (T6.2).
CONFIRM = "none"


def _passe_settings(options: Mapping[str, Any]) -> Record:
    kept = {key: options[key] for key in PASSE_OPTIONS if key in options}
    kept["confirm"] = CONFIRM
    return {"game": "passe", "profile": "tournament", "options": kept, "deck": "swiss"}


#: The options of a Differenzler tournament that are the tournament's, not every table's Partie.
DIFFERENZLER_TOURNAMENT_KEYS = ("sitout_score", "sitout_points")
#: D7.1, D7.3: a Passe is one deal per player at a table of four.
DIFFERENZLER_PASSE = 4


def _differenzler_settings(options: Mapping[str, Any]) -> Record:
    kept = {key: value for key, value in options.items() if key not in DIFFERENZLER_TOURNAMENT_KEYS}
    return {
        "game": "differenzler",
        "players": DIFFERENZLER_PASSE,
        "deal_count": DIFFERENZLER_PASSE,
        "options": kept,
        "deck": "swiss",
    }


SCHIEBER = EventGame(
    name="schieber",
    title=_l("Schieber (TOURNAMENT.md)"),
    label=_l("Schieber"),
    record_game="schieber_tournament",
    score=rules_engine.score_tournament,
    seat=rules_engine.seat_next_round,
    fields=TOURNAMENT_FIELDS,
    result=lambda games: {"passe": {"games": games}},
    table_game="passe",
    table_settings=_passe_settings,
    games_per_passe=lambda options: int(options.get("games_per_passe", 12)),
    confirms=True,
    teams=True,
    substitutes=True,
)

DIFFERENZLER = EventGame(
    name="differenzler",
    title=_l("Differenzler (D7.3: four deals a Passe, lowest total wins)"),
    label=_l("Differenzler"),
    record_game="differenzler_tournament",
    score=score_differenzler_tournament,
    seat=seat_next_differenzler_round,
    fields=DIFFERENZLER_FIELDS,
    result=lambda deals: {"deals": deals},
    table_game="differenzler",
    table_settings=_differenzler_settings,
    games_per_passe=lambda options: DIFFERENZLER_PASSE,
    confirms=False,
    teams=False,
    substitutes=False,
)

GAMES = {game.name: game for game in (SCHIEBER, DIFFERENZLER)}


def of(settings: Mapping[str, Any]) -> EventGame:
    """The game of an event's settings (Schieber when they name none or one unknown here)."""
    return GAMES.get(str(settings.get("game") or SCHIEBER.name), SCHIEBER)
