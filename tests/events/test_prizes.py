"""The prize list (``scorer.events.prizes``): the ranking (T7.5) with the director's prizes down it,
the most Matches (T2.4), the best single Passe and the booby prize; as a page, on the projector and
printed. One round of two tables, two games each, match value 157 (no bonus, T2.4):

- table A: a Match for team 1 (157 : 0), then 100 : 57 — team 1 257, team 2 57 (T3.6);
- table B: 80 : 77, then 90 : 67 — team 1 170, team 2 144.

Partners share their team's score and are tied on every tie-break: they share a rank (T7.3
``shared``). So team 1 of A ranks 1st (two players), team 1 of B 3rd, team 2 of B 5th, team 2 of
A 7th: the booby prize; team 1 of A made the only Match and the best Passe.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorer.store import db
from scorer.store.models import EventEntry
from tests.helpers.events import draw, event_state, form_tokens, new_event, register
from tests.helpers.pdf import page_texts, text_x
from tests.helpers.tablet import english, post_deal

NAMES = ["Anna", "Beat", "Chris", "Dora", "Erich", "Fritz", "Gret", "Hans"]


def game(client: FlaskClient, match_id: int, forehand: int, points: int | None, match: bool = False) -> None:
    fields: dict[str, object] = {"forehand": forehand, "contract": "H", "team": 1}
    fields.update({"match": "y"} if match else {"points": points})
    response = post_deal(client, match_id, fields)
    assert response.status_code == 303, response.get_data(as_text=True)


def evening(app: Flask, client: FlaskClient) -> tuple[int, dict[str, list[str]]]:
    """The evening above: its id and the names of each team ("A1", "A2", "B1", "B2")."""
    event_id = new_event(client, games_per_passe=2, passen=1, confirm="none")
    register(client, event_id, NAMES)
    draw(client, event_id)
    state = event_state(app, event_id)
    table_a, table_b = state.rounds[0].tables
    game(client, table_a.match_id, 1, None, match=True)
    game(client, table_a.match_id, 2, 100)
    game(client, table_b.match_id, 1, 80)
    game(client, table_b.match_id, 2, 90)

    def team(table: object, seats: tuple[str, str]) -> list[str]:
        return [state.name(table.seats[seat]) for seat in seats]  # type: ignore[attr-defined]

    return event_id, {
        "A1": team(table_a, ("1", "3")),
        "A2": team(table_a, ("2", "4")),
        "B1": team(table_b, ("1", "3")),
        "B2": team(table_b, ("2", "4")),
    }


def rows(page: str) -> list[list[str]]:
    body = page[page.index('class="ranking-table prize-table"') :]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body[: body.index("</table>")], re.S)
        if "<td" in row
    ]


def awards(page: str) -> dict[str, str]:
    return {
        label: re.sub(r"\s+", " ", text)
        for label, text in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", page, re.S)
    }


def set_prizes(client: FlaskClient, event_id: int, lines: list[str]) -> object:
    page = client.get(f"/events/{event_id}/prizes").get_data(as_text=True)
    data = form_tokens(page, f"/events/{event_id}/prizes")
    data["prizes-prizes"] = "\n".join(lines)
    return client.post(f"/events/{event_id}/prizes", data=data)


def test_the_prize_list_gives_the_prizes_down_the_ranking_and_names_the_awards(
    app: Flask, client: FlaskClient
) -> None:
    event_id, teams = evening(app, client)
    assert set_prizes(client, event_id, ["Wine", "Cheese", "Chocolate"]).status_code == 303  # type: ignore[attr-defined]
    page = english(app, "192.0.2.70").get(f"/events/{event_id}/prizes").get_data(as_text=True)
    listed = rows(page)
    assert [row[0] for row in listed] == ["1.", "1.", "3.", "3.", "5.", "5.", "7.", "7."]
    assert [row[2] for row in listed] == ["257", "257", "170", "170", "144", "144", "57", "57"]
    assert {re.sub(r"\s*shared$", "", row[1]) for row in listed[:2]} == set(teams["A1"])
    assert [row[3] for row in listed] == ["Wine", "Cheese", "Chocolate", "", "", "", "", ""]
    found = awards(page)
    assert found["Most Matches"] == f"{', '.join(sorted(teams['A1'], key=NAMES.index))} (1)"
    assert found["Best single Passe"].startswith(", ".join(sorted(teams["A1"], key=NAMES.index)))
    assert "257" in found["Best single Passe"] and "round 1" in found["Best single Passe"]
    assert found["Booby prize"] == f"{', '.join(sorted(teams['A2'], key=NAMES.index))} (57)"
    # A reader is not offered the director's form.
    assert 'name="prizes-prizes"' not in page


def test_a_new_list_is_a_new_entry_and_the_latest_counts(app: Flask, client: FlaskClient) -> None:
    event_id, _teams = evening(app, client)
    set_prizes(client, event_id, ["Wine"])
    set_prizes(client, event_id, ["Gold", "Silver"])
    page = client.get(f"/events/{event_id}/prizes").get_data(as_text=True)
    assert [row[3] for row in rows(page)][:3] == ["Gold", "Silver", ""]
    with app.app_context():
        lists = (
            db.session()
            .scalars(
                select(EventEntry.record).where(EventEntry.event_id == event_id, EventEntry.kind == "prizes")
            )
            .all()
        )
    assert [entry["prizes"] for entry in lists] == [["Wine"], ["Gold", "Silver"]]


def test_only_the_director_lists_prizes_and_a_long_line_is_refused_by_name(
    app: Flask, client: FlaskClient
) -> None:
    event_id, _teams = evening(app, client)
    stranger = english(app, "192.0.2.71")
    page = client.get(f"/events/{event_id}/prizes").get_data(as_text=True)
    data = form_tokens(page, f"/events/{event_id}/prizes")
    data["prizes-prizes"] = "Stolen"
    assert stranger.post(f"/events/{event_id}/prizes", data=data).status_code in (400, 403)
    answer = set_prizes(client, event_id, ["Wine", "x" * 81])
    shown = client.get(answer.headers["Location"]).get_data(as_text=True)  # type: ignore[attr-defined]
    assert "Prize 2 is longer than 80 characters." in shown
    with app.app_context():
        assert not db.session().scalars(select(EventEntry).where(EventEntry.kind == "prizes")).all()


def test_the_projector_and_the_printout_in_english_and_persian(app: Flask, client: FlaskClient) -> None:
    event_id, teams = evening(app, client)
    set_prizes(client, event_id, ["Wine"])
    projector = client.get(f"/events/{event_id}/prizes?screen=projector").get_data(as_text=True)
    assert 'class="projector projector-screen"' in projector and 'name="prizes-prizes"' not in projector
    english_pdf = client.get(f"/events/{event_id}/print/prizes.pdf?lang=en")
    assert english_pdf.status_code == 200 and english_pdf.data[:5] == b"%PDF-"
    text = " ".join(page_texts(english_pdf.data))
    assert "Prize list" in text and "Wine" in text and "Booby prize" in text
    assert all(name in text for name in teams["A2"])
    persian = client.get(f"/events/{event_id}/print/prizes.pdf?lang=fa")
    assert persian.status_code == 200 and persian.data[:5] == b"%PDF-"


def test_nobody_is_last_while_everyone_shares_the_first_place(app: Flask, client: FlaskClient) -> None:
    event_id = new_event(client, games_per_passe=2, passen=1, confirm="none")
    register(client, event_id, NAMES[:4])
    page = client.get(f"/events/{event_id}/prizes").get_data(as_text=True)
    assert "Booby prize" not in page


def test_a_printout_line_longer_than_the_page_wraps_between_the_margins(app: Flask) -> None:
    """The printouts' lines (a prize's winners, a substitute's note) break between words rather
    than run off the page, left to right and right to left."""
    from reportlab.lib.pagesizes import A4

    from scorer.events.pdf import MARGIN, Page, Printout, render

    names = [f"Spielerin{number:02d}" for number in range(40)]
    for rtl in (False, True):
        with app.test_request_context():
            data = render(Printout("Clubabend", [Page("Clubabend", lines=[" ".join(names)])], rtl))
        text = " ".join(page_texts(data))
        assert all(name in text for name in names)
        for name in (names[0], names[-1]):
            (x,) = text_x(data, 0, name)
            assert MARGIN - 1 <= x <= A4[0] - MARGIN, (rtl, name, x)
