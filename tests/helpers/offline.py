"""The offline tablet's parts as the tests drive them: the engine under Pyodide in Node, and a
deal's fields as the outbox sends them."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

#: A deal as the entry form sends it (every value text): 98 card points of 157 to side 1 under
#: Hearts, forehand 1.
FIELDS = {"forehand": "1", "contract": "H", "team": "1", "points": "98"}

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "scorer" / "static" / "vendor" / "pyodide"
CORE = ROOT / "scorer" / "static" / "offline" / "engine-core.mjs"


class NodeEngine:
    """One Node process running ``tests/offline/engine_node.mjs``: a line in, a line out."""

    def __init__(self, bundle: Path) -> None:
        node = shutil.which("node") or shutil.which("nodejs")
        if node is None:
            pytest.fail("Node is needed for the engine parity (Debian: apt-get install nodejs)")
        if not (VENDOR / "pyodide.asm.wasm").exists():
            pytest.fail("Pyodide is not vendored: run scripts/vendor.sh (make vendor)")
        self.process = subprocess.Popen(
            [node, str(ROOT / "tests" / "offline" / "engine_node.mjs"), str(VENDOR), str(bundle), str(CORE)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        assert self.process.stdout is not None
        ready = self.process.stdout.readline()
        assert ready == "ready\n", f"Pyodide did not start: {ready!r}"

    def call(self, name: str, *args: Any) -> str:
        """The tablet module's answer, as the JSON text Pyodide gives."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([name, list(args)]) + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().rstrip("\n")

    def close(self) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        self.process.wait(timeout=10)
        self.process.stdout.close()
