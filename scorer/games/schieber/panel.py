"""Schieber's deal on the match page: contract, team, points with the other team's shown, Match,
Weis by value and Stöck, as far as the rules in force count them. The Passe enters its games
on it too (T6.1: Schieber's deal form)."""

from __future__ import annotations

from typing import Any

from rules_engine.schieber.contracts import schieber_options
from rules_engine.schieber.weis_values import possible_values
from scorer.games.base import Panel, Settings

#: How many value buttons a team's Weis row shows at most (the most common values first).
VALUE_BUTTONS = 5


def rule_options(settings: Settings) -> Any:
    """The Schieber rule options in force (a Passe's too: its own keys, such as its number of
    games, are not Schieber options and are left out)."""
    known = set(schieber_options())
    given = {k: v for k, v in (settings.get("options") or {}).items() if k in known}
    try:
        return schieber_options(settings.get("profile"), given)
    except Exception:  # a stored match always passed the engine; belt and braces
        return schieber_options()


def context(settings: Settings) -> dict[str, Any]:
    options = rule_options(settings)
    weis = bool(options.get("weis", True))
    return {
        "entry_values": possible_values(options)[:VALUE_BUTTONS] if weis else (),
        "entry_weis": weis,
        "entry_stoeck": bool(options.get("stoeck", True)),
    }


PANEL = Panel(
    template="schieber/_panel.html",
    context=context,
    slots=frozenset({"contract", "points", "stoeck", "weis_values", "weis_best", "reached_first"}),
)
