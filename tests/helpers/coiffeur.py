"""COIFFEUR.md's worked example 1, copied from the rule file: as the engine's match record
(:data:`DEALS`, :func:`game`) and as a table enters it through the pages (:data:`EXAMPLE_1`,
:func:`new_coiffeur`)."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.helpers.browser import open_deal_form
from tests.helpers.tablet import csrf

# Example 1: the match record, exactly as the rule file gives it.
DEALS: list[dict[str, Any]] = [
    {
        "forehand": 1,
        "pushes": 0,
        "chooser": 1,
        "row": 6,
        "contract": "undenufe",
        "points": {"team": 1, "value": 121},
    },
    {"forehand": 2, "pushes": 0, "chooser": 2, "row": 2, "contract": "H", "points": {"team": 2, "value": 88}},
    {
        "forehand": 3,
        "pushes": 2,
        "chooser": 1,
        "row": 8,
        "contract": "S",
        "points": {"team": 1, "value": 140},
    },
    {
        "forehand": 4,
        "pushes": 0,
        "chooser": 4,
        "row": 1,
        "contract": "D",
        "points": {"team": 1, "value": 100},
    },
    {
        "forehand": 1,
        "pushes": 0,
        "chooser": 1,
        "row": 5,
        "contract": "obenabe",
        "points": {"team": 1, "match": True},
    },
    {
        "forehand": 2,
        "pushes": 2,
        "chooser": 4,
        "row": 4,
        "contract": "C",
        "points": {"team": 2, "value": 101},
    },
    {"forehand": 3, "pushes": 0, "chooser": 3, "row": 1, "contract": "D", "points": {"team": 1, "value": 92}},
    {
        "forehand": 4,
        "pushes": 0,
        "chooser": 4,
        "row": 7,
        "contract": "obenabe",
        "points": {"team": 2, "value": 66},
    },
    {"forehand": 1, "pushes": 0, "chooser": 1, "row": 3, "contract": "S", "points": {"team": 1, "value": 73}},
    {
        "forehand": 2,
        "pushes": 0,
        "chooser": 2,
        "row": 3,
        "contract": "S",
        "points": {"team": 2, "value": 110},
    },
    {"forehand": 3, "pushes": 2, "chooser": 1, "row": 7, "contract": "H", "points": {"team": 1, "value": 99}},
    {
        "forehand": 4,
        "pushes": 0,
        "chooser": 4,
        "row": 5,
        "contract": "obenabe",
        "points": {"team": 1, "value": 113},
    },
    {"forehand": 1, "pushes": 0, "chooser": 1, "row": 2, "contract": "H", "points": {"team": 1, "value": 64}},
    {"forehand": 2, "pushes": 0, "chooser": 2, "row": 8, "contract": "C", "points": {"team": 2, "value": 35}},
    {
        "forehand": 3,
        "pushes": 0,
        "chooser": 3,
        "row": 4,
        "contract": "C",
        "points": {"team": 1, "value": 118},
    },
    {
        "forehand": 4,
        "pushes": 0,
        "chooser": 4,
        "row": 6,
        "contract": "undenufe",
        "points": {"team": 2, "value": 90},
    },
]


def game(deals: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    return {"game": "coiffeur", "options": {"grid": "official8", **options}, "teams": 2, "deals": deals}


#: Worked example 1 (COIFFEUR.md): forehand, pushes, chooser, row, contract, points team, value.
EXAMPLE_1: list[tuple[int, int, int, int, str, int, int | str]] = [
    (1, 0, 1, 6, "undenufe", 1, 121),
    (2, 0, 2, 2, "H", 2, 88),
    (3, 2, 1, 8, "S", 1, 140),
    (4, 0, 4, 1, "D", 1, 100),
    (1, 0, 1, 5, "obenabe", 1, "match"),
    (2, 2, 4, 4, "C", 2, 101),
    (3, 0, 3, 1, "D", 1, 92),
    (4, 0, 4, 7, "obenabe", 2, 66),
    (1, 0, 1, 3, "S", 1, 73),
    (2, 0, 2, 3, "S", 2, 110),
    (3, 2, 1, 7, "H", 1, 99),
    (4, 0, 4, 5, "obenabe", 1, 113),
    (1, 0, 1, 2, "H", 1, 64),
    (2, 0, 2, 8, "C", 2, 35),
    (3, 0, 3, 4, "C", 1, 118),
    (4, 0, 4, 6, "undenufe", 2, 90),
]


#: Team totals after each deal (the table's last two columns).
TOTALS = [
    (726, 0),
    (726, 176),
    (1846, 176),
    (1846, 233),
    (3131, 233),
    (3131, 637),
    (3223, 637),
    (3223, 1099),
    (3442, 1099),
    (3442, 1429),
    (4135, 1429),
    (4135, 1649),
    (4263, 1649),
    (4263, 1929),
    (4735, 1929),
    (4735, 2469),
]


def new_coiffeur(client: FlaskClient, **fields: Any) -> int:
    data = {
        "csrf_token": csrf(client, "/matches/new/coiffeur"),
        "grid": "official8",
        "deck": "swiss",
        "first_forehand": "1",
        "name_1": "Anna",
        "name_2": "Beat",
        "name_3": "Cla",
        "name_4": "Dora",
    }
    data.update({k: str(v) for k, v in fields.items()})
    response = client.post("/matches/new/coiffeur", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def example_1_record() -> dict[str, Any]:
    deals = []
    for forehand, pushes, chooser, row, contract, team, value in EXAMPLE_1:
        points = {"team": team, "match": True} if value == "match" else {"team": team, "value": value}
        deals.append(
            {
                "forehand": forehand,
                "pushes": pushes,
                "chooser": chooser,
                "row": row,
                "contract": contract,
                "points": points,
            }
        )
    return {"game": "coiffeur", "options": {"grid": "official8"}, "teams": 2, "deals": deals}


# --- in the browser -------------------------------------------------------------------------

#: The match page, where a saved entry leads.
SHOWN = re.compile(r"/matches/\d+$")

#: COIFFEUR.md worked example 1 as tapped: chooser, row, the Wunsch row's contract, result, own points.
#: Entry 7's Wunsch row is a Misère (own 91: the cell is 7 × (157 − 91) = 462, as the example's
#: Obenabe 66); entry 13 is a scratch of team 2's row 8 instead of its Schellen 35.
COIFFEUR = [
    (1, 6, None, "points", 121),
    (2, 2, None, "points", 88),
    (1, 8, "S", "points", 140),
    (4, 1, None, "points", 57),
    (1, 5, None, "match", None),
    (4, 4, None, "points", 101),
    (3, 1, None, "points", 92),
    (4, 7, "misere", "points", 91),
    (1, 3, None, "points", 73),
    (2, 3, None, "points", 110),
    (1, 7, "H", "points", 99),
    (4, 5, None, "points", 44),
    (1, 2, None, "points", 64),
    ("scratch", 8, None, None, None),
    (3, 4, None, "points", 118),
    (4, 6, None, "points", 90),
]


def coiffeur_entry(
    page: Any, chooser: int | str, row: int, contract: str | None, result: str | None, points: int | None
) -> None:
    open_deal_form(page)
    if chooser == "scratch":
        page.check("input[name=kind][value=scratch]")
        page.check(f"input[name=row][value='{row}']")
        page.locator("details.scratch summary").click()
        page.check("input[name=scratch_team][value='2']")
        page.fill("input[name=reason]", "cards shown")
    else:
        page.check(f"input[name=chooser][value='{chooser}']")
        page.check(f"input[name=row][value='{row}']")  # the row in one tap
        if contract == "misere":
            page.check("input[name=contract][value=misere]")
            page.check("input[name=mode][value=obenabe]")
        elif contract:
            page.check(f"input[name=contract][value={contract}]")
        page.check(f"input[name=result][value={result}]")
        if points is not None:
            page.check(f"input[name=team][value='{1 if int(chooser) % 2 else 2}']")
            page.fill("input[name=points]", str(points))
    page.click("button[type=submit]")
    page.wait_for_url(SHOWN)  # saved: back on the match page


def set_up_example_coiffeur(page: Any, base: str) -> None:
    """COIFFEUR.md's worked example 1's table on the set-up page, filled but not sent: Uri against
    Schwyz, a Wunsch row that may be played as anything (C5.5: a Misère among them)."""
    page.goto(f"{base}/matches/new/coiffeur")
    page.fill("input[name=team_name_1]", "Uri")
    page.fill("input[name=team_name_2]", "Schwyz")
    for seat, name in enumerate(("Anna", "Beat", "Cla", "Dora"), start=1):
        page.fill(f"input[name=name_{seat}]", name)
    page.locator("details.options summary").click()
    page.select_option("select[name=wunsch_contracts]", "any")
