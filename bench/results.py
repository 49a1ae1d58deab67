"""bench/RESULTS.md is only what the benchmark scripts write: each script owns one marked
section, and the file is written anew from those sections alone."""

from __future__ import annotations

import re
from pathlib import Path

HEADER = (
    "# Benchmark results\n\n"
    "Written by the scripts in `bench/`: each keeps its own section, and rerunning a script "
    "refreshes it.\nThe decisions these figures back, with their reasons: `docs/DECISIONS.md`.\n"
)
SECTION = re.compile(r"<!-- (?P<name>bench/[^>]+?): begin -->.*?<!-- (?P=name): end -->", re.S)


def sections(text: str) -> dict[str, str]:
    """The scripts' sections of ``text`` by their marker's name, in the order they stand;
    whatever stands outside a section is no script's and is left out."""
    return {match["name"]: match[0] for match in SECTION.finditer(text)}


def write_section(results: Path, begin: str, end: str, text: str) -> None:
    """Put ``text`` (which carries the ``begin`` and ``end`` markers) in place of the
    script's section, or after the others, and write the file as the header and the
    scripts' sections only.

    :raises ValueError: when ``text`` is not one section between ``begin`` and ``end``.
    """
    section = text.strip()
    own = sections(section)
    if list(own.values()) != [section] or not section.startswith(begin) or not section.endswith(end):
        raise ValueError(f"a section runs from {begin!r} to {end!r} and holds no other section")
    kept = sections(results.read_text(encoding="utf-8")) if results.exists() else {}
    kept.update(own)
    _write(results, kept)


def tidy(results: Path) -> None:
    """Write ``results`` anew as the header and the scripts' sections it holds (after a merge
    that brought back text no script wrote)."""
    _write(results, sections(results.read_text(encoding="utf-8")))


def _write(results: Path, kept: dict[str, str]) -> None:
    results.write_text(HEADER + "\n" + "\n\n".join(kept.values()) + "\n", encoding="utf-8")


if __name__ == "__main__":
    tidy(Path(__file__).resolve().parent / "RESULTS.md")
