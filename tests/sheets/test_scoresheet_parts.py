"""A match of more deals than a scoresheet part prints (``DEALS_PER_PART``) prints in parts:
each its deals alone under the match's header, the result and the signatures under the last;
the match's page and the match list offer every part."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorer.sheets import views
from tests.helpers.pdf import page_texts
from tests.helpers.sheets import corrected_schieber


@pytest.mark.slow
def test_a_long_match_prints_in_parts(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    match_id = corrected_schieber(client)  # three deals: 100 : 57, 100 : 57, 240 : 231 (S5.6)
    whole = "".join(page_texts(client.get(f"/matches/{match_id}/scoresheet.pdf").data))
    assert "Part " not in whole and "Result" in whole
    monkeypatch.setattr(views, "DEALS_PER_PART", 2)
    first = "".join(page_texts(client.get(f"/matches/{match_id}/scoresheet.pdf?part=1").data))
    second = "".join(page_texts(client.get(f"/matches/{match_id}/scoresheet.pdf?part=2").data))
    assert "Part 1: 1–2 of 3" in first and "Part 2: 3 of 3" in second
    # The running totals are the match's: 200 : 114 after deal 2, 440 : 345 after deal 3.
    assert "200" in first and "440" not in first and "440" in second
    assert "Result" not in first and "Result" in second
    for asked in ("3", "0", "x", "-1", "99999999"):
        assert client.get(f"/matches/{match_id}/scoresheet.pdf?part={asked}").status_code == 404, asked
    for page in (
        client.get(f"/matches/{match_id}").get_data(as_text=True),
        client.get("/matches/").get_data(as_text=True),
    ):
        assert re.findall(rf"/matches/{match_id}/scoresheet\.pdf\?part=(\d)", page) == ["1", "2"]
