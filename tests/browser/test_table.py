"""A person at the card table: a Schieber match to the target and a Klammern small/big match.

Drives Debian's Chromium through Playwright against a real server; screenshots at tablet
size go to test-artifacts/.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.helpers.browser import ARTIFACTS, check_layout, check_readable, open_deal_form, scoreboard

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


#: The match page, where a saved deal's form sends the browser back.
SHOWN = re.compile(r"/matches/\d+$")


def save_deal(page: Any) -> None:
    """Submit the deal form and wait for the match page: a score read before the page has
    arrived reads the form's page, which has no scoreboard."""
    page.click("button[type=submit]")
    page.wait_for_url(SHOWN)


def schieber_deal(
    page: Any,
    contract: str,
    team: int,
    points: int | None,
    *,
    match: bool = False,
    weis: tuple[int, str, str, str] | None = None,
    stoeck: int | None = None,
) -> None:
    open_deal_form(page)
    page.check(f"input[name=contract][value={contract}]")
    page.check(f"input[name=team][value='{team}']")
    if match:
        page.check("input[name=match]")
    if points is not None:
        page.fill("input[name=points]", str(points))
    if weis:
        seat, kind, suit, top = weis
        page.select_option(f"select[name=weis_{seat}_1_kind]", kind)
        if suit:
            page.select_option(f"select[name=weis_{seat}_1_suit]", suit)
        page.select_option(f"select[name=weis_{seat}_1_top]", top)
    if stoeck:
        page.check(f"input[name=stoeck][value='{stoeck}']")
    save_deal(page)


def test_schieber_match_to_the_target(page: Any, live_server: str) -> None:
    page.goto(f"{live_server}/matches/new/schieber")
    for seat, name in enumerate(("Anna", "Beat", "Cla", "Dora"), start=1):
        page.fill(f"input[name=name_{seat}]", name)
    page.fill("input[name=target]", "1000")
    page.check("input[name=rosen7][value='2']")
    check_layout(page)
    shot(page, "schieber-new")
    page.click("button[type=submit]")
    assert page.locator(".next-turn").inner_text() == "Next deal: Anna deals, Beat is forehand."

    # An impossible count: 156 leaves 1 for the other team, which no card set makes (S8).
    open_deal_form(page)
    page.check("input[name=contract][value=H]")
    page.fill("input[name=points]", "156")
    assert page.locator("output.other-points").inner_text() == "\u2192 1"  # shown while typing
    page.click("button[type=submit]")
    error = page.locator("fieldset.points .reason")
    assert "156" in error.inner_text()
    assert error.locator("a.rule").inner_text() == "S8"
    check_layout(page)
    shot(page, "schieber-rejected-156")
    # The same form, corrected: Weis for Anna (Rosen 6-7-8, 20) and Stöck for Cla (20).
    page.fill("input[name=points]", "98")
    page.select_option("select[name=weis_1_1_kind]", "run3")
    page.select_option("select[name=weis_1_1_suit]", "H")
    page.select_option("select[name=weis_1_1_top]", "8")
    page.check("input[name=stoeck][value='3']")
    save_deal(page)
    assert scoreboard(page) == ["138", "59"]

    schieber_deal(page, "undenufe", 1, 100)  # ×4: 400 : 228
    assert scoreboard(page) == ["538", "287"]
    schieber_deal(page, "S", 2, None, match=True)  # Match ×2: 0 : 514
    assert scoreboard(page) == ["538", "801"]
    assert "Match" in page.locator("#deal-3").inner_text()
    check_layout(page)
    check_readable(page)
    shot(page, "schieber-match-screen")
    page.set_viewport_size({"width": 1024, "height": 768})
    shot(page, "schieber-match-screen-landscape")
    page.set_viewport_size({"width": 768, "height": 1024})
    page.click("text=Chalk board")
    assert page.locator(".stroke-line.line-100").first.get_attribute("data-count") == "5"
    check_layout(page)
    shot(page, "schieber-chalk-board")
    page.click("text=Deal list")

    # Obenabe ×3 with four Asses for Beat: the Weis (300) takes team 2 from 801 past 1000, and the
    # match ends there: the trick points are not counted (S7.1, S7.2).
    schieber_deal(page, "obenabe", 2, 120, weis=(2, "four", "", "A"))
    assert scoreboard(page) == ["538", "1101"]
    assert page.locator(".scoreboard .side-2 .big-score").inner_text() == "1,101"  # English digits grouping
    summary = page.locator(".summary").inner_text()
    assert "Match over" in summary and "Beat & Dora" in summary and "No Schneider" in summary
    assert page.locator("a.enter-deal").count() == 0
    check_layout(page)
    shot(page, "schieber-finished")


def klammern_deal(page: Any, points: int) -> None:
    open_deal_form(page)
    page.check("input[name=trump][value=S]")
    page.select_option("select[name=declarer]", "1")  # Ben makes trump every time
    page.fill("input[name=points]", str(points))
    save_deal(page)


def test_klammern_small_big_through_laube_and_kalte(page: Any, live_server: str) -> None:
    page.goto(f"{live_server}/matches/new/klammern")
    for seat, name in enumerate(("Ben", "Sue", "Tom", "Ulla"), start=1):
        page.fill(f"input[name=name_{seat}]", name)
    check_layout(page)
    shot(page, "klammern-new")
    page.click("button[type=submit]")
    for _ in range(4):
        klammern_deal(page, 100)
    states = page.locator(".states").inner_text()
    assert "Ben & Tom are in the Laube." in states and "Sue & Ulla must play." in states
    check_layout(page)
    shot(page, "klammern-laube")
    open_deal_form(page)
    check_layout(page)
    shot(page, "klammern-deal-form")
    page.check("input[name=trump][value=S]")
    page.select_option("select[name=declarer]", "1")
    page.fill("input[name=points]", "100")
    save_deal(page)
    assert page.locator("tr.kalte").count() == 1
    assert page.locator("[data-big]").first.get_attribute("data-big") == "2"
    assert page.locator(".states .mark").count() == 0
    check_layout(page)
    shot(page, "klammern-kalte")


def test_other_team_hint_reads_right_to_left_in_persian(browser: Any, live_server: str) -> None:
    context = browser.new_context(
        viewport={"width": 768, "height": 1024}, locale="fa", extra_http_headers={"Accept-Language": "fa"}
    )
    page = context.new_page()
    try:
        page.goto(f"{live_server}/matches/new/schieber")
        page.click("button[type=submit]")
        open_deal_form(page)
        page.fill("input[name=points]", "98")
        # 157 − 98 = 59 for the other team (S6.1), pointed at leftwards, in Persian digits.
        assert page.locator("output.other-points").inner_text() == "\u2190 \u06f5\u06f9"
    finally:
        context.close()


#: The layout shifts the page has seen since its HTML was parsed whole (Chromium's Layout
#: Instability API). Before that a slow machine may paint a half-parsed page, and what the
#: half-drawn rows do is the stylesheet's part, not the scripts'.
LAYOUT_SHIFTS = """() => new Promise((done) => {
  const parsed = performance.getEntriesByType("navigation")[0].domContentLoadedEventStart;
  const after = (entries) => entries.filter((e) => e.startTime >= parsed).map((e) => e.value);
  new PerformanceObserver((list) => { const late = after(list.getEntries()); if (late.length) done(late); })
    .observe({ type: "layout-shift", buffered: true });
  setTimeout(() => done([]), 500);
})"""


def test_pages_hold_still_while_their_scripts_start(page: Any, live_server: str) -> None:
    """A finger reaching for "Enter deal" as the page appears must land on it: the scripts that
    start after the page has loaded (the network status line among them) move nothing."""
    new_match = f"{live_server}/matches/new/schieber"
    page.goto(new_match)
    for seat, name in enumerate(("Anna", "Beat", "Chris", "Dora"), start=1):
        page.fill(f"input[name=name_{seat}]", name)
    with page.expect_navigation():
        page.click("button[type=submit]")
    match_page = page.url
    for address in (new_match, match_page, f"{match_page}/deals/new"):
        page.goto(address)
        # "live" is what the offline script writes into the status line once it has started.
        page.locator("#net-status[data-state=live]").wait_for()
        assert page.evaluate(LAYOUT_SHIFTS) == [], address
