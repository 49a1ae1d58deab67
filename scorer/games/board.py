"""The match screen's parts a game builds: the scoreboard's sides, seat names, an engine list's items.

A game's match page (``scorer/games/<game>/match.py``) reads a match as a :class:`MatchView`
(the app's :class:`scorer.matches.matchview.Loaded`) and answers with these values; the
shared match screen (:mod:`scorer.matches.matchview`) arranges them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from scorer.web import display, i18n

if TYPE_CHECKING:
    from scorer.store import log
    from scorer.store.models import Match


class Judged(Protocol):
    """The engine's answer to a match, as a game's page asks about it."""

    @property
    def valid(self) -> bool: ...


class MatchView(Protocol):
    """A match as this request read it: its log, its settings and the engine's answer."""

    @property
    def match(self) -> Match: ...

    @property
    def state(self) -> log.State: ...

    @property
    def settings(self) -> dict[str, Any]: ...

    @property
    def answer(self) -> dict[str, Any]:
        """The engine's answer to a valid match (empty when it breaks a rule)."""
        ...

    @property
    def scored(self) -> Judged: ...


#: Where the app keeps its :class:`TableAccess` (``app.extensions``).
TABLE_ACCESS = "tafel.table_access"


@dataclass(frozen=True, slots=True)
class TableAccess:
    """What a game's own pages (a player's own phone) ask of the app's features: a
    match as this request reads it, and whether this browser may change it. The app hands it
    to the registry when it starts (:func:`scorer.games.init_app`)."""

    #: The match as read (404 when there is none).
    load: Callable[[int], MatchView]
    may_edit: Callable[[Match], bool]
    #: The refusal to raise when this browser may not change the match.
    refused: Callable[[int], Exception]
    #: Whether this browser holds the seat (1-based) by its seat's own link (``Game.seat_page``).
    holds_seat: Callable[[Match, int], bool]
    #: The seat's own link, for the table's screen (None for a match without an edit secret).
    seat_link: Callable[[Match, int], str | None]
    #: The seats a phone holds by their link now.
    seats_held: Callable[[Match], frozenset[int]]


def table_access() -> TableAccess:
    """The running app's :class:`TableAccess`."""
    from flask import current_app

    access: TableAccess = current_app.extensions[TABLE_ACCESS]
    return access


@dataclass
class Side:
    """One side of the scoreboard (a team, or a player alone)."""

    number: int
    label: str
    score: Any
    #: How the scoreboard shows the score: ``points`` (and the points still needed),
    #: ``small_big`` (small and big points) or ``die`` (a die face beside the score).
    layout: str = "points"
    needed: int | None = None
    big: int | None = None
    strokes: display.Strokes | None = None
    die: str | None = None
    marks: list[str] = field(default_factory=list)


def players(settings: Mapping[str, Any]) -> int:
    return int(settings.get("players") or 4)


def names(settings: Mapping[str, Any]) -> list[str]:
    """The players' names, seat 1 first (a seat without one by its number)."""
    return [display.seat_label(n, settings.get("names") or []) for n in range(1, players(settings) + 1)]


def item(values: Any, index: int) -> Any:
    """``values[index]`` of an engine list, or None where the answer has none."""
    if isinstance(values, (list, tuple)) and index < len(values):
        return values[index]
    return None


def seat_name(seat_names: Sequence[str], seat: Any) -> str:
    """The name at ``seat`` (1-based), or nothing for no seat."""
    if isinstance(seat, int) and 1 <= seat <= len(seat_names):
        return seat_names[seat - 1]
    return ""


def claims(claimed: Any, seat_names: Sequence[str], deck: str) -> list[str]:
    """A deal's declared melds as "name: Rosen 6–8", seat by seat."""
    texts = []
    for seat, groups in sorted((claimed or {}).items()):
        for cards in groups:
            texts.append(
                f"{seat_name(seat_names, int(seat))}: {i18n.native_digits(display.meld_text(cards, deck))}"
            )
    return texts
