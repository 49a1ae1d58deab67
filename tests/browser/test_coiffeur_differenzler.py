"""A person at the card table: a whole official 8-row Coiffeur (with a Match, a Misère, a
scratch and the decided state before the last rows) and a 16-deal hidden-estimate Differenzler.

Drives Debian's Chromium through Playwright against a real server; screenshots at tablet
size go to test-artifacts/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.browser import ARTIFACTS, check_layout, check_readable, open_deal_form, scoreboard
from tests.helpers.coiffeur import COIFFEUR, SHOWN, coiffeur_entry, set_up_example_coiffeur

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def scores(page: Any) -> list[int]:
    return [int(score) for score in scoreboard(page)]


def test_official_coiffeur_to_its_end(page: Any, live_server: str) -> None:
    set_up_example_coiffeur(page, live_server)
    check_layout(page)
    shot(page, "coiffeur-new")
    page.click("button[type=submit]")
    assert scores(page) == [0, 0]
    for index, entry in enumerate(COIFFEUR):
        coiffeur_entry(page, *entry)
        assert page.locator(".problem").count() == 0, page.content()
        assert "Deal saved." in page.content()
        if index == 0:
            open_deal_form(page)
            check_layout(page)
            shot(page, "coiffeur-entry")
            page.go_back()
            page.wait_for_url(SHOWN)
        if index == 4:
            assert page.locator("#row-5 .tag.match").count() == 1  # the Match, 5 × 257
            assert scores(page) == [3131, 233]
        if index == 7:
            assert "Misère" in page.locator("#deal-8").inner_text()
            assert scores(page) == [3223, 1099]
        if index == 12:
            assert page.locator(".decided").count() == 0
        if index == 13:
            # C8.2: decided with two rows still to play; the table sees it.
            assert page.locator(".decided").count() == 1
            assert "out of reach" in page.locator(".scoreboard").inner_text()
            assert "scratch: cards shown" in page.locator("#deal-14").inner_text()
            check_layout(page)
            shot(page, "coiffeur-decided")
    assert scores(page) == [4735, 2189]
    assert "Match over" in page.content() and "Winner: Uri" in page.content()
    assert page.locator("a.enter-deal").count() == 0
    check_layout(page)
    check_readable(page)
    shot(page, "coiffeur-finished")


#: DIFFERENZLER.md worked example 2's Passe: trump, estimates, made.
PASSE = [
    ("C", (40, 0, 65, 50), (43, 0, 65, 49)),
    ("H", (30, 55, 20, 45), (28, 61, 20, 48)),
    ("S", (70, 10, 35, 40), (52, 14, 41, 50)),
    ("D", (25, 45, 50, 30), (25, 47, 55, 30)),
]


def test_hidden_estimate_differenzler_of_16_deals(page: Any, live_server: str) -> None:
    page.goto(f"{live_server}/matches/new/differenzler")
    for seat, name in enumerate(("Anna", "Beat", "Cla", "Doris"), start=1):
        page.fill(f"input[name=name_{seat}]", name)
    check_layout(page)
    page.click("button[type=submit]")
    for deal in range(16):
        trump, estimates, made = PASSE[deal % 4]
        open_deal_form(page)
        for seat, estimate in enumerate(estimates, start=1):
            field = page.locator(f"input[name=estimate_{seat}]")
            assert field.get_attribute("type") == "password"  # D3.3: nobody reads them on the screen
            field.fill(str(estimate))
        if deal == 0:
            check_layout(page)
            shot(page, "differenzler-estimates")
        page.check(f"input[name=trump][value={trump}]")
        for seat, points in enumerate(made[:3], start=1):
            page.fill(f"input[name=points_{seat}]", str(points))
        # The fourth player's points are the rest of the deal's 157 (D5.1), filled for the table.
        assert page.input_value("input[name=points_4]") == str(157 - sum(made[:3])) == str(made[3])
        if deal == 0:
            page.fill("input[name=points_1]", str(made[0] - 1))  # a slip, then corrected
            assert page.input_value("input[name=points_4]") == str(made[3] + 1)
            page.fill("input[name=points_1]", str(made[0]))
            assert page.input_value("input[name=points_4]") == str(made[3])
        page.click("button[type=submit]")
        page.wait_for_url(SHOWN)
        assert "Deal saved." in page.content(), page.content()
        if deal == 3:
            assert scores(page) == [13, 12, -9, 4]
    assert scores(page) == [52, 48, -36, 16]
    ranking = [li.get_attribute("data-seat") for li in page.locator("ol.ranking li").all()]
    assert ranking == ["3", "4", "2", "1"]
    assert "Match over" in page.content()
    check_layout(page)
    shot(page, "differenzler-finished")
