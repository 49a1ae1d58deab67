"""Static files a browser keeps for a year, and responses sent compressed.

Every ``url_for('static', ...)`` carries the file's content hash (``?v=...``): a changed
file has a new address, so a stylesheet or script asked for with its current hash is sent
with a year's ``immutable`` cache and a tablet does not revalidate it on every page.
An address without the hash (or with an old one) keeps Flask's short default.

Pages, scripts, styles, SVG (the QR codes) and JSON are compressed by Flask-Compress: markup
this repetitive travels at a fraction of its size.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from typing import Any

from flask import Flask, Request, request
from flask_compress import Compress
from werkzeug.wrappers import Response

#: A year, the longest a browser is asked to keep a file whose address names its content.
YEAR = 365 * 24 * 3600
COMPRESSED = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "image/svg+xml",
]


def content_hashes(folder: Path) -> dict[str, str]:
    """Each file under ``folder`` (its path relative to it, with ``/``) -> a short hash of its bytes."""
    files = sorted(path for path in folder.rglob("*") if path.is_file())
    signature = tuple((path, *_stamp(path)) for path in files)
    return dict(_hashes(folder, signature))


def _stamp(path: Path) -> tuple[int, int]:
    status = path.stat()
    return status.st_size, status.st_mtime_ns


@functools.lru_cache(maxsize=8)
def _hashes(folder: Path, signature: tuple[tuple[Path, int, int], ...]) -> tuple[tuple[str, str], ...]:
    # Hashing the static folder reads every file (the offline engine's Pyodide is most of it);
    # an app made again over unchanged files (each test's app) reuses the hashes.
    return tuple(
        (path.relative_to(folder).as_posix(), hashlib.sha256(path.read_bytes()).hexdigest()[:12])
        for path, _size, _mtime in signature
    )


class StaticCompressed:
    """Flask-Compress's cache, holding only static files addressed by their content hash: such a
    file is compressed once per worker and encoding, not on every request. Every other response
    (pages differ per request) gets the empty key, which this cache neither keeps nor finds."""

    def __init__(self) -> None:
        self._kept: dict[str, bytes] = {}

    def get(self, key: str) -> bytes | None:
        return self._kept.get(key)

    def set(self, key: str, value: bytes) -> None:
        if not key.endswith(";"):
            self._kept[key] = value


def init_app(app: Flask) -> None:
    hashes = content_hashes(Path(app.static_folder or "static"))
    app.extensions["tafel_static_hashes"] = hashes

    @app.url_defaults
    def hashed_static(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "v" not in values:
            digest = hashes.get(str(values.get("filename", "")))
            if digest is not None:
                values["v"] = digest

    @app.after_request
    def keep_static(response: Response) -> Response:
        if (
            request.endpoint == "static"
            and response.status_code == 200
            and request.args.get("v") is not None
            and request.args.get("v") == hashes.get((request.view_args or {}).get("filename", ""))
        ):
            response.cache_control.no_cache = None  # send_file's "ask first" no longer applies
            response.cache_control.public = True
            response.cache_control.max_age = YEAR
            response.cache_control.immutable = True
        return response

    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED)
    # Streamed responses are compressed by replacing their iterable, which leaves a static
    # file open; static files are read whole instead (the file closes with the response).
    app.config.setdefault("COMPRESS_STREAMS", False)

    def static_key(request: Request) -> str:
        """A hashed static file's address (the set of them is finite), else nothing to keep."""
        filename = (request.view_args or {}).get("filename", "")
        version = request.args.get("v")
        if request.endpoint == "static" and version is not None and version == hashes.get(filename):
            return f"{filename}?v={version}"
        return ""

    app.config.setdefault("COMPRESS_CACHE_BACKEND", StaticCompressed)
    app.config.setdefault("COMPRESS_CACHE_KEY", static_key)
    Compress(app)

    # Registered after Compress, so it runs before Compress's own after_request.
    @app.after_request
    def read_static_whole(response: Response) -> Response:
        if request.endpoint == "static" and response.direct_passthrough and response.mimetype in COMPRESSED:
            response.direct_passthrough = False
            response.make_sequence()
        return response
