"""The house reads bottom-up: no module imports back around a ring, and no feature is
imported by the layers below it (STYLE.md 18, docs/ARCHITECTURE.md).

import-linter holds the package contracts in ``make check`` (pyproject.toml); this test
holds the one it cannot say: no cycle between *modules* at all, across packages, a package's
``__init__`` included, with imports inside functions and under ``TYPE_CHECKING`` counted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import grimp
import pytest

PACKAGES = ("rules_engine", "scorer")


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(*PACKAGES, include_external_packages=False)


def strongly_connected(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The rings of a directed graph (Tarjan's components of more than one node), iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    rings: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            step = next(successors, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(edges.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                ring = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    ring.append(member)
                    if member == node:
                        break
                if len(ring) > 1:
                    rings.append(sorted(ring))
    return rings


def test_the_ring_finder_finds_a_ring_and_only_a_ring() -> None:
    assert strongly_connected({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert strongly_connected({"a": ["b"], "b": ["c"], "c": []}) == []


def test_no_module_imports_around_a_ring(graph: grimp.ImportGraph) -> None:
    edges = {module: graph.find_modules_directly_imported_by(module) for module in graph.modules}
    assert strongly_connected(edges) == []
