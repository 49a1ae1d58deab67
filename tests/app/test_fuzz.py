"""Any input to a deal form gets an answer, never a 5xx; a rejection stores nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.fuzz import KLAMMERN_FIELDS, SCHIEBER_FIELDS, TEXT
from tests.helpers.tablet import counts, deal_form, new_klammern, new_schieber

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
