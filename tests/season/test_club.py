"""A club (SEASON.md Z2): one register for all its seasons and cups. A name merged at the club is
one person in every series it holds (and only there); two names met at one evening are two
people (Z2.4); a split gives the names back; a guest of the club is kept out of each of its
series; its ratings read the evenings of all its series (Z10); nobody but its office changes
it, and a series joins only from a browser holding the series' right too."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.season import club as club_log
from scorer.store import backup, db
from tests.helpers.events import draw, event_state, new_event, play_passe, register
from tests.helpers.season import club_post, new_club, new_series, office_post
from tests.helpers.tablet import csrf, hidden

# Whole evenings played through the pages: left to `make test`, out of `make check`'s minute.
pytestmark = pytest.mark.slow


def evening(client: FlaskClient, app: Flask, title: str, names: list[str], points: list[int]) -> int:
    """One table of four, one Passe of as many games as ``points``, all played."""
    event_id = new_event(client, title=title, passen=1, games_per_passe=len(points))
    register(client, event_id, names)
    draw(client, event_id)
    (table,) = event_state(app, event_id).rounds[0].tables
    play_passe(client, table.match_id, points)
    return event_id


def standing_names(client: FlaskClient, series_id: int) -> list[str]:
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    body = page[page.index("<tbody>") : page.index("</tbody>")]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    return sorted(
        re.sub(r"<[^>]+>", "", re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[1]).split(" ahead")[0].strip()
        for row in rows
    )


def alike_section(client: FlaskClient, event_id: int) -> str:
    """The director's question about names alike the register's, on the evening's page."""
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    found = re.search(r'<section class="alike-names".*?</section>', page, re.S)
    return found.group(0) if found else ""


def series_of(client: FlaskClient, *events: int) -> int:
    series_id = new_series(client, best_of="", min_events="1", rating="y")
    for event_id in events:
        assert office_post(client, series_id, "events", {"event": event_id, "weight": 1}).status_code == 303
    return series_id


def test_a_clubs_register_serves_every_series_it_holds(client: FlaskClient, app: Flask) -> None:
    january = evening(client, app, "Januar", ["Anna Muster", "Beat", "Chris", "Dora"], [100])
    february = evening(client, app, "Februar", ["Anna Muster", "Emil", "Chris", "Fritz"], [90])
    march = evening(client, app, "März", ["Ana Muster", "Beat", "Emil", "Dora"], [120])
    season = series_of(client, january, march)
    cup = series_of(client, february)
    apart = series_of(client, january, march)  # the same evenings, in no club
    club_id = new_club(client)
    for series_id in (season, cup):
        assert club_post(client, club_id, "series", {"series": series_id}).status_code == 303
    page = client.get(f"/clubs/{club_id}").get_data(as_text=True)
    # The register reads the three evenings: Anna twice, Ana once, offered as one person typed twice.
    assert "look alike" in page and "Ana Muster" in page and "Anna Muster" in page
    assert standing_names(client, season) == ["Ana Muster", "Anna Muster", "Beat", "Chris", "Dora", "Emil"]

    # Two names met at one evening are two people (Z2.4): nothing is stored.
    refused = club_post(client, club_id, "merge", {"alias": "beat", "into": "chris"})
    assert refused.status_code == 303
    assert "two people, not one (Z2.4)" in client.get(f"/clubs/{club_id}").get_data(as_text=True)
    merged = club_post(client, club_id, "merge", {"alias": "ana muster", "into": "anna muster"})
    assert merged.status_code == 303
    # Every series of the club reads the merge; a series outside it does not.
    assert standing_names(client, season) == ["Anna Muster", "Beat", "Chris", "Dora", "Emil"]
    assert "Ana Muster" in standing_names(client, apart)
    series_page = client.get(f"/series/{season}").get_data(as_text=True)
    assert "A series of Jassclub Alpenblick" in series_page
    assert 'Ana Muster is Anna Muster <small class="muted">(the club\'s)</small>' in series_page
    register_page = client.get(f"/clubs/{club_id}").get_data(as_text=True)
    row = re.search(r"<tr><td>Anna Muster</td><td class=\"num\">(\d+)</td><td>([^<]*)</td>", register_page)
    assert row is not None and row[1] == "3" and row[2] == "Ana Muster"  # three evenings, one alias

    # The club's ratings read every evening of its series: Anna's three Passen, one game each.
    with app.test_request_context("/"):
        from scorer.store.models import Club

        held = db.session().get(Club, club_id)
        assert held is not None
        whole = club_log.whole(held, club_log.derive(held.entries))
        assert sorted(whole.events) == sorted([january, february, march])
    rating = client.get(f"/clubs/{club_id}/rating").get_data(as_text=True)
    # Three games, fewer than a Passe's worth: listed with his games, not rated yet (Z10.6).
    assert '?name=anna+muster">Anna Muster</a> (3)' in rating
    assert "Ana Muster" not in rating
    player = client.get(f"/clubs/{club_id}/player?name=anna+muster")
    assert player.status_code == 200 and "Anna Muster" in player.get_data(as_text=True)
    assert client.get(f"/clubs/{club_id}/player?name=anna+muster&print=pdf").mimetype == "application/pdf"

    # A guest of the club is kept out of each of its series; the others keep theirs.
    assert club_post(client, club_id, "guest", {"player": "dora"}).status_code == 303
    assert "Dora" not in standing_names(client, season) and "Dora" in standing_names(client, apart)
    # A split gives the two names back, in every series of the club; the log keeps both entries.
    assert club_post(client, club_id, "split", {"player": "ana muster"}).status_code == 303
    assert "Ana Muster" in standing_names(client, season)
    with app.test_request_context("/"):
        from scorer.store.models import Club

        held = db.session().get(Club, club_id)
        assert held is not None
        assert [entry.kind for entry in held.entries] == [
            "options",
            "series",
            "series",
            "merge",
            "guest",
            "split",
        ]
    # A series leaves the club: its standing reads its own names again.
    assert club_post(client, club_id, "series/leave", {"series": season}).status_code == 303
    assert "Dora" in standing_names(client, season)


def test_nobody_else_changes_a_club(client: FlaskClient, app: Flask) -> None:
    club_id = new_club(client)
    stranger = app.test_client()
    page = stranger.get(f"/clubs/{club_id}").get_data(as_text=True)
    assert "The office" not in page and 'name="version"' not in page
    token = csrf(stranger, "/clubs/new")
    for path in ("options", "series", "series/leave", "merge", "split", "guest"):
        response = stranger.post(f"/clubs/{club_id}/{path}", data={"csrf_token": token, "version": "1"})
        assert response.status_code == 403, path
    # The club's office adds only a series this browser holds the right to.
    other_series = new_series(stranger)
    answer = club_post(client, club_id, "series", {"series": other_series})
    assert answer.status_code == 403
    with app.test_request_context("/"):
        from scorer.store.models import Club

        held = db.session().get(Club, club_id)
        assert held is not None and club_log.derive(held.entries).series == []


def test_a_club_without_rating_shows_none_and_a_club_is_backed_up(client: FlaskClient, app: Flask) -> None:
    club_id = new_club(client, "Stammtisch", rating=False)
    assert client.get(f"/clubs/{club_id}/rating").status_code == 404
    assert "Stammtisch" in client.get("/clubs/").get_data(as_text=True)
    with app.app_context():
        document = backup.export_all(app.extensions["tafel_engine"])
    (exported,) = document["clubs"]
    assert exported["name"] == "Stammtisch" and [e["kind"] for e in exported["entries"]] == ["options"]


def test_an_evening_of_one_series_is_asked_about_names_of_the_clubs_other_series(
    client: FlaskClient, app: Flask
) -> None:
    """The director registering an evening of a series that a club holds is asked about a name
    alike a player's of any series of the club (Z2), named as the club's."""
    season = new_series(client, title="Meisterschaft")
    cup = new_series(client, title="Cup")
    january = new_event(client, title="Januar", passen=1, series=season)
    register(client, january, ["Anna Muster", "Beat", "Chris", "Gian Caflisch"])
    club_id = new_club(client)
    for series_id in (season, cup):
        assert club_post(client, club_id, "series", {"series": series_id}).status_code == 303
    final = new_event(client, title="Cupfinal", passen=1, series=cup)
    register(client, final, ["Anna Muster", "Beat", "Dora", "Gian Calfisch"])
    section = alike_section(client, final)
    assert "Gian Calfisch looks like Gian Caflisch of Jassclub Alpenblick." in section
    assert section.count("<li>") == 1  # Anna Muster and Beat are the club's already


def test_a_club_moves_whole_as_its_export(client: FlaskClient, app: Flask) -> None:
    """A club's export carries its log and its series; an import makes a new club of it whose
    series' standings read the same names (the merge included), numbered anew. A broken
    document is refused naming the field, and stores nothing."""
    january = evening(client, app, "Januar", ["Anna Muster", "Beat", "Chris", "Dora"], [100])
    march = evening(client, app, "März", ["Ana Muster", "Beat", "Emil", "Dora"], [120])
    season = series_of(client, january, march)
    club_id = new_club(client)
    assert club_post(client, club_id, "series", {"series": season}).status_code == 303
    assert (
        club_post(client, club_id, "merge", {"alias": "ana muster", "into": "anna muster"}).status_code == 303
    )
    assert app.test_client().get(f"/clubs/{club_id}/export.json").status_code == 403  # the office's
    exported = client.get(f"/clubs/{club_id}/export.json").get_json()
    assert [e["kind"] for e in exported["entries"]] == ["options", "series", "merge"]
    elsewhere = app.test_client()
    elsewhere.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"

    def send(document: Any) -> Any:
        page = elsewhere.get("/clubs/import").get_data(as_text=True)
        data = {"csrf_token": csrf(elsewhere, "/clubs/import"), "idem": hidden(page, "idem")}
        return elsewhere.post("/clubs/import", data={**data, "text": json.dumps(document)})

    broken = {
        **exported,
        "entries": [*exported["entries"], {"seq": 4, "kind": "series", "record": {"series": 999}}],
    }
    refused = send(broken)
    assert refused.status_code == 422 and "entries[3].series" in refused.get_data(as_text=True)
    with app.test_request_context("/"):
        from scorer.store.models import Club

        assert db.session().query(Club).count() == 1  # nothing stored
    made = send(exported)
    assert made.status_code == 303
    new_id = int(made.headers["Location"].rstrip("/").split("/")[-1])
    assert new_id != club_id
    page = elsewhere.get(f"/clubs/{new_id}").get_data(as_text=True)
    (new_series_id,) = {int(n) for n in re.findall(r'href="/series/(\d+)"', page)}
    assert new_series_id != season
    # The new series counts the evenings as imported rankings, read through the new club's merge.
    assert standing_names(elsewhere, new_series_id) == standing_names(client, season)
    assert "Ana Muster" not in standing_names(elsewhere, new_series_id)


def test_a_cups_first_evening_is_seated_by_the_clubs_ratings(client: FlaskClient, app: Flask) -> None:
    """A series that balances its tables by rating (T5, after T5.3) reads the ratings of its
    club's every evening when the club rates: the cup's evenings, none played yet in the cup,
    pair each strong player of the season with a weak one."""
    names = ["Anna", "Beat", "Chris", "Dora"]
    season = new_series(client, rating="y")
    cup = new_series(client, title="Cup", rating="y", balance="y")
    club_id = new_club(client)
    for series_id in (season, cup):
        assert club_post(client, club_id, "series", {"series": series_id}).status_code == 303
    # The season's evening: seats 1 and 3 win every game, two strong players and two weak ones.
    first = new_event(client, title="Januar", passen=1, games_per_passe=3, series=season)
    register(client, first, names)
    draw(client, first)
    (table,) = event_state(app, first).rounds[0].tables
    play_passe(client, table.match_id, [157, 157, 157])
    state = event_state(app, first)
    strong = {state.name(state.rounds[0].tables[0].seats[seat]) for seat in ("1", "3")}
    for month in range(8):
        later = new_event(client, title=f"Cup {month}", passen=1, games_per_passe=3, series=cup)
        register(client, later, names)
        draw(client, later)
        drawn = event_state(app, later)
        team1 = {drawn.name(drawn.rounds[0].tables[0].seats[seat]) for seat in ("1", "3")}
        assert len(team1 & strong) == 1, (month, strong, team1)
