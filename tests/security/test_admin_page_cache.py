"""The administrator never gets a spectator's match page, and a void reaches spectators
(scorer.web.conditional)."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.tablet import DEAL, english, log_in, new_schieber, post_deal, void


@pytest.mark.slow
def test_admin_page_and_void_past_the_spectator_cache(app: Flask, client: FlaskClient) -> None:
    match_id = new_schieber(client)
    assert post_deal(client, match_id, DEAL).status_code == 303
    spectator = english(app, "192.0.2.77")
    watched = spectator.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Void the match" not in watched and "This match was voided" not in watched
    admin = english(app, "192.0.2.50")
    assert log_in(admin) == 303
    assert "Void the match" in admin.get(f"/matches/{match_id}").get_data(as_text=True)
    assert void(admin, match_id) == 303
    assert "This match was voided" in spectator.get(f"/matches/{match_id}").get_data(as_text=True)
