"""A 12-player evening through the flow a club night runs on (TOURNAMENT.md; T6.2 ``per_game``):
the director creates it with the Slalom allowed, registers twelve players and draws each round
with its confirmation tick (round 2 is drawn, taken back before any game, and drawn again); the
room's projector is open all evening and never reloaded; table 1's tablet enters its games on
the panel (one a Slalom) and team 1 confirms each under the panel, while team 2's phone, open on
its team link, learns by itself what waits and confirms it; the other tables' tablets enter
theirs through the app's test client and the director confirms them on their confirmation
pages. The projector shows every Passe's totals, and the prize list closes the evening.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask

from tests.helpers.browser import ARTIFACTS, enter_passe_game
from tests.helpers.events import claim_table, play_passe

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = [f"Spieler {n:02d}" for n in range(1, 13)]
#: Team 1's trick points and the contract of each game (each game totals 157, T3.4).
GAMES = ((98, "H"), (45, "slalom_obenabe"))
TEAM_1, TEAM_2 = sum(p for p, _ in GAMES), 157 * len(GAMES) - sum(p for p, _ in GAMES)
ENGLISH = {"locale": "en", "extra_http_headers": {"Accept-Language": "en"}}


def shows(projector: Any, scores: set[int], every_row: bool) -> None:
    """Wait (no reload: the page's own poll) until the projector's Total column shows ``scores``:
    in every row, or in some row."""
    projector.wait_for_function(
        """([scores, every]) => {
             const rows = [...document.querySelectorAll('table.ranking-table tbody tr')];
             const hit = row => scores.includes(row.querySelector('td:last-child').textContent.trim());
             return rows.length > 0 && (every ? rows.every(hit) : rows.some(hit));
           }""",
        arg=[sorted(str(s) for s in scores), every_row],
        timeout=20_000,
    )


def counting(loads: list[str], page: Any) -> Callable[[], None]:
    """A handler of the page's load event that writes down each load (a page load it made)."""
    return lambda: loads.append(page.url)


def confirm_everything(page: Any) -> int:
    """The director taps every confirmation the table's confirmation page offers; how many."""
    tapped = 0
    while page.locator("button[data-team]").count():
        # A plain form: wait for the page it leads to, not the one already loaded (a second tap
        # on the old page would count twice).
        with page.expect_navigation():
            page.locator("button[data-team]").first.click()
        page.wait_for_load_state("load")
        tapped += 1
    return tapped


def test_a_twelve_player_evening_through_the_new_flow(
    page: Any, browser: Any, live_site: tuple[Flask, str]
) -> None:
    app, base = live_site
    page.goto(f"{base}/events/new")
    page.fill("input[name=title]", "Zwölf am Tisch")
    page.fill("input[name=passen]", "2")
    page.fill("input[name=games_per_passe]", str(len(GAMES)))
    page.select_option("select[name=confirm]", "per_game")
    page.select_option("select[name=slalom]", "yes")  # T2.3
    page.click("button[type=submit]")
    page.wait_for_selector("textarea[name=players]")
    event = page.url
    page.fill("textarea[name=players]", "\n".join(NAMES))
    page.click("form[action$='/players'] button[type=submit]")
    page.wait_for_selector("form.draw")

    projector = browser.new_context(viewport={"width": 1280, "height": 800}, **ENGLISH).new_page()
    projector.goto(f"{event}/ranking?screen=projector")
    projector.wait_for_load_state("load")
    reloads: list[str] = []
    projector.on("load", counting(reloads, projector))

    for number in (1, 2):
        page.check("form.draw input[name=confirmed]")
        page.click("form.draw button[type=submit]")
        page.wait_for_selector(f"table.draw >> nth={number - 1}")
        if number == 2:
            # Taken back before its first game, then drawn again (the director's safety).
            page.locator("details.link-actions summary", has_text="Undo this draw").click()
            page.check("form.undraw input[name=undraw-confirmed]")
            page.click("form.undraw button[type=submit]")
            page.wait_for_selector("form.draw")
            assert page.locator("table.draw").count() == 1
            page.check("form.draw input[name=confirmed]")
            page.click("form.draw button[type=submit]")
            page.wait_for_selector("table.draw >> nth=1")
        rows = page.locator("table.draw").nth(number - 1).locator("tr.table-row")
        assert rows.count() == 3  # twelve players, three tables, nobody sits out (T5.2)
        links = [urlsplit(rows.nth(i).locator("a.table-entry").get_attribute("href")).path for i in range(3)]
        confirm_pages = [rows.nth(i).locator("a.confirm-page").get_attribute("href") for i in range(3)]

        # Table 1: its tablet, and team 2's phone on its team link.
        tablet = browser.new_context(viewport={"width": 768, "height": 1024}, **ENGLISH)
        screen = tablet.new_page()
        screen.goto(base + links[0])
        screen.wait_for_load_state("load")
        passe = screen.url
        screen.goto(base + confirm_pages[0])
        team_2 = urlsplit(screen.locator("section.team-links figcaption code").nth(1).inner_text()).path
        phone = browser.new_context(viewport={"width": 390, "height": 844}, **ENGLISH).new_page()
        phone.goto(base + team_2)
        phone.wait_for_load_state("load")
        screen.goto(passe)
        screen.wait_for_load_state("load")
        loads: list[str] = []
        screen.on("load", counting(loads, screen))
        for game, (points, contract) in enumerate(GAMES, start=1):
            enter_passe_game(screen, game, contract, points)
            screen.locator("#event-confirm button[data-team='1']").first.click()
            screen.wait_for_selector("#event-confirm p.saved:has-text('Team 1 confirmed the game.')")
            phone.wait_for_selector("button[data-team='2']", timeout=15_000)
            with phone.expect_navigation():  # a plain form: the page it leads to
                phone.locator("button[data-team='2']").first.click()
            phone.wait_for_load_state("load")
        assert loads == []  # entered and confirmed on the table's screen without a page load
        assert "Slalom, Obenabe first" in screen.inner_text("table.deals")
        if number == 2:
            screen.screenshot(path=str(ARTIFACTS / "evening-flow-table.png"), full_page=True)
        tablet.close()
        phone.context.close()

        # Tables 2 and 3: their tablets enter, the director confirms for both teams.
        for link, confirm_page in zip(links[1:], confirm_pages[1:], strict=True):
            device = app.test_client()
            claim_table(device, link)
            play_passe(device, int(link.split("/")[2]), [points for points, _ in GAMES])
            page.goto(base + urlsplit(confirm_page).path)
            assert confirm_everything(page) == 2 * len(GAMES)
        page.goto(event)
        page.wait_for_load_state("load")

        # The projector, never reloaded, shows the round's Passen counted.
        totals = {TEAM_1, TEAM_2} if number == 1 else {2 * TEAM_1, TEAM_1 + TEAM_2, 2 * TEAM_2}
        shows(projector, totals, every_row=True)
    assert reloads == []
    projector.screenshot(path=str(ARTIFACTS / "evening-flow-projector.png"))

    # The prize list: every player placed, the evening complete (not provisional, T7.5).
    page.goto(f"{event}/prizes")
    page.wait_for_load_state("load")
    assert page.locator("table.prize-table tbody tr").count() == len(NAMES)
    assert page.locator("p.frozen", has_text="Provisional").count() == 0
