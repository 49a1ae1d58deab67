"""Test modules never import each other: what two modules share lives in ``tests/helpers/``,
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


def test_no_test_module_imports_another() -> None:
    crossings = {
        str(path.relative_to(TESTS.parent)): modules
        for path in sorted(TESTS.rglob("*.py"))
        if (modules := imported_test_modules(path))
    }
    assert crossings == {}
