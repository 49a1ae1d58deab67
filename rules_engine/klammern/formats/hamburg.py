"""Hamburg dice (K9, "Klabberjazz"): one round; the first side back to six wins.

Each deal's award comes from the deal's answer (K9.2-K9.3: Orgi 2/4, little one 1/2,
×Kontra/Re). A side's die starts at six, meaning 0 (K9.1), and counts its points; the
first side with 6 or more wins the round, and the score keeps counting past six (the
die shows six). Several sides passing six in one deal: the higher score wins; at equal
scores the side that won the deal (K9.4); then play order from the deal's forehand (K1.4).

>>> die_face(0), die_face(2), die_face(7)
(6, 2, 6)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from rules_engine.klammern.formats.common import DealFigures, Ending, MatchSetup, add, break_tie, fold
from rules_engine.seats import side_count

NAME = "hamburg"
#: K9.1/K9.4: the die's top face; a side at this many points wins the round.
SIX = 6


def die_face(points: int) -> int:
    """What a side's die shows (K9.1, K9.4): six for 0 and for 6 or more, else the points."""
    return SIX if points == 0 or points >= SIX else points


@dataclass(frozen=True, slots=True)
class HamburgStanding:
    """Each side's points (what its die counts) after some deals."""

    points: tuple[int, ...]
    ending: Ending | None = None

    @property
    def progress(self) -> tuple[int, ...]:
        """What six is measured against: the points each die counts (K9.4)."""
        return self.points

    def scores_json(self) -> list[int]:
        return list(self.points)

    def states_json(self) -> dict[str, Any]:
        return {"dice_faces": [die_face(points) for points in self.points]}

    def after_json(self) -> dict[str, Any]:
        """What each die shows after the deal (K9.1)."""
        return {"dice_faces_after": [die_face(points) for points in self.points]}


def start(players: int) -> HamburgStanding:
    return HamburgStanding((0,) * side_count(players))


def award(standing: HamburgStanding, deal: DealFigures) -> HamburgStanding:
    """The standing after one more deal (K9.4). A finished standing does not change."""
    if standing.ending is not None:
        return standing
    points = add(standing.points, deal.dice)
    reached = [side for side, total in enumerate(points, 1) if total >= SIX]
    if not reached:
        return replace(standing, points=points)
    winner = break_tie(reached, points, deal, prefer=deal.winner_sides)
    return replace(standing, points=points, ending=Ending(deal.index, winner, "K9.4"))


def target(setup: MatchSetup) -> int:
    """K9.4: the first side back to six (6 points or more) wins the round."""
    return SIX


def step(standing: HamburgStanding, deal: DealFigures, setup: MatchSetup) -> HamburgStanding:
    """The standing after one more deal, in the match's setup (the fold :func:`standings` takes)."""
    return award(standing, deal)


def play(deals: Iterable[DealFigures], setup: MatchSetup) -> tuple[HamburgStanding, list[Any]]:
    """The standing after ``deals`` (stopping at the deal that decides the round) and the running scores."""
    return fold(start, step, deals, setup)
