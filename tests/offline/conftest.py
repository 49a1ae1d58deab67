"""The engine under Pyodide in Node, started once per test session (about 2 s)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorer.offline.bundle import engine_bundle
from tests.helpers.offline import NodeEngine


@pytest.fixture(scope="session")
def node_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[NodeEngine]:
    bundle = tmp_path_factory.mktemp("engine") / "engine.json"
    bundle.write_bytes(engine_bundle()[1])
    engine = NodeEngine(bundle)
    yield engine
    engine.close()
