"""An evening with confirmation by both teams (TOURNAMENT.md T6.2 ``per_game``): one team
disagrees with an entered game, the office sees it in its queue, rules with a reason (T6.4)
and the ranking follows; a paper sheet's totals that differ from its games are caught (T6.6);
the ranking's CSV and XLSX hold what the ranking page shows.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from openpyxl import load_workbook

from tests.helpers.browser import ARTIFACTS, enter_passe_game, new_evening, open_deal_form

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def enter_game(page: Any, contract: str, points: int) -> None:
    open_deal_form(page)
    page.check(f"input[name=contract][value={contract}]")
    page.check("input[name=team][value='1']")
    page.fill("input[name=points]", str(points))
    page.click("button[type=submit]")
    page.wait_for_selector(".scoreboard")


def confirm_all(screen: Any, team: int) -> int:
    """Click the team's confirm button on every game that waits for it; how many were clicked."""
    clicked = 0
    while screen.locator(f"button[data-team='{team}']").count():
        # A plain form: wait for the page it leads to, not the one already loaded.
        with screen.expect_navigation():
            screen.locator(f"button[data-team='{team}']").first.click()
        screen.wait_for_load_state("load")
        clicked += 1
    return clicked


def shown_ranking(page: Any) -> list[tuple[str, str, str]]:
    rows = page.locator("table.ranking-table tbody tr")
    found = []
    for i in range(rows.count()):
        cells = [c.strip() for c in rows.nth(i).locator("td").all_inner_texts()]
        found.append((cells[1], cells[2], cells[-1]))
    return found


def test_an_evening_with_confirmation_a_dispute_and_a_ruling(
    page: Any, browser: Any, live_server: str
) -> None:
    names = ["Anna", "Beat", "Chris", "Dora", "Emil", "Fritz", "Gabi", "Hans"]
    event_url = new_evening(page, live_server, "Clubabend mit Büro", 2, "per_game", names)
    page.check("form.draw input[name=confirmed]")
    page.click("form.draw button[type=submit]")
    page.wait_for_selector("table.draw")
    rows = page.locator("table.draw tr.table-row")
    assert rows.count() == 2
    links = [rows.nth(i).locator("a.table-entry").get_attribute("href") for i in range(2)]
    confirm_pages = [rows.nth(i).locator("a.confirm-page").get_attribute("href") for i in range(2)]

    # Table 1: the scribe enters two games; team 1 confirms both, team 2 only the first and
    # then rejects the second with its own figure (T6.3).
    tablet = browser.new_context(locale="en", extra_http_headers={"Accept-Language": "en"})
    screen = tablet.new_page()
    screen.goto(links[0])
    screen.wait_for_load_state("load")
    enter_game(screen, "H", 98)
    enter_game(screen, "S", 45)  # 45 : 112
    # The Passe's page leads the table to its confirmation.
    with screen.expect_navigation():
        screen.click("p.event-link a.confirm-page")
    screen.wait_for_load_state("load")
    assert screen.url.endswith(confirm_pages[0])
    assert "waiting for confirmation" in screen.inner_text("main")
    assert confirm_all(screen, 1) == 2
    # The screen confirmed for team 1: team 2 confirms on its own phone, with its team link.
    assert screen.locator("button[data-team='2']").count() == 0
    team_2 = screen.locator("section.team-links figcaption code").nth(1).inner_text()
    phone = browser.new_context(locale="en", extra_http_headers={"Accept-Language": "en"}).new_page()
    phone.goto(team_2)
    phone.wait_for_load_state("load")
    assert "This device confirms for team 2" in phone.inner_text("main")
    with phone.expect_navigation():  # a plain form: the page it leads to
        phone.locator("button[data-team='2']").first.click()
    phone.wait_for_load_state("load")
    claim = phone.locator("tr#game-2 details.claim")
    claim.locator("summary").click()
    claim.locator("select[name=team]").select_option("2")
    claim.locator("input[name=value]").fill("122")
    with phone.expect_navigation():
        claim.locator("button[type=submit]").click()
    assert "disputed" in phone.inner_text("tr#game-2")
    shot(phone, "office-table-disputed")
    tablet.close()

    # Table 2: its scribe enters each game with the screen's panel and team 1 confirms it right
    # under the panel, one tap, no page load; team 2's phone, open on its team link before the
    # first game, learns by itself what waits for it (the table's link only reads there).
    tablet = browser.new_context(locale="en", extra_http_headers={"Accept-Language": "en"})
    screen = tablet.new_page()
    screen.goto(links[1])
    screen.wait_for_load_state("load")
    passe = screen.url
    screen.goto(f"{live_server}{confirm_pages[1]}")
    team_2 = screen.locator("section.team-links figcaption code").nth(1).inner_text()
    phone = browser.new_context(locale="en", extra_http_headers={"Accept-Language": "en"}).new_page()
    phone.goto(links[1])
    assert "This device only reads this table." in phone.inner_text("main")
    phone.goto(team_2)
    phone.wait_for_load_state("load")
    assert phone.locator("button[data-team='2']").count() == 0  # nothing entered yet
    phone_loads: list[str] = []
    phone.on("load", lambda: phone_loads.append(phone.url))
    screen.goto(passe)
    screen.wait_for_load_state("load")
    loads: list[str] = []
    screen.on("load", lambda: loads.append(screen.url))
    for number, (contract, points) in enumerate((("H", 121), ("obenabe", 67)), start=1):  # 121 : 36, 67 : 90
        enter_passe_game(screen, number, contract, points)
        part = screen.locator("#event-confirm")
        assert f"Game {number}" in part.inner_text()
        part.locator("button[data-team='1']").first.click()
        screen.wait_for_selector("#event-confirm p.saved:has-text('Team 1 confirmed the game.')")
        assert screen.locator("#event-confirm button[data-team='1']").count() == 0
    shot(screen, "event-table-confirmed-on-screen")
    assert loads == []  # two games entered and confirmed without a page load
    # The phone's page asked for the table's version and swapped in the games to confirm.
    phone.wait_for_selector("button[data-team='2']", timeout=15_000)
    assert phone_loads == []
    assert confirm_all(phone, 2) == 2
    assert "complete" in phone.inner_text("p.table-state")
    tablet.close()

    # The ranking waits for table 1 (its Passe is disputed): its players have no score yet.
    page.goto(f"{event_url}/ranking")
    page.wait_for_load_state("load")
    before = {name: (passe, total) for name, passe, total in shown_ranking(page)}
    assert before["Anna"][0] == "·" or before["Emil"][0] == "·"

    # The office: table 1's game 2 in the queue with both figures, the desk's tools one tap away.
    page.goto(f"{event_url}/office")
    queue = page.locator("section.dispute")
    assert queue.count() == 1
    text = queue.inner_text()
    assert "Entry: Team 1 45 · Team 2 112" in text and "Team 2: Team 1 35 · Team 2 122" in text
    desk = queue.locator("a", has_text="Is this count possible?").first.get_attribute("href")
    assert desk is not None and "/disputes/count?" in desk
    shot(page, "office-queue")
    queue.locator("select[name=team]").select_option("1")
    queue.locator("input[name=value]").fill("40")
    reason = "Counted again with both teams: team 1 made 40"
    queue.locator("textarea[name=reason]").fill(reason)
    with page.expect_navigation():  # the office read again, not the page the tap left
        queue.locator("button[type=submit]").click()
    assert page.locator("section.dispute").count() == 0
    assert reason in page.inner_text("ol.rulings")

    # Table 2 kept a paper sheet: its reported totals differ from its games (188 : 126).
    row = page.locator("tr.office-table[data-table='2']")
    row.locator("input[name=team_1]").fill("188")
    row.locator("input[name=team_2]").fill("136")
    with page.expect_navigation():
        row.locator("button[type=submit]").click()
    paper = page.locator("tr.office-table[data-table='2']").inner_text()
    assert "T6.6" in paper and "136" in paper and "126" in paper
    shot(page, "office-paper-check")

    # The ranking follows the ruling: table 1's teams 98 + 40 = 138 and 59 + 117 = 176.
    page.goto(f"{event_url}/ranking")
    page.wait_for_load_state("load")
    shown = shown_ranking(page)
    totals = sorted(int(total) for _name, _passe, total in shown)
    assert totals == [126, 126, 138, 138, 176, 176, 188, 188]

    # The exports open and hold the ranking shown on screen.
    page.goto(f"{event_url}/results")
    href = page.locator("a", has_text="Ranking (CSV)").get_attribute("href")
    response = page.request.get(f"{live_server}{href}")
    assert response.status == 200
    rows_csv = list(csv.reader(io.StringIO(response.body().decode("utf-8-sig"))))
    total = rows_csv[0].index("Total")
    assert [(r[2], r[3], r[total]) for r in rows_csv[1:]] == shown
    href = page.locator("a", has_text="Ranking (XLSX)").get_attribute("href")
    response = page.request.get(f"{live_server}{href}")
    sheet = load_workbook(io.BytesIO(response.body())).active
    assert sheet is not None
    cells = [list(r) for r in sheet.iter_rows(values_only=True)]
    assert [(str(r[2]), str(r[3]), str(r[total])) for r in cells[1:]] == shown
    for kind in ("ranking", "standblatt"):
        for lang in ("en", "fa"):
            pdf = page.request.get(f"{event_url}/print/{kind}.pdf?lang={lang}")
            assert pdf.status == 200 and pdf.body()[:5] == b"%PDF-"
    assert re.search(r"Standblätter \(XLSX\)", page.inner_text("p.downloads"))
