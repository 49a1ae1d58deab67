"""The strict Content-Security-Policy does not break the app's own pages.

A real Chromium records every CSP violation and console error while a match is created,
shared, followed by a spectator, opened by the edit link on a second tablet, and a deal
is entered (the page's script shows the other team's points) — and on a dispute screen
(its card picker is built by script).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers.browser import ARTIFACTS, open_deal_form

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber);
});
"""


class Tablet:
    def __init__(self, browser: Any, live_server: str) -> None:  # noqa: F811
        self.context = browser.new_context(
            viewport={"width": 768, "height": 1024}, locale="en", extra_http_headers={"Accept-Language": "en"}
        )
        self.context.add_init_script(WATCH)
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.console: list[str] = []
        self.violations: list[str] = []
        self.page.on(
            "console", lambda m: self.console.append(m.text) if m.type in ("error", "warning") else None
        )
        self.page.on("pageerror", lambda e: self.console.append(str(e)))
        self.base = live_server

    def goto(self, path: str) -> None:
        self.collect()
        self.page.goto(path if path.startswith("http") else self.base + path)

    def collect(self) -> None:
        try:
            self.violations += self.page.evaluate("window.__violations || []")
        except Exception:  # noqa: BLE001 — a page in the middle of navigating
            pass

    def images_loaded(self) -> list[bool]:
        # The QR images may still be on their way when the page's selector appears: wait until
        # each has loaded or failed (complete), then say which have pixels. Polled from here:
        # wait_for_function evaluates a string, which this page's policy forbids.
        deadline = time.monotonic() + 15
        while (
            not self.page.evaluate("[...document.images].every(i => i.complete)")
            and time.monotonic() < deadline
        ):
            self.page.wait_for_timeout(50)
        return self.page.evaluate("[...document.images].map(i => i.complete && i.naturalWidth > 0)")


@pytest.fixture
def tablets(browser: Any, live_server: str) -> Iterator[list[Tablet]]:  # noqa: F811
    made: list[Tablet] = []
    yield made
    for tablet in made:
        tablet.context.close()


def test_no_csp_violation_on_the_app_pages(browser: Any, live_server: str, tablets: list[Tablet]) -> None:  # noqa: F811
    table = Tablet(browser, live_server)
    tablets.append(table)
    table.goto("/matches/new/schieber")
    table.page.click("button[type=submit]")
    table.page.wait_for_selector("a.enter-deal")
    match_url = table.page.url
    # At creation the share box is open: both QR codes are images from this server.
    assert table.page.locator("details.share[open]").count() == 1
    assert table.images_loaded() == [True, True]
    ARTIFACTS.mkdir(exist_ok=True)
    table.page.screenshot(path=str(ARTIFACTS / "match-share.png"), full_page=True)
    overflow = table.page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"horizontal scroll of {overflow}px with the share box open"
    edit_link = table.page.locator("input.link-copy").first.input_value()
    assert "/edit/" in edit_link

    spectator = Tablet(browser, live_server)
    tablets.append(spectator)
    spectator.goto(match_url)
    assert spectator.page.locator("a.enter-deal").count() == 0
    # The share box is closed and its QR codes load lazily: opened, only the spectator link's.
    spectator.page.click("details.share summary")
    assert spectator.images_loaded() == [True]

    second = Tablet(browser, live_server)
    tablets.append(second)
    second.goto(edit_link)
    assert second.page.url == match_url  # the secret left the address bar
    open_deal_form(second.page)
    second.page.check("input[name=contract][value=H]")
    second.page.fill("input[name=points]", "98")
    # tafel.js ran: the other team's points appear while typing.
    assert second.page.locator("output.other-points").text_content() == "\u2192 59"
    second.page.click("button[type=submit]")
    second.page.wait_for_selector("#deal-1")

    table.goto("/disputes/card")
    assert table.page.locator(".picker").count() == 1  # disputes.js ran
    table.goto("/rules")
    for tablet in tablets:
        tablet.collect()
        assert tablet.violations == [], tablet.violations
        assert [m for m in tablet.console if "Content Security Policy" in m or "Refused" in m] == [], (
            tablet.console
        )
