"""The room follows the evening: the projector's page, and a completed Passe in the stored ranking
without waiting for a reader to find it stale (``scorer.events.snapshot.refresh_soon``)."""

from __future__ import annotations

import re
import time

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.events import snapshot
from scorer.events.views import ranking_follow_up
from scorer.store import db
from scorer.store.models import EventRanking
from tests.helpers.events import (
    claim_table,
    confirm_game,
    evening,
    play_passe,
    ranking_of,
    slots,
    table_link,
    table_url,
)
from tests.helpers.tablet import english, post_deal

#: They wait for real seconds (the claim's window, the follow-up): run with the whole suite.
pytestmark = pytest.mark.slow


def stored(app: Flask, event_id: int) -> EventRanking:
    with app.app_context():
        row = db.session().get(EventRanking, event_id)
        assert row is not None
        db.session().expunge(row)
        return row


def test_the_projector_page_has_no_navigation_and_its_own_stored_copy(
    app: Flask, client: FlaskClient
) -> None:
    event_id, (match_id,) = evening(client, app, "none", games=1)
    play_passe(client, match_id, [98])
    app.config["EVENT_RANKING_MAX_AGE"] = 3600.0
    app.config["EVENT_RANKING_PROCESS"] = False
    spectator = english(app, "192.0.2.60")
    ranking_of(spectator, event_id)  # computed and stored
    plain = spectator.get(f"/events/{event_id}/ranking").get_data(as_text=True)
    projector = spectator.get(f"/events/{event_id}/ranking?screen=projector").get_data(as_text=True)
    assert re.search(r'<body class="projector">', plain)
    assert f'href="/events/{event_id}/ranking?screen=projector"' in plain
    assert re.search(r'<body class="projector projector-screen">', projector)
    # The projector turns its pages itself: no link to itself, the page counter's place.
    assert "projector-link" not in projector and 'class="projector-page"' in projector
    # Both from the stored answer, each its own page (the plain one again: not the projector's).
    assert '<body class="projector">' in spectator.get(f"/events/{event_id}/ranking").get_data(as_text=True)
    # The rows the projector pages through are the ranking's, and it polls the ranking's part.
    assert projector.count("<tr") == plain.count("<tr") > 4
    # The projector asks twice as often as a phone: one screen, and the room watches it.
    assert 'data-poll-ms="1500"' in projector and 'data-poll-ms="3000"' in plain


def team_link(page: str, event_id: int, match_id: int, team: int) -> str:
    found = re.search(
        rf"http://[^\s<\"]+(/events/{event_id}/tables/{match_id}/team/{team}/[A-Za-z0-9_-]+)", page
    )
    assert found, "the table's page shows its team links to the table's device"
    return found.group(1)


def totals(row: EventRanking) -> list[int]:
    return sorted(int(entry["total"]) for entry in row.answer["ranking"])


def test_the_last_confirmation_of_a_passe_has_the_stored_ranking_computed_again_at_once(
    app: Flask, client: FlaskClient
) -> None:
    app.config["EVENT_RANKING_PROCESS"] = False  # computed in this process, once the answer is sent
    app.config["EVENT_RANKING_MAX_AGE"] = 3600.0
    event_id, (match_id,) = evening(client, app, "per_game", games=1)
    tablet = english(app, "192.0.2.61")
    claim_table(tablet, table_link(client, event_id, match_id))
    play_passe(tablet, match_id, [98])
    page = tablet.get(table_url(event_id, match_id)).get_data(as_text=True)
    phone = english(app, "192.0.2.62")
    assert phone.get(team_link(page, event_id, match_id, 2)).status_code in (200, 302, 303)
    ranking_of(english(app, "192.0.2.63"), event_id)  # stored: the Passe is not confirmed yet (T7.5)
    assert totals(stored(app, event_id)) == [0, 0, 0, 0]
    ((slot, version),) = slots(page)
    first = confirm_game(tablet, event_id, match_id, slot, version, 1)
    first.close()
    # Claimed a moment ago (the reader, the game's entry): the claim's computation is left to it.
    assert totals(stored(app, event_id)) == [0, 0, 0, 0]
    time.sleep(snapshot.CLAIM_WINDOW + 0.05)
    last = confirm_game(phone, event_id, match_id, slot, version, 2)
    assert last.status_code == 303
    last.close()  # the answer sent: the stored ranking is computed again, no reader asked for it
    assert totals(stored(app, event_id)) == [59, 59, 98, 98]


def test_the_directors_confirmation_never_stores_what_the_director_sees(
    app: Flask, client: FlaskClient
) -> None:
    """The director sees the standings live, also while the public's are held back: a computation
    in the director's request would store those for the public."""
    app.config["EVENT_RANKING_PROCESS"] = False
    app.config["EVENT_RANKING_MAX_AGE"] = 3600.0
    event_id, (match_id,) = evening(client, app, "per_game", games=1)
    play_passe(client, match_id, [98])
    ranking_of(english(app, "192.0.2.64"), event_id)
    app.config["EVENT_RANKING_MAX_AGE"] = 0.01
    time.sleep(0.05)
    ((slot, version),) = slots(client.get(table_url(event_id, match_id)).get_data(as_text=True))
    for team in (1, 2):
        confirm_game(client, event_id, match_id, slot, version, team).close()
    assert totals(stored(app, event_id)) == [0, 0, 0, 0]


def test_an_open_passe_moves_the_room_game_by_game_in_a_column_apart(app: Flask, client: FlaskClient) -> None:
    """T7.5 counts a Passe once complete; its games so far (T6.5) show in a column of their own."""
    app.config["EVENT_RANKING_MAX_AGE"] = 0.0  # every reader live
    event_id, (match_id,) = evening(client, app, "none", games=2)
    spectator = english(app, "192.0.2.65")
    page = spectator.get(f"/events/{event_id}/ranking").get_data(as_text=True)
    assert "Open Passe" not in page  # nothing entered: no figure so far
    play_passe(client, match_id, [98])
    page = spectator.get(f"/events/{event_id}/ranking").get_data(as_text=True)
    assert "Open Passe" in page
    # Rank, name, the one Passe (null: open), the open Passe's figure, the total (nothing counted).
    assert sorted((row[2], row[3], row[4]) for row in ranking_of(spectator, event_id)) == [
        ("·", "59", "0"),
        ("·", "59", "0"),
        ("·", "98", "0"),
        ("·", "98", "0"),
    ]
    play_passe(client, match_id, [45])  # the Passe complete: counted, the column gone
    assert "Open Passe" not in spectator.get(f"/events/{event_id}/ranking").get_data(as_text=True)
    assert sorted(row[-1] for row in ranking_of(spectator, event_id)) == ["143", "143", "171", "171"]


def test_a_persian_ranking_has_persian_digits_and_no_dot_that_reads_as_zero(
    app: Flask, client: FlaskClient
) -> None:
    """In Persian the digit zero (۰) is a dot: a round without a score is a dash there."""
    app.config["EVENT_RANKING_MAX_AGE"] = 0.0
    event_id, _matches = evening(client, app, "none", games=1)
    reader = english(app, "192.0.2.66")
    reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fa"
    page = reader.get(f"/events/{event_id}/ranking").get_data(as_text=True)
    table = page[page.index('class="ranking-table"') :]
    assert '<th class="num">۱</th>' in table  # the round's header
    cells = re.findall(r'<td class="num">([^<]*)</td>', table)
    assert "\u2014" in cells and "·" not in cells
    assert re.search(r'<td class="num">۱\.<small>=</small></td>', table)  # every rank shared: 1.=
    english_page = english(app, "192.0.2.67").get(f"/events/{event_id}/ranking").get_data(as_text=True)
    assert "·" in re.findall(r'<td class="num">([^<]*)</td>', english_page)


def test_the_event_office_and_player_pages_follow_the_room(app: Flask, client: FlaskClient) -> None:
    """The director's event page, the office and a player's page ask the event's version and swap
    themselves in when it moved: a game entered at a table, a team's confirmation, a draw."""
    event_id, (match_id,) = evening(client, app, "per_game", games=2)
    url = f"/events/{event_id}/version"
    pages = [f"/events/{event_id}", f"/events/{event_id}/office", f"/events/{event_id}/players/P1"]
    first = client.get(url)
    assert first.status_code == 200
    drawn = first.get_json()["version"]
    for path in pages:
        found = re.search(
            r'<main data-live="([^"]+)" data-live-ms="\d+" data-version="([^"]*)"',
            client.get(path).get_data(as_text=True),
        )
        assert found and found.groups() == (url, drawn), path
    assert client.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    play_passe(client, match_id, [98])  # an entry of the table's log, none of the event's
    entered = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert entered.status_code == 200 and entered.get_json()["version"] != drawn
    ((slot, version),) = slots(client.get(table_url(event_id, match_id)).get_data(as_text=True))
    confirm_game(client, event_id, match_id, slot, version, 1).close()  # a mark in the event's log
    confirmed = client.get(url).get_json()["version"]
    assert confirmed not in (drawn, entered.get_json()["version"])
    assert f'data-version="{confirmed}"' in client.get(pages[0]).get_data(as_text=True)
    # The same answer for every reader (a proxy keeps it a moment); no such event: 404.
    assert english(app, "192.0.2.68").get(url).get_json() == {"version": confirmed}
    assert client.get(f"/events/{event_id + 99}/version").status_code == 404


def table_and_reader(
    app: Flask, client: FlaskClient, tablet_address: str, reader_address: str
) -> tuple[int, int, FlaskClient, FlaskClient]:
    """An evening of one table computing its stored ranking in process and keeping it an hour
    young: its event and match, the table's tablet, and a reader who has stored the ranking."""
    app.config["EVENT_RANKING_PROCESS"] = False
    app.config["EVENT_RANKING_MAX_AGE"] = 3600.0
    event_id, (match_id,) = evening(client, app, "per_game", games=2)
    tablet = english(app, tablet_address)
    claim_table(tablet, table_link(client, event_id, match_id))
    reader = english(app, reader_address)
    ranking_of(reader, event_id)
    return event_id, match_id, tablet, reader


def running(row: EventRanking) -> list[int]:
    return sorted(int(entry["running"]["score"]) for entry in row.answer["ranking"] if "running" in entry)


def test_a_game_entered_at_a_table_has_the_stored_ranking_computed_again_at_once(
    app: Flask, client: FlaskClient
) -> None:
    """The open Passe's running score (T7.5) reaches the room at its next poll, game by game."""
    event_id, match_id, tablet, _reader = table_and_reader(app, client, "192.0.2.64", "192.0.2.65")
    assert running(stored(app, event_id)) == []
    time.sleep(snapshot.CLAIM_WINDOW + 0.05)
    entered = post_deal(tablet, match_id, {"forehand": 1, "contract": "H", "team": 1, "points": 98})
    assert entered.status_code == 303
    entered.close()  # the answer sent: computed again, though the stored answer is an hour young
    assert running(stored(app, event_id)) == [59, 59, 98, 98]


def test_a_reader_after_a_change_finds_the_stored_answer_stale_whatever_its_age(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "At once" must stay within the claim's window on a busy machine too: a wider one.
    monkeypatch.setattr(snapshot, "CLAIM_WINDOW", 3.0)
    event_id, match_id, tablet, reader = table_and_reader(app, client, "192.0.2.66", "192.0.2.67")
    # Entered at once: the stored answer was claimed a moment ago, so the entry leaves it be.
    entered = post_deal(tablet, match_id, {"forehand": 1, "contract": "H", "team": 1, "points": 98})
    entered.close()
    assert running(stored(app, event_id)) == []
    time.sleep(snapshot.CLAIM_WINDOW + 0.05)
    # The next reader is served the stored answer, and its request computes the next one.
    poll = reader.get(f"/events/{event_id}/ranking?part=table")
    assert poll.status_code == 200
    poll.close()
    assert running(stored(app, event_id)) == [59, 59, 98, 98]
    # Unchanged since: the next reader claims nothing and is answered from the stored row.
    computed = stored(app, event_id).computed
    reader.get(f"/events/{event_id}/ranking?part=table").close()
    assert stored(app, event_id).computed == computed


def test_a_change_made_while_the_ranking_was_claimed_is_followed_up_once_the_claim_is_old(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ranking process's follow-up (``snapshot.follow_up``): it waits out the claim's window,
    then computes the stored answer again because a change came after it; with no change since,
    it computes nothing."""
    # "At once" must stay within the claim's window on a busy machine too: a wider one.
    monkeypatch.setattr(snapshot, "CLAIM_WINDOW", 3.0)
    event_id, match_id, tablet, _reader = table_and_reader(app, client, "192.0.2.68", "192.0.2.69")
    entered = post_deal(tablet, match_id, {"forehand": 1, "contract": "H", "team": 1, "points": 98})
    entered.close()  # claimed a moment ago: the entry leaves the computation to a follow-up
    assert running(stored(app, event_id)) == []
    started = time.monotonic()
    with app.test_request_context("/"):
        ranking_follow_up(event_id)
    assert time.monotonic() - started >= snapshot.CLAIM_WINDOW / 2  # it waited for the window
    after = stored(app, event_id)
    assert running(after) == [59, 59, 98, 98]
    with app.test_request_context("/"):
        ranking_follow_up(event_id)  # nothing changed since: nothing computed
    assert stored(app, event_id).computed == after.computed
