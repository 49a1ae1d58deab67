"""The documentation the code cites is in the repository: every ``docs/….md`` named in the
packages, the tests, the README or CONTRIBUTING exists, and the record contract is there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"docs/[A-Za-z_]+\.md")


def citations() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    sources = [ROOT / "README.md", ROOT / "CONTRIBUTING.md"]
    for folder in ("rules_engine", "scorer", "tests"):
        sources += sorted((ROOT / folder).rglob("*.py"))
    for path in sources:
        for cited in CITED.findall(path.read_text(encoding="utf-8")):
            found.setdefault(cited, set()).add(str(path.relative_to(ROOT)))
    return found


def test_the_record_contract_is_documented_in_the_repository() -> None:
    contract = (ROOT / "docs" / "DEAL_RECORD.md").read_text(encoding="utf-8")
    assert "## Conventions" in contract
    assert "docs/DEAL_RECORD.md" in citations()


def test_every_cited_document_exists() -> None:
    missing = {doc: where for doc, where in citations().items() if not (ROOT / doc).is_file()}
    assert not missing, f"cited but not in the repository: {missing}"
