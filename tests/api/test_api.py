"""The JSON API answers exactly as the engine contract (DEAL_RECORD.md), errors as JSON, never 5xx."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

import rules_engine

SCHIEBER_DEAL = {
    "game": "schieber",
    "profile": "seed",
    "options": {},
    "forehand": 1,
    "contract": "H",
    "pushed": False,
    "points": {"team": 1, "value": 98},
    "weis": {"1": [["H6", "H7", "H8"]], "2": [["C6", "C7", "C8"]]},
    "stoeck": 3,
    "hands": None,
    "tricks": None,
}
KLAMMERN_DEAL = {
    "game": "klammern",
    "players": 4,
    "format": "small_big",
    "forehand": 1,
    "trump": "S",
    "declarer": 1,
    "how": "orgi",
    "kontra": False,
    "re": False,
    "melds": {"1": [["S9", "ST", "SJ"]], "4": [["HQ", "HK", "HA"]]},
    "bella": 3,
    "points": {"team": 1, "value": 90},
    "revoke": None,
    "durchmarsch": None,
    "tricks": None,
}
POSITION = {
    "game": "schieber",
    "profile": "seed",
    "contract": "H",
    "hand": ["H6", "C6", "CA"],
    "trick": ["CK", "H9"],
}


def post(client: FlaskClient, path: str, body: Any) -> Any:
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return client.post(path, data=data, content_type="application/json")


@pytest.mark.slow
def test_deal_answer_is_the_engines(client: FlaskClient) -> None:
    response = post(client, "/api/v1/deal", SCHIEBER_DEAL)
    assert response.status_code == 200
    answer = response.get_json()
    assert answer == rules_engine.score_deal(SCHIEBER_DEAL)
    # DEAL_RECORD.md's worked example: trump Weis beats the equal run (S6.5 step 4), Stöck for seat 3.
    assert answer["trick_points"] == [98, 59]
    assert answer["weis"] == [20, 0] and answer["weis_winner"] == 1
    assert answer["stoeck"] == [20, 0] and answer["total"] == [138, 59]


def test_klammern_deal(client: FlaskClient) -> None:
    answer = post(client, "/api/v1/deal", KLAMMERN_DEAL).get_json()
    assert answer == rules_engine.score_deal(KLAMMERN_DEAL)
    assert answer["valid"] is True and answer["card_points"] == [90, 74]


def test_rule_break_is_200_with_valid_false(client: FlaskClient) -> None:
    record = dict(SCHIEBER_DEAL, points={"team": 1, "value": 156}, weis={}, stoeck=None)
    response = post(client, "/api/v1/deal", record)
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["valid"] is False
    assert [e["rule"] for e in answer["errors"]] == ["S8"]


def test_match(client: FlaskClient) -> None:
    record = {
        "game": "schieber",
        "target": 3000,
        "deals": [{"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}}],
    }
    answer = post(client, "/api/v1/match", record).get_json()
    assert answer == rules_engine.score_match(record)
    assert answer["scores"] == [98, 59] and answer["finished"] is False


def test_legal(client: FlaskClient) -> None:
    answer = post(client, "/api/v1/legal", POSITION).get_json()
    assert answer["legal"] == ["CA", "C6"]
    assert answer["illegal"]["H6"]["rule"] == "S4.4"


@pytest.mark.slow
@pytest.mark.parametrize(
    "body, fragment",
    [
        (b"", "empty"),
        (b"{not json", "not JSON"),
        (b"[1, 2]", "JSON object"),
        (b'"deal"', "JSON object"),
        (b'{"a": NaN}', "not a JSON number"),
        (b"\xff\xfe", "UTF-8"),
        (b"[" * 100000 + b"]" * 100000, ""),
    ],
)
def test_malformed_is_400_json(client: FlaskClient, body: bytes, fragment: str) -> None:
    for path in ("/api/v1/deal", "/api/v1/match", "/api/v1/legal"):
        response = post(client, path, body)
        assert response.status_code == 400, (path, response.get_data(as_text=True))
        assert fragment in response.get_json()["error"]


@pytest.mark.parametrize(
    "record",
    [
        {"game": "poker"},
        {"game": ["schieber"]},
        {"game": "schieber", "contract": "Z", "forehand": 1, "points": {"team": 1, "value": 1}},
        {
            "game": "klammern",
            "trump": "S",
            "declarer": 1,
            "points": {"team": 1, "value": 90},
            "melds": {"1": [["S6", "S7", "S8"]]},
        },
        {
            "game": "schieber",
            "forehand": 1,
            "contract": "H",
            "points": {"team": 1, "value": 98},
            "colour": "red",
        },
    ],
)
def test_not_a_record_is_400(client: FlaskClient, record: dict[str, Any]) -> None:
    response = post(client, "/api/v1/deal", record)
    assert response.status_code == 400
    assert response.get_json()["error"]


def test_csrf_exempt(client: FlaskClient) -> None:
    # The fixture app has WTF_CSRF_ENABLED: a JSON POST without a token still answers.
    assert post(client, "/api/v1/legal", POSITION).status_code == 200


def test_http_errors_are_json(client: FlaskClient) -> None:
    response = client.get("/api/v1/deal")
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]
    assert response.get_json()["error"]
    missing = client.post("/api/v1/nothing", json={})
    assert missing.status_code == 404 and missing.get_json()["error"]
    # Pages outside the API keep their HTML error page.
    assert client.get("/no/such/page").mimetype == "text/html"


def test_too_large_is_413_json(client: FlaskClient) -> None:
    response = post(client, "/api/v1/deal", b" " * (3 * 1024 * 1024))
    assert response.status_code == 413
    assert response.get_json()["error"]


def test_openapi_document(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").get_json()
    assert document["openapi"] == "3.1.0"
    deal = document["paths"]["/api/v1/deal"]["post"]
    assert "valid: false" in deal["responses"]["200"]["description"]
    assert deal["responses"]["400"]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
