"""Tournament Schieber (TOURNAMENT.md): the Passe, the tournament's ranking and its seating."""

from rules_engine.tournament.passe import score_passe

__all__ = ["score_passe"]
