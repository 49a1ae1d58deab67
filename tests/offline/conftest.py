"""The engine under Pyodide in Node, started once per test session."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from scorer.offline import tablet
from scorer.offline.bundle import engine_bundle, offline_modules
from tests.helpers.offline import NodeEngine


@pytest.fixture(scope="session")
def node_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[NodeEngine]:
    bundle = tmp_path_factory.mktemp("engine") / "engine.json"
    bundle.write_bytes(engine_bundle()[1])
    engine = NodeEngine(bundle)
    yield engine
    engine.close()


@pytest.fixture(autouse=True)
def tablet_games() -> Iterator[None]:
    """The tablet module run by CPython knows the offline games as the browser's does (the
    bundle names them)."""
    tablet.configure(json.dumps(offline_modules()))
    yield
    tablet.GAMES.clear()
