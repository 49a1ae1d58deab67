"""Fuzzing every route of the administrator and of the edit secret.

Whatever arrives — garbage fields, missing or foreign CSRF tokens, stale or nonsense
versions, huge or non-UTF-8 bodies, JSON instead of a form, a wrong method — from a
stranger, the match's own tablet or the logged-in administrator: never a 5xx, every
refusal says what is wrong on the page, and every table is unchanged after it. The one
table a refusal may add to is ``guess_failure``: a wrong secret or password is counted
there (one row), as the rate limit requires.

The routes are read from the URL map: a new route of the access blueprint, under
``/admin``, with a secret in its address, or changing a match, fails
``test_every_guarded_route_is_fuzzed`` until it is added to ``ROUTES`` here.
"""

from __future__ import annotations

import html
import json
import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from scorer import create_app
from scorer.store import db, log
from scorer.store.models import AccessGrant, Base, GuessFailure, Match, MatchSummary, WriteEvent
from tests.helpers.database import fresh_database
from tests.helpers.fuzz import SCHIEBER_FIELDS, TEXT
from tests.helpers.routes import match_routes
from tests.helpers.tablet import ADMIN_PASSWORD, deal_form, edit_url, english, hidden, new_schieber, post_deal

# A fuzzer: it runs in `make test`, not in `make check`.
pytestmark = pytest.mark.slow

VERSIONED = ("csrf_token", "version", "idem")
#: Every guarded endpoint and the form fields its view reads.
ROUTES: dict[str, tuple[str, ...]] = {
    "access.admin_login": ("csrf_token", "password"),
    "access.admin_logout": ("csrf_token",),
    "access.void": ("void-csrf_token", "void-version", "void-idem", "void-confirm"),
    "access.edit_link": (),
    "access.edit_qr": (),
    "access.watch_qr": (),
    "access.table_qr": (),
    "deals.new": (*VERSIONED, *SCHIEBER_FIELDS),
    "deals.correct": (*VERSIONED, *SCHIEBER_FIELDS),
    "deals.undo": VERSIONED,
    "deals.redo": VERSIONED,
    # A Differenzler player's hidden estimate from his phone (D3.3).
    "game_differenzler.estimate": ("csrf_token", "idem", "seat", "estimate"),
    # Each seat's own link, its page and its QR code, and the table freeing a seat.
    "access.seat_link": (),
    "access.seat_qr": (),
    "access.free_seat": ("csrf_token",),
    "game_differenzler.seat_estimate": ("csrf_token", "idem", "deal", "estimate"),
    # An event's director link (scorer/events): fuzzed with the match ids as event ids.
    "events.edit_link": (),
    # The tables' confirmation and the office (scorer/events/office.py), the event's export.
    "office.table": (),
    "office.table_version": (),
    "office.confirm_game": ("csrf_token", "idem", "slot", "version", "team"),
    "office.claim": ("csrf_token", "idem", "slot", "team", "value", "match"),
    "office.office": (),
    "office.office_link": (),
    "office.office_qr": (),
    "office.rule": ("csrf_token", "idem", "match_id", "slot", "team", "value", "match", "reason"),
    "office.reported": ("csrf_token", "idem", "match_id", "team_1", "team_2"),
    "office.revoke_link": ("csrf_token", "idem", "link", "match_id"),
    "exports.export_json": (),
    # A team's link at a table (scorer/events/devices.py).
    "devices.team_link": (),
}
#: The endpoints that may change a match when the form is right and the sender may.
CHANGES = frozenset(
    {
        "access.void",
        "deals.new",
        "deals.correct",
        "deals.undo",
        "deals.redo",
        "game_differenzler.estimate",
        "game_differenzler.seat_estimate",
    }
)
#: Deal-form fields the fuzzer once found refused (422) without a word on the page.
CHOICES = ("stoeck", "weis_1_1_kind", "weis_1_1_suit", "weis_1_1_top")
#: Where a wrong guess is counted.
GUESSES = frozenset(
    {"access.edit_link", "access.admin_login", "events.edit_link", "office.office_link", "devices.team_link"}
)
#: The titles of the app's error page (scorer/views.py), which names the problem in its heading.
ERROR_TITLES = (
    "The request was not understood.",
    "There is nothing here.",
    "That is not possible here.",
    "That file is too large.",
)
HUGE = "9" * (2 * 1024 * 1024 + 10)  # past MAX_CONTENT_LENGTH
#: The largest id the ``sa.Integer`` columns keep on PostgreSQL (SQLite's reach 2⁶³ − 1).
LARGEST_ID = 2**31 - 1
ODD = st.sampled_from(
    [
        "",
        " ",
        "\u0000",
        "\u202eevil",
        "<script>alert(1)</script>",
        "' OR 1=1 --",
        "../../etc/passwd",
        "%FF%FE",
        "\ufffd",
        "ﷺ" * 300,
        "x" * 5000,
        "0",
        "-1",
        "99999999999999999999999",
        "1e9",
        "NaN",
        "y",
        "true",
        ADMIN_PASSWORD,
        ADMIN_PASSWORD + " ",
        ADMIN_PASSWORD.upper(),
    ]
)
VALUE = st.one_of(TEXT, ODD, st.text(st.characters(blacklist_categories=("Cs",)), max_size=40))
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | VALUE,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(VALUE, inner, max_size=3),
    max_leaves=6,
)
FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


def guarded_routes(app: Flask) -> dict[str, set[str]]:
    """Endpoint → methods of every route that needs the administrator or an edit secret."""
    found: dict[str, set[str]] = {}
    for rule in app.url_map.iter_rules():
        methods = (rule.methods or set()) - {"HEAD", "OPTIONS"}
        if (
            rule.endpoint.startswith("access.")
            # The tables' confirmation and the office need a table's or the director's right.
            or rule.endpoint.startswith("office.")
            or rule.endpoint == "exports.export_json"
            or rule.rule.startswith("/admin")
            or "secret" in rule.arguments
        ):
            found.setdefault(rule.endpoint, set()).update(methods)
    for endpoint, method, _rule in match_routes(app):
        found.setdefault(endpoint, set()).add(method)
    return found


def test_every_guarded_route_is_fuzzed(app: Flask) -> None:
    found = guarded_routes(app)
    assert set(found) == set(ROUTES), "fuzz every admin/access route: add the new one to ROUTES"
    assert {"access.admin_login", "access.admin_logout", "access.void", "access.edit_link"} <= set(found)


# --- the world the fuzzer acts on ----------------------------------------------------------------


@dataclass
class World:
    live: int  # a match with one deal, not voided
    voided: int
    secret: str  # the live match's edit secret
    creator: FlaskClient  # the browser that made the matches (its session holds their rights)
    admin_cookie: str
    foreign_token: str  # a valid CSRF token of another browser's session


def world(app: Flask) -> World:
    """Made once per app (Hypothesis runs every example on the test's one app)."""
    made: World | None = app.extensions.get("fuzz_world")
    if made is not None:
        if voided(app, made.live):  # a fuzzed void went through: a new live match
            made.live, made.secret = live_match(made.creator)
        return made
    creator = english(app, "192.0.2.1")
    live, secret = live_match(creator)
    admin = english(app, "192.0.2.2")
    page = admin.get("/admin").get_data(as_text=True)
    assert (
        admin.post(
            "/admin", data={"csrf_token": hidden(page, "csrf_token"), "password": ADMIN_PASSWORD}
        ).status_code
        == 303
    )
    gone = new_schieber(creator)
    page = admin.get(f"/matches/{gone}").get_data(as_text=True)
    fields = {f"void-{n}": hidden(page, f"void-{n}") for n in ("csrf_token", "version", "idem")}
    assert admin.post(f"/matches/{gone}/void", data={**fields, "void-confirm": "y"}).status_code == 303
    stranger = english(app, "192.0.2.3")
    made = World(
        live,
        gone,
        secret,
        creator,
        cookie(admin),
        hidden(stranger.get("/admin").get_data(as_text=True), "csrf_token"),
    )
    app.extensions["fuzz_world"] = made
    return made


def live_match(creator: FlaskClient) -> tuple[int, str]:
    match_id = new_schieber(creator)
    assert (
        post_deal(creator, match_id, {"forehand": 1, "contract": "H", "team": 1, "points": 98}).status_code
        == 303
    )
    return match_id, urlsplit(edit_url(creator, match_id)).path.rsplit("/", 1)[1]


def voided(app: Flask, match_id: int) -> bool:
    with app.app_context():
        match = db.session().get(Match, match_id)
        assert match is not None
        return log.derive(match.entries).voided


def version(app: Flask, match_id: int) -> int:
    if match_id > LARGEST_ID:
        return 0
    with app.app_context():
        match = db.session().get(Match, match_id)
        return log.derive(match.entries).version if match is not None else 0


def cookie(client: FlaskClient) -> str:
    found = client.get_cookie("session")
    assert found is not None
    return found.value


def snapshot(app: Flask) -> dict[str, list[tuple[Any, ...]]]:
    """Every table of match data, as rows (not the access bookkeeping: guesses, writes, rights
    held, nor the match list's derived summaries)."""
    bookkeeping = {
        GuessFailure.__tablename__,
        AccessGrant.__tablename__,
        WriteEvent.__tablename__,
        MatchSummary.__tablename__,
    }
    with app.extensions["tafel_engine"].connect() as connection:
        return {
            table.name: sorted((tuple(row) for row in connection.execute(select(table))), key=repr)
            for table in Base.metadata.sorted_tables
            if table.name not in bookkeeping
        }


def guess_count(app: Flask) -> int:
    with app.extensions["tafel_engine"].connect() as connection:
        return connection.scalar(select(func.count()).select_from(GuessFailure)) or 0


# --- what the page says --------------------------------------------------------------------------


def _texts(pattern: str, page: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", t)).strip() for t in re.findall(pattern, page, re.S)]


def refusal(page: str) -> str | None:
    """The message a refused request shows: an alert, an error flash, or an error page's title."""
    for text in (
        _texts(r'role="alert"[^>]*>(.*?)</p>', page)
        + _texts(r'class="flash error"[^>]*>(.*?)</p>', page)
        + [t for t in _texts(r"<h1>(.*?)</h1>", page) if t in ERROR_TITLES]
    ):
        if text:
            return text
    return None


def flashes(page: str) -> list[str]:
    return [t for t in _texts(r'<p class="flash[^"]*"[^>]*>(.*?)</p>', page) if t]


# --- the fuzzer ----------------------------------------------------------------------------------


def rule_of(app: Flask, endpoint: str) -> tuple[str, set[str]]:
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    return rule.rule, (rule.methods or set()) - {"HEAD", "OPTIONS"}


@st.composite
def requests(draw: st.DrawFn, endpoint: str) -> dict[str, Any]:
    names = ROUTES[endpoint]
    chosen = draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    return {
        "endpoint": endpoint,
        "who": draw(st.sampled_from(["stranger", "creator", "admin"])),
        "method": draw(st.sampled_from(["own"] * 6 + ["GET", "POST", "PUT", "DELETE", "PATCH"])),
        "match": draw(st.sampled_from(["live", "live", "live", "voided", "missing", "huge"])),
        "slot": draw(st.sampled_from([1, 1, 2, 0, 999, LARGEST_ID + 1, 2**63 - 1, 2**64])),
        "secret": draw(st.sampled_from(["right", "wrong"])),
        "wrong_secret": draw(VALUE),
        "csrf": draw(st.sampled_from(["valid", "valid", "absent", "foreign", "garbage"])),
        "version": draw(st.sampled_from(["valid", "valid", "stale", "absent", "garbage"])),
        "confirm": draw(st.sampled_from(["y", "y", "absent", "garbage"])),
        # Garbage for some of the form's fields: it fills those the builder leaves out, and
        # replaces the right values too when the CSRF token or the version is to be garbage.
        "garbage": {name: draw(VALUE) for name in chosen},
        "huge": draw(st.sampled_from([LARGEST_ID + 1, 2**63 - 1, 2**63, 10**30])),
        "extra": draw(st.dictionaries(VALUE, VALUE, max_size=3)),
        "json": draw(JSONISH),
        "body": draw(st.sampled_from(["form", "form", "form", "json", "raw", "huge"])),
        "address": draw(
            st.sampled_from(["198.51.100.77", "198.51.100.77", "198.51.100.78"])
            | st.integers(1, 60_000).map(lambda n: f"10.{n // 256}.{n % 256}.1")
        ),
    }


def build(app: Flask, w: World, r: dict[str, Any]) -> tuple[FlaskClient, str, str, dict[str, Any], str]:
    """The browser, method, address and form of one fuzzed request, and the match's version now."""
    client = english(app, r["address"])
    if r["who"] == "admin":
        client.set_cookie("session", w.admin_cookie)
    elif r["who"] == "creator":
        client.set_cookie("session", cookie(w.creator))
    match_id = {"live": w.live, "voided": w.voided, "missing": 999_999, "huge": r["huge"]}[r["match"]]
    secret = w.secret if r["secret"] == "right" else r["wrong_secret"]
    rule, methods = rule_of(app, r["endpoint"])
    path = (
        rule.replace("<int:match_id>", str(match_id))
        .replace("<int:event_id>", str(match_id))
        .replace("<int:slot_id>", str(r["slot"]))
        .replace("<int:team>", "1")
        .replace("<int:seat>", str(r["slot"]))
        .replace("<secret>", quote(secret, safe=""))
    )
    method = sorted(methods)[-1] if r["method"] == "own" else r["method"]
    prefix = "void-" if r["endpoint"] == "access.void" else ""
    fields: dict[str, Any] = {}
    current = version(app, match_id)
    if method != "GET":
        # The session's own token is on every form page: /admin is the lightest one.
        token = {
            "valid": lambda: hidden(client.get("/admin").get_data(as_text=True), "csrf_token"),
            "foreign": lambda: w.foreign_token,
            "garbage": lambda: uuid.uuid4().hex,
            "absent": lambda: None,
        }[r["csrf"]]()
        fields = {
            f"{prefix}csrf_token": token,
            f"{prefix}version": {
                "valid": str(current),
                "stale": str(current - 1),
                "absent": None,
                "garbage": r["garbage"].get(f"{prefix}version", "v"),
            }[r["version"]],
            f"{prefix}idem": uuid.uuid4().hex,
            "password": ADMIN_PASSWORD,
            "void-confirm": {"y": "y", "absent": None, "garbage": "no"}[r["confirm"]],
            "forehand": "2",
            "contract": "S",
            "team": "2",
            "points": "57",
        }
        fields = {
            k: v for k, v in fields.items() if k in ROUTES[r["endpoint"]] or k.startswith(prefix + "csrf")
        }
        fields.update(
            r["garbage"]
            if r["version"] == "garbage" or r["csrf"] == "garbage"
            else {k: v for k, v in r["garbage"].items() if k not in fields}
        )
        fields.update(r["extra"])
        fields = {k: v for k, v in fields.items() if v is not None}
    return client, method, path, fields, str(current)


def send(client: FlaskClient, method: str, path: str, fields: dict[str, Any], r: dict[str, Any]) -> Any:
    if method == "GET" or r["body"] == "form":
        return client.open(path, method=method, data=fields or None)
    if r["body"] == "json":  # the form's own fields as JSON, or any JSON value with them or instead
        value = {**fields, **r["json"]} if isinstance(r["json"], dict) else r["json"]
        data = json.dumps(fields if r["json"] is None else value)
        return client.open(path, method=method, data=data, content_type="application/json")
    if r["body"] == "raw":  # percent-escapes that are not UTF-8, and a broken escape
        body = urlencode(fields).encode() + b"&password=%FF%FE%C3%28&version=%E2%82&x=%%zz"
        return client.open(path, method=method, data=body, content_type="application/x-www-form-urlencoded")
    return client.open(path, method=method, data={**fields, "password": HUGE})


@pytest.fixture(scope="module")
def fuzzed_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """One app for every fuzzed route: its world is made once (SQLite, or PostgreSQL under
    scripts/with-postgres.sh)."""
    with fresh_database(tmp_path_factory.mktemp("fuzz")) as url:
        app = create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "test",
                "DATABASE_URL": url,
                "WTF_CSRF_ENABLED": True,
                "ADMIN_PASSWORD": ADMIN_PASSWORD,
            }
        )
        yield app
        app.extensions["tafel_engine"].dispose()


@pytest.mark.slow  # a fuzzer: 25 examples on each of a dozen routes
@pytest.mark.parametrize("endpoint", sorted(ROUTES))
@FUZZ
@given(data=st.data())
def test_guarded_routes_never_fail_and_a_refusal_changes_nothing(
    fuzzed_app: Flask, endpoint: str, data: st.DataObject
) -> None:
    app = fuzzed_app
    r = data.draw(requests(endpoint), label="request")
    w = world(app)
    client, method, path, fields, current = build(app, w, r)
    before, guessed = snapshot(app), guess_count(app)
    response = send(client, method, path, fields, r)
    status = response.status_code
    page = response.get_data(as_text=True)
    assert status < 500, (status, method, path, fields, page[-1500:])
    assert "Traceback" not in page
    changed = snapshot(app) != before
    # What was tried, for pytest --hypothesis-show-statistics.
    event(f"{r['endpoint']} {method} {r['who']} {status}{' changed' if changed else ''}")
    counted = guess_count(app) - guessed
    assert counted in (0, 1) and (counted == 0 or (r["endpoint"] in GUESSES and status == 403)), (
        counted,
        status,
    )
    if changed:
        # An accepted change: the match's tablet or the administrator, with a whole form.
        assert r["endpoint"] in CHANGES and r["who"] in ("creator", "admin") and status == 303, (r, status)
        prefix = "void-" if r["endpoint"] == "access.void" else ""
        assert r["csrf"] == "valid" and fields.get(f"{prefix}version") == current, fields
        return
    if status >= 400:
        assert refusal(page), (status, method, path, fields)
    elif status in (302, 303) and method != "GET":
        # A form answered with a redirect says on the next page what happened to it.
        assert flashes(client.get(response.headers["Location"]).get_data(as_text=True)), (
            status,
            path,
            fields,
        )


def test_an_id_past_the_id_columns_is_refused(app: Flask) -> None:
    """Once a 500: the id reached the database, which cannot take it (SQLite past 2⁶³ − 1,
    PostgreSQL past 2³¹ − 1, the largest ``integer``)."""
    client = english(app)
    for huge in (LARGEST_ID + 1, 2**63, 2**64, 10**30):
        for path, method in (
            (f"/matches/{huge}/edit/x", "GET"),
            (f"/matches/{huge}/void", "POST"),
            (f"/matches/{huge}/undo", "POST"),
            (f"/matches/{huge}", "GET"),
            (f"/matches/1/deals/{huge}/correct", "POST"),
        ):
            response = client.open(path, method=method)
            assert response.status_code in (403, 404), (path, response.status_code)
            assert refusal(response.get_data(as_text=True)), path


@pytest.mark.parametrize("body", ["null", "[1, 2]", "3", '{"password": {"a": 1}}', '{"password": 7}'])
def test_a_json_body_is_not_a_form(app: Flask, body: str) -> None:
    """Once a 500: Flask-WTF read any JSON body as the form, and a list or a number crashed it."""
    client = english(app, "198.51.100.90")
    token = hidden(client.get("/admin").get_data(as_text=True), "csrf_token")
    data = body.replace("{", '{"csrf_token": "' + token + '", ', 1) if body.startswith("{") else body
    response = client.post("/admin", data=data, content_type="application/json")
    assert response.status_code < 500 and refusal(response.get_data(as_text=True))


@pytest.mark.parametrize("name", CHOICES)
def test_a_wrong_choice_in_a_deal_form_is_named(app: Flask, name: str) -> None:
    """Once refused without a word: the form showed only the engine's reasons for these fields."""
    w = world(app)
    client = english(app, "192.0.2.1")
    client.set_cookie("session", cookie(w.creator))
    fields = {
        **deal_form(client, w.live),
        "forehand": "1",
        "contract": "H",
        "team": "1",
        "points": "98",
        name: "zz",
    }
    response = client.post(f"/matches/{w.live}/deals/new", data=fields)
    assert response.status_code == 422
    assert refusal(response.get_data(as_text=True))


@pytest.mark.parametrize(
    ("password", "status", "message"),
    [("", 422, "This field is required."), ("guess", 403, "This is not the administrator password.")],
)
def test_a_refused_login_of_a_logged_in_administrator_is_named(
    app: Flask, password: str, status: int, message: str
) -> None:
    """Once refused without a word: the administrator's page shows the logout form only."""
    admin = english(app, "192.0.2.60")
    token = hidden(admin.get("/admin").get_data(as_text=True), "csrf_token")
    assert admin.post("/admin", data={"csrf_token": token, "password": ADMIN_PASSWORD}).status_code == 303
    response = admin.post("/admin", data={"csrf_token": token, "password": password})
    assert response.status_code == status
    assert refusal(response.get_data(as_text=True)) == message
