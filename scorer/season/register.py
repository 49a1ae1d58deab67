"""The series' players: each event's players matched across evenings by name, one identity per
person (SEASON.md Z2), with the office's merges of two spellings of one person.

A name's key is its words in lower case (``"Anna  Muster"`` and ``"anna muster"`` are one
person); the name shown is the spelling most evenings wrote. Near-duplicates (``Gian Caflisch`` and
``Gian Calfisch``) are not merged by guess: the page lists them for the office to decide.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

#: How alike two keys must be to be offered as a possible duplicate (difflib's ratio).
ALIKE = 0.85
#: Names compared for near-duplicates at most: each is compared with every other.
MOST_COMPARED = 400


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
