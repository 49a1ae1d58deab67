"""The dispute desk's pages for Klammern by two and three players (K1.1, K1.4): the form asks
the table's size, the ruling follows it, the link and the PDF keep it, errors sit on their field.

Expected rulings are worked out by hand in tests/disputes/test_small_tables.py; here they are
asked through the pages.
"""

from __future__ import annotations

import html
import io
import json
import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from flask.testing import FlaskClient
from pypdf import PdfReader

EN = {"Accept-Language": "en"}

#: Screen -> (question, verdict) for a table of three or two.
SMALL = {
    # K4.3: must overtrump ST with SJ.
    "card": (
        {
            "game": "klammern",
            "contract": "S",
            "players": "3",
            "trick": "CA ST",
            "hand": "S7 SJ D8",
            "card": "S7",
        },
        "S7 was not allowed.",
    ),
    # K4.4: H7 trumps; seat 3 led, so it is seat 1's with three players.
    "trick": (
        {"game": "klammern", "contract": "H", "players": "3", "cards": "CA H7 CT", "leader": "3"},
        "H7 takes the trick (seat 1).",
    ),
    # K5.2 + K1.4: seat 1's A-high Terz is best; it alone scores 20.
    "weis": (
        {
            "game": "klammern",
            "contract": "S",
            "players": "3",
            "forehand": "1",
            "seat_1": "DQ DK DA",
            "seat_2": "C7 C8 C9",
            "seat_3": "H8 H9 HT",
        },
        "Seat 1 scores the melds: 20.",
    ),
    # K1.4: 16 cards in play, at most 152.
    "count": ({"game": "klammern", "contract": "S", "players": "2", "points": "160"}, "160 is impossible."),
    # K4.2: seat 2 could follow hearts.
    "replay": (
        {
            "game": "klammern",
            "contract": "S",
            "players": "3",
            "forehand": "1",
            "declarer": "2",
            "hand_1": "HA HK C8 C9 DA DK D7 D8",
            "hand_2": "H7 C7 CA CK D9 DT SA SJ",
            "hand_3": "H8 H9 S7 S8 S9 SK SQ ST",
            "tricks": "HA C7",
        },
        "Trick 1: C7 by seat 2 was a revoke.",
    ),
}


def get(client: FlaskClient, path: str, query: dict[str, str], headers: dict[str, str] = EN) -> str:
    response = client.get(f"{path}?{urlencode({**query, 'ask': '1'})}", headers=headers)
    assert response.status_code == 200
    return html.unescape(response.get_data(as_text=True))


def share_link(page: str) -> str:
    link = re.search(r'class="share-link" type="text" readonly value="([^"]+)"', page)
    assert link
    return link.group(1)


def players_selected(page: str) -> str | None:
    select = re.search(r'<select[^>]*name="players".*?</select>', page, re.S)
    assert select, "the form asks how many players"
    chosen = re.search(r'<option selected value="(\d)"|<option value="(\d)" selected', select.group(0))
    return next(g for g in chosen.groups() if g) if chosen else None


@pytest.mark.slow
@pytest.mark.parametrize("screen", list(SMALL))
def test_small_table_ruled_and_shown(client: FlaskClient, screen: str) -> None:
    query, verdict = SMALL[screen]
    page = get(client, f"/disputes/{screen}", query)
    assert verdict in page
    assert players_selected(page) == query["players"]


@pytest.mark.slow
@pytest.mark.parametrize("screen", list(SMALL))
def test_share_link_round_trips_the_player_count(client: FlaskClient, screen: str) -> None:
    query, verdict = SMALL[screen]
    url = urlsplit(share_link(get(client, f"/disputes/{screen}", query)))
    assert parse_qs(url.query)["players"] == [query["players"]]
    again = html.unescape(client.get(f"{url.path}?{url.query}", headers=EN).get_data(as_text=True))
    assert verdict in again and players_selected(again) == query["players"]


@pytest.mark.slow
@pytest.mark.parametrize("screen", list(SMALL))
def test_pdf_keeps_the_table_size(client: FlaskClient, screen: str) -> None:
    query, verdict = SMALL[screen]
    response = client.get(f"/disputes/{screen}.pdf?{urlencode({**query, 'ask': '1'})}", headers=EN)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = PdfReader(io.BytesIO(response.data)).pages[0].extract_text()
    assert verdict.split(" ")[0] in text
    assert f"Players: {query['players']}" in text
    assert "players=" + query["players"] in text.replace("&amp;", "&")


def test_four_players_stays_the_default(client: FlaskClient) -> None:
    # Without players (an older link), four: the A-high Terz's team is seats 1 and 3, 40 (K5.3).
    query = {k: v for k, v in SMALL["weis"][0].items() if k != "players"}
    page = get(client, "/disputes/weis", query)
    assert "Team 1 scores the melds: 40." in page
    assert players_selected(page) in (None, "4")


def test_old_trick_link_takes_one_player_per_card(client: FlaskClient) -> None:
    query = {k: v for k, v in SMALL["trick"][0].items() if k != "players"}
    page = get(client, "/disputes/trick", query)
    assert "H7 takes the trick (seat 1)." in page and players_selected(page) == "3"


@pytest.mark.slow
def test_weis_legends_follow_the_table(client: FlaskClient) -> None:
    page = get(client, "/disputes/weis", SMALL["weis"][0])
    assert "Seat 1 (plays alone)" in page and "Seat 4 (only at a table of four)" in page
    assert "(team 1)" not in page
    assert "Scored: seat 1: 20, seat 2: 0, seat 3: 0" in page
    four = get(client, "/disputes/weis", {**SMALL["weis"][0], "players": "4"})
    assert "Seat 1 (team 1)" in four and "Seat 4 (team 2)" in four


def field_error(page: str, name: str) -> str:
    """The problem shown on the form field ``name`` (the macro puts it right under the input)."""
    found = re.search(
        rf'name="{name}"[^>]*>(?:\s*</select>)?\s*<p class="reason" role="alert">([^<]+)</p>', page
    )
    if found is None:
        found = re.search(
            rf'<select[^>]*name="{name}".*?</select>\s*<p class="reason" role="alert">([^<]+)</p>', page, re.S
        )
    if found is None:
        found = re.search(
            rf'name="{name}"[^>]*>[^<]*</textarea>\s*<p class="reason" role="alert">([^<]+)</p>', page
        )
    assert found, f"no problem shown on {name}"
    return found.group(1)


@pytest.mark.parametrize(
    ("screen", "change", "field", "words"),
    [
        ("card", {"players": "2"}, "trick", "With 2 players a trick holds 2 cards"),
        ("trick", {"players": "2"}, "cards", "With 2 players a trick has 2 cards, not 3."),
        (
            "trick",
            {"players": "2", "cards": "CA H7"},
            "leader",
            "Seat 3 does not play at a table of 2 players.",
        ),
        ("weis", {"players": "2"}, "seat_3", "Seat 3 does not play at a table of 2 players."),
        ("weis", {"bella": "4"}, "bella", "Seat 4 does not play at a table of 3 players."),
        (
            "weis",
            {"players": "2", "seat_3": "", "forehand": "3"},
            "forehand",
            "Seat 3 does not play at a table of 2 players.",
        ),
        ("replay", {"players": "2"}, "hand_3", "Seat 3 does not play at a table of 2 players."),
        (
            "replay",
            {"hand_4": "HQ HJ HT CQ CJ CT DQ DJ"},
            "hand_4",
            "Seat 4 does not play at a table of 3 players.",
        ),
        ("replay", {"declarer": "4"}, "declarer", "Seat 4 does not play at a table of 3 players."),
        ("replay", {"forehand": "4"}, "forehand", "Seat 4 does not play at a table of 3 players."),
        ("count", {"players": "5"}, "players", "Not a valid choice"),
    ],
)
@pytest.mark.slow
def test_errors_name_the_field(
    client: FlaskClient, screen: str, change: dict[str, str], field: str, words: str
) -> None:
    page = get(client, f"/disputes/{screen}", {**SMALL[screen][0], **change})
    assert 'class="ruling' not in page
    assert words in field_error(page, field)


def test_schieber_ignores_the_table_size(client: FlaskClient) -> None:
    query = {
        "game": "schieber",
        "contract": "H",
        "players": "2",
        "trick": "CK H9",
        "hand": "H6 C6 CA",
        "card": "H6",
    }
    assert "H6 was not allowed." in get(client, "/disputes/card", query)


# --------------------------------------------------------------------------- a record (JSON) in the link

THREE_RECORD = {
    "game": "klammern",
    "players": 3,
    "format": "small_big",
    "forehand": 1,
    "trump": "S",
    "declarer": 2,
    "how": "orgi",
    "hands": {
        "1": "HA HK C8 C9 DA DK D7 D8".split(),
        "2": "H7 C7 CA CK D9 DT SA SJ".split(),
        "3": "H8 H9 S7 S8 S9 SK SQ ST".split(),
    },
    "tricks": [["HA", "C7"]],
    "bella": 3,
}


def test_record_json_link_round_trips_three_players(client: FlaskClient) -> None:
    # K4.5 + K1.4: the declarer (seat 2) revoked and loses; each opponent scores 2 small points.
    query = {"game": "klammern", "record": json.dumps(THREE_RECORD)}
    page = get(client, "/disputes/replay", query)
    assert "Trick 1: C7 by seat 2 was a revoke." in page
    assert "Scored: 2 : 0 : 2 small points." in page
    # The fields show what was replayed, the table of three included.
    assert players_selected(page) == "3"
    assert 'name="hand_3"' in page and "H8 H9 S7 S8 S9 SK SQ ST" in page
    url = urlsplit(share_link(page))
    shared = json.loads(parse_qs(url.query)["record"][0])
    assert shared["players"] == 3
    again = html.unescape(client.get(f"{url.path}?{url.query}", headers=EN).get_data(as_text=True))
    assert "Scored: 2 : 0 : 2 small points." in again and players_selected(again) == "3"


def test_imported_two_player_record_keeps_its_table(client: FlaskClient) -> None:
    page = client.get("/disputes/replay").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    record = {
        "game": "klammern",
        "players": 2,
        "format": "small_big",
        "forehand": 1,
        "trump": "S",
        "declarer": 1,
        "how": "orgi",
        "tricks": [
            t.split() for t in ("SJ S7", "S9 S8", "SA H7", "HA H8", "HT C7", "CA C8", "DA D7", "DT D8")
        ],
    }
    data = {"csrf_token": token.group(1), "file": (io.BytesIO(json.dumps(record).encode()), "deal.json")}
    response = client.post("/disputes/replay", data=data, content_type="multipart/form-data")
    assert response.status_code == 302
    shown = html.unescape(client.get(response.headers["Location"], headers=EN).get_data(as_text=True))
    # K1.4: seat 1 takes all eight tricks, 100 + 10 = 110 : 0, Beet 55.
    assert "Every card follows the rules." in shown
    assert "card points 110 : 0, Beet 55" in shown
    assert players_selected(shown) == "2"


def test_record_with_five_players_is_refused_on_the_record_field(client: FlaskClient) -> None:
    page = get(
        client, "/disputes/replay", {"game": "klammern", "record": json.dumps({**THREE_RECORD, "players": 5})}
    )
    assert "2, 3 or 4 players, not 5" in field_error(page, "record")


def test_match_screen_link_may_preset_the_table(client: FlaskClient) -> None:
    page = client.get("/disputes/weis?game=klammern&players=2", headers=EN).get_data(as_text=True)
    assert players_selected(page) == "2" and 'class="ruling' not in page
    index = client.get("/disputes/?game=klammern&players=2", headers=EN).get_data(as_text=True)
    assert "/disputes/card?game=klammern&amp;players=2" in index


def test_match_screen_door_carries_a_small_table(app: object) -> None:
    from flask import Flask, render_template

    assert isinstance(app, Flask)
    with app.test_request_context():
        three = render_template("disputes/_link.html", game="klammern", players=3)
        four = render_template("disputes/_link.html", game="klammern", players=4)
    assert "/disputes/?game=klammern&amp;players=3" in three
    assert "players" not in four


def test_bella_only_question(client: FlaskClient) -> None:
    # K5.5: no meld claimed, Bella by seat 2 of three: 20 for seat 2 alone.
    page = get(client, "/disputes/weis", {"game": "klammern", "contract": "S", "players": "3", "bella": "2"})
    assert "No valid meld: nobody scores melds." in page
    assert "Bella of seat 2: 20 for that player, whatever the meld comparison (K5.5)." in page
    assert "Scored: seat 1: 0, seat 2: 20, seat 3: 0" in page
