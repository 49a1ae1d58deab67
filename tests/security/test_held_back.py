"""Held back means held back: while the director holds the standings back, every public surface
(the event page, the players' pages, the projector and the part it polls, the results page,
the PDFs, CSV and XLSX) shows the standings as they stood then, to a reader without a link and
to a table's device alike; the director and the office see them live. Whenever the director
holds them back: before the first round, in the middle of one, after the last."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.helpers.events import (
    disputed_evening,
    draw,
    event_state,
    new_event,
    office_link,
    post_form,
    register,
    token,
)
from tests.helpers.tablet import english, post_deal, undo

#: Every surface that states standings, by a name and its address under /events/<id>.
SURFACES = {
    "event page": "",
    "projector": "/ranking",
    "projector's poll": "/ranking?part=table",
    "results": "/results",
    "ranking.csv": "/export/ranking.csv",
    "standblatt.csv": "/export/standblatt.csv",
    "ranking.xlsx": "/export/ranking.xlsx",
    "standblatt.xlsx": "/export/standblatt.xlsx",
    "ranking.pdf": "/print/ranking.pdf",
    "standblatt.pdf": "/print/standblatt.pdf",
    "pads.pdf": "/print/pads.pdf",
}
#: Team 1's trick points of the game entered after the standings were held back (team 2: 46).
LIVE = 111
#: Team 1's trick points of the game entered before (team 2: 34).
HELD = 123

#: When the director holds the standings back. The middle of a round is the fast tests' moment;
#: before the first round and after the last run with the whole suite (make test).
MOMENTS = [
    pytest.param("before", marks=pytest.mark.slow),
    "middle",
    pytest.param("after", marks=pytest.mark.slow),
]


@pytest.fixture
def app_config() -> dict[str, Any]:
    # The projector's stored answer is served to the public (computed in this process).
    return {"EVENT_RANKING_MAX_AGE": 3600.0, "EVENT_RANKING_PROCESS": False}


def text(response: Any) -> str:
    """What a reader reads in an answer, whatever its format."""
    assert response.status_code == 200, response.status_code
    body = response.get_data()
    kind = response.mimetype
    if kind == "application/pdf":
        return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
    if kind == "text/csv":
        return "\n".join(" ".join(row) for row in csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    if "spreadsheetml" in kind:
        sheet = load_workbook(io.BytesIO(body)).active
        assert sheet is not None
        return "\n".join(
            " ".join(str(c) for c in row if c is not None) for row in sheet.iter_rows(values_only=True)
        )
    return re.sub(r"<[^>]+>", " ", body.decode())


def read(client: FlaskClient, app: Flask, event_id: int) -> dict[str, str]:
    """Every surface as ``client`` reads it; the players' pages as one."""
    found = {name: text(client.get(f"/events/{event_id}{path}")) for name, path in SURFACES.items()}
    players = event_state(app, event_id).players
    found["players' pages"] = "\n".join(
        text(client.get(f"/events/{event_id}/players/{player}")) for player in players
    )
    return found


def shows(page: str, points: int) -> bool:
    return re.search(rf"(?<![\d.,']){points}(?![\d.,'])", page) is not None


def table_link(director: FlaskClient, app: Flask, event_id: int) -> FlaskClient:
    """A table's device: a browser that opened the table's link from the director's page."""
    page = director.get(f"/events/{event_id}").get_data(as_text=True)
    found = re.search(r'class="small-button table-entry" href="http://[^/]+(/matches/\d+/edit/[^"]+)"', page)
    assert found, "the director's page shows the table's link"
    device = english(app, "192.0.2.31")
    assert device.get(found.group(1)).status_code in (302, 303)
    return device


def hold(director: FlaskClient, event_id: int, frozen: bool = True) -> None:
    response = post_form(director, event_id, "freeze", {"frozen": "y"} if frozen else {})
    assert response.status_code == 303


def evening(app: Flask, when: str) -> tuple[FlaskClient, int, list[FlaskClient], FlaskClient]:
    """One table of four, standings held back ``when`` ("before" the first round, in the
    "middle" of it, "after" the last game), a game of ``LIVE`` entered since by the table's
    device: the director, the event, the public's readers (anonymous, the table's device) and
    the office."""
    director = english(app, "192.0.2.30")
    event_id = new_event(director, passen="1", games_per_passe="1", confirm="none")
    register(director, event_id, ["Anna", "Beat", "Chris", "Dora"])
    anonymous = english(app, "192.0.2.32")
    office = english(app, "192.0.2.33")
    assert office.get(office_link(director, event_id)).status_code == 303
    if when == "before":
        hold(director, event_id)
    draw(director, event_id)
    (table,) = event_state(app, event_id).rounds[0].tables
    device = table_link(director, app, event_id)
    if when == "middle":
        text(anonymous.get(f"/events/{event_id}/ranking"))  # a stored answer before the hold
        hold(director, event_id)
    if when == "after":
        assert (
            post_deal(
                device, table.match_id, {"forehand": 1, "contract": "H", "team": 1, "points": HELD}
            ).status_code
            == 303
        )
        assert all(shows(page, HELD) for page in read(anonymous, app, event_id).values())
        hold(director, event_id)
        assert undo(device, table.match_id).status_code == 200
    response = post_deal(device, table.match_id, {"forehand": 1, "contract": "H", "team": 1, "points": LIVE})
    assert response.status_code == 303
    return director, event_id, [anonymous, device], office


@pytest.mark.parametrize("when", MOMENTS)
def test_the_public_is_shown_the_held_standings_everywhere(app: Flask, when: str) -> None:
    director, event_id, public, office = evening(app, when)
    for reader in public:
        for name, page in read(reader, app, event_id).items():
            assert not shows(page, LIVE), (when, name)
            if when == "after":
                assert shows(page, HELD), (when, name)
        banner = "before the first round" if when == "before" else "shown after round 1"
        assert banner in reader.get(f"/events/{event_id}").get_data(as_text=True)
    for reader in (director, office):
        for name, page in read(reader, app, event_id).items():
            assert shows(page, LIVE), (when, name)
            assert not shows(page, HELD), (when, name)


def test_the_director_and_the_office_are_told_and_may_see_the_public_view(app: Flask) -> None:
    director, event_id, _public, office = evening(app, "middle")
    for reader in (director, office):
        page = reader.get(f"/events/{event_id}/ranking").get_data(as_text=True)
        assert "the public sees them held back" in page and shows(text_of(page), LIVE)
        public_view = reader.get(f"/events/{event_id}/ranking?view=public").get_data(as_text=True)
        assert "held back" in public_view and not shows(text_of(public_view), LIVE)
        # Its poll stays the public's: the projector does not turn live at its next reload.
        poll = re.search(r'data-poll="([^"]+)"', public_view)
        assert poll and "view=public" in poll.group(1)
        part = reader.get(poll.group(1).replace("&amp;", "&")).get_data(as_text=True)
        assert "<table" in part and not shows(text_of(part), LIVE)


def text_of(page: str) -> str:
    return re.sub(r"<[^>]+>", " ", page)


def test_released_standings_are_live_for_everyone_and_a_new_hold_is_a_new_moment(app: Flask) -> None:
    director, event_id, (anonymous, device), _office = evening(app, "middle")
    hold(director, event_id, frozen=False)
    # The projector's stored answer was the held one: released, the readers see the live one at once.
    for name, page in read(anonymous, app, event_id).items():
        assert shows(page, LIVE), name
    hold(director, event_id)
    (table,) = event_state(app, event_id).rounds[0].tables
    assert undo(device, table.match_id).status_code == 200
    # Held back again with the game of LIVE entered: its undoing is not shown.
    for name, page in read(anonymous, app, event_id).items():
        assert shows(page, LIVE), name
    assert not shows(read(director, app, event_id)["event page"], LIVE)


def test_the_event_page_counts_the_games_entered_by_the_hold(app: Flask) -> None:
    director, event_id, (anonymous, device), office = evening(app, "middle")

    def games(reader: FlaskClient) -> list[str]:
        page = reader.get(f"/events/{event_id}").get_data(as_text=True)
        return re.findall(
            r'<tr class="table-row">(?:\s*<td[^>]*>.*?</td>){5}\s*<td class="num">(\d+)</td>', page, re.S
        )

    assert games(anonymous) == games(device) == ["0"]
    assert games(director) == games(office) == ["1"]


def test_a_ruling_after_the_hold_is_not_shown(app: Flask) -> None:
    """The office's ruling completes a disputed Passe after the hold (T6.4): its totals stay the
    director's and the office's until the standings are released."""
    director, event_id, match_id, slot = disputed_evening(app)
    office = english(app, "192.0.2.34")
    assert office.get(office_link(director, event_id)).status_code == 303
    hold(director, event_id)
    page = office.get(f"/events/{event_id}/office").get_data(as_text=True)
    ruling = {
        "csrf_token": token(page),
        "match_id": str(match_id),
        "slot": slot,
        "team": "1",
        "value": "40",
        "reason": "Recounted",
        "idem": "r1",
    }
    assert office.post(f"/events/{event_id}/office/rule", data=ruling).status_code == 303
    # Team 2's Passe: 59 + 117 = 176, once the ruling completes it.
    for name, page in read(english(app, "192.0.2.35"), app, event_id).items():
        assert not shows(page, 176), name
    for reader in (director, office):
        assert shows(read(reader, app, event_id)["projector"], 176)
    hold(director, event_id, frozen=False)
    assert shows(read(english(app, "192.0.2.36"), app, event_id)["projector"], 176)


def table_pages(event_id: int, match_id: int) -> dict[str, str]:
    """Every page that states one table's games and totals."""
    return {
        "match page": f"/matches/{match_id}",
        "board": f"/matches/{match_id}?view=board",
        "all deals": f"/matches/{match_id}?deals=all",
        "export.json": f"/matches/{match_id}/export.json",
        "scoresheet.pdf": f"/matches/{match_id}/scoresheet.pdf",
        "offline state": f"/offline/matches/{match_id}/state.json",
        "table page": f"/events/{event_id}/tables/{match_id}",
        "version": f"/matches/{match_id}/version",
    }


def said(response: Any) -> str:
    """An answer's text, whatever its status and format (a refusal is a page too)."""
    if response.status_code == 200:
        return text(response)
    return re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))


@pytest.mark.parametrize("when", MOMENTS)
def test_a_tables_own_pages_hold_for_its_spectators(app: Flask, when: str) -> None:
    """A spectator with the table's watch link reads no more than the held standings on the
    table's own pages; the table's device, the director and the office read them live."""
    director, event_id, (anonymous, device), office = evening(app, when)
    (table,) = event_state(app, event_id).rounds[0].tables
    pages = table_pages(event_id, table.match_id)
    for name, page in pages.items():
        response = anonymous.get(page)
        assert response.status_code in (200, 403), (when, name, response.status_code)
        assert not shows(said(response), LIVE), (when, name)
    refused = anonymous.get(pages["match page"])
    assert refused.status_code == 403 and "The standings are held back." in refused.get_data(as_text=True)
    # The match list names the table, without its score.
    listed = text(anonymous.get("/matches/"))
    assert f"Passe #{table.match_id}" in listed and not shows(listed, LIVE), when
    # The version an open page polls counts the games since the hold: held back too.
    assert anonymous.get(pages["version"]).status_code == 403
    for reader in (device, director, office):
        for name in ("match page", "table page"):
            assert shows(text(reader.get(pages[name])), LIVE), (when, name)
        assert shows(text(reader.get("/matches/")), LIVE), when
        # ... and what the table's own readers are answered, no shared cache keeps for others.
        live = reader.get(pages["version"])
        assert live.status_code == 200 and live.headers["Cache-Control"] == "private, no-store", when
    hold(director, event_id, frozen=False)
    released = anonymous.get(pages["version"])
    assert released.status_code == 200 and "private" not in released.headers["Cache-Control"]
    assert shows(text(anonymous.get(pages["match page"])), LIVE)
    assert shows(text(anonymous.get("/matches/")), LIVE)


def test_a_tables_pages_stay_open_while_it_entered_nothing_since_the_hold(app: Flask) -> None:
    director, event_id, (anonymous, device), _office = evening(app, "middle")
    (table,) = event_state(app, event_id).rounds[0].tables
    assert undo(device, table.match_id).status_code == 200
    hold(director, event_id)  # a new moment: the table's log as it is now
    for name, page in table_pages(event_id, table.match_id).items():
        assert anonymous.get(page).status_code == 200, name
