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
