"""Coiffeur through the table app's pages: COIFFEUR.md's worked examples entered as a table would."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.app.conftest import csrf, post_deal

#: Worked example 1 (COIFFEUR.md): forehand, pushes, chooser, row, contract, points team, value.
EXAMPLE_1: list[tuple[int, int, int, int, str, int, int | str]] = [
    (1, 0, 1, 6, "undenufe", 1, 121),
    (2, 0, 2, 2, "H", 2, 88),
    (3, 2, 1, 8, "S", 1, 140),
    (4, 0, 4, 1, "D", 1, 100),
    (1, 0, 1, 5, "obenabe", 1, "match"),
    (2, 2, 4, 4, "C", 2, 101),
    (3, 0, 3, 1, "D", 1, 92),
    (4, 0, 4, 7, "obenabe", 2, 66),
    (1, 0, 1, 3, "S", 1, 73),
    (2, 0, 2, 3, "S", 2, 110),
    (3, 2, 1, 7, "H", 1, 99),
    (4, 0, 4, 5, "obenabe", 1, 113),
    (1, 0, 1, 2, "H", 1, 64),
    (2, 0, 2, 8, "C", 2, 35),
    (3, 0, 3, 4, "C", 1, 118),
    (4, 0, 4, 6, "undenufe", 2, 90),
]
#: Team totals after each deal (the table's last two columns).
TOTALS = [
    (726, 0),
    (726, 176),
    (1846, 176),
    (1846, 233),
    (3131, 233),
    (3131, 637),
    (3223, 637),
    (3223, 1099),
    (3442, 1099),
    (3442, 1429),
    (4135, 1429),
    (4135, 1649),
    (4263, 1649),
    (4263, 1929),
    (4735, 1929),
    (4735, 2469),
]


def new_coiffeur(client: FlaskClient, **fields: Any) -> int:
    data = {
        "csrf_token": csrf(client, "/matches/new/coiffeur"),
        "grid": "official8",
        "deck": "swiss",
        "first_forehand": "1",
        "name_1": "Anna",
        "name_2": "Beat",
        "name_3": "Cla",
        "name_4": "Dora",
    }
    data.update({k: str(v) for k, v in fields.items()})
    response = client.post("/matches/new/coiffeur", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def deal_fields(
    forehand: int, chooser: int, row: int, contract: str, team: int, value: int | str
) -> dict[str, Any]:
    """What a player taps: who chose, the row, the Wunsch contract, the points (pushes derived)."""
    fields: dict[str, Any] = {"kind": "deal", "forehand": forehand, "chooser": chooser, "row": row}
    if row in (7, 8):  # official8's Wunsch rows name their contract
        fields["contract"] = contract
    if value == "match":
        fields["result"] = "match"
    else:
        fields.update(result="points", team=team, points=value)
    return fields


def totals(page: str) -> tuple[int, int]:
    found = re.findall(r'class="big-score" data-score="(-?\d+)"', page)
    assert len(found) == 2, page
    return int(found[0]), int(found[1])


def test_worked_example_1_through_the_pages(client: FlaskClient) -> None:
    match_id = new_coiffeur(client)
    for index, (forehand, _pushes, chooser, row, contract, team, value) in enumerate(EXAMPLE_1):
        response = post_deal(client, match_id, deal_fields(forehand, chooser, row, contract, team, value))
        assert response.status_code == 303, response.get_data(as_text=True)
        page = client.get(f"/matches/{match_id}").get_data(as_text=True)
        assert totals(page) == TOTALS[index], f"after deal {index}"
        if index == 13:  # C8.2: decided after (0-based) deal 13, shown while two rows are open
            assert "Decided after deal 14" in page
            assert "out of reach" in page and "has clinched the game" in page
        if index == 12:
            assert "Decided after" not in page
    export = client.get(f"/matches/{match_id}/export.json").get_json()
    assert [d["pushes"] for d in export["deals"]] == [e[1] for e in EXAMPLE_1]
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Match over" in page and "Winner: Anna &amp; Cla" in page
    # Every cell filled: no entry form any more (C7.1).
    assert client.get(f"/matches/{match_id}/deals/new").status_code == 302
