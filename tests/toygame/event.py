"""The toy game's tournament format: tables of four play two deals of Hundred a round, and the
toy's own engine functions (``tournament.py``) draw and rank them."""

from __future__ import annotations

from scorer.games.event import TournamentFormat
from tests.toygame.tournament import FIELDS, RECORD_GAME, score_toy_tournament, seat_next_toy_round

#: The deals each table plays in a round.
DEALS = 2

EVENT = TournamentFormat(
    title=lambda: "Hundred (two deals a round)",
    label=lambda: "Hundred",
    record_game=RECORD_GAME,
    score=score_toy_tournament,
    seat=seat_next_toy_round,
    fields=FIELDS,
    options=lambda form: {},
    result=lambda deals: {"deals": deals},
    table_game="toy",
    table_settings=lambda options: {"game": "toy", "deck": "french"},
    games_per_passe=lambda options: DEALS,
    pads_title=lambda: "Hundred pads (PDF)",
)
