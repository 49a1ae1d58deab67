"""A table confirms its games on its own match screen, under the entry panel (TOURNAMENT.md T6.2).

Each game waiting for a team this device confirms for is one tap there; with htmx the answer is
the confirmation part alone (no page loads), without script the tap comes back to the match
screen. A device confirms for one team only, so the other team is told to use its own link.
Under ``per_passe`` the part offers the Passe's signature once its games are in. Nothing of
it reaches a spectator's page, and a tap from a browser without the table's right saves nothing.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorer.store import db
from scorer.store.models import EventEntry
from tests.helpers.events import claim_table, evening, play_passe, table_link
from tests.helpers.tablet import english

HTMX = {"HX-Request": "true"}


def part_of(page: str) -> str:
    """The confirmation part of a match screen ('' when it shows none)."""
    found = re.search(r'<section id="event-confirm".*?</section>', page, re.S)
    return found.group(0) if found else ""


def buttons(part: str) -> list[tuple[str, str]]:
    """(game's slot or '' for the Passe, team) of each confirmation button in ``part``."""
    forms = [form for form in re.findall(r"<form .*?</form>", part, re.S) if 'name="games"' not in form]
    return [
        (
            re.search(r'name="slot" value="(\d*)"', form).group(1),  # type: ignore[union-attr]
            re.search(r'name="team" value="(\d)"', form).group(1),  # type: ignore[union-attr]
        )
        for form in forms
    ]


def tap(device: FlaskClient, event_id: int, match_id: int, part: str, team: str, htmx: bool = True) -> object:
    """Tap the part's button of ``team`` (the first one: its oldest game)."""
    for form in re.findall(r"<form .*?</form>", part, re.S):
        if f'name="team" value="{team}"' in form and 'name="games"' not in form:
            fields = dict(re.findall(r'name="([a-z_]+)" value="([^"]*)"', form))
            return device.post(
                f"/events/{event_id}/tables/{match_id}/confirm", data=fields, headers=HTMX if htmx else {}
            )
    raise AssertionError(f"no button for team {team}")


def marks(app: Flask, event_id: int, kind: str) -> int:
    with app.app_context():
        return int(
            db.session().scalar(
                select(func.count())
                .select_from(EventEntry)
                .where(EventEntry.event_id == event_id, EventEntry.kind == kind)
            )
            or 0
        )


def table(app: Flask, client: FlaskClient, confirm: str, games: int = 2) -> tuple[int, int, FlaskClient]:
    event_id, (match_id,) = evening(client, app, confirm, games=games)
    tablet = english(app, "192.0.2.50")
    claim_table(tablet, table_link(client, event_id, match_id))
    return event_id, match_id, tablet


def test_a_game_entered_waits_on_the_screen_and_one_tap_confirms_it_in_place(
    app: Flask, client: FlaskClient
) -> None:
    event_id, match_id, tablet = table(app, client, "per_game")
    # No game yet: the part waits hidden, with no button (for a game entered without network).
    empty = part_of(tablet.get(f"/matches/{match_id}").get_data(as_text=True))
    assert re.search(r'<section id="event-confirm"[^>]* hidden\b', empty) and buttons(empty) == []
    play_passe(tablet, match_id, [98])
    part = part_of(tablet.get(f"/matches/{match_id}").get_data(as_text=True))
    assert "Game 1" in part and "98" in part and "59" in part
    assert [team for _slot, team in buttons(part)] == ["1", "2"]

    answer = tap(tablet, event_id, match_id, part, "1")
    assert answer.status_code == 200  # type: ignore[attr-defined]
    swapped = answer.get_data(as_text=True)  # type: ignore[attr-defined]
    # The part alone, with what happened: no page around it.
    assert swapped.lstrip().startswith('<section id="event-confirm"') and "<html" not in swapped
    assert "Team 1 confirmed the game." in swapped
    # This device confirmed for team 1: team 2 confirms on its own link (T6.2, each for itself).
    assert buttons(swapped) == [] and "Team 2 confirms on its own device" in swapped
    assert marks(app, event_id, "confirm") == 1


def test_without_script_the_tap_comes_back_to_the_match_screen(app: Flask, client: FlaskClient) -> None:
    event_id, match_id, tablet = table(app, client, "per_game")
    play_passe(tablet, match_id, [98])
    part = part_of(tablet.get(f"/matches/{match_id}").get_data(as_text=True))
    answer = tap(tablet, event_id, match_id, part, "2", htmx=False)
    assert answer.status_code == 303  # type: ignore[attr-defined]
    assert answer.headers["Location"].endswith(f"/matches/{match_id}")  # type: ignore[attr-defined]
    page = tablet.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Team 2 confirmed the game." in page
    assert "Team 1 confirms on its own device" in part_of(page)


def test_both_teams_confirmed_the_screen_says_so(app: Flask, client: FlaskClient) -> None:
    event_id, match_id, tablet = table(app, client, "per_game")
    play_passe(tablet, match_id, [98])
    part = part_of(tablet.get(f"/matches/{match_id}").get_data(as_text=True))
    tap(tablet, event_id, match_id, part, "1")
    # The director confirms for team 2 (the director acts for either team).
    tap(client, event_id, match_id, part_of(client.get(f"/matches/{match_id}").get_data(as_text=True)), "2")
    assert marks(app, event_id, "confirm") == 2
    after = part_of(tablet.get(f"/matches/{match_id}").get_data(as_text=True))
    assert "Every game entered is confirmed." in after and buttons(after) == []
    # The next game waits again.
    play_passe(tablet, match_id, [40])
    assert "Game 2" in part_of(tablet.get(f"/matches/{match_id}").get_data(as_text=True))


def test_a_second_team_from_the_same_device_is_refused_in_the_part(app: Flask, client: FlaskClient) -> None:
    event_id, match_id, tablet = table(app, client, "per_game")
    play_passe(tablet, match_id, [98])
    part = part_of(tablet.get(f"/matches/{match_id}").get_data(as_text=True))
    tap(tablet, event_id, match_id, part, "1")
    # The page loaded before the first tap still shows team 2's button: tapped, it is refused.
    answer = tap(tablet, event_id, match_id, part, "2")
    text = answer.get_data(as_text=True)  # type: ignore[attr-defined]
    assert answer.status_code == 200 and "This device confirmed for team 1 at this table." in text  # type: ignore[attr-defined]
    assert 'class="error"' in text
    assert marks(app, event_id, "confirm") == 1


def test_under_per_passe_the_screen_offers_the_signature_once_the_games_are_in(
    app: Flask, client: FlaskClient
) -> None:
    event_id, match_id, tablet = table(app, client, "per_passe", games=2)
    play_passe(tablet, match_id, [98])
    assert buttons(part_of(tablet.get(f"/matches/{match_id}").get_data(as_text=True))) == []
    play_passe(tablet, match_id, [40])
    part = part_of(tablet.get(f"/matches/{match_id}").get_data(as_text=True))
    assert [slot for slot, _team in buttons(part)] == ["", ""] and "signs the Passe" in part
    swapped = tap(tablet, event_id, match_id, part, "1").get_data(as_text=True)  # type: ignore[attr-defined]
    assert "Team 1 signed the Passe." in swapped
    assert marks(app, event_id, "sign") == 1


def test_a_spectator_sees_no_part_and_saves_nothing(app: Flask, client: FlaskClient) -> None:
    event_id, match_id, tablet = table(app, client, "per_game")
    play_passe(tablet, match_id, [98])
    part = part_of(tablet.get(f"/matches/{match_id}").get_data(as_text=True))
    stranger = english(app, "192.0.2.99")
    assert part_of(stranger.get(f"/matches/{match_id}").get_data(as_text=True)) == ""
    answer = tap(stranger, event_id, match_id, part, "1")
    assert answer.status_code in (400, 403)  # type: ignore[attr-defined]
    assert marks(app, event_id, "confirm") == 0


def live_version(page: str) -> tuple[str, str]:
    """The version URL a page follows and the version it was drawn at."""
    found = re.search(r'<main data-live="([^"]+)" data-live-ms="\d+" data-version="([^"]*)"', page)
    assert found, "the page follows no version"
    return found.group(1), found.group(2)


def test_a_teams_phone_follows_the_table_and_learns_of_a_game_to_confirm(
    app: Flask, client: FlaskClient
) -> None:
    event_id, match_id, tablet = table(app, client, "per_game")
    phone = english(app, "192.0.2.51")
    url, drawn = live_version(phone.get(f"/events/{event_id}/tables/{match_id}").get_data(as_text=True))
    assert url == f"/events/{event_id}/tables/{match_id}/version"
    first = phone.get(url)
    assert first.status_code == 200 and first.get_json() == {"version": drawn}
    # Unchanged: answered "not modified" from the tag.
    assert phone.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    # A game entered moves the version; so does a team's confirmation (a mark in the event's log).
    play_passe(tablet, match_id, [98])
    entered = phone.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert entered.status_code == 200 and entered.get_json()["version"] != drawn
    part = part_of(tablet.get(f"/matches/{match_id}").get_data(as_text=True))
    tap(tablet, event_id, match_id, part, "1")
    confirmed = phone.get(url, headers={"If-None-Match": entered.headers["ETag"]})
    assert confirmed.status_code == 200
    assert confirmed.get_json()["version"] not in (drawn, entered.get_json()["version"])
    # The page drawn now is drawn at that version.
    again = phone.get(f"/events/{event_id}/tables/{match_id}").get_data(as_text=True)
    assert live_version(again)[1] == confirmed.get_json()["version"]
    assert phone.get(f"/events/{event_id}/tables/{match_id + 1000}/version").status_code == 404


def test_a_team_confirms_every_game_waiting_for_it_with_one_tap(app: Flask, client: FlaskClient) -> None:
    """The Passe confirmed in one tap per team (T6.2 ``per_game``: each game, as the team saw it)."""
    event_id, match_id, tablet = table(app, client, "per_game", games=3)
    play_passe(tablet, match_id, [98, 45])
    part = part_of(tablet.get(f"/matches/{match_id}").get_data(as_text=True))
    together = re.findall(r'<form [^>]*class="inline confirm-all".*?</form>', part, re.S)
    assert len(together) == 2 and "Team 1 confirms the 2 games" in part
    fields = dict(re.findall(r'name="([a-z_]+)" value="([^"]*)"', together[0]))
    assert fields["team"] == "1" and len(fields["games"].split(",")) == 2
    # A game changed meanwhile (a third entered changes nothing of the two; a correction would):
    # one stale version refuses the whole lot.
    stale = {**fields, "games": fields["games"].replace(":", ":9", 1)}
    refused = tablet.post(f"/events/{event_id}/tables/{match_id}/confirm", data=stale, headers=HTMX)
    assert (
        "The game changed meanwhile" in refused.get_data(as_text=True)
        and marks(app, event_id, "confirm") == 0
    )
    # The part says it was refused (a 200, which htmx swaps): the outbox of a tablet that kept
    # the tap offline reads it so, and does not count it as delivered.
    said = re.search(r"<p [^>]*data-refused[^>]*>([^<]*)</p>", refused.get_data(as_text=True))
    assert said and "The game changed meanwhile" in said.group(1)
    answer = tablet.post(f"/events/{event_id}/tables/{match_id}/confirm", data=fields, headers=HTMX)
    assert "Team 1 confirmed 2 games." in answer.get_data(as_text=True)
    assert "data-refused" not in answer.get_data(as_text=True)
    assert marks(app, event_id, "confirm") == 2
    # Sent twice (a double tap): stored once.
    tablet.post(f"/events/{event_id}/tables/{match_id}/confirm", data=fields, headers=HTMX)
    assert marks(app, event_id, "confirm") == 2
