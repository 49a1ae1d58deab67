"""An evening of the club (TOURNAMENT.md): 18 players, 3 Passen of 4 games, two sit out each round,
one withdrawal with a substitute, one corrected game, the final ranking and every printout.

The director's browser creates the event, registers the players and draws each round. Each
round's first table is a browser of its own that opens the table's entry link (the QR code of its
table card) and enters its games on the Passe's page, with the entry panel the table uses; the
other tables' tablets open their links and send the same form through the app's test client (the
panel's screen is the first table's; the evening's ranking and printouts need every table's games).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask

from tests.helpers.browser import ARTIFACTS, enter_passe_game
from tests.helpers.events import claim_table, play_passe

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Team 1's trick points in each game of every Passe; each game totals 157 (T3.4).
#: One game of each contract per Passe (Rosen, Schilten, Obenabe, Undenufe): every kind of
#: game is entered through the browser, and the Passe's control sum is checked (T3.5).
VALUES = [98, 45, 121, 67]


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def test_an_evening(page: Any, browser: Any, live_site: tuple[Flask, str]) -> None:
    app, live_server = live_site
    page.goto(f"{live_server}/events/new")
    page.fill("input[name=title]", "Clubabend")
    page.fill("input[name=passen]", "3")
    page.fill("input[name=games_per_passe]", str(len(VALUES)))
    page.select_option("select[name=confirm]", "none")  # T6.2: the table's entry counts alone
    page.click("button[type=submit]")
    page.wait_for_selector("textarea[name=players]")
    event_url = page.url
    names = [f"Spieler {n:02d}" for n in range(1, 19)]
    page.fill("textarea[name=players]", "\n".join(names))
    page.click("form[action$='/players'] button[type=submit]")
    page.wait_for_selector("form.draw")
    assert page.locator("ol.players li").count() == 18

    for number in (1, 2, 3):
        if number == 2:
            # Spieler 03 leaves after round 1; a substitute takes his place (T8.1).
            page.select_option("select[name=player]", label="Spieler 03")
            page.fill("input[name=substitute]", "Ersatz")
            page.click("form.withdraw button[type=submit]")
            page.wait_for_selector("ol.players .tag")
            assert "substitute for Spieler 03 from round 2" in page.inner_text("ol.players")
        page.check("form.draw input[name=confirmed]")
        page.click("form.draw button[type=submit]")
        page.wait_for_selector(f"table.draw >> nth={number - 1}")
        rows = page.locator("table.draw").nth(number - 1).locator("tr.table-row")
        assert rows.count() == 4  # 18 players: 4 tables, 2 sit out (T5.2)
        assert "Sit out:" in page.inner_text("main")
        links = [rows.nth(i).locator("a.table-entry").get_attribute("href") for i in range(4)]
        for table, link in enumerate(links, start=1):
            if table > 1:
                tablet = app.test_client()
                path = urlsplit(link).path
                claim_table(tablet, path)
                match_id = int(path.split("/")[2])
                play_passe(tablet, match_id, VALUES)
                passe = tablet.get(f"/matches/{match_id}", headers={"Accept-Language": "en"}).get_data(
                    as_text=True
                )
                assert "Passe complete: the control sum holds" in passe
                assert 'data-expected="628" data-actual="628"' in passe
                continue
            context = browser.new_context(locale="en", extra_http_headers={"Accept-Language": "en"})
            screen = context.new_page()
            screen.goto(link)  # the table card's QR code: this tablet may now enter the games
            screen.wait_for_load_state("load")
            for game, value in enumerate(VALUES):
                enter_passe_game(screen, game + 1, ("H", "S", "obenabe", "undenufe")[game % 4], value)
            text = screen.inner_text("main")
            assert "Passe complete: the control sum holds" in text  # 4 × 157 = 628 (T3.5)
            assert screen.locator("[data-expected='628'][data-actual='628']").count() == 1
            if number == 3:
                # One corrected game: a new version in the table's log.
                screen.locator("a.small-button", has_text="Correct").first.click()
                screen.fill("input[name=points]", "100")
                screen.click("button[type=submit]")
                screen.wait_for_selector(".scoreboard")
                assert screen.locator("summary.tag", has_text="corrected").count() == 1
                shot(screen, "event-passe-corrected")
            screen.wait_for_load_state("load")
            context.close()
        page.goto(event_url)
        page.wait_for_load_state("load")

    shot(page, "event-director")
    page.goto(f"{event_url}/ranking")
    page.wait_for_load_state("load")  # its script too, before the page is left
    ranking = page.locator("table.ranking-table tbody tr")
    # 18 registered players are ranked (the substitute is not, T8.1).
    assert ranking.count() == 18
    assert page.locator("tr.provisional").count() == 0
    first = ranking.first.inner_text()
    assert first.startswith("1.")
    shot(page, "event-ranking")
    # Spieler 03's rounds with the substitute score 0 for him (T8.2).
    row = page.locator("tr", has_text="Spieler 03")
    assert re.search(r"\b0\s+0\b", row.inner_text())

    # Every printout, in English and Persian, is a PDF.
    for lang in ("en", "fa"):
        for kind in ("tables", "pads", "standblatt", "ranking"):
            response = page.request.get(f"{event_url}/print/{kind}.pdf?lang={lang}")
            assert response.status == 200, (kind, lang)
            assert response.headers["content-type"] == "application/pdf"
            assert response.body()[:5] == b"%PDF-"
    page.goto(event_url)
    passe = page.locator("a.small-button", has_text="Passe").first.get_attribute("href")
    response = page.request.get(f"{live_server}{passe}/scoresheet.pdf")
    assert response.status == 200 and response.body()[:5] == b"%PDF-"
