"""Write requirements.lock: the exact versions `make install` installs.

    .venv/bin/python scripts/lock.py      (or `make lock`)

pip resolves the project with its ``test`` extra from the package index, as a fresh install
would (``--dry-run --ignore-installed``: nothing in the venv changes), and every distribution it
would install is pinned with ``==``. The header keeps a digest of pyproject.toml's dependency
lists, so ``tests/packaging/test_lock.py`` fails when they change and the lock does not follow.
Run it after changing a dependency in pyproject.toml, or to move every pin to its newest release.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.lock"
PROJECT = "tafel"
DIGEST_LINE = "# pyproject dependencies sha256: "


def dependencies_digest(pyproject: Path) -> str:
    """The SHA-256 of the project's dependency lists (runtime and every extra), as declared."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    declared = {
        "dependencies": project.get("dependencies", []),
        "optional-dependencies": project.get("optional-dependencies", {}),
    }
    return hashlib.sha256(json.dumps(declared, sort_keys=True).encode()).hexdigest()


def resolved() -> list[tuple[str, str]]:
    """(name, version) of every distribution a fresh ``pip install '.[test]'`` would install."""
    report = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--dry-run",
            "--ignore-installed",
            "--report",
            "-",
            f"{ROOT}[test]",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    installs: list[dict[str, Any]] = json.loads(report)["install"]
    pins = [(item["metadata"]["name"], item["metadata"]["version"]) for item in installs]
    return [pin for pin in pins if pin[0] != PROJECT]


def main() -> None:
    pip_version = subprocess.run(
        [sys.executable, "-c", "import pip; print(pip.__version__)"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    lines = [
        "# The exact versions `make install` installs: the app's dependencies and its `test` extra.",
        f"# Written by scripts/lock.py (`make lock`) with pip {pip_version} on Python "
        f"{sys.version_info.major}.{sys.version_info.minor}; do not edit by hand.",
        DIGEST_LINE + dependencies_digest(ROOT / "pyproject.toml"),
        # pip too: the installer that read these pins installs them again.
        *(
            f"{name}=={version}"
            for name, version in sorted([("pip", pip_version), *resolved()], key=lambda p: p[0].lower())
        ),
    ]
    LOCK.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{LOCK.name}: {len(lines) - 3} pins")


if __name__ == "__main__":
    main()
