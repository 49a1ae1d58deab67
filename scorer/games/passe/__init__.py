"""A Passe at one table (rules/TOURNAMENT.md): a fixed number of Schieber games, no target.

It reuses Schieber's deal entry (forehand, contract, points, Match); under the tournament
profile there is no Weis and no Stöck (T2.1). The engine's ``score_passe`` answers it.
"""

from __future__ import annotations

from scorer.games.base import built_on_first_read

__getattr__ = built_on_first_read(__name__)
