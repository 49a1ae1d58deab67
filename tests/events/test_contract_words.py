"""The table's confirmation page and the office name each game's contract in the reader's language
(Rosen, Schellen, Obenabe), never the record's code (H, S, obenabe)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.events import disputed_evening, evening, office_link, table_url
from tests.helpers.tablet import post_deal


def test_the_table_page_and_the_office_speak_jass(client: FlaskClient, app: Flask) -> None:
    event_id, (match_id,) = evening(client, app, "per_game", games=2)
    for forehand, contract in enumerate(("H", "obenabe"), start=1):
        fields = {"forehand": forehand, "contract": contract, "team": 1, "points": 100}
        assert post_deal(client, match_id, fields).status_code == 303
    german = {"Accept-Language": "de-CH"}
    page = client.get(table_url(event_id, match_id), headers=german).get_data(as_text=True)
    cells = re.findall(r"<td>([^<]*)</td>", page)
    assert "Rosen" in cells and "Obenabe" in cells
    assert "H" not in cells and "obenabe" not in cells


def test_the_office_names_a_disputed_games_contract(app: Flask) -> None:
    director, event_id, _match_id, _slot = disputed_evening(app)  # games of Rosen (play_passe)
    office = director.get(
        office_link(director, event_id), headers={"Accept-Language": "de-CH"}, follow_redirects=True
    )
    headings = re.findall(r"<h3>(.*?)</h3>", office.get_data(as_text=True), re.S)
    assert headings and all(h.strip().endswith("(Rosen)") for h in headings), headings


def test_an_impossible_figure_is_refused_in_the_readers_language(client: FlaskClient, app: Flask) -> None:
    """T3.4: 156 leaves 1 for the other team, which no set of tricks makes."""
    _event_id, (match_id,) = evening(client, app, "per_game", games=2)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de-CH"
    refused = post_deal(client, match_id, {"forehand": 1, "contract": "H", "team": 1, "points": 156})
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert "T3.4" in page and "the other team would have" not in page
    assert "156 ist unmöglich" in page


def test_the_tables_screen_writes_its_numbers_in_persian_digits(client: FlaskClient, app: Flask) -> None:
    """The Passe's title, round and table, control line, game numbers, the saved message and the
    confirmation part: Persian digits on a Persian screen, as the scores already were."""
    event_id, (match_id,) = evening(client, app, "per_game", games=2)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fa"
    saved = post_deal(client, match_id, {"forehand": 1, "contract": "H", "team": 1, "points": 100})
    assert saved.status_code == 303
    page = client.get(f"/matches/{match_id}", follow_redirects=True).get_data(as_text=True)
    main = page[page.index("<main") : page.index("</main>")]
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", main, flags=re.S))
    # Names and the Latin-lettered codes aside (none here has a digit), no Latin digit is read.
    assert re.findall(r"[0-9]+", text) == [], re.findall(r".{20}[0-9]+.{20}", text)
