"""A third game through the shared pages: the toy game "Hundred" lives in this folder only.

The app is built with one more registry line (``GAMES``), the engine finds the toy's module
by one line in its own registry; the shared pages (start page, new match, deal form, match
screen, match list, correction, export and import) serve it without knowing its name; the
printed scoresheet and blank pad take its columns from its ``sheet.py``; its tournament format
(``event.py``) plays it through an event the same way.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

import rules_engine.api
from scorer import games
from scorer.events import state as event_log
from scorer.offline import tablet
from scorer.offline.bundle import engine_bundle
from scorer.sheets.pdf import build_scoresheet
from scorer.store import db
from scorer.store.models import Event, Match
from tests import toygame
from tests.helpers.pdf import page_lines
from tests.helpers.tablet import MakeApp, english


@pytest.fixture
def app_config(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The app of tests/conftest.py with one more registry line (and the engine's line)."""
    monkeypatch.setitem(rules_engine.api.GAMES, "toy", "tests.toygame.engine")
    return {"WTF_CSRF_ENABLED": False, "GAMES": [*games.MODULES, "tests.toygame"]}


def hidden(page: str, name: str) -> str:
    found = re.search(rf'id="{name}" name="{name}" type="hidden" value="([^"]*)"', page)
    assert found, f"no hidden {name}"
    return found.group(1)


def new_match(client: FlaskClient, **fields: str) -> int:
    data = {"name_1": "Anna", "name_2": "Beat", "name_3": "Cla", "name_4": "Dora", **fields}
    response = client.post("/matches/new/toy", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def post_deal(client: FlaskClient, match_id: int, forehand: int, points: int) -> tuple[int, str]:
    form = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    data = {
        "version": hidden(form, "version"),
        "idem": hidden(form, "idem"),
        "forehand": str(forehand),
        "points": str(points),
    }
    response = client.post(f"/matches/{match_id}/deals/new", data=data)
    return response.status_code, response.get_data(as_text=True)


def test_the_registry_line_adds_the_game_to_the_start_pages(client: FlaskClient) -> None:
    start = client.get("/matches/new").get_data(as_text=True)
    assert 'href="/matches/new/toy">Hundred</a>' in start
    assert "/matches/new/schieber" in start and "/matches/new/klammern" in start
    assert 'href="/matches/new/toy">New Hundred</a>' in client.get("/matches/").get_data(as_text=True)
    form = client.get("/matches/new/toy")
    assert form.status_code == 200
    # The game's own template (this folder's templates/toy/new.html) and the shared seating.
    assert "<h1>New Hundred</h1>" in form.get_data(as_text=True)
    assert 'class="seat pos-right side-2"' in form.get_data(as_text=True)


def test_the_default_app_does_not_know_the_toy() -> None:
    assert "toy" not in games.registry()
    with pytest.raises(games.UnknownGame, match="unknown game 'toy'"):
        games.game("toy")


@pytest.mark.slow
def test_a_match_is_played_through_the_shared_pages(client: FlaskClient) -> None:
    match_id = new_match(client, target="150")
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Hundred #" in page
    assert "Next deal: Dora deals, Anna is forehand." in page  # X3, from the toy engine's answer
    assert 'data-score="0"' in page

    status, _ = post_deal(client, match_id, forehand=1, points=70)
    assert status == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert '<td class="toy-points">70 : 30</td>' in page
    assert "80 still needed" in page and "120 still needed" in page  # target 150 (X2)
    assert "Next deal: Anna deals, Beat is forehand." in page

    # A rule break: the engine's reason (X1) lands on the game's own field; nothing stored.
    status, form = post_deal(client, match_id, forehand=2, points=120)
    assert status == 422
    assert re.search(r'has-error">\s*<label for="points"', form)
    assert 'href="/rules#X1">X1</a>' in form and "a deal has 100 points, not 120" in form

    status, _ = post_deal(client, match_id, forehand=2, points=90)
    assert status == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Match over" in page and "Winner: Anna &amp; Cla" in page  # 160 : 40 reaches 150
    assert "Schneider" not in page  # a Schieber state, not this game's

    listing = client.get("/matches/").get_data(as_text=True)
    assert f"Hundred #{match_id}" in listing and "160 : 40" in listing


@pytest.mark.slow
def test_a_deal_is_corrected_and_the_match_exported_and_imported(client: FlaskClient) -> None:
    match_id = new_match(client)
    assert post_deal(client, match_id, forehand=1, points=40)[0] == 303
    correct = client.get(f"/matches/{match_id}/deals/1/correct").get_data(as_text=True)
    assert 'value="40"' in correct  # the game's fill() states the stored deal again
    response = client.post(
        f"/matches/{match_id}/deals/1/correct",
        data={
            "version": hidden(correct, "version"),
            "idem": hidden(correct, "idem"),
            "forehand": "1",
            "points": "45",
        },
    )
    assert response.status_code == 303
    assert '<td class="toy-points">45 : 55</td>' in client.get(f"/matches/{match_id}").get_data(as_text=True)

    record = json.loads(client.get(f"/matches/{match_id}/export.json").get_data(as_text=True))
    assert record == {"game": "toy", "deals": [{"forehand": 1, "points": 45}]}
    imported = client.post("/matches/import", data={"text": json.dumps(record), "name_1": "Eva"})
    assert imported.status_code == 302
    page = client.get(imported.headers["Location"]).get_data(as_text=True)
    assert '<td class="toy-points">45 : 55</td>' in page and "Eva" in page


@pytest.mark.slow
def test_the_scoresheet_prints_the_toys_deals_and_totals(client: FlaskClient) -> None:
    """The toy's sheet part, found through the registry: its columns, and the figures of X1."""
    match_id = new_match(client, target="150")
    for forehand, points in ((1, 70), (2, 25), (3, 60)):
        assert post_deal(client, match_id, forehand, points)[0] == 303
    assert f"/matches/{match_id}/scoresheet.pdf" in client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert f"/matches/{match_id}/scoresheet.pdf" in client.get("/matches/").get_data(as_text=True)
    response = client.get(f"/matches/{match_id}/scoresheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    (lines,) = page_lines(response.data)
    assert "Scoresheet – Hundred · page 1" in lines and "150" in lines  # the match's target (X2)
    header = lines.index("# Dealer Forehand Anna & Cla Deal Total Beat & Dora Deal Total")
    # Per deal: number, dealer (the seat before forehand, X3), forehand, then each team's
    # points of the deal (X1: team 1 takes the points, team 2 the rest of 100) and its total.
    assert lines[header + 1 : header + 4] == [
        "1 Dora Anna 70 70 30 30",
        "2 Anna Beat 25 95 75 105",
        "3 Beat Cla 60 155 40 145",
    ]
    result = lines[lines.index("Result") :]
    assert result[1:5] == ["Points", "Anna & Cla: 155   Beat & Dora: 145", "Winner", "Anna & Cla"]


def test_the_toys_scoresheet_rows_are_its_deals_as_data(app: Flask) -> None:
    """The sheet's rows as data: X1's split of 100 per deal and the engine's running totals."""
    document = {"game": "toy", "deals": [{"forehand": 4, "points": 100}, {"forehand": 1, "points": 0}]}
    with app.app_context():
        view = build_scoresheet(document)
    assert [column.key for column in view.columns] == ["n", "dealer", "forehand", "points", "running"]
    assert [dict(row.values) for row in view.rows] == [
        {"n": 1, "dealer": 3, "forehand": 4, "points": (100, 0), "running": (100, 0)},
        {"n": 2, "dealer": 4, "forehand": 1, "points": (0, 100), "running": (100, 100)},
    ]
    assert view.header.target == 300 and view.result.figures == (("Points", (100, 100)),)
    assert not view.result.finished


@pytest.mark.slow
def test_the_pad_page_offers_the_toys_blank_pad(client: FlaskClient) -> None:
    page = client.get("/pads").get_data(as_text=True)
    assert 'name="game" type="radio" value="toy"><span>Hundred</span>' in page
    response = client.get("/pads/pad.pdf?game=toy&team_1=Bern&team_2=Thun")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    (lines,) = page_lines(response.data)
    assert "Score pad – Hundred · page 1" in lines
    assert lines[lines.index("Target") + 1] == "300"  # X2's target when the pad names none
    # A row per deal, each team's points and total, and X1's box: the deal's two figures make 100.
    header = lines.index("# Dealer Bern Deal Total Thun Deal Total = 100")
    assert lines[header + 1 : header + 4] == ["1", "2", "3"]
    chosen = client.get("/pads/pad.pdf?game=toy&target=500")
    assert chosen.status_code == 200
    (lines,) = page_lines(chosen.data)
    assert lines[lines.index("Target") + 1] == "500"


def test_a_game_without_sheets_offers_none(
    make_app: MakeApp, database_url: str, app_config: dict[str, Any]
) -> None:
    without = dataclasses.replace(toygame.GAME, sheet=None)
    client = english(make_app(database_url, **{**app_config, "GAMES": [*games.MODULES, without]}))
    match_id = new_match(client)
    assert "scoresheet" not in client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert f"/matches/{match_id}/scoresheet.pdf" not in client.get("/matches/").get_data(as_text=True)
    assert client.get(f"/matches/{match_id}/scoresheet.pdf").status_code == 422  # refused, not a 500
    assert 'value="toy"' not in client.get("/pads").get_data(as_text=True)


def test_an_app_without_the_game_lists_its_matches_and_serves_none(
    database_url: str, make_app: MakeApp, client: FlaskClient
) -> None:
    match_id = new_match(client)
    assert post_deal(client, match_id, forehand=1, points=60)[0] == 303
    other = make_app(database_url).test_client()  # the default games only
    assert f"toy #{match_id}" in other.get("/matches/").get_data(as_text=True)
    assert other.get(f"/matches/{match_id}").status_code == 404
    assert other.get(f"/matches/{match_id}/export.json").status_code == 404


def event_form(client: FlaskClient, event_id: int, path: str, fields: dict[str, str]) -> int:
    """Post the event page's form to ``path`` with its hidden fields; the answer's status."""
    action = f"/events/{event_id}/{path}"
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    form = page[page.index(f'action="{action}"') :]
    form = form[: form.index("</form>")]
    data = dict(re.findall(r'name="(version|idem)" type="hidden" value="([^"]*)"', form))
    return client.post(action, data={**data, **fields}).status_code


def drawn_round(app: Flask, event_id: int, number: int) -> event_log.Round:
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert event is not None
        return event_log.derive(event.entries).rounds[number - 1]


@pytest.mark.slow
def test_an_event_is_played_in_the_toy_game(client: FlaskClient, app: Flask) -> None:
    """The toy's tournament format, found through the registry: the new-event form offers it, the
    draw and the ranking are the toy's own functions, each table plays a match of the toy."""
    page = client.get("/events/new").get_data(as_text=True)
    assert '<option value="toy">Hundred (two deals a round)</option>' in page
    response = client.post(
        "/events/new",
        data={
            "idem": hidden(page, "idem"),
            "title": "Hundred evening",
            "game": "toy",
            "passen": "2",
            # The other formats' fields, sent by the same form, play no part in this one.
            "format": "einzel",
            "games_per_passe": "12",
            "streich": "0",
            "match_value": "157",
            "confirm": "per_game",
        },
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    event_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Hundred" in page and "2 games" in page and "/office" not in page
    assert event_form(client, event_id, "players", {"players": "Anna\nBeat\nCla\nDora\nEva"}) == 303

    points: dict[str, int] = {}
    for number, deals in ((1, (70, 40)), (2, (30, 20))):
        assert event_form(client, event_id, "draw", {"confirmed": "y"}) == 303
        drawn = drawn_round(app, event_id, number)
        (table,) = drawn.tables  # X4: one table of four, one sit-out
        assert len(drawn.sitouts) == 1
        with app.app_context():
            match = db.session().get(Match, table.match_id)
            assert match is not None and match.game == "toy"
        for forehand, team1 in enumerate(deals, start=1):
            assert post_deal(client, table.match_id, forehand, team1)[0] == 303
        for seat, player in table.seats.items():
            made = sum(deals) if int(seat) % 2 else 100 * len(deals) - sum(deals)
            points[player] = points.get(player, 0) + made  # X5
        points.setdefault(drawn.sitouts[0], 0)
    assert "Hundred pads (PDF)" in client.get(f"/events/{event_id}").get_data(as_text=True)

    ranking = client.get(f"/events/{event_id}/ranking").get_data(as_text=True)
    order = re.findall(r'/players/(P\d+)">', ranking)
    assert sorted(order) == sorted(points)
    assert [points[player] for player in order] == sorted(points.values(), reverse=True)
    for player, total in points.items():
        row = ranking[ranking.index(f"/players/{player}") :]
        assert f"<strong>{total}</strong>" in row[: row.index("</tr>")], (player, total)


def test_the_default_app_offers_no_toy_event(make_app: MakeApp, database_url: str) -> None:
    page = make_app(database_url).test_client().get("/events/new").get_data(as_text=True)
    assert 'value="schieber"' in page and 'value="toy"' not in page


def test_the_outbox_keeps_and_sends_the_toys_deals(client: FlaskClient) -> None:
    """The toy's pure record module is all the offline layer needs: the bundle ships it, the
    tablet judges a deal with it and the engine, the outbox's door stores the deal."""
    match_id = new_match(client)
    with client.application.app_context():
        bundle = json.loads(engine_bundle()[1])
    assert bundle["games"]["toy"] == "tests.toygame.record"
    assert "tests/toygame/record.py" in bundle["files"]
    state = client.get(f"/offline/matches/{match_id}/state.json").get_json()
    assert state["offline"] is True
    tablet.configure(json.dumps(bundle["games"]))
    try:
        kept, judged = (state["head"], state["entries"]), state["settings"]
        good = tablet.check(*kept, {"kind": "deal", "fields": {"forehand": "1", "points": "70"}}, judged)
        bad = tablet.check(*kept, {"kind": "deal", "fields": {"forehand": "1", "points": "120"}}, judged)
    finally:
        tablet.GAMES.clear()
    assert good["valid"] is True and good["record"] == {"forehand": 1, "points": 70}
    assert [e["rule"] for e in bad["errors"]] == ["X1"]
    token = client.get("/offline/token").get_json()["token"]
    body = {
        "key": "toy-deal-1",
        "kind": "deal",
        "base_version": 0,
        "fields": {"forehand": "1", "points": "70"},
    }
    answer = client.post(f"/offline/matches/{match_id}/sync", json=body, headers={"X-CSRFToken": token})
    assert answer.get_json() == {"status": "accepted", "seq": 1, "version": 1}
    record = json.loads(client.get(f"/matches/{match_id}/export.json").get_data(as_text=True))
    assert record["deals"] == [{"forehand": 1, "points": 70}]
    assert client.get("/offline/born/toy/4/french").status_code == 200
