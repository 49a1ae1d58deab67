"""The engine reads bottom-up: shared modules, then the games, then the registry and the entry
points. Imports inside functions and under ``TYPE_CHECKING`` count: each is an edge a reader
follows. (Read from the sources with :mod:`ast`, as import-linter's grimp reads them.)"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

import rules_engine

#: The top: the registry and what finds games through it.
TOP = frozenset(
    {"rules_engine", "rules_engine.__main__", "rules_engine.api", "rules_engine.cli", "rules_engine.games"}
)
ROOT = Path(rules_engine.__file__).parent


def module_names() -> dict[str, Path]:
    names = {}
    for path in ROOT.rglob("*.py"):
        parts = ["rules_engine", *path.relative_to(ROOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def imported_by(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The engine's modules that ``module`` imports anywhere in its source."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names
            ]
        else:
            continue
        found.update(target for target in targets if target in known and target != module)
    return found


@pytest.fixture(scope="module")
def edges() -> dict[str, set[str]]:
    known = module_names()
    return {module: imported_by(module, path, known) for module, path in known.items()}


def child(module: str) -> str:
    """The direct child of ``rules_engine`` a module belongs to (a game package is one)."""
    return ".".join(module.split(".")[:2])


def reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        if node not in seen:
            seen.add(node)
            todo.extend(graph.get(node, ()))
    return False


def test_no_module_imports_around_a_ring(edges: dict[str, set[str]]) -> None:
    rings = sorted((a, b) for a, bs in edges.items() for b in bs if reaches(edges, b, a))
    assert rings == []


def test_the_children_of_the_engine_import_in_one_direction(edges: dict[str, set[str]]) -> None:
    collapsed: dict[str, set[str]] = defaultdict(set)
    for a, bs in edges.items():
        for b in bs:
            if child(a) != child(b):
                collapsed[child(a)].add(child(b))
    rings = sorted((a, b) for a, bs in collapsed.items() for b in bs if reaches(collapsed, b, a))
    assert rings == []


def test_shared_modules_import_no_game_and_games_import_nothing_above_them(
    edges: dict[str, set[str]],
) -> None:
    game_packages = {child(m) for m in edges if m.count(".") >= 2 and child(m) not in TOP}
    assert {"rules_engine.schieber", "rules_engine.klammern", "rules_engine.tournament"} <= game_packages
    shared = {m for m in edges if child(m) not in game_packages and m not in TOP}
    upward = sorted(
        (a, b)
        for a, bs in edges.items()
        for b in bs
        if (a in shared and child(b) in game_packages) or (child(a) in game_packages and b in TOP)
    )
    assert upward == []
