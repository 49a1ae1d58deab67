"""Live match pages: the version a match page polls, answered 304 while nothing changed."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.tablet import deal, new_schieber, post_deal


def test_version_moves_with_each_entry_and_304_while_it_does_not(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    spectator = app.test_client()
    first = spectator.get(f"/matches/{match_id}/version")
    assert first.status_code == 200 and first.get_json() == {"version": 0}
    # Browsers ask every time; a shared cache may answer for a second (scorer.web.conditional).
    assert first.headers["Cache-Control"] == "public, max-age=0, s-maxage=1"
    tag = first.headers["ETag"]
    unchanged = spectator.get(f"/matches/{match_id}/version", headers={"If-None-Match": tag})
    assert unchanged.status_code == 304 and unchanged.data == b""
    assert post_deal(client, match_id, deal(points=98)).status_code == 303
    moved = spectator.get(f"/matches/{match_id}/version", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.get_json() == {"version": 1}
    assert moved.headers["ETag"] != tag
    assert spectator.get("/matches/999/version").status_code == 404


@pytest.mark.slow
def test_a_match_page_says_where_to_poll_and_its_version(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    for browser in (client, app.test_client()):  # the tablet that edits, and a spectator
        page = browser.get(f"/matches/{match_id}").get_data(as_text=True)
        main = re.search(r"<main([^>]*)>", page)
        assert main is not None
        assert f'data-live="/matches/{match_id}/version"' in main.group(1)
        assert 'data-version="1"' in main.group(1)
    # Other pages do not poll.
    assert "data-live=" not in client.get("/matches/").get_data(as_text=True)
    assert "data-live=" not in client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)


def test_an_unknown_match_has_no_version_whatever_tag_is_sent(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    tag = app.test_client().get(f"/matches/{match_id}/version").headers["ETag"]
    for held in (tag, "*"):
        assert (
            app.test_client().get("/matches/999/version", headers={"If-None-Match": held}).status_code == 404
        )
    # A tag names one match: another match's version is sent in full.
    other = new_schieber(client)
    answer = app.test_client().get(f"/matches/{other}/version", headers={"If-None-Match": tag})
    assert answer.status_code == 200 and answer.get_json() == {"version": 0}


def test_a_pages_own_requests_leave_the_session_cookie_alone(client: FlaskClient) -> None:
    """A request a page makes (a stylesheet, the offline texts, a QR code, an htmx swap) may have
    left with the cookie as it stood before the page's answer: sending that copy back undid
    what the answer stored, and the next form was refused as open too long."""
    match_id = new_schieber(client)
    page = client.get(f"/matches/{match_id}")
    assert "session=" in page.headers.get("Set-Cookie", "")
    own = (
        client.get("/offline/texts/en.json"),
        client.get(f"/matches/{match_id}/qr/watch.svg"),
        client.get(f"/matches/{match_id}", headers={"HX-Request": "true"}),
    )
    for answer in own:
        assert answer.status_code == 200
        assert "Set-Cookie" not in answer.headers, answer.request.path


def test_a_poll_leaves_the_session_cookie_alone_and_a_page_pushes_it_on(client: FlaskClient) -> None:
    """A tablet's session is permanent: the page sends its cookie again (a later expiry), the
    version poll every few seconds does not, and the right it names still works after polls."""
    match_id = new_schieber(client)
    page = client.get(f"/matches/{match_id}")
    assert "session=" in page.headers.get("Set-Cookie", "")
    poll = client.get(f"/matches/{match_id}/version")
    tag = poll.headers["ETag"]
    unchanged = client.get(f"/matches/{match_id}/version", headers={"If-None-Match": tag})
    assert unchanged.status_code == 304
    for answer in (poll, unchanged):
        assert "Set-Cookie" not in answer.headers
        assert "Cookie" in answer.headers["Vary"]
    assert post_deal(client, match_id, deal(points=98)).status_code == 303
