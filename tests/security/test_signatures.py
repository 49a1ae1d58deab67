"""A signature covers what was signed (TOURNAMENT.md T6.2-T6.5): a correction, an undo or an
office ruling of a signed game or Passe withdraws its signatures under every confirmation mode;
the ranking then counts only what the mode treats as confirmed (T7.5), the office lists the
table as waiting, and both teams' new signatures count it again."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.events import (
    claim,
    confirm_game,
    evening,
    play_passe,
    ranking_of,
    sign_passe,
    slots,
    table_url,
    token,
)
from tests.helpers.tablet import post_deal, undo

MODES = ("per_game", "per_passe", "double_entry")
#: Team 1's points in the two games entered: 98 + 45 = 143, team 2 59 + 112 = 171 (T3.4).
GAMES = [98, 45]
SIGNED = ["143", "143", "171", "171"]
#: The first game corrected (or ruled) to 120 for team 1: 165 : 149.
CHANGED = ["149", "149", "165", "165"]
#: A Passe that is not complete enters the ranking as no score (T7.5).
UNCOUNTED = ["·", "·", "·", "·"]


def totals(client: FlaskClient, event_id: int) -> list[str]:
    return sorted(row[2] for row in ranking_of(client, event_id))


def game_slots(client: FlaskClient, match_id: int) -> list[str]:
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    return list(dict.fromkeys(re.findall(r"/deals/(\d+)/correct", page)))


def confirm_all(client: FlaskClient, event_id: int, match_id: int, mode: str, round_: str) -> None:
    """Both teams confirm every game as the table's page shows it (``round_``: the keys' tag)."""
    if mode == "per_passe":
        for team in (1, 2):
            assert sign_passe(client, event_id, match_id, team, idem=f"{round_}s{team}").status_code == 303
        return
    page = client.get(table_url(event_id, match_id)).get_data(as_text=True)
    if mode == "per_game" or "pending-ruling" in page:
        for slot, version in slots(page):
            for team in (1, 2):
                response = confirm_game(
                    client, event_id, match_id, slot, version, team, idem=f"{round_}{slot}{team}"
                )
                assert response.status_code == 303
        return
    figures = dict(zip(game_slots(client, match_id), current_points(client, event_id, match_id), strict=True))
    for slot, (team_1, team_2) in figures.items():
        claim(client, event_id, match_id, slot, 1, team_1, idem=f"{round_}{slot}1")
        claim(client, event_id, match_id, slot, 2, team_2, idem=f"{round_}{slot}2")


def current_points(client: FlaskClient, event_id: int, match_id: int) -> list[tuple[int, int]]:
    page = client.get(table_url(event_id, match_id)).get_data(as_text=True)
    rows = re.findall(
        r'<tr class="game[^"]*"[^>]*>\s*<td[^>]*>\d+</td>\s*<td>[^<]*</td>(.*?)</tr>', page, re.S
    )
    found = []
    for row in rows:
        cells = re.findall(r'<td class="num">([^<]*)</td>', row)
        found.append((int(cells[0].replace("’", "").replace("'", "")), int(cells[1])))
    return found


def signed_evening(client: FlaskClient, app: Flask, mode: str) -> tuple[int, int]:
    event_id, (match_id,) = evening(client, app, mode)
    play_passe(client, match_id, GAMES)
    confirm_all(client, event_id, match_id, mode, "a")
    assert totals(client, event_id) == SIGNED
    return event_id, match_id


def correct_first(client: FlaskClient, match_id: int, value: int = 120) -> None:
    first = game_slots(client, match_id)[0]
    fields = {"forehand": 1, "contract": "H", "team": 1, "points": value}
    url = f"/matches/{match_id}/deals/{first}/correct"
    assert post_deal(client, match_id, fields, url=url).status_code == 303


def rule_first(client: FlaskClient, event_id: int, match_id: int, value: int = 120) -> Any:
    office = client.get(f"/events/{event_id}/office").get_data(as_text=True)
    data = {
        "csrf_token": token(office),
        "match_id": str(match_id),
        "slot": game_slots(client, match_id)[0],
        "team": "1",
        "value": str(value),
        "reason": "Recounted at the desk",
        "idem": f"r{match_id}{value}",
    }
    return client.post(f"/events/{event_id}/office/rule", data=data)


def waiting_in_office(client: FlaskClient, event_id: int, match_id: int) -> bool:
    office = client.get(f"/events/{event_id}/office").get_data(as_text=True)
    queue = office[
        office.index('class="awaiting-signatures"') : office.index("</ul>", office.index("awaiting-sig"))
    ]
    return f'data-match="{match_id}"' in queue


def withdrawn(page: str) -> bool:
    return "sign it again" in page or "confirm it again" in page or "confirm its ruling" in page


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_a_correction_withdraws_the_signatures(client: FlaskClient, app: Flask, mode: str) -> None:
    event_id, match_id = signed_evening(client, app, mode)
    assert not waiting_in_office(client, event_id, match_id)
    correct_first(client, match_id)
    # T6.5, T7.5: the corrected Passe is not confirmed, so the ranking does not count it.
    assert totals(client, event_id) == UNCOUNTED
    page = client.get(table_url(event_id, match_id)).get_data(as_text=True)
    assert withdrawn(page) and "waiting for confirmation" in page
    assert waiting_in_office(client, event_id, match_id)
    confirm_all(client, event_id, match_id, mode, "b")
    assert totals(client, event_id) == CHANGED
    assert not waiting_in_office(client, event_id, match_id)


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_an_undo_withdraws_the_signatures(client: FlaskClient, app: Flask, mode: str) -> None:
    event_id, match_id = signed_evening(client, app, mode)
    correct_first(client, match_id)
    confirm_all(client, event_id, match_id, mode, "b")
    assert totals(client, event_id) == CHANGED
    # Undoing the correction brings 98 back: what was confirmed of it before does not count again.
    assert undo(client, match_id).status_code == 200
    assert totals(client, event_id) == UNCOUNTED
    assert waiting_in_office(client, event_id, match_id)
    confirm_all(client, event_id, match_id, mode, "c")
    assert totals(client, event_id) == SIGNED


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_an_office_ruling_withdraws_the_signatures(client: FlaskClient, app: Flask, mode: str) -> None:
    event_id, match_id = signed_evening(client, app, mode)
    assert rule_first(client, event_id, match_id).status_code == 303
    assert totals(client, event_id) == UNCOUNTED
    page = client.get(table_url(event_id, match_id)).get_data(as_text=True)
    assert withdrawn(page)
    assert waiting_in_office(client, event_id, match_id)
    confirm_all(client, event_id, match_id, mode, "b")
    assert totals(client, event_id) == CHANGED
    assert not waiting_in_office(client, event_id, match_id)


@pytest.mark.slow
def test_a_signature_names_the_passe_it_covers(client: FlaskClient, app: Flask) -> None:
    """A signature sent for a version of the Passe that is no longer in force is refused."""
    event_id, (match_id,) = evening(client, app, "per_passe")
    play_passe(client, match_id, GAMES)
    page = client.get(table_url(event_id, match_id)).get_data(as_text=True)
    correct_first(client, match_id)
    stale = {
        "csrf_token": token(page),
        "team": "1",
        "version": re.findall(r'name="version" value="(\d+)"', page)[0],
    }
    response = client.post(
        f"{table_url(event_id, match_id)}/confirm", data={**stale, "idem": "old"}, follow_redirects=True
    )
    assert "The Passe changed meanwhile" in response.get_data(as_text=True)
    assert "Team 1 signs the Passe" in client.get(table_url(event_id, match_id)).get_data(as_text=True)


@pytest.mark.slow
def test_a_ruling_on_a_disputed_game_needs_no_confirmation(client: FlaskClient, app: Flask) -> None:
    """T6.4: a ruling that settles a dispute counts at once; only a ruling that changes a game both
    teams had confirmed asks them again."""
    event_id, (match_id,) = evening(client, app, "per_game")
    play_passe(client, match_id, GAMES)
    page = client.get(table_url(event_id, match_id)).get_data(as_text=True)
    (first, v1), (second, v2) = slots(page)
    for team in (1, 2):
        confirm_game(client, event_id, match_id, second, v2, team)
    confirm_game(client, event_id, match_id, first, v1, 1)
    claim(client, event_id, match_id, first, 2, 37)  # 37 for team 2 is 120 for team 1: disputed
    assert rule_first(client, event_id, match_id).status_code == 303
    assert totals(client, event_id) == CHANGED


@pytest.mark.slow
def test_an_imported_signature_covers_only_the_version_it_names(client: FlaskClient, app: Flask) -> None:
    """An event's export keeps what each signature signed; a signature that names no version (an
    edited export) covers none, so it cannot carry a Passe past a change."""
    event_id, match_id = signed_evening(client, app, "per_passe")
    exported = client.get(f"/events/{event_id}/export.json").get_json()

    def imported(document: dict[str, Any], idem: str) -> int:
        page = client.get("/events/import").get_data(as_text=True)
        data = {"csrf_token": token(page), "text": json.dumps(document), "idem": idem}
        response = client.post("/events/import", data=data)
        assert response.status_code == 303, response.get_data(as_text=True)
        return int(response.headers["Location"].rstrip("/").split("/")[-1])

    assert totals(client, imported(exported, "i1")) == SIGNED
    for entry in exported["entries"]:
        if entry["kind"] == "sign":
            entry["record"].pop("version")
    assert totals(client, imported(exported, "i2")) == UNCOUNTED
