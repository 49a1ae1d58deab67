"""Matches entered through the app, as the scoresheet tests need them."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorer.store import db, log
from scorer.store.models import Match
from tests.helpers.tablet import new_klammern, new_schieber, post_deal


def schieber_deal(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"forehand": 1, "contract": "H", "team": 1, "points": 98}
    base.update(fields)
    return base


def corrected_schieber(client: FlaskClient) -> int:
    """Three Schieber deals, the first corrected (seed factors, S3.3: Rosen ×1, Obenabe ×3).

    Worked out from the rules (S5.6: each team's trick points × factor; 157 in all):
      deal 1, Rosen, team 1 made 98, corrected to 100:  100 :  57
      deal 2, Rosen, team 2 made 57:                    100 :  57  -> 200 : 114
      deal 3, Obenabe, team 1 made 80:       80×3 = 240 : 77×3 = 231 -> 440 : 345
    """
    match_id = new_schieber(client)
    assert post_deal(client, match_id, schieber_deal()).status_code == 303
    assert post_deal(client, match_id, schieber_deal(forehand=2, team=2, points=57)).status_code == 303
    assert (
        post_deal(client, match_id, schieber_deal(forehand=3, contract="obenabe", points=80)).status_code
        == 303
    )
    url = f"/matches/{match_id}/deals/1/correct"
    assert post_deal(client, match_id, schieber_deal(points=100), url=url).status_code == 303
    return match_id


def klammern_with_a_deal(client: FlaskClient) -> int:
    match_id = new_klammern(client)
    response = post_deal(
        client,
        match_id,
        {"forehand": 1, "declarer": 1, "trump": "S", "how": "orgi", "team": 1, "points": 100},
    )
    assert response.status_code == 303
    return match_id


def void(app: Flask, match_id: int) -> None:
    """Void a match as the administrator's form does: one more entry in its log."""
    with app.app_context():
        session = db.session()
        match = session.get(Match, match_id)
        assert match is not None
        log.append(session, match, expected_version=log.derive(match.entries).version, kind="void")


def append_raw_deal(app: Flask, match_id: int, record: dict[str, Any]) -> None:
    """A deal the forms would refuse, written straight into the log (an engine that changed
    its mind about a stored match looks like this)."""
    with app.app_context():
        session = db.session()
        match = session.get(Match, match_id)
        assert match is not None
        log.append(
            session, match, expected_version=log.derive(match.entries).version, kind="deal", record=record
        )
