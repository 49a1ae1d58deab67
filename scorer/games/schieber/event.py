"""The Schieber tournament (TOURNAMENT.md): each table plays a Passe of Schieber games, the teams
confirm them, and the engine ranks the players (Einzelschieber) or pairs (Partnerschieber)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

import rules_engine
from rules_engine.tournament.tournament import TOURNAMENT_FIELDS
from scorer.games.event import Office, Record, TournamentFormat
from scorer.games.schieber.tournament_api import API

#: The Passe's options the table's match keeps; the rest are the tournament's (TOURNAMENT.md).
PASSE_OPTIONS = ("games_per_passe", "match_value", "confirm")
#: The table's own match adds no confirmation step: the teams confirm on the event's table page
#: (``scorer.events.office``), and the event's record judges it (T6.2).
CONFIRM = "none"
#: The options of a table's Passe record that come from the tournament (TOURNAMENT.md, Rule options).
PASSE_KEYS = (
    "games_per_passe",
    "match_value",
    "confirm",
    "weis",
    "stoeck",
    "factors",
    "contracts",
    "mixed_points",
    "undenufe_points",
    "rotation",
)
#: A Match's value when the event names none (T3.4).
MATCH_VALUE = "157"


def options(form: Any) -> Record:
    """The tournament's options the new-event form states."""
    stated: Record = {
        "format": form.format.data,
        "games_per_passe": form.games_per_passe.data,
        "confirm": form.confirm.data,
        "streich": form.streich.data,
    }
    if form.match_value.data != MATCH_VALUE:
        stated["match_value"] = int(form.match_value.data)
    return stated


def table_settings(options: Mapping[str, Any]) -> Record:
    """A table's Passe: the tournament profile, the event's Passe options."""
    kept = {key: options[key] for key in PASSE_OPTIONS if key in options}
    kept["confirm"] = CONFIRM
    return {"game": "passe", "profile": "tournament", "options": kept, "deck": "swiss"}


EVENT = TournamentFormat(
    title=lambda: _("Schieber (TOURNAMENT.md)"),
    label=lambda: _("Schieber"),
    record_game="schieber_tournament",
    score=rules_engine.score_tournament,
    seat=rules_engine.seat_next_round,
    fields=TOURNAMENT_FIELDS,
    options=options,
    result=lambda games: {"passe": {"games": games}},
    table_game="passe",
    table_settings=table_settings,
    games_per_passe=lambda options: int(options.get("games_per_passe", 12)),
    pads_title=lambda: _("Jasszettel (PDF)"),
    office=Office(
        record_game="schieber_passe",
        score=rules_engine.score_passe,
        options=PASSE_KEYS,
        desk_game="schieber",
    ),
    teams=True,
    substitutes=True,
    api=API,
)
