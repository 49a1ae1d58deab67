"""Hidden Differenzler estimates from the players' phones (D3.3), in a real browser: three phones each
open their own seat's link (a QR code on the table's screen) and seal an estimate; the table sees "3 of 4
estimates in", never a value, and the deal it enters takes them (DIFFERENZLER.md worked example 1:
scores 3, 0, −10, 1)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.helpers.browser import ARTIFACTS, check_layout, open_deal_form, scoreboard

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SHOWN = re.compile(r"/matches/\d+$")
ESTIMATES = (40, 0, 65, 50)
MADE = (43, 0, 65, 49)


def test_three_phones_and_the_table(page: Any, browser: Any, live_server: str) -> None:
    page.goto(f"{live_server}/matches/new/differenzler")
    for seat, name in enumerate(("Anna", "Beat", "Cla", "Doris"), start=1):
        page.fill(f"input[name=name_{seat}]", name)
    page.click("button[type=submit]")
    page.wait_for_url(SHOWN)
    links = {
        int(figure.get_attribute("data-seat") or 0): figure.locator("input.seat-link").get_attribute("value")
        for figure in page.locator("figure[data-seat]").all()
    }
    assert sorted(links) == [1, 2, 3, 4] and all(link and "/seat/" in link for link in links.values())
    contexts = []
    for seat in (1, 2, 3):
        # Each player's own phone opens his own seat's link (its QR code on the table's screen).
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, locale="en", extra_http_headers={"Accept-Language": "en"}
        )
        contexts.append(context)
        phone = context.new_page()
        phone.set_default_timeout(15_000)
        phone.goto(links[seat])
        assert phone.locator("#seat-name").inner_text().startswith(("Anna", "Beat", "Cla")[seat - 1])
        field = phone.locator("input[name=estimate]")
        assert field.get_attribute("type") == "password" and field.get_attribute("inputmode") == "numeric"
        field.fill(str(ESTIMATES[seat - 1]))
        with phone.expect_navigation():  # the answer's page, not the one the tap left
            phone.click("button[type=submit]")
        assert f"{seat} of 4 estimates in" in phone.locator("#estimates-in").inner_text()
        assert phone.locator("input[name=estimate]").input_value() == ""  # never shown again
        overflow = phone.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"horizontal scroll of {overflow}px on the phone"
    phone.screenshot(path=str(ARTIFACTS / "differenzler-phone-estimate.png"), full_page=True)
    page.reload()
    assert "3 of 4 estimates in" in page.locator(".phone-estimates").inner_text()
    main = page.locator("main").inner_text()
    assert "65" not in main and "40" not in main  # D3.3: no screen shows an estimate
    check_layout(page)
    open_deal_form(page)
    assert "Sealed from a phone" in page.locator("#phone-seats").inner_text()
    page.fill("input[name=estimate_4]", str(ESTIMATES[3]))
    page.check("input[name=trump][value=C]")
    for seat, points in enumerate(MADE, start=1):
        page.fill(f"input[name=points_{seat}]", str(points))
    page.click("button[type=submit]")
    page.wait_for_url(SHOWN)
    assert "Deal saved." in page.content(), page.content()
    scores = [int(score) for score in scoreboard(page)]
    assert scores == [3, 0, -10, 1]
    for context in contexts:
        context.close()
