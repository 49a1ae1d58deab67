"""A tablet at the table, through the pages: create a match, enter deals, read the page.

The functions take Flask's test client; :class:`Tablet` (the ``tablet`` fixture of
``tests/conftest.py``) bundles them for one client. ``tests/helpers/server.py`` drives the
same pages over real HTTP with the same set-up fields (:data:`SCHIEBER_SETUP`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from werkzeug.test import TestResponse

from scorer.store import db
from scorer.store.models import Entry, Match

#: The club administrator's password of the test apps that have one.
ADMIN_PASSWORD = "Trumpf-Bauer 20"

MakeApp = Callable[..., Flask]

#: A new Schieber match as the tests set it up (a field given to new_schieber replaces one).
SCHIEBER_SETUP = {
    "profile": "seed",
    "deck": "swiss",
    "rosen7": "1",
    "name_1": "Anna",
    "name_2": "Beat",
    "name_3": "Cla",
    "name_4": "Dora",
}
#: A new Klammern match for four.
KLAMMERN_SETUP = {
    "players": "4",
    "format": "small_big",
    "first_dealer": "4",
    "name_1": "Ben",
    "name_2": "Sue",
    "name_3": "Tom",
    "name_4": "Ulla",
}
#: A Schieber deal: hearts trump, 98 card points to the first side.
DEAL = {"forehand": 1, "contract": "H", "team": 1, "points": 98}


def deal(**fields: Any) -> dict[str, Any]:
    """:data:`DEAL` with ``fields`` changed."""
    return {**DEAL, **fields}


def english(app: Flask, address: str = "192.0.2.1") -> FlaskClient:
    """A new browser (its own cookies) reading English, from ``address``."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.environ_base["REMOTE_ADDR"] = address
    return client


def csrf(client: FlaskClient, url: str) -> str:
    page = client.get(url).get_data(as_text=True)
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert found, f"no CSRF token on {url}"
    return found.group(1)


def hidden(page: str, name: str) -> str:
    found = (
        re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page)
        or re.search(rf'type="hidden" name="{name}" value="([^"]*)"', page)
        or re.search(rf'id="{name}" name="{name}" type="hidden" value="([^"]*)"', page)
    )
    assert found, f"no hidden {name}"
    return found.group(1)


def counts(app: Flask) -> tuple[int, int]:
    """(matches, entries) stored."""
    with app.app_context():
        session = db.session()
        return (
            session.scalar(select(func.count()).select_from(Match)) or 0,
            session.scalar(select(func.count()).select_from(Entry)) or 0,
        )


def _new(client: FlaskClient, game: str, setup: dict[str, str], fields: dict[str, Any]) -> int:
    url = f"/matches/new/{game}"
    data = {"csrf_token": csrf(client, url), **setup, **{k: str(v) for k, v in fields.items()}}
    response = client.post(url, data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def new_schieber(client: FlaskClient, **fields: Any) -> int:
    return _new(client, "schieber", SCHIEBER_SETUP, fields)


def new_klammern(client: FlaskClient, **fields: Any) -> int:
    return _new(client, "klammern", KLAMMERN_SETUP, fields)


def deal_form(client: FlaskClient, match_id: int, url: str | None = None) -> dict[str, str]:
    """The hidden fields of a deal form: CSRF token, version, idempotency key."""
    page = client.get(url or f"/matches/{match_id}/deals/new").get_data(as_text=True)
    return {
        "csrf_token": hidden(page, "csrf_token"),
        "version": hidden(page, "version"),
        "idem": hidden(page, "idem"),
    }


def post_deal(
    client: FlaskClient, match_id: int, fields: dict[str, Any], url: str | None = None
) -> TestResponse:
    target = url or f"/matches/{match_id}/deals/new"
    data = deal_form(client, match_id, target)
    data.update({k: str(v) for k, v in fields.items() if v is not None})
    return client.post(target, data=data)


def edit_url(client: FlaskClient, match_id: int) -> str:
    """The edit link the match page shows its creator."""
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    found = re.search(r'class="link-copy" type="text" readonly value="(http://[^"]+/edit/[^"]+)"', page)
    assert found, "no edit link on the creator's match page"
    return found.group(1)


def log_in(client: FlaskClient, password: str = ADMIN_PASSWORD) -> int:
    """The club administrator logs in; the status of the answer."""
    return client.post(
        "/admin", data={"csrf_token": csrf(client, "/admin"), "password": password}
    ).status_code


def void(client: FlaskClient, match_id: int) -> int:
    """The administrator voids a match from its page; the status of the answer."""
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    data = {
        "void-csrf_token": hidden(page, "void-csrf_token"),
        "void-version": hidden(page, "void-version"),
        "void-idem": hidden(page, "void-idem"),
        "void-confirm": "y",
    }
    return client.post(f"/matches/{match_id}/void", data=data).status_code


@dataclass
class Tablet:
    """The tablet on the table: one browser that creates matches and enters deals."""

    client: FlaskClient

    def new_schieber(self, **fields: Any) -> int:
        return new_schieber(self.client, **fields)

    def new_klammern(self, **fields: Any) -> int:
        return new_klammern(self.client, **fields)

    def enter(
        self, match_id: int, fields: dict[str, Any] | None = None, url: str | None = None
    ) -> TestResponse:
        """Enter a deal (default :data:`DEAL`) through the deal form; the form's answer."""
        return post_deal(self.client, match_id, DEAL if fields is None else fields, url)

    def page(self, match_id: int) -> str:
        """The match page as this tablet sees it."""
        return self.client.get(f"/matches/{match_id}").get_data(as_text=True)

    def edit_url(self, match_id: int) -> str:
        return edit_url(self.client, match_id)


def undo(client: FlaskClient, match_id: int, **override: str) -> Any:
    """Take back the match's last deal with its page's undo form (``override`` changes a field)."""
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    form = page[page.index(f'action="/matches/{match_id}/undo"') :]
    data = {
        "csrf_token": hidden(form, "csrf_token"),
        "version": hidden(form, "version"),
        "idem": hidden(form, "idem"),
    }
    data.update(override)
    return client.post(f"/matches/{match_id}/undo", data=data, follow_redirects=True)
