"""Speak Jass in the browser: the dispute desk's card picker names Swiss cards for Schieber and
French cards for Klammern, never by codes such as HA or DA."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_card_picker_names_the_cards_of_the_game(page: Any, live_server: str) -> None:
    page.goto(f"{live_server}/disputes/card?game=schieber")
    page.locator("[name=hand]").click()
    ace = page.locator(".picker button[data-card=HA]")
    assert ace.inner_text() == "Ass" and ace.get_attribute("aria-label") == "Rosen Ass"
    ober = page.locator(".picker button[data-card=DQ]")
    assert ober.inner_text() == "Ober" and ober.get_attribute("aria-label") == "Eicheln Ober"
    assert page.locator(".picker span[data-suit=H]").inner_text() == "Ro"
    ober.click()  # what it types is still the code
    assert page.locator("[name=hand]").input_value().strip() == "DQ"

    page.check("input[name=game][value=klammern]")
    assert ace.inner_text() == "Ace" and ace.get_attribute("aria-label") == "Hearts Ace"
    assert page.locator(".picker span[data-suit=H]").inner_text() == "\u2665"
    texts = page.locator(".picker button[data-card]").all_inner_texts()
    assert not [t for t in texts if t[:1] in "HDSC" and t[1:] in ("A", "K", "Q", "J", "T", "6")]
