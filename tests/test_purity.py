"""The rules engine is pure: importing any of it loads none of the web stack (STYLE.md 1)."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import rules_engine

FORBIDDEN = ("flask", "wtforms", "babel", "reportlab")


def _engine_modules() -> list[str]:
    return sorted(
        info.name
        for info in pkgutil.walk_packages(rules_engine.__path__, prefix="rules_engine.")
        if info.name != "rules_engine.__main__"
    )


def test_the_engine_has_the_play_layer() -> None:
    modules = _engine_modules()
    for name in (
        "rules_engine.schieber.play",
        "rules_engine.schieber.legality",
        "rules_engine.schieber.replay",
        "rules_engine.schieber.points",
        "rules_engine.schieber.contracts",
    ):
        assert name in modules


def test_importing_every_engine_module_loads_no_web_library() -> None:
    modules = ["rules_engine", *_engine_modules()]
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = sorted({m.split('.')[0] for m in sys.modules})\n"
        "print(json.dumps(loaded))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    # Top-level names: flask, flask_wtf, flask_babel, babel, reportlab, wtforms...
    offenders = sorted(
        name for name in loaded for bad in FORBIDDEN if name == bad or name.startswith(bad + "_")
    )
    assert offenders == []
