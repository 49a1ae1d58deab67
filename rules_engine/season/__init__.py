"""A club's season (SEASON.md): series standings and players' ratings across events.

:func:`score_series` adds up a series of events' results under the club's options (Z3–Z8);
:func:`rate_players` rates each player from the whole effective log of results (Z9, Z10).
Both take the records of SEASON.md's "JSON records" and answer JSON-like dicts (typed in
:mod:`.answers`). An event's own ranks come from the tournament or the game that ran it: this
package never re-adjudicates an event.
"""

from rules_engine.season.rating import rate_players
from rules_engine.season.series import score_series

__all__ = ["rate_players", "score_series"]
