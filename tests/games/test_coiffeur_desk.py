"""Coiffeur at the dispute desk: COIFFEUR.md example 2's Slalom tricks, and Misère counts (C6.3)."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import urlencode

from flask import Flask
from flask.testing import FlaskClient

from rules_engine.cards import Card
from scorer.games.coiffeur.disputes import DESK, count_ruling
from tests.helpers.pdf import flat, page_texts

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


def replay(client: FlaskClient, **fields: str) -> str:
    query = urlencode({"game": "coiffeur", "forehand": "1", **fields, "ask": "1"})
    response = client.get(f"/disputes/replay?{query}", headers=EN)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_example_2_slalom_tricks_replayed(client: FlaskClient) -> None:
    """COIFFEUR.md example 2 at the desk: trick 1 (Obenabe) HK HA H6 C9 goes to HA, 15 points; trick 2
    (Undenufe) S8 S6 SK D6 goes to S6, 12 points (``opening``: Obenabe values throughout)."""
    page = text_of(replay(client, contract="slalom_obenabe", tricks="HK HA H6 C9\nS8 S6 SK D6"))
    assert "Every card follows the rules." in page
    rows = re.findall(r"<td>(\d)</td><td>(\d+)</td></tr>", replay_table(client))
    assert rows == [("2", "15"), ("3", "12")]  # the seat that took each trick, its points
    assert "Points so far, by seat: 0 : 15 : 12 : 0." in page


def replay_table(client: FlaskClient) -> str:
    page = replay(client, contract="slalom_obenabe", tricks="HK HA H6 C9\nS8 S6 SK D6")
    return page[page.index('class="desk-table tricks"') :]


def test_example_2_d6_while_holding_s9_is_the_first_wrong_card(client: FlaskClient) -> None:
    """Example 2: seat 1 holds a spade (S9) and throws D6 in trick 2, an Undenufe trick: C5.1/S4.2."""
    page = text_of(
        replay(client, contract="slalom_obenabe", tricks="HK HA H6 C9\nS8 S6 SK D6", hand_1="HK D6 S9")
    )
    assert "Trick 2: D6 by seat 1 was not allowed." in page and "C5.1" in page
    assert "Trick 2 is played Undenufe." in page and "play one of S9" in page


def test_example_2_per_trick_points_from_a_record(client: FlaskClient) -> None:
    """Example 2 with ``mixed_points: "per_trick"`` (six11): trick 2 = 8 + 11 + 4 + 11 = 34."""
    record = {
        "game": "coiffeur",
        "options": {"mixed_points": "per_trick"},
        "chooser": 1,
        "contract": {"type": "slalom", "start": "obenabe"},
        "tricks": [["HK", "HA", "H6", "C9"], ["S8", "S6", "SK", "D6"]],
    }
    page = text_of(replay(client, record=json.dumps(record)))
    assert "Points so far, by seat: 0 : 15 : 34 : 0." in page


#: Seat 1 holds every Eichel, seat 2 every Rose, seat 3 every Schilte, seat 4 every Schelle.
SUIT_HANDS = {seat: [f"{suit}{rank}" for rank in "6789TJQKA"] for seat, suit in zip("1234", "DHSC")}


def one_suit_tricks() -> str:
    """Seat 1 leads and wins every trick with the suit no one else holds (no trump)."""
    return "\n".join(" ".join(SUIT_HANDS[s][t] for s in "1234") for t in range(9))


def test_a_whole_misere_the_choosing_team_took_all_nine(client: FlaskClient) -> None:
    """C6.3: a Misère whose choosing team took all nine tricks writes 0, a Konter-Match (C6.4)."""
    page = text_of(replay(client, contract="misere_obenabe", tricks=one_suit_tricks()))
    assert "Every card follows the rules." in page
    assert "Trick points: team 1 157, team 2 0." in page
    assert "team 1 writes 0 times the row's factor" in page and "Konter-Match" in page
    obenabe = text_of(replay(client, contract="obenabe", tricks=one_suit_tricks()))
    assert "Team 1 writes 257 times the row's factor." in obenabe  # C6.2: a Match


def test_misere_with_trump_allows_undertrumping_when_void(client: FlaskClient) -> None:
    """C5.4: in a trump Misère a player without the led suit may undertrump; with plain trump S4.4 forbids it."""
    query = "game=coiffeur&trick=S8+HK&hand=H6+D7&card=H6&ask=1"
    page = client.get(f"/disputes/card?{query}&contract=misere_H", headers=EN).get_data(as_text=True)
    assert "H6 was allowed." in page and "C5.4" in page
    page = client.get(f"/disputes/card?{query}&contract=H", headers=EN).get_data(as_text=True)
    assert "H6 was not allowed." in page and "S4.4" in page


def test_misere_with_trump_count(app: Flask) -> None:
    """A trump Misère's count: 23 is possible and writes 157 − 23 = 134 (C6.3); 156 is impossible."""
    with app.test_request_context(headers=EN):
        possible = count_ruling("misere_H", 23)
        assert possible.ok is True and "C6.3" in possible.rules
        assert any("134" in line for line in possible.lines)
        assert count_ruling("misere_H", 156).ok is False


def test_the_replay_prints(client: FlaskClient) -> None:
    """The desk's PDF of a Coiffeur replay names the wrong card and its rule."""
    query = urlencode(
        {
            "game": "coiffeur",
            "forehand": "1",
            "contract": "slalom_obenabe",
            "tricks": "HK HA H6 C9\nS8 S6 SK D6",
            "hand_1": "HK D6 S9",
            "ask": "1",
        }
    )
    response = client.get(f"/disputes/replay.pdf?{query}", headers=EN)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = flat(" ".join(page_texts(response.data)))
    assert "C5.1" in text and "D6" in text
