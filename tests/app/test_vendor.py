"""The browser library the app serves itself: htmx, fetched by the set-up and checked by its pin."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from flask.testing import FlaskClient

from scorer.web.security import CONTENT_SECURITY_POLICY

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "scorer" / "static" / "vendor"


def pins() -> list[tuple[str, str, str, str, str]]:
    """The pins of scripts/vendor.sh: package, version, file in the package, served as, sha256."""
    script = (ROOT / "scripts" / "vendor.sh").read_text(encoding="utf-8")
    block = script.split("PINS=(", 1)[1].split(")", 1)[0]
    found = [tuple(line.split()) for line in re.findall(r'"([^"]+)"', block)]
    assert found and all(len(pin) == 5 for pin in found)
    return found  # type: ignore[return-value]


def test_htmx_is_pinned_and_in_place() -> None:
    (pin,) = [pin for pin in pins() if pin[0] == "htmx.org"]
    _package, version, _inner, served, sha = pin
    path = VENDOR / served
    assert path.is_file(), "run make install (scripts/vendor.sh) to fetch htmx"
    assert hashlib.sha256(path.read_bytes()).hexdigest() == sha
    assert f'version:"{version}"' in path.read_text(encoding="utf-8").replace(" ", "")


def test_htmx_is_served_by_the_app_under_its_policy(client: FlaskClient) -> None:
    (served,) = [pin[3] for pin in pins() if pin[0] == "htmx.org"]
    with client.get(f"/static/vendor/{served}") as response:
        assert response.status_code == 200
        assert response.mimetype in ("text/javascript", "application/javascript")
        assert response.data == (VENDOR / served).read_bytes()
        assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
        assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_pages_configure_htmx_for_the_strict_policy(client: FlaskClient) -> None:
    """htmx would otherwise add a <style> element, which the policy refuses (no 'unsafe-inline')."""
    page = client.get("/matches/").get_data(as_text=True)
    config = re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", page)
    assert config and '"includeIndicatorStyles":false' in config.group(1)
    assert '"allowEval":false' in config.group(1)
