"""A finished Schieber whose winner has the lower score says why (S7.3: both teams crossed the
target by trick points in the last deal, and the winner reached it first during play)."""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from tests.helpers.tablet import csrf

#: 134 : 180 after two deals to 200; the third gives team 1 80 and team 2 77: both cross (S7.3).
RECORD = {
    "game": "schieber",
    "target": 200,
    "deals": [
        {"forehand": 1, "contract": "H", "points": {"team": 2, "value": 90}},
        {"forehand": 2, "contract": "H", "points": {"team": 2, "value": 90}},
        {"forehand": 3, "contract": "H", "points": {"team": 1, "value": 80}, "reached_first": 1},
    ],
}


def imported(client: FlaskClient, record: dict[str, object]) -> str:
    token = csrf(client, "/matches/import")
    response = client.post(
        "/matches/import", data={"csrf_token": token, "text": json.dumps(record), "deck": "swiss"}
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    return client.get(response.headers["Location"]).get_data(as_text=True)


def test_the_lower_score_wins_and_the_page_says_it_reached_the_target_first(client: FlaskClient) -> None:
    page = imported(client, RECORD)
    assert "Match over" in page
    line = page[page.index('class="reached-first"') :].split("</p>")[0]
    assert "S7.3" in line and "reached it first during play" in line and "Seat 1 &amp; Seat 3" in line


def test_a_plain_win_says_nothing_more(client: FlaskClient) -> None:
    record = {
        **RECORD,
        "deals": [
            *RECORD["deals"][:2],
            {"forehand": 3, "contract": "H", "points": {"team": 2, "value": 120}},
        ],
    }  # type: ignore[list-item]
    page = imported(client, record)
    assert "Match over" in page and 'class="reached-first"' not in page
