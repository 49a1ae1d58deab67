"""Differenzler through the table app's pages: DIFFERENZLER.md's worked examples entered as a table would."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.helpers.differenzler import PASSE, SCORES, deal_fields, new_differenzler, totals
from tests.helpers.tablet import hidden, post_deal


def test_worked_example_2_through_the_pages(client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    for forehand, trump, estimates, made in PASSE:
        response = post_deal(client, match_id, deal_fields(forehand, trump, estimates, made))
        assert response.status_code == 303, response.get_data(as_text=True)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert totals(page) == [13, 12, -9, 4]
    # Each player plays alone (D1.1): the scoreboard names each, never a team of two.
    assert "Anna &amp; Cla" not in page and "Beat &amp; Doris" not in page
    form = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    assert "Anna &amp; Cla" not in form and "Doris: <strong>" in form
    deal_scores = [int(v) for v in re.findall(r'class="score" data-score="(-?\d+)"', page)]
    assert deal_scores == [s for row in SCORES for s in row]
    ranking = re.findall(r'<li data-seat="(\d)">', page)
    assert ranking == ["3", "4", "2", "1"]  # lowest total first (D1.2)
    assert "Beat is forehand" not in page and "Anna is forehand" in page  # next: dealer 4, forehand 1
    record = client.get(f"/matches/{match_id}/export.json").get_json()
    assert record["deal_count"] == 16 and record["options"]["form"] == "hidden"
    assert len(record["deals"][0]["sealed_at"]["estimates"]) == 4  # D3.3: the sealed entry's time


@pytest.mark.slow
def test_exact_bonus_zero_swaps_seats_2_and_4(client: FlaskClient) -> None:
    match_id = new_differenzler(client, exact_bonus=0)
    for forehand, trump, estimates, made in PASSE:
        assert post_deal(client, match_id, deal_fields(forehand, trump, estimates, made)).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert totals(page) == [23, 12, 11, 14]
    assert re.findall(r'<li data-seat="(\d)">', page) == ["3", "2", "4", "1"]


def test_hidden_estimates_are_masked_while_typed(client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    page = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    assert re.search(r'<input[^>]*name="estimate_1"[^>]*type="password"', page) or re.search(
        r'<input[^>]*type="password"[^>]*name="estimate_1"', page
    )
    # A refused deal keeps what was typed (still masked).
    fields = deal_fields(1, "C", [40, 0, 65, 50], [43, 0, 65, 48])
    response = post_deal(client, match_id, fields)
    text = response.get_data(as_text=True)
    assert response.status_code == 422 and "D8" in text
    assert re.search(r'type="password"[^>]*value="65"|value="65"[^>]*type="password"', text)
    # The open form shows them as typed.
    open_id = new_differenzler(client, form="open")
    page = client.get(f"/matches/{open_id}/deals/new").get_data(as_text=True)
    assert not re.search(r'name="estimate_1"[^>]*type="password"|type="password"[^>]*name="estimate_1"', page)


def test_worked_example_1_rejections(client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    response = post_deal(client, match_id, deal_fields(1, "C", [40, 0, 65, 50], [43, 1, 64, 49]))
    assert response.status_code == 422 and "D8" in response.get_data(as_text=True)
    fields = deal_fields(1, "C", [40, 0, 65, 50], [43, 0, 65, 49])
    fields["estimate_2"] = ""  # D8: seat 2 gave no estimate
    response = post_deal(client, match_id, fields)
    assert response.status_code == 422 and "D8" in response.get_data(as_text=True)


def test_correction_undo_and_void(client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    post_deal(client, match_id, deal_fields(*PASSE[0]))
    page = client.get(f"/matches/{match_id}/deals/1/correct").get_data(as_text=True)
    assert 'value="65"' in page  # the correction form states the estimates again
    fixed = deal_fields(1, "C", [43, 0, 65, 50], [43, 0, 65, 49])
    assert post_deal(client, match_id, fixed, url=f"/matches/{match_id}/deals/1/correct").status_code == 303
    assert totals(client.get(f"/matches/{match_id}").get_data(as_text=True)) == [-10, 0, -10, 1]
    # D6.4: a void deal scores only its penalties; the replay has the same forehand.
    void = {"forehand": 2, "void": "y", "penalty_3": 1}
    assert post_deal(client, match_id, void).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert totals(page) == [-10, 0, 10, 1] and "Beat is forehand" in page
    form = page[page.index(f'action="/matches/{match_id}/undo"') :]
    client.post(
        f"/matches/{match_id}/undo", data={k: hidden(form, k) for k in ("csrf_token", "version", "idem")}
    )
    assert totals(client.get(f"/matches/{match_id}").get_data(as_text=True)) == [-10, 0, -10, 1]


def test_three_players(client: FlaskClient) -> None:
    match_id = new_differenzler(client, players=3, deal_count=12)
    fields = {"forehand": 1, "trump": "H", "estimate_1": 50, "estimate_2": 50, "estimate_3": 57}
    fields.update(points_1=50, points_2=40, points_3=67)
    assert post_deal(client, match_id, fields).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert totals(page) == [-10, 10, 10]


def test_spectator_sees_no_estimate_form(client: FlaskClient, app: Any) -> None:
    match_id = new_differenzler(client)
    post_deal(client, match_id, deal_fields(*PASSE[0]))
    spectator = app.test_client()
    spectator.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = spectator.get(f"/matches/{match_id}").get_data(as_text=True)
    assert totals(page) == [3, 0, -10, 1] and "Enter deal" not in page and "/correct" not in page


def scores_of(page: str) -> list[int]:
    return [int(v) for v in re.findall(r'class="score" data-score="(-?\d+)"', page)]


def test_worked_example_1_counted_stoeck(client: FlaskClient) -> None:
    """Example 1 with ``stoeck: "counted"``, seat 3 holding the Stöck: the points stay 43, 0, 65, 49 and seat 3
    makes 85 (D5.4): with estimate 85 he scores −10, with 65 his difference is 20."""
    match_id = new_differenzler(client, stoeck="counted")
    fields = {**deal_fields(1, "C", [40, 0, 85, 50], [43, 0, 65, 49]), "stoeck": 3}
    assert post_deal(client, match_id, fields).status_code == 303
    assert scores_of(client.get(f"/matches/{match_id}").get_data(as_text=True)) == [3, 0, -10, 1]
    fields = {**deal_fields(2, "C", [40, 0, 65, 50], [43, 0, 65, 49]), "stoeck": 3}
    assert post_deal(client, match_id, fields).status_code == 303
    assert scores_of(client.get(f"/matches/{match_id}").get_data(as_text=True))[4:] == [3, 0, 20, 1]


def test_worked_example_2_dealer_credit_in_the_open_form(client: FlaskClient) -> None:
    """Example 2, open form with ``dealer_credit``: deal 3's estimates sum to 155, the credit is ⌊2/5⌋ = 0;
    had they summed to 180, dealer seat 2 would get ⌊23/5⌋ = 4 off his score of 4, so 0 (D6.5)."""
    match_id = new_differenzler(client, form="open", dealer_credit="y")
    assert post_deal(client, match_id, deal_fields(*PASSE[2])).status_code == 303
    assert scores_of(client.get(f"/matches/{match_id}").get_data(as_text=True)) == SCORES[2]
    summing_180 = deal_fields(3, "S", [95, 10, 35, 40], [52, 14, 41, 50])
    assert post_deal(client, match_id, summing_180).status_code == 303
    assert scores_of(client.get(f"/matches/{match_id}").get_data(as_text=True))[4:] == [43, 0, 6, 10]


def test_worked_example_1_an_exact_zero_needs_a_trick(client: FlaskClient) -> None:
    """Example 1 with ``zero_exact: "needs_zero_trick"`` (D6.3): seat 2 estimated 0 and made 0. With no trick
    won he scores 0; had he won one trick worth 0 he would score −10. Without the tricks D8 cannot decide."""
    match_id = new_differenzler(client, zero_exact="needs_zero_trick")
    page = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    assert 'name="tricks_2"' in page
    fields = deal_fields(1, "C", [40, 0, 65, 50], [43, 0, 65, 49])
    refused = post_deal(client, match_id, fields)
    text = refused.get_data(as_text=True)
    assert refused.status_code == 422
    tricks_part = text[
        text.index('class="tricks-won') : text.index("</fieldset>", text.index('class="tricks-won'))
    ]
    assert "D8" in tricks_part and "Seat 2 (Beat) estimated 0" in tricks_part  # the reason at the tricks
    half = {**fields, "tricks_1": 2, "tricks_2": 0}
    assert post_deal(client, match_id, half).status_code == 422
    no_trick = {**fields, "tricks_1": 2, "tricks_2": 0, "tricks_3": 4, "tricks_4": 3}
    assert post_deal(client, match_id, no_trick).status_code == 303
    assert scores_of(client.get(f"/matches/{match_id}").get_data(as_text=True)) == [3, 0, -10, 1]
    one_trick = {**deal_fields(2, "C", [40, 0, 65, 50], [43, 0, 65, 49])}
    one_trick.update(tricks_1=2, tricks_2=1, tricks_3=3, tricks_4=3)
    assert post_deal(client, match_id, one_trick).status_code == 303
    assert scores_of(client.get(f"/matches/{match_id}").get_data(as_text=True))[4:] == [3, -10, -10, 1]
    record = client.get(f"/matches/{match_id}/export.json").get_json()
    assert [deal["tricks_won"] for deal in record["deals"]] == [[2, 0, 4, 3], [2, 1, 3, 3]]
    # The correction form states the tricks again.
    page = client.get(f"/matches/{match_id}/deals/2/correct").get_data(as_text=True)
    assert re.search(r'name="tricks_2"[^>]*value="1"|value="1"[^>]*name="tricks_2"', page)


def test_the_tricks_are_asked_only_under_needs_zero_trick(client: FlaskClient) -> None:
    match_id = new_differenzler(client)
    assert 'name="tricks_1"' not in client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
