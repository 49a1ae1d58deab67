"""The director's rights at a round's tables (scorer.events.access.grant_tables): the session
remembers the latest ``MAX_REMEMBERED`` rights, so a round of more tables stores that many, in
one commit, and the director enters the games of the tables the session keeps."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorer.access.rights import MAX_REMEMBERED
from scorer.events.access import DIRECTOR_ROLE
from scorer.store import db
from scorer.store.models import AccessGrant
from tests.helpers.events import draw, event_state, new_event, register
from tests.helpers.tablet import post_deal


def test_a_round_of_more_tables_than_a_session_keeps_stores_only_the_rights_it_keeps(
    client: FlaskClient, app: Flask
) -> None:
    tables = MAX_REMEMBERED + 10
    event_id = new_event(client)
    register(client, event_id, [f"Spieler {n}" for n in range(4 * tables)])
    draw(client, event_id)
    drawn = [t.match_id for t in event_state(app, event_id).rounds[0].tables]
    assert len(drawn) == tables
    with app.app_context():
        stored = db.session().scalar(
            select(func.count())
            .select_from(AccessGrant)
            .where(AccessGrant.event_id == event_id, AccessGrant.event_role == DIRECTOR_ROLE)
        )
    assert stored == MAX_REMEMBERED
    # The latest tables' rights are the ones kept: the director enters a game at the last one.
    fields = {"forehand": 1, "contract": "H", "team": 1, "points": 100}
    assert post_deal(client, drawn[-1], fields).status_code == 303
