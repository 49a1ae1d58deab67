"""The three Klammern match formats (K1.2), found by the match record's ``format`` name.

Each format is data plus its own ``start`` and ``step``, which one fold (``common.fold``,
each format's ``play``) runs over the per-deal figures; which figure of a deal's answer it
reads is data too (``figure``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rules_engine.klammern.formats import hamburg, liga, small_big
from rules_engine.klammern.formats.common import (
    DealFigures,
    Ending,
    March,
    MatchSetup,
    Standing,
    break_tie,
    deal_after_end,
)

PlayFn = Callable[[Iterable[DealFigures], MatchSetup], "tuple[Standing, list[Any]]"]
StartFn = Callable[[int], Standing]
StepFn = Callable[[Any, DealFigures, MatchSetup], Standing]
TargetFn = Callable[[MatchSetup], "int | None"]


@dataclass(frozen=True, slots=True)
class Format:
    """A match format: its name, the per-deal answer field it adds up, and its fold."""

    name: str
    #: The deal answer's per-side figure this format accumulates (DEAL_RECORD.md).
    figure: str
    play: PlayFn
    #: The standing before the first deal, for a table of ``players``.
    start: StartFn
    #: The standing after one more deal (what ``standings`` folds), for a match scored deal by deal.
    step: StepFn
    #: The target in force, in the unit of the standing's ``progress`` (None: open-ended).
    target: TargetFn


FORMATS: Mapping[str, Format] = MappingProxyType(
    {
        small_big.NAME: Format(
            small_big.NAME,
            "small_points",
            small_big.play,
            small_big.start,
            small_big.step,
            small_big.target,
        ),
        liga.NAME: Format(liga.NAME, "augen", liga.play, liga.start, liga.step, liga.target),
        hamburg.NAME: Format(
            hamburg.NAME,
            "dice",
            hamburg.play,
            hamburg.start,
            hamburg.step,
            hamburg.target,
        ),
    }
)
DEFAULT_FORMAT = small_big.NAME

__all__ = [
    "DEFAULT_FORMAT",
    "FORMATS",
    "DealFigures",
    "Ending",
    "Format",
    "March",
    "MatchSetup",
    "Standing",
    "break_tie",
    "deal_after_end",
]
