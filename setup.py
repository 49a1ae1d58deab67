"""Build hook: the wheel carries the compiled message catalogs.

The ``.po`` catalogs are committed and the ``.mo`` files are built, never committed (as
``make compile-translations`` does for a checkout). ``build_py`` compiles every catalog into
the build directory, so a wheel built from a fresh clone serves translated pages. Everything
else (packages, package data, dependencies) is declared in ``pyproject.toml``.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py

LOCALES = Path("scorer") / "locales"


class BuildPyWithCatalogs(build_py):
    """``build_py`` that also writes ``scorer/locales/<lang>/LC_MESSAGES/messages.mo``."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            # An editable install reads the checkout, whose catalogs `make` compiles.
            return
        for po in sorted(LOCALES.glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name)
            # As `pybabel compile` without --use-fuzzy: a guess never reaches a player.
            if catalog.fuzzy:
                continue
            target = Path(self.build_lib) / po.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as out:
                write_mo(out, catalog, use_fuzzy=False)


setup(cmdclass={"build_py": BuildPyWithCatalogs})
