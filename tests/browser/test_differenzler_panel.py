"""A Differenzler deal on the match screen itself (differenzler/_panel.html), in Debian's Chromium.

DIFFERENZLER.md: each player estimates his card points before play, masked under hidden
estimates (D3.3); the players' points make 157 (D5.1), so the last is filled as 157 minus the
others; a deal scores each player's difference (D6). Every figure is typed on the number pad
into the field in focus; Save sends one request and loads no page.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.browser import ARTIFACTS, check_layout, save_in_sight, scoreboard, start_match
from tests.helpers.differenzler import PASSE, SCORES

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def on_pad(page: Any, field: str, digits: str) -> None:
    """Tap the field, then its digits on the pad."""
    page.click(f"form[data-deal-form] input[name={field}]")
    for digit in digits:
        page.click(f"form[data-deal-form] .pad-key[data-key='{digit}']")


def test_a_differenzler_deal_on_the_match_screen(page: Any, live_server: str, requests: list[str]) -> None:
    start_match(page, live_server, "differenzler", ("Anna", "Beat", "Cla", "Doris"))
    assert "Anna is forehand" in page.locator("#entry-title").inner_text()
    check_layout(page)
    assert save_in_sight(page), "Save out of sight at 768×1024"

    # DIFFERENZLER.md's first deal of the Passe: Schellen; estimates 40, 0, 65, 50; made 43, 0, 65
    # and the rest (49) filled in.
    _forehand, trump, estimates, made = PASSE[0]
    requests.clear()
    page.click(f"form[data-deal-form] input[name=trump][value={trump}] >> xpath=..")
    for seat, estimate in enumerate(estimates, start=1):
        on_pad(page, f"estimate_{seat}", str(estimate))
    assert page.locator("input[name=estimate_1]").get_attribute("type") == "password"  # D3.3
    for seat, points in enumerate(made[:3], start=1):
        on_pad(page, f"points_{seat}", str(points))
    assert page.locator("input[name=points_4]").input_value() == str(157 - sum(made[:3])) == str(made[3])
    page.screenshot(path=str(ARTIFACTS / "differenzler-panel.png"), full_page=True)
    page.click("button.save-deal")
    page.wait_for_selector("#deal-1")
    assert [int(score) for score in scoreboard(page)] == SCORES[0]
    assert len([r for r in requests if "/deals/new" in r]) == 1
    assert not [r for r in requests if r.startswith("document")], requests
    assert "Beat is forehand" in page.locator("#entry-title").inner_text()
    assert page.locator("input[name=estimate_1]").input_value() == ""  # the next deal's panel

    # Points that do not make 157 are refused at the points (D8), nothing stored. The last
    # player's figure, filled in, is typed over on the pad.
    page.click("form[data-deal-form] input[name=trump][value=H] >> xpath=..")
    for seat in range(1, 5):
        on_pad(page, f"estimate_{seat}", "40")
        on_pad(page, f"points_{seat}", "40")
    page.click("button.save-deal")
    page.wait_for_selector("form[data-deal-form] fieldset.points .reason")
    said = page.locator("form[data-deal-form] fieldset.points .reason").all_inner_texts()
    assert any("D8" in s and "160" in s for s in said), said
    assert page.locator("#deal-2").count() == 0
