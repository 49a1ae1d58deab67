"""requirements.lock follows pyproject.toml: `make install` installs exactly what it pins.

A dependency added, removed or given another bound in pyproject.toml without `make lock` fails
here, before a fresh clone installs a set nobody resolved.
"""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path
from types import ModuleType

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

CHECKOUT = Path(__file__).resolve().parents[2]
LOCK = CHECKOUT / "requirements.lock"


def lock_script() -> ModuleType:
    """scripts/lock.py, which writes the lock (a script, not a package: loaded by its path)."""
    spec = importlib.util.spec_from_file_location("lock_script", CHECKOUT / "scripts" / "lock.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pins() -> dict[str, str]:
    lines = LOCK.read_text(encoding="utf-8").splitlines()
    pinned = [line.split("==") for line in lines if line and not line.startswith("#")]
    assert all(len(pin) == 2 for pin in pinned), "every line of the lock is name==version"
    return {canonicalize_name(name): version for name, version in pinned}


def test_the_lock_was_written_from_these_dependency_lists() -> None:
    script = lock_script()
    header = [
        line for line in LOCK.read_text(encoding="utf-8").splitlines() if line.startswith(script.DIGEST_LINE)
    ]
    assert header == [script.DIGEST_LINE + script.dependencies_digest(CHECKOUT / "pyproject.toml")], (
        "pyproject.toml's dependencies changed: run `make lock`"
    )


def test_every_declared_dependency_is_pinned_within_its_bounds() -> None:
    project = tomllib.loads((CHECKOUT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"].values()
    declared = [*project["dependencies"], *(text for extra in extras for text in extra)]
    locked = pins()
    for text in declared:
        requirement = Requirement(text)
        version = locked.get(canonicalize_name(requirement.name))
        assert version is not None, f"{requirement.name} is not in requirements.lock"
        assert requirement.specifier.contains(version, prereleases=True), (
            f"{requirement.name}=={version}: {text}"
        )
