"""The director's hand on the draw: two players of the last round change places — two seats, or a
seat and a sit-out — before their tables' first game; the tables' Passen take the new seats and
names, and the event page's seating check counts the repeats anew (T5.3)."""

from __future__ import annotations

import html
import re
from collections import Counter
from datetime import UTC, datetime

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, insert, select, text
from sqlalchemy.exc import OperationalError

from scorer.events import state as event_log
from scorer.events.views import _hold_tables
from scorer.store import db
from scorer.store.db import make_engine
from scorer.store.models import Entry, EventEntry, Match
from tests.helpers.events import draw, event_state, new_event, play_passe, post_form, register
from tests.helpers.tablet import english

NAMES = ["Anna", "Beat", "Chris", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ida"]


def swap(client: FlaskClient, event_id: int, first: str, second: str) -> str:
    response = post_form(client, event_id, "swap", {"swap-first": first, "swap-second": second})
    assert response.status_code == 303
    return html.unescape(client.get(f"/events/{event_id}").get_data(as_text=True))


def swaps(app: Flask, event_id: int) -> int:
    with app.app_context():
        return int(
            db.session().scalar(
                select(func.count())
                .select_from(EventEntry)
                .where(EventEntry.event_id == event_id, EventEntry.kind == "swap")
            )
            or 0
        )


def repeats(state: event_log.EventState) -> tuple[int, int]:
    """T5.3 counted from the rounds' seats: partners (seats 1 and 3, 2 and 4), opponents."""
    partners: Counter[frozenset[str]] = Counter()
    opponents: Counter[frozenset[str]] = Counter()
    for round_ in state.rounds:
        for table in round_.tables:
            s = table.seats
            partners.update([frozenset((s["1"], s["3"])), frozenset((s["2"], s["4"]))])
            opponents.update(frozenset((a, b)) for a in (s["1"], s["3"]) for b in (s["2"], s["4"]))
    return sum(n - 1 for n in partners.values() if n > 1), sum(n - 1 for n in opponents.values() if n > 1)


def seating_check(page: str) -> tuple[int, int]:
    found = re.search(r"Seating check \(T5\.3\): (\d+) repeated partners, (\d+) repeated opponents", page)
    assert found, "the event page shows the seating check"
    return int(found.group(1)), int(found.group(2))


def test_a_seated_player_and_a_sit_out_change_places_and_the_table_follows(
    app: Flask, client: FlaskClient
) -> None:
    event_id = new_event(client, passen=2)
    register(client, event_id, NAMES)
    draw(client, event_id)
    before = event_state(app, event_id).rounds[0]
    (sitter,) = before.sitouts
    table = before.tables[0]
    seated = table.seats["1"]
    page = swap(client, event_id, seated, sitter)
    after = event_state(app, event_id)
    assert after.rounds[0].sitouts == [seated] and after.rounds[0].tables[0].seats["1"] == sitter
    assert f"{after.name(seated)} and {after.name(sitter)} changed places." in page
    with app.app_context():
        match = db.session().get(Match, table.match_id)
        assert match is not None
        assert match.settings["seats"]["1"] == sitter and match.settings["names"][0] == after.name(sitter)
    assert after.name(sitter) in english(app, "192.0.2.80").get(f"/matches/{table.match_id}").get_data(
        as_text=True
    )
    # Swapped back: as drawn.
    swap(client, event_id, seated, sitter)
    assert event_state(app, event_id).rounds[0] == before


def test_a_table_that_entered_a_game_keeps_its_seats(app: Flask, client: FlaskClient) -> None:
    event_id = new_event(client, passen=2)
    register(client, event_id, NAMES[:8])
    draw(client, event_id)
    first, second = event_state(app, event_id).rounds[0].tables
    play_passe(client, first.match_id, [98])
    page = swap(client, event_id, first.seats["1"], second.seats["1"])
    assert f"Table {first.table} has entered a game: its seats stay" in page
    assert swaps(app, event_id) == 0
    page = swap(client, event_id, second.seats["1"], second.seats["1"])
    assert "Choose two different players to swap." in page and swaps(app, event_id) == 0
    stranger = english(app, "192.0.2.81")
    refused = stranger.post(
        f"/events/{event_id}/swap", data={"swap-first": second.seats["1"], "swap-second": second.seats["2"]}
    )
    assert refused.status_code in (400, 403) and swaps(app, event_id) == 0


def test_the_seating_check_counts_the_repeats_a_swap_makes(app: Flask, client: FlaskClient) -> None:
    event_id = new_event(client, passen=2)
    register(client, event_id, NAMES[:8])
    draw(client, event_id)
    draw(client, event_id)
    state = event_state(app, event_id)
    page = html.unescape(client.get(f"/events/{event_id}").get_data(as_text=True))
    assert seating_check(page) == repeats(state)
    # Two partners of round 1 made partners again in round 2: one partner repeat more (T5.3).
    first_round = state.rounds[0].tables[0].seats
    a, b = first_round["1"], first_round["3"]
    table_of_a = next(t for t in state.rounds[1].tables if a in t.seats.values())
    seat_of_a = next(seat for seat, player in table_of_a.seats.items() if player == a)
    partner_seat = {"1": "3", "3": "1", "2": "4", "4": "2"}[seat_of_a]
    if table_of_a.seats[partner_seat] != b:
        page = swap(client, event_id, table_of_a.seats[partner_seat], b)
    after = event_state(app, event_id)
    assert seating_check(page) == repeats(after)
    assert repeats(after)[0] >= 1
    assert all(len(set(t.seats.values())) == 4 for t in after.rounds[1].tables)
    assert sorted(p for t in after.rounds[1].tables for p in t.seats.values()) == sorted(
        p for t in state.rounds[1].tables for p in t.seats.values()
    )


def test_a_game_entered_while_a_swap_holds_its_tables_waits_for_the_swap(
    app: Flask, client: FlaskClient
) -> None:
    """The swap checks that no game was entered and writes in one transaction that a game's
    entry at these tables waits for (PostgreSQL: a row lock its reference waits for; SQLite: the
    one write lock): a game comes before the swap (refused) or after it (new seats), never between."""
    event_id = new_event(client)
    register(client, event_id, NAMES[:4])
    draw(client, event_id)
    (table,) = event_state(app, event_id).rounds[0].tables
    url = app.config["DATABASE_URL"]
    other = make_engine(url)
    try:
        with app.test_request_context("/"):
            _hold_tables([table.match_id])  # the swap's hold, its transaction still open
            with other.connect() as device:
                if other.dialect.name == "postgresql":
                    device.execute(text("SET lock_timeout = '300ms'"))
                else:
                    device.execute(text("PRAGMA busy_timeout = 300"))
                with pytest.raises(OperationalError):
                    device.execute(
                        insert(Entry).values(
                            match_id=table.match_id, seq=1, kind="deal", record={}, created=datetime.now(UTC)
                        )
                    )
                device.rollback()
            db.session().rollback()  # the swap's commit would come here
        with other.connect() as device:  # the hold gone, the game goes in
            device.execute(
                insert(Entry).values(
                    match_id=table.match_id, seq=1, kind="deal", record={}, created=datetime.now(UTC)
                )
            )
            device.rollback()
    finally:
        other.dispose()
