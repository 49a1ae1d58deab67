"""The app scores a stored match where its last scoring left off: saving deal n+1 asks the
engine about one deal, not n+1, and a correction of deal k about the deals from k on;
the totals are those of a full re-score (S7.1)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

import rules_engine
import scorer.scoring
from rules_engine.schieber import match as schieber_match
from scorer.matches import matchview
from tests.helpers.sheets import append_raw_deal
from tests.helpers.tablet import deal_form, new_schieber, post_deal


@pytest.fixture
def evaluated(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The forehand of every Schieber deal the engine evaluates inside a match."""
    seen: list[int] = []
    real = schieber_match.evaluate_deal

    def counting(deal: Any, options: Any) -> Any:
        seen.append(deal.forehand.number)
        return real(deal, options)

    monkeypatch.setattr(schieber_match, "evaluate_deal", counting)
    scorer.scoring.forget()
    return seen


def enter(client: FlaskClient, match_id: int, forehand: int, points: int) -> None:
    response = post_deal(
        client, match_id, {"forehand": forehand, "contract": "H", "team": 1, "points": points}
    )
    assert response.status_code == 303, response.get_data(as_text=True)


@pytest.mark.slow
def test_a_new_deal_is_the_only_one_scored(client: FlaskClient, evaluated: list[int]) -> None:
    match_id = new_schieber(client)
    for deal in range(5):
        enter(client, match_id, deal % 4 + 1, 60 + deal)
    evaluated.clear()
    enter(client, match_id, 2, 90)  # form, save, the page it redirects to
    assert client.get(f"/matches/{match_id}").status_code == 200
    assert evaluated == [2]
    with client.application.test_request_context():
        loaded = matchview.load(match_id)
        assert loaded.answer == rules_engine.score_match(loaded.record)  # the full re-score's


def test_a_correction_of_deal_k_rescores_from_k(client: FlaskClient, evaluated: list[int]) -> None:
    match_id = new_schieber(client)
    for deal in range(6):
        enter(client, match_id, deal % 4 + 1, 60 + deal)
    evaluated.clear()
    url = f"/matches/{match_id}/deals/4/correct"  # the slot of the fourth deal (seq 4)
    data = deal_form(client, match_id, url)
    data.update({"forehand": "4", "contract": "H", "team": "2", "points": "100"})
    assert client.post(url, data=data).status_code == 303
    # Deals 4, 5 and 6 (forehands 4, 1, 2) again; deals 1-3 not.
    assert evaluated == [4, 1, 2]


def test_a_save_asks_the_engine_once(
    client: FlaskClient, evaluated: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save scores the record with its new deal; the match as it stood before is not
    scored as well (each asking compares every deal with the worker's kept state)."""
    match_id = new_schieber(client)
    for deal in range(3):
        enter(client, match_id, deal % 4 + 1, 60 + deal)
    asked: list[int] = []
    real = rules_engine.resume_match

    def counting(record: Any, state: Any = None) -> Any:
        asked.append(len(record["deals"]))
        return real(record, state)

    monkeypatch.setattr(rules_engine, "resume_match", counting)
    for headers in ({}, {"HX-Request": "true"}):  # the deal page's save, the panel's
        data = deal_form(client, match_id)
        data.update({"forehand": str(len(evaluated) % 4 + 1), "contract": "H", "team": "1", "points": "70"})
        asked.clear()
        response = client.post(f"/matches/{match_id}/deals/new", data=data, headers=headers)
        assert response.status_code in (200, 303), response.get_data(as_text=True)
        assert len(asked) == 1 and asked[0] >= 4, asked


def test_a_match_the_engine_cannot_score_takes_no_new_deal(client: FlaskClient) -> None:
    """Its earlier deals break a rule: the deal page and a save lead back to the match page
    with the reason to correct a deal first, and nothing is stored."""
    match_id = new_schieber(client)
    enter(client, match_id, 1, 60)
    data = deal_form(client, match_id)  # its key is in no entry yet
    # 170 trick points: more than the 157 a deal holds (S5.4).
    append_raw_deal(
        client.application, match_id, {"forehand": 2, "contract": "H", "points": {"team": 1, "value": 170}}
    )
    with client.application.test_request_context():
        before = matchview.load(match_id).state.version
    data.update({"version": str(before), "forehand": "3", "contract": "H", "team": "1", "points": "70"})
    for headers in ({}, {"HX-Request": "true"}):
        response = client.post(f"/matches/{match_id}/deals/new", data=data, headers=headers)
        assert response.status_code == 302 and response.headers["Location"].endswith(f"/matches/{match_id}")
        page = client.get(response.headers["Location"]).get_data(as_text=True)
        assert "correct a deal first" in page
    assert client.get(f"/matches/{match_id}/deals/new").status_code == 302
    with client.application.test_request_context():
        assert matchview.load(match_id).state.version == before
