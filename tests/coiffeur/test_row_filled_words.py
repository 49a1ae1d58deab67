"""A Coiffeur row played twice is told as the table counts and names (C9): the deal from 1, the
team by its name."""

from __future__ import annotations

import copy

from flask import Flask

from rules_engine import score_match
from scorer.web.reason_texts import at_table, sentence
from tests.helpers.coiffeur import DEALS, game


def test_the_refusal_counts_deals_from_1_and_names_the_team(app: Flask) -> None:
    deals = copy.deepcopy(DEALS)
    deals[9]["row"], deals[9]["contract"] = 1, "D"  # team 2's row 1, played at deal index 3
    error = score_match(game(deals))["errors"][0]
    assert error["code"] == "row_filled" and error["params"]["deal"] == 3
    settings = {
        "players": 4,
        "names": ["Anna", "Beat", "Cla", "Dora"],
        "teams": ["Uri", "Schwyz"],
        "deck": "swiss",
    }
    with app.test_request_context(headers={"Accept-Language": "de-CH"}):
        at_table(settings, "swiss")
        said = sentence(error)
    assert "Spiel 4" in said and "Schwyz" in said and "Spiel 3" not in said, said
