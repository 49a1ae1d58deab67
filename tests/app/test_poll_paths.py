"""A spectator's poll and page are tagged by the match's version (scorer.web.conditional) and
read their language once per request header (scorer.web.i18n): none of that may serve a page
of another version, language or viewer, or let a withdrawn right through."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.access import rights
from scorer.store import db
from scorer.store.models import Entry
from scorer.web import conditional
from tests.helpers.tablet import ADMIN_PASSWORD, MakeApp, deal, edit_url, log_in, new_schieber, post_deal

#: The deal as its record is stored (DEAL_RECORD.md): Rosen trump, 98 for team 1.
STORED_DEAL = {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}}


def rows(page: str) -> int:
    return page.count('<tr id="deal-')


def watcher(app: Flask, language: str = "en") -> FlaskClient:
    spectator = app.test_client()
    spectator.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    return spectator


def test_a_page_follows_an_entry_stored_by_other_means(client: FlaskClient, app: Flask) -> None:
    """An entry stored by other means (another server, a restore): the version moved, so the
    page of the version before is not answered 304."""
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    spectator = watcher(app)
    first = spectator.get(f"/matches/{match_id}")
    assert rows(first.get_data(as_text=True)) == 1
    with app.app_context():
        session = db.session()
        session.add(Entry(match_id=match_id, seq=2, kind="deal", record=STORED_DEAL))
        session.commit()
    held = {"If-None-Match": first.headers["ETag"]}
    moved = spectator.get(f"/matches/{match_id}", headers=held)
    assert moved.status_code == 200 and moved.headers["ETag"] != first.headers["ETag"]
    assert rows(moved.get_data(as_text=True)) == 2
    assert rows(spectator.get(f"/matches/{match_id}").get_data(as_text=True)) == 2


def test_a_page_rendered_is_tagged_with_the_version_it_shows(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The version read for a 304 may lag a save that lands before the page is rendered: the
    page is tagged with the version it shows, never with the older one read before."""
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    post_deal(client, match_id, deal(points=100))
    real = conditional.match_version

    def one_behind(wanted: int) -> tuple[str, int] | None:
        found = real(wanted)
        return None if found is None else (found[0], found[1] - 1)

    monkeypatch.setattr(conditional, "match_version", one_behind)
    spectator = watcher(app)
    shown = spectator.get(f"/matches/{match_id}")
    assert rows(shown.get_data(as_text=True)) == 2
    monkeypatch.undo()
    # Its tag is the current version's: a reload is answered 304.
    again = spectator.get(f"/matches/{match_id}", headers={"If-None-Match": shown.headers["ETag"]})
    assert again.status_code == 304
    assert rows(watcher(app).get(f"/matches/{match_id}").get_data(as_text=True)) == 2


def test_each_accept_language_gets_its_language_from_one_client(client: FlaskClient, app: Flask) -> None:
    """The header's reading is kept per header as sent: a browser changing its languages, or a
    language refused with q=0, is read anew."""
    match_id = new_schieber(client)
    spectator = app.test_client()
    for header, lang in (
        ("de-CH", "de-CH"),
        ("fr-CH,en;q=0.5", "fr-CH"),
        ("fr;q=0, en", "en"),
        ("de-CH", "de-CH"),
    ):
        page = spectator.get(f"/matches/{match_id}", headers={"Accept-Language": header})
        assert f'lang="{lang}"' in page.get_data(as_text=True), header
        version = spectator.get(f"/matches/{match_id}/version", headers={"Accept-Language": header})
        assert version.status_code == 200


def test_gzip_refused_with_q_zero_is_not_sent_gzipped(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    spectator = watcher(app)
    taken = spectator.get(f"/matches/{match_id}", headers={"Accept-Encoding": "gzip"})
    assert taken.headers["Content-Encoding"] == "gzip"
    refused = spectator.get(f"/matches/{match_id}", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "Content-Encoding" not in refused.headers
    assert 'lang="en"' in refused.get_data(as_text=True)


def test_a_withdrawn_right_gets_the_spectators_page_and_is_refused(client: FlaskClient, app: Flask) -> None:
    """A new edit link withdraws every tablet's right (rights.issue_secret): the tablet's
    cookie still names its right, and a kept spectator's page must not let it through."""
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    watcher(app).get(f"/matches/{match_id}")  # the spectators' page is kept
    assert "Enter deal" in client.get(f"/matches/{match_id}").get_data(as_text=True)
    with app.app_context():
        rights.issue_secret(match_id)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Enter deal" not in page and rows(page) == 1
    assert client.get(f"/matches/{match_id}/deals/new").status_code == 403
    assert client.post(f"/matches/{match_id}/deals/new", data=deal(points=60)).status_code == 403


def test_a_tablet_granted_after_watching_gets_its_own_page(client: FlaskClient, app: Flask) -> None:
    """A spectator who opens the edit link holds the right from then on: its tag of the
    spectators' page gets it its own page, not 304."""
    match_id = new_schieber(client)
    link = edit_url(client, match_id)
    other = watcher(app)
    first = other.get(f"/matches/{match_id}")
    assert "Enter deal" not in first.get_data(as_text=True)
    assert other.get(urlsplit(link).path).status_code == 303
    other.get(f"/matches/{match_id}")  # "This tablet may now enter deals" shown once
    mine = other.get(f"/matches/{match_id}", headers={"If-None-Match": first.headers["ETag"]})
    assert mine.status_code == 200 and "Enter deal" in mine.get_data(as_text=True)


def test_an_administrator_is_never_sent_the_spectators_page(make_app: MakeApp) -> None:
    app = make_app(ADMIN_PASSWORD=ADMIN_PASSWORD)
    tablet = watcher(app)
    match_id = new_schieber(tablet)
    admin = watcher(app)
    kept = admin.get(f"/matches/{match_id}")
    assert "void-confirm" not in kept.get_data(as_text=True)
    assert log_in(admin) in (302, 303)
    page = admin.get(f"/matches/{match_id}", headers={"If-None-Match": kept.headers["ETag"]})
    assert page.status_code == 200 and "void-confirm" in page.get_data(as_text=True)


def test_the_session_follows_a_new_secret_key(client: FlaskClient, app: Flask) -> None:
    """A cookie signed with a key no longer
    configured is no session (its rights are gone), one signed with a fallback key still is."""
    match_id = new_schieber(client)
    assert "Enter deal" in client.get(f"/matches/{match_id}").get_data(as_text=True)
    app.config["SECRET_KEY"] = app.secret_key = "another"
    assert "Enter deal" not in client.get(f"/matches/{match_id}").get_data(as_text=True)
    app.config["SECRET_KEY_FALLBACKS"] = ["test"]
    # The old cookie, kept by the browser (the answer above set no new one: it had no session).
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Enter deal" in page
    assert re.search(r"<html[^>]*lang=\"en\"", page)
