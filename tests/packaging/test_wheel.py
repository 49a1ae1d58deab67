"""The package is the product: a wheel built from the sources serves the app anywhere.

The wheel is built from a copy of the sources without compiled catalogs (as in a fresh
clone), installed into a new virtual environment outside the checkout, and run from a
directory outside it: the migrations run from the package, and a match page is served in
German (a compiled catalog shipped in the wheel), with the rule book, templates and static
files read from the installed package.

No network: the wheel is built without build isolation (setuptools and Babel of this
environment) and installed without its dependencies, which the new environment reads from
this environment's site-packages through a ``.pth`` line (a path line, so this environment's
editable install of the checkout is not activated there).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

CHECKOUT = Path(__file__).resolve().parents[2]
SOURCES = ["pyproject.toml", "setup.py", "README.md", "LICENSE", "rules_engine", "scorer"]

# Run by the new environment's interpreter from outside the checkout; prints what it saw.
SERVE = textwrap.dedent(
    """
    import json, re, sys
    import scorer
    from scorer import create_app

    app = create_app()
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de-CH"
    page = client.get("/matches/new/schieber").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    created = client.post("/matches/new/schieber", data={
        "csrf_token": token, "profile": "seed", "deck": "swiss", "rosen7": "1",
        "name_1": "Anna", "name_2": "Beat", "name_3": "Cla", "name_4": "Dora",
    })
    match = client.get(created.headers["Location"])
    book = client.get("/rules")
    css = client.get("/static/tafel.css")
    print(json.dumps({
        "scorer": scorer.__file__,
        "prefix": sys.prefix,
        "created": created.status_code,
        "match": match.status_code,
        "page": match.get_data(as_text=True),
        "book": book.status_code,
        "book_page": book.get_data(as_text=True),
        "css": css.status_code,
    }))
    """
)


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_installed_wheel_migrates_a_database_and_serves_a_translated_match_page(
    tmp_path: Path,
) -> None:
    sources = tmp_path / "src"
    sources.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.mo", "*.egg-info", "build")
    for name in SOURCES:
        source = CHECKOUT / name
        if source.is_dir():
            shutil.copytree(source, sources / name, ignore=ignore)
        else:
            shutil.copy2(source, sources / name)

    dist = tmp_path / "dist"
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
        "-q", "-w", dist, sources, cwd=tmp_path)  # fmt: skip
    (wheel,) = dist.glob("tafel-*.whl")

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    site = Path(
        run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp_path).strip()
    )
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    # pip itself comes from this environment (through the .pth) and installs into the new one.
    run(python, "-m", "pip", "install", "--no-deps", "--no-index", "--ignore-installed", "-q", wheel,
        cwd=tmp_path)  # fmt: skip

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "TAFEL_", "FLASK_"))}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'tafel.sqlite'}"
    migrated = run(python, "-m", "flask", "--app", "scorer", "db-upgrade", cwd=outside, env=env)
    assert "database at revision head" in migrated

    seen = json.loads(run(python, "-c", SERVE, cwd=outside, env=env))
    installed = Path(seen["scorer"]).resolve()
    assert installed.is_relative_to(site.resolve()), installed
    assert not installed.is_relative_to(CHECKOUT), installed
    assert seen["created"] == 302
    assert seen["match"] == 200
    # Translated by the catalog compiled into the wheel: "Chalk board", "Forehand".
    assert "Jasstafel" in seen["page"]
    assert "Vorhand" in seen["page"]
    assert "Anna" in seen["page"]
    # The rule book's German text, read from the installed package data.
    assert seen["book"] == 200
    assert "Spieler, Teams, Ziel" in seen["book_page"]
    assert seen["css"] == 200
