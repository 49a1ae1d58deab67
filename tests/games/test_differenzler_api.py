"""Differenzler through the JSON API: DIFFERENZLER.md's worked examples, and its records in the OpenAPI document."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema_rs  # schemathesis's validator
from flask.testing import FlaskClient

from tests.helpers.differenzler import PASSE, SCORES, passe_record


def post(client: FlaskClient, entry: str, record: dict[str, Any]) -> Any:
    response = client.post(f"/api/v1/{entry}", json=record)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_worked_example_1_deal(client: FlaskClient) -> None:
    deal = {
        "game": "differenzler",
        "options": {"form": "hidden"},
        "forehand": 1,
        "trump": "C",
        "estimates": [40, 0, 65, 50],
        "points": [43, 0, 65, 49],
        "tricks_won": [2, 0, 4, 3],
    }
    answer = post(client, "deal", deal)
    assert answer["score"] == [3, 0, -10, 1] and answer["credit"] == [0, 0, 10, 0]
    assert answer["exact"] == [False, True, True, False]
    bad = {**deal, "points": [43, 0, 65, 48]}
    answer = post(client, "deal", bad)
    assert answer["valid"] is False and answer["errors"][0]["rule"] == "D8"
    bad = {**deal, "estimates": [40, None, 65, 50]}
    assert post(client, "deal", bad)["errors"][0]["rule"] == "D8"
    response = client.post("/api/v1/deal", json={**deal, "estimates": [40, 0, 65]})
    assert response.status_code == 400  # malformed: three estimates for four players


def test_worked_example_2_partie(client: FlaskClient) -> None:
    answer = post(client, "match", passe_record())
    assert answer["totals"] == [13, 12, -9, 4]
    assert [d["score"] for d in answer["deals"]] == SCORES
    assert [r["seat"] for r in answer["ranking"]] == [3, 4, 2, 1]
    assert answer["next"] == {"dealer": 4, "forehand": 1} and answer["finished"] is False
    record = passe_record()
    record["options"] = {"exact_bonus": 0}
    answer = post(client, "match", record)
    assert answer["totals"] == [23, 12, 11, 14]
    assert [r["seat"] for r in answer["ranking"]] == [3, 2, 4, 1]


def test_openapi_describes_differenzler_records(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").get_json()

    def fits(record: dict[str, Any], name: str) -> bool:
        schema = {"components": document["components"], "$ref": f"#/components/schemas/{name}"}
        return bool(jsonschema_rs.is_valid(schema, record))

    assert fits(passe_record(), "DifferenzlerMatch") and fits(passe_record(), "MatchRecord")
    with_weis = copy.deepcopy(passe_record())
    with_weis["deals"][0]["weis"] = {"1": [["H6", "H7", "H8"]]}  # type: ignore[index]
    assert not fits(with_weis, "DifferenzlerMatch")  # D5.3
    assert len(PASSE) == 4


def test_worked_example_1_options_and_rejections(client: FlaskClient) -> None:
    """Example 1 under ``zero_exact: "needs_zero_trick"`` (D6.3) and ``stoeck: "counted"`` (D5.4), and its D8
    rejections: 1 point, 65 points with no trick."""
    deal: dict[str, Any] = {
        "game": "differenzler",
        "forehand": 1,
        "trump": "C",
        "estimates": [40, 0, 65, 50],
        "points": [43, 0, 65, 49],
        "tricks_won": [2, 0, 4, 3],
    }
    zero = {**deal, "options": {"zero_exact": "needs_zero_trick"}}
    assert post(client, "deal", zero)["score"] == [3, 0, -10, 1]
    assert post(client, "deal", {**zero, "tricks_won": [2, 1, 3, 3]})["score"] == [3, -10, -10, 1]
    no_tricks = {k: v for k, v in zero.items() if k != "tricks_won"}
    assert post(client, "deal", no_tricks)["errors"][0]["rule"] == "D8"
    counted = {**deal, "options": {"stoeck": "counted"}, "stoeck": 3}
    assert post(client, "deal", {**counted, "estimates": [40, 0, 85, 50]})["score"] == [3, 0, -10, 1]
    assert post(client, "deal", counted)["difference"][2] == 20
    for bad in ({"points": [43, 1, 64, 49]}, {"tricks_won": [2, 1, 0, 6]}):
        answer = post(client, "deal", {**deal, **bad})
        assert answer["valid"] is False and answer["errors"][0]["rule"] == "D8"


def test_worked_example_2_dealer_credit_in_the_open_form(client: FlaskClient) -> None:
    """Deal 3 in the open form with ``dealer_credit``: the estimates sum to 155, ⌊2/5⌋ = 0; had they summed
    to 180, dealer seat 2 would get ⌊23/5⌋ = 4 off his score of 4, so 0 (D6.5)."""
    deal: dict[str, Any] = {
        "game": "differenzler",
        "options": {"form": "open", "dealer_credit": True},
        "forehand": 3,
        "trump": "S",
        "estimates": [70, 10, 35, 40],
        "points": [52, 14, 41, 50],
    }
    answer = post(client, "deal", deal)
    assert answer["dealer_credit"] == 0 and answer["score"] == [18, 4, 6, 10]
    answer = post(client, "deal", {**deal, "estimates": [95, 10, 35, 40]})
    assert answer["dealer_credit"] == 4 and answer["score"][1] == 0
