"""nginx from the repository's configuration (deploy/nginx.conf) in front of Granian, as
README.md serves a tournament: a spectator's page is answered from nginx's cache, a tablet's
page never is, and a spectator sees a new deal within the cache's second."""

from __future__ import annotations

import time
from collections.abc import Iterator
from http.client import HTTPConnection
from pathlib import Path

import pytest

from scorer.store.migrate import upgrade
from tests.helpers import proxy
from tests.helpers import server as tablets

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not proxy.NGINX.exists(), reason="nginx is not installed (scripts/system-deps.sh)"),
]


def fetch(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    connection = HTTPConnection(proxy.HOST, port, timeout=10)
    try:
        connection.request("GET", path, headers={"Accept-Language": "en", **(headers or {})})
        answer = connection.getresponse()
        body = answer.read().decode("utf-8", errors="replace")
        return answer.status, {name.lower(): value for name, value in answer.getheaders()}, body
    finally:
        connection.close()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[tablets.Server, proxy.Proxy]]:
    url = f"sqlite:///{tmp_path / 'proxy.sqlite'}"
    upgrade(url)
    with tablets.serving(url, tmp_path / "server.log", workers=1, threads=2) as server:
        front = proxy.start(server.port, tmp_path / "nginx")
        try:
            yield server, front
        finally:
            front.stop()


def test_a_second_spectator_is_answered_from_nginxs_cache(served: tuple[tablets.Server, proxy.Proxy]) -> None:
    server, front = served
    with tablets.Tablet(server.port) as tablet:
        match_id = tablets.new_schieber(tablet)
        path = f"/matches/{match_id}"
        status, first, page = fetch(front.port, path)
        assert status == 200 and first["x-cache"] == "MISS" and 'name="csrf_token"' not in page
        status, second, again = fetch(front.port, path)
        assert status == 200 and second["x-cache"] == "HIT" and again == page
        assert second["etag"] == first["etag"]
        # The tablet's own page goes to the app every time, and is kept by nobody.
        cookie = "; ".join(f"{name}={value}" for name, value in tablet.cookies.items())
        for _ in range(2):
            status, headers, own = fetch(front.port, path, {"Cookie": cookie})
            assert status == 200 and headers["x-cache"] == "MISS" and 'name="csrf_token"' in own
            assert "no-store" in headers["cache-control"]
        # A deal saved: within the cache's second the spectators have it.
        fields = tablets.form_fields(tablet.get(f"{path}/deals/new").body)
        saved = tablet.post(f"{path}/deals/new", {**fields, **tablets.deal_fields("H", 1, 98)})
        assert saved.status in (302, 303), saved.body[:300]
    time.sleep(2.1)
    status, headers, page = fetch(front.port, path)
    assert status == 200 and headers["etag"] != first["etag"] and 'id="deal-1"' in page
    statuses = front.cache_statuses()
    assert statuses["page HIT"] >= 1
