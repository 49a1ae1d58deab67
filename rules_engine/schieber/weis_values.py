"""Weis entered by value only (the table's quick entry): which values a team's Weis can be.

At the table the players often say "fifty and twenty for us" without naming the cards. The
deal record then gives ``weis_values`` — per team, the value of each single Weis — instead
of (never beside) ``weis`` with cards. The engine still checks what it can from values:

- each value is the value of a single Weis under the rule options: a run of three to nine
  cards (S6.1, ``long_runs``) or a four of a kind that scores (S6.2, ``four_nines``,
  ``four_low``); anything else is a false claim (S8);
- a team's Weis fit into its two hands of nine cards (S2.2) with no card in two Weis of its
  holder (S6.3; with ``kreuzweis`` a card may be in one run and one four of a kind), and no
  more fours of a value than there are ranks worth it;
- only the team holding the single best Weis scores (S6.5): by value the higher best Weis
  wins; when both teams' best Weis have the same value, steps 2–5 of S6.5 (cards, top card,
  trump, play order) need the cards, so the record must say which team won (``weis_best``).

>>> from rules_engine.schieber.contracts import schieber_options
>>> possible_values(schieber_options())
(20, 50, 100, 200)
>>> team_reasons(1, (50, 20), schieber_options())
[]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules_engine.cards import Rank
from rules_engine.errors import InvalidRecord, Reason
from rules_engine.options import RuleOptions
from rules_engine.schieber.contracts import RUN_POINTS
from rules_engine.schieber.weis import MIN_RUN, four_points

__all__ = ["ValueAward", "award_values", "parse_weis_values", "possible_values", "team_reasons"]

CARDS_PER_HAND = 9
HANDS_PER_TEAM = 2
FOUR = 4
#: No team can hold more single Weis than this (each run needs three cards, each four four;
#: with ``kreuzweis`` a player holds at most three runs and two fours): a bound for the search.
MAX_PER_TEAM = 10


def _run_lengths(options: RuleOptions) -> dict[int, int]:
    """Value -> the fewest cards of a run worth it (S6.1, ``long_runs``)."""
    lengths: dict[int, int] = {}
    for length, points in sorted(RUN_POINTS[str(options.long_runs)].items()):
        if length >= MIN_RUN:
            lengths.setdefault(points, length)
    return lengths


def _four_ranks(options: RuleOptions) -> dict[int, int]:
    """Value -> how many ranks make a four of a kind worth it (S6.2 and its options)."""
    counts: dict[int, int] = {}
    for rank in Rank:
        points = four_points(rank, options)
        if points > 0:
            counts[points] = counts.get(points, 0) + 1
    return counts


def possible_values(options: RuleOptions) -> tuple[int, ...]:
    """Every value a single Weis can have under ``options`` (S6.1, S6.2), ascending."""
    return tuple(sorted(set(_run_lengths(options)) | set(_four_ranks(options))))


def _fits(values: Sequence[int], options: RuleOptions) -> bool:
    """Whether two hands of nine cards can hold Weis of these values (S2.2, S6.3).

    Each Weis is made as cheaply as the rules allow — a run of the fewest cards worth it, or
    a four of a kind — and given to one of the two players. Without ``kreuzweis`` a player's
    Weis share no card; with it runs share none and fours share none, but a run may share
    its cards with a four. Only necessary conditions: a team that passes could hold them.
    """
    runs, fours = _run_lengths(options), _four_ranks(options)
    kreuzweis = bool(options.kreuzweis)
    # Per player: cards in runs, number of fours; fours per value over the team.
    hands = [[0, 0] for _ in range(HANDS_PER_TEAM)]
    used: dict[int, int] = {}

    def holds(run_cards: int, four_count: int) -> bool:
        if kreuzweis:
            return run_cards <= CARDS_PER_HAND and FOUR * four_count <= CARDS_PER_HAND
        return run_cards + FOUR * four_count <= CARDS_PER_HAND

    def place(index: int) -> bool:
        if index == len(values):
            return True
        value = values[index]
        for hand in hands:
            if value in runs and holds(hand[0] + runs[value], hand[1]):
                hand[0] += runs[value]
                found = place(index + 1)
                hand[0] -= runs[value]
                if found:
                    return True
            if value in fours and used.get(value, 0) < fours[value] and holds(hand[0], hand[1] + 1):
                hand[1] += 1
                used[value] = used.get(value, 0) + 1
                found = place(index + 1)
                hand[1] -= 1
                used[value] -= 1
                if found:
                    return True
        return False

    return place(0)


def team_reasons(team: int, values: Sequence[int], options: RuleOptions) -> list[Reason]:
    """What a team's Weis by value breaks: a value no Weis has (S8), or more than its hands hold (S6.3)."""
    allowed = possible_values(options)
    where = f"weis_values.{team}"
    wrong = [value for value in values if value not in allowed]
    if wrong:
        return [
            Reason(
                "S8",
                "weis_value_impossible",
                "team {team} declares a Weis worth {value}; a single Weis is worth {allowed} (S6.1, S6.2)",
                {"team": team, "value": wrong[0], "allowed": ", ".join(map(str, allowed))},
                field=where,
            )
        ]
    if len(values) > MAX_PER_TEAM or not _fits(sorted(values, reverse=True), options):
        return [
            Reason(
                "S6.3",
                "weis_values_too_many",
                "team {team}'s Weis {values} do not fit into two hands of nine cards (a card counts in one Weis)",
                {"team": team, "values": " + ".join(map(str, values))},
                field=where,
            )
        ]
    return []


@dataclass(frozen=True, slots=True)
class ValueAward:
    """Who scores Weis given by value (S6.5): raw points per team and the winning team."""

    points: tuple[int, int]
    winner: int | None


def award_values(values: Mapping[int, Sequence[int]], best: int | None) -> tuple[ValueAward, list[Reason]]:
    """The team with the higher best Weis scores all its Weis (S6.5 step 1); a tie on value
    is decided by ``best`` (the players' reading of S6.5 steps 2–5), else the record is rejected."""
    tops = {team: max(items) for team, items in values.items() if items}
    if not tops:
        return ValueAward((0, 0), None), []
    if len(tops) == 2 and tops[1] == tops[2]:
        if best is None:
            reason = Reason(
                "S6.5",
                "weis_best_missing",
                "both teams' best Weis are worth {points}: say whose Weis counts (weis_best); "
                "at equal points more cards win, then the higher top card, trump, play order",
                {"points": tops[1]},
                field="weis_best",
            )
            return ValueAward((0, 0), None), [reason]
        winner = best
    else:
        winner = max(tops, key=tops.__getitem__)
    total = sum(values[winner])
    return ValueAward((total, 0) if winner == 1 else (0, total), winner), []


def parse_weis_values(data: object, where: str) -> dict[int, tuple[int, ...]]:
    """Read ``weis_values``: ``{"1": [50, 20], "2": []}``, teams "1"/"2", whole positive values.

    :raises InvalidRecord: not that shape.
    """
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise InvalidRecord(f"{where} must map team 1 and 2 to lists of Weis values", where=where)
    read: dict[int, tuple[int, ...]] = {}
    for key, items in data.items():
        if key not in ("1", "2"):
            raise InvalidRecord(f"{where}: {key!r} is not a team (1 or 2)", where=where)
        name = f"{where}.{key}"
        if not isinstance(items, list) or len(items) > MAX_PER_TEAM * 2:
            raise InvalidRecord(f"{name} must be a list of Weis values", where=name)
        for item in items:
            if type(item) is not int or item <= 0:
                raise InvalidRecord(f"{name}: {item!r} is not a Weis value (a whole number)", where=name)
        read[int(key)] = tuple(items)
    return read
