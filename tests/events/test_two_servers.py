"""App servers hold no state of their own: an event run through two app servers on one
database (SQLite in WAL mode, or PostgreSQL under scripts/with-postgres.sh), every request
alternating between them, shows one ranking on both, with nothing lost or doubled."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tests.helpers import server as tablets
from tests.helpers.database import fresh_database

pytestmark = pytest.mark.slow  # starts two app servers

NAMES = [f"Spieler {n}" for n in range(1, 9)]
#: Team 1's trick points in each game (T3.4: each game totals 157).
VALUES = [98, 45]


@pytest.fixture
def database_url(tmp_path: Path) -> Iterator[str]:
    with fresh_database(tmp_path) as url:
        yield url


class Browser:
    """One browser's cookies, its requests alternating between the two servers."""

    def __init__(self, ports: tuple[int, int]) -> None:
        self.cookies: dict[str, str] = {}
        self.tablets = [tablets.Tablet(port, cookies=self.cookies) for port in ports]
        self.turn = 0

    def next(self) -> tablets.Tablet:
        self.turn += 1
        return self.tablets[self.turn % 2]

    def get(self, path: str) -> tablets.Answer:
        return self.next().get(path)

    def post(self, path: str, data: dict[str, str]) -> tablets.Answer:
        answer = self.next().post(path, data)
        assert answer.status in (302, 303), (path, answer.status, answer.body[-800:])
        return answer

    def close(self) -> None:
        for tablet in self.tablets:
            tablet.close()


def fields(page: str, action: str) -> dict[str, str]:
    return tablets.form_fields(page, action)


def ranking(browser: Browser, event_id: int, server: int) -> list[str]:
    page = browser.tablets[server].get(f"/events/{event_id}/ranking?part=table").body
    return [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip()
        for row in re.findall(r"<tr[^>]*>.*?</tr>", page, re.S)
    ]


def test_an_event_through_two_servers_keeps_one_ranking(database_url: str, tmp_path: Path) -> None:
    with (
        tablets.serving(database_url, tmp_path / "a.log", workers=2) as one,
        tablets.serving(database_url, tmp_path / "b.log", workers=2) as two,
    ):
        director = Browser((one.port, two.port))
        page = director.get("/events/new").body
        data = {
            "csrf_token": tablets.hidden(page, "csrf_token"),
            "idem": tablets.hidden(page, "idem"),
            "title": "Zwei Server",
            "format": "einzel",
            "passen": "2",
            "games_per_passe": str(len(VALUES)),
            "streich": "0",
            "match_value": "157",
            "confirm": "per_game",
        }
        event_id = int((director.post("/events/new", data).location or "").rstrip("/").split("/")[-1])
        action = f"/events/{event_id}/players"
        page = director.get(f"/events/{event_id}").body
        director.post(action, {**fields(page, action), "players": "\n".join(NAMES)})
        confirms = 0
        for round_ in (1, 2):
            action = f"/events/{event_id}/draw"
            page = director.get(f"/events/{event_id}").body
            director.post(action, {**fields(page, action), "confirmed": "y"})
            page = director.get(f"/events/{event_id}").body
            matches = sorted(set(int(m) for m in re.findall(r"/events/\d+/tables/(\d+)", page)))[-2:]
            for match_id in matches:
                for game, value in enumerate(VALUES):
                    target = f"/matches/{match_id}/deals/new"
                    form = tablets.form_fields(director.get(target).body)
                    deal = {"forehand": str(game % 4 + 1), "contract": "H", "team": "1", "points": str(value)}
                    director.post(target, {**form, **deal})
                table = f"/events/{event_id}/tables/{match_id}"
                page = director.get(table).body
                waiting = list(
                    dict.fromkeys(
                        re.findall(
                            r'name="slot" value="(\d+)"><input type="hidden" name="version" value="(\d+)"',
                            page,
                        )
                    )
                )
                assert len(waiting) == len(VALUES), (round_, match_id)
                for slot, version in waiting:
                    for team in ("1", "2"):
                        data = {
                            "csrf_token": tablets.hidden(page, "csrf_token"),
                            "idem": f"{match_id}-{slot}-{team}",
                            "slot": slot,
                            "version": version,
                            "team": team,
                        }
                        director.post(f"{table}/confirm", data)
                        # The same tap twice (a retry on the other server) is stored once.
                        director.post(f"{table}/confirm", data)
                        confirms += 1
        shown = [ranking(director, event_id, server) for server in (0, 1)]
        director.close()
        logs = one.log() + two.log()
    assert "Traceback" not in logs, logs[-3000:]
    assert shown[0] == shown[1]
    rows = [row for row in shown[0] if "Spieler" in row]
    assert len(rows) == 8
    # Two complete Passen each: 98 + 45 = 143 for team 1, 59 + 112 = 171 for team 2, per round.
    totals = sorted(int(row.split()[-1]) for row in rows)
    assert set(totals) <= {286, 314, 342} and sum(totals) == 8 * 2 * 157 * len(VALUES) // 2
    engine = create_engine(database_url)
    with engine.connect() as connection:
        stored = connection.execute(
            text("select count(*) from event_entry where event_id = :e and kind = 'confirm'"), {"e": event_id}
        ).scalar()
        deals = connection.execute(text("select count(*) from entry where kind = 'deal'")).scalar()
    engine.dispose()
    assert stored == confirms == 2 * 2 * len(VALUES) * 2  # rounds × tables × games × teams
    assert deals == 2 * 2 * len(VALUES)
