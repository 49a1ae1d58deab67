"""Which trick-point totals a Schieber team can take, computed from the contract's card values (S5, S8).

A team that takes ``k`` tricks holds exactly ``4k`` cards and, if it took the last one,
the last-trick 5 (S5.4); :func:`rules_engine.totals.achievable_totals` enumerates every
such total. Nothing is a hard-coded list: S8 says the impossible totals "turn out to be"
1 and 156 in every contract and profile, and the tests check that against this
computation. :func:`example_take` shows a set of cards for a possible total, so that a
dispute screen can say "156 is impossible, 155 is e.g. these cards".

>>> from rules_engine.schieber.contracts import Contract, schieber_options
>>> impossible_trick_totals(Contract.parse("obenabe"), schieber_options())
(1, 156)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache

from rules_engine.cards import Card
from rules_engine.errors import Reason
from rules_engine.options import RuleOptions
from rules_engine.schieber.contracts import (
    DEAL_TOTAL,
    LAST_TRICK_BONUS,
    MATCH_BONUS,
    PLAYERS,
    SCHIEBER_DECK,
    TRICKS_PER_DEAL,
    Contract,
    card_points_table,
)
from rules_engine.totals import TrickTake, achievable_totals, example_subset, simplest_take


@cache
def _takes(key: str, undenufe_points: str) -> Mapping[int, tuple[TrickTake, ...]]:
    table = card_points_table(Contract(key), RuleOptions({"undenufe_points": undenufe_points}))
    values = [table[card] for card in SCHIEBER_DECK]
    return achievable_totals(values, PLAYERS, TRICKS_PER_DEAL, LAST_TRICK_BONUS)


def trick_point_takes(contract: Contract, options: RuleOptions) -> dict[int, tuple[TrickTake, ...]]:
    """Every raw total one team can take under ``contract``, with the ways to take it."""
    return dict(_takes(contract.key, options["undenufe_points"]))


def impossible_trick_totals(contract: Contract, options: RuleOptions) -> tuple[int, ...]:
    """The totals in 0..157 that no set of tricks produces (S8)."""
    takes = _takes(contract.key, options["undenufe_points"])
    return tuple(total for total in range(DEAL_TOTAL + 1) if total not in takes)


def match_value(options: RuleOptions) -> int:
    """A Match's raw total under ``options`` (S5.5; `match_value`, TOURNAMENT.md T2.4)."""
    return int(options.get("match_value", DEAL_TOTAL + MATCH_BONUS))


def _possible_without_match(takes: tuple[TrickTake, ...]) -> bool:
    # Without a Match each team took between one and eight tricks.
    return any(0 < take.tricks < TRICKS_PER_DEAL for take in takes)


def check_trick_points(
    contract: Contract, options: RuleOptions, team_points: int, match: bool
) -> list[Reason]:
    """What S5.4, S5.5 and S8 object to in one team's raw trick points (empty: nothing).

    ``team_points`` are card points plus the last-trick 5, before the factor. With
    ``match`` the team took all nine tricks: 157, or 257 counting the Match bonus, are
    the only possible figures. Without it, 257 is rejected (S5.5) and so is any total
    outside 0..157 or that no set of tricks can produce (S8).
    """
    params = {"total": team_points, "contract": contract.key, "other": DEAL_TOTAL - team_points}
    match_total = match_value(options)
    if match:
        if team_points in (DEAL_TOTAL, match_total):
            return []
        return [
            Reason(
                "S5.5",
                "match_points",
                "a Match takes all nine tricks, worth {deal_total} ({match_total} with the Match bonus), "
                "not {total}",
                {**params, "deal_total": DEAL_TOTAL, "match_total": match_total},
                field="points",
            )
        ]
    if team_points == match_total and match_total != DEAL_TOTAL:
        return [
            Reason(
                "S5.5",
                "match_total_without_match",
                "{total} trick points are only possible as a Match (all nine tricks)",
                params,
                field="points",
            )
        ]
    if not 0 <= team_points <= DEAL_TOTAL:
        return [
            Reason(
                "S8",
                "trick_points_range",
                "trick points must be between 0 and {deal_total}, not {total}",
                {**params, "deal_total": DEAL_TOTAL},
                field="points",
            )
        ]
    takes = _takes(contract.key, options["undenufe_points"]).get(team_points, ())
    if not _possible_without_match(takes):
        return [
            Reason(
                "S8",
                "impossible_total",
                "no set of tricks is worth {total} in {contract} (the other team would have {other})",
                params,
                field="points",
            )
        ]
    return []


@lru_cache(maxsize=1024)
def _example(key: str, undenufe_points: str, total: int) -> tuple[Card, ...] | None:
    takes = _takes(key, undenufe_points).get(total)
    if not takes:
        return None
    take = simplest_take(takes, TRICKS_PER_DEAL)
    table = card_points_table(Contract(key), RuleOptions({"undenufe_points": undenufe_points}))
    chosen = example_subset((table[card] for card in SCHIEBER_DECK), take.tricks * PLAYERS, take.card_points)
    return None if chosen is None else tuple(SCHIEBER_DECK[index] for index in chosen)


def example_take(contract: Contract, options: RuleOptions, total: int) -> tuple[Card, ...] | None:
    """Cards one team could have taken for raw total ``total`` (with the last trick if needed).

    ``None`` when no set of tricks makes ``total``. The cards are ``4k`` for ``k`` tricks;
    whether the last trick's 5 is included is what makes up the difference between their
    points and ``total``.
    """
    return _example(contract.key, options["undenufe_points"], total)
