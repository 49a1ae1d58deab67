"""A deal in one line as players say it ("Rosen, Anna & Cla 98, Beat: 4 × Under, Stöck: Anna"):
for the history of a corrected deal and for the message of an undo, instead of its record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from scorer import games
from scorer.web import display, i18n


def _name(names: list[str], seat: Any) -> str:
    return display.seat_label(seat, names) if isinstance(seat, int) else ""


def _side(side: Any, settings: Mapping[str, Any]) -> str:
    return display.side_label(side, dict(settings)) if isinstance(side, int) else ""


def _points(points: Any, settings: Mapping[str, Any]) -> list[str]:
    if not isinstance(points, Mapping):
        return []
    if isinstance(points.get("sides"), list):
        return [f"{_side(n, settings)} {i18n.number(v)}" for n, v in enumerate(points["sides"], start=1)]
    side = _side(points.get("team"), settings)
    if points.get("match"):
        return [f"{side} {_('Match')}"]
    if points.get("value") is not None:
        return [f"{side} {i18n.number(points['value'])}"]
    return [side] if side else []


def _claims(claims: Any, names: list[str], deck: str) -> list[str]:
    if not isinstance(claims, Mapping):
        return []
    return [
        f"{_name(names, int(seat))}: {i18n.native_digits(display.meld_text(cards, deck))}"
        for seat, groups in sorted(claims.items())
        for cards in groups or []
    ]


def deal_line(record: Mapping[str, Any], settings: Mapping[str, Any]) -> str:
    """``record`` (a deal of DEAL_RECORD.md) of the match with ``settings``, in words."""
    names = [str(n) for n in settings.get("names") or []]
    game_deck = games.deck_of(settings)
    try:
        if record.get("contract") is not None:  # a contract chosen by a team (DEAL_RECORD.md: ``contract``)
            deck = str(settings.get("deck") or game_deck)
            parts = [display.contract_name(str(record.get("contract")), deck)]
            if record.get("pushed"):
                parts[0] += f" ({_('pushed')})"
            parts += _points(record.get("points"), settings)
            parts += _claims(record.get("weis"), names, deck)
            parts += [
                f"{_side(int(team), settings)}: {_('Weis')} {' + '.join(i18n.number(v) for v in values)}"
                for team, values in sorted((record.get("weis_values") or {}).items())
                if values
            ]
            if record.get("stoeck"):
                parts.append(_("Stöck: %(name)s", name=_name(names, record["stoeck"])))
        else:  # a trump suit and its declarer (``trump``, ``declarer``)
            parts = [display.suit_name(str(record.get("trump")), game_deck)]
            if record.get("declarer"):
                parts[0] += f" ({_name(names, record['declarer'])})"
            parts += _points(record.get("points"), settings)
            parts += _claims(record.get("melds"), names, game_deck)
            parts += [
                f"{_side(int(side), settings)}: {_('Melds')} {' + '.join(i18n.number(v) for v in values)}"
                for side, values in sorted((record.get("meld_values") or {}).items())
                if values
            ]
    except (KeyError, TypeError, ValueError):  # a record the app did not write: still no trace
        return ""
    comma = "\u060c " if i18n.direction() == "rtl" else ", "
    return comma.join(p for p in parts if p)
