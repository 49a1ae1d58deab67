"""``POST /api/v1/passe|tournament|seating``: the engine's answers (TOURNAMENT.md), mapped like the others.

The command line's exit codes map as for ``/api/v1/deal``: exit 0 (valid) and exit 1 (a rule
broken, ``valid: false`` with the cited rule) are both 200, since a ruling is not a failed
request; exit 2 (not a record) is a 400 with ``{"error": ...}``.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

import rules_engine

DATA = Path(__file__).resolve().parents[1] / "tournament" / "data"


def load(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((DATA / name).read_text())
    return record


def post(client: FlaskClient, path: str, body: Any) -> Any:
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return client.post(path, data=data, content_type="application/json")


def test_passe_worked_example_1(client: FlaskClient) -> None:
    response = post(client, "/api/v1/passe", load("example1_passe.json"))
    assert response.status_code == 200
    answer = response.get_json()
    assert answer == load("example1_answer.json")
    # Worked example 1: 1010 : 874, and 1010 + 874 = 1884 = 12 × 157 (T3.5).
    assert answer["team_totals"] == [1010, 874]
    assert answer["control"] == {"expected": 1884, "actual": 1884, "ok": True}
    assert answer["forehand_counts"] == {"1": 3, "2": 3, "3": 3, "4": 3}
    assert answer["player_totals"] == {"A": 1010, "B": 1010, "C": 874, "D": 874}


def test_passe_with_match_value_207_has_control_1934(client: FlaskClient) -> None:
    record = load("example1_passe.json")
    record["options"]["match_value"] = 207
    record.pop("reported")
    answer = post(client, "/api/v1/passe", record).get_json()
    assert answer["team_totals"] == [1060, 874]
    assert answer["control"]["expected"] == 1934 and answer["control"]["ok"] is True


def test_passe_rule_broken_is_200_with_the_cited_rule(client: FlaskClient) -> None:
    record = load("example1_passe.json")
    record["reported"] = {"team_totals": [1010, 884]}
    response = post(client, "/api/v1/passe", record)
    assert response.status_code == 200
    answer = response.get_json()
    assert answer == rules_engine.score_passe(record)
    assert answer["valid"] is False and [e["rule"] for e in answer["errors"]] == ["T6.6"]


@pytest.mark.parametrize("value, rule", [(158, "T3.4"), (156, "T3.4")])
def test_passe_impossible_game_is_200_invalid(client: FlaskClient, value: int, rule: str) -> None:
    record = load("example1_passe.json")
    record.pop("reported")
    record["games"][7] = {"forehand": 4, "contract": "H", "points": {"team": 1, "value": value}}
    answer = post(client, "/api/v1/passe", record).get_json()
    assert answer["valid"] is False and answer["errors"][0]["rule"] == rule


def test_passe_stoeck_under_the_tournament_profile_breaks_t2_1(client: FlaskClient) -> None:
    record = load("example1_passe.json")
    record["games"][0]["stoeck"] = 3
    answer = post(client, "/api/v1/passe", record).get_json()
    assert answer["valid"] is False and answer["errors"][0]["rule"] == "T2.1"


@pytest.mark.parametrize(
    "change",
    [
        {"profile": "seed"},  # T2: tournament is the only profile of a Passe
        {"options": {"contracts": ["guschti"]}},  # T2.3 adds only the Slalom
        {"colour": "red"},
    ],
)
def test_passe_malformed_is_400(client: FlaskClient, change: dict[str, Any]) -> None:
    record = {**load("example1_passe.json"), **change}
    response = post(client, "/api/v1/passe", record)
    assert response.status_code == 400
    assert response.get_json()["error"]


def test_passe_with_the_slalom_allowed_scores_a_slalom_game(client: FlaskClient) -> None:
    record = {**load("example1_passe.json"), "options": {"contracts": ["slalom"], "factors": {"obenabe": 2}}}
    record["games"][0]["contract"] = {"type": "slalom", "start": "obenabe"}
    del record["reported"]  # the factor 2 changes the other Obenabe games
    answer = post(client, "/api/v1/passe", record).get_json()
    assert answer["valid"] is True
    assert answer["games"][0]["total"] == [98, 59]  # T2.2: a Slalom counts once


def test_tournament_worked_example_2(client: FlaskClient) -> None:
    record = load("example2_tournament.json")
    response = post(client, "/api/v1/tournament", record)
    assert response.status_code == 200
    answer = response.get_json()
    assert answer == rules_engine.score_tournament(record)
    assert [entry["id"] for entry in answer["ranking"]] == list("BADGHFCE")
    assert [entry["total"] for entry in answer["ranking"]] == [2012, 1967, 1944, 1921, 1921, 1899, 1899, 1832]
    g = answer["ranking"][3]
    assert g["id"] == "G" and g["decided_by"] == "best_passe"
    assert answer["seating"]["partner_repeats"] == 0 and answer["seating"]["meeting_repeats"] == 12


def test_tournament_worked_example_3_sitouts_share_ranks(client: FlaskClient) -> None:
    answer = post(client, "/api/v1/tournament", load("example3_tournament.json")).get_json()
    ranks = {entry["id"]: (entry["rank"], entry["shared"]) for entry in answer["ranking"]}
    assert ranks["B"] == ranks["F"] == (1, True)
    assert ranks["C"] == ranks["D"] == (3, True)
    assert ranks["G"] == ranks["H"] == ranks["I"] == (5, True)
    assert answer["seating"]["sitout_counts"] == {"G": 1, "H": 1, "I": 1}


def test_tournament_rule_broken_is_200_and_malformed_is_400(client: FlaskClient) -> None:
    record = load("example2_tournament.json")
    record["passen"] = 2
    record["options"]["streich"] = 1
    response = post(client, "/api/v1/tournament", record)
    assert response.status_code == 200
    assert response.get_json()["errors"][0]["rule"] == "T4.3"
    record["options"]["streich"] = 2  # streich >= passen is malformed (T9)
    assert post(client, "/api/v1/tournament", record).status_code == 400


def test_seating_is_deterministic_for_a_seed(client: FlaskClient) -> None:
    record = load("example2_tournament.json")
    record["rounds"], record["results"], record["seed"] = [], [], 11
    first = post(client, "/api/v1/seating", record)
    second = post(client, "/api/v1/seating", copy.deepcopy(record))
    assert first.status_code == 200
    assert first.get_json() == second.get_json() == rules_engine.seat_next_round(record)
    answer = first.get_json()
    seated = sorted(p for table in answer["tables"] for p in table["seats"].values())
    assert answer["round"] == 1 and seated == list("ABCDEFGH")


def test_seating_broken_history_is_200_invalid_and_all_seated_is_400(client: FlaskClient) -> None:
    record = load("example2_tournament.json")
    record["rounds"] = record["rounds"][:1]
    record["rounds"][0]["sitouts"] = ["A"]
    record["results"] = []
    response = post(client, "/api/v1/seating", record)
    assert response.status_code == 200 and response.get_json()["valid"] is False
    full = post(client, "/api/v1/seating", load("example2_tournament.json"))
    assert full.status_code == 400 and full.get_json()["error"]


@pytest.mark.slow
@pytest.mark.parametrize("path", ["/api/v1/passe", "/api/v1/tournament", "/api/v1/seating"])
@pytest.mark.parametrize("body", [b"", b"{not json", b"[1, 2]"])
def test_not_json_is_400(client: FlaskClient, path: str, body: bytes) -> None:
    response = post(client, path, body)
    assert response.status_code == 400 and response.get_json()["error"]


def test_openapi_document_names_the_tournament_entries(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").get_json()
    for path, schema in [
        ("/api/v1/passe", "PasseRecord"),
        ("/api/v1/tournament", "TournamentRecord"),
        ("/api/v1/seating", "SeatingRecord"),
    ]:
        operation = document["paths"][path]["post"]
        body = operation["requestBody"]["content"]["application/json"]
        assert body["schema"]["$ref"].endswith("/" + schema)
        # Every example the document offers is a record the engine reads and finds valid.
        response = post(client, path, body["example"])
        assert response.status_code == 200 and response.get_json()["valid"] is True, response.get_json()
    assert "tournament" in document["components"]["schemas"]["SchieberDeal"]["properties"]["profile"]["enum"]
