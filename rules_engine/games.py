"""The games the engine plays: one line per game, naming the module that plays it.

A record's ``game`` field finds its module here (:func:`game_module`); nothing else in the
shared engine names a game. A game's module offers what its records take — ``score_deal``,
``score_match``, ``legal_cards`` (records in, JSON answers out, DEAL_RECORD.md), optionally
``resume_match`` and ``legal_cards_fast`` (:mod:`rules_engine.api`) — and declares the largest
record a table can produce, ``LIMITS`` (a :class:`~rules_engine.limits.GameLimits`).

A game outside this package is added without editing this file: :func:`register` from
Python, or the environment variable ``TAFEL_GAMES`` for the command line and any process
started with it (``TAFEL_GAMES="toy=tests.toygame.engine"``: ``name=module`` pairs,
separated by commas). Modules are imported when a record first names their game, so the
command line's start-up imports the one game it is asked about.

>>> game_module("klammern").LIMITS.deck
32
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from rules_engine.errors import InvalidRecord
from rules_engine.limits import GameLimits

if TYPE_CHECKING:
    from rules_engine.coiffeur import answers as coiffeur
    from rules_engine.differenzler import answers as differenzler
    from rules_engine.klammern import answers as klammern
    from rules_engine.schieber import answers as schieber
    from rules_engine.season import answers as season
    from rules_engine.season import linalg
    from rules_engine.tournament import answers as tournament

__all__ = [
    "COMMANDS",
    "DEFAULT_GAME",
    "ENVIRONMENT",
    "GAMES",
    "DealAnswer",
    "GameNotPlayable",
    "LegalAnswer",
    "MatchAnswer",
    "PasseAnswer",
    "RatingAnswer",
    "RatingSolver",
    "SeatingAnswer",
    "SeriesAnswer",
    "TournamentAnswer",
    "command",
    "game_module",
    "register",
]

#: Game name (a record's ``game``) -> the module that plays it.
GAMES: dict[str, str] = {
    "schieber": "rules_engine.schieber",
    "klammern": "rules_engine.klammern",
    "coiffeur": "rules_engine.coiffeur",
    "differenzler": "rules_engine.differenzler",
}

#: Records that are no single game's deal, match or position (TOURNAMENT.md's and
#: SEASON.md's "JSON records"): the command line's verb -> ``module:function`` answering it.
COMMANDS: dict[str, str] = {
    "passe": "rules_engine.tournament:score_passe",
    "tournament": "rules_engine.tournament:score_tournament",
    "seating": "rules_engine.tournament:seat_next_round",
    "series": "rules_engine.season:score_series",
    "rating": "rules_engine.season:rate_players",
}

#: The game of a record that names none (DEAL_RECORD.md).
DEFAULT_GAME = "schieber"

#: The environment variable that registers further games (``name=module,name=module``).
ENVIRONMENT = "TAFEL_GAMES"

# The generic entry points answer any registered game's answer; these name the games of this
# package for the type checker (strings at run time: nothing is imported for them).
DealAnswer: TypeAlias = (
    "schieber.DealAnswer | klammern.DealAnswer | coiffeur.DealAnswer | differenzler.DealAnswer"
)
MatchAnswer: TypeAlias = (
    "schieber.MatchAnswer | klammern.MatchAnswer | coiffeur.MatchAnswer | differenzler.MatchAnswer"
)
LegalAnswer: TypeAlias = (
    "schieber.LegalAnswer | klammern.LegalAnswer | coiffeur.LegalAnswer | differenzler.LegalAnswer"
)

#: The answers of the registry's commands (same reason).
PasseAnswer: TypeAlias = "tournament.PasseAnswer"
TournamentAnswer: TypeAlias = "tournament.TournamentAnswer"
SeatingAnswer: TypeAlias = "tournament.SeatingAnswer"
SeriesAnswer: TypeAlias = "season.SeriesAnswer"
RatingAnswer: TypeAlias = "season.RatingAnswer"
#: Z10.4's solver that ``rate_players`` may be handed.
RatingSolver: TypeAlias = "linalg.Solver"


class GameNotPlayable(TypeError):
    """A registered module that is not a game: it cannot be imported or declares no ``LIMITS``.

    A programming error of the game's author, not a bad record: it is raised, never answered.
    """


def register(name: str, module: str) -> None:
    """Play records whose ``game`` is ``name`` with ``module`` (imported when first needed).

    :raises ValueError: ``name`` already plays by another module.

    >>> register("klammern", "rules_engine.klammern")  # the same line again: nothing changes
    """
    known = GAMES.get(name)
    if known is not None and known != module:
        raise ValueError(f"game {name!r} is already played by {known!r}, not {module!r}")
    GAMES[name] = module


def _register_environment() -> None:
    """The games the environment names (:data:`ENVIRONMENT`); none when it is not set."""
    for entry in os.environ.get(ENVIRONMENT, "").split(","):
        name, _, module = entry.partition("=")
        if name.strip() and module.strip():
            register(name.strip(), module.strip())


#: Game name -> its module, once imported and checked.
_LOADED: dict[str, ModuleType] = {}


def game_module(game: object) -> ModuleType:
    """The module that plays ``game``, imported on first use.

    :raises InvalidRecord: no registered game has that name (the record's ``game`` field).
    :raises GameNotPlayable: the registered module cannot be imported or declares no limits.
    """
    if isinstance(game, str):
        module = _LOADED.get(game)
        if module is not None:
            return module
        if game not in GAMES:
            _register_environment()
    if not isinstance(game, str) or game not in GAMES:
        raise InvalidRecord(
            f"game: unknown game {game!r} (use one of {', '.join(map(repr, GAMES))})", field="game"
        )
    path = GAMES[game]
    try:
        module = importlib.import_module(path)
    except ImportError as error:
        raise GameNotPlayable(f"game {game!r}: its module {path!r} cannot be imported ({error})") from error
    if not isinstance(getattr(module, "LIMITS", None), GameLimits):
        raise GameNotPlayable(
            f"game {game!r}: {path} declares no LIMITS (a rules_engine.limits.GameLimits), "
            "so the engine cannot bound its records"
        )
    _LOADED[game] = module
    return module


def command(verb: str) -> Callable[..., Any] | None:
    """The function answering the records of ``verb`` (:data:`COMMANDS`), imported on first use;
    None for a verb no package answers."""
    found = COMMANDS.get(verb)
    if found is None:
        return None
    module, _, name = found.partition(":")
    return cast(Callable[..., Any], getattr(importlib.import_module(module), name))
