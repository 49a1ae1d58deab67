"""bench/RESULTS.md holds only what the benchmark scripts write: a script's run replaces its
own section, keeps the other scripts' and drops anything no script wrote."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.results import HEADER, sections, tidy, write_section

ROOT = Path(__file__).resolve().parents[1]


def marked(name: str, body: str) -> str:
    return f"<!-- bench/{name}: begin -->\n{body}\n<!-- bench/{name}: end -->\n"


def test_a_run_replaces_its_section_keeps_the_others_and_drops_hand_text(tmp_path: Path) -> None:
    results = tmp_path / "RESULTS.md"
    results.write_text(
        HEADER + "\n" + marked("a.py", "## A\nold") + "\nnotes by hand\n\n" + marked("b.py", "## B\nkept")
    )
    write_section(
        results, "<!-- bench/a.py: begin -->", "<!-- bench/a.py: end -->", marked("a.py", "## A\nnew")
    )
    text = results.read_text()
    assert "notes by hand" not in text and "old" not in text
    assert list(sections(text)) == ["bench/a.py", "bench/b.py"]
    assert "## A\nnew" in text and "## B\nkept" in text


def test_a_new_script_section_is_added_after_the_others(tmp_path: Path) -> None:
    results = tmp_path / "RESULTS.md"
    write_section(results, "<!-- bench/a.py: begin -->", "<!-- bench/a.py: end -->", marked("a.py", "A"))
    write_section(results, "<!-- bench/b.py: begin -->", "<!-- bench/b.py: end -->", marked("b.py", "B"))
    assert results.read_text().startswith(HEADER)
    assert list(sections(results.read_text())) == ["bench/a.py", "bench/b.py"]


def test_a_section_without_its_markers_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        write_section(tmp_path / "RESULTS.md", "<!-- bench/a.py: begin -->", "<!-- bench/a.py: end -->", "A")


def test_tidy_keeps_only_the_scripts_sections(tmp_path: Path) -> None:
    results = tmp_path / "RESULTS.md"
    results.write_text("# Old title\n\nby hand\n\n" + marked("a.py", "A") + "\nmore by hand\n")
    tidy(results)
    assert results.read_text() == HEADER + "\n" + marked("a.py", "A")


def test_the_committed_results_are_only_the_scripts_sections() -> None:
    text = (ROOT / "bench" / "RESULTS.md").read_text(encoding="utf-8")
    assert text == HEADER + "\n" + "\n\n".join(sections(text).values()) + "\n"
