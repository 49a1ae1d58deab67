"""scorer.web.memo.ByIdentity: a value per object, by the object itself, within a bound."""

from __future__ import annotations

from scorer.web.memo import ByIdentity


def test_a_value_is_made_once_per_object_not_per_equal_object() -> None:
    made: list[int] = []
    memo = ByIdentity[int](8)
    first, twin = {"game": "schieber"}, {"game": "schieber"}
    assert memo.get(first, lambda: made.append(1) or 1) == 1
    assert memo.get(first, lambda: made.append(2) or 2) == 1
    assert memo.get(twin, lambda: made.append(3) or 3) == 3  # equal, but another object
    assert made == [1, 3]


def test_a_full_memo_forgets_and_makes_again() -> None:
    memo = ByIdentity[str](2)
    owners = [object() for _ in range(3)]
    for number, owner in enumerate(owners):
        memo.get(owner, lambda n=number: f"v{n}")
    # The third entry found the memo full: the first is forgotten and made anew.
    assert memo.get(owners[0], lambda: "again") == "again"
