"""DIFFERENZLER.md's worked example 2, copied from the rule file, and a Differenzler match
created and read through the table app's pages."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.helpers.tablet import csrf, hidden

#: Worked example 2 (DIFFERENZLER.md): forehand, trump, estimates, made.
PASSE = [
    (1, "C", [40, 0, 65, 50], [43, 0, 65, 49]),
    (2, "H", [30, 55, 20, 45], [28, 61, 20, 48]),
    (3, "S", [70, 10, 35, 40], [52, 14, 41, 50]),
    (4, "D", [25, 45, 50, 30], [25, 47, 55, 30]),
]


SCORES = [[3, 0, -10, 1], [2, 6, -10, 3], [18, 4, 6, 10], [-10, 2, 5, -10]]


def new_differenzler(client: FlaskClient, **fields: Any) -> int:
    data = {
        "csrf_token": csrf(client, "/matches/new/differenzler"),
        "players": "4",
        "deal_count": "16",
        "form": "hidden",
        "first_forehand": "1",
        "name_1": "Anna",
        "name_2": "Beat",
        "name_3": "Cla",
        "name_4": "Doris",
    }
    data.update({k: str(v) for k, v in fields.items()})
    response = client.post("/matches/new/differenzler", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def deal_fields(forehand: int, trump: str, estimates: list[int], made: list[int]) -> dict[str, Any]:
    fields: dict[str, Any] = {"forehand": forehand, "trump": trump}
    for n, (estimate, points) in enumerate(zip(estimates, made, strict=True), start=1):
        fields[f"estimate_{n}"] = estimate
        fields[f"points_{n}"] = points
    return fields


def totals(page: str) -> list[int]:
    return [int(v) for v in re.findall(r'class="big-score" data-score="(-?\d+)"', page)]


def passe_record() -> dict[str, object]:
    deals = [
        {"forehand": forehand, "trump": trump, "estimates": estimates, "points": made}
        for forehand, trump, estimates, made in PASSE
    ]
    return {"game": "differenzler", "players": 4, "deal_count": 16, "deals": deals}


def seat_links(client: FlaskClient, match_id: int) -> dict[int, str]:
    """Each seat's own estimate link (its path), as the table's tablet shows them (D3.3): the
    seats no phone holds yet."""
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    found = re.findall(
        r'<figure class="qr" data-seat="(\d)">(?:(?!</figure>).)*?'
        r'class="link-copy seat-link" type="text" readonly value="https?://[^/"]+([^"]+)"',
        page,
        re.S,
    )
    assert found, "no seat links on the table's match page"
    return {int(seat): path for seat, path in found}


def seat_phone(app: Any, link: str) -> FlaskClient:
    """A player's phone that opened its seat's link."""
    device: FlaskClient = app.test_client()
    device.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    response = device.get(link)
    assert response.status_code == 303, response.get_data(as_text=True)
    return device


def seal(
    device: FlaskClient, match_id: int, seat: int, value: Any, extra: dict[str, str] | None = None
) -> Any:
    """Seal ``value`` with the seat's own page (the phone holds the seat)."""
    url = f"/matches/{match_id}/estimate/{seat}"
    page = device.get(url).get_data(as_text=True)
    data = {
        "csrf_token": csrf(device, url),
        "idem": hidden(page, "idem"),
        "deal": hidden(page, "deal"),
        "estimate": str(value),
    }
    data.update(extra or {})
    return device.post(url, data=data)


def new_differenzler_event(client: FlaskClient, **fields: Any) -> int:
    page = client.get("/events/new").get_data(as_text=True)
    data = {
        "csrf_token": csrf(client, "/events/new"),
        "idem": hidden(page, "idem"),
        "title": "Differenzler-Abend",
        "game": "differenzler",
        "passen": "2",
        # Schieber's fields, sent by the same form, play no part in a Differenzler event.
        "format": "einzel",
        "games_per_passe": "12",
        "streich": "0",
        "match_value": "157",
        "confirm": "per_game",
    }
    data.update({k: str(v) for k, v in fields.items()})
    response = client.post("/events/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])
