"""Coiffeur at the dispute desk: COIFFEUR.md example 2's Slalom tricks, and Misère counts (C6.3)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from rules_engine.cards import Card
from scorer.games.coiffeur.disputes import DESK, count_ruling

EN = {"Accept-Language": "en"}


def verdict(page: str) -> str:
    found = re.search(r'class="verdict[^"]*"[^>]*>(.*?)<', page, re.S)
    return found.group(1).strip() if found else ""


def test_slalom_trick_2_must_follow_suit(client: FlaskClient) -> None:
    """Trick 2 of a Slalom opening Obenabe is Undenufe: S led, S9 held, D6 breaks C5.1."""
    query = "game=coiffeur&contract=slalom_undenufe&trick=S8&hand=S9+D6&card=D6"
    page = client.get(f"/disputes/card?{query}&ask=1", headers=EN).get_data(as_text=True)
    assert "D6 was not allowed." in page and "C5.1" in page
    assert "Could have been played instead: S9" in page
    page = client.get(
        "/disputes/card?game=coiffeur&contract=slalom_undenufe&trick=S8&hand=D6&card=D6&ask=1", headers=EN
    )
    assert "D6 was allowed." in page.get_data(as_text=True)


def test_slalom_trick_winner_follows_the_mode() -> None:
    """Example 2: in an Undenufe trick S8 S6 SK D6, S6 wins; in an Obenabe trick HK HA H6 C9, HA wins."""
    undenufe = DESK.ranking("slalom_undenufe", "seed")
    obenabe = DESK.ranking("slalom_obenabe", "seed")

    def winner(ranking: object, cards: str) -> str:
        played = [Card.parse(c) for c in cards.split()]
        led = played[0].suit
        candidates = [c for c in played if c.suit is led]
        return str(max(candidates, key=ranking.power))  # type: ignore[attr-defined]

    assert winner(undenufe, "S8 S6 SK D6") == "S6"
    assert winner(obenabe, "HK HA H6 C9") == "HA"


def test_misere_counts(app: Flask) -> None:
    """Example 3: a Misère where the choosing team took 23 writes 157 − 23 = 134; 1 point is impossible."""
    with app.test_request_context(headers=EN):
        check_misere_counts()


def check_misere_counts() -> None:
    possible = count_ruling("misere_obenabe", 23)
    assert possible.ok is True and "C6.3" in possible.rules
    assert any("134" in line for line in possible.lines)
    impossible = count_ruling("misere_obenabe", 1)
    assert impossible.ok is False and "C9" in impossible.rules


def test_count_page(client: FlaskClient) -> None:
    page = client.get("/disputes/count?game=coiffeur&contract=misere_undenufe&points=156&ask=1", headers=EN)
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and "156 is impossible." in text
    page = client.get("/disputes/count?game=coiffeur&contract=slalom_obenabe&points=100&ask=1", headers=EN)
    assert "100 is possible." in page.get_data(as_text=True) and "C5.6" in page.get_data(as_text=True)


def test_no_weis_in_coiffeur(client: FlaskClient) -> None:
    page = client.get("/disputes/weis?game=coiffeur&contract=H&seat_1=H6+H7+H8&ask=1", headers=EN).get_data(
        as_text=True
    )
    assert "No Weis counts in Coiffeur." in page and "C1.3" in page
