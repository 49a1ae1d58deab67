"""bench/RESULTS.md: each benchmark script owns one marked section and rewrites only that."""

from __future__ import annotations

import re
from pathlib import Path

HEADER = "# Benchmark results\n\nEach benchmark keeps its own section; rerun its script to refresh it.\n\n"


def write_section(results: Path, begin: str, end: str, text: str) -> None:
    """Replace the section between ``begin`` and ``end`` with ``text`` (which carries both
    markers), or append it; the other scripts' sections stay as they are."""
    if not results.exists():
        results.write_text(HEADER + text)
        return
    current = results.read_text()
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end) + r"\n?", re.S)
    if pattern.search(current):
        results.write_text(pattern.sub(lambda _: text, current, count=1))
    else:
        results.write_text(current.rstrip("\n") + "\n\n" + text)
