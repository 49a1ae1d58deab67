"""Live: a deal saved on one tablet appears on the other tablet and on a spectator's page
within seconds, without a reload (static/tafel.js polling scorer/matches/live.py).

Also: the htmx the app serves loads under the strict Content-Security-Policy without a
violation (it is configured by base.html's meta element).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers.browser import open_deal_form, scoreboard

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    context = browser.new_context(
        viewport={"width": 768, "height": 1024}, locale="en", extra_http_headers={"Accept-Language": "en"}
    )
    context.add_init_script(WATCH)
    context.set_default_timeout(15_000)
    yield context
    context.close()


def wait_for_scores(page: Any, expected: list[str], seconds: float) -> float:
    """Seconds until ``page`` shows ``expected`` without being reloaded (polled from here:
    wait_for_function evaluates a string, which the page's policy forbids)."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if scoreboard(page) == expected:
            return time.monotonic() - start
        page.wait_for_timeout(100)
    raise AssertionError(f"still {scoreboard(page)} after {seconds} s, expected {expected}")


def test_a_saved_deal_appears_on_the_other_tablet_and_the_spectator(
    browser: Any, context: Any, live_server: str
) -> None:
    tablet = context.new_page()
    tablet.goto(f"{live_server}/matches/new/schieber")
    for seat, name in enumerate(("Anna", "Beat", "Cla", "Dora"), start=1):
        tablet.fill(f"input[name=name_{seat}]", name)
    tablet.click("button[type=submit]")
    tablet.wait_for_selector("a.enter-deal")
    match_url = tablet.url

    second = context.new_page()  # the table's second tablet: same rights, its own page
    second.goto(match_url)
    assert second.locator("a.enter-deal").count() == 1
    watcher_context = browser.new_context(locale="en", extra_http_headers={"Accept-Language": "en"})
    try:
        spectator = watcher_context.new_page()
        spectator.goto(match_url)
        assert spectator.locator("a.enter-deal").count() == 0
        assert scoreboard(second) == scoreboard(spectator) == ["0", "0"]
        # Open on a match without deals; the page's next state would close it, but what the
        # reader has open stays open.
        assert second.locator("details.share").get_attribute("open") is not None

        # Rosen trump ×1 (S7): 98 for Anna & Cla, 157 − 98 = 59 for Beat & Dora (S6.1).
        open_deal_form(tablet)
        tablet.check("input[name=contract][value=H]")
        tablet.check("input[name=team][value='1']")
        tablet.fill("input[name=points]", "98")
        tablet.click("button[type=submit]")
        tablet.wait_for_selector("a.enter-deal")
        assert scoreboard(tablet) == ["98", "59"]

        wait_for_scores(second, ["98", "59"], 5)
        wait_for_scores(spectator, ["98", "59"], 5)
        assert second.locator("#deal-1").count() == 1 and spectator.locator("#deal-1").count() == 1
        assert second.locator("details.share").get_attribute("open") is not None
        # The second tablet's own buttons came along, with the new version (its undo works).
        second.locator("main[data-version='1']").wait_for()
        assert second.locator("a.enter-deal").count() == 1
        for page in (tablet, second):
            assert page.evaluate("window.__violations") == []
    finally:
        watcher_context.close()


def test_polling_an_unchanged_match_is_answered_304(context: Any, live_server: str) -> None:
    tablet = context.new_page()
    tablet.goto(f"{live_server}/matches/new/schieber")
    tablet.click("button[type=submit]")
    tablet.wait_for_selector("a.enter-deal")
    statuses: list[int] = []
    tablet.on("response", lambda r: statuses.append(r.status) if r.url.endswith("/version") else None)
    tablet.wait_for_timeout(7_000)
    assert len(statuses) >= 2
    assert statuses[0] == 200 and set(statuses[1:]) == {304}


def test_htmx_loads_under_the_policy(context: Any, live_server: str) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{live_server}/matches/")
    page.add_script_tag(url=f"{live_server}/static/vendor/htmx.min.js")
    assert page.evaluate("window.htmx && window.htmx.version") == "2.0.11"
    assert page.evaluate("window.htmx.config.includeIndicatorStyles") is False
    assert page.evaluate("window.__violations") == [] and errors == []
