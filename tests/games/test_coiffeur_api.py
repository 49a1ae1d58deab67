"""Coiffeur through the JSON API: COIFFEUR.md's worked examples, and the records in the OpenAPI document."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema_rs  # schemathesis's validator
from flask.testing import FlaskClient

from tests.helpers.coiffeur import TOTALS, example_1_record


def post(client: FlaskClient, entry: str, record: dict[str, Any]) -> Any:
    response = client.post(f"/api/v1/{entry}", json=record)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_worked_example_1_match(client: FlaskClient) -> None:
    answer = post(client, "match", example_1_record())
    assert answer["valid"] is True and answer["totals"] == list(TOTALS[-1]) == [4735, 2469]
    assert answer["decided"] == {"team": 1, "after_deal": 13}
    assert answer["finished"] is True and answer["winner"] == 1 and answer["next"] is None
    assert [d["cell"] for d in answer["deals"][:5]] == [726, 176, 1120, 57, 1285]
    # After deal 12 (13 entries): not yet decided; open rows as the example states.
    record = example_1_record()
    record["deals"] = record["deals"][:13]
    early = post(client, "match", record)
    assert early["decided"] is None and early["open_rows"] == [[4], [6, 8]]
    assert early["next"] == {"dealer": 1, "forehand": 2}


def test_worked_example_1_under_options(client: FlaskClient) -> None:
    record = example_1_record()
    record["options"] = {"grid": "official8", "konter": "penalty"}
    assert post(client, "match", record)["decided"] == {"team": 1, "after_deal": 13}
    record["options"] = {"grid": "official8", "konter": "award"}
    assert post(client, "match", record)["decided"] == {"team": 1, "after_deal": 14}
    record["options"] = {"grid": "official8", "match_bonus": "flat"}
    answer = post(client, "match", record)
    assert answer["totals"] == [4735, 2469] and answer["deals"][4]["cell"] == 785


def test_worked_example_1_rejections(client: FlaskClient) -> None:
    record = example_1_record()
    record["deals"].append(copy.deepcopy(record["deals"][0]))
    assert post(client, "match", record)["errors"][0]["rule"] == "C7.1"
    record = example_1_record()
    record["deals"][9]["row"] = 1  # team 2 played row 1 in deal 3
    error = post(client, "match", record)["errors"][0]
    assert error["rule"] == "C9" and error["deal"] == 9
    record = example_1_record()
    record["deals"][5].update(pushes=1, chooser=4)
    assert post(client, "match", record)["errors"][0]["rule"] == "C3.3"


def test_a_deal_of_its_own_and_misere(client: FlaskClient) -> None:
    deal = {
        "game": "coiffeur",
        "options": {"grid": [{"type": "misere", "factor": 1}]},
        "forehand": 1,
        "chooser": 1,
        "row": 1,
        "contract": {"type": "misere", "mode": "obenabe"},
        "points": {"team": 1, "value": 23},
    }
    answer = post(client, "deal", deal)
    assert answer["valid"] is True and answer["cell"] == 134  # example 3: 157 − 23
    deal["points"] = {"team": 2, "match": True}
    answer = post(client, "deal", deal)
    assert answer["cell"] == 257 and answer["match"] is True  # a Misère Match


def test_slalom_legal_cards(client: FlaskClient) -> None:
    """Example 2: trick 2 of a Slalom opening Obenabe is Undenufe; S led, S9 held: D6 is not allowed."""
    answer = post(
        client,
        "legal",
        {
            "game": "coiffeur",
            "contract": {"type": "slalom", "start": "obenabe"},
            "trick_index": 1,
            "hand": ["S9", "D6"],
            "trick": ["S8"],
        },
    )
    assert answer["legal"] == ["S9"] and answer["mode"] == "undenufe"
    assert "D6" in answer["illegal"]


def test_openapi_describes_coiffeur_records(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    assert "CoiffeurDeal" in schemas and "CoiffeurMatch" in schemas

    def fits(record: dict[str, Any], name: str) -> bool:
        schema = {"components": document["components"], "$ref": f"#/components/schemas/{name}"}
        return bool(jsonschema_rs.is_valid(schema, record))

    assert fits(example_1_record(), "CoiffeurMatch") and fits(example_1_record(), "MatchRecord")
    scratch = {"game": "coiffeur", "deals": [{"scratch": {"team": 2, "row": 3, "reason": "cards shown"}}]}
    assert fits(scratch, "MatchRecord")
    with_weis = copy.deepcopy(example_1_record())
    with_weis["deals"][0]["weis"] = {"1": [["H6", "H7", "H8"]]}  # C1.3: no Weis in Coiffeur
    assert not fits(with_weis, "CoiffeurMatch")
    slalom = {
        "game": "coiffeur",
        "contract": {"type": "slalom", "start": "obenabe"},
        "trick_index": 1,
        "hand": ["S9"],
    }
    assert fits(slalom, "LegalPosition")
    assert fits({"game": "schieber", "contract": "H", "hand": ["H6"]}, "LegalPosition")


def test_import_of_example_1(client: FlaskClient) -> None:
    """A whole game exported elsewhere comes in as a match the app scores the same (4735 : 2469)."""
    import json

    from tests.helpers.tablet import csrf

    data = {
        "csrf_token": csrf(client, "/matches/import"),
        "text": json.dumps(example_1_record()),
        "deck": "swiss",
    }
    response = client.post("/matches/import", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'data-score="4735"' in page and 'data-score="2469"' in page and "Decided after deal 14" in page


def rounded_deal(points: dict[str, Any], **options: Any) -> dict[str, Any]:
    return {
        "game": "coiffeur",
        "options": {"grid": [{"type": "suit", "suit": "H", "factor": 3}], "rounding": "tens", **options},
        "forehand": 1,
        "chooser": 1 if points["team"] == 1 else 2,
        "row": 1,
        "contract": "H",
        "points": points,
    }


def test_worked_example_4_rounding_through_the_api(client: FlaskClient) -> None:
    """COIFFEUR.md example 4: 105 and 60 in H×3 are written 11 and 6 (cells 33 and 18); a flat Match with a
    300 bonus is 3 × 16 + 30 = 78; a Konter-Match under ``penalty`` is −3 × 10 = −30."""
    team_1 = post(client, "deal", rounded_deal({"team": 1, "value": 105}))
    team_2 = post(client, "deal", {**rounded_deal({"team": 2, "value": 60}), "forehand": 2})
    assert (team_1["written"], team_1["cell"]) == (11, 33)
    assert (team_2["written"], team_2["cell"]) == (6, 18)
    assert team_1["cell"] - team_2["cell"] == 15  # the row difference (C7.3)
    flat = post(
        client, "deal", rounded_deal({"team": 1, "match": True}, match_bonus="flat", match_bonus_points=300)
    )
    assert flat["cell"] + sum(flat["bonus"]) == 78 and flat["bonus"] == [30, 0]
    # Team 1 chose and team 2 took all nine tricks: a Konter-Match (C6.4).
    konter = post(
        client, "deal", {**rounded_deal({"team": 2, "match": True}, konter="penalty"), "chooser": 1}
    )
    assert konter["konter"] is True and konter["cell"] == -30


def test_worked_example_2_slalom_winners_through_the_api(client: FlaskClient) -> None:
    """Example 2: trick 1 (Obenabe, ``trick_index`` 0) HK led, a void player may throw C9; trick 2 is Undenufe."""
    first = post(
        client,
        "legal",
        {
            "game": "coiffeur",
            "contract": {"type": "slalom", "start": "obenabe"},
            "trick_index": 0,
            "hand": ["C9", "D6"],
            "trick": ["HK", "HA", "H6"],
        },
    )
    assert first["mode"] == "obenabe" and sorted(first["legal"]) == ["C9", "D6"]
