"""Spectators' match pages come from a cache keyed by the match version (scorer.web.pagecache).

What must never happen: a spectator shown a stale score after an entry, a tablet shown the
spectator's page (no buttons), a spectator shown a tablet's page (its buttons, links or
messages), or one language's page served in another.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.matches import views
from scorer.web import pagecache
from scorer.web.pagecache import PageCache
from tests.helpers.tablet import deal, hidden, new_schieber, post_deal


def watcher(app: Flask, language: str = "en") -> FlaskClient:
    spectator = app.test_client()
    spectator.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    return spectator


def scores(page: str) -> list[str]:
    return re.findall(r'data-score="([^"]*)"', page)


def rows(page: str) -> int:
    return page.count('<tr id="deal-')


def cached_pages(app: Flask) -> int:
    return len(app.extensions["tafel_page_cache"])


def test_spectator_sees_each_new_entry(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    spectator = watcher(app)
    assert scores(spectator.get(f"/matches/{match_id}").get_data(as_text=True)) == ["0", "0"]
    # Rosen trump ×1 (S7): 98 for team 1, the rest of 157 (S6.1) for team 2.
    assert post_deal(client, match_id, deal(points=98)).status_code == 303
    page = spectator.get(f"/matches/{match_id}").get_data(as_text=True)
    assert scores(page) == ["98", "59"] and rows(page) == 1
    assert post_deal(client, match_id, deal(points=100)).status_code == 303
    page = spectator.get(f"/matches/{match_id}").get_data(as_text=True)
    assert scores(page) == ["198", "116"] and rows(page) == 2


def test_spectator_sees_an_undo(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    spectator = watcher(app)
    assert scores(spectator.get(f"/matches/{match_id}").get_data(as_text=True)) == ["98", "59"]
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    form = page[page.index(f'action="/matches/{match_id}/undo"') :]
    client.post(
        f"/matches/{match_id}/undo",
        data={name: hidden(form, name) for name in ("csrf_token", "version", "idem")},
    )
    assert scores(spectator.get(f"/matches/{match_id}").get_data(as_text=True)) == ["0", "0"]


def test_repeated_views_of_one_version_are_served_from_the_cache(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    before = cached_pages(app)
    first = watcher(app).get(f"/matches/{match_id}")
    assert cached_pages(app) == before + 1
    second = watcher(app).get(f"/matches/{match_id}")
    assert cached_pages(app) == before + 1  # the same version: no new page
    assert first.get_data() == second.get_data()


def test_tablet_and_spectator_never_get_each_others_page(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    spectator = watcher(app)
    # The spectator first: the tablet still gets its buttons and its message.
    assert "Enter deal" not in spectator.get(f"/matches/{match_id}").get_data(as_text=True)
    client.get(f"/matches/{match_id}")  # shows "Deal saved." once
    tablet_page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    tablet_only = (
        "Enter deal",
        "Undo last entry",
        'name="csrf_token"',
        f"/matches/{match_id}/edit/",
        "qr/edit.svg",
    )
    assert all(text in tablet_page for text in tablet_only)
    # The tablet first (with "Deal saved." waiting): the spectator gets neither.
    post_deal(client, match_id, deal(points=100))
    assert "Deal saved." in client.get(f"/matches/{match_id}").get_data(as_text=True)
    post_deal(client, match_id, deal(points=60))
    client.get(f"/matches/{match_id}")
    page = spectator.get(f"/matches/{match_id}").get_data(as_text=True)
    assert rows(page) == 3
    assert not [text for text in (*tablet_only, "Deal saved.") if text in page]


def test_each_language_gets_its_own_page(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    english = watcher(app, "en").get(f"/matches/{match_id}").get_data(as_text=True)
    german = watcher(app, "de-CH").get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'lang="en"' in english and "Chalk board" in english
    assert 'lang="de-CH"' in german and "Chalk board" not in german


def test_chalk_board_and_deal_list_are_separate_pages(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    spectator = watcher(app)
    listing = spectator.get(f"/matches/{match_id}").get_data(as_text=True)
    board = spectator.get(f"/matches/{match_id}?view=board").get_data(as_text=True)
    assert 'class="deals"' in listing and "chalkboard" not in listing
    assert "chalkboard" in board and 'class="deals"' not in board


def test_reload_with_the_same_tag_is_not_sent_again(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    spectator = watcher(app)
    first = spectator.get(f"/matches/{match_id}")
    tag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    again = spectator.get(f"/matches/{match_id}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    post_deal(client, match_id, deal(points=100))
    changed = spectator.get(f"/matches/{match_id}", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert scores(changed.get_data(as_text=True)) == ["198", "116"]


def test_unknown_match_is_still_404(app: Flask) -> None:
    assert watcher(app).get("/matches/999999").status_code == 404


def test_without_the_cache_pages_are_the_same(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    cached = watcher(app).get(f"/matches/{match_id}").get_data(as_text=True)
    app.config["PAGE_CACHE_SIZE"] = 0
    fresh = watcher(app).get(f"/matches/{match_id}")
    assert "ETag" not in fresh.headers
    assert fresh.get_data(as_text=True) == cached


def test_cache_keeps_the_most_recently_used() -> None:
    cache = PageCache(2)
    cache.put(("a",), "A")
    cache.put(("b",), "B")
    assert cache.get(("a",)) == "A"  # now the most recent
    cache.put(("c",), "C")
    assert len(cache) == 2
    assert cache.get(("b",)) is None and cache.get(("a",)) == "A" and cache.get(("c",)) == "C"


# --- the meld section of a fresh deal form (scorer/deals/views.py) -------------------------


def without_tokens(page: str) -> str:
    return re.sub(r'(name="(?:csrf_token|idem|version)"[^>]*value=")[^"]*"', r'\1"', page)


def test_fresh_deal_form_is_the_same_from_the_kept_meld_section(client: FlaskClient, app: Flask) -> None:
    from scorer.deals import views as deals

    match_id = new_schieber(client)
    deals._FRESH_MELDS._pages.clear()
    first = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)  # renders, keeps
    second = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)  # from the kept copy
    assert without_tokens(first) == without_tokens(second)
    assert 'name="weis_4_2_top"' in second and "Dora" in second
    german = app.test_client()
    german.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de-CH"
    german.set_cookie("session", client.get_cookie("session").value)  # the same tablet, in German
    page = german.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    assert "<legend>Weis</legend>" in page and "top card" not in page


def test_a_refused_deal_keeps_what_was_chosen_in_the_meld_selects(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    client.get(f"/matches/{match_id}/deals/new")  # a fresh copy is kept
    # 156 is impossible (S8): the form comes back with Anna's Weis still chosen.
    response = post_deal(
        client, match_id, deal(points=156, weis_1_1_kind="run3", weis_1_1_suit="H", weis_1_1_top="8")
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert '<option value="run3" selected>' in page and '<option value="8" selected>' in page


def test_a_compressed_copy_is_answered_304_without_rendering(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A browser holding the gzip copy asks with its ``:gzip`` tag: 304 before any page is
    looked up or rendered, and a full page again once an entry moved the version."""
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    spectator = watcher(app)
    gzip = {"Accept-Encoding": "gzip"}
    first = spectator.get(f"/matches/{match_id}", headers=gzip)
    assert first.headers["Content-Encoding"] == "gzip"
    tag = first.headers["ETag"]
    assert tag.endswith(':gzip"')
    monkeypatch.setattr(views, "screen", lambda *_a, **_k: pytest.fail("rendered for a 304"))
    monkeypatch.setattr(pagecache.PageCache, "get", lambda *_a: pytest.fail("looked up for a 304"))
    again = spectator.get(f"/matches/{match_id}", headers={**gzip, "If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == tag and again.headers["Cache-Control"] == "no-cache"
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in again.headers["Vary"].split(",")}
    monkeypatch.undo()
    post_deal(client, match_id, deal(points=100))
    changed = spectator.get(f"/matches/{match_id}", headers={**gzip, "If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag


def test_a_spectators_tag_gets_a_tablet_its_own_page_not_304(client: FlaskClient, app: Flask) -> None:
    """The tag names the spectator's page: a tablet that may edit (or a spectator's tag of
    another language, or of another match) is sent its own page in full."""
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    client.get(f"/matches/{match_id}")  # "Deal saved." shown
    tag = watcher(app).get(f"/matches/{match_id}").headers["ETag"]
    tablet = client.get(f"/matches/{match_id}", headers={"If-None-Match": tag})
    assert tablet.status_code == 200 and "Enter deal" in tablet.get_data(as_text=True)
    german = watcher(app, "de-CH").get(f"/matches/{match_id}", headers={"If-None-Match": tag})
    assert german.status_code == 200 and 'lang="de-CH"' in german.get_data(as_text=True)
    other = new_schieber(client)
    assert watcher(app).get(f"/matches/{other}", headers={"If-None-Match": tag}).status_code == 200
    for anything in (tag, "*"):
        assert watcher(app).get("/matches/999999", headers={"If-None-Match": anything}).status_code == 404
