"""A match born offline is played on a deal form the service worker keeps (the server has no
page of the match yet); the match page's kept state is read again only when it changed."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from scorer.offline.views import BORN_FORMS


def test_the_born_forms_are_kept_and_name_their_seats(client: FlaskClient) -> None:
    worker = client.get("/sw.js").get_data(as_text=True)
    for game, players, deck in BORN_FORMS:
        address = f"/offline/born/{game}/{players}/{deck}"
        assert address in worker
        page = client.get(address).get_data(as_text=True)
        form = page[page.index("<form") : page.index("</form>")]
        # Every seat of the table, named for the tablet to write the born match's names in.
        named = sorted(set(re.findall(r"\{name_(\d)\}", form)))
        assert named == [str(n) for n in range(1, players + 1)]
        assert 'name="forehand"' in form and 'type="submit"' in form
    assert client.get("/offline/born/schieber/3/swiss").status_code == 404
    assert client.get("/offline/born/passe/4/french").status_code == 404
