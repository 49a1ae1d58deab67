"""The OpenAPI document and the engine agree on the records Schemathesis found them disagreeing
on: a body the schema accepts is answered 200, a body it refuses is answered 400."""

from __future__ import annotations

import json
from typing import Any

import jsonschema_rs
import pytest
from flask.testing import FlaskClient

from scorer.api.openapi import document

REQUESTS = {"/api/v1/deal": "DealRecord", "/api/v1/match": "MatchRecord", "/api/v1/legal": "LegalPosition"}


def schema_accepts(path: str, body: Any) -> bool:
    schemas = document()["components"]["schemas"]
    root = {"$ref": f"#/components/schemas/{REQUESTS[path]}", "components": {"schemas": schemas}}
    return bool(jsonschema_rs.Draft202012Validator(root).is_valid(body))


KLAMMERN_DEAL = {"game": "klammern", "declarer": 1, "trump": "S"}

FOUND = [
    # revoke.points had no length: one number per side (K1.4) is now the schema's too.
    (
        "/api/v1/deal",
        {**KLAMMERN_DEAL, "players": 2, "format": "liga", "revoke": {"points": [], "seat": 1}},
    ),
    ("/api/v1/deal", {**KLAMMERN_DEAL, "players": 3, "revoke": {"points": [40, 30, 20], "seat": 1}}),
    ("/api/v1/deal", {**KLAMMERN_DEAL, "revoke": {"points": [40, 30], "seat": 1}}),
    # One position schema let a Klammern position carry Schieber's contract.
    ("/api/v1/legal", {"hand": ["DT"], "contract": "C", "game": "klammern", "trump": "C"}),
    (
        "/api/v1/legal",
        {"hand": ["DT"], "game": "klammern", "players": 2, "trump": "C", "trick": ["HA", "HK"]},
    ),
    ("/api/v1/legal", {"hand": ["DT"], "game": "klammern", "trump": "C", "trick": ["HA"]}),
    ("/api/v1/legal", {"hand": ["DT"], "contract": "C"}),
    # target_big belongs to small/big, target to Liga (K7.6, K8.2).
    (
        "/api/v1/match",
        {"game": "klammern", "format": "liga", "players": 2, "target": 1, "target_big": 1, "deals": []},
    ),
    ("/api/v1/match", {"game": "klammern", "format": "liga", "target": 51, "deals": []}),
    ("/api/v1/match", {"game": "klammern", "target_big": 7, "deals": []}),
    # null is "not given" for a target, in the schema as in the engine.
    (
        "/api/v1/match",
        {"game": "klammern", "format": "liga", "players": 2, "target": 3000, "target_big": None, "deals": []},
    ),
    ("/api/v1/match", {"game": "schieber", "target": None, "deals": []}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("path", "body"), FOUND)
def test_schema_and_engine_agree(client: FlaskClient, path: str, body: dict[str, Any]) -> None:
    response = client.post(path, data=json.dumps(body), content_type="application/json")
    expected = 200 if schema_accepts(path, body) else 400
    assert response.status_code == expected, (response.get_json(), expected)


@pytest.mark.slow
@pytest.mark.parametrize(
    "body",
    [
        {"game": "klammern", "trump": "C", "hand": None, "trick": ["CK", "H9"], "players": 3},
        {"game": "klammern", "trump": "C", "trick": ["CK"]},
    ],
)
def test_a_klammern_position_without_a_hand_is_a_400_not_an_engine_failure(
    client: FlaskClient, body: dict[str, Any]
) -> None:
    response = client.post("/api/v1/legal", data=json.dumps(body), content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["error"].startswith("position.hand is missing")


def test_a_klammern_match_without_deals_is_a_400_not_an_engine_failure(client: FlaskClient) -> None:
    body = {"deals": None, "format": "hamburg", "game": "klammern", "players": 3}
    response = client.post("/api/v1/match", data=json.dumps(body), content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["error"].startswith("match.deals is missing")
