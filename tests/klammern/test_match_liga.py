"""Liga-Partie (K8.2-K8.4, K1.4): target, both sides crossing, Durchmarsch, extra deals.

Expected results worked out by hand from KLAMMERN.md; the deals are synthetic per-deal
figures (the Augen a deal's answer gives, K8.1/K8.3 being the deal's business).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.klammern.formats.common import DealFigures, Ending, March, MatchSetup, deal_after_end
from rules_engine.klammern.formats.liga import DEFAULT_TARGET, LigaStanding, play


def deal(
    index: int,
    augen: Sequence[int],
    winner: int | Sequence[int],
    forehand: int = 1,
    declarer: int | None = None,
) -> DealFigures:
    winners = frozenset([winner] if isinstance(winner, int) else winner)
    players = 4 if len(augen) == 2 else len(augen)
    side = declarer if declarer is not None else min(winners)
    return DealFigures(index, forehand, side, winners, players, augen=tuple(augen))


def march(index: int, side: int, succeeded: bool, players: int = 4, forehand: int = 1) -> DealFigures:
    sides = 2 if players == 4 else players
    winners = frozenset({side}) if succeeded else frozenset(s for s in range(1, sides + 1) if s != side)
    return DealFigures(
        index, forehand, side, winners, players, augen=(0,) * sides, march=March(side, succeeded)
    )


def run(deals: Sequence[DealFigures], target: int = DEFAULT_TARGET, players: int = 4) -> LigaStanding:
    standing, _running = play(deals, MatchSetup(players=players, target=target))
    return standing


def test_default_target_is_51() -> None:
    assert DEFAULT_TARGET == 51  # K8.2


def test_augen_accumulate_until_a_side_reaches_51() -> None:
    # 30:20, 45:30, 50:36 (not yet), 56:36 -> side 1 wins at deal 3 (K8.2).
    deals = [deal(0, (30, 20), 1), deal(1, (15, 10), 1), deal(2, (5, 6), 2), deal(3, (6, 0), 1)]
    standing, running = play(deals, MatchSetup())
    assert running == [[30, 20], [45, 30], [50, 36], [56, 36]]
    assert standing.ending == Ending(3, 1, "K8.2")


def test_exactly_the_target_wins() -> None:
    assert run([deal(0, (51, 0), 1)]).ending == Ending(0, 1, "K8.2")
    assert run([deal(0, (50, 0), 1)]).ending is None


def test_the_side_that_lost_the_deal_can_reach_the_target() -> None:
    # Side 2 won the deal, but only side 1 reaches 51.
    assert run([deal(0, (45, 40), 1), deal(1, (7, 9), 2)]).ending == Ending(1, 1, "K8.2")


def test_a_custom_target() -> None:
    # Target 81: 60:40 does not end it; 80:90 after the next deal -> side 2 only.
    deals = [deal(0, (60, 40), 1), deal(1, (20, 50), 2)]
    standing = run(deals, target=81)
    assert standing.ending == Ending(1, 2, "K8.2")
    assert standing.augen == (80, 90)


def test_both_reach_the_target_higher_total_wins() -> None:
    # 45:48, then 8:6 with side 1 winning the deal -> 53:54: side 2 is higher (K8.3).
    standing = run([deal(0, (45, 48), 2), deal(1, (8, 6), 1)])
    assert standing.augen == (53, 54)
    assert standing.ending == Ending(1, 2, "K8.3")


def test_both_reach_the_target_equal_totals_the_deal_winner_wins() -> None:
    # 45:47, then 8:6 -> 53:53; the side that won that deal wins (K8.3).
    assert run([deal(0, (45, 47), 2), deal(1, (8, 6), 1)]).ending == Ending(1, 1, "K8.3")
    assert run([deal(0, (45, 47), 2), deal(1, (8, 6), 2)]).ending == Ending(1, 2, "K8.3")


def test_three_players_tie_between_two_winning_opponents_goes_by_play_order() -> None:
    # Seat 3 plays and loses; seats 1 and 2 each reach 55 (K1.4: play order from forehand).
    before = deal(0, (40, 40, 10), 3)
    crossing = [15, 15, 0]
    standing = run([before, deal(1, crossing, (1, 2), forehand=2, declarer=3)], players=3)
    assert standing.ending == Ending(1, 2, "K8.3")
    standing = run([before, deal(1, crossing, (1, 2), forehand=3, declarer=3)], players=3)
    assert standing.ending == Ending(1, 1, "K8.3")


def test_durchmarsch_that_succeeds_wins_at_once_whatever_the_score() -> None:
    # K8.4: side 1 is behind 10:40 and marches successfully: it wins; no Augen added.
    standing = run([deal(0, (10, 40), 2), march(1, 1, True)])
    assert standing.ending == Ending(1, 1, "K8.4")
    assert standing.augen == (10, 40)
    assert standing.march is not None
    assert standing.states_json() == {"durchmarsch": {"deal": 1, "side": 1, "succeeded": True}}


def test_durchmarsch_that_fails_loses_the_match_for_the_marching_side() -> None:
    # K8.4: side 1 leads 45:10, marches and loses a trick: side 2 wins.
    standing = run([deal(0, (45, 10), 1), march(1, 1, False)])
    assert standing.ending == Ending(1, 2, "K8.4")
    assert standing.augen == (45, 10)
    assert standing.states_json()["durchmarsch"] == {"deal": 1, "side": 1, "succeeded": False}


def test_failed_durchmarsch_with_three_players_the_opponent_with_most_augen_wins() -> None:
    # Seat 2 marches and fails at 20:45:30: seat 3 has the most Augen among opponents.
    before = deal(0, (20, 45, 30), 2)
    assert run([before, march(1, 2, False, players=3)], players=3).ending == Ending(1, 3, "K8.4")


def test_failed_durchmarsch_tie_between_opponents_goes_by_play_order() -> None:
    # 30:10:30, seat 2 marches and fails: seats 1 and 3 tie; from forehand 3 the order
    # is 3, 1, 2 -> seat 3; from forehand 1 -> seat 1 (K1.4).
    before = deal(0, (30, 10, 30), 1)
    assert run([before, march(1, 2, False, players=3, forehand=3)], players=3).ending == Ending(1, 3, "K8.4")
    assert run([before, march(1, 2, False, players=3, forehand=1)], players=3).ending == Ending(1, 1, "K8.4")


def test_a_march_as_the_first_deal() -> None:
    assert run([march(0, 2, True)]).ending == Ending(0, 2, "K8.4")
    assert run([march(0, 2, False)]).ending == Ending(0, 1, "K8.4")


def test_deals_after_the_target_is_reached_are_rejected() -> None:
    deals = [deal(0, (51, 0), 1), deal(1, (5, 5), 1), deal(2, (5, 5), 1)]
    standing, running = play(deals, MatchSetup())
    assert running == [[51, 0]]
    reason = deal_after_end(standing.ending, len(deals))
    assert reason is not None and (reason.rule, reason.deal) == ("K8.2", 1)


def test_deals_after_a_durchmarsch_are_rejected() -> None:
    deals = [march(0, 1, False), deal(1, (5, 5), 1)]
    standing = run(deals)
    reason = deal_after_end(standing.ending, len(deals))
    assert reason is not None and (reason.rule, reason.deal) == ("K8.4", 1)
    assert reason.to_json()["deal"] == 1


def test_no_extra_deal_no_reason() -> None:
    deals = [deal(0, (51, 0), 1)]
    assert deal_after_end(run(deals).ending, len(deals)) is None
    assert deal_after_end(None, 5) is None
