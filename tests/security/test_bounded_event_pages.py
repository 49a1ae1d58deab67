"""An event's long lists a page at a time: the event page and the results page draw one page of
the players and of the ranking (``?page=N``, plain links), whatever the field's size; a page
number that is not one answers 400 naming the field; a held-back ranking stays held on every page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.events import paging
from tests.helpers.events import new_event, post_form, register

#: Events of the largest sizes the bounds allow: run with the whole suite (make test).
pytestmark = pytest.mark.slow

ROWS = paging.ROWS
FIELD = 2 * ROWS + ROWS // 2  # three pages, the last half full


@pytest.fixture
def app_config() -> dict[str, Any]:
    return {"IMPORT_LIMIT": 10**6, "WRITE_LIMIT": 10**6}


@pytest.fixture
def event_id(client: FlaskClient) -> int:
    made = new_event(client)
    register(client, made, [f"Spieler {n:03d}" for n in range(FIELD)])
    return made


def ranked(page: str) -> list[str]:
    table = page[
        page.index('<table class="ranking-table">') : page.index("</table>", page.index("ranking-table"))
    ]
    return re.findall(r'<td><a href="[^"]*">(Spieler \d+)</a></td>', table)


def listed(page: str) -> list[str]:
    players = page[page.index('<ol class="players"') : page.index("</ol>", page.index('<ol class="players"'))]
    return re.findall(r">(Spieler \d+)</a>", players)


def test_the_event_page_of_a_large_field_links_its_ranking(
    client: FlaskClient, spectator: FlaskClient, event_id: int
) -> None:
    # More competitors than a page: the ranking is on its own pages, and the event's page (every
    # reader's first request after a change) does not ask the engine for it.
    for reader in (client, spectator):
        page = reader.get(f"/events/{event_id}").get_data(as_text=True)
        assert 'class="ranking-table"' not in page
        assert f'href="/events/{event_id}/ranking"' in page and f'href="/events/{event_id}/results"' in page


def test_the_ranking_shows_a_page_of_rows_and_the_next_pages_the_rest(
    client: FlaskClient, spectator: FlaskClient, event_id: int
) -> None:
    url = f"/events/{event_id}/results"
    for reader in (client, spectator):  # the director and the public alike
        first = reader.get(url).get_data(as_text=True)
        pages = [first] + [reader.get(f"{url}?page={n}").get_data(as_text=True) for n in (2, 3)]
        rows = [ranked(page) for page in pages]
        assert [len(r) for r in rows] == [ROWS, ROWS, FIELD - 2 * ROWS]
        assert sorted(sum(rows, [])) == [f"Spieler {n:03d}" for n in range(FIELD)]
        assert f'href="{url}?page=2" rel="next"' in first and f'href="{url}?page=3"' in first
        assert f'href="{url}?page=2" rel="prev"' in pages[2] and 'aria-current="page">3<' in pages[2]
        assert ranked(reader.get(f"{url}?page=1").get_data(as_text=True)) == rows[0]


def test_the_event_page_lists_a_page_of_players(client: FlaskClient, event_id: int) -> None:
    first = client.get(f"/events/{event_id}").get_data(as_text=True)
    third = client.get(f"/events/{event_id}?page=3").get_data(as_text=True)
    assert listed(first) == [f"Spieler {n:03d}" for n in range(ROWS)]
    assert listed(third) == [f"Spieler {n:03d}" for n in range(2 * ROWS, FIELD)]
    assert f'<ol class="players" start="{2 * ROWS + 1}">' in third
    # A field larger than a select lists: each player is withdrawn from his own page, which
    # the event's pages say, and which any player of the field has.
    assert "<option " not in third and "on his own page" in first and "on his own page" in third
    last = client.get(f"/events/{event_id}/players/P{FIELD}").get_data(as_text=True)
    assert f'action="/events/{event_id}/withdraw"' in last and f'name="player" value="P{FIELD}"' in last


def test_a_page_that_is_not_one_answers_400_naming_the_field(
    spectator: FlaskClient, event_id: int, subtests: pytest.Subtests
) -> None:
    # One event of three pages for every case (its field costs a second to register).
    for path in ("results", ""):
        for page in ("0", "4", "x", "-1", "1.5", "", "9" * 30):
            with subtests.test(path=path, page=page):
                response = spectator.get(f"/events/{event_id}/{path}".rstrip("/") + f"?page={page}")
                assert response.status_code == 400
                assert "<code>page</code>: 1 … 3" in response.get_data(as_text=True)


def test_a_held_back_ranking_is_held_on_every_page(
    client: FlaskClient, spectator: FlaskClient, event_id: int
) -> None:
    assert post_form(client, event_id, "freeze", {"frozen": "y"}).status_code == 303
    for n in (1, 2, 3):
        page = spectator.get(f"/events/{event_id}/results?page={n}").get_data(as_text=True)
        assert "The standings are held back" in page
        assert len(ranked(page)) == (ROWS if n < 3 else FIELD - 2 * ROWS)


def test_a_small_field_has_no_pages(client: FlaskClient, app: Flask) -> None:
    made = new_event(client)
    register(client, made, [f"Spieler {n:03d}" for n in range(8)])
    page = client.get(f"/events/{made}/results").get_data(as_text=True)
    assert len(ranked(page)) == 8 and 'class="pages"' not in page


def test_the_tables_drawn_are_shown_a_page_at_a_time(client: FlaskClient) -> None:
    """A draw of 4 × ROWS + 8 players seats ROWS + 2 tables: a page of them, the rest on the next."""
    event_id = new_event(client)
    register(client, event_id, [f"Spieler {n:03d}" for n in range(4 * ROWS + 8)])
    assert post_form(client, event_id, "draw", {"confirmed": "y"}).status_code == 303
    first = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert first.count('<tr class="table-row">') == ROWS
    last = client.get(f"/events/{event_id}?tables=2&page=3").get_data(as_text=True)
    assert last.count('<tr class="table-row">') == 2
    # The players' page stays where it was on the tables' links, and the tables' page on the players'.
    assert (
        f"/events/{event_id}?tables=1&amp;page=3" in last or f"/events/{event_id}?page=3&amp;tables=1" in last
    )
    assert (
        f"/events/{event_id}?tables=2&amp;page=1" in last or f"/events/{event_id}?page=1&amp;tables=2" in last
    )
    refused = client.get(f"/events/{event_id}?tables=3")
    assert refused.status_code == 400 and "<code>tables</code>: 1 … 2" in refused.get_data(as_text=True)


def test_a_large_fields_seating_check_is_on_its_results_page(client: FlaskClient, event_id: int) -> None:
    # T5.3's count of repeated partners and opponents, which the event's page of a field larger
    # than a page no longer shows.
    assert post_form(client, event_id, "draw", {"confirmed": "y"}).status_code == 303
    assert "Seating check (T5.3)" not in client.get(f"/events/{event_id}").get_data(as_text=True)
    results = client.get(f"/events/{event_id}/results").get_data(as_text=True)
    assert "Seating check (T5.3): 0 repeated partners, 0 repeated opponents." in results
