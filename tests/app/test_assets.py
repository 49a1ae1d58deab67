"""Pages that do not redo work: static files under content-hashed addresses kept a year,
responses compressed, QR codes drawn once per link."""

from __future__ import annotations

import gzip
import hashlib
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

import scorer
from scorer.access import views as access
from tests.helpers.tablet import new_schieber


def static_address(page: str, name: str) -> str:
    found = re.search(rf'"(/static/{re.escape(name)}\?v=[0-9a-f]+)"', page)
    assert found, name
    return found.group(1)


def test_static_addresses_name_their_content_and_are_kept_a_year(client: FlaskClient) -> None:
    page = client.get("/matches/new").get_data(as_text=True)
    address = static_address(page, "tafel.css")
    css = (Path(scorer.__file__).parent / "static" / "tafel.css").read_bytes()
    assert address.endswith("?v=" + hashlib.sha256(css).hexdigest()[:12])
    with client.get(address) as kept:
        assert kept.status_code == 200
        assert kept.cache_control.max_age == 365 * 24 * 3600 and kept.cache_control.immutable
        assert not kept.cache_control.no_cache and "no-cache" not in kept.headers["Cache-Control"]
    # Another or no hash: the file may have changed since, so no year's promise.
    for other in ("/static/tafel.css", "/static/tafel.css?v=000000000000"):
        with client.get(other) as response:
            assert response.status_code == 200 and not response.cache_control.immutable


def test_pages_are_sent_compressed(client: FlaskClient) -> None:
    match_id = new_schieber(client)
    response = client.get(f"/matches/{match_id}", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(response.get_data())


def test_a_qr_code_is_drawn_once_per_link(client: FlaskClient, app: Flask) -> None:
    access._drawn.cache_clear()
    match_id = new_schieber(client)
    first = client.get(f"/matches/{match_id}/qr/watch.svg")
    second = client.get(f"/matches/{match_id}/qr/watch.svg")
    assert first.status_code == second.status_code == 200
    assert first.get_data() == second.get_data()
    info = access._drawn.cache_info()
    assert (info.misses, info.hits) == (1, 1)


def test_a_hashed_static_file_is_compressed_once_per_worker(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from flask_compress import flask_compress

    page = client.get("/matches/new").get_data(as_text=True)
    address = static_address(page, "tafel.css")
    css = (Path(scorer.__file__).parent / "static" / "tafel.css").read_bytes()
    compressions: list[str] = []
    original = flask_compress._compress_data

    def counted(app_: Flask, data: bytes, algorithm: str) -> bytes:
        compressions.append(algorithm)
        return original(app_, data, algorithm)

    monkeypatch.setattr(flask_compress, "_compress_data", counted)
    for _ in range(3):
        with client.get(address, headers={"Accept-Encoding": "gzip"}) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(response.get_data()) == css
    assert compressions == ["gzip"]
    # A page is compressed anew each time: it is not kept.
    for _ in range(2):
        client.get("/matches/new", headers={"Accept-Encoding": "gzip"})
    assert compressions == ["gzip"] * 3


def test_the_manifest_is_kept_a_day(client: FlaskClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.cache_control.max_age == 24 * 3600 and response.cache_control.private
