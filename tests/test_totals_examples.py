"""The example cards behind a possible total (rules_engine.totals), for both games' deals."""

from __future__ import annotations

import pytest

from rules_engine.cards import Suit
from rules_engine.klammern import contracts as kc
from rules_engine.schieber.contracts import ALL_CONTRACTS, schieber_options
from rules_engine.schieber.points import example_take
from rules_engine.totals import example_subset


def test_example_subset_picks_exactly_count_values_with_that_sum() -> None:
    values = [11, 4, 3, 2, 10, 0, 0, 0, 0]
    chosen = example_subset(values, 3, 25)
    assert chosen is not None and len(chosen) == 3
    assert sum(values[i] for i in chosen) == 25
    assert example_subset(values, 1, 1) is None


@pytest.mark.parametrize("contract", ALL_CONTRACTS, ids=str)
@pytest.mark.parametrize("total", [0, 5, 57, 100, 152, 155, 157])
def test_schieber_example_cards_make_the_total(contract: object, total: int) -> None:
    options = schieber_options("official")
    cards = example_take(contract, options, total)  # type: ignore[arg-type]
    assert cards is not None and len(cards) % 4 == 0
    ranking = contract.ranking(options)  # type: ignore[attr-defined]
    # The cards' points, plus the last trick's 5 when they fall short of the total (S5.4).
    assert total - ranking.card_points(cards) in (0, 5)


@pytest.mark.parametrize("trump", list(Suit))
def test_klammern_example_take_makes_the_total_and_refuses_163(trump: Suit) -> None:
    for total in (0, 10, 82, 100, 154, 164):
        example = kc.example_take(trump, False, total)
        assert example is not None
        take, cards = example
        assert len(cards) == 4 * take.tricks
        assert kc.ranking(trump).card_points(cards) + (10 if take.last_trick else 0) == total
    assert kc.example_take(trump, False, 163) is None  # K10
    assert kc.example_take(trump, True, 161) is None  # K2.5, K10
