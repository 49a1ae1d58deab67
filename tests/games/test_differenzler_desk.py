"""Differenzler at the dispute desk: undertrumping (D4.3), a player's count (D8), no Weis (D5.3)."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import urlencode

from flask.testing import FlaskClient

EN = {"Accept-Language": "en"}


def ask(client: FlaskClient, screen: str, query: str) -> str:
    response = client.get(f"/disputes/{screen}?game=differenzler&{query}&ask=1", headers=EN)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_a_void_player_may_undertrump(client: FlaskClient) -> None:
    """D4.3: without the led suit, a trump lower than the one in the trick is allowed."""
    page = ask(client, "card", "contract=H&players=4&trick=S9+HK&hand=H6+C7&card=H6")
    assert "H6 was allowed." in page and "D4.3" in page


def test_undertrumping_while_holding_the_led_suit_is_not_allowed(client: FlaskClient) -> None:
    page = ask(client, "card", "contract=H&players=4&trick=S9+HK&hand=H6+S6&card=H6")
    assert "H6 was not allowed." in page


def test_three_players_fill_a_trick_with_three_cards(client: FlaskClient) -> None:
    page = ask(client, "card", "contract=H&players=3&trick=S9+SK+SA&hand=H6&card=H6")
    assert "With 3 players a trick holds 3 cards" in page


def test_counts_of_one_player(client: FlaskClient) -> None:
    """Worked example 1's rejection: 1 point is impossible (D8); 65 is possible."""
    assert "1 is impossible." in ask(client, "count", "contract=C&players=4&points=1")
    page = ask(client, "count", "contract=C&players=4&points=65")
    assert "65 is possible." in page and "D5.1" in page


def test_no_weis_in_differenzler(client: FlaskClient) -> None:
    page = ask(client, "weis", "contract=H&seat_1=H6+H7+H8")
    assert "No Weis counts in Differenzler." in page and "D5.3" in page


#: Seat 1 holds every Eichel, seat 2 every Rose, seat 3 every Schilte, seat 4 every Schelle (trump C).
SUIT_HANDS = {seat: [f"{suit}{rank}" for rank in "6789TJQKA"] for seat, suit in zip((1, 2, 3, 4), "DHSC")}


def match_tricks() -> list[list[str]]:
    """Seat 1 leads D6; seat 4 trumps (D4.2: trump at any time) and then leads trump to the end."""
    tricks = [[SUIT_HANDS[s][0] for s in (1, 2, 3, 4)]]
    for t in range(1, 9):
        tricks.append([SUIT_HANDS[s][t] for s in (4, 1, 2, 3)])
    return tricks


def replay_page(client: FlaskClient, record: dict[str, object]) -> str:
    query = urlencode({"game": "differenzler", "record": json.dumps(record), "ask": "1"})
    response = client.get(f"/disputes/replay?{query}", headers=EN)
    assert response.status_code == 200
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))


def test_replay_a_whole_deal_scores_it(client: FlaskClient) -> None:
    """Seat 4 takes all nine tricks: 157 points (D5.2); estimates 0, 0, 0, 157 score 0, 0, 0, −10 (D6.2, D6.3)."""
    record = {
        "game": "differenzler",
        "forehand": 1,
        "trump": "C",
        "estimates": [0, 0, 0, 157],
        "tricks": match_tricks(),
        "hands": {str(seat): cards for seat, cards in SUIT_HANDS.items()},
    }
    page = replay_page(client, record)
    assert "Every card follows the rules." in page
    assert "Points by seat: 0 : 0 : 0 : 157; tricks by seat: 0 : 0 : 0 : 9." in page
    assert "Scores by seat: 0 : 0 : 0 : -10." in page


def test_replay_finds_a_wrong_card(client: FlaskClient) -> None:
    """Trump led: seat 1 holds a trump and throws an Eichel (D4.4)."""
    hands = {str(seat): list(cards) for seat, cards in SUIT_HANDS.items()}
    hands["1"][8], hands["4"][0] = "C6", "DA"  # seats 1 and 4 swap DA and C6: seat 1 holds a trump
    record = {
        "game": "differenzler",
        "forehand": 4,
        "trump": "C",
        "tricks": [["C7", "D6", "H6", "S6"]],
        "hands": hands,
    }
    page = replay_page(client, record)
    assert "Trick 1: D6 by seat 1 was not allowed." in page and "D4.4" in page


def test_replay_from_the_fields_three_players(client: FlaskClient) -> None:
    """D1.1/D2.2: three players, three cards a trick; forehand seat 2 leads."""
    query = urlencode(
        {
            "game": "differenzler",
            "contract": "H",
            "players": "3",
            "forehand": "2",
            "tricks": "S6 SA S7",
            "ask": "1",
        }
    )
    page = client.get(f"/disputes/replay?{query}", headers=EN).get_data(as_text=True)
    assert "Every card follows the rules." in page and "Points so far, by seat: 0 : 0 : 11." in page
