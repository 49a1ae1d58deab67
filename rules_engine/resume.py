"""Scoring a match where the last scoring left off: a deal costs the same at deal 400 as at deal 4.

A match is an append-only log, so the app asks about the same match again and again with one
more deal (or a corrected one). :class:`MatchState` is what a game's scorer knew after each
deal of the last record it scored; given the next record, the scorer keeps every deal up to
the first one that differs (a correction of deal ``k`` is scored again from ``k``, an undo
simply keeps fewer) and scores only the rest. The answer is the one a full
:func:`rules_engine.score_match` gives, byte for byte.

Readings taken here:

* Deals are compared with ``==`` as JSON values, so ``1`` and ``1.0`` (and ``true``) count
  as the same value; a caller that mixes them gets the earlier deal's answer.
* An answer shares its deal answers with the state (and with the answers of later records):
  treat both as read-only, as the app treats every engine answer.
"""

from __future__ import annotations

import copy
import marshal
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

__all__ = ["MatchState", "header_of", "json_copy", "kept_deals"]

Checkpoint = TypeVar("Checkpoint")


@dataclass(frozen=True, slots=True)
class MatchState(Generic[Checkpoint]):
    """A game's scoring of a match record, deal by deal: what it knew after each deal.

    Immutable: resuming returns a new state, and an older one stays valid for its record.
    """

    game: str
    #: The record's fields other than ``deals``, copied.
    header: Mapping[str, Any]
    #: The deals scored, copied (a caller may reuse its own dicts).
    deals: tuple[Any, ...]
    #: After each deal, the game's own summary of the match so far.
    checkpoints: tuple[Checkpoint, ...]

    def __len__(self) -> int:
        return len(self.checkpoints)


def header_of(record: Mapping[str, Any]) -> dict[str, Any]:
    """A match record's fields other than its deals, copied."""
    return {key: json_copy(value) for key, value in record.items() if key != "deals"}


def kept_deals(
    state: MatchState[Any] | None,
    game: str,
    header: Mapping[str, Any],
    deals: Sequence[Any],
    same_start: int | None = None,
) -> int:
    """How many leading deals of a record ``state`` has scored already (0: start afresh).

    A different game or match header (profile, options, target...) keeps none.
    ``same_start``: how many leading ``deals`` equal ``state.deals``, when the caller has
    compared them already (:func:`rules_engine.limits.check_match` does, before scoring):
    a save at deal 400 compares its 400 deals once, not twice.
    """
    if state is None or state.game != game or state.header != header:
        return 0
    known = state.deals
    count = min(len(known), len(deals))
    if same_start is not None:
        return min(same_start, count)
    if tuple(deals[:count]) == known[:count]:  # the usual case: compared in C
        return count
    for index in range(count):
        if deals[index] != known[index]:
            return index
    return count


def json_copy(value: Any) -> Any:
    """A copy of a JSON-like value that later changes to the original cannot reach: written and
    read back by ``marshal`` (in C, each type kept: a tuple stays a tuple), or, for a value it
    does not write, copied item by item."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:
        return _copied(value)


def _copied(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return {key: _copied(item) for key, item in value.items()}
    if kind is list:
        return [_copied(item) for item in value]
    if kind is tuple:
        return tuple(_copied(item) for item in value)
    if kind in (str, int, float, bool) or value is None:
        return value
    return copy.deepcopy(value)
