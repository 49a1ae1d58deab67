"""The docstring examples (``>>>``) of both packages run as tests, one test per module.

A module is found by the examples in its source, so a new example runs without any list to
update. Alembic's migration scripts run only under Alembic and hold no examples.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules_engine", "scorer")


def modules_with_examples() -> list[str]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT).with_suffix("")
            if "migrations" in relative.parts or ">>>" not in path.read_text(encoding="utf-8"):
                continue
            parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
            found.append(".".join(parts))
    return found


MODULES = modules_with_examples()


def test_both_packages_have_examples() -> None:
    assert {name.split(".")[0] for name in MODULES} == set(PACKAGES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(module):
        runner.run(test, out=report.append)
    assert runner.tries > 0, f"{name}: its examples were not found by doctest"
    assert runner.failures == 0, "".join(report)
