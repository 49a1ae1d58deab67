"""A field larger than a select lists (``views.SELECT_MOST``): its director withdraws a player
and swaps two players' seats from the player's own page, as the event page says; a club
evening's page keeps both forms."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.events import views
from tests.helpers.events import draw, event_state, form_tokens, new_event, play_passe, register

NAMES = ["Anna", "Beat", "Chris", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ida"]


@pytest.mark.slow
def test_a_large_fields_players_are_withdrawn_and_swapped_from_their_pages(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    event_id = new_event(client, passen="3", games_per_passe="1")
    register(client, event_id, NAMES[:8])
    draw(client, event_id)
    small = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert 'name="player"' in small and 'name="swap-second"' in small  # a club evening's selects
    monkeypatch.setattr(views, "SELECT_MOST", 4)
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "<select" not in page and "on his own page" in page
    before = event_state(app, event_id)
    (first, second) = before.rounds[0].tables[0].seats["1"], before.rounds[0].tables[1].seats["1"]
    mine = client.get(f"/events/{event_id}/players/{first}").get_data(as_text=True)
    # The swap: this player and one chosen from the round's players.
    fields = form_tokens(mine, f"/events/{event_id}/swap")
    assert f'name="swap-first" value="{first}"' in mine
    assert f'<option value="{second}">' in mine  # the round's players to swap with
    answer = client.post(
        f"/events/{event_id}/swap", data={**fields, "swap-first": first, "swap-second": second}
    )
    assert answer.status_code == 303
    after = event_state(app, event_id)
    assert after.rounds[0].tables[0].seats["1"] == second and after.rounds[0].tables[1].seats["1"] == first
    # The withdrawal: this player, from the next round, with a substitute (T8.1).
    mine = client.get(f"/events/{event_id}/players/{first}").get_data(as_text=True)
    fields = form_tokens(mine, f"/events/{event_id}/withdraw")
    assert f'name="player" value="{first}"' in mine
    answer = client.post(
        f"/events/{event_id}/withdraw", data={**fields, "player": first, "substitute": "Jolanda"}
    )
    assert answer.status_code == 303
    (substitute,) = event_state(app, event_id).substitutes  # T8.1: he plays for him from round 2
    assert (substitute.name, substitute.substitutes_for, substitute.from_round) == ("Jolanda", first, 2)
    # Another browser reads the player's page, without the director's forms.
    other = app.test_client()
    shown = other.get(f"/events/{event_id}/players/{first}").get_data(as_text=True)
    assert "/withdraw" not in shown and "/swap" not in shown


@pytest.mark.slow
def test_a_player_whose_table_has_started_is_not_offered_a_swap(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A swap moves two players before their tables' first game: once his table has entered one,
    his page offers none (nor its select of the whole field); a player of a table not started
    keeps it."""
    monkeypatch.setattr(views, "SELECT_MOST", 4)
    event_id = new_event(client, passen="3", games_per_passe="1")
    register(client, event_id, NAMES[:8])
    draw(client, event_id)
    state = event_state(app, event_id)
    started, waiting = state.rounds[0].tables
    play_passe(client, started.match_id, [100])
    playing = client.get(f"/events/{event_id}/players/{started.seats['1']}").get_data(as_text=True)
    assert f"/events/{event_id}/swap" not in playing and "<select" not in playing
    idle = client.get(f"/events/{event_id}/players/{waiting.seats['1']}").get_data(as_text=True)
    assert f"/events/{event_id}/swap" in idle
