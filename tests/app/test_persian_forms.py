"""Persian new-match forms speak Persian digits: seat and team numbers, the table size, the
Passe's Match values — no Latin digit a player reads (hidden values stay as they are)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient


def visible_text(page: str) -> str:
    main = page[page.index("<main") : page.index("</main>")]
    main = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", main, flags=re.S)
    return re.sub(r"<[^>]+>", " ", main)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["schieber", "klammern", "passe"])
def test_no_latin_digits_on_the_persian_new_match_form(client: FlaskClient, game: str) -> None:
    page = client.get(f"/matches/new/{game}", headers={"Accept-Language": "fa"}).get_data(as_text=True)
    text = visible_text(page)
    assert re.findall(r"[0-9]+", text) == []
    assert "صندلی ۱" in text  # "Seat 1"
    # The values sent stay Latin: the form still reads them.
    assert re.search(r'value="1"', page)


def test_english_keeps_latin_digits(client: FlaskClient) -> None:
    text = visible_text(client.get("/matches/new/klammern").get_data(as_text=True))
    assert "Seat 1" in text and "Team 1" in text
