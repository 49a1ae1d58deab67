"""A Differenzler evening (DIFFERENZLER.md D7.3 in TOURNAMENT.md's format): five players, two Passen of
four deals, the tables redrawn and one player sitting out each Passe (T5.2).

The director's browser creates the event, registers the players and draws each round; the table is
a browser of its own that opens the table's entry link and types each deal's hidden estimates and
points on the Differenzler table's screen. Every table plays worked example 2 (totals by seat 13,
12, −9, 4), so the ranking, lowest first, follows the seats the players were drawn to.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.helpers.browser import ARTIFACTS, open_deal_form

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Worked example 2: trump, estimates, made (seats 1–4).
PASSE = [
    ("C", (40, 0, 65, 50), (43, 0, 65, 49)),
    ("H", (30, 55, 20, 45), (28, 61, 20, 48)),
    ("S", (70, 10, 35, 40), (52, 14, 41, 50)),
    ("D", (25, 45, 50, 30), (25, 47, 55, 30)),
]
SEAT_TOTAL = {1: 13, 2: 12, 3: -9, 4: 4}
NAMES = ["Anna", "Beat", "Cla", "Doris", "Erich"]


def test_a_differenzler_evening(page: Any, browser: Any, live_server: str) -> None:
    page.goto(f"{live_server}/events/new")
    page.fill("input[name=title]", "Differenzler-Abend")
    # Only the chosen game's own options show (the Schieber's sit-out score and tie-breaks go).
    assert page.locator("fieldset.event-game[data-game=differenzler]").is_hidden()
    page.select_option("select[name=game]", "differenzler")
    assert page.locator("fieldset.event-game[data-game=differenzler]").is_visible()
    assert page.locator("fieldset.event-game[data-game=schieber]").is_hidden()
    page.fill("input[name=passen]", "2")
    page.click("button[type=submit]")
    page.wait_for_selector("textarea[name=players]")
    page.fill("textarea[name=players]", "\n".join(NAMES))
    page.click("form[action$='/players'] button[type=submit]")
    page.wait_for_selector("form.draw")
    totals = dict.fromkeys(NAMES, 0)
    sat_out: dict[str, int] = {}
    for number in (1, 2):
        page.check("form.draw input[name=confirmed]")
        page.click("form.draw button[type=submit]")
        page.wait_for_selector(f"table.draw >> nth={number - 1}")
        row = page.locator("table.draw").nth(number - 1).locator("tr.table-row")
        assert row.count() == 1  # five players: one table of four, one sits out (T5.2)
        seated = [row.locator("td").nth(seat).inner_text().strip() for seat in range(1, 5)]
        (out,) = set(NAMES) - set(seated)
        assert out not in sat_out  # nobody sits out twice while another has not (T5.2)
        sat_out[out] = number
        link = row.locator("a.table-entry").get_attribute("href")
        tablet = browser.new_context(locale="en", extra_http_headers={"Accept-Language": "en"})
        screen = tablet.new_page()
        screen.goto(link)  # the table card's QR code: this tablet may now enter the deals
        screen.wait_for_load_state("load")
        for trump, estimates, made in PASSE:
            open_deal_form(screen)
            for seat, estimate in enumerate(estimates, start=1):
                field = screen.locator(f"input[name=estimate_{seat}]")
                assert field.get_attribute("type") == "password"  # D3.3: hidden on the table's screen
                field.fill(str(estimate))
            screen.check(f"input[name=trump][value={trump}]")
            for seat, points in enumerate(made, start=1):
                screen.fill(f"input[name=points_{seat}]", str(points))
            screen.click("button[type=submit]")
            screen.wait_for_url(re.compile(r"/matches/\d+$"))
        assert "Match over" in screen.content()
        if number == 1:
            screen.screenshot(path=str(ARTIFACTS / "differenzler-event-table.png"), full_page=True)
        tablet.close()
        for seat, name in enumerate(seated, start=1):
            totals[name] += SEAT_TOTAL[seat]
        page.reload()
    # A sit-out scores his own played Passe once more (own_average).
    for name in sat_out:
        totals[name] *= 2
    page.goto(page.url.rstrip("/") + "/ranking")
    rows = page.locator("table.ranking-table tbody tr")
    shown = [
        (rows.nth(i).locator("td").nth(1).inner_text().strip(), rows.nth(i).locator("strong").inner_text())
        for i in range(rows.count())
    ]
    # Lowest total first (D1.2); equal totals share the rank, listed in registration order.
    assert [name for name, _total in shown] == sorted(NAMES, key=lambda n: (totals[n], NAMES.index(n)))
    assert {name: int(total.replace("\u2212", "-")) for name, total in shown} == totals
    page.screenshot(path=str(ARTIFACTS / "differenzler-event-ranking.png"), full_page=True)
