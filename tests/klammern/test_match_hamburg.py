"""Hamburg dice (K9.1, K9.4, K1.4): the die faces, first to six, two sides passing six.

Expected results worked out by hand from KLAMMERN.md; the deals are synthetic per-deal
awards (what a deal's answer gives as ``dice``, K9.2-K9.3 being the deal's business).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rules_engine.klammern.formats.common import DealFigures, Ending, MatchSetup, deal_after_end
from rules_engine.klammern.formats.hamburg import HamburgStanding, die_face, play, start


def deal(
    index: int,
    dice: Sequence[int],
    winner: int | Sequence[int],
    forehand: int = 1,
    declarer: int | None = None,
) -> DealFigures:
    winners = frozenset([winner] if isinstance(winner, int) else winner)
    players = 4 if len(dice) == 2 else len(dice)
    side = declarer if declarer is not None else min(winners)
    return DealFigures(index, forehand, side, winners, players, dice=tuple(dice))


def run(deals: Sequence[DealFigures], players: int = 4) -> HamburgStanding:
    standing, _running = play(deals, MatchSetup(players=players))
    return standing


@pytest.mark.parametrize(("points", "face"), [(0, 6), (1, 1), (2, 2), (5, 5), (6, 6), (7, 6), (12, 6)])
def test_die_face(points: int, face: int) -> None:
    # K9.1: six means 0; K9.4: past six the die shows six.
    assert die_face(points) == face


def test_ben_and_sue() -> None:
    # K9.4 example, two players: Ben (seat 1) wins an Orgi he played (2): his die goes
    # from six to two; Sue (seat 2) wins a little one she played (1): hers to one.
    ben_orgi = DealFigures(0, 1, 1, frozenset({1}), players=2, dice=(2, 0))
    sue_little = DealFigures(1, 2, 2, frozenset({2}), players=2, dice=(0, 1))
    standing, running = play([ben_orgi, sue_little], MatchSetup(players=2))
    assert start(2).states_json() == {"dice_faces": [6, 6]}
    assert running == [[2, 0], [2, 1]]
    assert standing.states_json() == {"dice_faces": [2, 1]}
    assert standing.ending is None


def test_first_side_to_six_wins_the_round() -> None:
    # Orgi won by team 1 (2), Orgi lost by team 1 (4 to team 2), little one lost by
    # team 2 (2 to team 1), Orgi won by team 1 (2): 2:0, 2:4, 4:4, 6:4.
    deals = [deal(0, (2, 0), 1), deal(1, (0, 4), 2), deal(2, (2, 0), 1), deal(3, (2, 0), 1)]
    standing, running = play(deals, MatchSetup())
    assert running == [[2, 0], [2, 4], [4, 4], [6, 4]]
    assert standing.ending == Ending(3, 1, "K9.4")
    assert standing.states_json() == {"dice_faces": [6, 4]}


def test_score_keeps_counting_past_six() -> None:
    # 5:0, then an Orgi lost by team 2 with Kontra: 4 x 2 = 8 to team 1 -> 13.
    standing = run([deal(0, (5, 0), 1), deal(1, (8, 0), 1)])
    assert standing.points == (13, 0)
    assert standing.states_json() == {"dice_faces": [6, 6]}
    assert standing.ending == Ending(1, 1, "K9.4")


def test_two_sides_passing_six_in_one_deal_higher_score_wins() -> None:
    # Three players, 4:5:0; seat 3 plays an Orgi and loses: 4 to each opponent -> 8:9:0.
    before = deal(0, (4, 5, 0), 1, declarer=3)
    standing = run([before, deal(1, (4, 4, 0), (1, 2), declarer=3)], players=3)
    assert standing.points == (8, 9, 0)
    assert standing.ending == Ending(1, 2, "K9.4")


def test_two_sides_passing_six_equal_scores_the_deal_winner_then_play_order() -> None:
    # 5:5:0 -> 9:9:0: both opponents won the deal, so play order from forehand (K1.4).
    before = deal(0, (5, 5, 0), 1, declarer=3)
    crossing = (4, 4, 0)
    from_seat_2 = deal(1, crossing, (1, 2), forehand=2, declarer=3)
    from_seat_3 = deal(1, crossing, (1, 2), forehand=3, declarer=3)
    assert run([before, from_seat_2], players=3).ending == Ending(1, 2, "K9.4")
    assert run([before, from_seat_3], players=3).ending == Ending(1, 1, "K9.4")


def test_equal_scores_the_side_that_won_the_deal_wins() -> None:
    # Synthetic: 4:4 and a deal giving 2 to both teams, won by team 2 -> team 2 (K9.4).
    standing = run([deal(0, (4, 4), 1), deal(1, (2, 2), 2)])
    assert standing.ending == Ending(1, 2, "K9.4")


def test_deals_after_the_round_is_won_are_rejected() -> None:
    deals = [deal(0, (4, 0), 1), deal(1, (2, 0), 1), deal(2, (0, 1), 2)]
    standing, running = play(deals, MatchSetup())
    assert running == [[4, 0], [6, 0]]
    reason = deal_after_end(standing.ending, len(deals))
    assert reason is not None and (reason.rule, reason.deal) == ("K9.4", 2)
