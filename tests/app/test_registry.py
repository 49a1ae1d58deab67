"""The game registry: each game found by name, its parts complete, shared pages asking it."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import TemplateNotFound

import rules_engine
from scorer import games
from scorer.games.base import Game
from scorer.scoring import match_record


def test_the_games_in_the_pages_order() -> None:
    assert list(games.registry()) == ["schieber", "klammern", "coiffeur", "differenzler", "passe"]
    assert games.game("klammern").name == "klammern"
    assert games.of({"deals": []}).name == "schieber"  # DEAL_RECORD.md: a record without game
    with pytest.raises(games.UnknownGame, match="unknown game 'jass'"):
        games.game("jass")
    with pytest.raises(games.UnknownGame):
        games.of({"game": ["schieber"]})


def test_two_games_of_one_name_are_refused() -> None:
    schieber = games.game("schieber")
    with pytest.raises(ValueError, match="two games are named 'schieber'"):
        games.load([*games.MODULES, schieber])


def test_an_unknown_game_has_no_set_up_page(client: FlaskClient) -> None:
    assert client.get("/matches/new/jass").status_code == 404
    assert client.post("/matches/new/jass", data={}).status_code == 404


@pytest.mark.slow
@pytest.mark.parametrize("name", list(games.MODULES))
def test_every_game_has_its_pages_templates(app: Flask, name: str) -> None:
    game: Game = games.load([name]).popitem()[1]
    names = [game.template(page) for page in ("new", "show", "deal")]
    if game.panel is not None:
        names.append(game.panel.template)
    with app.app_context():
        for template in names:
            try:
                app.jinja_env.get_template(template)
            except TemplateNotFound:  # pragma: no cover - the assertion says which
                pytest.fail(f"{game.name} has no {template}")


def test_the_games_with_an_entry_panel_on_the_match_screen() -> None:
    """The Passe's games are entered on Schieber's deal form (T6.1), so on its panel too;
    Coiffeur and Differenzler have panels of their own."""
    panels = {name: game.panel for name, game in games.registry().items() if game.panel is not None}
    assert sorted(panels) == ["coiffeur", "differenzler", "klammern", "passe", "schieber"]
    assert panels["passe"] is panels["schieber"]


@pytest.mark.parametrize("name", ["schieber", "klammern"])
def test_every_games_api_examples_are_valid_records(name: str) -> None:
    api = games.game(name).api
    assert api is not None
    assert rules_engine.score_deal(api.examples["deal"])["valid"] is True
    assert rules_engine.score_match(api.examples["match"])["valid"] is True
    assert rules_engine.legal_cards(api.examples["position"])["legal"]


def test_a_match_record_holds_what_its_game_keeps() -> None:
    # K9: Klammern's target belongs to Liga, target_big to small and big points.
    small_big = {"game": "klammern", "players": 3, "format": "small_big", "target": 51, "target_big": 7}
    assert match_record(small_big, []) == {
        "game": "klammern",
        "players": 3,
        "format": "small_big",
        "target_big": 7,
        "deals": [],
    }
    schieber = {"game": "schieber", "profile": "official", "options": {}, "target": None, "names": ["A"]}
    assert match_record(schieber, []) == {"game": "schieber", "profile": "official", "deals": []}
