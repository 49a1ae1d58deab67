"""The desk's forms hold the fields of the app's games' desks: a game's own field comes with
the game, and an app without that game asks its questions without it."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scorer import games


@pytest.fixture
def app_config() -> dict[str, Any]:
    """An app of one game whose desk adds no field of its own."""
    (only,) = (
        name for name, game in games.registry().items() if game.disputes and not game.disputes.form_fields
    )
    return {"GAMES": [module for module in games.MODULES if module.endswith(f".{only}")]}


def test_a_question_without_the_other_games_fields(client: FlaskClient) -> None:
    with client.application.app_context():
        (only,) = games.registry()
    response = client.get(f"/disputes/card?game={only}&contract=H&card=H6&hand=H6+C6&ask=1")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Rules profile" not in page and 'name="players"' not in page
    assert "Link to this ruling" in page  # the question was ruled
