"""A deal's row is drawn once per worker and kept (scorer/matches/kept.py): what a page shows
must still be what the log says after every kind of change, for every kind of reader."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.tablet import deal_form, english, new_schieber, post_deal, undo


def running_totals(page: str) -> list[str]:
    """Each listed deal's running totals (S1.2: the score after the deal), in order."""
    return re.findall(r'<small class="running">([^<]*)</small>', page)


def test_correcting_an_early_deal_redraws_every_later_row(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    for forehand, points in enumerate((100, 60, 80), start=1):
        fields = {"forehand": forehand, "contract": "H", "team": 1, "points": points}
        assert post_deal(client, match_id, fields).status_code == 303
    before = running_totals(client.get(f"/matches/{match_id}").get_data(as_text=True))
    fields = {**deal_form(client, match_id, f"/matches/{match_id}/deals/1/correct")}
    fields.update({"forehand": "1", "contract": "H", "team": "1", "points": "40"})
    corrected = client.post(f"/matches/{match_id}/deals/1/correct", data=fields)
    assert corrected.status_code == 303
    after = running_totals(client.get(f"/matches/{match_id}").get_data(as_text=True))
    # Deal 1 now gives team 1 fewer points and team 2 as many more (S1.2: 157 in a deal): every
    # running total from deal 1 on moves by the same amount, the later rows' included.
    assert len(after) == len(before) == 6
    moved = [int(a) - int(b) for a, b in zip(after, before, strict=True)]
    assert moved[0] < 0 and moved[0::2] == [moved[0]] * 3 and moved[1::2] == [-moved[0]] * 3


def test_a_spectator_never_gets_the_rows_a_tablet_drew(app: Flask, client: FlaskClient) -> None:
    match_id = new_schieber(client)
    assert (
        post_deal(client, match_id, {"forehand": 1, "contract": "S", "team": 2, "points": 57}).status_code
        == 303
    )
    tablet = client.get(f"/matches/{match_id}").get_data(as_text=True)
    spectator = english(app).get(f"/matches/{match_id}").get_data(as_text=True)  # the tablet's language
    assert f"/matches/{match_id}/deals/1/correct" in tablet
    assert "/correct" not in spectator
    assert running_totals(tablet) == running_totals(spectator)


def test_rows_are_drawn_in_the_readers_language(app: Flask, client: FlaskClient) -> None:
    match_id = new_schieber(client)
    assert (
        post_deal(
            client, match_id, {"forehand": 1, "contract": "S", "team": 2, "points": 57, "pushed": "y"}
        ).status_code
        == 303
    )
    english = app.test_client().get(f"/matches/{match_id}", headers={"Accept-Language": "en"})
    german = app.test_client().get(f"/matches/{match_id}", headers={"Accept-Language": "de-CH"})
    assert ">pushed<" in english.get_data(as_text=True)
    assert ">pushed<" not in german.get_data(as_text=True)


def test_a_deal_entered_again_after_an_undo_links_to_its_own_slot(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    fields = {"forehand": 1, "contract": "H", "team": 1, "points": 98}
    assert post_deal(client, match_id, fields).status_code == 303
    client.get(f"/matches/{match_id}")  # the first entry's row is drawn
    assert '<tr id="deal-1"' not in undo(client, match_id).get_data(as_text=True)
    assert post_deal(client, match_id, fields).status_code == 303
    # The same deal at the same place with the same answer, but another entry in another slot:
    # the row's correct link leads to that slot's form, not to the undone one's.
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    links = re.findall(rf"/matches/{match_id}/deals/(\d+)/correct", page)
    assert len(links) == 1
    assert client.get(f"/matches/{match_id}/deals/{links[0]}/correct").status_code == 200
