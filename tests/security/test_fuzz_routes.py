"""Every route of the app, fuzzed with inputs up to and past the limits: any query string on a
GET (the dispute desk's links, pads, sheets, the list), any body on a POST (imports, new
matches, deal forms, the API). Never a 5xx, never a traceback, and every answer is fast enough
to be bounded work (the sizes go to the limits of ``rules_engine.limits`` and past them).

The admin and edit-secret routes are fuzzed in depth by ``test_fuzz_admin``; here every route
is reached, so that a route added later is fuzzed too (``test_every_route_is_fuzzed``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine import limits
from scorer import create_app
from tests.helpers.database import fresh_database

# A fuzzer: it runs in `make test`, not in `make check`.
pytestmark = pytest.mark.slow

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
CARD_WORDS = [s + r for s in "HCDS" for r in "AKQJT9876"] + ["10", ";", "X9", "\u2066", "", "\n"]
#: A size from a real record's up to twice a limit: the cost must stay bounded past it too.
SIZES = st.sampled_from([0, 1, 3, 9, 10, 36, 37, 300, 301, 2000, limits.MAX_RECORD_BYTES // 8])
KEYS = st.sampled_from(
    [
        "ask", "game", "contract", "trump", "hand", "trick", "card", "cards", "leader", "seat_1",
        "kind_1", "suit_1", "top_1", "forehand", "declarer", "players", "points", "record", "tricks",
        "hand_1", "profile", "format", "paper", "lang", "team_1", "player_1", "target", "view",
        "before", "next", "x",
    ]
)  # fmt: skip


@st.composite
def card_text(draw: st.DrawFn) -> str:
    size = draw(SIZES)
    words = draw(st.lists(st.sampled_from(CARD_WORDS), min_size=1, max_size=12))
    return " ".join((words * (size // len(words) + 1))[:size])


@st.composite
def record_text(draw: st.DrawFn) -> str:
    """A JSON record, real or not, with one of its lists grown to a drawn size."""
    size = draw(SIZES)
    run9 = [f"H{r}" for r in "6789TJQKA"]
    shapes: list[Any] = [
        {"game": "schieber", "contract": "H", "forehand": 1, "weis": {"1": [run9] * size}},
        {"game": "schieber", "contract": "H", "forehand": 1, "hands": {"1": (run9 * size)[:size]}},
        {"game": "schieber", "target": 10**9, "deals": [{"forehand": 1, "contract": "H",
                                                          "points": {"team": 1, "value": 98}}] * size},
        {"game": "klammern", "trump": "S", "declarer": 1, "melds": {"1": [run9[1:4]] * size}},
        {"game": "klammern", "trump": "S", "hand": (["HA", "SJ"] * size)[:size]},
        json.loads("[" * max(1, min(size, 500)) + "]" * max(1, min(size, 500))),
    ]  # fmt: skip
    return json.dumps(draw(st.sampled_from(shapes)))


VALUES = st.one_of(card_text(), record_text(), st.text(max_size=50), st.integers(-(2**70), 2**70).map(str))


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, FlaskClient, int]]:
    with fresh_database(tmp_path_factory.mktemp("routes")) as url:
        app = create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "t",
                "DATABASE_URL": url,
                "WRITE_LIMIT": 10**6,
                "IMPORT_LIMIT": 10**6,
            }
        )
        app.config["WTF_CSRF_ENABLED"] = False
        client = app.test_client()
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        response = client.post(
            "/matches/new/schieber", data={"profile": "seed", "deck": "swiss", "rosen7": "1"}
        )
        match_id = int(response.headers["Location"].rsplit("/", 1)[1])
        # A series this client directs (its office routes are fuzzed with a right, not only refused).
        assert client.post("/series/new", data={"title": "Fuzz", "counts": "total"}).status_code == 303
        # And a club it directs, with its rating on (its rating pages read the series it holds).
        assert client.post("/clubs/new", data={"name": "Fuzz", "rating": "y"}).status_code == 303
        yield app, client, match_id
        app.extensions["tafel_engine"].dispose()


def addresses(app: Flask, match_id: int) -> list[tuple[str, str, str]]:
    """(endpoint, method, path) of every route, its variables filled with a live match."""
    found = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = re.sub(r"<int:match_id>", str(match_id), rule.rule)
        path = re.sub(r"<int:slot_id>", "1", path)
        path = re.sub(r"<int:team>", "1", path)
        path = re.sub(r"<int:seat>", "1", path)
        # An event that need not exist: its routes answer 404 or a refusal, never a 5xx.
        path = re.sub(r"<int:event_id>", "1", path)
        path = re.sub(r"<int:series_id>", "1", path)
        path = re.sub(r"<int:club_id>", "1", path)
        path = re.sub(r"<(?:[a-z]+:)?player_id>", "1", path)
        path = re.sub(r"<(?:[a-z]+:)?kind>", "ranking", path)
        path = re.sub(r"<(?:[a-z]+:)?ext>", "csv", path)
        # The deal form of a match born offline: a table size and a deck.
        path = re.sub(r"<int:players>", "4", path)
        path = re.sub(r"<(?:[a-z]+:)?deck>", "swiss", path)
        path = re.sub(r"<(?:[a-z]+:)?(secret|code|game|screen)>", lambda m: {"secret": "x" * 22, "code": "en",
                      "game": "schieber", "screen": "weis"}[m.group(1)], path)  # fmt: skip
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            found.append((rule.endpoint, method, path))
    return found


def test_every_route_is_fuzzed(fuzzed: tuple[Flask, FlaskClient, int]) -> None:
    app, _client, match_id = fuzzed
    for _endpoint, _method, path in addresses(app, match_id):
        assert "<" not in path, f"a route variable this fuzzing does not fill: {path}"


@FUZZ
@given(data=st.data())
def test_any_route_with_any_input_answers_without_failing(
    fuzzed: tuple[Flask, FlaskClient, int], data: st.DataObject
) -> None:
    app, client, match_id = fuzzed
    endpoint, method, path = data.draw(st.sampled_from(addresses(app, match_id)), label="route")
    fields = data.draw(st.dictionaries(KEYS, VALUES, max_size=6), label="fields")
    if method == "GET":
        response = client.get(f"{path}?{urlencode(fields)}")
    elif path.startswith("/api/"):
        body = fields.get("record") or json.dumps(fields)
        response = client.post(path, data=body, content_type="application/json")
    else:
        if endpoint in ("matches.import_record", "disputes.replay_import"):
            fields["text"] = data.draw(record_text(), label="text")
        response = client.open(path, method=method, data=fields)
    page = response.get_data().decode("utf-8", errors="replace")
    assert response.status_code < 500, (endpoint, method, fields, page[-800:])
    assert "Traceback" not in page


@pytest.mark.parametrize("size", [limits.MAX_DEALS, limits.MAX_DEALS + 1])
def test_imports_up_to_and_past_the_deal_limit(fuzzed: tuple[Flask, FlaskClient, int], size: int) -> None:
    _app, client, _match_id = fuzzed
    deal = {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 0}}
    text = json.dumps({"game": "schieber", "target": 10**9, "deals": [deal] * size})
    response = client.post("/matches/import", data={"text": text, "deck": "swiss"})
    assert response.status_code == (302 if size <= limits.MAX_DEALS else 422)
    if size > limits.MAX_DEALS:
        assert f"at most {limits.MAX_DEALS} deals in a match" in response.get_data(as_text=True)
