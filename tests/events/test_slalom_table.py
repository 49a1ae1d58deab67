"""The Slalom at an event's table (TOURNAMENT.md T2.3): the director allows it on the new-event
form, the table chooses it on the panel with the mode of its first trick, it counts once (T2.2),
and every page, export and printout names it in the reader's language."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.events import NAMES, draw, event_state, new_event, register, table_url
from tests.helpers.pdf import page_texts
from tests.helpers.tablet import post_deal


def slalom_evening(client: FlaskClient, app: Flask, allowed: bool) -> tuple[int, int]:
    fields = {"slalom": "yes"} if allowed else {}
    event_id = new_event(client, games_per_passe=2, passen=1, confirm="none", **fields)
    register(client, event_id, NAMES)
    draw(client, event_id)
    return event_id, event_state(app, event_id).rounds[0].tables[0].match_id


def test_a_table_plays_a_slalom_where_the_director_allows_it(client: FlaskClient, app: Flask) -> None:
    event_id, match_id = slalom_evening(client, app, allowed=True)
    panel = client.get(f"/matches/{match_id}", headers={"Accept-Language": "de-CH"}).get_data(as_text=True)
    assert 'value="slalom_obenabe"' in panel and 'value="slalom_undenufe"' in panel
    assert "Slalom, zuerst Obenabe" in panel
    fields = {"forehand": 1, "contract": "slalom_undenufe", "team": 1, "points": 100}
    assert post_deal(client, match_id, fields).status_code == 303
    fields = {"forehand": 2, "contract": "S", "team": 1, "points": 100}
    assert post_deal(client, match_id, fields).status_code == 303
    # The export holds the engine's contract object (T2.3), and the Slalom counts once (T2.2).
    exported = client.get(f"/matches/{match_id}/export.json").get_json()
    assert exported["deals"][0]["contract"] == {"type": "slalom", "start": "undenufe"}
    record = client.get(f"/events/{event_id}/export.json").get_json()
    assert '"slalom"' in str(record).replace("'", '"')
    ranking = client.get(f"/events/{event_id}/export/ranking.csv").get_data(as_text=True)
    assert "200" in ranking  # 100 + 100 for Anna's team: no factor on the Slalom
    page = client.get(table_url(event_id, match_id), headers={"Accept-Language": "de-CH"})
    cells = re.findall(r"<td>([^<]*)</td>", page.get_data(as_text=True))
    assert "Slalom, zuerst Undenufe" in cells
    sheet = client.get(f"/matches/{match_id}/scoresheet.pdf", headers={"Accept-Language": "de-CH"})
    assert sheet.status_code == 200
    printed = " ".join(page_texts(sheet.data))
    assert "Slalom, zuerst Undenufe" in printed
    assert "[" not in printed  # the options' lists printed as words, not as Python writes them


def test_a_slalom_is_not_offered_nor_taken_where_it_is_not_allowed(client: FlaskClient, app: Flask) -> None:
    _event_id, match_id = slalom_evening(client, app, allowed=False)
    panel = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "slalom_obenabe" not in panel
    fields = {"forehand": 1, "contract": "slalom_obenabe", "team": 1, "points": 100}
    refused = post_deal(client, match_id, fields)
    assert refused.status_code == 422
    assert client.get(f"/matches/{match_id}/export.json").get_json()["deals"] == []


def test_a_slalom_game_is_corrected_with_its_choice_kept(client: FlaskClient, app: Flask) -> None:
    _event_id, match_id = slalom_evening(client, app, allowed=True)
    fields = {"forehand": 1, "contract": "slalom_obenabe", "team": 2, "points": 60}
    assert post_deal(client, match_id, fields).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    slot = re.search(r"/deals/(\d+)/correct", page)
    assert slot, "the match page links the game's correction"
    edit = client.get(f"/matches/{match_id}/deals/{slot.group(1)}/correct").get_data(as_text=True)
    assert re.search(r'checked[^>]*value="slalom_obenabe"|value="slalom_obenabe"[^>]*checked', edit)
