"""The series' players: each event's players matched across evenings by name, one identity per
person (SEASON.md Z2), with the office's merges of two spellings of one person.

A name's key is its words in lower case (``"Anna  Muster"`` and ``"anna muster"`` are one
person); the name shown is the spelling most evenings wrote. Near-duplicates (``Gian Caflisch`` and
``Gian Calfisch``) are not merged by guess: the page lists them for the office to decide, and
an evening that registers a name alike a player's of the series is asked which it means.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Iterable, Mapping, Sequence

from scorer.events.additions import NameMatch

#: How alike two keys must be to be offered as a possible duplicate (difflib's ratio).
ALIKE = 0.85
#: Names compared for near-duplicates at most: each is compared with every other.
MOST_COMPARED = 400
#: Comparisons of an evening's names with the register's at most, per reading of the director's
#: page (a thousand names against a register of hundreds): a name past it is not compared.
MOST_COMPARISONS = 1_000
#: Alike players offered for one name at most, the most alike first.
ALIKE_OFFERED = 3


def key_of(name: str) -> str:
    return " ".join(name.split()).casefold()


def near_duplicates(keys: Iterable[str]) -> list[tuple[str, str]]:
    """Pairs of distinct keys alike enough to be one person typed twice, each pair once."""
    listed = sorted(set(keys))[:MOST_COMPARED]
    pairs = []
    for index, first in enumerate(listed):
        matcher = difflib.SequenceMatcher(None, "", first)  # b is the one it indexes
        for second in listed[index + 1 :]:
            matcher.set_seq1(second)
            if (
                matcher.real_quick_ratio() >= ALIKE
                and matcher.quick_ratio() >= ALIKE
                and matcher.ratio() >= ALIKE
            ):
                pairs.append((first, second))
    return pairs


def read_names(
    names: Sequence[str], members: Mapping[str, str], person: Callable[[str], str], register: str = ""
) -> list[NameMatch]:
    """Each of an evening's ``names`` as the register reads it (Z2): the register's spelling where
    the name is a member's (``person`` follows the office's merges from a name's key to the
    person's), else the members whose keys are alike (:data:`ALIKE`), for the office to choose
    from. ``members`` maps each person's key to the name the series shows; ``register`` names it.

    Only keys of a length that can be alike are compared (difflib's ``real_quick_ratio`` bound,
    found by length), at most :data:`MOST_COMPARISONS` of them for all the names: a name whose
    comparisons would pass that is read as new."""
    by_length: dict[int, list[str]] = {}
    for member in members:
        by_length.setdefault(len(member), []).append(member)
    read: list[NameMatch] = []
    budget = MOST_COMPARISONS
    for name in names:
        key = key_of(name)
        known = members.get(person(key))
        if known is not None or not key:
            read.append(NameMatch(known=known, register=register))
            continue
        # 2·min(m, n) / (m + n) ≥ ALIKE: the lengths a member's key may have.
        lengths = range(
            math.ceil(len(key) * ALIKE / (2 - ALIKE)), math.floor(len(key) * (2 - ALIKE) / ALIKE) + 1
        )
        candidates = [member for length in lengths for member in by_length.get(length, ())]
        if len(candidates) > budget:
            read.append(NameMatch(register=register))
            continue
        budget -= len(candidates)
        matcher = difflib.SequenceMatcher(None, "", key)  # b, which it indexes, once per name
        scored = []
        for member in candidates:
            matcher.set_seq1(member)
            if matcher.quick_ratio() >= ALIKE and (ratio := matcher.ratio()) >= ALIKE:
                scored.append((-ratio, member))
        alike = tuple(members[member] for _ratio, member in sorted(scored)[:ALIKE_OFFERED])
        read.append(NameMatch(alike=alike, register=register))
    return read
