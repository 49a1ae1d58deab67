"""A player's phone (390 px wide): no page scrolls sideways, the tables reflow to the screen.

The pages a player opens on his phone at a club evening: the event page with its draw, the
ranking, the results, his own page, his table's Passe; and the match pages of each game, with long names as a
club pastes them. Debian's Chromium against a real server.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from scorer import create_app
from tests.helpers.browser import ARTIFACTS, live_http_server
from tests.helpers.coiffeur import new_coiffeur
from tests.helpers.database import fresh_database
from tests.helpers.differenzler import deal_fields, new_differenzler
from tests.helpers.events import draw, event_state, new_event, play_passe, register
from tests.helpers.tablet import english, new_klammern, new_schieber, post_deal

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 390, "height": 844}
#: A name as long as a club's list holds them.
NAME = "Spielerin Nummer {n} Langname-Muster"


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[str]]]:
    with fresh_database(tmp_path_factory.mktemp("phone")) as url:
        app = create_app({"SECRET_KEY": "phone", "DATABASE_URL": url})
        server = live_http_server(app)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        client = english(app, "192.0.2.39")
        event_id = new_event(client, games_per_passe=2, passen=4)
        register(client, event_id, [NAME.format(n=n) for n in range(1, 13)])
        draw(client, event_id)
        table = event_state(app, event_id).rounds[0].tables[0].match_id
        for each in event_state(app, event_id).rounds[0].tables:
            play_passe(client, each.match_id, [100, 80])
        player = next(iter(event_state(app, event_id).players))
        names = {f"name_{seat}": NAME.format(n=seat) for seat in range(1, 5)}
        schieber = new_schieber(client, **names)
        post_deal(client, schieber, {"forehand": 1, "contract": "H", "team": 1, "points": 98})
        klammern = new_klammern(client)
        post_deal(
            client,
            klammern,
            {"forehand": 1, "declarer": 1, "trump": "S", "how": "orgi", "team": 1, "points": 100},
        )
        differenzler = new_differenzler(client, form="open", **names)
        post_deal(client, differenzler, deal_fields(1, "C", [40, 0, 65, 50], [43, 0, 65, 49]))
        coiffeur = new_coiffeur(client, team_name_1=NAME.format(n="Uri"), team_name_2=NAME.format(n="Schwyz"))
        yield (
            f"http://127.0.0.1:{server.server_port}",
            [
                f"/events/{event_id}",
                f"/events/{event_id}/ranking",
                f"/events/{event_id}/results",
                f"/events/{event_id}/players/{player}",
                f"/matches/{table}",
                f"/matches/{schieber}",
                f"/matches/{klammern}",
                f"/matches/{differenzler}",
                f"/matches/{coiffeur}",
                "/matches/",
                "/events/",
            ],
        )
        server.shutdown()
        thread.join(timeout=5)
        app.extensions["tafel_engine"].dispose()


def test_no_page_scrolls_sideways_on_a_phone(browser: Any, pages: tuple[str, list[str]]) -> None:
    base, paths = pages
    context = browser.new_context(viewport=PHONE, locale="en", extra_http_headers={"Accept-Language": "en"})
    page = context.new_page()
    wide: dict[str, list[str]] = {}
    try:
        for number, path in enumerate(paths):
            page.goto(base + path)
            page.wait_for_load_state("load")
            beyond = page.evaluate(
                """(width) => [...document.querySelectorAll('body *')]
                .filter(e => e.getBoundingClientRect().right > width + 1)
                .slice(0, 3).map(e => e.tagName.toLowerCase() + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))""",
                PHONE["width"],
            )
            if page.evaluate("document.documentElement.scrollWidth") > PHONE["width"] or beyond:
                wide[path] = beyond
            if number in (0, 4, 7):
                page.screenshot(path=str(ARTIFACTS / f"phone-{number}.png"), full_page=True)
    finally:
        context.close()
    assert wide == {}, wide
