"""A substitute in the results (T8.1, T8.2): the Standblatt's CSV, XLSX and PDF say, on the round
he played in a player's seat, who played and what that Passe scored for the team, and that it does
not count for the replaced player (the default ``substitute_scores: "none"``), or that it does
(``original``). So a reader sees why a line shows 0 beside a partner's score."""

from __future__ import annotations

import csv
import io

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.events import draw, event_state, new_event, play_passe, post_form, register
from tests.helpers.pdf import page_texts


def evening(app: Flask, client: FlaskClient, substitute_scores: str) -> tuple[int, str, int]:
    """Four players, two Passen of one game; Chris (P3) leaves after round 1 and Ersatz plays his
    seat in round 2, where team 1 makes 100: the replaced player's id and his team's score then."""
    event_id = new_event(client, passen=2, games_per_passe=1, substitute_scores=substitute_scores)
    register(client, event_id, ["Anna", "Beat", "Chris", "Dora"])
    draw(client, event_id)
    play_passe(client, event_state(app, event_id).rounds[0].tables[0].match_id, [98])
    chris = next(p.id for p in event_state(app, event_id).registered if p.name == "Chris")
    assert (
        post_form(client, event_id, "withdraw", {"player": chris, "substitute": "Ersatz"}).status_code == 303
    )
    draw(client, event_id)
    state = event_state(app, event_id)
    (table,) = state.rounds[1].tables
    play_passe(client, table.match_id, [100])
    seat = next(seat for seat, player in table.seats.items() if state.name(player) == "Ersatz")
    return event_id, chris, 100 if seat in ("1", "3") else 57


def standblatt(client: FlaskClient, event_id: int) -> list[list[str]]:
    response = client.get(f"/events/{event_id}/export/standblatt.csv")
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.get_data().decode("utf-8-sig"))))


@pytest.mark.parametrize(
    ("option", "counted"), [("none", "not counted for him"), ("original", "counted for him")]
)
def test_the_standblatt_names_the_substitute_and_what_his_passe_scored(
    app: Flask, client: FlaskClient, option: str, counted: str
) -> None:
    event_id, chris, team = evening(app, client, option)
    rows = standblatt(client, event_id)
    header = rows[0]
    line = next(row for row in rows[1:] if row[0] == chris and row[header.index("Round")] == "2")
    assert line[header.index("Score")] == ("0" if option == "none" else str(team))
    assert line[header.index("Note")] == f"Ersatz played in his seat: {team} for the team, {counted} (T8.2)"
    first = next(row for row in rows[1:] if row[0] == chris and row[header.index("Round")] == "1")
    assert "Ersatz" not in first[header.index("Note")]
    printed = client.get(f"/events/{event_id}/print/standblatt.pdf?lang=en")
    assert printed.status_code == 200
    text = " ".join(page_texts(printed.data))
    assert f"Round 2: Ersatz played in his seat: {team} for the team, {counted} (T8.2)" in text
