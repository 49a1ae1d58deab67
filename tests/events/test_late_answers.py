"""A large event's readers are never made to wait for the engine (``snapshot.answered_late``).

A thousand players' field played through twelve rounds takes the engine some 70 ms to rank, thirty
ordinary saves; every game entered would make the next reader of every page pay it. So such an
event's pages show the last ranking this server worked out, with its time, while the next is
worked out once their answer is sent; its printouts and exports ask again in a moment rather
than print an older ranking. Here the threshold is lowered to a table of four
(``EVENT_ANSWER_LATE_FROM``), and the tests read what a reader is shown at each step.
"""

from __future__ import annotations

import csv
import io
import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.events import snapshot, views
from tests.helpers.events import draw, event_state, new_event, play_passe, post_form, register
from tests.helpers.tablet import english, post_deal


@pytest.fixture
def late(app: Flask) -> Iterator[Flask]:
    app.config["EVENT_ANSWER_LATE_FROM"] = 4
    yield app
    snapshot.settle()  # nothing left to work out once the test's database is gone


def evening(client: FlaskClient, app: Flask, passen: int = 2) -> tuple[int, list[int]]:
    """Four players, one game a Passe, round 1 drawn: the event and its table's match."""
    event_id = new_event(client, passen=str(passen), games_per_passe="1")
    register(client, event_id, list("ABCD"))
    draw(client, event_id)
    return event_id, [t.match_id for t in event_state(app, event_id).rounds[0].tables]


def totals(page: str) -> set[str]:
    """The figures in the ranking's last column (each player's total, ``rows.ranking_rows``)."""
    return set(re.findall(r'<td class="num"><strong>(\d+)</strong></td>\s*</tr>', page))


def read(client: FlaskClient, path: str) -> Any:
    response = client.get(path)
    response.close()  # as a server does once the answer is sent: the computation starts
    return response


def test_the_reader_is_shown_the_last_ranking_and_then_the_new_one(client: FlaskClient, late: Flask) -> None:
    event_id, (match_id,) = evening(client, late)
    play_passe(client, match_id, [100])  # T3.4: 100 and 57
    read(client, f"/events/{event_id}/ranking")  # the first reader since: its ranking is worked out
    snapshot.settle()
    shown = read(client, f"/events/{event_id}/ranking").get_data(as_text=True)
    assert {"100", "57"} <= totals(shown)
    # A correction: the next reader is shown the ranking as it was, told its time, at once.
    corrected = post_deal(
        client,
        match_id,
        {"forehand": 1, "contract": "H", "team": 1, "points": 40},
        url=f"/matches/{match_id}/deals/1/correct",
    )
    assert corrected.status_code == 303
    before = read(client, f"/events/{event_id}/ranking").get_data(as_text=True)
    assert "Ranking as of" in before and "the newest results are being added" in before
    assert {"100", "57"} <= totals(before) and "117" not in totals(before)
    snapshot.settle()
    after = read(client, f"/events/{event_id}/ranking").get_data(as_text=True)
    assert "Ranking as of" not in after
    assert {"40", "117"} <= totals(after)  # 157 - 40 (T3.4)


def test_before_the_first_ranking_the_page_says_it_is_being_worked_out(
    client: FlaskClient, late: Flask
) -> None:
    event_id, _tables = evening(client, late)
    with late.app_context():
        snapshot.forget_answers()  # a server started after the draw
    first = read(client, f"/events/{event_id}/ranking").get_data(as_text=True)
    assert "The ranking is being worked out" in first and "<table" not in first
    snapshot.settle()
    again = read(client, f"/events/{event_id}/ranking").get_data(as_text=True)
    assert "being worked out" not in again and "Ranking as of" not in again


def test_no_request_asks_the_engine(
    client: FlaskClient, late: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every ranking of a large event is worked out in the server's own thread for it, none in a
    reader's request: the results, the ranking, a player's page, the printouts, the exports."""
    event_id, (match_id,) = evening(client, late)
    asked: list[str] = []
    ranking = views.ranking

    def counted(*args: Any, **kwargs: Any) -> Any:
        asked.append(threading.current_thread().name)
        return ranking(*args, **kwargs)

    monkeypatch.setattr(views, "ranking", counted)
    play_passe(client, match_id, [100])
    reader = english(late, "192.0.2.61")
    for who in (client, reader):
        for path in (
            "",
            "/ranking",
            "/results",
            "/players/P1",
            "/prizes",
            "/seating",
            "/print/ranking.pdf",
            "/print/prizes.pdf",
            "/print/standblatt.pdf",
            "/export/ranking.csv",
            "/export/standblatt.xlsx",
        ):
            assert read(who, f"/events/{event_id}{path}").status_code in (200, 202), path
    snapshot.settle()
    assert asked, "the ranking was never worked out"
    assert all(name.startswith("tafel-ranking") for name in asked), asked


def test_a_printout_waits_for_the_newest_results(client: FlaskClient, late: Flask) -> None:
    """A printout or an export is made from the ranking as it stands: asked before it is worked
    out, it answers 202 with a page that asks again in a moment, never an older ranking's file."""
    event_id, (match_id,) = evening(client, late)
    play_passe(client, match_id, [100])
    for path in ("/print/ranking.pdf", "/export/ranking.csv", "/export/ranking.xlsx"):
        with late.app_context():
            snapshot.forget_answers()  # each asked before anything is worked out
        waiting = read(client, f"/events/{event_id}{path}")
        assert waiting.status_code == 202, path
        assert waiting.headers["Refresh"] == "1" and waiting.headers["Retry-After"] == "1"
        assert waiting.mimetype == "text/html"
        shown = waiting.get_data(as_text=True)
        assert "This file follows in a moment" in shown
        assert f'href="/events/{event_id}"' in shown  # and the way back to the event
    snapshot.settle()
    read(client, f"/events/{event_id}/export/ranking.csv")
    snapshot.settle()
    answer = read(client, f"/events/{event_id}/export/ranking.csv")
    assert answer.status_code == 200
    rows = list(csv.reader(io.StringIO(answer.get_data(as_text=True).lstrip("\ufeff"))))
    total = rows[0].index("Total")
    assert sorted(row[total] for row in rows[1:]) == ["100", "100", "57", "57"]  # T3.4
    assert read(client, f"/events/{event_id}/print/ranking.pdf").mimetype == "application/pdf"


def test_a_late_page_follows_the_room_until_it_is_up_to_date(client: FlaskClient, late: Flask) -> None:
    """A player's page that shows an older ranking carries its version marked ("~"): its script
    asks for the page again until the new ranking is worked out (static/tafel.js)."""
    event_id, (match_id,) = evening(client, late)
    play_passe(client, match_id, [100])
    page = read(client, f"/events/{event_id}/players/P1").get_data(as_text=True)
    version = re.search(r'<main[^>]*data-version="([^"]*)"', page)
    assert version and version[1].endswith("~")
    snapshot.settle()
    page = read(client, f"/events/{event_id}/players/P1").get_data(as_text=True)
    version = re.search(r'<main[^>]*data-version="([^"]*)"', page)
    assert version and version[1] and not version[1].endswith("~")
    room = client.get(f"/events/{event_id}/version").get_json()
    assert str(room["version"]) == version[1]


def test_held_back_standings_stay_held_back_when_shown_late(client: FlaskClient, late: Flask) -> None:
    """The public's last ranking is the held one, the director's the live one: a late answer is
    kept per view, never one for the other."""
    event_id, (match_id,) = evening(client, late)
    play_passe(client, match_id, [100])
    assert post_form(client, event_id, "freeze", {"frozen": "y"}).status_code == 303
    draw(client, event_id)
    play_passe(client, event_state(late, event_id).rounds[1].tables[0].match_id, [90])
    reader = english(late, "192.0.2.62")
    for _ in range(2):  # first as pending or late, then as worked out
        for who in (client, reader):
            read(who, f"/events/{event_id}/results")
        snapshot.settle()
    public = read(reader, f"/events/{event_id}/results").get_data(as_text=True)
    assert "held back" in public and "190" not in totals(public) and "100" in totals(public)
    director = read(client, f"/events/{event_id}/ranking").get_data(as_text=True)
    assert "190" in totals(director)


def test_a_series_adds_up_the_ranking_as_it_stands(client: FlaskClient, late: Flask) -> None:
    """A series' standing never counts a late ranking: it asks the engine (``answered_now``)."""
    event_id, (match_id,) = evening(client, late)
    play_passe(client, match_id, [100])
    with late.test_request_context():
        with snapshot.answered_now():
            _event, _state, answer, _held = views.shown_now(event_id)
        assert not snapshot.shown_late(answer)
        assert sorted(entry["total"] for entry in answer["ranking"]) == [57, 57, 100, 100]
        _event, _state, answer, _held = views.shown_now(event_id)
        assert snapshot.shown_late(answer) or answer["ranking"]
