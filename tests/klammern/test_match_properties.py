"""Hypothesis properties of the match formats (K7.3-K7.5, K8.2, K9.4).

Deals are drawn as the deal layer can produce them: a playing side wins or loses with
Kontra/Re factor 1, 2 or 4, and the small points go to it (K7.1) or to every opponent
(K7.2, K1.4).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import score_match
from rules_engine.klammern.formats.common import DealFigures, MatchSetup
from rules_engine.klammern.formats.hamburg import award as hamburg_award
from rules_engine.klammern.formats.hamburg import start as hamburg_start
from rules_engine.klammern.formats.liga import award as liga_award
from rules_engine.klammern.formats.liga import start as liga_start
from rules_engine.klammern.formats.small_big import (
    BIG_POINTS_KALTE,
    BIG_POINTS_WON,
    LAUBE_SMALL_POINTS,
    SMALL_POINTS_PER_BIG,
    award,
    play,
    start,
)

players_st = st.sampled_from([2, 3, 4])


@st.composite
def small_big_deals(draw: st.DrawFn, players: int, max_size: int = 40) -> list[DealFigures]:
    sides = 2 if players == 4 else players
    deals = []
    count = draw(st.integers(0, max_size))
    for index in range(count):
        declarer = draw(st.integers(1, sides))
        won = draw(st.booleans())
        factor = draw(st.sampled_from([1, 2, 4]))
        forehand = draw(st.integers(1, players))
        if won:
            winners = frozenset({declarer})
            points = tuple(factor if s == declarer else 0 for s in range(1, sides + 1))
        else:
            winners = frozenset(s for s in range(1, sides + 1) if s != declarer)
            points = tuple(2 * factor if s in winners else 0 for s in range(1, sides + 1))
        deals.append(DealFigures(index, forehand, declarer, winners, players, small_points=points))
    return deals


@st.composite
def players_and_deals(draw: st.DrawFn) -> tuple[int, list[DealFigures]]:
    players = draw(players_st)
    return players, draw(small_big_deals(players))


@given(players_and_deals())
def test_small_points_never_carry_over_a_finished_big_point(case: tuple[int, list[DealFigures]]) -> None:
    players, deals = case
    standing = start(players)
    for deal in deals:
        after = award(standing, deal, None)
        if after.big != standing.big:
            assert all(points == 0 for points in after.small)  # K7.4: restart at 0:0
        else:
            assert after.small == tuple(a + b for a, b in zip(standing.small, deal.small_points))
        assert all(points < SMALL_POINTS_PER_BIG for points in after.small)
        standing = after


@given(players_and_deals())
def test_big_points_only_grow_by_one_or_a_kalte(case: tuple[int, list[DealFigures]]) -> None:
    players, deals = case
    standing = start(players)
    for deal in deals:
        after = award(standing, deal, None)
        gains = [b - a for a, b in zip(standing.big, after.big)]
        assert all(gain >= 0 for gain in gains)
        # K1.4.2: with three players both opponents of a lost deal may win one at once.
        both = [[BIG_POINTS_WON, BIG_POINTS_WON]] if players == 3 else []
        assert sorted(gain for gain in gains if gain) in ([], [BIG_POINTS_WON], [BIG_POINTS_KALTE], *both)
        is_kalte = BIG_POINTS_KALTE in gains
        assert (deal.index in after.kalte) == is_kalte
        if is_kalte:
            # K7.3: won while every other side had 0 small points.
            winner = gains.index(BIG_POINTS_KALTE)
            before_and_deal = [a + b for a, b in zip(standing.small, deal.small_points)]
            assert all(p == 0 for side, p in enumerate(before_and_deal) if side != winner)
        standing = after


@given(players_and_deals())
def test_laube_and_must_play_agree(case: tuple[int, list[DealFigures]]) -> None:
    players, deals = case
    standing, _running = play(deals, MatchSetup(players=players))
    in_laube = [side for side, p in enumerate(standing.small, 1) if p == LAUBE_SMALL_POINTS]
    assert list(standing.laube) == in_laube
    if players == 4 and len(in_laube) == 1:
        assert standing.must_play == 3 - in_laube[0]
    else:
        assert standing.must_play is None


@given(players_and_deals(), st.integers(1, 6))
def test_target_big_stops_at_the_first_deal_reaching_it(
    case: tuple[int, list[DealFigures]], target: int
) -> None:
    players, deals = case
    open_standing = start(players)
    deciding = None
    for deal in deals:
        open_standing = award(open_standing, deal, None)
        if max(open_standing.big) >= target:
            deciding = deal.index
            break
    standing, running = play(deals, MatchSetup(players=players, target_big=target))
    if deciding is None:
        assert standing.ending is None
        assert len(running) == len(deals)
    else:
        assert standing.ending is not None and standing.ending.deal == deciding
        assert standing.big == open_standing.big
        assert len(running) == deciding + 1


@given(
    players_st,
    st.lists(st.lists(st.integers(0, 30), min_size=3, max_size=3), max_size=30),
    st.integers(1, 120),
)
def test_liga_ends_exactly_when_a_side_first_reaches_the_target(
    players: int, rows: list[list[int]], target: int
) -> None:
    sides = 2 if players == 4 else players
    standing = liga_start(players)
    total = [0] * sides
    for index, row in enumerate(rows):
        augen = tuple(row[:sides])
        deal = DealFigures(index, 1, 1, frozenset({1}), players, augen=augen)
        standing = liga_award(standing, deal, target)
        total = [a + b for a, b in zip(total, augen)]
        assert standing.augen == tuple(total)
        if max(total) >= target:
            assert standing.ending is not None and standing.ending.deal == index
            # The winner reached the target and no side has more.
            assert standing.augen[standing.ending.winner - 1] == max(total)
            break
        assert standing.ending is None


@given(players_st, st.lists(st.tuples(st.integers(1, 3), st.sampled_from([1, 2, 4, 8])), max_size=30))
def test_hamburg_winner_has_six_and_the_highest_score(players: int, rows: list[tuple[int, int]]) -> None:
    sides = 2 if players == 4 else players
    standing = hamburg_start(players)
    for index, (side, award_) in enumerate(rows):
        side = (side - 1) % sides + 1
        dice = tuple(award_ if s == side else 0 for s in range(1, sides + 1))
        standing = hamburg_award(standing, DealFigures(index, 1, side, frozenset({side}), players, dice=dice))
        if standing.ending is not None:
            assert standing.points[standing.ending.winner - 1] >= 6
            assert standing.points[standing.ending.winner - 1] == max(standing.points)
            assert standing.ending.deal == index
            break
        assert max(standing.points) < 6


@st.composite
def four_player_deal_records(draw: st.DrawFn) -> dict[str, object]:
    declarer = draw(st.integers(1, 4))
    kontra = draw(st.booleans())
    return {
        "forehand": draw(st.integers(1, 4)),
        "trump": draw(st.sampled_from("HCDS")),
        "declarer": declarer,
        "kontra": kontra,
        "re": kontra and draw(st.booleans()),
        # K10: 1 and 163 are the only impossible four-player totals.
        "points": {
            "team": draw(st.integers(1, 2)),
            "value": draw(st.integers(0, 164).filter(lambda v: v not in (1, 163))),
        },
    }


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.lists(four_player_deal_records(), max_size=25))
def test_end_to_end_small_points_never_carry_over(deals: list[dict[str, object]]) -> None:
    """The same property through ``rules_engine.score_match`` with real deal records."""
    answer = score_match({"game": "klammern", "deals": deals})
    assert answer["valid"] is True, answer["errors"]
    before = {"small": [0, 0], "big": [0, 0]}
    for deal, after in zip(answer["deals"], answer["running"]):
        assert all(b >= a for a, b in zip(before["big"], after["big"]))
        if after["big"] != before["big"]:
            assert after["small"] == [0, 0]
        else:
            assert after["small"] == [a + p for a, p in zip(before["small"], deal["small_points"])]
        before = after
    assert answer["scores"] == before
