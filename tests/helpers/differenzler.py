"""DIFFERENZLER.md's worked example 2, copied from the rule file, and a Differenzler match
created and read through the table app's pages."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.helpers.tablet import csrf

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
