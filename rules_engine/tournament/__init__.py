"""Tournament Schieber (TOURNAMENT.md): the Passe, the tournament's ranking and its seating.

:func:`score_passe` and :func:`score_tournament` take the records of TOURNAMENT.md's "JSON
records" and answer JSON-like dicts (typed in :mod:`.answers`); :func:`seat_next_round`
proposes the next round's tables for a tournament record (T5), and :func:`next_round` does
the same on plain ids.
"""

from rules_engine.tournament.draw import seat_next_round
from rules_engine.tournament.passe import score_passe
from rules_engine.tournament.seating import SeatedTable, next_round, seating_report
from rules_engine.tournament.tournament import score_tournament

__all__ = [
    "SeatedTable",
    "next_round",
    "score_passe",
    "score_tournament",
    "seat_next_round",
    "seating_report",
]
