"""A deal in one line as players say it ("Rosen, Anna & Cla 98, Beat: 4 × Under, Stöck: Anna"),
for the history of a corrected deal and the message of an undo: the parts every game's line is
made of. Each game's match part (:attr:`scorer.games.base.MatchPage.words`) says which parts
its deals have; :func:`scorer.matches.describe.deal_line` joins them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.web import display, i18n
from scorer.web.i18n import gettext as _


def names(settings: Mapping[str, Any]) -> list[str]:
    return [str(n) for n in settings.get("names") or []]


def seat(seat_names: list[str], seat: Any) -> str:
    """A seat by its player's name, or by its number when it has none."""
    return display.seat_label(seat, seat_names) if isinstance(seat, int) else ""


def side(number: Any, settings: Mapping[str, Any]) -> str:
    return display.side_label(number, dict(settings)) if isinstance(number, int) else ""


def points(given: Any, settings: Mapping[str, Any]) -> list[str]:
    """A deal's points: a team's count or its match, or every side's count."""
    if not isinstance(given, Mapping):
        return []
    if isinstance(given.get("sides"), list):
        return [f"{side(n, settings)} {i18n.number(v)}" for n, v in enumerate(given["sides"], start=1)]
    team = side(given.get("team"), settings)
    if given.get("match"):
        return [f"{team} {_('Match')}"]
    if given.get("value") is not None:
        return [f"{team} {i18n.number(given['value'])}"]
    return [team] if team else []


def claims(claimed: Any, seat_names: list[str], deck: str) -> list[str]:
    """Melds declared by their cards, seat by seat ("Anna: Rosen 6–8")."""
    if not isinstance(claimed, Mapping):
        return []
    return [
        f"{seat(seat_names, int(number))}: {i18n.native_digits(display.meld_text(cards, deck))}"
        for number, groups in sorted(claimed.items())
        for cards in groups or []
    ]


def values(by_side: Any, label: str, settings: Mapping[str, Any]) -> list[str]:
    """Melds given by value, side by side ("Anna & Cla: Weis 50 + 20")."""
    return [
        f"{side(int(number), settings)}: {label} {' + '.join(i18n.number(v) for v in given)}"
        for number, given in sorted((by_side or {}).items())
        if given
    ]


def line(parts: list[str]) -> str:
    """The parts in one line, with the comma of the reader's script."""
    comma = "\u060c " if i18n.direction() == "rtl" else ", "
    return comma.join(p for p in parts if p)
