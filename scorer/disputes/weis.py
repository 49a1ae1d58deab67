"""Whose Weis / melds count? Each claim checked, the best of each side compared step by step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorer.disputes.desk import ClaimsQuestion, desk
from scorer.games.ruling import Ruling


def claims_ruling(
    game: str, contract: str, claims: Mapping[int, Sequence[Sequence[str]]], question: ClaimsQuestion
) -> Ruling:
    """The game's ruling on ``claims`` (seat -> groups of card codes): Weis (S6) or melds (K5)."""
    return desk(game).claims(contract, claims, question)
