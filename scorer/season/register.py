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
#: Quick comparisons of two names of lengths that can be alike at most, by the two lengths added
#: (some 2,000 of names of 20 letters), and pairs offered at most, per reading of the office's
#: page (``near_duplicates``).
MOST_ALIKE_COMPARISONS = 80_000
PAIRS_OFFERED = 20
#: The full comparisons' lengths multiplied, summed, at most per reading: some 200 of two names
#: of 36 letters.
MOST_ALIKE_CELLS = 250_000
#: Comparisons of an evening's names with the register's at most, per reading of the director's
#: page (a thousand names against a register of hundreds): a name past it is not compared.
MOST_COMPARISONS = 1_000
#: Alike players offered for one name at most, the most alike first.
ALIKE_OFFERED = 3


def key_of(name: str) -> str:
    return " ".join(name.split()).casefold()


def near_duplicates(keys: Iterable[str]) -> list[tuple[str, str]]:
    """Pairs of distinct keys alike enough to be one person typed twice, each pair once: at most
    :data:`PAIRS_OFFERED`, within :data:`MOST_ALIKE_COMPARISONS` and :data:`MOST_ALIKE_CELLS`
    of comparing keys of lengths that can be alike. A register whose every name is alike every
    other ("Spielerin 0001", "Spielerin 0002") is not compared pair by pair: the office merges
    the few offered, and the next reading offers the next."""
    listed = sorted(set(keys))[:MOST_COMPARED]
    pairs: list[tuple[str, str]] = []
    budget, cells = MOST_ALIKE_COMPARISONS, MOST_ALIKE_CELLS
    for index, first in enumerate(listed):
        matcher = difflib.SequenceMatcher(None, "", first)  # b is the one it indexes
        for second in listed[index + 1 :]:
            matcher.set_seq1(second)
            if matcher.real_quick_ratio() < ALIKE:
                continue
            # A quick comparison costs some sum of the two lengths: charged by it.
            budget -= len(first) + len(second)
            if budget < 0:
                return pairs
            if matcher.quick_ratio() < ALIKE:
                continue
            # The full comparison costs some product of the two lengths (two anagrams of 36
            # letters, some 30 µs): charged by it.
            cells -= len(first) * len(second)
            if cells < 0:
                return pairs
            if matcher.ratio() >= ALIKE:
                pairs.append((first, second))
                if len(pairs) >= PAIRS_OFFERED:
                    return pairs
    return pairs


def merges_offered(keys: Iterable[str], evenings: Mapping[str, int]) -> list[tuple[str, str]]:
    """The office's one-tap merges of names that look alike (``near_duplicates``), each as
    (alias, into): the name fewer evenings wrote (``evenings`` by key) joins the other."""
    pairs = []
    for first, second in near_duplicates(keys):
        if (evenings.get(first, 0), second) > (evenings.get(second, 0), first):
            first, second = second, first
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
