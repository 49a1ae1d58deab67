"""Test modules never import each other: what two modules share lives in ``tests/helpers/``
(or, for the toy game that plugs into both registries, in its package ``tests/toygame/``),
what a folder's tests share as fixtures in its ``conftest.py``, which nothing imports."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def imported_test_modules(path: Path) -> list[str]:
    """The modules of ``tests`` that ``path`` imports, other than ``tests.helpers``."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level > 0:
            found.append("." * node.level + (node.module or ""))
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "tests":
            names = [f"tests.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            names = [node.module]
        found += [
            name
            for name in names
            if (name == "tests" or name.startswith("tests."))
            and name != "tests.helpers"
            and not name.startswith("tests.helpers.")
        ]
    return found


def is_test_module(name: str, importer: Path) -> bool:
    """``name``, as ``importer`` imports it (absolute or relative), is a module whose file is
    a ``test_*.py`` or a ``conftest.py``."""
    if name.startswith("."):
        level = len(name) - len(name.lstrip("."))
        base = importer.parent
        for _ in range(level - 1):
            base = base.parent
        parts = [part for part in name.lstrip(".").split(".") if part]
    else:
        base, parts = TESTS.parent, name.split(".")
    target = base.joinpath(*parts)
    module = target.with_suffix(".py")
    return module.is_file() and (module.name.startswith("test_") or module.name == "conftest.py")


def test_no_test_module_imports_another() -> None:
    crossings = {
        str(path.relative_to(TESTS.parent)): names
        for path in sorted(TESTS.rglob("*.py"))
        if (names := [name for name in imported_test_modules(path) if is_test_module(name, path)])
    }
    assert crossings == {}


def test_an_import_of_a_test_module_is_found() -> None:
    importer = TESTS / "events" / "test_x.py"
    assert is_test_module("tests.events.test_events", importer)
    assert is_test_module("tests.offline.conftest", importer)
    assert not is_test_module("tests.toygame.engine", importer)
