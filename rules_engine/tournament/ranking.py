"""Ranking (TOURNAMENT.md T7): counted Passen, the Streichpasse, the tie-break chain.

Each competitor has one :class:`Entry` per round: a played Passe score, a sit-out score,
a played 0 (a substitute's Passe under T8.2, a withdrawal under T8.4) or nothing yet
(null). :func:`rank` strikes (T7.2), totals (T7.1), and splits equal totals by the
``tiebreak`` steps (T7.3), answering T7.5's entries.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any, Literal

from rules_engine.tournament.answers import RankingEntry

__all__ = ["Entry", "Standing", "rank"]

Kind = Literal["played", "sitout", "null"]
#: T7.3: a played Passe beats a sit-out, a sit-out beats a null entry, whatever the values.
_KIND_ORDER: Mapping[str, int] = {"played": 2, "sitout": 1, "null": 0}


@dataclass(frozen=True, slots=True)
class Entry:
    """One round of one competitor: ``kind`` and ``value`` (None only for null)."""

    kind: Kind
    value: int | None = None

    def key(self) -> tuple[int, int]:
        return (_KIND_ORDER[self.kind], self.value or 0)


NULL = Entry("null")


@dataclass(frozen=True, slots=True)
class Standing:
    """A competitor's rounds, Matches (T7.3 `matches`) and lot (T7.3 `lot`)."""

    id: str
    entries: tuple[Entry, ...]
    matches: int = 0
    lot: int | None = None
    #: The open Passe (T7.5: its entry still null): its round and the team's total so far (T6.5).
    running: tuple[int, int] | None = None

    @property
    def provisional(self) -> bool:
        return any(entry.kind == "null" for entry in self.entries)

    def struck(self, streich: int, sitouts_first: bool) -> list[int]:
        """T7.2: the 0-based rounds struck; nothing while provisional (T7.5)."""
        if streich == 0 or self.provisional:
            return []
        struck: list[int] = []
        if sitouts_first:  # T5.5 `streich`: sit-outs first, in round order
            struck = [i for i, entry in enumerate(self.entries) if entry.kind == "sitout"][:streich]
        rest = sorted(
            (i for i in range(len(self.entries)) if i not in struck),
            key=lambda i: (self.entries[i].value or 0, i),
        )
        return sorted(struck + rest[: streich - len(struck)])

    def total(self, struck: Sequence[int]) -> int:
        if not struck:
            return sum(entry.value or 0 for entry in self.entries)
        return sum(entry.value or 0 for i, entry in enumerate(self.entries) if i not in struck)

    def best_passe(self) -> tuple[tuple[int, int], ...]:
        """T7.3 `best_passe`: played scores best first, then sit-outs best first, then nulls."""
        return tuple(sorted([(_KIND_ORDER[e.kind], e.value or 0) for e in self.entries], reverse=True))

    def last_passe(self) -> tuple[tuple[int, int], ...]:
        """T7.3 `last_passe`: the last round first."""
        return tuple(entry.key() for entry in reversed(self.entries))


_Key = Callable[[Standing], object]
_STEPS: Mapping[str, _Key] = {
    "best_passe": Standing.best_passe,
    "last_passe": Standing.last_passe,
    "matches": lambda s: s.matches,
    "lot": lambda s: -(s.lot or 0),  # lower lot = better
}


#: The steps whose key is a function of a competitor's round entries alone.
_OF_ROUNDS = frozenset({"best_passe", "last_passe"})


def _first(pair: tuple[Any, Standing]) -> Any:
    return pair[0]


def _refine(group: list[Standing], steps: Sequence[str]) -> list[tuple[list[Standing], str | None]]:
    """Split a group of equal totals step by step; each part with the step separating it from the next."""
    if len(group) == 1 or not steps or steps[0] == "shared":
        return [(sorted(group, key=lambda s: s.id), None)]
    step, rest = steps[0], steps[1:]
    if step == "lot" and any(s.lot is None for s in group):
        return _refine(group, rest)  # T7.3: a lot decides only when every member has drawn one
    key = _STEPS[step]
    if step in _OF_ROUNDS and all(s.entries == group[0].entries for s in group[1:]):
        # Equal rounds give equal keys (a field drawn but not yet played): the step splits nothing.
        return _refine(group, rest)
    # Each member's key once (a thousand provisional players share a total): sorted and grouped by it.
    keyed = sorted(((key(s), s) for s in group), key=_first, reverse=True)
    parts = [[s for _, s in members] for _, members in groupby(keyed, key=_first)]
    if len(parts) == 1:
        return _refine(group, rest)
    result: list[tuple[list[Standing], str | None]] = []
    for number, part in enumerate(parts):
        refined = _refine(part, rest)
        if number < len(parts) - 1:
            refined[-1] = (refined[-1][0], step)
        result.extend(refined)
    return result


def rank(
    standings: Sequence[Standing], streich: int, tiebreak: Sequence[str], sitouts_first: bool
) -> list[RankingEntry]:
    """T7: the ranking entries, best first (entries sharing a rank listed by id)."""
    scored = []
    provisional: dict[int, bool] = {}  # by the standing itself: computed once
    for standing in standings:
        provisional[id(standing)] = standing.provisional
        struck = standing.struck(streich, sitouts_first)
        scored.append((standing, struck, standing.total(struck)))
    totals = {standing.id: total for standing, _, total in scored}
    struck_of = {standing.id: struck for standing, struck, _ in scored}
    by_total = sorted(scored, key=lambda item: -item[2])
    answer: list[RankingEntry] = []
    position = 0
    for _, members in groupby(by_total, key=lambda item: item[2]):
        for group, separator in _refine([item[0] for item in members], tiebreak):
            for number, standing in enumerate(group):
                entry: RankingEntry = {
                    "rank": position + 1,
                    "id": standing.id,
                    "total": totals[standing.id],
                    "passen": [e.value for e in standing.entries],
                    "struck": struck_of[standing.id],
                    "sitouts": [i for i, e in enumerate(standing.entries) if e.kind == "sitout"],
                    "shared": len(group) > 1,
                    "provisional": provisional[id(standing)],
                    "matches": standing.matches,
                }
                if separator is not None and number == len(group) - 1:
                    entry["decided_by"] = separator
                if standing.running is not None:
                    entry["running"] = {"round": standing.running[0], "score": standing.running[1]}
                answer.append(entry)
            position += len(group)
    return answer
