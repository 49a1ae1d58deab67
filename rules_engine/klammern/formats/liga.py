"""Liga-Partie (K8): Augen accumulate to a target; a Durchmarsch decides at once.

Each deal's Augen come from the deal's answer (K8.1 rounding and K8.3 are the deal's
business). The first side to reach the target wins (K8.2). If several reach it in the
same deal, the higher total wins; at equal totals the side that won the deal (K8.3);
with two or three players, still tied sides go by play order from that deal's
forehand (K1.4).

A Durchmarsch (K8.4) always ends the match: the marching side wins if it took every
trick; otherwise the opposing side with the most Augen at that moment wins (ties by
play order, K1.4). A march adds no Augen, whatever the deal's answer says.

>>> from rules_engine.klammern.formats.common import DealFigures
>>> deal = DealFigures(0, forehand=1, declarer_side=1, winner_sides=frozenset({1}), augen=(51, 0))
>>> award(start(4), deal, 51).ending
Ending(deal=0, winner=1, rule='K8.2')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from rules_engine.klammern.formats.common import DealFigures, Ending, MatchSetup, add, break_tie, fold
from rules_engine.seats import side_count

NAME = "liga"
#: K8.2: the target when the match record gives none.
DEFAULT_TARGET = 51


@dataclass(frozen=True, slots=True)
class MarchOutcome:
    """The Durchmarsch that decided the match (K8.4)."""

    deal: int
    side: int
    succeeded: bool

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "side": self.side, "succeeded": self.succeeded}


@dataclass(frozen=True, slots=True)
class LigaStanding:
    """Augen per side after some deals."""

    augen: tuple[int, ...]
    march: MarchOutcome | None = None
    ending: Ending | None = None

    @property
    def progress(self) -> tuple[int, ...]:
        """What the target is measured against: the Augen (K8.2)."""
        return self.augen

    def scores_json(self) -> list[int]:
        return list(self.augen)

    def after_json(self) -> dict[str, Any]:
        return {}

    def states_json(self) -> dict[str, Any]:
        return {"durchmarsch": None if self.march is None else self.march.to_json()}


def start(players: int) -> LigaStanding:
    return LigaStanding((0,) * side_count(players))


def award(standing: LigaStanding, deal: DealFigures, target: int) -> LigaStanding:
    """The standing after one more deal (K8.2-K8.4). A finished standing does not change."""
    if standing.ending is not None:
        return standing
    if deal.march is not None:
        march = deal.march
        if march.succeeded:
            winner = march.side
        else:
            opponents = [side for side in range(1, deal.sides + 1) if side != march.side]
            winner = break_tie(opponents, standing.augen, deal)
        return replace(
            standing,
            march=MarchOutcome(deal.index, march.side, march.succeeded),
            ending=Ending(deal.index, winner, "K8.4"),
        )
    augen = add(standing.augen, deal.augen)
    reached = [side for side, total in enumerate(augen, 1) if total >= target]
    if not reached:
        return replace(standing, augen=augen)
    winner = break_tie(reached, augen, deal, prefer=deal.winner_sides)
    rule = "K8.2" if len(reached) == 1 else "K8.3"
    return replace(standing, augen=augen, ending=Ending(deal.index, winner, rule))


def target(setup: MatchSetup) -> int:
    """K8.2: the Augen to reach (51 unless the match record sets another)."""
    return setup.target


def step(standing: LigaStanding, deal: DealFigures, setup: MatchSetup) -> LigaStanding:
    """The standing after one more deal, in the match's setup (the fold :func:`standings` takes)."""
    return award(standing, deal, setup.target)


def play(deals: Iterable[DealFigures], setup: MatchSetup) -> tuple[LigaStanding, list[Any]]:
    """The standing after ``deals`` (stopping at the deal that decides the match) and the running scores."""
    return fold(start, step, deals, setup)
