"""Any input to a deal form gets an answer, never a 5xx; a rejection stores nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.app.conftest import counts, deal_form, new_klammern, new_schieber

TEXT = st.one_of(
    st.sampled_from(
        [
            "",
            "1",
            "2",
            "4",
            "-3",
            "156",
            "157",
            "9" * 30,
            "H",
            "obenabe",
            "run3",
            "four",
            "A",
            "6",
            "y",
            "H6 H7 H8",
            "X9; ;",
            "\u0000",
            "１２",
        ]
    ),
    st.text(max_size=12),
)
SCHIEBER_FIELDS = [
    "forehand",
    "contract",
    "pushed",
    "team",
    "points",
    "match",
    "stoeck",
    "reached_first",
    "weis_1_1_kind",
    "weis_1_1_suit",
    "weis_1_1_top",
    "weis_2_cards",
    "version",
]
KLAMMERN_FIELDS = [
    "forehand",
    "declarer",
    "trump",
    "how",
    "bella",
    "kontra",
    "re",
    "team",
    "points",
    "revoke_seat",
    "revoke_1",
    "revoke_2",
    "durchmarsch",
    "all_tricks",
    "melds_1_1_kind",
    "melds_1_1_suit",
    "melds_1_1_top",
    "melds_3_cards",
    "version",
]
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _post(
    client: FlaskClient, app: Flask, match_id: int, form: dict[str, str], fields: dict[str, Any]
) -> None:
    before = counts(app)
    response = client.post(f"/matches/{match_id}/deals/new", data={**form, **fields})
    assert response.status_code in (303, 409, 422), response.status_code
    if response.status_code != 303:
        assert counts(app) == before


@pytest.mark.slow  # a fuzzer
@FUZZ
@given(st.dictionaries(st.sampled_from(SCHIEBER_FIELDS), TEXT, max_size=8))
def test_schieber_deal_form_never_fails(client: FlaskClient, app: Flask, fields: dict[str, str]) -> None:
    match_id = new_schieber(client)
    _post(client, app, match_id, deal_form(client, match_id), fields)


@pytest.mark.slow  # a fuzzer
@FUZZ
@given(st.dictionaries(st.sampled_from(KLAMMERN_FIELDS), TEXT, max_size=8))
def test_klammern_deal_form_never_fails(client: FlaskClient, app: Flask, fields: dict[str, str]) -> None:
    match_id = new_klammern(client, format="liga")
    _post(client, app, match_id, deal_form(client, match_id), fields)
