"""Edit secrets, the spectator's read-only view, refusals and guessing."""

from __future__ import annotations

import hashlib
import io
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import qrcode
import qrcode.image.svg
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorer.access import rights
from scorer.store import db
from scorer.store.models import Entry, Match
from tests.helpers.routes import match_routes
from tests.helpers.tablet import (
    counts,
    csrf,
    deal_form,
    edit_url,
    english,
    new_klammern,
    new_schieber,
    post_deal,
)

DEAL = {"forehand": 1, "contract": "H", "team": 1, "points": 98}
REFUSED = "Only the tablets of this match may change it."


def address(rule: str, match_id: int) -> str:
    return (
        rule.replace("<int:match_id>", str(match_id)).replace("<int:slot_id>", "1").replace("<int:seat>", "1")
    )


def entries(app: Flask) -> list[tuple[int, int, str, Any]]:
    with app.app_context():
        return [
            (e.match_id, e.seq, e.kind, e.record)
            for e in db.session().scalars(select(Entry).order_by(Entry.id))
        ]


def test_every_change_without_the_secret_is_refused_and_changes_nothing(
    app: Flask, client: FlaskClient, spectator: FlaskClient
) -> None:
    match_id = new_schieber(client)
    assert post_deal(client, match_id, DEAL).status_code == 303
    routes = match_routes(app)
    endpoints = {endpoint for endpoint, _, _ in routes}
    assert {"deals.new", "deals.correct", "deals.undo", "deals.redo", "access.void"} <= endpoints
    # A complete, valid form as the creator's page would send it: only the right is missing.
    form = deal_form(client, match_id)
    spectator.get("/matches/")  # a session of its own, with its own CSRF token
    before = entries(app)
    with app.app_context():
        seat_pages = rights.seat_pages()
    for endpoint, method, rule in routes:
        url = address(rule, match_id)
        data = {
            **form,
            "csrf_token": csrf(spectator, "/matches/new/schieber"),
            **{k: str(v) for k, v in DEAL.items()},
        }
        response = spectator.open(url, method=method, data=data if method != "GET" else None)
        if endpoint in seat_pages:
            # A seat's own page asks for that seat's right (tests/security/test_sealed_estimates.py);
            # this match's game has none.
            assert response.status_code in (403, 404), (endpoint, method, response.status_code)
            continue
        assert response.status_code == 403, (endpoint, method, response.status_code)
        assert REFUSED in response.get_data(as_text=True), endpoint
        assert "read-only" in response.get_data(as_text=True)
    assert entries(app) == before


def test_the_refusal_is_translated(client: FlaskClient, spectator: FlaskClient) -> None:
    match_id = new_schieber(client)
    response = spectator.post(f"/matches/{match_id}/undo", headers={"Accept-Language": "de-CH"})
    assert response.status_code == 403
    assert '<html lang="de-CH"' in response.get_data(as_text=True)


def test_spectator_sees_the_match_read_only(client: FlaskClient, spectator: FlaskClient) -> None:
    match_id = new_schieber(client)
    assert post_deal(client, match_id, DEAL).status_code == 303
    mine = client.get(f"/matches/{match_id}").get_data(as_text=True)
    theirs = spectator.get(f"/matches/{match_id}")
    assert theirs.status_code == 200
    page = theirs.get_data(as_text=True)
    for edit in ("Enter deal", f"/matches/{match_id}/undo", "/correct", "/edit/", "qr/edit.svg"):
        assert edit in mine and edit not in page, edit
    assert "Spectator link" in page and "/qr/watch.svg" in page
    assert spectator.get(f"/matches/{match_id}/qr/edit.svg").status_code == 403
    assert spectator.get(f"/matches/{match_id}/export.json").status_code == 200


def test_the_edit_link_grants_on_another_tablet(app: Flask, client: FlaskClient) -> None:
    match_id = new_klammern(client)
    link = edit_url(client, match_id)
    tablet = english(app, "192.0.2.7")
    response = tablet.get(urlsplit(link).path)
    # The secret leaves the address bar: a redirect to the plain match page.
    assert response.status_code == 303 and response.headers["Location"] == f"/matches/{match_id}"
    page = tablet.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "This tablet may now enter deals for this match." in page and "Enter deal" in page
    assert edit_url(tablet, match_id) == link
    deal = {"forehand": 1, "declarer": 1, "trump": "S", "how": "orgi", "team": 1, "points": 100}
    assert post_deal(tablet, match_id, deal).status_code == 303
    assert counts(app) == (1, 1)


def test_the_edit_qr_code_encodes_the_edit_link(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    link = edit_url(client, match_id)
    response = client.get(f"/matches/{match_id}/qr/edit.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert response.headers["Cache-Control"] == "no-store"
    expected = qrcode.make(link, image_factory=qrcode.image.svg.SvgPathFillImage, box_size=10, border=2)
    buffer = io.BytesIO()
    expected.save(buffer)
    assert response.data == buffer.getvalue()
    assert b"<script" not in response.data and b"http" not in response.data.replace(b"http://www.w3.org", b"")


def test_the_secret_is_stored_hashed(app: Flask, client: FlaskClient) -> None:
    match_id = new_schieber(client)
    secret = edit_url(client, match_id).rsplit("/", 1)[1]
    assert len(secret) >= 22  # 128 random bits
    with app.test_request_context():
        stored = db.session().get(Match, match_id)
        assert stored is not None and stored.edit_secret_hash == rights.hash_secret(secret)
        # A keyed hash: without the app's key, the stored value checks no guess.
        assert stored.edit_secret_hash != hashlib.sha256(secret.encode()).hexdigest()
    database = Path(app.config["DATABASE_URL"].removeprefix("sqlite:///"))
    assert secret.encode() not in b"".join(p.read_bytes() for p in database.parent.glob(database.name + "*"))


def test_each_match_has_its_own_secret(client: FlaskClient) -> None:
    first, second = new_schieber(client), new_schieber(client)
    one, two = edit_url(client, first), edit_url(client, second)
    assert one.rsplit("/", 1)[1] != two.rsplit("/", 1)[1]
    # A secret opens only its own match.
    other = english(client.application, "192.0.2.8")
    assert other.get(f"/matches/{second}/edit/" + one.rsplit("/", 1)[1]).status_code == 403


def test_a_wrong_secret_is_refused(app: Flask, client: FlaskClient, spectator: FlaskClient) -> None:
    match_id = new_schieber(client)
    secret = edit_url(client, match_id).rsplit("/", 1)[1]
    for wrong in ("x", secret[:-1], secret + "x", secret.swapcase()):
        response = spectator.get(f"/matches/{match_id}/edit/{wrong}")
        assert response.status_code == 403, wrong
        assert "This edit link is not valid." in response.get_data(as_text=True)
    assert spectator.get(f"/matches/{match_id}/deals/new").status_code == 403
    assert spectator.get(f"/matches/999/edit/{secret}").status_code == 403


@pytest.mark.slow
def test_guessing_is_rate_limited(app: Flask, client: FlaskClient) -> None:
    match_id = new_schieber(client)
    link = urlsplit(edit_url(client, match_id)).path
    guesser = english(app, "198.51.100.5")
    for n in range(10):
        assert guesser.get(f"/matches/{match_id}/edit/guess{n}").status_code == 403, n
    limited = guesser.get(f"/matches/{match_id}/edit/guess10")
    assert limited.status_code == 429
    assert int(limited.headers["Retry-After"]) > 0 and "Too many wrong tries." in limited.get_data(
        as_text=True
    )
    # Once limited, even the right secret waits: a guesser learns nothing more.
    assert guesser.get(link).status_code == 429
    assert guesser.get(f"/matches/{match_id}/deals/new").status_code == 403
    # Another address is not affected.
    assert english(app, "198.51.100.6").get(link).status_code == 303
    # After the window, the address may try again.
    later = time.time() + 601  # the limiter's clock: seconds since the epoch, shared by every worker
    app.extensions["tafel_guess_limiter"].clock = lambda: later
    assert guesser.get(link).status_code == 303


def test_the_limiter_counts_in_a_sliding_window() -> None:
    now = [1000.0]
    limiter = rights.GuessLimiter(3, 60, clock=lambda: now[0])
    for _ in range(3):
        assert limiter.retry_after("a") is None
        limiter.fail("a")
        now[0] += 10
    assert limiter.retry_after("a") == 31  # the first failure (t=1000) leaves the window at 1060
    assert limiter.retry_after("b") is None
    now[0] = 1060.0
    assert limiter.retry_after("a") is None


@pytest.mark.slow
def test_import_gets_a_secret_and_the_importer_the_right(
    app: Flask, client: FlaskClient, spectator: FlaskClient
) -> None:
    source = new_schieber(client)
    assert post_deal(client, source, DEAL).status_code == 303
    record = client.get(f"/matches/{source}/export.json").get_data(as_text=True)
    response = client.post(
        "/matches/import",
        data={"csrf_token": csrf(client, "/matches/import"), "text": record, "deck": "swiss"},
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    match_id = int(response.headers["Location"].rsplit("/", 1)[1])
    assert "/edit/" in edit_url(client, match_id)
    assert post_deal(client, match_id, {**DEAL, "forehand": 2}).status_code == 303
    assert spectator.post(f"/matches/{match_id}/undo").status_code == 403


@pytest.mark.slow
def test_a_double_tap_whose_first_answer_was_lost_keeps_the_right(app: Flask, client: FlaskClient) -> None:
    """The second request of a double tap finds the match the first made: the browser
    never saw the first answer's cookie, yet gets the same right."""
    fields = {"profile": "seed", "deck": "swiss", "rosen7": "1", "idem": "0f" * 16}
    first = client.post(
        "/matches/new/schieber", data={**fields, "csrf_token": csrf(client, "/matches/new/schieber")}
    )
    assert first.status_code == 302
    lost = english(app)  # the same tablet without the first answer's cookie
    second = lost.post(
        "/matches/new/schieber", data={**fields, "csrf_token": csrf(lost, "/matches/new/schieber")}
    )
    assert second.headers["Location"] == first.headers["Location"]
    match_id = int(first.headers["Location"].rsplit("/", 1)[1])
    assert edit_url(lost, match_id) == edit_url(client, match_id)
    assert counts(app) == (1, 0)


def test_a_match_without_a_secret_is_read_only_for_everyone(app: Flask, client: FlaskClient) -> None:
    """A match made before edit secrets existed: only the administrator may change it."""
    match_id = new_schieber(client)
    with app.app_context():
        session = db.session()
        stored = session.get(Match, match_id)
        assert stored is not None
        stored.edit_secret_hash = None
        session.commit()
    assert client.get(f"/matches/{match_id}/deals/new").status_code == 403
    assert "Enter deal" not in client.get(f"/matches/{match_id}").get_data(as_text=True)


def test_the_session_remembers_a_bounded_number_of_matches(app: Flask, client: FlaskClient) -> None:
    with app.test_request_context():
        from flask import session

        for n in range(100_001, 100_001 + rights.MAX_REMEMBERED + 5):
            rights.grant(Match(id=n))
        granted = session[rights.RIGHTS]
        assert len(granted) == rights.MAX_REMEMBERED
        assert "100001" not in granted and str(100_000 + rights.MAX_REMEMBERED + 5) in granted
        # With a CSRF token and a language beside, the cookie stays well under browsers' 4 KB.
        session["csrf_token"], session["lang"] = "f" * 40, "de_CH"
        cookie = app.session_interface.get_signing_serializer(app).dumps(dict(session))  # type: ignore[attr-defined]
        assert len(cookie) < 3000


@pytest.mark.slow
def test_a_new_edit_link_from_the_command_line(app: Flask, client: FlaskClient) -> None:
    """For a match made before edit secrets, or whose link went astray: earlier rights end."""
    match_id = new_schieber(client)
    old_link = urlsplit(edit_url(client, match_id)).path
    result = app.test_cli_runner().invoke(
        args=["edit-link", str(match_id), "--base-url", "http://tafel.local:8000"]
    )
    assert result.exit_code == 0, result.output
    link = result.output.strip()
    assert (
        link.startswith(f"http://tafel.local:8000/matches/{match_id}/edit/")
        and urlsplit(link).path != old_link
    )
    assert client.get(f"/matches/{match_id}/deals/new").status_code == 403  # the old right ended
    assert english(app, "192.0.2.20").get(old_link).status_code == 403
    assert client.get(urlsplit(link).path).status_code == 303
    assert post_deal(client, match_id, DEAL).status_code == 303
    missing = app.test_cli_runner().invoke(args=["edit-link", "999"])
    assert missing.exit_code != 0 and "there is no match 999" in missing.output
