"""Small and big points (K7): Kalte, overflow reset, Laube and who must play, target_big.

Every expected figure is worked out by hand from KLAMMERN.md K7 (and K1.4 for two or
three players). The deals are synthetic per-deal figures (what a deal's answer gives the
match), so the rules of the match are tested apart from the rules of a deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.klammern.formats.common import DealFigures, Ending, MatchSetup, deal_after_end
from rules_engine.klammern.formats.small_big import SmallBigStanding, award, play, start


def won(index: int, side: int, factor: int = 1, players: int = 4, forehand: int = 1) -> DealFigures:
    """The playing side ``side`` wins: 1 small point ×Kontra/Re (K7.1)."""
    sides = 2 if players == 4 else players
    points = tuple(factor if s == side else 0 for s in range(1, sides + 1))
    return DealFigures(index, forehand, side, frozenset({side}), players, small_points=points)


def lost(index: int, side: int, factor: int = 1, players: int = 4, forehand: int = 1) -> DealFigures:
    """The playing side ``side`` loses: 2 small points ×Kontra/Re to every opponent (K7.2, K1.4)."""
    sides = 2 if players == 4 else players
    others = frozenset(s for s in range(1, sides + 1) if s != side)
    points = tuple(2 * factor if s in others else 0 for s in range(1, sides + 1))
    return DealFigures(index, forehand, side, others, players, small_points=points)


def run(deals: Sequence[DealFigures], target_big: int | None = None, players: int = 4) -> SmallBigStanding:
    standing, _running = play(deals, MatchSetup(players=players, target_big=target_big))
    return standing


def test_kalte_five_to_nothing_is_worth_two_big_points() -> None:
    # K7.3: team 1 wins five deals in a row: 5:0, a Kalte.
    standing = run([won(i, 1) for i in range(5)])
    assert standing.big == (2, 0)
    assert standing.kalte == (4,)
    assert standing.small == (0, 0)  # K7.4


def test_kalte_indexes_list_every_kalte() -> None:
    # Two Kalten by team 1 (deals 4 and 9), then a Kalte by team 2 by defence (deal 12:
    # team 1 plays and loses three times, 2+2+2 = 6:0).
    deals = [won(i, 1) for i in range(10)] + [lost(i, 1) for i in (10, 11, 12)]
    standing = run(deals)
    assert standing.kalte == (4, 9, 12)
    assert standing.big == (4, 2)


def test_six_to_nothing_after_kontra_is_a_kalte() -> None:
    # K7.3: 4:0, then team 1 wins with Kontra (2 small points): 6:0.
    deals = [won(i, 1) for i in range(4)] + [won(4, 1, factor=2)]
    standing = run(deals)
    assert standing.big == (2, 0)
    assert standing.kalte == (4,)


def test_five_to_three_is_one_big_point() -> None:
    # Team 2 wins three deals (0:3), plays and loses one (2:3), team 1 wins with
    # Kontra (4:3), then wins once more: 5:3, an ordinary big point.
    deals = [won(0, 2), won(1, 2), won(2, 2), lost(3, 2), won(4, 1, factor=2), won(5, 1)]
    standing = run(deals)
    assert standing.big == (1, 0)
    assert standing.kalte == ()
    assert standing.small == (0, 0)


def test_surplus_is_dropped_after_a_big_point() -> None:
    # K7.4: 4:3, team 1 wins with Kontra: 6:3 gives one big point and no carry-over;
    # team 2 then wins one deal: 0:1, not 1:1 or 0:4.
    deals = [won(0, 2), won(1, 2), won(2, 2)] + [won(i, 1) for i in range(3, 7)] + [won(7, 1, factor=2)]
    standing, running = play(deals, MatchSetup())
    assert running[6] == {"small": [4, 3], "big": [0, 0]}
    assert running[7] == {"small": [0, 0], "big": [1, 0]}
    after = award(standing, won(8, 2), None)
    assert after.small == (0, 1)
    assert after.big == (1, 0)


def test_a_lost_deal_with_re_can_overflow_by_far() -> None:
    # K7.2: Re makes a lost deal worth 8 to the defenders: 0:0 -> 0:8, a Kalte, reset.
    standing = run([lost(0, 1, factor=4)])
    assert standing.big == (0, 2)
    assert standing.kalte == (0,)
    assert standing.small == (0, 0)


def test_laube_at_four_small_points_binds_the_other_team() -> None:
    # K7.5: 4:0 -> team 1 is in the Laube, team 2 must play.
    standing = run([won(i, 1) for i in range(4)])
    assert standing.laube == (1,)
    assert standing.must_play == 2
    assert standing.states_json()["laube"] == [1]
    assert standing.states_json()["must_play"] == 2


def test_laube_of_team_two_binds_team_one() -> None:
    standing = run([lost(0, 1), lost(1, 1)])  # 0:4
    assert standing.laube == (2,)
    assert standing.must_play == 1


def test_both_in_the_laube_at_four_all_binds_nobody() -> None:
    # K7.5: 4:4 -> both teams are in the Laube; nobody is bound.
    deals = [won(i, 1) for i in range(4)] + [won(i, 2) for i in range(4, 8)]
    standing = run(deals)
    assert standing.small == (4, 4)
    assert standing.laube == (1, 2)
    assert standing.must_play is None


def test_no_laube_below_four() -> None:
    standing = run([won(0, 1), won(1, 1), won(2, 1)])
    assert standing.laube == ()
    assert standing.must_play is None


def test_a_deal_the_bound_team_did_not_play_is_shown_not_rejected() -> None:
    # 4:0: team 2 must play; deal 4 is played (and won) by team 1 anyway -> shown.
    deals = [won(i, 1) for i in range(4)] + [won(4, 1)]
    standing = run(deals)
    assert standing.must_play_missed == (4,)
    assert standing.big == (2, 0)  # still scored: 5:0 Kalte
    # Team 2 playing while bound is what K7.5 asks: nothing shown.
    assert run([won(i, 1) for i in range(4)] + [lost(4, 2)]).must_play_missed == ()


def test_target_big_ends_the_match() -> None:
    # K7.6: target 3 big points. A Kalte (2) at deal 4 is not enough; the second Kalte at
    # deal 9 takes team 1 to 4 (reaching 3 or more wins).
    deals = [won(i, 1) for i in range(10)]
    standing, running = play(deals, MatchSetup(target_big=3))
    assert standing.ending is not None
    assert (standing.ending.deal, standing.ending.winner, standing.ending.rule) == (9, 1, "K7.6")
    assert standing.big == (4, 0)
    assert len(running) == 10


def test_deals_after_target_big_are_rejected_naming_the_first_extra_deal() -> None:
    # target_big 2: the Kalte at deal 4 decides; deals 5 and 6 are extra (K10).
    deals = [won(i, 1) for i in range(7)]
    standing, running = play(deals, MatchSetup(target_big=2))
    assert standing.ending is not None and standing.ending.deal == 4
    assert len(running) == 5  # nothing after the decision is counted
    reason = deal_after_end(standing.ending, len(deals))
    assert reason is not None
    assert (reason.rule, reason.deal, reason.code) == ("K7.6", 5, "deal_after_end")
    assert "deals[5]" in reason.message and "deals[4]" in reason.message


def test_open_ended_match_never_finishes() -> None:
    standing = run([won(i, 1) for i in range(50)])
    assert standing.ending is None
    assert standing.big == (20, 0)


def test_finished_standing_ignores_further_awards() -> None:
    standing = run([won(i, 1) for i in range(5)], target_big=2)
    assert award(standing, won(5, 2), 2) is standing


# Two and three players, each alone (K1.4)


def test_three_players_kalte_needs_every_other_side_at_zero() -> None:
    # Seat 1 wins five deals: 5:0:0, a Kalte.
    assert run([won(i, 1, players=3) for i in range(5)], players=3).kalte == (4,)
    # Seat 3 plays and loses: seats 1 and 2 get 2 each (2:2:0). Seat 1 then wins three
    # deals: 5:2:0, one big point and no Kalte.
    deals = [lost(0, 3, players=3)] + [won(i, 1, players=3) for i in (1, 2, 3)]
    standing = run(deals, players=3)
    assert standing.big == (1, 0, 0)
    assert standing.kalte == ()


def test_three_players_are_never_bound_by_the_laube() -> None:
    standing = run([won(i, 1, players=3) for i in range(4)], players=3)
    assert standing.laube == (1,)
    assert standing.must_play is None  # K1.4


def test_two_players_are_never_bound_by_the_laube() -> None:
    standing = run([won(i, 2, players=2) for i in range(4)], players=2)
    assert standing.laube == (2,)
    assert standing.must_play is None


THREE_THREE_NOTHING = [
    won(0, 1, players=3),
    won(1, 1, players=3),
    won(2, 1, players=3),
    won(3, 2, players=3),
    won(4, 2, players=3),
    won(5, 2, players=3),
]


def test_three_players_two_opponents_reaching_five_in_one_deal_both_win_a_big_point() -> None:
    """K1.4.2: "Every side that reaches five small points in a deal wins one big point (two
    opponents can both win one in the same deal); then every side starts the next small
    game at 0 (K7.4)." """
    # 3:3:0, seat 3 plays and loses: seats 1 and 2 get 2 each -> 5:5:0.
    for forehand in (1, 2, 3):
        standing = run([*THREE_THREE_NOTHING, lost(6, 3, players=3, forehand=forehand)], players=3)
        assert standing.big == (1, 1, 0)
        assert standing.small == (0, 0, 0)
        assert standing.kalte == ()  # neither won while every other side had 0
        assert standing.ending is None
    # 4:3:0 then 6:5:0: unequal totals change nothing, both reached five.
    standing = run([won(9, 1, players=3), *THREE_THREE_NOTHING, lost(6, 3, players=3)], players=3)
    assert standing.big == (1, 1, 0)
    # Seat 2 alone reaches five (seat 1 at 3 gets nothing when seat 2 wins its own game).
    standing = run([*THREE_THREE_NOTHING, won(6, 2, factor=2, players=3)], players=3)
    assert standing.big == (0, 1, 0)


def test_three_players_two_sides_reaching_target_big_together_go_by_play_order() -> None:
    """K1.4.2: "When that brings two sides to `target_big` together, the tie rule above
    decides the match" — K1.4: the side earlier in play order from that deal's forehand."""
    deal = [*THREE_THREE_NOTHING, lost(6, 3, players=3, forehand=2)]
    standing = run(deal, target_big=1, players=3)
    assert standing.big == (1, 1, 0)
    assert standing.ending == Ending(6, 2, "K1.4.2")  # order 2, 3, 1: seat 2 first
    deal = [*THREE_THREE_NOTHING, lost(6, 3, players=3, forehand=3)]
    assert run(deal, target_big=1, players=3).ending == Ending(6, 1, "K1.4.2")  # order 3, 1, 2
    # Only one of the two reaches the target: it wins, whatever the play order.
    before = [won(10 + i, 2, players=3) for i in range(5)]  # seat 2: one big point (Kalte: 2)
    deal = [*before, *[won(20 + i, 1, players=3) for i in range(3)], won(30, 2, players=3)]
    deal += [won(31, 2, players=3), won(32, 2, players=3), lost(33, 3, players=3, forehand=1)]
    standing = run(deal, target_big=3, players=3)
    assert standing.big == (1, 3, 0)
    assert standing.ending == Ending(33, 2, "K7.6")  # 5:5:0 again; seat 1 has 1 big point only


def test_start_is_zero_everywhere() -> None:
    assert start(4).scores_json() == {"small": [0, 0], "big": [0, 0]}
    assert start(3).scores_json() == {"small": [0, 0, 0], "big": [0, 0, 0]}
    assert start(4).states_json() == {"kalte": [], "laube": [], "must_play": None, "must_play_missed": []}
