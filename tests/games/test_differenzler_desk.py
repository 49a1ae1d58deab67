"""Differenzler at the dispute desk: undertrumping (D4.3), a player's count (D8), no Weis (D5.3)."""

from __future__ import annotations

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
