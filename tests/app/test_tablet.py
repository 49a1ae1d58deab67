"""The shared fixtures at work: a tablet enters a deal through the pages; the command line
issues an edit link that lets a second tablet enter the next one."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask
from flask.testing import FlaskCliRunner

from tests.helpers.tablet import Tablet, counts, deal, english


def test_a_deal_entered_through_the_pages_is_stored_and_shown(app: Flask, tablet: Tablet) -> None:
    match_id = tablet.new_schieber()
    answer = tablet.enter(match_id)
    assert answer.status_code == 303
    assert counts(app) == (1, 1)
    page = tablet.page(match_id)
    assert page.count('<tr id="deal-') == 1
    assert "Anna" in page


def test_an_edit_link_from_the_command_line_lets_another_tablet_enter_deals(
    app: Flask, tablet: Tablet, runner: FlaskCliRunner
) -> None:
    match_id = tablet.new_schieber()
    result = runner.invoke(args=["edit-link", str(match_id)])
    assert result.exit_code == 0, result.output
    other = Tablet(english(app, "192.0.2.7"))
    refused = other.client.get(f"/matches/{match_id}/deals/new")
    assert "Only the tablets of this match may change it." in refused.get_data(as_text=True)
    assert other.client.get(urlsplit(result.output.strip()).path).status_code in (302, 303)
    assert other.enter(match_id, deal(points=57)).status_code == 303
    assert counts(app) == (1, 1)
