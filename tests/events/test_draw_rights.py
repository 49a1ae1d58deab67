"""The director's right at the event's tables (scorer.events.access.directs_the_table): the
director's browser enters and corrects the games of every table of every round, however many
tables a round has, with no right of a table stored; a stranger enters nothing; and the
director's opening a table's link claims no device, so the table's own tablet still does."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorer.access.rights import MAX_REMEMBERED
from scorer.store import db
from scorer.store.models import AccessGrant
from tests.helpers.events import draw, event_state, new_event, register, table_link
from tests.helpers.tablet import english, post_deal

GAME = {"forehand": 1, "contract": "H", "team": 1, "points": 100}


def test_the_director_enters_at_every_table_of_a_round_larger_than_a_session_keeps(
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
            select(func.count()).select_from(AccessGrant).where(AccessGrant.match_id.in_(drawn))
        )
    assert stored == 0  # the draw stores no table's right: the director's right covers them
    for match_id in (drawn[0], drawn[tables // 2], drawn[-1]):
        assert post_deal(client, match_id, GAME).status_code == 303
    stranger = english(app, "192.0.2.90")
    assert stranger.get(f"/matches/{drawn[0]}/deals/new").status_code == 403


def test_the_directors_opening_a_table_link_leaves_the_table_to_its_tablet(
    client: FlaskClient, app: Flask
) -> None:
    event_id = new_event(client)
    register(client, event_id, ["Anna", "Beat", "Chris", "Dora"])
    draw(client, event_id)
    (match_id,) = [t.match_id for t in event_state(app, event_id).rounds[0].tables]
    link = urlsplit(table_link(client, event_id, match_id)).path
    assert client.get(link).status_code in (302, 303)
    tablet = english(app, "192.0.2.91")
    tablet.get(link)
    # The table's tablet claimed it (the first device but the director's): it enters the games.
    assert post_deal(tablet, match_id, GAME).status_code == 303
    late = english(app, "192.0.2.92")
    late.get(link)
    assert late.get(f"/matches/{match_id}/deals/new").status_code == 403  # it only reads
