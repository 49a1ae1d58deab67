"""Small and big points (K7), the default Klammern format, as a pure fold over deals.

Each deal gives small points (K7.1-K7.2, already ×Kontra/Re in the deal's answer). A side
reaching 5 wins the small game: 1 big point, or 2 for a Kalte — won while every other
side has 0 small points (K7.3). Then every side restarts at 0 and any surplus is
dropped (K7.4). A team with 4 small points is in the Laube and the other team must
play (K7.5). With ``target_big`` the first side to reach it wins (K7.6).

K1.4.2: with three players a lost deal gives both opponents small points, so two sides
can reach 5 in one deal: each of them wins one big point, and every side starts the next
small game at 0. A Kalte needs every other side at 0, so that game is never a Kalte. When
that brings two sides to ``target_big`` together, the side earlier in play order from
that deal's forehand wins the match (K1.4).

**[reading]** K7.5 binds the other team to play "if it possibly can"; a record cannot
show whether it could, so a deal the bound team did not play is shown
(``must_play_missed``), never rejected.

>>> from rules_engine.klammern.formats.common import DealFigures
>>> deal = DealFigures(0, forehand=1, declarer_side=1, winner_sides=frozenset({1}), small_points=(5, 0))
>>> award(start(4), deal, None).big, award(start(4), deal, None).kalte
((2, 0), (0,))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from rules_engine.klammern.formats.common import DealFigures, Ending, MatchSetup, add, break_tie, fold
from rules_engine.seats import side_count

NAME = "small_big"
#: K7.3: small points that make one big point.
SMALL_POINTS_PER_BIG = 5
#: K7.3: big points of an ordinary small game and of a Kalte.
BIG_POINTS_WON = 1
BIG_POINTS_KALTE = 2
#: K7.5: a team with this many small points is in the Laube (one short of a big point).
LAUBE_SMALL_POINTS = SMALL_POINTS_PER_BIG - 1


@dataclass(frozen=True, slots=True)
class SmallBigStanding:
    """Small and big points after some deals, with the Kalte and Laube history."""

    players: int
    small: tuple[int, ...]
    big: tuple[int, ...]
    #: Indexes of the deals that completed a Kalte (K7.3).
    kalte: tuple[int, ...] = ()
    #: Indexes of the deals that a Laube-bound team did not play (K7.5, shown only).
    must_play_missed: tuple[int, ...] = ()
    ending: Ending | None = None

    @property
    def laube(self) -> tuple[int, ...]:
        """The sides in the Laube now (K7.5): empty, one team, or both at 4:4."""
        return tuple(side for side, small in enumerate(self.small, 1) if small == LAUBE_SMALL_POINTS)

    @property
    def must_play(self) -> int | None:
        """The team bound to play (K7.5): the other team of a lone Laube team; else None.

        Only with four players: two or three players each alone are never bound (K1.4).
        """
        if self.players != 4 or len(self.laube) != 1:
            return None
        return 2 if self.laube[0] == 1 else 1

    @property
    def progress(self) -> tuple[int, ...]:
        """What ``target_big`` is measured against: the big points (K7.6)."""
        return self.big

    def scores_json(self) -> dict[str, list[int]]:
        return {"small": list(self.small), "big": list(self.big)}

    def after_json(self) -> dict[str, Any]:
        """The states a score sheet shows after each deal: who is in the Laube, who must play."""
        return {"laube_after": list(self.laube), "must_play_after": self.must_play}

    def states_json(self) -> dict[str, Any]:
        return {
            "kalte": list(self.kalte),
            "laube": list(self.laube),
            "must_play": self.must_play,
            "must_play_missed": list(self.must_play_missed),
        }


def start(players: int) -> SmallBigStanding:
    """Every side at 0 small and 0 big points."""
    zeros = (0,) * side_count(players)
    return SmallBigStanding(players, zeros, zeros)


def award(standing: SmallBigStanding, deal: DealFigures, target_big: int | None) -> SmallBigStanding:
    """The standing after one more deal (K7.1-K7.6). A finished standing does not change."""
    if standing.ending is not None:
        return standing
    missed = standing.must_play_missed
    bound = standing.must_play
    if bound is not None and deal.declarer_side != bound:
        missed = (*missed, deal.index)
    small = add(standing.small, deal.small_points)
    reached = [side for side, points in enumerate(small, 1) if points >= SMALL_POINTS_PER_BIG]
    if not reached:
        return replace(standing, small=small, must_play_missed=missed)
    # K7.3, K1.4.2: every side that reached five wins the small game; alone, with every
    # other side at 0, it is a Kalte.
    is_kalte = len(reached) == 1 and all(
        points == 0 for side, points in enumerate(small, 1) if side not in reached
    )
    won = BIG_POINTS_KALTE if is_kalte else BIG_POINTS_WON
    big = tuple(points + (won if side in reached else 0) for side, points in enumerate(standing.big, 1))
    ending = None
    at_target = [side for side in reached if target_big is not None and big[side - 1] >= target_big]
    if at_target:
        # Two sides at the target together: the earlier in play order wins (K1.4, K1.4.2).
        winner = break_tie(at_target, big, deal)
        ending = Ending(deal.index, winner, "K1.4.2" if len(at_target) > 1 else "K7.6")
    return replace(
        standing,
        # K7.4: a new small game for everybody; surplus points are dropped.
        small=(0,) * len(small),
        big=big,
        kalte=(*standing.kalte, deal.index) if is_kalte else standing.kalte,
        must_play_missed=missed,
        ending=ending,
    )


def target(setup: MatchSetup) -> int | None:
    """K7.6: big points to win, or None: the match is open-ended."""
    return setup.target_big


def step(standing: SmallBigStanding, deal: DealFigures, setup: MatchSetup) -> SmallBigStanding:
    """The standing after one more deal, in the match's setup (the fold :func:`standings` takes)."""
    return award(standing, deal, setup.target_big)


def play(deals: Iterable[DealFigures], setup: MatchSetup) -> tuple[SmallBigStanding, list[Any]]:
    """The standing after ``deals`` (stopping at the deal that decides the match) and the running scores."""
    return fold(start, step, deals, setup)
