"""Spectators' match pages are HTTP pages any cache may keep (scorer.web.conditional).

What must never happen: a spectator shown a stale score after an entry, a tablet shown the
spectator's page (no buttons), a spectator shown a tablet's page (its buttons, links, tokens
or messages), one language's page served in another, or a page of one reader's own marked
for a shared cache. The headers say so: an ETag from the match's version and language, the
same for every spectator whatever their cookies; 304 for a copy held; Vary naming what the
page is chosen by; a tablet's page private and never stored.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.matches import views
from tests.helpers.tablet import deal, hidden, new_schieber, post_deal


def watcher(app: Flask, language: str = "en") -> FlaskClient:
    spectator = app.test_client()
    spectator.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    return spectator


def scores(page: str) -> list[str]:
    return re.findall(r'data-score="([^"]*)"', page)


def rows(page: str) -> int:
    return page.count('<tr id="deal-')


def cache_control(response: object) -> set[str]:
    return {part.strip() for part in response.headers.get("Cache-Control", "").split(",") if part.strip()}  # type: ignore[attr-defined]


def vary(response: object) -> set[str]:
    return {part.strip() for part in response.headers.get("Vary", "").split(",") if part.strip()}  # type: ignore[attr-defined]


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
    assert {"public", "max-age=0"} <= cache_control(first)
    again = spectator.get(f"/matches/{match_id}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    post_deal(client, match_id, deal(points=100))
    changed = spectator.get(f"/matches/{match_id}", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert scores(changed.get_data(as_text=True)) == ["198", "116"]


def test_unknown_match_is_still_404(app: Flask) -> None:
    assert watcher(app).get("/matches/999999").status_code == 404


def test_a_compressed_copy_is_answered_304_without_rendering(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A browser holding the gzip copy asks with its ``:gzip`` tag: 304 before the page is
    rendered, and a full page again once an entry moved the version."""
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    spectator = watcher(app)
    gzip = {"Accept-Encoding": "gzip"}
    first = spectator.get(f"/matches/{match_id}", headers=gzip)
    assert first.headers["Content-Encoding"] == "gzip"
    tag = first.headers["ETag"]
    assert tag.endswith(':gzip"')
    monkeypatch.setattr(views, "screen", lambda *_a, **_k: pytest.fail("rendered for a 304"))
    again = spectator.get(f"/matches/{match_id}", headers={**gzip, "If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == tag and cache_control(again) == cache_control(first)
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


# --- the caching headers --------------------------------------------------------------------


def test_every_spectator_gets_the_same_tag_and_bytes_whatever_their_cookies(
    client: FlaskClient, app: Flask
) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    plain = watcher(app)
    with_cookies = watcher(app)
    with_cookies.set_cookie("tafel_lang", "en")
    with_cookies.set_cookie("unrelated", "x")
    with_cookies.get("/lang/en")  # a session of its own, holding no right
    one = plain.get(f"/matches/{match_id}")
    other = with_cookies.get(f"/matches/{match_id}")
    assert one.status_code == other.status_code == 200
    assert one.headers["ETag"] == other.headers["ETag"]
    assert one.get_data() == other.get_data()
    assert plain.get(f"/matches/{match_id}").headers["ETag"] == one.headers["ETag"]  # stable
    assert "Set-Cookie" not in one.headers


def test_a_spectators_page_is_public_and_varies_on_what_chooses_it(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    page = watcher(app).get(f"/matches/{match_id}")
    assert {"public", "max-age=0"} <= cache_control(page)
    assert any(part.startswith("s-maxage=") for part in cache_control(page))
    assert not {"private", "no-store", "no-cache"} & cache_control(page)
    # The language comes from the session or the language cookie, else Accept-Language.
    assert {"Accept-Language", "Cookie"} <= vary(page)
    assert "*" not in vary(page)


def test_if_none_match_is_answered_304_with_the_same_headers(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    spectator = watcher(app)
    first = spectator.get(f"/matches/{match_id}")
    again = spectator.get(f"/matches/{match_id}", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == first.headers["ETag"]
    assert cache_control(again) == cache_control(first) and vary(first) <= vary(again) | {"Accept-Encoding"}


def test_a_tablets_page_is_private_and_never_stored(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    page = client.get(f"/matches/{match_id}")
    assert 'name="csrf_token"' in page.get_data(as_text=True)
    assert {"private", "no-store"} <= cache_control(page) and "public" not in cache_control(page)
    assert "ETag" not in page.headers
    assert "Cookie" in vary(page)


def test_the_spectators_page_has_no_token_nor_anything_of_its_reader(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    post_deal(client, match_id, deal(points=98))
    page = watcher(app).get(f"/matches/{match_id}").get_data(as_text=True)
    for per_reader in (
        'name="csrf_token"',
        'name="idem"',
        "/edit/",
        "Undo last entry",
        "Deal saved.",
        "entry-title",
    ):
        assert per_reader not in page, per_reader
    assert "This tablet follows the match read-only." in page


def test_a_spectator_with_a_message_waiting_gets_a_private_page(client: FlaskClient, app: Flask) -> None:
    """A flashed message is its reader's own: that page is never shared."""
    match_id = new_schieber(client)
    spectator = watcher(app)
    with spectator.session_transaction() as session:
        session["_flashes"] = [("message", "for this reader only")]
    page = spectator.get(f"/matches/{match_id}")
    assert "for this reader only" in page.get_data(as_text=True)
    assert "private" in cache_control(page) and "ETag" not in page.headers


def test_the_version_poll_is_tagged_for_every_reader(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    poll = watcher(app).get(f"/matches/{match_id}/version")
    assert poll.status_code == 200 and "public" in cache_control(poll)
    assert client.get(f"/matches/{match_id}/version").headers["ETag"] == poll.headers["ETag"]
    held = watcher(app).get(f"/matches/{match_id}/version", headers={"If-None-Match": poll.headers["ETag"]})
    assert held.status_code == 304


# --- the meld section of a fresh deal form (scorer/deals/views.py) -------------------------


def without_tokens(page: str) -> str:
    return re.sub(r'(name="(?:csrf_token|idem|version)"[^>]*value=")[^"]*"', r'\1"', page)


def test_fresh_deal_form_is_the_same_from_the_kept_meld_section(client: FlaskClient, app: Flask) -> None:
    from scorer.deals import views as deals

    match_id = new_schieber(client)
    deals._FRESH_MELDS.clear()
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


def test_a_copy_of_an_earlier_release_is_not_confirmed(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An upgrade may change the page's markup at the same match version: a browser or a proxy
    holding the earlier release's copy is sent the page again, not a 304."""
    from scorer.web import conditional

    match_id = new_schieber(client)
    spectator = watcher(app)
    tag = spectator.get(f"/matches/{match_id}").headers["ETag"]
    monkeypatch.setattr(conditional, "release", lambda: "the next release")
    again = spectator.get(f"/matches/{match_id}", headers={"If-None-Match": tag})
    assert again.status_code == 200 and again.headers["ETag"] != tag
