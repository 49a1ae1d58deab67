"""A Coiffeur deal on the match screen itself (coiffeur/_panel.html), in Debian's Chromium.

COIFFEUR.md: forehand chooses a row for his team unless he passes (C3.3); each team plays each
row once (C3.4, refused as C9); the cell is the chooser's team's trick points times the row's
factor (C6.1). The panel offers the rows as chips, forehand already chosen: a plain deal is
one tap on its row, the points on the pad and Save, in one request and no page load.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.browser import ARTIFACTS, check_layout, save_in_sight, scoreboard, start_match

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def tap_row(page: Any, row: int) -> None:
    page.click(f"form[data-deal-form] input[name=row][value='{row}'] >> xpath=..")


def type_points(page: Any, digits: str) -> None:
    for digit in digits:
        page.click(f"form[data-deal-form] .pad-key[data-key='{digit}']")


def struck(page: Any, row: int) -> bool:
    """The row's chip is struck out for the chooser chosen now (it takes no tap)."""
    chip = page.locator(f"form[data-deal-form] input[name=row][value='{row}'] >> xpath=..")
    return bool(chip.evaluate("e => getComputedStyle(e).pointerEvents === 'none'"))


def test_a_coiffeur_deal_on_the_match_screen(page: Any, live_server: str, requests: list[str]) -> None:
    start_match(page, live_server, "coiffeur", ("Anna", "Beat", "Cla", "Dora"), first_forehand="3")
    # Cla is forehand of the first deal (the set-up's choice) and chooses unless he passes.
    assert "Cla is forehand" in page.locator("#entry-title").inner_text()
    assert page.locator("input[name=chooser][value='3']").is_checked()
    check_layout(page)
    assert save_in_sight(page), "Save out of sight at 768×1024"

    # A Wunsch row asks what it is played as (C5.5); a suit row asks nothing more.
    parts = page.locator("form[data-deal-form] .contract-parts")
    tap_row(page, 7)
    assert parts.is_visible()
    tap_row(page, 2)
    assert not parts.is_visible()

    # Cla chooses Rosen ×2 and his team makes 100: the cell is 200 (C6.1). One tap on the row,
    # the digits and Save; one request, no page load.
    requests.clear()
    tap_row(page, 2)
    type_points(page, "100")
    assert page.locator("output.other-points").inner_text() == "\u2192 57"
    page.click("button.save-deal")
    page.wait_for_selector("#deal-1")
    assert scoreboard(page) == ["200", "0"]
    assert page.locator(".entry-save .saved").inner_text() == "Deal 1 saved."
    assert len([r for r in requests if "/deals/new" in r]) == 1
    assert not [r for r in requests if r.startswith("document")], requests

    # Deal 2: Dora is forehand (S2.3) and chooses for Beat & Dora; Rosen is still open for
    # them, and struck for Anna & Cla, whose cell it is (C3.4).
    assert "Dora is forehand" in page.locator("#entry-title").inner_text()
    assert page.locator("input[name=chooser][value='4']").is_checked()
    assert page.locator("input[name=team][value='2']").is_checked()
    assert not struck(page, 2)
    page.click("form[data-deal-form] input[name=chooser][value='1'] >> xpath=..")
    assert struck(page, 2) and not struck(page, 1)
    # The trick points asked follow the chooser's team.
    assert page.locator("input[name=team][value='1']").is_checked()
    page.screenshot(path=str(ARTIFACTS / "coiffeur-panel.png"), full_page=True)

    # Chosen with the keyboard all the same, the engine refuses it at the row: C9, counted
    # from 1 and named by the team's players; what was typed stays.
    page.locator("form[data-deal-form] input[name=row][value='1']").focus()
    page.keyboard.press("ArrowRight")
    assert page.locator("form[data-deal-form] input[name=row][value='2']").is_checked()
    type_points(page, "90")
    page.click("button.save-deal")
    page.wait_for_selector("form[data-deal-form] .grid-rows .reason")
    reason = page.locator("form[data-deal-form] .grid-rows .reason").inner_text()
    assert "C9" in reason and "Anna & Cla" in reason and "deal 1" in reason, reason
    assert page.locator("form[data-deal-form] input[name=points]").input_value() == "90"
    assert scoreboard(page) == ["200", "0"]

    # Dora passes to Anna, who chooses Eicheln ×1 for Anna & Cla: 90 → a cell of 90.
    tap_row(page, 1)
    page.click("button.save-deal")
    page.wait_for_selector("#deal-2")
    assert scoreboard(page) == ["290", "0"]
    assert page.locator("#deal-2").inner_text().count("pass") == 1  # one pass, from Dora to Anna
