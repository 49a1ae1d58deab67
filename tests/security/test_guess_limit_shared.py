"""The limit on guessing is one count in the database, shared by every worker.

Two app instances over one database, and two app servers (separate processes) over one
SQLite file in WAL mode or one PostgreSQL schema (scripts/with-postgres.sh): wrong guesses
spread over both are refused after GUESS_LIMIT in total.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorer import create_app
from scorer.access import rights
from scorer.store import db
from scorer.store.models import GuessFailure, Match
from tests.helpers import server as tablets
from tests.helpers.database import fresh_database
from tests.helpers.tablet import english

LIMIT = 10  # GUESS_LIMIT's default: the public behaviour is checked at its real value
WINDOW = 600


@pytest.fixture
def database_url(tmp_path: Path) -> Iterator[str]:
    with fresh_database(tmp_path) as url:
        yield url


@pytest.fixture
def two_apps(database_url: str) -> Iterator[tuple[Flask, Flask]]:
    """Two app instances, each with its own engine (as two worker processes have), on one database."""
    apps = tuple(
        create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url}) for _ in range(2)
    )
    yield apps  # type: ignore[misc]
    for app in apps:
        app.extensions["tafel_engine"].dispose()


def stored_guesses(app: Flask) -> int:
    with app.app_context():
        return db.session().scalar(select(func.count()).select_from(GuessFailure)) or 0


@pytest.mark.slow
def test_guesses_spread_over_two_apps_count_once(two_apps: tuple[Flask, Flask]) -> None:
    first, second = two_apps
    assert first.config["GUESS_LIMIT"] == LIMIT
    clients = [english(first, "198.51.100.30"), english(second, "198.51.100.30")]
    for n in range(LIMIT):
        response = clients[n % 2].get(f"/matches/999/edit/guess{n}")
        assert response.status_code == 403, n
    for client in clients:
        limited = client.get("/matches/999/edit/one-more")
        assert limited.status_code == 429
        assert 0 < int(limited.headers["Retry-After"]) <= WINDOW + 1
        assert "Too many wrong tries." in limited.get_data(as_text=True)
    assert stored_guesses(first) == LIMIT  # a refused (429) try is not a guess
    # Another address is counted apart.
    assert english(second, "198.51.100.31").get("/matches/999/edit/x").status_code == 403


@pytest.mark.slow
def test_the_window_is_one_clock_for_every_instance(two_apps: tuple[Flask, Flask]) -> None:
    now = [1_000_000.0]
    for app in two_apps:
        app.extensions["tafel_guess_limiter"].clock = lambda: now[0]
    clients = [english(app, "198.51.100.40") for app in two_apps]
    for n in range(LIMIT):
        assert clients[n % 2].get(f"/matches/999/edit/g{n}").status_code == 403
        now[0] += 10  # failures at 1_000_000, 1_000_010, … 1_000_090
    assert clients[0].get("/matches/999/edit/g").headers["Retry-After"] == str(WINDOW - 100 + 1)
    now[0] = 1_000_000 + WINDOW  # the first failure has left the window: one more try
    assert clients[1].get("/matches/999/edit/g").status_code == 403
    assert clients[0].get("/matches/999/edit/g").status_code == 429


def test_old_failures_are_pruned(two_apps: tuple[Flask, Flask]) -> None:
    app = two_apps[0]
    now = [5_000.0]
    app.extensions["tafel_guess_limiter"].clock = lambda: now[0]
    for n in range(30):
        english(app, f"203.0.113.{n}").get("/matches/999/edit/x")
    assert stored_guesses(app) == 30
    now[0] += WINDOW
    english(app, "203.0.113.200").get("/matches/999/edit/x")
    assert stored_guesses(app) == 1  # only the failures still in the window are kept


def test_a_failure_is_counted_apart_from_the_request_session(app: Flask) -> None:
    """Counted though the request is refused (its session rolled back), and the request's
    own pending changes are neither committed nor discarded by it."""
    with app.test_request_context(environ_base={"REMOTE_ADDR": "198.51.100.50"}):
        session = db.session()
        session.add(Match(game="schieber", settings={}))
        rights.limiter().fail(rights.client_address())
        assert session.new  # still pending in the request's session
        session.rollback()
    assert stored_guesses(app) == 1
    with app.app_context():
        assert db.session().scalar(select(func.count()).select_from(Match)) == 0


def test_a_failure_from_the_future_is_not_counted() -> None:
    """After the clock is set back, failures it stored 'later' lock nobody out."""
    now = [2_000.0]
    limiter = rights.GuessLimiter(2, 60, clock=lambda: now[0])
    limiter.fail("a")
    limiter.fail("a")
    assert limiter.retry_after("a") == 61
    now[0] = 1_000.0
    assert limiter.retry_after("a") is None


def test_more_failures_than_the_limit_wait_for_the_limit_th_newest() -> None:
    """Racing workers may store more than the limit: the wait is until fewer are left."""
    now = [0.0]
    limiter = rights.GuessLimiter(2, 60, clock=lambda: now[0])
    for at in (0.0, 10.0, 20.0):
        now[0] = at
        limiter.fail("a")
    now[0] = 30.0
    assert limiter.retry_after("a") == 41  # the failure at 10 s leaves the window at 70 s


def test_a_long_address_is_stored() -> None:
    limiter = rights.GuessLimiter(1, 60)
    limiter.fail("x" * 500)
    assert limiter.retry_after("x" * 500) is not None


@pytest.mark.slow  # starts two app servers
def test_two_servers_share_the_limit(database_url: str, tmp_path: Path) -> None:
    """Two app servers (separate processes, two workers each) on one database: guesses
    alternate between them, and both refuse once GUESS_LIMIT are spent in total."""
    with (
        tablets.serving(database_url, tmp_path / "a.log", workers=2) as one,
        tablets.serving(database_url, tmp_path / "b.log", workers=2) as two,
    ):
        statuses = []
        for n in range(LIMIT + 2):
            # A new connection each time, so requests also spread over each server's workers.
            with tablets.Tablet((one, two)[n % 2].port) as guesser:
                answer = guesser.get(f"/matches/999/edit/guess{n}")
                statuses.append(answer.status)
        logs = one.log() + two.log()
        with tablets.Tablet(two.port) as guesser:
            limited = guesser.request("GET", "/matches/999/edit/last")
    assert statuses == [403] * LIMIT + [429, 429], (statuses, logs[-2000:])
    assert limited.status == 429 and "Too many wrong tries." in limited.body
    assert "Traceback" not in logs, logs[-3000:]
