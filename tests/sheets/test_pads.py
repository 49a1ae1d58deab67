"""The "print a pad" page and GET /pads/pad.pdf: a shareable address, clear field errors, never a 500."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.pdf import A4, LETTER, flat, page_sizes, page_texts


def errors(page: str) -> list[str]:
    return re.findall(r'<p class="reason" role="alert">([^<]*)</p>', page)


def test_the_page_is_in_the_nav_and_has_the_form(client: FlaskClient) -> None:
    listing = client.get("/matches/").get_data(as_text=True)
    assert re.search(r'<nav>.*href="/pads".*</nav>', listing, re.S)
    response = client.get("/pads")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert '<form method="get" action="/pads/pad.pdf"' in page
    assert "csrf_token" not in page  # a GET that changes nothing
    for name in (
        "game",
        "format",
        "players",
        "paper",
        "lang",
        "target",
        "team_1",
        "team_2",
        "player_1",
        "player_2",
        "player_3",
        "player_4",
    ):
        assert f'name="{name}"' in page
    # The reader's language is the default.
    assert re.search(r'<option selected value="en">', page)
    assert not errors(page)


def test_the_default_language_is_the_readers(app: Flask) -> None:
    reader = app.test_client()
    reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr-CH"
    assert re.search(r'<option selected value="fr_CH">', reader.get("/pads").get_data(as_text=True))
    # ... and so is the pad's, unless the address names one.
    assert "Bloc de marque" in flat(page_texts(reader.get("/pads/pad.pdf?game=schieber").data)[0])
    assert "Score pad" in flat(page_texts(reader.get("/pads/pad.pdf?game=schieber&lang=en").data)[0])


def test_a_schieber_pad_with_names(client: FlaskClient) -> None:
    query = urlencode(
        {
            "game": "schieber",
            "paper": "letter",
            "lang": "en",
            "target": "2500",
            "team_1": "Bern",
            "team_2": "Thun",
            "player_1": "Anna",
            "player_2": "Beat",
        }
    )
    response = client.get(f"/pads/pad.pdf?{query}")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"] == 'inline; filename="tafel-pad-schieber.pdf"'
    assert page_sizes(response.data) == [LETTER, LETTER]  # the pad and its chalk board
    text = flat(page_texts(response.data)[0])
    assert "Bern" in text and "Thun" in text and "Anna" in text and "Beat" in text and "2,500" in text


@pytest.mark.parametrize(
    ("fmt", "label"),
    [("small_big", "small and big points"), ("liga", "Liga-Partie"), ("hamburg", "Hamburg dice")],
)
def test_klammern_pads(client: FlaskClient, fmt: str, label: str) -> None:
    response = client.get(f"/pads/pad.pdf?game=klammern&format={fmt}&lang=en")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == f'inline; filename="tafel-pad-klammern-{fmt}.pdf"'
    assert page_sizes(response.data) == [A4]
    assert label in flat(page_texts(response.data)[0])


def test_a_pad_for_three_klammern_players(client: FlaskClient) -> None:
    query = urlencode(
        {
            "game": "klammern",
            "players": "3",
            "lang": "en",
            "player_1": "Ben",
            "player_2": "Sue",
            "player_3": "Tom",
        }
    )
    text = flat(page_texts(client.get(f"/pads/pad.pdf?{query}").data)[0])
    assert "Ben" in text and "Sue" in text and "Tom" in text


def test_french_labels_and_short_language_names(client: FlaskClient) -> None:
    # As `tafel pad --lang fr` (the example): fr is fr_CH.
    response = client.get("/pads/pad.pdf?game=schieber&lang=fr&paper=a4")
    assert response.status_code == 200
    assert page_sizes(response.data) == [A4, A4]
    text = flat(" ".join(page_texts(response.data)))
    assert "Bloc de marque" in text and "Score pad" not in text


def test_the_format_is_ignored_for_schieber(client: FlaskClient) -> None:
    # The form always sends a format (radio buttons); it is Klammern's.
    response = client.get("/pads/pad.pdf?game=schieber&format=liga&players=2")
    assert response.status_code == 200 and response.mimetype == "application/pdf"


BAD = [
    ({"game": "skat"}, "game", "Not a valid choice"),
    ({"game": "klammern", "format": "bridge"}, "format", "Not a valid choice"),
    ({"game": "klammern", "players": "5"}, "players", "Not a valid choice"),
    ({"paper": "legal"}, "paper", "Not a valid choice"),
    ({"lang": "xx"}, "lang", "Not a valid choice"),
    ({"target": "0"}, "target", "Number must be between 1 and 100000."),
    ({"target": "100001"}, "target", "Number must be between 1 and 100000."),
    ({"target": "-5"}, "target", "Number must be between 1 and 100000."),
    ({"target": "abc"}, "target", "Not a valid integer value."),
    ({"target": "9" * 5000}, "target", "Not a valid integer value."),
    ({"team_1": "x" * 41}, "team_1", "Field cannot be longer than 40 characters."),
    ({"player_4": "y" * 41}, "player_4", "Field cannot be longer than 40 characters."),
    (
        {"game": "klammern", "players": "3", "player_4": "Dora"},
        "player_4",
        "Leave this empty: a pad for 3 players has no seat 4.",
    ),
    (
        {"game": "klammern", "players": "2", "player_3": "Cla"},
        "player_3",
        "Leave this empty: a pad for 2 players has no seat 3.",
    ),
    (
        {"game": "klammern", "players": "2", "team_2": "Thun"},
        "team_2",
        "Leave this empty: with 2 players everyone scores alone.",
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("params", "field", "message"), BAD, ids=[f"{b[1]}-{i}" for i, b in enumerate(BAD)])
def test_bad_choices_show_the_form_with_the_fields_error(
    client: FlaskClient, params: dict[str, str], field: str, message: str
) -> None:
    response = client.get("/pads/pad.pdf?" + urlencode(params))
    assert response.status_code == 422
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    shown = errors(page)
    assert len(shown) == 1 and message in shown[0].replace("&#39;", "'"), shown
    # The message sits in the field's own block, next to the field.
    block = re.search(
        rf'<(?:div|fieldset) class="[^"]*has-error[^"]*">(?:(?!</(?:div|fieldset)>).)*name="{field}"',
        page,
        re.S,
    )
    assert block, f"{field} is not marked"
    # What was typed is kept, so it can be fixed.
    if field.startswith(("team_", "player_")):
        assert f'value="{params[field]}"' in page


def test_errors_speak_the_readers_language(app: Flask) -> None:
    reader = app.test_client()
    reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "fr"
    page = reader.get("/pads/pad.pdf?target=abc").get_data(as_text=True)
    assert "entier" in page  # WTForms' own French: "N'est pas un entier valide."


KEYS = [
    "game",
    "format",
    "players",
    "paper",
    "lang",
    "target",
    "team_1",
    "team_2",
    "player_1",
    "player_2",
    "player_3",
    "player_4",
    "other",
]
VALUES = st.one_of(
    st.sampled_from(
        [
            "schieber",
            "klammern",
            "small_big",
            "liga",
            "hamburg",
            "a4",
            "letter",
            "fr",
            "fa",
            "en",
            "2",
            "3",
            "4",
            "0",
            "-1",
            "1e3",
            "",
            " ",
            "3000",
        ]
    ),
    st.text(max_size=60),
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(params=st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=8))
def test_any_query_gives_a_pad_or_the_form_never_a_500(client: FlaskClient, params: dict[str, str]) -> None:
    response = client.get("/pads/pad.pdf", query_string=params)
    assert response.status_code in (200, 422), (params, response.status_code)
    if response.status_code == 200:
        assert response.mimetype == "application/pdf" and response.data.startswith(b"%PDF")
    else:
        assert errors(response.get_data(as_text=True))
    assert client.get("/pads", query_string=params).status_code == 200
