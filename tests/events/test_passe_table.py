"""A Passe at one table (TOURNAMENT.md T1.2, T2, T3): set up, entered game by game, control sum.

Worked example 1 is entered through the deal form; every figure on the page is the engine's.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.tablet import counts, csrf, deal_form, post_deal

#: Worked example 1 (TOURNAMENT.md): forehand, contract, team, value (None = a Match).
EXAMPLE_1: list[tuple[int, str, int, int | None]] = [
    (1, "H", 1, 98),
    (2, "obenabe", 2, 112),
    (3, "S", 1, 121),
    (4, "undenufe", 2, 90),
    (1, "D", 1, None),
    (2, "C", 2, 127),
    (3, "obenabe", 1, 104),
    (4, "H", 1, 62),
    (1, "undenufe", 1, 88),
    (2, "S", 2, 86),
    (3, "D", 1, 133),
    (4, "C", 2, 123),
]


def new_passe(client: FlaskClient, **fields: Any) -> int:
    data = {
        "csrf_token": csrf(client, "/matches/new/passe"),
        "games_per_passe": "12",
        "rules": "tournament",
        "match_value": "157",
        "weis": "no",
        "stoeck": "no",
        "deck": "swiss",
        "rosen7": "1",
        "name_1": "A",
        "name_2": "C",
        "name_3": "B",
        "name_4": "D",
    }
    data.update({k: str(v) for k, v in fields.items()})
    response = client.post("/matches/new/passe", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def game(forehand: int, contract: str, team: int, value: int | None) -> dict[str, Any]:
    fields: dict[str, Any] = {"forehand": forehand, "contract": contract, "team": team}
    if value is None:
        fields["match"] = "y"
    else:
        fields["points"] = value
    return fields


def test_the_new_match_page_offers_the_passe(client: FlaskClient) -> None:
    page = client.get("/matches/new").get_data(as_text=True)
    assert "/matches/new/passe" in page and "/matches/new/schieber" in page
    form = client.get("/matches/new/passe").get_data(as_text=True)
    assert 'name="games_per_passe"' in form and "tournament profile" in form


@pytest.mark.slow
def test_worked_example_1_through_the_table(client: FlaskClient, app: Flask) -> None:
    match_id = new_passe(client)
    for number, entry in enumerate(EXAMPLE_1, start=1):
        response = post_deal(client, match_id, game(*entry))
        assert response.status_code == 303, response.get_data(as_text=True)
        if number == 4:
            page = client.get(f"/matches/{match_id}").get_data(as_text=True)
            # T3.5 as the games go: after 4 games both teams' figures sum to 4 × 157 = 628.
            assert "Control sum after 4 of 12 games: 628 of 628" in page
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'data-score="1010"' in page and 'data-score="874"' in page
    assert 'data-expected="1884" data-actual="1884"' in page
    assert "Passe complete: the control sum holds" in page
    assert "Enter deal" not in page  # T3.1: the Passe ends after its 12 games
    # forehand counts (T3.3): each seat 3 times
    assert re.search(r"Forehand per seat.*A 3 · C 3 · B 3 · D 3", page, re.S)
    assert counts(app) == (1, 12)
    # A 13th game is refused: the form is not offered, and the engine rejects a Passe with
    # more games (T3.1) when one is posted anyway (tokens from a correction form).
    assert client.get(f"/matches/{match_id}/deals/new").status_code == 302
    slot = re.findall(r"/deals/(\d+)/correct", page)[0]
    data = deal_form(client, match_id, f"/matches/{match_id}/deals/{slot}/correct")
    data.update({k: str(v) for k, v in game(1, "H", 1, 98).items()})
    response = client.post(f"/matches/{match_id}/deals/new", data=data)
    assert response.status_code == 422
    assert "T3.1" in response.get_data(as_text=True)
    assert counts(app) == (1, 12)


def test_match_value_207_and_the_control_sum(client: FlaskClient) -> None:
    match_id = new_passe(client, rules="own", match_value="207", games_per_passe="2")
    assert post_deal(client, match_id, game(1, "D", 1, None)).status_code == 303
    assert post_deal(client, match_id, game(2, "H", 2, 100)).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    # T3.5: 2 × 157 + one Match × 50 = 364; team 1 207 + 57, team 2 100.
    assert 'data-expected="364" data-actual="364"' in page
    assert 'data-score="264"' in page and 'data-score="100"' in page


def test_an_impossible_game_is_refused_with_its_rule(client: FlaskClient, app: Flask) -> None:
    match_id = new_passe(client)
    response = post_deal(client, match_id, game(1, "H", 1, 156))
    assert response.status_code == 422
    assert "T3.4" in response.get_data(as_text=True)
    response = post_deal(client, match_id, {**game(1, "H", 1, 98), "stoeck": "1"})
    assert response.status_code == 422
    assert "T2.1" in response.get_data(as_text=True)
    assert counts(app) == (1, 0)


def test_a_correction_adds_a_version(client: FlaskClient, app: Flask) -> None:
    match_id = new_passe(client, games_per_passe="8")
    for entry in EXAMPLE_1[:8]:
        assert post_deal(client, match_id, game(*entry)).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    slot = re.findall(r"/deals/(\d+)/correct", page)[7]
    url = f"/matches/{match_id}/deals/{slot}/correct"
    assert post_deal(client, match_id, game(4, "H", 1, 52), url=url).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    # 8 games: 1256 (T3.5), the corrected game 52 : 105.
    assert 'data-expected="1256" data-actual="1256"' in page
    assert counts(app) == (1, 9)


def test_the_passe_scoresheet_and_pad(client: FlaskClient) -> None:
    import io

    from pypdf import PdfReader

    match_id = new_passe(client, games_per_passe="4")
    for entry in EXAMPLE_1[:4]:
        assert post_deal(client, match_id, game(*entry)).status_code == 303
    response = client.get(f"/matches/{match_id}/scoresheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = PdfReader(io.BytesIO(response.data)).pages[0].extract_text()
    # The control sum after each game, as the engine adds it up: 157, 314, 471, 628 (T3.5).
    for figure in ("157", "314", "471", "628"):
        assert figure in text
    assert "Passe" in text


def test_the_blank_passe_pad_is_offered(client: FlaskClient) -> None:
    assert 'value="passe"' in client.get("/pads").get_data(as_text=True)
    response = client.get("/pads/pad.pdf?game=passe&players=4&paper=a4&lang=fa")
    assert response.status_code == 200 and response.mimetype == "application/pdf"


def test_undo_names_the_game_it_undid(client: FlaskClient) -> None:
    match_id = new_passe(client)
    assert post_deal(client, match_id, game(*EXAMPLE_1[0])).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    form = page[page.index(f'action="/matches/{match_id}/undo"') :]
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form)
    version = re.search(r'name="version"[^>]*value="([^"]+)"', form)
    assert token and version
    response = client.post(
        f"/matches/{match_id}/undo",
        data={"csrf_token": token.group(1), "version": version.group(1), "idem": "undo-1"},
        follow_redirects=True,
    )
    # The Passe's game is said by its contract (Rosen, in the Swiss deck) and its points.
    assert "Deal 1 was undone: Rosen" in response.get_data(as_text=True)


def test_a_passe_with_its_own_options_may_allow_the_slalom(client: FlaskClient) -> None:
    """T2.3: the table's own options may add the Slalom; it counts once whatever the factors (T2.2)."""
    plain = new_passe(client, rules="own", games_per_passe="2", factor_obenabe="2")
    assert "slalom_obenabe" not in client.get(f"/matches/{plain}").get_data(as_text=True)
    match_id = new_passe(client, rules="own", games_per_passe="2", factor_obenabe="2", slalom="yes")
    assert 'value="slalom_obenabe"' in client.get(f"/matches/{match_id}").get_data(as_text=True)
    fields = {"forehand": 1, "contract": "slalom_obenabe", "team": 2, "points": 90}
    assert post_deal(client, match_id, fields).status_code == 303
    fields = {"forehand": 2, "contract": "obenabe", "team": 2, "points": 90}
    assert post_deal(client, match_id, fields).status_code == 303
    exported = client.get(f"/matches/{match_id}/export.json").get_json()
    assert exported["deals"][0]["contract"] == {"type": "slalom", "start": "obenabe"}
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Slalom, Obenabe first" in page
    # The Slalom 67 : 90 as entered; the Obenabe game doubled, 134 : 180.
    rows = re.findall(r'<tr id="deal-\d+">(.*?)</tr>', page, re.S)
    totals = [re.findall(r'<td class="num">(\d+)', row)[:2] for row in rows]
    assert totals == [["67", "90"], ["134", "180"]]
