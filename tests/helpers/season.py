"""SEASON.md's worked examples as records, built from the rule file's tables (Z12's examples 1–3),
and a series' and a club's forms as their offices send them."""

from __future__ import annotations

import copy
import re
from typing import Any

from tests.helpers.tablet import csrf, hidden


def _present(player: str, rank: int, total: int, matches: int = 0) -> dict[str, Any]:
    result: dict[str, Any] = {"player": player, "rank": rank, "total": total}
    if matches:
        result["matches"] = matches
    return result


def _absent(player: str) -> dict[str, Any]:
    return {"player": player, "absent": True}


#: Worked example 1: seven players, G registered twice (G2 merged into G), four evenings.
SEASON_EXAMPLE_1: dict[str, Any] = {
    "game": "series",
    "name": "Jahresmeisterschaft 2026",
    "options": {"best_of": 3, "min_events": 2},
    "players": [{"id": p, "name": p} for p in "ABCDEF"] + [{"id": "G", "name": "Gian", "aliases": ["G2"]}],
    "events": [
        {
            "id": "E1",
            "date": "2026-01-09",
            "results": [
                _present("A", 1, 3980, 1),
                _present("B", 2, 3870),
                _present("C", 3, 3800),
                _present("D", 4, 3760),
                _present("E", 5, 3700),
                _present("F", 6, 3650),
                _absent("G"),
            ],
        },
        {
            "id": "E2",
            "date": "2026-02-06",
            "results": [
                _present("B", 1, 3910),
                _present("F", 2, 3900),
                _present("D", 3, 3850, 2),
                _present("C", 4, 3800),
                _present("A", 5, 3700),
                _present("E", 6, 3650),
            ],
        },
        {
            "id": "E3",
            "date": "2026-03-06",
            "results": [
                _present("E", 1, 3900, 1),
                _present("C", 2, 3850),
                _present("B", 3, 3800),
                _present("D", 4, 3700),
                _present("F", 4, 3700),
                _present("G2", 6, 3600),
                _absent("A"),
            ],
        },
        {
            "id": "E4",
            "date": "2026-04-03",
            "results": [
                _present("A", 1, 3900, 1),
                _present("D", 2, 3840, 1),
                _present("C", 3, 3790),
                _present("E", 4, 3750),
                _present("F", 4, 3750),
            ],
        },
    ],
}

#: Worked example 2: three Passen by their totals and a Differenzler Partie.
RATING_EXAMPLE_2: dict[str, Any] = {
    "game": "rating",
    "as_of": "2026-03-06",
    "options": {"min_games": 12},
    "players": [
        {"id": "A", "name": "Anna"},
        {"id": "B", "name": "Beat"},
        {"id": "C", "name": "Cla"},
        {"id": "D", "name": "Doris"},
        {"id": "E", "name": "Erich"},
        {"id": "F", "name": "Fränzi"},
    ],
    "results": [
        {
            "id": "r1",
            "date": "2026-03-06",
            "teams": [["A", "B"], ["C", "D"]],
            "points": [1010, 874],
            "games": 12,
        },
        {
            "id": "r2",
            "date": "2026-03-06",
            "teams": [["A", "C"], ["E", "F"]],
            "points": [957, 927],
            "games": 12,
        },
        {
            "id": "r3",
            "date": "2026-03-06",
            "teams": [["B", "E"], ["D", "F"]],
            "points": [905, 979],
            "games": 12,
        },
        {
            "id": "r4",
            "date": "2026-03-06",
            "players": ["A", "C", "E", "F"],
            "scores": [13, 12, -9, 4],
            "games": 4,
        },
    ],
}

#: Example 2's table: player -> (rank, games, μ, sd, rating, rating_sd, conservative).
RATING_TABLE_2 = {
    "A": (1, 28, 0.00674228, 0.03538932, 1510.5854, 55.5612, 1399.4629),
    "F": (2, 28, 0.00337205, 0.03538932, 1505.2941, 55.5612, 1394.1717),
    "B": (3, 24, 0.00219451, 0.03659826, 1503.4454, 57.4593, 1388.5268),
    "E": (4, 28, -0.00167767, 0.03538932, 1497.3661, 55.5612, 1386.2436),
    "D": (5, 24, -0.00219451, 0.03659826, 1496.5546, 57.4593, 1381.6361),
    "C": (6, 28, -0.00843666, 0.03538932, 1486.7544, 55.5612, 1375.6320),
}

#: Example 3: r1's sheet was copied wrongly.
CORRECTION_3 = {
    "id": "r5",
    "date": "2026-03-06",
    "replaces": "r1",
    "teams": [["A", "B"], ["C", "D"]],
    "points": [1040, 844],
    "games": 12,
}
RATING_TABLE_3 = {
    "A": (1, 28, 0.00980196, 0.03538932, 1515.3891, 55.5612, 1404.2666),
    "F": (2, 28, 0.00396727, 0.03538932, 1506.2286, 55.5612, 1395.1062),
    "B": (3, 24, 0.00478774, 0.03659826, 1507.5167, 57.4593, 1392.5982),
    "E": (4, 28, -0.00227289, 0.03538932, 1496.4316, 55.5612, 1385.3091),
    "D": (5, 24, -0.00478774, 0.03659826, 1492.4833, 57.4593, 1377.5647),
    "C": (6, 28, -0.01149634, 0.03538932, 1481.9507, 55.5612, 1370.8283),
}


def series_example(**options: Any) -> dict[str, Any]:
    """Example 1 with options changed (an option given None is removed)."""
    record = copy.deepcopy(SEASON_EXAMPLE_1)
    for key, value in options.items():
        if value is None:
            record["options"].pop(key, None)
        else:
            record["options"][key] = value
    return record


def rating_example(*appended: dict[str, Any]) -> dict[str, Any]:
    record = copy.deepcopy(RATING_EXAMPLE_2)
    record["results"].extend(copy.deepcopy(list(appended)))
    return record


def table_of(answer: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """An answer's rows as the rule file's tables list them (rounded as they are printed)."""
    return {
        row["id"]: (
            row["rank"],
            row["games"],
            round(row["mu"], 8),
            round(row["sd"], 8),
            round(row["rating"], 4),
            round(row["rating_sd"], 4),
            round(row["conservative"], 4),
        )
        for row in answer["ratings"]
    }


def standing(answer: dict[str, Any]) -> list[tuple[Any, ...]]:
    """``(rank, id, total, shared, decided_by)`` down the standings."""
    return [(s["rank"], s["id"], s["total"], s["shared"], s.get("decided_by")) for s in answer["standings"]]


def dropped(answer: dict[str, Any], player: str) -> list[str]:
    rows = answer["standings"] + answer["unranked"]
    row = next(r for r in rows if r["id"] == player)
    return [e["event"] for e in row["events"] if e["status"] == "dropped"]


def new_series(client: Any, **fields: Any) -> int:
    """A series made through its form by ``client`` (its office); its id."""
    page = client.get("/series/new").get_data(as_text=True)
    data = {
        "csrf_token": csrf(client, "/series/new"),
        "idem": hidden(page, "idem"),
        "title": "Jahresmeisterschaft",
    }
    data.update({k: str(v) for k, v in fields.items()})
    response = client.post("/series/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def office_post(client: Any, series_id: int, path: str, fields: dict[str, Any]) -> Any:
    """A change the series' office makes, posted at the version its options' page shows (the
    office's page that always holds a form)."""
    page = client.get(f"/series/{series_id}/options").get_data(as_text=True)
    version = re.search(r'name="version"[^>]*value="(\d+)"', page)
    assert version is not None, "no office form: this browser is not the series' office"
    data = {"csrf_token": csrf(client, f"/series/{series_id}/options"), "version": version[1]}
    data.update({k: str(v) for k, v in fields.items()})
    return client.post(f"/series/{series_id}/{path}", data=data)


def paper(client: Any, series_id: int, text: str, **fields: Any) -> Any:
    """An evening's ranking from outside the app added to the series (by default "Final 2025")."""
    data = {"title": "Final 2025", "date": "2025-12-12", "direction": "high", "weight": "1", "text": text}
    data.update({k: str(v) for k, v in fields.items()})
    return office_post(client, series_id, "papers", data)


def new_club(client: Any, name: str = "Jassclub Alpenblick", rating: bool = True) -> int:
    """A club made through its form by ``client`` (its office), rating or not; its id."""
    page = client.get("/clubs/new").get_data(as_text=True)
    data = {"csrf_token": csrf(client, "/clubs/new"), "idem": hidden(page, "idem"), "name": name}
    if rating:
        data["rating"] = "y"
    response = client.post("/clubs/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def club_post(client: Any, club_id: int, path: str, fields: dict[str, Any]) -> Any:
    """A change the club's page offers its office, posted at the version the page shows."""
    page = client.get(f"/clubs/{club_id}").get_data(as_text=True)
    version = re.search(r'name="version"[^>]*value="(\d+)"', page)
    assert version is not None, "no office form on the club's page"
    data = {"csrf_token": csrf(client, f"/clubs/{club_id}"), "version": version[1]}
    data.update({k: str(v) for k, v in fields.items()})
    return client.post(f"/clubs/{club_id}/{path}", data=data)
