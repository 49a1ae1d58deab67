"""Trick-point totals (S5.4, S5.5, S8): computed from the card values, never a list.

S8: "a team total that no set of tricks can produce ... in every contract and profile this
turns out to be exactly 1 and 156"; "157 : 0 without a Match is possible".
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.options import RuleOptions
from rules_engine.schieber.contracts import ALL_CONTRACTS, Contract, schieber_options
from rules_engine.schieber.play import (
    card_points_table,
    check_trick_points,
    example_take,
    impossible_trick_totals,
    trick_point_takes,
)

OPTION_SETS = [
    schieber_options("seed"),
    schieber_options("official"),
    schieber_options("seed", {"undenufe_points": "six11"}),
    schieber_options("official", {"undenufe_points": "ace11"}),
]
IDS = ["seed", "official", "seed-six11", "official-ace11"]


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
@pytest.mark.parametrize("contract", ALL_CONTRACTS, ids=str)
def test_impossible_totals_are_exactly_1_and_156(contract: Contract, options: RuleOptions) -> None:
    assert impossible_trick_totals(contract, options) == (1, 156)
    takes = trick_point_takes(contract, options)
    assert set(range(158)) - set(takes) == {1, 156}


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
@pytest.mark.parametrize("contract", ALL_CONTRACTS, ids=str)
def test_157_without_a_match_is_possible(contract: Contract, options: RuleOptions) -> None:
    takes = trick_point_takes(contract, options)[157]
    assert any(take.tricks < 9 for take in takes)
    assert any(take.tricks == 9 for take in takes)  # and, of course, as a Match
    assert check_trick_points(contract, options, 157, False) == []
    assert check_trick_points(contract, options, 0, False) == []


def test_why_1_is_impossible_by_hand() -> None:
    # The smallest non-zero card value is 2 (the plain Under); the last trick is 5.
    # So 1 cannot be made; 156 = 157 - 1 is the other team's 1.
    values = set(card_points_table(Contract.parse("H"), schieber_options()).values())
    assert min(v for v in values if v) == 2


@pytest.mark.parametrize(
    ("contract", "total", "tricks", "last"),
    [
        ("obenabe", 2, 1, False),  # an Under and three nothings
        ("obenabe", 5, 1, True),  # four nothings in the last trick
        ("obenabe", 3, 1, False),  # an Ober
        ("H", 20, 1, False),  # the Buur
        ("undenufe", 155, 8, True),
    ],
)
def test_some_takes_by_hand(contract: str, total: int, tricks: int, last: bool) -> None:
    takes = trick_point_takes(Contract.parse(contract), schieber_options())[total]
    assert any(t.tricks == tricks and t.last_trick == last for t in takes)


@pytest.mark.parametrize("total", [1, 156])
def test_impossible_totals_are_rejected(total: int) -> None:
    (reason,) = check_trick_points(Contract.parse("S"), schieber_options(), total, False)
    assert (reason.rule, reason.code) == ("S8", "impossible_total")
    assert reason.params["total"] == total
    assert reason.params["other"] == 157 - total
    assert str(total) in reason.message


@pytest.mark.parametrize("total", [-1, 158, 200, 1000])
def test_out_of_range_totals_are_rejected(total: int) -> None:
    (reason,) = check_trick_points(Contract.parse("H"), schieber_options(), total, False)
    assert (reason.rule, reason.code) == ("S8", "trick_points_range")


def test_257_only_as_a_match() -> None:
    hearts, options = Contract.parse("H"), schieber_options()
    (reason,) = check_trick_points(hearts, options, 257, False)
    assert reason.rule == "S5.5"
    assert check_trick_points(hearts, options, 257, True) == []
    assert check_trick_points(hearts, options, 157, True) == []
    (reason,) = check_trick_points(hearts, options, 120, True)
    assert (reason.rule, reason.code) == ("S5.5", "match_points")


@pytest.mark.parametrize("options", OPTION_SETS[:2], ids=IDS[:2])
@pytest.mark.parametrize("contract", ALL_CONTRACTS, ids=str)
def test_example_takes_make_their_total(contract: Contract, options: RuleOptions) -> None:
    table = card_points_table(contract, options)
    for total in range(158):
        cards = example_take(contract, options, total)
        if total in (1, 156):
            assert cards is None
            continue
        assert cards is not None
        assert len(cards) % 4 == 0 and len(set(cards)) == len(cards)
        points = sum(table[card] for card in cards)
        assert total - points in (0, 5)
        if total - points == 5:
            assert cards, "the last trick's 5 needs a trick"
    assert example_take(contract, options, 158) is None


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(ALL_CONTRACTS), st.sets(st.integers(0, 35), min_size=0, max_size=36))
def test_any_set_of_whole_tricks_is_a_possible_total(contract: Contract, indexes: set[int]) -> None:
    from rules_engine.schieber.contracts import SCHIEBER_DECK

    chosen = sorted(indexes)[: len(indexes) // 4 * 4]
    options = schieber_options()
    table = card_points_table(contract, options)
    points = sum(table[SCHIEBER_DECK[i]] for i in chosen)
    takes = trick_point_takes(contract, options)
    assert points in takes
    if chosen:
        assert points + 5 in takes
