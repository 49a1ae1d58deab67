"""Parts that a feature above the matches adds to a tablet's match screen, under its entry panel.

An event's table confirms its games there (``scorer.events.office``): the matches feature names
no such feature, it shows what the parts registered here render. They are asked only for a
screen private to its browser, never for the page every spectator shares: a part may carry this
browser's tokens and buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from markupsafe import Markup

if TYPE_CHECKING:
    from scorer.matches.matchview import Loaded

#: A part of the screen: its markup for this browser and match, or None where it has nothing.
Section = Callable[["Loaded"], Markup | None]

_SECTIONS: list[Section] = []


def add(section: Section) -> Section:
    """Register ``section`` (usable as a decorator); registering it again changes nothing."""
    if section not in _SECTIONS:
        _SECTIONS.append(section)
    return section


def rendered(loaded: Loaded) -> list[Markup]:
    """What each registered part shows on this browser's screen of the match."""
    return [part for part in (section(loaded) for section in _SECTIONS) if part is not None]
