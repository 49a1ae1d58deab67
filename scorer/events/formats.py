"""The games an event can be played in: the registry's games that have a tournament format
(:class:`~scorer.games.event.TournamentFormat`).

An event's settings name its game (``"game"``); settings that name none, or a game this app does
not have, are of the registry's default game. The views read everything game-specific from the
format rather than branching on the name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer import games
from scorer.games.event import TournamentFormat


def formats() -> dict[str, TournamentFormat]:
    """Each game's tournament format by the game's name, in the registry's order."""
    return {name: game.event for name, game in games.registry().items() if game.event is not None}


def of(settings: Mapping[str, Any]) -> TournamentFormat:
    """The tournament format of an event's settings.

    :raises LookupError: this app has no game with a tournament format.
    """
    found = formats()
    name = str(settings.get("game") or games.RECORD_DEFAULT)
    if name in found:
        return found[name]
    if games.RECORD_DEFAULT in found:
        return found[games.RECORD_DEFAULT]
    if found:
        return next(iter(found.values()))
    raise LookupError("no game of this app can be played at an event")
