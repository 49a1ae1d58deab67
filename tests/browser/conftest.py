"""A real server on 127.0.0.1 for Debian's Chromium (the ``browser`` fixture of tests/conftest.py)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from scorer import create_app
from tests.helpers.browser import ARTIFACTS, live_http_server
from tests.helpers.database import fresh_database


@pytest.fixture(scope="module")
def live_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, str]]:
    """The app and the address it is served at: a test drives some devices through Chromium and
    others, whose screens it does not look at, through the app's test client."""
    with fresh_database(tmp_path_factory.mktemp("live")) as url:
        app = create_app({"SECRET_KEY": "browser-test", "DATABASE_URL": url})
        server = live_http_server(app)
        # The server listens on loopback only: the share links (which would otherwise carry
        # the machine's LAN address, scorer.access.address) must lead back to it.
        app.config["PUBLIC_URL"] = f"http://127.0.0.1:{server.server_port}"
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield app, f"http://127.0.0.1:{server.server_port}"
        server.shutdown()
        thread.join(timeout=5)
        app.extensions["tafel_engine"].dispose()


@pytest.fixture(scope="module")
def live_server(live_site: tuple[Flask, str]) -> str:
    return live_site[1]


@pytest.fixture
def page(browser: Any, live_server: str) -> Iterator[Any]:
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(
        viewport={"width": 768, "height": 1024}, locale="en", extra_http_headers={"Accept-Language": "en"}
    )
    outside: list[str] = []

    def watch(request: Any) -> None:
        if not request.url.startswith(live_server):
            outside.append(request.url)

    context.on("request", watch)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
    assert outside == [], f"requests left the machine: {outside}"


@pytest.fixture
def requests(page: Any) -> Iterator[list[str]]:
    """Every request the page makes after the fixture starts, as "type url" (a tap's requests
    are counted from it)."""
    seen: list[str] = []
    page.on("request", lambda r: seen.append(f"{r.resource_type} {r.url}"))
    yield seen
