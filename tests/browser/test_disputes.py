"""A person at the table settles arguments at the dispute desk, on a tablet, in Chromium.

Each screen is used as a person would: open the desk from its index, fill the form (the card
picker for some cards, typing for others), rule, follow the rule link, open the shared link.
Screenshots at 768x1024 go to test-artifacts/.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.helpers.browser import ARTIFACTS, check_layout
from tests.helpers.disputes import klammern_revoke_record

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"disputes-{name}.png"), full_page=True)


#: The dispute desk's own tap targets (its pages share the table app's header and footer).
DESK_TARGETS = (
    "main button, main .button, main .chip, main select, main a.rule, main summary,"
    " main input:not([type=hidden]):not([type=radio]):not([type=checkbox])"
)


def no_horizontal_scroll(page: Any) -> None:
    check_layout(page, DESK_TARGETS)


def pick(page: Any, field: str, *cards: str) -> None:
    """Tap a card field, then the cards in the picker."""
    page.locator(f"[name={field}]").click()
    for card in cards:
        page.locator(f".picker button[data-card={card}]").click()


def open_screen(page: Any, live_server: str, title: str) -> None:
    page.goto(f"{live_server}/disputes/")
    page.get_by_role("link", name=title).first.click()


def verdict(page: Any) -> str:
    return str(page.locator(".verdict").inner_text())


def test_was_that_card_allowed(page: Any, live_server: str) -> None:
    open_screen(page, live_server, "Was that card allowed?")
    page.select_option("[name=contract]", "H")
    pick(page, "trick", "CK", "H9")
    page.fill("[name=hand]", "H6 C6 CA")
    pick(page, "card", "H6")
    page.get_by_role("button", name="Rule").click()
    assert "H6 was not allowed." in verdict(page)
    assert page.locator(".ruling .rule-text[open]").inner_text().startswith("S4.4")
    no_horizontal_scroll(page)
    shot(page, "card")
    share = page.locator(".share-link").input_value()
    page.locator(".cited a.rule", has_text="S4.4").click()
    assert page.url.endswith("/rules/schieber#S4.4")
    page.locator("[id='S4.4']").wait_for(state="visible")  # the rule book may still be loading
    shot(page, "rulebook")
    page.goto(share)
    assert "H6 was not allowed." in verdict(page)


def test_who_takes_this_trick(page: Any, live_server: str) -> None:
    open_screen(page, live_server, "Who takes this trick?")
    page.select_option("[name=contract]", "undenufe")
    page.select_option("[name=leader]", "2")
    page.fill("[name=cards]", "c9 c6 ca h6")
    page.get_by_role("button", name="Rule").click()
    assert "C6 takes the trick (seat 3)." in verdict(page)
    no_horizontal_scroll(page)
    shot(page, "trick")


def test_whose_weis_counts(page: Any, live_server: str) -> None:
    open_screen(page, live_server, "Whose Weis / melds count?")
    page.select_option("[name=contract]", "undenufe")
    page.fill("[name=seat_1]", "CA CK CQ CJ")
    page.select_option("[name=kind_2]", "run4")
    page.select_option("[name=suit_2]", "H")
    page.select_option("[name=top_2]", "9")
    page.get_by_role("button", name="Rule").click()
    assert "Team 2 scores the Weis: 50 × 4 = 200." in verdict(page)
    assert page.locator(".reversal").is_visible()
    assert page.locator("table.steps tbody tr").count() == 3
    no_horizontal_scroll(page)
    shot(page, "weis")


def test_is_this_count_possible(page: Any, live_server: str) -> None:
    open_screen(page, live_server, "Is this count possible?")
    page.fill("[name=points]", "156")
    page.get_by_role("button", name="Rule").click()
    assert "156 is impossible." in verdict(page)
    no_horizontal_scroll(page)
    shot(page, "count-156")
    page.fill("[name=points]", "155")
    page.get_by_role("button", name="Rule").click()
    assert "155 is possible." in verdict(page)
    assert page.locator(".example .card").count() % 4 == 0


def test_replay_a_klammern_revoke(page: Any, live_server: str) -> None:
    record = klammern_revoke_record()
    open_screen(page, live_server, "Replay a deal")
    page.locator("details.import summary").click()
    page.fill("[name=text]", json.dumps(record))
    page.get_by_role("button", name="Import and replay").click()
    assert "was a revoke" in verdict(page)
    assert "K4.5" in page.locator(".cited").inner_text()
    assert page.locator(".tricks .card.wrong").count() == 1
    no_horizontal_scroll(page)
    shot(page, "replay-revoke")


def test_replay_typed_tricks(page: Any, live_server: str) -> None:
    open_screen(page, live_server, "Replay a deal")
    page.fill("[name=hand_2]", "H7 C6 C7 C8 C9 D6 D7 D8 D9")
    page.fill("[name=tricks]", "H6 C6 HA H9")
    page.get_by_role("button", name="Replay").click()
    assert "was not allowed" in verdict(page)
    assert "S4.5" in page.locator(".cited").inner_text()


def test_works_without_javascript(browser: Any, live_server: str) -> None:
    context = browser.new_context(
        viewport={"width": 768, "height": 1024},
        java_script_enabled=False,
        extra_http_headers={"Accept-Language": "en"},
    )
    page = context.new_page()
    page.goto(f"{live_server}/disputes/card")
    assert page.locator(".picker").count() == 0
    page.fill("[name=trick]", "H6")
    page.fill("[name=hand]", "HJ C6 CA")
    page.fill("[name=card]", "C6")
    page.get_by_role("button", name="Rule").click()
    assert "C6 was allowed." in verdict(page)
    shot(page, "card-no-js")
    context.close()


def test_picker_offers_the_chosen_games_deck(page: Any, live_server: str) -> None:
    """Klammern has no 6s (K2.1): the picker hides them for Klammern and shows them for Schieber."""
    page.goto(f"{live_server}/disputes/card?game=klammern")
    page.locator("[name=trick]").click()
    assert page.locator(".picker button[data-card=H6]").is_hidden()
    assert page.locator(".picker button[data-card=H7]").is_visible()
    page.locator("input[name=game][value=schieber]").check()
    page.locator("[name=trick]").click()
    assert page.locator(".picker button[data-card=H6]").is_visible()


def test_a_field_tapped_while_the_picker_loads_gets_the_picker(page: Any, live_server: str) -> None:
    """A quick finger taps a card field before the page's script has run: the field has the focus
    already, so no focus event will open the picker; the script opens it for that field."""
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    page.route("**/static/disputes.js*", hold)
    page.goto(f"{live_server}/disputes/card", wait_until="commit")
    page.locator("[name=trick]").click()
    assert held, "the script was asked for"
    held[0].continue_()
    page.locator(".picker button[data-card=CK]").click()
    assert page.locator("[name=trick]").input_value().strip() == "CK"
