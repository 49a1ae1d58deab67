"""What a feature above the events adds to them: a part of the new-event form, what it does with
the event once created (a club's series takes the new evening, ``scorer.season``), the
players' strengths a draw may seat by (the series' ratings, TOURNAMENT.md T5 with strengths),
and how a club's register reads the names an evening registers (SEASON.md Z2).

The events feature names no such feature: it shows the parts registered here and calls their
``created`` after the event is stored. A part reads its own fields from the request's form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from markupsafe import Markup

from scorer.store.models import Event


@dataclass(frozen=True, slots=True)
class NameMatch:
    """How a club's register reads one name an evening registers."""

    #: The register's spelling of this person (the same words in other letter case or spacing).
    known: str | None = None
    #: Else the register's players whose names are alike: one of them typed otherwise?
    alike: tuple[str, ...] = ()
    #: The register's own name (its series' title).
    register: str = ""


@dataclass(frozen=True, slots=True)
class Addition:
    #: The part's markup in the form for this browser, or None where it has nothing to offer.
    part: Callable[[], Markup | None]
    #: Called with the new event once it is stored.
    created: Callable[[Event], None]
    #: The strengths of the event's competitors to seat its next round by (id -> rating), or None.
    strengths: Callable[[Event], Mapping[str, float] | None] | None = None
    #: Each of the names registered for the event as the register the event belongs to reads
    #: it, or None where no register holds the event.
    names: Callable[[Event, Sequence[str]], Sequence[NameMatch] | None] | None = None


_ADDITIONS: list[Addition] = []


def add(addition: Addition) -> Addition:
    """Register ``addition``; registering it again changes nothing."""
    if addition not in _ADDITIONS:
        _ADDITIONS.append(addition)
    return addition


def parts() -> list[Markup]:
    return [part for part in (each.part() for each in _ADDITIONS) if part is not None]


def created(event: Event) -> None:
    for each in _ADDITIONS:
        each.created(event)


def strengths(event: Event) -> dict[str, float]:
    """The strengths the registered parts give the event's competitors (the first that gives any)."""
    for each in _ADDITIONS:
        found = each.strengths(event) if each.strengths is not None else None
        if found:
            return dict(found)
    return {}


def names(event: Event, registered: Sequence[str]) -> list[NameMatch]:
    """How the registered parts read ``registered`` (the first whose register holds the event)."""
    for each in _ADDITIONS:
        found = each.names(event, registered) if each.names is not None else None
        if found is not None:
            return list(found)
    return [NameMatch() for _name in registered]
