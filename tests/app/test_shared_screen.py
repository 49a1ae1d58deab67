"""The match screen is rendered once per version for every viewer (scorer.matches.shared).

What must never happen: a page filled from the version's shared text that differs from the
page rendered for that viewer alone; a spectator shown a tablet's buttons, tokens, panel or
edit link; a tablet shown another tablet's tokens or the spectator's read-only note; a page
of an older version after a save; one language's page in another.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.matches import shared, views
from tests.helpers.panel import HTMX, afresh, panel_fields, scores, without_tokens
from tests.helpers.tablet import edit_url, english, hidden, new_klammern, new_schieber, post_deal

SCHIEBER_DEAL = {"forehand": 1, "contract": "H", "team": 1, "points": 98}
KLAMMERN_DEAL = {"forehand": 1, "declarer": 1, "trump": "S", "how": "orgi", "team": 1, "points": 100}
#: What only a tablet that may edit is shown.
TABLET_ONLY = (
    "data-deal-form",
    "Undo last entry",
    'name="csrf_token"',
    'name="idem"',
    "/correct",
    "qr/edit.svg",
)
READ_ONLY = "This tablet follows the match read-only."


def undo(client: FlaskClient, match_id: int) -> None:
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    form = page[page.index(f'action="/matches/{match_id}/undo"') :]
    data = {name: hidden(form, name) for name in ("csrf_token", "version", "idem")}
    assert client.post(f"/matches/{match_id}/undo", data=data).status_code == 303


@pytest.mark.slow
@pytest.mark.parametrize("game", ["schieber", "klammern"])
def test_each_viewer_gets_the_page_rendered_for_it_alone(client: FlaskClient, app: Flask, game: str) -> None:
    """Tablet and spectator, deal list, chalk board and all deals, as the match grows, is
    corrected and undone: the filled shared text is the page rendered for that viewer."""
    match_id = new_schieber(client) if game == "schieber" else new_klammern(client)
    entered = SCHIEBER_DEAL if game == "schieber" else KLAMMERN_DEAL
    spectator = english(app, "192.0.2.9")
    paths = [f"/matches/{match_id}", f"/matches/{match_id}?view=board", f"/matches/{match_id}?deals=all"]

    def compare() -> None:
        client.get(f"/matches/{match_id}")  # the flashed "saved" is shown once, rendered apart
        for path in paths:
            for browser in (client, spectator):
                shared = browser.get(path).get_data(as_text=True)
                assert without_tokens(shared) == without_tokens(afresh(app, browser, path)), path

    compare()
    for points in (98, 60):
        assert post_deal(client, match_id, {**entered, "points": points}).status_code == 303
        compare()
    correction = f"/matches/{match_id}/deals/{1}/correct"
    assert post_deal(client, match_id, {**entered, "points": 40}, url=correction).status_code == 303
    compare()
    undo(client, match_id)
    compare()


def test_a_save_renders_the_page_its_spectators_are_given(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The panel's save renders the new version once; the spectators who follow are given
    that version's page (the new deal on it) without it being rendered again."""
    match_id = new_schieber(client)
    spectator = english(app, "192.0.2.9")
    spectator.get(f"/matches/{match_id}")
    renders: list[Any] = []
    real = views.render_template

    def counted(*args: Any, **kwargs: Any) -> str:
        renders.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(views, "render_template", counted)
    for deal, expected in (({"points": "98"}, ["98", "59"]), ({"points": "100"}, ["198", "116"])):
        fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
        answer = client.post(
            f"/matches/{match_id}/deals/new",
            data={**fields, "contract": "H", "team": "1", **deal},
            headers=HTMX,
        )
        assert answer.status_code == 200 and scores(answer.get_data(as_text=True)) == expected
        renders.clear()
        page = spectator.get(f"/matches/{match_id}").get_data(as_text=True)
        assert renders == []
        assert scores(page) == expected and READ_ONLY in page
        assert not [text for text in TABLET_ONLY if text in page]
        # The tablet's own page of the version is filled from the same text.
        tablet_page = client.get(f"/matches/{match_id}").get_data(as_text=True)
        assert renders == [] and scores(tablet_page) == expected
        assert all(text in tablet_page for text in TABLET_ONLY) and READ_ONLY not in tablet_page


def test_tablets_get_their_own_tokens_and_spectators_none_of_them(client: FlaskClient, app: Flask) -> None:
    """Two tablets of a match and a spectator read the same version: each tablet its own
    CSRF token and fresh keys, the edit link only on the tablets, the spectator no token."""
    match_id = new_schieber(client)
    link = edit_url(client, match_id)
    other = english(app, "192.0.2.7")
    assert other.get(urlsplit(link).path).status_code == 303
    other.get(f"/matches/{match_id}")  # the right's message, shown once
    post_deal(client, match_id, SCHIEBER_DEAL)
    client.get(f"/matches/{match_id}")
    pages = [
        browser.get(f"/matches/{match_id}").get_data(as_text=True) for browser in (client, other, client)
    ]
    spectator = english(app, "192.0.2.9").get(f"/matches/{match_id}").get_data(as_text=True)
    tokens = [set(re.findall(r'name="csrf_token" type="hidden" value="([^"]+)"', page)) for page in pages]
    keys = [re.findall(r'name="idem" type="hidden" value="([^"]+)"', page) for page in pages]
    assert all(len(found) == 1 for found in tokens)  # one token per page, in every form
    # The session's own (its raw token; the signature carries the time of the request).
    raw = [{token.split(".")[0] for token in found} for found in tokens]
    assert raw[0] == raw[2] != raw[1]
    every_key = [key for found in keys for key in found]
    assert all(len(found) == 2 for found in keys) and len(set(every_key)) == len(every_key)  # panel, undo
    secret = urlsplit(link).path.rsplit("/", 1)[1]
    assert all(link in page for page in pages) and secret not in spectator
    assert not [text for text in TABLET_ONLY if text in spectator] and READ_ONLY in spectator
    assert not [token for found in raw for token in found if token in spectator]
    assert "tafelpart" not in spectator and not [page for page in pages if "tafelpart" in page]


def test_another_language_is_given_its_own_page(client: FlaskClient, app: Flask) -> None:
    match_id = new_schieber(client)
    fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    data = {**fields, "contract": "H", "team": "1", "points": "98"}
    assert client.post(f"/matches/{match_id}/deals/new", data=data, headers=HTMX).status_code == 200
    german = english(app, "192.0.2.9")
    german.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de-CH"
    page = german.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'lang="de-CH"' in page and "Jasstafel" in page and scores(page) == ["98", "59"]
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de-CH"
    tablet = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'lang="de-CH"' in tablet and "data-deal-form" in tablet and "Chalk board" not in tablet
    english_page = english(app, "192.0.2.8").get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'lang="en"' in english_page and "Chalk board" in english_page


def test_a_name_that_reads_like_a_mark_is_shown_as_typed(client: FlaskClient, app: Flask) -> None:
    """A player named like the shared text's marks or holes gets the page rendered for each
    viewer alone: never a part or hole taken from it, nor a mark of another process kept."""
    match_id = new_schieber(client, name_1="tafelpart", name_2="tafelhole")
    post_deal(client, match_id, SCHIEBER_DEAL)
    client.get(f"/matches/{match_id}")
    tablet = client.get(f"/matches/{match_id}").get_data(as_text=True)
    spectator = english(app, "192.0.2.9").get(f"/matches/{match_id}").get_data(as_text=True)
    for page in (tablet, spectator):
        assert "tafelpart" in page and "tafelhole" in page and scores(page) == ["98", "59"]
    assert "data-deal-form" in tablet and "data-deal-form" not in spectator
    assert not [text for text in TABLET_ONLY if text in spectator]
    assert not shared.complete(f"a page with a mark of another process: {shared.EDITOR[0][:9]}0123")


def test_a_save_on_one_worker_serves_the_spectators_of_another(
    client: FlaskClient, app: Flask, make_app: Any, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two apps on one database and one page store are two workers of one server: the page a
    tablet's save rendered in one is given to a spectator who asks the other, with the new
    deal on it, and no worker renders it again."""
    match_id = new_schieber(client)
    other = make_app(database_url)
    spectator = english(other, "192.0.2.10")
    assert scores(spectator.get(f"/matches/{match_id}").get_data(as_text=True)) == ["0", "0"]
    fields = panel_fields(client.get(f"/matches/{match_id}").get_data(as_text=True))
    answer = client.post(
        f"/matches/{match_id}/deals/new",
        data={**fields, "contract": "H", "team": "1", "points": "98"},
        headers=HTMX,
    )
    assert answer.status_code == 200 and scores(answer.get_data(as_text=True)) == ["98", "59"]
    monkeypatch.setattr(views, "render_template", lambda *_a, **_k: pytest.fail("rendered again"))
    page = spectator.get(f"/matches/{match_id}").get_data(as_text=True)
    assert scores(page) == ["98", "59"] and READ_ONLY in page
    assert not [text for text in TABLET_ONLY if text in page]


def test_fill_drops_the_parts_a_viewer_does_not_see_and_fills_its_holes(app: Flask) -> None:
    """Each viewer's fill: the other's parts go whole (a tablet's part of any length, holes
    in it included), its own marks go, its holes are filled; a part left open, or a hole it
    has no value for, stays, so that complete() refuses the page."""
    editor, spectator, saved = shared.EDITOR, shared.SPECTATOR, shared.HOLES["saved"]
    edit = shared.HOLES["edit_url"]
    text = (
        f"<h1>{editor[0]}<form>{'x' * 20_000}{edit}</form>{editor[1]}"
        f"{spectator[0]}<p>read-only</p>{spectator[1]}{saved}</h1>"
    )
    with app.test_request_context("/"):
        tablet = shared.fill(text, True, message="Deal 1 saved.", edit_url="/e?s=1&t=2")
        watcher = shared.fill(text, False, message=None, edit_url=None)
        assert tablet == (
            f'<h1><form>{"x" * 20_000}/e?s=1&amp;t=2</form><p class="saved" role="status">Deal 1 saved.</p></h1>'
        )
        assert watcher == "<h1><p>read-only</p></h1>"
        left_open = shared.fill(f"a{editor[0]}b{edit}", False, message=None, edit_url=None)
        assert left_open == f"a{editor[0]}b{edit}" and not shared.complete(left_open)
        stray = shared.fill(f"a{edit}b", False, message=None, edit_url=None)
        assert stray == f"a{edit}b" and not shared.complete(stray)
