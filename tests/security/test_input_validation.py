"""Every input of an event is checked before anything is stored: an import or an API body
outside its schema is a 4xx naming the field (a JSON pointer), nothing is stored, and every
page still answers afterwards; entries stored malformed before the checks are skipped."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from scorer.store import db
from scorer.store.models import Event, EventEntry, Match
from tests.helpers.events import draw, event_state, new_event, play_passe, register, token


@pytest.fixture
def app_config() -> dict[str, Any]:
    """Imports as often as the properties try them (the rate limit bounds how often, not what)."""
    return {"IMPORT_LIMIT": 10**6, "WRITE_LIMIT": 10**6}


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.text(max_size=80),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)
#: Where a careless or hostile export differs from a real one.
PATHS = [
    ("settings", "passen"),
    ("settings", "game"),
    ("settings", "options"),
    ("settings", "options", "games_per_passe"),
    ("settings",),
    ("title",),
    ("entries",),
    ("entries", 0, "record"),
    ("entries", 0, "record", "name"),
    ("entries", 0, "kind"),
    ("entries", 0, "seq"),
    ("entries", 8, "record", "tables"),
    ("entries", 8, "record", "tables", 0, "seats"),
    ("entries", 8, "record", "tables", 0, "seats", "2"),
    ("entries", 8, "record", "tables", 0, "match_id"),
    ("entries", 8, "record", "round"),
    ("entries", 8, "record", "sitouts"),
    ("matches",),
    ("matches", "1", "entries"),
    ("matches", "1", "entries", 0, "record"),
    ("matches", "1", "entries", 0, "kind"),
    ("matches", "1", "settings"),
    ("matches", "1", "settings", "players"),
]


def played_export(client: FlaskClient, app: Flask) -> dict[str, Any]:
    event_id = new_event(client)
    register(client, event_id, [f"Spieler {n}" for n in range(8)])
    draw(client, event_id)
    play_passe(client, event_state(app, event_id).rounds[0].tables[0].match_id, [100, 60, 90])
    exported: dict[str, Any] = client.get(f"/events/{event_id}/export.json").get_json()
    assert [e["kind"] for e in exported["entries"]][8] == "round"
    return exported


def events_stored(app: Flask) -> tuple[int, int]:
    with app.app_context():
        session = db.session()
        return session.scalar(select(func.count(Event.id))) or 0, session.scalar(
            select(func.count(EventEntry.id))
        ) or 0


def post_import(client: FlaskClient, text: str) -> Any:
    page = client.get("/events/import").get_data(as_text=True)
    return client.post("/events/import", data={"csrf_token": token(page), "text": text, "idem": "k"})


def pages_answer(client: FlaskClient, event_id: int | None = None) -> None:
    paths = ["/events/", "/matches/"]
    if event_id is not None:
        base = f"/events/{event_id}"
        paths += [base, f"{base}/ranking", f"{base}/results", f"{base}/export/ranking.csv"]
        paths += [f"{base}/export/ranking.xlsx", f"{base}/export/standblatt.csv"]
    for path in paths:
        assert client.get(path).status_code == 200, path


def replaced(data: dict[str, Any], path: tuple[Any, ...], value: object) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    target: Any = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


def test_malformed_imports_are_refused_naming_the_field(client: FlaskClient, app: Flask) -> None:
    exported = played_export(client, app)

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(path=st.sampled_from(PATHS), value=JUNK)
    def check(path: tuple[Any, ...], value: object) -> None:
        before = events_stored(app)
        response = post_import(client, json.dumps(replaced(exported, path, value)))
        assert response.status_code in (303, 422), (path, value, response.status_code)
        if response.status_code == 422:
            text = response.get_data(as_text=True)
            assert "This is not an event export: /" in text  # a JSON pointer to the field
            assert events_stored(app) == before, (path, value)
            pages_answer(client)
        else:
            pages_answer(client, int(response.headers["Location"].rstrip("/").split("/")[-1]))

    check()


def test_the_findings_imports_are_refused(client: FlaskClient, app: Flask) -> None:
    exported = played_export(client, app)
    before = events_stored(app)
    frozen = copy.deepcopy(exported)
    frozen["entries"].append({"seq": 10, "kind": "freeze", "record": {"frozen": True, "rounds": "x"}})
    response = post_import(client, json.dumps(frozen))
    assert response.status_code == 422 and "/entries/9/record/rounds" in response.get_data(as_text=True)
    nested = post_import(client, "[" * 20_000 + "]" * 20_000)
    assert nested.status_code == 422 and "nested" in nested.get_data(as_text=True)
    unknown = replaced(exported, ("entries", 8, "record", "tables", 0, "seats", "2"), "P99")
    response = post_import(client, json.dumps(unknown))
    assert response.status_code == 422 and "/entries/8/record/tables/0/seats/2" in response.get_data(
        as_text=True
    )
    assert events_stored(app) == before
    # A table's settings come from the draw, not from the file: "players": "x" stores nothing of it.
    odd = replaced(exported, ("matches", "1", "settings", "players"), "x")
    response = post_import(client, json.dumps(odd))
    assert response.status_code == 303
    pages_answer(client, int(response.headers["Location"].rstrip("/").split("/")[-1]))


def test_entries_stored_malformed_are_skipped_not_a_500(client: FlaskClient, app: Flask) -> None:
    exported = played_export(client, app)
    response = post_import(client, json.dumps(exported))
    event_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        assert event is not None
        last = max(e.seq for e in event.entries)
        for offset, (kind, record) in enumerate(
            [
                ("freeze", {"frozen": True, "rounds": "x"}),
                ("withdrawal", {"player": "P1"}),
                ("confirm", {"match_id": "x"}),
                ("round", {"round": 2, "tables": "x"}),
                ("player", {"name": ["x"]}),
            ],
            start=1,
        ):
            session.add(EventEntry(event_id=event_id, seq=last + offset, kind=kind, record=record))
        event.settings = {"passen": "x", "options": {"games_per_passe": "x"}}
        session.commit()
    pages_answer(client, event_id)
    assert client.get(f"/events/{event_id}/print/ranking.pdf").status_code == 200


def test_a_table_stored_with_malformed_settings_leaves_the_match_list_readable(
    client: FlaskClient, app: Flask
) -> None:
    exported = played_export(client, app)
    match_id = int(next(iter(exported["matches"])))
    with app.app_context():
        session = db.session()
        match = session.get(Match, match_id)
        assert match is not None
        match.settings = {**match.settings, "players": "x", "names": "abc"}
        session.add(Match(game="passe", settings={**match.settings, "players": 10**9}))
        session.commit()
    pages_answer(client)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    field=st.sampled_from(["passen", "players", "rounds", "results", "options", "pairs", "lots"]),
    value=JUNK,
)
def test_malformed_tournament_bodies_are_a_400_naming_the_field(
    client: FlaskClient, field: str, value: object
) -> None:
    record = {
        "game": "schieber_tournament",
        "passen": 2,
        "players": [{"id": p} for p in "ABCD"],
        "rounds": [],
        "results": [],
        field: value,
    }
    response = client.post("/api/v1/tournament", json=record)
    assert response.status_code in (200, 400), response.status_code
    if response.status_code == 400:
        assert field in response.get_json()["error"]


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(field=st.sampled_from(["games", "seats", "options", "round", "reported", "confirmed_by"]), value=JUNK)
def test_malformed_passe_bodies_are_a_400_naming_the_field(
    client: FlaskClient, field: str, value: object
) -> None:
    record = {
        "game": "schieber_passe",
        "seats": {"1": "A", "2": "C", "3": "B", "4": "D"},
        "games": [{"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}}],
        field: value,
    }
    response = client.post("/api/v1/passe", json=record)
    assert response.status_code in (200, 400), response.status_code
    if response.status_code == 400:
        assert field in response.get_json()["error"]
