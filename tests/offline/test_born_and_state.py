"""A match born offline is played on a deal form the service worker keeps (the server has no
page of the match yet); the match page's kept state is read again only when it changed."""

from __future__ import annotations

import re
import uuid

from flask.testing import FlaskClient

from rules_engine.coiffeur.options import GRID_PRESETS
from scorer.offline.views import born_address, born_forms
from tests.helpers.offline import FIELDS
from tests.helpers.tablet import Tablet


def test_the_born_forms_are_kept_and_name_their_seats(client: FlaskClient) -> None:
    worker = client.get("/sw.js").get_data(as_text=True)
    with client.application.app_context():
        forms = born_forms()
    assert {game for game, _players, _deck, _variant in forms} == {"schieber", "klammern", "coiffeur"}
    for form_key in forms:
        game, players, _deck, variant = form_key
        address = born_address(form_key)
        assert f'"{address}"' in worker
        page = client.get(address).get_data(as_text=True)
        form = page[page.index("<form") : page.index("</form>")]
        # Every seat of the table, named for the tablet to write the born match's names in.
        named = sorted(set(re.findall(r"\{name_(\d)\}", form)))
        assert named == [str(n) for n in range(1, players + 1)]
        assert 'name="forehand"' in form and 'type="submit"' in form
        if game == "coiffeur":  # each preset grid's own rows (C2.3)
            grid = GRID_PRESETS[dict(variant).get("grid", "official8")]
            assert len(re.findall(r'name="row"', form)) == len(grid), address
    assert client.get("/offline/born/schieber/3/swiss").status_code == 404
    assert client.get("/offline/born/passe/4/french").status_code == 404
    # A grid of own rows has no born form; nor has a variant the game does not draw.
    assert client.get("/offline/born/coiffeur/4/swiss?grid=custom").status_code == 404
    assert client.get("/offline/born/coiffeur/4/swiss?grid=ten&deck=french").status_code == 404
    assert client.get("/offline/born/schieber/4/swiss?grid=ten").status_code == 404


def test_the_kept_state_is_sent_again_only_when_an_entry_came(tablet: Tablet) -> None:
    match_id = tablet.new_schieber()
    address = f"/offline/matches/{match_id}/state.json"
    first = tablet.client.get(address)
    assert first.status_code == 200 and first.get_json()["version"] == 0
    tag = first.headers["ETag"]
    unchanged = tablet.client.get(address, headers={"If-None-Match": tag})
    assert unchanged.status_code == 304 and unchanged.get_data() == b""
    assert unchanged.headers["ETag"] == tag
    answer = tablet.client.post(
        f"/offline/matches/{match_id}/sync",
        json={"key": uuid.uuid4().hex, "kind": "deal", "base_version": 0, "fields": FIELDS},
        headers={"X-CSRFToken": tablet.client.get("/offline/token").get_json()["token"]},
    )
    assert answer.get_json()["status"] == "accepted"
    moved = tablet.client.get(address, headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.get_json()["version"] == 1
    assert moved.headers["ETag"] != tag
    assert tablet.client.get(address, headers={"If-None-Match": moved.headers["ETag"]}).status_code == 304
    # Another match at the same version has another tag.
    other = tablet.new_schieber()
    assert (
        tablet.client.get(f"/offline/matches/{other}/state.json", headers={"If-None-Match": tag}).status_code
        == 200
    )
    assert tablet.client.get("/offline/matches/999999/state.json").status_code == 404
