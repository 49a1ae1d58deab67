"""The games the table app keeps the score of, found by name (python-chess's ``VARIANTS``).

Adding a game: its folder ``scorer/games/<game>/`` whose package defines ``GAME`` (a
:class:`~scorer.games.base.Game`), and one line in :data:`MODULES`. An app may be built
with other games: ``create_app({"GAMES": [*games.MODULES, "my.game"]})``.

>>> [g.name for g in registry().values()]
['schieber', 'klammern', 'coiffeur', 'differenzler', 'passe']
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from scorer.games.base import Game

if TYPE_CHECKING:
    from flask import Flask

    from scorer.games.board import TableAccess
    from scorer.games.sheet import SheetPart

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
    app = _current_app()
    if app is not None:
        games: Mapping[str, Game] | None = app.extensions.get(_EXTENSION)
        if games is not None:
            return games
    return _defaults()


def _current_app() -> Any:
    """The running app, or None (Flask not imported, or outside an app context). A page asks
    for a game a dozen times: the app is looked up once each time, not twice by the proxy."""
    flask = sys.modules.get("flask")  # not imported: no app can be running, none imported here
    if flask is None:
        return None
    try:
        return flask.current_app._get_current_object()
    except RuntimeError:  # outside an app context
        return None


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
    from flask import abort

    try:
        return game(name)
    except UnknownGame:
        abort(404)


class SheetGame(NamedTuple):
    """What the printed sheets need of a game (the fields of :class:`Game` they read)."""

    name: str
    formats: tuple[str, ...]
    sheet: SheetPart | None
    score: Callable[[Mapping[str, Any]], dict[str, Any]] | None


_sheet_defaults: dict[str, SheetGame] | None = None


def _sheet_game(module: str) -> SheetGame:
    """A default game read from its ``sheet`` module alone (``SHEET_PART``, and
    ``GAME_FORMATS``/``SCORE`` where its ``Game`` has them), without its pages."""
    sheet = importlib.import_module(f"{module}.sheet")
    return SheetGame(
        module.rpartition(".")[2],
        getattr(sheet, "GAME_FORMATS", ()),
        sheet.SHEET_PART,
        getattr(sheet, "SCORE", None),
    )


def sheet_games() -> Mapping[str, Game | SheetGame]:
    """The games as the printed sheets see them: :func:`registry`'s, or, in a process that
    has not imported Flask (``tafel pad``, ``tafel scoresheet FILE``; no app can be running),
    the default games read from their ``sheet`` modules: the same names, formats, sheet
    parts and scoring entries, without the web stack the games' pages import."""
    global _sheet_defaults
    if _default is not None or "flask" in sys.modules:
        return registry()
    if _sheet_defaults is None:
        _sheet_defaults = {each.name: each for each in map(_sheet_game, MODULES)}
    return _sheet_defaults


def sheet_game(name: object) -> Game | SheetGame:
    """The game of this name, as the printed sheets see it (:func:`sheet_games`).

    :raises UnknownGame: no such game.
    """
    games = sheet_games()
    if isinstance(name, str) and name in games:
        return games[name]
    raise UnknownGame(name, games)


def init_app(app: Flask, access: TableAccess) -> None:
    """Load the app's games (config ``GAMES``, default :data:`MODULES`), serve their templates,
    gather their reasons' sentences, and give their own pages the app's ``access`` to a match."""
    from scorer.games.board import TABLE_ACCESS
    from scorer.web import reason_texts

    games = load(app.config.get("GAMES") or MODULES)
    app.extensions[_EXTENSION] = games
    app.extensions[TABLE_ACCESS] = access
    app.extensions[reason_texts.CATALOG] = reason_texts.Catalog.of(
        (each.rules.prefix if each.rules is not None else "", each.deck, each.texts)
        for each in games.values()
    )
    app.jinja_env.globals["games"] = games
    for each in games.values():
        app.register_blueprint(each.blueprint())
