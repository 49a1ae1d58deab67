"""Spectators' match pages come from a cache keyed by the match version (scorer.web.pagecache).

What must never happen: a spectator shown a stale score after an entry, a tablet shown the
spectator's page (no buttons), a spectator shown a tablet's page (its buttons, links or
messages), or one language's page served in another.
"""

from __future__ import annotations

import gzip
import re
import shutil
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.matches import views
from scorer.web import pagecache
from scorer.web.pagecache import PageCache, PageStore
from tests.helpers.tablet import MakeApp, deal, hidden, new_schieber, post_deal


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


# --- the page store shared by a server's workers (scorer.web.pagecache.PageStore) -----------


def store_files(app: Flask) -> list[Path]:
    store = app.extensions["tafel_page_store"].store()
    return [page for page in store.directory.rglob("*") if page.is_file() and not page.name.startswith(".")]


def never_rendered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "screen", lambda *_a, **_k: pytest.fail("rendered, not read from the store"))


def test_a_page_rendered_by_one_worker_is_served_by_another(
    client: FlaskClient, app: Flask, make_app: MakeApp, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two apps on one database and one store directory are two workers of one server."""
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    other = make_app(database_url)
    first = watcher(app).get(f"/matches/{match_id}")
    zipped = watcher(app).get(f"/matches/{match_id}", headers={"Accept-Encoding": "gzip"})
    assert len(store_files(app)) == 1
    never_rendered(monkeypatch)
    plain = watcher(other).get(f"/matches/{match_id}")
    assert plain.status_code == 200 and plain.get_data() == first.get_data()
    assert plain.headers["ETag"] == first.headers["ETag"]
    again = watcher(other).get(f"/matches/{match_id}", headers={"Accept-Encoding": "gzip"})
    assert again.headers["Content-Encoding"] == "gzip" and again.headers["ETag"] == zipped.headers["ETag"]
    assert gzip.decompress(again.get_data()) == first.get_data()
    assert scores(plain.get_data(as_text=True)) == ["98", "59"]


def test_the_store_never_serves_another_version_language_address_or_database(
    client: FlaskClient, app: Flask, make_app: MakeApp, database_url: str
) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    other = make_app(database_url)
    club = "http://jass.example"
    english_page = watcher(app).get(f"/matches/{match_id}", base_url=club).get_data(as_text=True)
    assert f"{club}/matches/{match_id}" in english_page  # the spectator link to share
    german = watcher(other, "de-CH").get(f"/matches/{match_id}", base_url=club).get_data(as_text=True)
    assert 'lang="de-CH"' in german and "Chalk board" not in german
    elsewhere = watcher(other).get(f"/matches/{match_id}", base_url="http://elsewhere.example")
    assert f"http://elsewhere.example/matches/{match_id}" in elsewhere.get_data(as_text=True)
    assert club not in elsewhere.get_data(as_text=True)
    board = watcher(other).get(f"/matches/{match_id}?view=board").get_data(as_text=True)
    assert "chalkboard" in board
    post_deal(client, match_id, deal(points=100))  # a new version: the other worker renders it
    assert scores(watcher(other).get(f"/matches/{match_id}").get_data(as_text=True)) == ["198", "116"]
    # Another database (a restored one, a test's) with a match of the same number, same directory.
    restored = make_app()
    tablet = restored.test_client()
    assert new_schieber(tablet) == match_id
    assert scores(watcher(restored).get(f"/matches/{match_id}").get_data(as_text=True)) == ["0", "0"]


def test_the_store_holds_at_most_its_size(client: FlaskClient, make_app: MakeApp, database_url: str) -> None:
    app = make_app(database_url, PAGE_STORE_SIZE=4)
    matches = [new_schieber(client) for _ in range(3)]
    for match_id in matches:
        for language in ("en", "de-CH", "fr-CH"):
            assert watcher(app, language).get(f"/matches/{match_id}").status_code == 200
    assert len(store_files(app)) == 4
    assert len(app.extensions["tafel_page_store"].store()) == 4


def test_made_up_queries_and_hosts_are_answered_but_not_kept(
    client: FlaskClient, make_app: MakeApp, database_url: str
) -> None:
    """A query string or ``Host`` header per request must not fill the caches: such a page is
    rendered for its request, with its own address in its links, and dropped."""
    app = make_app(database_url)
    match_id = new_schieber(client)
    spectator = watcher(app)
    for n in range(3):
        page = spectator.get(f"/matches/{match_id}?x={n}").get_data(as_text=True)
        assert f"x%3D{n}" in page or f"x={n}" in page  # the language links return to it
    assert cached_pages(app) == 0 and store_files(app) == []
    for n in range(pagecache.HOSTS_KEPT + 4):
        page = spectator.get(f"/matches/{match_id}", base_url=f"http://host{n}.example")
        assert f"http://host{n}.example/matches/{match_id}" in page.get_data(as_text=True)
    assert cached_pages(app) == pagecache.HOSTS_KEPT == len(store_files(app))
    assert spectator.get(f"/matches/0{match_id}").status_code == 200  # another spelling
    assert cached_pages(app) == pagecache.HOSTS_KEPT


@pytest.mark.parametrize("damage", ["garbage", "truncated", "removed", "directory removed"])
def test_a_damaged_or_missing_store_is_rendered_again(
    client: FlaskClient, app: Flask, make_app: MakeApp, database_url: str, damage: str
) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    good = watcher(app).get(f"/matches/{match_id}").get_data()
    [kept] = store_files(app)
    if damage == "garbage":
        kept.write_bytes(b"not a page\n\x1f\x8b nonsense")
    elif damage == "truncated":
        kept.write_bytes(kept.read_bytes()[:-10])
    elif damage == "removed":
        kept.unlink()
    else:
        shutil.rmtree(app.config["PAGE_STORE_DIR"])
    other = make_app(database_url)
    for headers in ({}, {"Accept-Encoding": "gzip"}):
        answer = watcher(other).get(f"/matches/{match_id}", headers=headers)
        assert answer.status_code == 200
        body = answer.get_data()
        assert (gzip.decompress(body) if headers else body) == good
    assert len(store_files(other)) == 1  # rendered and kept again
    # The first worker still holds its own copy, and a new version is kept anew.
    post_deal(client, match_id, deal(points=100))
    assert scores(watcher(app).get(f"/matches/{match_id}").get_data(as_text=True)) == ["198", "116"]


def test_a_store_that_cannot_be_written_costs_only_the_sharing(
    client: FlaskClient, make_app: MakeApp, database_url: str, tmp_path: Path
) -> None:
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the store would go")
    app = make_app(database_url, PAGE_STORE_DIR=str(blocked))
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    for _ in range(2):
        answer = watcher(app).get(f"/matches/{match_id}")
        assert answer.status_code == 200 and scores(answer.get_data(as_text=True)) == ["98", "59"]
    assert cached_pages(app) == 1


def test_page_store_files_check_their_key_and_body(tmp_path: Path) -> None:
    store = PageStore(tmp_path, 4)
    digest = "ab" * 32
    store.put(digest, b"page")
    assert store.get(digest) == b"page"
    assert store.get("cd" * 32) is None
    [kept] = [p for p in tmp_path.rglob("*") if p.is_file()]
    kept.rename(kept.with_name("cd" * 32))  # a file under another key's name is not served
    assert store.get("cd" * 32) is None and not kept.with_name("cd" * 32).exists()
