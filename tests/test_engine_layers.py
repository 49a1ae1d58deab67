"""The engine reads bottom-up: shared modules, then the games, then the registry and the entry
points. Imports inside functions and under ``TYPE_CHECKING`` count: each is an edge a reader
follows."""

from __future__ import annotations

from collections import defaultdict

import grimp
import pytest

#: The top: the registry and what finds games through it.
TOP = frozenset(
    {"rules_engine", "rules_engine.__main__", "rules_engine.api", "rules_engine.cli", "rules_engine.games"}
)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("rules_engine", include_external_packages=False)


def child(module: str) -> str:
    """The direct child of ``rules_engine`` a module belongs to (a game package is one)."""
    return ".".join(module.split(".")[:2])


def games(graph: grimp.ImportGraph) -> set[str]:
    return {child(m) for m in graph.modules if m.count(".") >= 2 and child(m) not in TOP}


def edges(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    found: dict[str, set[str]] = defaultdict(set)
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            found[module].add(imported)
    return found


def test_no_module_imports_around_a_ring(graph: grimp.ImportGraph) -> None:
    rings = [
        (a, b) for a, bs in edges(graph).items() for b in bs if graph.chain_exists(importer=b, imported=a)
    ]
    assert rings == []


def test_the_children_of_the_engine_import_in_one_direction(graph: grimp.ImportGraph) -> None:
    collapsed: dict[str, set[str]] = defaultdict(set)
    for a, bs in edges(graph).items():
        for b in bs:
            if child(a) != child(b):
                collapsed[child(a)].add(child(b))

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), [start]
        while todo:
            node = todo.pop()
            if node == goal:
                return True
            if node not in seen:
                seen.add(node)
                todo.extend(collapsed.get(node, ()))
        return False

    rings = sorted((a, b) for a, bs in collapsed.items() for b in bs if reaches(b, a))
    assert rings == []


def test_shared_modules_import_no_game_and_games_import_nothing_above_them(graph: grimp.ImportGraph) -> None:
    game_packages = games(graph)
    assert {"rules_engine.schieber", "rules_engine.klammern", "rules_engine.tournament"} <= game_packages
    shared = {m for m in graph.modules if child(m) not in game_packages and m not in TOP}
    upward = sorted(
        (a, b)
        for a, bs in edges(graph).items()
        for b in bs
        if (a in shared and child(b) in game_packages) or (child(a) in game_packages and b in TOP)
    )
    assert upward == []
