"""A deal in a few taps on the match page itself (schieber/_panel.html), in Debian's Chromium.

Counted as bench/table.py counts them: a tap is a click on a chip, a key of the number pad,
a Weis button or Save; the digits of the points are keys of the pad. The goals: a plain
deal in at most 4 taps plus the digits and one request; two Weis and Stöck in at most 7
taps plus the digits; Save in sight without scrolling at 768×1024 and 1024×768. Without
JavaScript the same form posts and redirects; with the keyboard alone a whole deal is
entered (Tab, arrow keys on the chips, Enter saves).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.helpers.browser import ARTIFACTS, TWO_TAPS, check_layout, scoreboard, start_match

pytestmark = [pytest.mark.browser, pytest.mark.slow]

VIEWPORTS = ((768, 1024), (1024, 768))


class Taps:
    """A page whose taps are counted."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0
        self.digits = 0

    def tap(self, selector: str) -> None:
        self.page.click(selector)
        self.count += 1

    def chip(self, name: str, value: str) -> None:
        self.tap(f"form[data-deal-form] input[name={name}][value='{value}'] >> xpath=..")

    def points(self, text: str) -> None:
        for digit in text:
            self.page.click(f"form[data-deal-form] .pad-key[data-key='{digit}']")
            self.digits += 1


def new_match(page: Any, base: str) -> None:
    start_match(page, base, "schieber", ("Anna", "Beat", "Cla", "Dora"))


def test_deals_in_a_few_taps_and_one_request_each(page: Any, live_server: str, requests: list[str]) -> None:
    new_match(page, live_server)
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        box = page.locator("button.save-deal").bounding_box()
        assert box and box["y"] + box["height"] <= height, f"Save out of sight at {width}×{height}"
        # Everything a plain deal needs is in sight too: no scrolling.
        for selector in ("input[name=contract][value=undenufe] >> xpath=..", ".pad-key[data-key='0']"):
            part = page.locator(f"form[data-deal-form] {selector}").bounding_box()
            assert part and part["y"] + part["height"] <= box["y"], f"{selector} hidden at {width}×{height}"
    page.set_viewport_size({"width": 768, "height": 1024})
    assert focus_lands_on(page, "points")  # ready to type

    # A plain deal: Rosen (×1), Anna & Cla 98 — the other team's 59 shown at once (S5.4).
    requests.clear()
    taps = Taps(page)
    taps.chip("contract", "H")
    taps.points("98")
    assert page.locator("output.other-points").inner_text() == "\u2192 59"
    taps.tap("button.save-deal")
    page.wait_for_selector("#deal-1")
    assert scoreboard(page) == ["98", "59"]
    assert (taps.count, taps.digits) == (2, 2)  # team 1 is chosen already
    saves = [r for r in requests if "/deals/new" in r]
    assert len(saves) == 1 and not [r for r in requests if r.startswith("document")], requests
    assert page.locator(".entry-save .saved").inner_text() == "Deal 1 saved."
    assert focus_lands_on(page, "points")  # ready for the next deal
    assert page.evaluate("window.scrollY") == 0

    # Two Weis and Stöck: Schellen (×2), Beat & Dora 60, their 50 and 20, Stöck for Beat.
    requests.clear()
    taps = Taps(page)
    taps.chip("contract", "C")
    taps.chip("team", "2")
    taps.points("60")
    taps.tap("form[data-deal-form] .add-weis[data-team='2'][data-value='50']")
    taps.tap("form[data-deal-form] .add-weis[data-team='2'][data-value='20']")
    taps.chip("stoeck", "2")
    taps.tap("button.save-deal")
    page.wait_for_selector("#deal-2")
    assert taps.count <= 7, taps.count
    assert len([r for r in requests if "/deals/new" in r]) == 1
    # The share section is closed once a deal is in: its QR codes load lazily, so neither the
    # screen swapped in nor the page opened again asks the server for the edit link's (sent
    # no-store, every page load asked for it; the spectator link's is kept an hour, so a
    # reload may take it from the browser's cache).
    page.reload()
    page.wait_for_selector("form[data-deal-form]")
    assert not [r for r in requests if "/qr/edit" in r], requests
    # (60 + 50 + 20 + 20) × 2 for Beat & Dora, 97 × 2 for Anna & Cla (S5.6, S6.7).
    assert scoreboard(page) == [str(98 + 194), str(59 + 300)]

    # A mistake is said on the panel, what was typed stays: both best Weis worth 50 (S6.5).
    page.click("form[data-deal-form] input[name=contract][value=D] >> xpath=..")
    Taps(page).points("100")
    page.click("form[data-deal-form] .add-weis[data-team='1'][data-value='50']")
    page.click("form[data-deal-form] .add-weis[data-team='2'][data-value='50']")
    assert page.locator("fieldset.weis-best").is_visible()  # asked before Save
    page.click("button.save-deal")
    page.wait_for_selector("form[data-deal-form] .reason")
    assert "S6.5" in page.locator("form[data-deal-form] .reason").first.inner_text()
    assert page.locator("form[data-deal-form] input[name=points]").input_value() == "100"
    page.click("form[data-deal-form] input[name=weis_best][value='1'] >> xpath=..")
    page.click("button.save-deal")
    page.wait_for_selector("#deal-3")
    check_layout(page)
    page.screenshot(path=str(ARTIFACTS / "entry-panel-768.png"))


def test_without_javascript_the_panel_still_saves(browser: Any, live_server: str) -> None:
    context = browser.new_context(
        viewport={"width": 768, "height": 1024},
        locale="en",
        java_script_enabled=False,
        extra_http_headers={"Accept-Language": "en"},
    )
    try:
        page = context.new_page()
        new_match(page, live_server)
        # The page's stylesheets, the one inside <noscript> among them, before reading what they hide.
        page.wait_for_load_state("load")
        assert page.locator(".pad").is_hidden() and page.locator(".weis-adds").first.is_hidden()
        page.check("form[data-deal-form] input[name=contract][value=S]")
        page.check("form[data-deal-form] input[name=team][value='2']")
        page.fill("form[data-deal-form] input[name=points]", "100")
        page.fill("form[data-deal-form] input[name=weis_values_2]", "20")
        page.click("button.save-deal")
        page.wait_for_selector("#deal-1")
        assert scoreboard(page) == ["114", "240"]  # 57 × 2 and (100 + 20) × 2
        assert "Deal saved." in page.locator(".flashes").inner_text()
        assert page.locator("form[data-deal-form]").count() == 1  # ready for the next one
    finally:
        context.close()


def focus_lands_on(page: Any, name: str, seconds: float = 5.0) -> bool:
    """Whether the field ``name`` gets the focus within ``seconds`` (the browser gives a loaded
    page's autofocus when it gets to it, later on a busy machine)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if page.evaluate("document.activeElement.name") == name:
            return True
        page.wait_for_timeout(100)
    return False


def test_a_whole_deal_by_keyboard(page: Any, live_server: str) -> None:
    new_match(page, live_server)
    assert focus_lands_on(page, "points")

    def focused() -> str:
        return str(page.evaluate("document.activeElement.name + '=' + document.activeElement.value"))

    page.keyboard.type("61")
    page.keyboard.press("Shift+Tab")  # the teams: Anna & Cla chosen
    assert focused() == "team=1"
    page.keyboard.press("ArrowRight")  # Beat & Dora
    assert focused() == "team=2"
    page.keyboard.press("Shift+Tab")  # pushed
    page.keyboard.press("Shift+Tab")  # the contracts (none chosen yet: the last one)
    assert focused().startswith("contract=")
    page.keyboard.press("ArrowRight")  # from Undenufe round to Rosen, chosen
    assert focused() == "contract=H"
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert focused() == "points=61"
    page.keyboard.press("Enter")
    page.wait_for_selector("#deal-1")
    assert scoreboard(page) == ["96", "61"]
    assert focus_lands_on(page, "points")


def test_the_chalk_board_is_an_input(page: Any, live_server: str) -> None:
    """Tapping a team's 100, 50 or 20 line on the board chalks that value onto the entry's
    points for that team; the lines run as on the printed pad: 100s on top, 20s at the bottom."""
    new_match(page, live_server)
    page.goto(page.url + "?view=board")
    lines = page.locator(".board-half.side-2 .stroke-line")
    assert [lines.nth(i).get_attribute("data-chalk-value") for i in range(3)] == ["100", "50", "20"]
    page.click("form[data-deal-form] input[name=contract][value=H] >> xpath=..")
    page.click(".board-half.side-2 .line-50")
    page.click(".board-half.side-2 .line-50")
    page.click(".board-half.side-2 .line-20")
    entry = page.locator("form[data-deal-form]")
    assert entry.locator("input[name=points]").input_value() == "120"
    assert entry.locator("input[name=team][value='2']").is_checked()
    assert entry.locator("output.other-points").inner_text() == "\u2192 37"
    page.click("button.save-deal")
    page.wait_for_selector(".entry-save .saved:has-text('Deal 1 saved.')")
    assert scoreboard(page) == ["37", "120"]
    # Still the board after the save: 120 = one 100 and one 20 for Beat & Dora.
    assert page.locator(".board-half.side-2 .line-100").get_attribute("data-count") == "1"
    assert page.locator(".board-half.side-2 .line-20").get_attribute("data-count") == "1"
    page.screenshot(path=str(ARTIFACTS / "entry-panel-board-768.png"), full_page=True)


def new_klammern(page: Any, base: str, players: int = 4) -> None:
    """A Liga Klammern match (K8: each side's points count as Augen, so melds show)."""
    page.goto(f"{base}/matches/new/klammern")
    page.check(f"input[name=players][value='{players}']")
    page.check("input[name=format][value=liga]")
    for seat, name in enumerate(("Ben", "Sue", "Tom", "Ulla")[:players], start=1):
        page.fill(f"input[name=name_{seat}]", name)
    if players < 4:
        # Seat 4 is hidden at a table of three (the set-up script); its field stays empty.
        assert not page.locator("input[name=name_4]").is_visible()
        page.check(f"input[name=first_dealer][value='{players}']")
    page.click("form button[type=submit]")
    page.wait_for_selector("form[data-deal-form]")


def test_a_klammern_deal_with_a_meld_and_bella_in_a_few_taps(
    page: Any, live_server: str, requests: list[str]
) -> None:
    """Spades trump, Ben & Tom 80 card points, their Fifty (K5.3) and Ben's Bella (K5.5):
    80 + 50 + 20 = 150 against 84, 15 : 8 Augen (K8.1) — 4 taps and 2 digits, one request."""
    new_klammern(page, live_server)
    assert focus_lands_on(page, "points")
    requests.clear()
    taps = Taps(page)
    taps.chip("trump", "S")
    taps.points("80")
    assert page.locator("output.other-points").inner_text() == "\u2192 84"
    taps.tap("form[data-deal-form] .add-weis[data-field=meld_values_1][data-value='50']")
    assert page.locator("input[name=meld_values_1]").input_value() == "50"
    assert page.locator("fieldset.weis-best").is_hidden()  # no tie, no question (K5.2)
    taps.chip("bella", "1")
    taps.tap("button.save-deal")
    page.wait_for_selector("#deal-1")
    assert (taps.count, taps.digits) == (4, 2)
    assert len([r for r in requests if "/deals/new" in r]) == 1
    assert scoreboard(page)[:2] == ["15", "8"]

    # Equal best melds: the question whose count appears before Save (K5.2).
    page.click("form[data-deal-form] .add-weis[data-field=meld_values_1][data-value='20']")
    page.click("form[data-deal-form] .add-weis[data-field=meld_values_2][data-value='20']")
    assert page.locator("fieldset.weis-best").is_visible()
    check_layout(page)


def test_klammern_for_three_the_pad_types_into_the_field_in_focus(page: Any, live_server: str) -> None:
    """K1.4: every player's card points; the pad follows the field last tapped."""
    new_klammern(page, live_server, players=3)
    assert page.locator("form[data-deal-form] input[name=team]").count() == 0
    assert page.evaluate("document.activeElement.name") == "side_1"
    page.click("form[data-deal-form] input[name=trump][value=S] >> xpath=..")
    page.click("form[data-deal-form] input[name=side_1]")
    Taps(page).points("60")
    page.click("form[data-deal-form] input[name=side_2]")
    Taps(page).points("30")
    page.click("form[data-deal-form] input[name=side_3]")
    Taps(page).points("20")
    entry = page.locator("form[data-deal-form]")
    assert [entry.locator(f"input[name=side_{n}]").input_value() for n in (1, 2, 3)] == ["60", "30", "20"]
    page.click("form[data-deal-form] .add-weis[data-field=meld_values_2][data-value='50']")
    page.click("form[data-deal-form] input[name=bella][value='2'] >> xpath=..")
    page.click("button.save-deal")
    page.wait_for_selector("#deal-1")
    # Ben declared with 60 of 180 (Beet 90) and lost: 0; Sue 30 + 50 + 20 -> 10; Tom 20 -> 2 (K1.4).
    assert scoreboard(page)[:3] == ["0", "10", "2"]


def test_the_persian_pad_types_persian_digits(browser: Any, live_server: str) -> None:
    context = browser.new_context(
        viewport={"width": 768, "height": 1024}, locale="fa", extra_http_headers={"Accept-Language": "fa"}
    )
    try:
        page = context.new_page()
        new_klammern(page, live_server)
        page.click("form[data-deal-form] input[name=trump][value=S] >> xpath=..")
        Taps(page).points("\u06f8\u06f0")  # ۸۰, as the keys show it
        entry = page.locator("form[data-deal-form]")
        assert entry.locator("input[name=points]").input_value() == "\u06f8\u06f0"
        assert entry.locator("output.other-points").inner_text() == "\u2190 \u06f8\u06f4"  # ← ۸۴
        page.click("form[data-deal-form] .add-weis[data-field=meld_values_1]:first-child")
        page.click("button.save-deal")
        page.wait_for_selector("#deal-1")
        assert scoreboard(page)[:2] == ["10", "8"]  # 80 + 20 -> 10, 84 -> 8 (K8.1)
    finally:
        context.close()


def server_deals(page: Any, base: str) -> int:
    found = page.url.rstrip("/").rsplit("/", 1)[1]
    answer = page.request.get(f"{base}/offline/matches/{found}/state.json")
    return sum(1 for entry in answer.json()["entries"] if entry["kind"] == "deal")


def red(page: Any) -> int:
    """What the panel says is wrong: reasons and fields marked as errors."""
    return int(page.locator("form[data-deal-form] .reason, form[data-deal-form] .has-error").count())


def test_a_double_tap_saves_once_and_shows_the_saved_deal(page: Any, live_server: str) -> None:
    """One tap, one deal: Save tapped twice (a double tap, or a second tap 80-400 ms later)
    stores the deal once, and the panel shows it saved, empty for the next deal, with nothing
    in red; also when the server answers after the second tap. A Save tapped on the empty
    panel a while later still says what is missing."""
    new_match(page, live_server)

    def enter(deal: int, contract: str, gap: int) -> None:
        page.click(f"form[data-deal-form] input[name=contract][value={contract}] >> xpath=..")
        Taps(page).points("98")
        if gap:
            page.evaluate(TWO_TAPS, gap)
        else:
            page.dblclick("button.save-deal")
        page.wait_for_selector(f"#deal-{deal}")
        page.wait_for_timeout(1000)  # whatever the second tap sent has been answered
        assert server_deals(page, live_server) == deal, gap
        assert red(page) == 0, (gap, page.locator("form[data-deal-form]").inner_text())
        assert page.locator(".entry-save .saved").inner_text() == f"Deal {deal} saved.", gap

    for deal, gap in enumerate((0, 80, 200, 400), start=1):
        enter(deal, "H", gap)

    # A busy server: its answer comes after the second tap, which lands on the form still shown.
    def slowly(route: Any) -> None:
        answer = route.fetch()
        time.sleep(0.7)
        route.fulfill(response=answer)

    page.route("**/deals/new*", slowly)
    for deal, gap in ((5, 150), (6, 400)):
        enter(deal, "S", gap)
    page.unroute("**/deals/new*")
    page.wait_for_timeout(1600)
    page.click("button.save-deal")  # deliberate, on the empty panel: it asks for the contract
    page.wait_for_selector("form[data-deal-form] .has-error")
    assert server_deals(page, live_server) == 6
