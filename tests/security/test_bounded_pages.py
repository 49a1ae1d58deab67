"""Bounded work on the pages: forms and dispute-desk links check their lengths on the server,
imports are bounded and rate-limited for every worker, the match list pages through stored
summaries without reading logs."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from rules_engine import limits
from scorer.access import rights
from scorer.store import db
from scorer.store.models import Entry
from tests.helpers.tablet import MakeApp, counts, csrf, english, new_schieber, post_deal

DEAL = {"forehand": 1, "contract": "H", "team": 1, "points": 98}
DEAL_RECORD = {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}}
RUN = ["H6", "H7", "H8"]


def schieber_match(deals: list[dict[str, Any]]) -> str:
    return json.dumps({"game": "schieber", "profile": "seed", "target": 10**6, "deals": deals})


def import_text(client: FlaskClient, text: str) -> Any:
    return client.post(
        "/matches/import", data={"csrf_token": csrf(client, "/matches/import"), "text": text, "deck": "swiss"}
    )


def test_typed_weis_longer_than_the_field_is_the_fields_error(app: Flask, client: FlaskClient) -> None:
    match_id = new_schieber(client)
    response = post_deal(client, match_id, {**DEAL, "weis_1_cards": "H6 H7 H8; " * 1000})
    assert response.status_code == 422
    assert "Field cannot be longer than 200 characters." in response.get_data(as_text=True)
    assert counts(app) == (1, 0)


@pytest.mark.slow
def test_typed_weis_past_the_engines_limit_names_it(app: Flask, client: FlaskClient) -> None:
    match_id = new_schieber(client)
    response = post_deal(client, match_id, {**DEAL, "weis_1_cards": "; ".join(["H6 H7 H8"] * 11)})
    assert response.status_code == 422
    assert "at most 10 Weis per seat" in response.get_data(as_text=True)
    assert counts(app) == (1, 0)


def test_names_are_bounded_on_the_server(client: FlaskClient) -> None:
    data = {"csrf_token": csrf(client, "/matches/new/schieber"), "profile": "seed", "deck": "swiss"}
    response = client.post("/matches/new/schieber", data={**data, "rosen7": "1", "name_1": "x" * 5000})
    assert response.status_code == 422
    assert "Field cannot be longer than 40 characters." in response.get_data(as_text=True)


@pytest.mark.slow
def test_a_dispute_desk_link_with_a_huge_claim_answers_the_field(client: FlaskClient) -> None:
    """Finding 1: the desk's GET link reached the quadratic Weis check with any length."""
    query = urlencode(
        {"ask": "1", "game": "schieber", "contract": "H", "forehand": "1", "seat_1": "H6 H7 H8;" * 3000}
    )
    response = client.get(f"/disputes/weis?{query}")
    assert response.status_code == 200
    assert "Field cannot be longer than 200 characters." in response.get_data(as_text=True)
    record = json.dumps({"game": "schieber", "contract": "H", "weis": {"1": [RUN] * 1000}})
    response = client.get("/disputes/replay?" + urlencode({"ask": "1", "record": record}))
    assert response.status_code == 200
    assert "Field cannot be longer than 20000 characters." in response.get_data(as_text=True)


def test_an_import_past_the_deal_limit_is_refused_naming_it(app: Flask, client: FlaskClient) -> None:
    """Finding 2: imports had no limit on deals per match."""
    deal = {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 0}}
    response = import_text(client, schieber_match([deal] * (limits.MAX_DEALS + 1)))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert f"at most {limits.MAX_DEALS} deals in a match" in page
    assert counts(app) == (0, 0)
    padded = json.dumps({"game": "schieber", "deals": [], "note": "x" * limits.MAX_RECORD_BYTES})
    big = import_text(client, padded)
    assert big.status_code == 422
    message = f"Field cannot be longer than {limits.MAX_RECORD_BYTES} characters."
    assert message in big.get_data(as_text=True) and counts(app) == (0, 0)
    assert import_text(client, schieber_match([deal] * 3)).status_code == 302
    assert counts(app) == (1, 3)


@pytest.mark.slow
def test_imports_are_rate_limited_per_address_for_every_worker(make_app: MakeApp) -> None:
    app = make_app(IMPORT_LIMIT=3, WRITE_LIMIT=4)
    # A second app on the same database stands for a second worker process.
    other = make_app(app.config["DATABASE_URL"], IMPORT_LIMIT=3, WRITE_LIMIT=4)
    first, second = english(app, "198.51.100.40"), english(other, "198.51.100.40")
    assert import_text(first, schieber_match([])).status_code == 302
    assert import_text(second, "not json").status_code == 422  # a refused import counts too
    assert import_text(first, schieber_match([])).status_code == 302
    limited = import_text(second, schieber_match([]))
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0
    assert "Too many new matches or imports from this address." in limited.get_data(as_text=True)
    assert import_text(english(app, "198.51.100.41"), schieber_match([])).status_code == 302
    # New matches count apart from imports.
    for _ in range(4):
        new_schieber(first)
    data = {
        "csrf_token": csrf(first, "/matches/new/schieber"),
        "profile": "seed",
        "deck": "swiss",
        "rosen7": "1",
    }
    assert first.post("/matches/new/schieber", data=data).status_code == 429
    assert counts(app)[0] == 7


@pytest.mark.slow
def test_the_match_list_pages_through_matches_without_reading_their_logs(
    app: Flask, client: FlaskClient
) -> None:
    """Finding 2: the list read every entry of the newest 200 matches on each view."""
    made = [new_schieber(client) for _ in range(28)]
    for match_id in made[-3:]:
        assert post_deal(client, match_id, DEAL).status_code == 303
        client.get(f"/matches/{match_id}")  # where the save leads: it shows "Deal saved."
    first = client.get("/matches/").get_data(as_text=True)
    shown = [int(n) for n in re.findall(r'href="/matches/(\d+)"', first)]
    assert shown == sorted(made, reverse=True)[:25]
    older = re.search(r'href="(/matches/\?before=\d+)"', first)
    assert older is not None
    rest = [
        int(n)
        for n in re.findall(r'href="/matches/(\d+)"', client.get(older.group(1)).get_data(as_text=True))
    ]
    assert rest == sorted(made, reverse=True)[25:]
    assert "98 : 59" in first  # the summary's score

    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    engine = app.extensions["tafel_engine"]
    event.listen(engine, "before_cursor_execute", seen)
    try:
        assert client.get("/matches/").get_data(as_text=True) == first
        # Summaries are current: no entry is read, only each log's last seq.
        assert not [s for s in statements if re.search(r"\bentry\.record\b", s)]
        # A deal saved without its match page shown: the save stored the summary with the
        # entry, so the list reads no log.
        post_deal(client, made[0], DEAL)
        statements.clear()
        page = client.get(older.group(1)).get_data(as_text=True)
        assert not [s for s in statements if re.search(r"\bentry\.record\b", s)] and "98 : 59" in page
        # An entry stored by other means (a restore, another version of the app): that
        # summary is stale, and only that log is read again (at most SUMMARIES_PER_VIEW per view).
        with app.app_context():
            session = db.session()
            session.add(Entry(match_id=made[1], seq=1, kind="deal", record=DEAL_RECORD))
            session.commit()
        statements.clear()
        page = client.get(older.group(1)).get_data(as_text=True)
        reads = [s for s in statements if re.search(r"\bentry\.record\b", s)]
        assert len(reads) == 1 and "98 : 59" in page
        statements.clear()
        assert "98 : 59" in client.get(older.group(1)).get_data(as_text=True)
        assert not [s for s in statements if re.search(r"\bentry\.record\b", s)]
    finally:
        event.remove(engine, "before_cursor_execute", seen)


def test_write_limiters_share_the_database_table(app: Flask) -> None:
    limiters = app.extensions["tafel_write_limiters"]
    assert {limiter.table.name for limiter in limiters.values()} == {rights.WRITES.name}
