"""Coiffeur through the table app's pages: COIFFEUR.md's worked examples entered as a table would."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.helpers.coiffeur import EXAMPLE_1, TOTALS, new_coiffeur
from tests.helpers.tablet import csrf, hidden, post_deal


def deal_fields(
    forehand: int, chooser: int, row: int, contract: str, team: int, value: int | str
) -> dict[str, Any]:
    """What a player taps: who chose, the row, the Wunsch contract, the points (pushes derived)."""
    fields: dict[str, Any] = {"kind": "deal", "forehand": forehand, "chooser": chooser, "row": row}
    if row in (7, 8):  # official8's Wunsch rows name their contract
        fields["contract"] = contract
    if value == "match":
        fields["result"] = "match"
    else:
        fields.update(result="points", team=team, points=value)
    return fields


def totals(page: str) -> tuple[int, int]:
    found = re.findall(r'class="big-score" data-score="(-?\d+)"', page)
    assert len(found) == 2, page
    return int(found[0]), int(found[1])


@pytest.mark.slow
def test_worked_example_1_through_the_pages(client: FlaskClient) -> None:
    match_id = new_coiffeur(client)
    for index, (forehand, _pushes, chooser, row, contract, team, value) in enumerate(EXAMPLE_1):
        response = post_deal(client, match_id, deal_fields(forehand, chooser, row, contract, team, value))
        assert response.status_code == 303, response.get_data(as_text=True)
        page = client.get(f"/matches/{match_id}").get_data(as_text=True)
        assert totals(page) == TOTALS[index], f"after deal {index}"
        if index == 13:  # C8.2: decided after (0-based) deal 13, shown while two rows are open
            assert "Decided after deal 14" in page
            assert "out of reach" in page and "has clinched the game" in page
        if index == 12:
            assert "Decided after" not in page
    export = client.get(f"/matches/{match_id}/export.json").get_json()
    assert [d["pushes"] for d in export["deals"]] == [e[1] for e in EXAMPLE_1]
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Match over" in page and "Winner: Anna &amp; Cla" in page
    # Every cell filled: no entry form any more (C7.1).
    assert client.get(f"/matches/{match_id}/deals/new").status_code == 302


def cell_of(page: str, row: int) -> list[str]:
    """The two cells of grid row ``row`` as shown (text without tags), team 1 first."""
    found = re.search(rf'<tr id="row-{row}">(.*?)</tr>', page, re.S)
    assert found, page
    cells = re.findall(r'<td class="num cell[^"]*">(.*?)</td>', found.group(1), re.S)
    texts = [re.sub(r"<[^>]+>", " ", c).split()[0] for c in cells]
    return [re.sub(r"[’'\u202f\u00a0,]", "", t) for t in texts]  # the thousands separator aside


def undo(client: FlaskClient, match_id: int) -> Any:
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    form = page[page.index(f'action="/matches/{match_id}/undo"') :]
    return client.post(
        f"/matches/{match_id}/undo",
        data={name: hidden(form, name) for name in ("csrf_token", "version", "idem")},
        follow_redirects=True,
    )


MISERE_GRID = "D×1, H×2, misere×1, C×4"


def test_worked_example_3_misere_and_konter(client: FlaskClient) -> None:
    """COIFFEUR.md example 3: the cell is 157 − own; no trick is a Misère Match; all nine a Konter-Match."""
    match_id = new_coiffeur(client, grid="custom", rows=MISERE_GRID)
    misere = {"kind": "deal", "forehand": 1, "chooser": 1, "row": 3, "mode": "obenabe"}
    assert (
        post_deal(client, match_id, {**misere, "result": "points", "team": 1, "points": 23}).status_code
        == 303
    )
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert cell_of(page, 3) == ["134", "·"] and totals(page) == (134, 0)
    # Team 2's Misère: no trick taken, the opponents took all nine: a Misère Match, 257.
    misere = {"kind": "deal", "forehand": 2, "chooser": 2, "row": 3, "mode": "undenufe", "result": "match"}
    assert post_deal(client, match_id, misere).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert cell_of(page, 3) == ["134", "257"] and "Misère Undenufe" in page
    # A Konter-Match in C×4: the opponents took all nine, the cell is 0 (konter: zero).
    konter = {"kind": "deal", "forehand": 3, "chooser": 3, "row": 4, "result": "konter"}
    assert post_deal(client, match_id, konter).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert cell_of(page, 4)[0] == "0" and "Konter-Match" in page and totals(page) == (134, 257)
    export = client.get(f"/matches/{match_id}/export.json").get_json()
    assert export["deals"][1]["points"] == {"team": 1, "match": True}
    assert export["deals"][2]["points"] == {"team": 2, "match": True}


def test_konter_options_penalty_and_award(client: FlaskClient) -> None:
    """Example 3: a Konter-Match in C×4 is −400 under ``penalty``, 0 and +1028 under ``award``."""
    konter = {"kind": "deal", "forehand": 1, "chooser": 1, "row": 4, "result": "konter"}
    penalty = new_coiffeur(client, konter="penalty")
    assert post_deal(client, penalty, konter).status_code == 303
    assert totals(client.get(f"/matches/{penalty}").get_data(as_text=True)) == (-400, 0)
    award = new_coiffeur(client, konter="award")
    assert post_deal(client, award, konter).status_code == 303
    page = client.get(f"/matches/{award}").get_data(as_text=True)
    assert totals(page) == (0, 1028) and "Outside the grid" in page


def test_scratch_fills_a_cell_with_zero_and_keeps_the_rotation(client: FlaskClient) -> None:
    match_id = new_coiffeur(client)
    assert post_deal(client, match_id, deal_fields(1, 1, 6, "undenufe", 1, 121)).status_code == 303
    scratch = {"kind": "scratch", "scratch_team": 2, "row": 3, "reason": "cards shown"}
    assert post_deal(client, match_id, scratch).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert cell_of(page, 3) == ["·", "0"] and "scratch: cards shown" in page
    # C6.5: a scratch does not move the deal rotation; seat 2 is still forehand next.
    assert "Beat is forehand" in page
    # C9: the struck cell cannot be played again.
    response = post_deal(client, match_id, deal_fields(2, 2, 3, "S", 2, 80))
    assert response.status_code == 422 and "C9" in response.get_data(as_text=True)


def test_a_deal_of_a_filled_row_is_refused_on_the_row(client: FlaskClient) -> None:
    match_id = new_coiffeur(client)
    post_deal(client, match_id, deal_fields(1, 1, 6, "undenufe", 1, 121))
    response = post_deal(client, match_id, deal_fields(2, 3, 6, "undenufe", 1, 100))
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    row_section = page[page.index('class="chips grid-rows') : page.index("contract-parts")]
    assert "C9" in row_section  # the reason sits on the row it concerns


def test_push_and_chooser_checked(client: FlaskClient) -> None:
    """Example 1's rejection: deal 5 with one push and chooser 4 breaks C3.3."""
    match_id = new_coiffeur(client)
    fields = {**deal_fields(2, 4, 4, "C", 2, 101), "pushes": 1}
    response = post_deal(client, match_id, fields)
    assert response.status_code == 422 and "C3.3" in response.get_data(as_text=True)


def test_correction_and_undo(client: FlaskClient) -> None:
    match_id = new_coiffeur(client)
    post_deal(client, match_id, deal_fields(1, 1, 6, "undenufe", 1, 121))
    post_deal(client, match_id, deal_fields(2, 2, 7, "obenabe", 2, 66))
    page = client.get(f"/matches/{match_id}/deals/2/correct").get_data(as_text=True)
    assert 'value="7" checked' in page or 'checked id="row-6"' in page  # the form states the deal again
    # Correct the Wunsch row's contract and points: 7 × 70.
    fields = {**deal_fields(2, 2, 7, "H", 2, 70)}
    response = post_deal(client, match_id, fields, url=f"/matches/{match_id}/deals/2/correct")
    assert response.status_code == 303
    assert totals(client.get(f"/matches/{match_id}").get_data(as_text=True)) == (726, 490)
    assert "The correction of deal 2 was undone" in undo(client, match_id).get_data(as_text=True)
    assert totals(client.get(f"/matches/{match_id}").get_data(as_text=True)) == (726, 462)


def test_spectator_sees_the_grid_without_buttons(client: FlaskClient, app: Any) -> None:
    match_id = new_coiffeur(client, team_name_1="Uri", team_name_2="Schwyz")
    post_deal(client, match_id, deal_fields(1, 1, 5, "obenabe", 1, "match"))
    spectator = app.test_client()
    spectator.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = spectator.get(f"/matches/{match_id}").get_data(as_text=True)
    assert totals(page) == (1285, 0) and "Uri" in page and "Schwyz" in page
    assert cell_of(page, 5)[0] == "1285"
    assert "Enter deal" not in page and "/correct" not in page
    listing = client.get("/matches/").get_data(as_text=True)
    assert re.search(r'class="list-score">1\D?285 : 0<', listing)  # the engine's totals in the list


def test_own_rows_refused_politely(client: FlaskClient) -> None:
    data = {"csrf_token": csrf(client, "/matches/new/coiffeur"), "grid": "custom", "rows": "D×1, joker 2"}
    data.update(deck="swiss", first_forehand="1")
    response = client.post("/matches/new/coiffeur", data=data)
    assert response.status_code == 422 and "Not a row: joker 2" in response.get_data(as_text=True)
    data["rows"] = "D×1, H×0"  # the engine refuses a factor below 1 (C9)
    response = client.post("/matches/new/coiffeur", data=data)
    assert response.status_code == 422 and "factor" in response.get_data(as_text=True)


def test_slalom_and_3x3_rows(client: FlaskClient) -> None:
    match_id = new_coiffeur(client, grid="custom", rows="slalom×7, 3x3×4, guschti×8")
    fields = {"kind": "deal", "forehand": 1, "chooser": 1, "row": 1, "start": "undenufe"}
    assert (
        post_deal(client, match_id, {**fields, "result": "points", "team": 1, "points": 100}).status_code
        == 303
    )
    fields = {
        "kind": "deal",
        "forehand": 2,
        "chooser": 2,
        "row": 2,
        "trump": "H",
        "order": "obenabe undenufe trump",
    }
    assert (
        post_deal(client, match_id, {**fields, "result": "points", "team": 2, "points": 90}).status_code
        == 303
    )
    export = client.get(f"/matches/{match_id}/export.json").get_json()
    assert export["deals"][0]["contract"] == {"type": "slalom", "start": "undenufe"}
    assert export["deals"][1]["contract"] == {
        "type": "3x3",
        "trump": "H",
        "order": ["obenabe", "undenufe", "trump"],
    }
    assert totals(client.get(f"/matches/{match_id}").get_data(as_text=True)) == (700, 360)


def difference_of(page: str, row: int) -> str:
    """The row difference (C7.3) the grid shows for ``row``."""
    found = re.search(rf'<tr id="row-{row}">(.*?)</tr>', page, re.S)
    assert found, page
    last = re.findall(r'<td class="num">(.*?)</td>', found.group(1), re.S)[-1]
    return re.sub(r"[’'\u202f\u00a0,]", "", last.strip())


def test_worked_example_4_rounding_in_tens(client: FlaskClient) -> None:
    """COIFFEUR.md example 4 (jasstafel's vectors): in row H×3, 105 and 60 are written 11 and 6 (C6.6),
    the cells are 33 and 18, and the row difference is 3 × (11 − 6) = 15 (C7.3)."""
    match_id = new_coiffeur(client, grid="custom", rows="D×1, H×3, S×3", rounding="tens")
    row_2 = {"kind": "deal", "row": 2, "result": "points"}
    response = post_deal(client, match_id, {**row_2, "forehand": 1, "chooser": 1, "team": 1, "points": 105})
    assert response.status_code == 303, response.get_data(as_text=True)
    response = post_deal(client, match_id, {**row_2, "forehand": 2, "chooser": 2, "team": 2, "points": 60})
    assert response.status_code == 303, response.get_data(as_text=True)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert cell_of(page, 2) == ["33", "18"]
    assert difference_of(page, 2) == "15"
    assert totals(page) == (33, 18)
    export = client.get(f"/matches/{match_id}/export.json").get_json()
    assert export["options"]["rounding"] == "tens"


@pytest.mark.slow
def test_worked_example_4_rounded_flat_match(client: FlaskClient) -> None:
    """Example 4: with a flat Match bonus of 300, a Match in ×3 is 3 × 16 + 30 = 78 (C6.2, C6.6)."""
    match_id = new_coiffeur(
        client, grid="custom", rows="D×1, H×3", rounding="tens", match_bonus="flat", match_bonus_points=300
    )
    match = {"kind": "deal", "forehand": 1, "chooser": 1, "row": 2, "result": "match"}
    assert post_deal(client, match_id, match).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert cell_of(page, 2)[0] == "48"  # 3 × w(157) = 3 × 16, in the grid
    assert totals(page) == (78, 0) and "Outside the grid" in page  # + w(300) = 30 outside it


def test_worked_example_4_rounded_konter_penalty(client: FlaskClient) -> None:
    """Example 4: with ``konter: "penalty"``, a Konter-Match in ×3 is −3 × 10 = −30."""
    match_id = new_coiffeur(client, grid="custom", rows="D×1, H×3", rounding="tens", konter="penalty")
    konter = {"kind": "deal", "forehand": 1, "chooser": 1, "row": 2, "result": "konter"}
    assert post_deal(client, match_id, konter).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert cell_of(page, 2)[0] == "-30" and totals(page) == (-30, 0)
