"""Klammern melds entered by value only (the table's quick entry): "fifty for us".

The deal record then gives ``meld_values`` — per side, the value of each single meld —
instead of (never beside) ``melds`` with cards. The engine checks what values can tell:

- each value is one a single meld has: 20 a Terz, 50 a Fifty (K5.3); anything else is a
  meld no hand can show (K10);
- a side's melds fit into its hands of eight cards — two hands with four players, one
  with two or three (K1.1, K3.1) — a card counting in one sequence only (K5.1): a Terz
  takes three cards, a Fifty at least four;
- only the side of the single best meld scores, all its melds (K5.3): a Fifty beats a Terz
  (K5.2); when the best melds of two or more sides are worth the same, K5.2's top card,
  trump and play order need the cards, so the record must say which side won
  (``meld_best``).

>>> team_reasons(1, (50, 20), players=4)
[]
>>> [r.code for r in team_reasons(1, (30,), players=4)]
['meld_value_impossible']
>>> [r.code for r in team_reasons(2, (50, 50, 20), players=2)]
['meld_values_too_many']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules_engine.errors import InvalidRecord, Reason
from rules_engine.klammern.contracts import FIFTY_LENGTH, FIFTY_POINTS, HAND_SIZE, TERZ_LENGTH, TERZ_POINTS

__all__ = ["MELD_CARDS", "award_values", "parse_meld_values", "possible_values", "team_reasons"]

#: Value -> the fewest cards of a meld worth it (K5.1, K5.3).
MELD_CARDS: Mapping[int, int] = {TERZ_POINTS: TERZ_LENGTH, FIFTY_POINTS: FIFTY_LENGTH}
#: Hands per side: partners with four players, each alone with two or three (K1.1).
TEAM_HANDS = 2
#: No side can declare more melds than its hands hold Terzen: a bound for the search.
MAX_PER_SIDE = TEAM_HANDS * (HAND_SIZE // TERZ_LENGTH)


def possible_values() -> tuple[int, ...]:
    """Every value a single meld can have (K5.3), ascending: (20, 50)."""
    return tuple(sorted(MELD_CARDS))


def hands_per_side(players: int) -> int:
    """K1.1: partners share a side with four players; with two or three each plays alone."""
    return TEAM_HANDS if players == 4 else 1


def _fits(values: Sequence[int], hands: int) -> bool:
    """Whether ``hands`` hands of eight cards can hold melds of these values (K5.1).

    Each meld is made of the fewest cards worth it and given to one hand; a card counts in
    one sequence only. Within a suit of eight cards two runs always fit beside each other
    (3 + 3, 3 + 4, 4 + 4), so the hand's size is the only bound.
    """
    cards = sorted((MELD_CARDS[value] for value in values), reverse=True)
    held = [0] * hands

    def place(index: int) -> bool:
        if index == len(cards):
            return True
        for hand in range(hands):
            if held[hand] + cards[index] <= HAND_SIZE:
                held[hand] += cards[index]
                found = place(index + 1)
                held[hand] -= cards[index]
                if found:
                    return True
        return False

    return place(0)


def team_reasons(side: int, values: Sequence[int], *, players: int) -> list[Reason]:
    """What a side's melds by value break: a value no meld has (K5.3, K10), or more than its hands hold (K5.1)."""
    allowed = possible_values()
    where = f"meld_values.{side}"
    wrong = [value for value in values if value not in allowed]
    if wrong:
        return [
            Reason(
                "K5.3",
                "meld_value_impossible",
                "side {side} declares a meld worth {value}; a single meld is worth {allowed} (Terz 20, Fifty 50)",
                {"side": side, "value": wrong[0], "allowed": ", ".join(map(str, allowed))},
                field=where,
            )
        ]
    hands = hands_per_side(players)
    if len(values) > MAX_PER_SIDE or not _fits(values, hands):
        return [
            Reason(
                "K5.1",
                "meld_values_too_many",
                "side {side}'s melds {values} do not fit into {hands} hand(s) of eight cards "
                "(a card counts in one sequence only)",
                {"side": side, "values": " + ".join(map(str, values)), "hands": hands},
                field=where,
            )
        ]
    return []


def award_values(
    values: Mapping[int, Sequence[int]], best: int | None, sides: int
) -> tuple[tuple[int, ...], int | None, list[Reason]]:
    """Who scores melds given by value (K5.3): per side points, the winning side, reasons.

    The side with the highest single meld scores all its melds (K5.2: a Fifty beats a Terz);
    a tie on value is decided by ``best`` (the players' reading of K5.2's top card, trump
    and play order), else the record is rejected; ``best`` must be one of the tied sides.
    """
    tops = {side: max(items) for side, items in values.items() if items}
    if not tops:
        return (0,) * sides, None, []
    highest = max(tops.values())
    tied = tuple(sorted(side for side, top in tops.items() if top == highest))
    if len(tied) > 1:
        if best is None:
            reason = Reason(
                "K5.2",
                "meld_best_missing",
                "the best melds of sides {sides} are worth {points}: say whose melds count (meld_best); "
                "the higher top card wins, then trump, then the first declared",
                {"sides": ", ".join(map(str, tied)), "points": highest},
                field="meld_best",
            )
            return (0,) * sides, None, [reason]
        if best not in tied:
            return (0,) * sides, None, [_best_not_tied(best, tied)]
        winner = best
    else:
        winner = tied[0]  # the values decide: ``best`` is not needed and not read
    points = [0] * sides
    points[winner - 1] = sum(values[winner])
    return tuple(points), winner, []


def _best_not_tied(best: int, tied: Sequence[int]) -> Reason:
    return Reason(
        "K5.2",
        "meld_best_not_tied",
        "meld_best names side {best}, but only the melds of sides {sides} tie for the best",
        {"best": best, "sides": ", ".join(map(str, tied))},
        field="meld_best",
    )


def parse_meld_values(data: object, sides: int, where: str) -> dict[int, tuple[int, ...]]:
    """Read ``meld_values``: ``{"1": [50, 20], "2": []}``, sides "1".."S", whole positive values.

    :raises InvalidRecord: not that shape.
    """
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise InvalidRecord(f"{where} must map sides 1..{sides} to lists of meld values", field=_field(where))
    read: dict[int, tuple[int, ...]] = {}
    for key, items in data.items():
        if key not in {str(side) for side in range(1, sides + 1)}:
            raise InvalidRecord(f"{where}: {key!r} is not a side (1..{sides})", field=_field(where))
        name = f"{where}.{key}"
        if not isinstance(items, list) or len(items) > MAX_PER_SIDE * 2:
            raise InvalidRecord(f"{name} must be a list of meld values", field=_field(name))
        for item in items:
            if type(item) is not int or item <= 0:
                raise InvalidRecord(
                    f"{name}: {item!r} is not a meld value (a whole number)", field=_field(name)
                )
        read[int(key)] = tuple(items)
    return read


def _field(where: str) -> str:
    """The field's path inside its deal (``meld_values.1``) of the path a message names."""
    return where.removeprefix("deal.")
