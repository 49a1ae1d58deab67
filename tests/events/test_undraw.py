"""The director takes back a draw (TOURNAMENT.md T5: a round is drawn when the director says so):
until one of its tables enters a game, the last round's draw can be undone, behind a tick; the
round is then drawn again, and the taken-back tables' links enter nothing."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.store import db, log
from tests.helpers.events import draw, event_state, form_tokens, new_event, play_passe, post_form, register
from tests.helpers.tablet import csrf

UNDO = "Undo the draw of round 1"


def undraw(client: FlaskClient, event_id: int, ticked: bool = True) -> None:
    fields = {"undraw-confirmed": "y"} if ticked else {}
    assert post_form(client, event_id, "undraw", fields).status_code == 303


def page(client: FlaskClient, event_id: int) -> str:
    return client.get(f"/events/{event_id}").get_data(as_text=True)


def test_a_draw_is_undone_before_any_game_and_drawn_again(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client, passen=2, games_per_passe=2)
    register(client, event_id, [f"Spieler {n}" for n in range(1, 9)])
    draw(client, event_id)
    taken_back = [table.match_id for table in event_state(app, event_id).rounds[0].tables]
    assert UNDO in page(client, event_id)

    undraw(client, event_id)
    assert event_state(app, event_id).rounds == []
    shown = page(client, event_id)
    assert "The draw of round 1 is undone" in shown
    assert "Draw round 1" in shown and UNDO not in shown
    with app.app_context():
        assert all(log.is_voided(db.session(), match_id) for match_id in taken_back)
    # A taken-back table's tablet enters nothing.
    form = client.get(f"/matches/{taken_back[0]}/deals/new")
    assert form.status_code == 403 and "This match was voided." in form.get_data(as_text=True)
    refused = client.post(
        f"/matches/{taken_back[0]}/deals/new",
        data={
            "csrf_token": csrf(client, "/events/new"),
            "forehand": 1,
            "contract": "H",
            "team": 1,
            "points": 100,
        },
    )
    assert refused.status_code == 403
    with app.app_context():
        assert log.last_seq(db.session(), taken_back[0]) == 1  # the void alone

    draw(client, event_id)
    (again,) = event_state(app, event_id).rounds
    assert again.number == 1 and len(again.tables) == 2
    assert not {table.match_id for table in again.tables} & set(taken_back)


def test_a_draw_stays_once_a_table_entered_a_game(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client, passen=2, games_per_passe=2)
    register(client, event_id, list("ABCDEFGH"))
    draw(client, event_id)
    first, _second = event_state(app, event_id).rounds[0].tables
    tokens = form_tokens(page(client, event_id), f"/events/{event_id}/undraw")
    play_passe(client, first.match_id, [100])
    assert UNDO not in page(client, event_id)
    # The page held the form when it was loaded; the game entered since makes the round stay.
    client.post(f"/events/{event_id}/undraw", data={**tokens, "undraw-confirmed": "y"})
    assert len(event_state(app, event_id).rounds) == 1
    assert "This draw stays: a table has entered a game." in page(client, event_id)
    with app.app_context():
        assert not log.is_voided(db.session(), first.match_id)


def test_only_the_last_round_and_only_with_the_tick(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client, passen=3, games_per_passe=1)
    register(client, event_id, list("ABCD"))
    draw(client, event_id)
    (table,) = event_state(app, event_id).rounds[0].tables
    play_passe(client, table.match_id, [100])
    draw(client, event_id)
    assert "Undo the draw of round 2" in page(client, event_id)
    undraw(client, event_id, ticked=False)
    assert len(event_state(app, event_id).rounds) == 2
    assert "Nothing was undone" in page(client, event_id)
    undraw(client, event_id)
    (kept,) = event_state(app, event_id).rounds
    assert kept.number == 1  # round 1 had a game: only round 2 went


def test_an_undone_draw_needs_the_director(client: FlaskClient, app: Flask) -> None:
    event_id = new_event(client, passen=2, games_per_passe=1)
    register(client, event_id, list("ABCD"))
    draw(client, event_id)
    stranger = app.test_client()
    answer = stranger.post(f"/events/{event_id}/undraw", data={"undraw-confirmed": "y"})
    assert answer.status_code in (400, 403)
    assert len(event_state(app, event_id).rounds) == 1


def test_a_table_whose_match_cannot_be_voided_is_named(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writers kept appending to a taken-back table's log: the undo says which link to withdraw."""
    event_id = new_event(client, passen=2, games_per_passe=1)
    register(client, event_id, list("ABCD"))
    draw(client, event_id)

    def always_behind(*_args: object, **_kwargs: object) -> None:
        raise log.Conflict(1)

    monkeypatch.setattr(log, "append", always_behind)
    undraw(client, event_id)
    monkeypatch.undo()
    assert event_state(app, event_id).rounds == []
    assert "Table 1&#39;s link still enters games: withdraw it." in page(client, event_id)
