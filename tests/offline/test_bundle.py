"""The bundle is whole and pure: its files alone, with no installed package on the path,
import the tablet and every offline game's record module, and load no web library."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from scorer.offline.bundle import engine_bundle

WEB = ("flask", "flask_wtf", "flask_babel", "wtforms", "babel", "sqlalchemy", "werkzeug", "jinja2")


def test_the_bundle_alone_runs_the_tablet(tmp_path: Path) -> None:
    bundle = json.loads(engine_bundle()[1])
    for name, text in bundle["files"].items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    script = (
        "import importlib, json, sys\n"
        f"sys.path[:] = [{str(tmp_path)!r}, *[p for p in sys.path if 'site-packages' not in p and p]]\n"
        f"tablet = importlib.import_module({bundle['module']!r})\n"
        f"tablet.configure({json.dumps(bundle['games'])!r})\n"
        "for module in tablet.GAMES.values():\n"
        "    importlib.import_module(module)\n"
        "fields = {'forehand': '1', 'contract': 'H', 'team': '1', 'points': '98'}\n"
        "settings = {'game': 'schieber', 'profile': 'seed', 'deck': 'swiss', 'players': 4}\n"
        "head = tablet.head_of(settings)\n"
        "verdict = tablet.check(head, [], {'kind': 'deal', 'fields': fields}, settings)\n"
        "print(json.dumps([verdict['valid'], sorted({m.split('.')[0] for m in sys.modules})]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    valid, loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert valid is True
    assert not set(loaded) & set(WEB)
    assert set(bundle["games"]) == {"schieber", "klammern", "coiffeur", "passe", "differenzler"}
