"""Is this count possible? A set of tricks worth the points, or the rule that no set can be."""

from __future__ import annotations

from scorer.disputes.desk import desk
from scorer.games.ruling import Ruling


def count_ruling(
    game: str, contract: str, points: int, profile: str = "seed", jappa_total: bool = False, players: int = 4
) -> Ruling:
    """Can one team (at a table of 2-3 players: one player) take ``points`` trick (card) points under the
    contract? With an example if so."""
    return desk(game).count(contract, points, profile, jappa_total, players)
