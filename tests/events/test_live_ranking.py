"""The live ranking a server keeps and extends (``scorer.events.snapshot.live``) answers as the
ranking derived from the whole log does, after every kind of entry: a saved game, both teams'
confirmations (T6.2), a corrected game that asks them again, a claim and the office's ruling
(T6.3, T6.4), a withdrawal with a substitute and the next round's draw (T8.1)."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.events import confirm, snapshot, views
from scorer.events import state as event_log
from scorer.store import db
from scorer.store.models import Event
from tests.helpers import events as office
from tests.helpers.events import (
    claim,
    draw,
    event_state,
    new_event,
    play_passe,
    post_form,
    ranking_of,
    register,
    slots,
    table_url,
    token,
)
from tests.helpers.tablet import english, post_deal


def kept_and_scratch(app: Flask, event_id: int) -> tuple[snapshot.Live, dict[str, Any], dict[str, Any]]:
    """The server's kept ``Live`` extended to the log as stored, its ranking, and the ranking of
    the whole log derived anew (``views.ranking`` as the printouts and exports ask it)."""
    with app.test_request_context():
        event, rows = snapshot.event_and_log(event_id)
        made = snapshot.live(event, rows)
        stored = db.session().get(Event, event_id)
        assert stored is not None
        scratch_state = event_log.derive(stored.entries)
        assert made.state == scratch_state
        assert made.marks == confirm.marks(stored.entries)
        kept = views.ranking(event, made.state, None, rows, made)
        scratch = views.ranking(stored, scratch_state)
    return made, kept, scratch


def confirm_game(
    client: FlaskClient, event_id: int, match_id: int, slot: str, version: str, team: int
) -> int:
    """A team confirms a game (T6.2), under a key of its own (slots repeat from table to table)."""
    return int(
        office.confirm_game(client, event_id, match_id, slot, version, team, uuid.uuid4().hex).status_code
    )


@pytest.mark.slow
def test_the_kept_ranking_equals_the_ranking_from_the_whole_log_after_every_entry(
    client: FlaskClient, app: Flask
) -> None:
    event_id = new_event(client, confirm="per_game", games_per_passe=2, passen=2)
    register(client, event_id, [f"Spieler {n}" for n in range(1, 10)])  # 9: one sits out (T5.2)
    draw(client, event_id)
    tables = [t.match_id for t in event_state(app, event_id).rounds[0].tables]
    first, second = tables
    steps = 0

    def same() -> snapshot.Live:
        nonlocal steps
        made, kept, scratch = kept_and_scratch(app, event_id)
        assert kept == scratch
        steps += 1
        return made

    same()
    play_passe(client, first, [98, 45])
    play_passe(client, second, [121])
    before = same()
    waiting = slots(client.get(table_url(event_id, first)).get_data(as_text=True))
    for slot, version in waiting:
        for team in (1, 2):
            assert confirm_game(client, event_id, first, slot, version, team) == 303
    after = same()
    # Only marks were added: the kept state was extended, not derived again.
    assert after.state.players is before.state.players and after.seq > before.seq
    # Table 1 confirmed by both teams: its Passe counts, 98 + 45 for team 1 (T3.6, T6.2).
    assert "143" in [row[2] for row in ranking_of(client, event_id)]

    # A corrected game asks both teams again (T6.2): the Passe is open until they confirm it.
    page = client.get(f"/matches/{first}").get_data(as_text=True)
    slot = re.findall(r"/deals/(\d+)/correct", page)[0]
    url = f"/matches/{first}/deals/{slot}/correct"
    fields = {"forehand": 1, "contract": "H", "team": 1, "points": 100}
    assert post_deal(client, first, fields, url=url).status_code == 303
    same()
    assert "143" not in [row[2] for row in ranking_of(client, event_id)]
    for slot, version in slots(client.get(table_url(event_id, first)).get_data(as_text=True)):
        for team in (1, 2):
            confirm_game(client, event_id, first, slot, version, team)
    same()
    assert "145" in [row[2] for row in ranking_of(client, event_id)]  # 100 + 45

    # Table 2: team 2 claims its own figure, the office rules (T6.3, T6.4).
    play_passe(client, second, [67])
    waiting = slots(client.get(table_url(event_id, second)).get_data(as_text=True))
    for slot, version in waiting:
        confirm_game(client, event_id, second, slot, version, 1)
    disputed = waiting[-1][0]
    assert claim(client, event_id, second, disputed, 2, 100).status_code == 303
    same()
    office = client.get(f"/events/{event_id}/office").get_data(as_text=True)
    data = {
        "csrf_token": token(office),
        "match_id": str(second),
        "slot": disputed,
        "team": "1",
        "value": "57",
        "reason": "Recounted with both teams",
        "idem": "ruling",
    }
    assert client.post(f"/events/{event_id}/office/rule", data=data).status_code == 303
    for slot, version in waiting[:-1]:
        confirm_game(client, event_id, second, slot, version, 2)
    same()
    # The ruling replaces the figure (T6.4): team 1 121 + 57 = 178.
    assert "178" in [row[2] for row in ranking_of(client, event_id)]

    # A withdrawal with a substitute and round 2 change the state itself (T8.1).
    response = post_form(client, event_id, "withdraw", {"player": "P1", "substitute": "Ersatz"})
    assert response.status_code == 303
    draw(client, event_id)
    made = same()
    assert len(made.state.rounds) == 2 and made.state.replaced("P1") is not None
    play_passe(client, made.state.rounds[1].tables[0].match_id, [88])
    same()
    assert steps == 9


@pytest.mark.slow  # starts the process that computes the stored ranking (imports the app)
def test_the_stored_ranking_is_computed_again_by_a_process_of_its_own(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reader who claims a stale stored ranking gets it at once; the ranking is computed
    again beside the server, not in its worker, and the next readers get the new one."""
    import time

    from scorer.store.models import EventRanking

    event_id, (match_id,) = office.evening(client, app, "none", games=1)
    app.config["EVENT_RANKING_MAX_AGE"] = 3600.0
    app.config["EVENT_RANKING_PROCESS"] = True
    spectator = english(app, "192.0.2.23")
    first = ranking_of(spectator, event_id)  # nothing stored yet: computed by this reader, stored
    assert all(row[-1] == "0" for row in first)
    play_passe(client, match_id, [98])

    def stored_at() -> float:
        with app.app_context():
            row = db.session().get(EventRanking, event_id)
            assert row is not None
            return row.computed

    with app.app_context():
        row = db.session().get(EventRanking, event_id)
        assert row is not None
        row.computed = row.claimed = 0.0  # long ago
        db.session().commit()

    def not_here(_event_id: int) -> Any:
        raise AssertionError("the stored ranking was computed in the web server's process")

    # Whatever this process would compute fails: only another process can store the new answer.
    monkeypatch.setattr(views, "live_ranking", not_here)
    assert ranking_of(spectator, event_id) == first  # the claiming reader: the stored one, at once
    deadline = time.monotonic() + 60  # the process imports the app first
    while stored_at() == 0.0 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert stored_at() > 0.0, "no process stored the ranking again"
    # Team 1 made 98, team 2 59 (T3.4); each player of a team ranks with its points.
    assert sorted(row[-1] for row in ranking_of(spectator, event_id)) == ["59", "59", "98", "98"]


@pytest.mark.slow
def test_readers_who_find_no_stored_ranking_compute_it_once(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A projector and phones opening an event's ranking before any answer is stored: one of
    them computes it, the others are served the answer it stored, all the same ranking."""
    import threading
    import time

    event_id, (match_id,) = office.evening(client, app, "none", games=1)
    play_passe(client, match_id, [98])
    app.config["EVENT_RANKING_MAX_AGE"] = 3600.0
    app.config["EVENT_RANKING_PROCESS"] = False
    computed: list[int] = []
    live_ranking = views.live_ranking

    def counted(event: int) -> Any:
        computed.append(event)
        time.sleep(0.2)  # long enough for the other readers to arrive meanwhile
        return live_ranking(event)

    monkeypatch.setattr(views, "live_ranking", counted)
    shown: list[list[list[str]]] = []

    def reader(number: int) -> None:
        shown.append(ranking_of(english(app, f"192.0.2.{40 + number}"), event_id))

    readers = [threading.Thread(target=reader, args=(number,)) for number in range(4)]
    for thread in readers:
        thread.start()
    for thread in readers:
        thread.join()
    assert computed == [event_id]
    assert len(shown) == 4 and all(each == shown[0] for each in shown)
    assert sorted(row[-1] for row in shown[0]) == ["59", "59", "98", "98"]  # T3.4
