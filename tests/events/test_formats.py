"""The events ask the registry for the games' tournament formats and name no game themselves."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from flask import Flask

import scorer
from scorer import games
from scorer.events import formats

FEATURES = Path(scorer.__file__).parent
#: The features that play games at events and answer their records, without naming one.
GAME_FREE = ("events", "api")


def _literals(path: Path) -> set[str]:
    return {
        node.value
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


@pytest.mark.parametrize("feature", GAME_FREE)
def test_no_game_is_named_in_the_code(feature: str) -> None:
    names = set(games.registry())
    for path in sorted((FEATURES / feature).glob("*.py")):
        named = {
            text for text in _literals(path) if text in names or text.split("_")[0] in names and "_" in text
        }
        assert not named, f"{path.name} names {sorted(named)}"


def test_the_formats_are_the_registered_games_that_have_one(app: Flask) -> None:
    with app.app_context():
        found = formats.formats()
        assert list(found) == [name for name, game in games.registry().items() if game.event is not None]
        assert found and all(games.game(name).event is found[name] for name in found)


def test_an_event_that_names_no_game_or_an_unknown_one_is_of_the_default_game(app: Flask) -> None:
    with app.app_context():
        default = games.game(games.RECORD_DEFAULT).event
        assert default is not None
        assert formats.of({}) is default
        assert formats.of({"game": "no such game"}) is default
        for name, each in formats.formats().items():
            assert formats.of({"game": name}) is each
