"""The games the table app keeps the score of, found by name (python-chess's ``VARIANTS``).

Adding a game: its folder ``scorer/games/<game>/`` whose package defines ``GAME`` (a
:class:`~scorer.games.base.Game`), and one line in :data:`MODULES`. An app may be built
with other games: ``create_app({"GAMES": [*games.MODULES, "my.game"]})``.

>>> [g.name for g in registry().values()]
['schieber', 'klammern', 'coiffeur', 'differenzler', 'passe']
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from flask import Flask, abort, current_app, has_app_context

from scorer.games.base import Game

#: Every game, one line each, in the order the pages offer them.
MODULES: tuple[str, ...] = (
    "scorer.games.schieber",
    "scorer.games.klammern",
    "scorer.games.coiffeur",
    "scorer.games.differenzler",
    "scorer.games.passe",
)

#: The game of a record that names none (DEAL_RECORD.md).
RECORD_DEFAULT = "schieber"

_EXTENSION = "tafel.games"


class UnknownGame(LookupError):
    """A game name no registered game has."""

    def __init__(self, name: object, known: Iterable[str]) -> None:
        super().__init__(f"unknown game {name!r} (known: {', '.join(known)})")
        self.name = name


def load(entries: Iterable[str | Game]) -> dict[str, Game]:
    """The registry of these games (a package name, whose ``GAME`` is taken, or a Game).

    :raises ValueError: two games of the same name.
    """
    found: dict[str, Game] = {}
    for entry in entries:
        game = entry if isinstance(entry, Game) else importlib.import_module(entry).GAME
        if not isinstance(game, Game):
            raise TypeError(f"{entry!r}: GAME is not a Game")
        if game.name in found:
            raise ValueError(f"two games are named {game.name!r}")
        found[game.name] = game
    return found


_default: dict[str, Game] | None = None


def _defaults() -> dict[str, Game]:
    global _default
    if _default is None:  # imported on first use: the games' modules import the pages' helpers
        _default = load(MODULES)
    return _default


def registry() -> Mapping[str, Game]:
    """The games of the current app (outside an app: the default games)."""
    if has_app_context():
        games: Mapping[str, Game] | None = current_app.extensions.get(_EXTENSION)
        if games is not None:
            return games
    return _defaults()


def game(name: object) -> Game:
    """The game of this name.

    :raises UnknownGame: no such game.
    """
    games = registry()
    if isinstance(name, str) and name in games:
        return games[name]
    raise UnknownGame(name, games)


def of(settings: Mapping[str, Any]) -> Game:
    """The game a match's settings (or a record) are of.

    :raises UnknownGame: no such game.
    """
    return game(settings.get("game", RECORD_DEFAULT))


def deck_of(settings: Mapping[str, Any]) -> str:
    """The deck whose card names a match's game uses (French for a game this app does not have)."""
    try:
        return of(settings).deck
    except UnknownGame:
        return "french"


def game_or_404(name: str) -> Game:
    """The game of an address segment; an unknown one is no page (404)."""
    try:
        return game(name)
    except UnknownGame:
        abort(404)


def init_app(app: Flask) -> None:
    """Load the app's games (config ``GAMES``, default :data:`MODULES`) and serve their templates."""
    games = load(app.config.get("GAMES") or MODULES)
    app.extensions[_EXTENSION] = games
    app.jinja_env.globals["games"] = games
    for each in games.values():
        app.register_blueprint(each.blueprint())
