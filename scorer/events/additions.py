"""What a feature above the events adds to them: a part of the new-event form, what it does with
the event once created (a club's series takes the new evening, ``scorer.season``), and the
players' strengths a draw may seat by (the series' ratings, TOURNAMENT.md T5 with strengths).

The events feature names no such feature: it shows the parts registered here and calls their
``created`` after the event is stored. A part reads its own fields from the request's form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from markupsafe import Markup

from scorer.store.models import Event


@dataclass(frozen=True, slots=True)
class Addition:
    #: The part's markup in the form for this browser, or None where it has nothing to offer.
    part: Callable[[], Markup | None]
    #: Called with the new event once it is stored.
    created: Callable[[Event], None]
    #: The strengths of the event's competitors to seat its next round by (id -> rating), or None.
    strengths: Callable[[Event], Mapping[str, float] | None] | None = None


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
