"""A round sat out in the live ranking (T5.5, T7.5; option ``sitout_from``): on an event made with
the new-event form's proposal, the player sitting out gets his round's score once every table of
the round is done, so he does not top the live ranking while the others still play."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.events import draw, event_state, new_event, play_passe, ranking_of, register

#: T5.5's default: half the control sum of a 1-game Passe, 157 / 2 rounded half up.
SITOUT = 79


def total_of(client: FlaskClient, event_id: int, name: str) -> str:
    (row,) = [row for row in ranking_of(client, event_id) if name in row]
    return row[-1]


def test_the_player_sitting_out_scores_when_his_round_is_done(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client, passen=2, games_per_passe=1)
    register(client, event_id, [f"Spieler {n}" for n in range(1, 10)])  # 2 tables, 1 sits out
    draw(client, event_id)
    state = event_state(app, event_id)
    (round_1,) = state.rounds
    (sitter,) = round_1.sitouts
    first, second = round_1.tables

    play_passe(client, first.match_id, [100])
    assert total_of(client, event_id, state.name(sitter)) == "0"  # the round is still playing
    play_passe(client, second.match_id, [100])
    assert total_of(client, event_id, state.name(sitter)) == str(SITOUT)


def test_from_the_draw_when_the_director_chooses_so(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client, passen=2, games_per_passe=1, sitout_from="seated")
    register(client, event_id, [f"Spieler {n}" for n in range(1, 10)])
    draw(client, event_id)
    state = event_state(app, event_id)
    (sitter,) = state.rounds[0].sitouts
    assert total_of(client, event_id, state.name(sitter)) == str(SITOUT)
