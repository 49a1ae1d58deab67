"""The worst case per route: the most expensive request a hostile guest can build for each route,
grown until the app refuses it, timed next to an ordinary deal save in the same run.

    .venv/bin/python bench/abuse.py [--rounds 5] [--no-write]

For every route an input is grown (doubling) from a real record's size until the app answers
4xx (its limits: ``rules_engine.limits``, form lengths, the body limit) or the body passes the
server's limit. Each size is sent ``rounds`` times; its median server time counts. The worst
size of each route is reported as a multiple of an ordinary save (POST of one deal by its
tablet, in a 12-deal match), measured just before and just after that route (medians) in the
same run: a shared machine's speed drifts over a run. Goal: no request costs more than 10
ordinary saves, and none answers 5xx. Server time through the WSGI test client (no network),
SQLite file with the app's own settings (rate limits raised: they bound how often, this bench
measures how much), in a process readied as a server's worker is (``scorer.ready_worker``: the
PDFs' fonts read, the collector set). Writes its own section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.results import write_section  # noqa: E402
from rules_engine import limits  # noqa: E402
from scorer import create_app, ready_worker, scoring  # noqa: E402
from scorer.store.migrate import upgrade  # noqa: E402

BEGIN, END = "<!-- bench/abuse.py: begin -->", "<!-- bench/abuse.py: end -->"
RANKS = "6789TJQKA"
GOAL = 10.0
#: A form's body as a browser sends it: the large ones are encoded before their timing starts
#: (the encoding is the browser's work, not the server's).
FORM = "application/x-www-form-urlencoded"
#: Sizes grow by doubling up to here at most (past every limit of the app).
MOST = 1 << 20


def full_deal(forehand: int = 1) -> dict[str, Any]:
    """A real Schieber deal entered card by card: each seat holds one suit, so every trick is
    legal (Obenabe, nobody can follow), with the longest Weis there is (S6.1)."""
    hands = {"1": [f"H{r}" for r in RANKS], "2": [f"C{r}" for r in RANKS]}
    hands |= {"3": [f"D{r}" for r in RANKS], "4": [f"S{r}" for r in RANKS]}
    tricks = [[f"H{r}", f"C{r}", f"D{r}", f"S{r}"] for r in reversed(RANKS)]
    return {"forehand": forehand, "contract": "obenabe", "hands": hands, "tricks": tricks,
            "weis": {"1": [hands["1"]]}}  # fmt: skip


def points_deal(n: int) -> dict[str, Any]:
    return {
        "forehand": n % 4 + 1,
        "contract": "HDSC"[n % 4],
        "points": {"team": n % 2 + 1, "value": 40 + n % 50},
    }


def deal_fields(n: int) -> dict[str, str]:
    return {
        "forehand": str(n % 4 + 1),
        "contract": "HDSC"[n % 4],
        "team": str(n % 2 + 1),
        "points": str(40 + n % 50),
    }


def hidden(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page)
    assert found, name
    return found.group(1)


@dataclass
class Route:
    """One route's worst case: the size and time of its most expensive request."""

    name: str
    sizes: list[tuple[int, int, float]] = field(default_factory=list)  # (size, status, ms)
    #: The ordinary save's time beside this route (the mean of those measured just before and
    #: just after it): the machine's speed drifts over a run, and a ratio compares neighbours.
    save: float = 0.0

    @property
    def ratio(self) -> float:
        return self.worst[2] / self.save

    @property
    def worst(self) -> tuple[int, int, float]:
        return max(self.sizes, key=lambda s: s[2])

    @property
    def refused_at(self) -> int | None:
        return next((size for size, status, _ms in self.sizes if 400 <= status < 500), None)

    @property
    def failures(self) -> int:
        return sum(1 for _size, status, _ms in self.sizes if status >= 500)


class Bench:
    def __init__(self, rounds: int) -> None:
        self.rounds = rounds
        tmp = Path(tempfile.mkdtemp())
        url = f"sqlite:///{tmp}/abuse.sqlite"
        upgrade(url)
        self.app = create_app(
            {
                "SECRET_KEY": "bench",
                "DATABASE_URL": url,
                "WTF_CSRF_ENABLED": False,
                "WRITE_LIMIT": 10**6,
                "IMPORT_LIMIT": 10**6,
            }
        )
        ready_worker()  # as a server's worker is readied once its app is built (scorer.served_app)
        self.client = self.app.test_client()
        self.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        # The ordinary saves' tablet: a device of its own, whose right to its match no import of
        # the hostile guest's (each a right in that guest's session) pushes out.
        self.tablet = self.app.test_client()
        self.tablet.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        response = self.tablet.post(
            "/matches/new/schieber",
            data={"profile": "seed", "deck": "swiss", "rosen7": "1", "target": "100000"},
        )
        self.match = response.headers["Location"]
        for n in range(12):
            self.save(n)

    def save(self, n: int) -> tuple[int, float]:
        """POST one deal as the tablet does (the form's tokens fetched outside the timing)."""
        page = self.tablet.get(f"{self.match}/deals/new").get_data(as_text=True)
        data = {"version": hidden(page, "version"), "idem": hidden(page, "idem"), **deal_fields(n)}
        start = time.perf_counter()
        answer = self.tablet.post(f"{self.match}/deals/new", data=data)
        return answer.status_code, (time.perf_counter() - start) * 1000

    def ordinary_save(self, samples: int | None = None) -> float:
        """Median POST of the 13th deal; each is undone (outside the timing) so every round is alike."""
        times = []
        for n in range(samples or max(self.rounds * 4, 20)):
            status, ms = self.save(12 + n)
            assert status == 303, status
            times.append(ms)
            shown = self.tablet.get(self.match).get_data(as_text=True)
            undo = shown[shown.index("/undo") :]
            data = {"version": hidden(undo, "version"), "idem": hidden(undo, "idem")}
            assert self.tablet.post(f"{self.match}/undo", data=data).status_code == 303
        return statistics.median(times)

    def timed(self, request: Callable[[], Any], kept: bool = False) -> tuple[int, float]:
        """Status and median time of ``request``; cold (no answer or sheet kept from the
        round before) unless ``kept``."""
        statuses, times = [], []
        for _ in range(self.rounds):
            if not kept:  # a hostile request is never a cache hit
                scoring._CACHE.clear()
                self.app.extensions["tafel_sheet_cache"].clear()
            start = time.perf_counter()
            response = request()
            times.append((time.perf_counter() - start) * 1000)
            statuses.append(response.status_code)
        return max(statuses), statistics.median(times)

    def grow(self, name: str, make: Callable[[int], Callable[[], Any]], start: int = 1) -> Route:
        """Send ``make(size)`` for doubling sizes until the app refuses it."""
        route = Route(name)
        size = start
        while size <= MOST:
            status, ms = self.timed(make(size))
            route.sizes.append((size, status, ms))
            if status >= 400:
                break
            size *= 2
        return route

    # --- the requests ------------------------------------------------------------------------

    def api(self, path: str, body: Any) -> Callable[[], Any]:
        data = json.dumps(body)
        return lambda: self.client.post(path, data=data, content_type="application/json")

    def routes(self) -> Iterator[Route]:
        run9 = [f"H{r}" for r in RANKS]
        deal = full_deal()
        yield self.grow(
            "POST /api/v1/deal — n Weis for one seat",
            lambda n: self.api(
                "/api/v1/deal", {"game": "schieber", **points_deal(0), "weis": {"1": [run9] * n}}
            ),
        )
        yield self.grow(
            "POST /api/v1/deal — a hand of n cards",
            lambda n: self.api(
                "/api/v1/deal", {"game": "schieber", **points_deal(0), "hands": {"1": (run9 * n)[:n]}}
            ),
        )
        yield self.grow(
            "POST /api/v1/deal — n tricks",
            lambda n: self.api(
                "/api/v1/deal", {"game": "schieber", **{**deal, "tricks": (deal["tricks"] * n)[:n]}}
            ),
        )
        yield self.grow(
            "POST /api/v1/match — n deals card by card",
            lambda n: self.api("/api/v1/match", {"game": "schieber", "target": 10**9, "deals": [deal] * n}),
        )
        yield self.grow(
            "POST /api/v1/legal — Klammern hand of n cards",
            lambda n: self.api(
                "/api/v1/legal",
                {"game": "klammern", "trump": "S", "hand": (["HA", "HK", "SJ", "C7"] * n)[:n]},
            ),
        )
        yield self.grow(
            "POST /api/v1/legal — Schieber hand of n cards",
            lambda n: self.api(
                "/api/v1/legal",
                {"game": "schieber", "contract": "H", "hand": (run9 * n)[:n], "trick": ["CK"]},
            ),
        )
        yield from self.season_routes()
        yield self.grow(
            "POST /api/v1/match — nested n deep",
            lambda n: self.api("/api/v1/match", json.loads("[" * n + "]" * n)),
            start=8,
        )

        def typed_weis(n: int) -> Callable[[], Any]:
            cards = "; ".join(["H6 H7 H8"] * n)

            def send() -> Any:
                form = self.tablet.get(f"{self.match}/deals/new")
                page = form.get_data(as_text=True)
                if 'name="version"' not in page:  # no form to send: that answer is the refusal
                    print("no deal form:", form.status_code, re.findall(r"<h1>(.*?)</h1>", page), flush=True)
                    return form
                data = {"version": hidden(page, "version"), "idem": hidden(page, "idem"), **deal_fields(0)}
                return self.tablet.post(f"{self.match}/deals/new", data={**data, "weis_1_cards": cards})

            return send

        yield self.grow("POST /matches/<id>/deals/new — n typed Weis", typed_weis)

        # Imports grant the importer (the hostile client) a right each; the tablet's own match is
        # the tablet client's, which no import touches.
        def import_match(n: int) -> Callable[[], Any]:
            body = urlencode({"text": json.dumps({"game": "schieber", "target": 10**9, "deals": [deal] * n}),
                              "deck": "swiss"})  # fmt: skip
            return lambda: self.client.post("/matches/import", data=body, content_type=FORM)

        yield self.grow("POST /matches/import — n deals card by card", import_match)

        def desk(
            screen: str, **fixed: str
        ) -> Callable[[Callable[[int], dict[str, str]]], Callable[[int], Callable[[], Any]]]:
            def with_args(args: Callable[[int], dict[str, str]]) -> Callable[[int], Callable[[], Any]]:
                def make(n: int) -> Callable[[], Any]:
                    query = urlencode({"ask": "1", **fixed, **args(n)})
                    return lambda: self.client.get(f"/disputes/{screen}?{query}")

                return make

            return with_args

        yield self.grow("GET /disputes/weis — n claims for one seat",
                        desk("weis", game="schieber", contract="H", forehand="1")(
                            lambda n: {"seat_1": "; ".join([" ".join(run9)] * n)}))  # fmt: skip
        yield self.grow("GET /disputes/card — a hand of n cards",
                        desk("card", game="klammern", contract="S")(
                            lambda n: {"hand": " ".join((["HA", "HK", "SJ", "C7"] * n)[:n]), "card": "HA"}))  # fmt: skip
        yield self.grow("GET /disputes/replay — a record of n tricks",
                        desk("replay", game="schieber")(
                            lambda n: {"record": json.dumps({"game": "schieber", **deal,
                                                             "tricks": (deal["tricks"] * n)[:n]})}))  # fmt: skip

        def desk_import(n: int) -> Callable[[], Any]:
            body = urlencode({"text": json.dumps({"game": "schieber", **deal, "weis": {"1": [run9] * n}})})
            return lambda: self.client.post(
                "/disputes/replay", data=body, content_type=FORM, follow_redirects=True
            )

        yield self.grow("POST /disputes/replay (import) — n Weis, then its link", desk_import)

        # A match as large as an import allows, then everything that reads it: deals entered
        # by their points, as the tables do (card by card, MAX_DEALS of them pass the body limit).
        largest = json.dumps(
            {"game": "schieber", "target": 10**9, "deals": [points_deal(n) for n in range(limits.MAX_DEALS)]}
        )
        status, _ms = self.timed(
            lambda: self.client.post("/matches/import", data={"text": largest, "deck": "swiss"})
        )
        large = self.client.get("/matches/").get_data(as_text=True)
        found = re.search(r'href="/matches/(\d+)"', large)
        assert found and status == 302, status
        big = f"/matches/{found.group(1)}"
        for _ in range(30):  # a page of the list, each the largest match
            self.client.post("/matches/import", data={"text": largest, "deck": "swiss"})
        for label, path in (
            ("GET /matches/ — a page of the largest matches, summaries stale", "/matches/"),
            (f"GET /matches/<id> — {limits.MAX_DEALS} deals", big),
            (f"GET /matches/<id>?view=board — {limits.MAX_DEALS} deals", f"{big}?view=board"),
            (f"GET /matches/<id>/export.json — {limits.MAX_DEALS} deals", f"{big}/export.json"),
            (f"GET /matches/<id>/scoresheet.pdf — {limits.MAX_DEALS} deals, first print of a version (its first part)", f"{big}/scoresheet.pdf"),
            (f"GET /matches/<id>/scoresheet.pdf — {limits.MAX_DEALS} deals, printed again", f"{big}/scoresheet.pdf?again"),
        ):  # fmt: skip
            route = Route(label)
            if path == "/matches/":
                from scorer.store import db
                from scorer.store.models import MatchSummary

                def stale() -> Any:
                    with self.app.app_context():
                        db.session().query(MatchSummary).delete()
                        db.session().commit()
                    return self.client.get("/matches/")

                route.sizes.append((limits.MAX_DEALS, *self.timed(stale)))
            elif path.endswith("?again"):
                # A sheet already printed of this version (each worker renders a version once).
                again = path.removesuffix("?again")
                self.client.get(again)
                route.sizes.append(
                    (limits.MAX_DEALS, *self.timed(lambda p=again: self.client.get(p), kept=True))
                )
            else:
                route.sizes.append((limits.MAX_DEALS, *self.timed(lambda p=path: self.client.get(p))))
            yield route

        def save_big(_n: int) -> Callable[[], Any]:
            def send() -> Any:
                page = self.client.get(f"{big}/deals/new").get_data(as_text=True)
                data = {"version": hidden(page, "version"), "idem": hidden(page, "idem"), **deal_fields(1)}
                return self.client.post(f"{big}/deals/new", data=data)

            return send

        # The importer holds the right to its match: one more deal is refused (the match's limit).
        route = Route(f"POST /matches/<id>/deals/new — the {limits.MAX_DEALS + 1}th deal")
        route.sizes.append((limits.MAX_DEALS + 1, *self.timed(save_big(0))))
        yield route
        yield from self.event_routes()

    # --- events: the tournament API, imports, and what reads the largest event -----------------

    def season_routes(self) -> Iterator[Route]:
        """A season's records (SEASON.md) grown to their bounds (``limits.SEASON``): a rating log
        whose solve is cubic in the players rated at once and whose results add the square of
        their players; a series whose answer gives every player of the register one entry per
        event."""
        bound = limits.SEASON
        most = bound.rated_players

        def rating(n: int, side: int = 2, individual: int = 0) -> dict[str, Any]:
            ids = [f"p{k}" for k in range(most)]
            results: list[dict[str, Any]] = []
            for k in range(n):
                seated = [ids[(k + m * (k // most + 1)) % most] for m in range(individual or 2 * side)]
                if len(set(seated)) < len(seated):
                    seated = [ids[(k + m) % most] for m in range(len(seated))]
                result: dict[str, Any] = {"id": f"r{k}", "date": "2026-01-01"}
                if individual:
                    result.update(players=seated, scores=list(range(individual)))
                else:
                    result.update(teams=[seated[:side], seated[side:]], points=[100, 57])
                results.append(result)
            return {"game": "rating", "players": [{"id": i, "name": i} for i in ids], "results": results}

        yield self.grow(
            f"POST /api/v1/rating — n games of two against two among {most} players",
            lambda n: self.api("/api/v1/rating", rating(n)),
            start=256,
        )
        passen = rating(10_000 // 12 + 1)
        for result in passen["results"]:
            result.update(games=12, points=[1010, 874])  # Z10.3: a Passe by its totals
        route = Route(f"POST /api/v1/rating — a club's 10,000 games of {most} players, by their Passen")
        route.sizes.append((len(passen["results"]), *self.timed(self.api("/api/v1/rating", passen))))
        yield route
        for name, record in (
            (f"{bound.team} against {bound.team}", rating(bound.results, side=bound.team)),
            (f"individual results of {bound.individual}", rating(bound.results, individual=bound.individual)),
        ):
            route = Route(f"POST /api/v1/rating — the longest log, {name}, among {most} players")
            route.sizes.append((bound.results, *self.timed(self.api("/api/v1/rating", record))))
            yield route

        def series(players: int, events: int, present: int | None = None) -> dict[str, Any]:
            ids = [f"p{k}" for k in range(players)]
            seated = ids[: players if present is None else present]
            return {
                "game": "series",
                "options": {"best_of": max(1, events // 2)},
                "players": [{"id": i, "name": i} for i in ids],
                "events": [
                    {
                        "id": f"e{k}",
                        "date": "2026-01-01",
                        "results": [
                            {"player": p, "rank": r + 1, "total": 4000 - r} for r, p in enumerate(seated)
                        ],
                    }
                    for k in range(events)
                ],
            }

        yield self.grow(
            "POST /api/v1/series — n events of 100 players",
            lambda n: self.api("/api/v1/series", series(100, n)),
            start=4,
        )
        for name, record in (
            (f"{bound.cells // 100} events of 100 players", series(100, bound.cells // 100)),
            (
                f"{bound.players} players' register over {bound.cells // bound.players} events of one",
                series(bound.players, bound.cells // bound.players, present=1),
            ),
        ):
            route = Route(f"POST /api/v1/series — the widest standing: {name}")
            route.sizes.append((bound.cells, *self.timed(self.api("/api/v1/series", record))))
            yield route

    def tournament(self, passen: int, players: int) -> Callable[[], Any]:
        return self.api(
            "/api/v1/tournament",
            {
                "game": "schieber_tournament",
                "passen": passen,
                "players": [{"id": f"P{n}", "name": f"Spielerin {n}"} for n in range(players)],
                "rounds": [],
                "results": [],
            },
        )

    def event_export(
        self, players: int, passen: int = limits.TOURNAMENT.passen, names: Sequence[str] | None = None
    ) -> str:
        """An event's export with ``players`` players registered: names, clubs, numbers at full
        length, or ``names`` alone."""
        person = {"name": "n" * limits.TOURNAMENT.name, "club": "c" * limits.TOURNAMENT.club}
        entries = [
            {
                "seq": n + 1,
                "kind": "player",
                "record": {"name": names[n]} if names is not None else {**person, "number": str(n)},
            }
            for n in range(players)
        ]
        settings = {
            "game": "schieber",
            "passen": passen,
            "options": {"games_per_passe": 12, "confirm": "none"},
        }
        return json.dumps(
            {
                "format": "tafel-event",
                "version": 1,
                "title": "Abend",
                "settings": settings,
                "entries": entries,
            }
        )

    def import_event(self, text: str, encoded: str | None = None) -> Any:
        """POST an event's export (``encoded``: its form field as the browser sends it, encoded
        already), each with an idempotency key of its own."""
        self.imports += 1
        body = f"{encoded or urlencode({'text': text})}&{urlencode({'idem': f'abuse-{self.imports}'})}"
        return self.client.post("/events/import", data=body, content_type=FORM)

    def importing(self, text: str) -> Callable[[], Any]:
        encoded = urlencode({"text": text})  # the browser's work, outside the timing
        return lambda: self.import_event(text, encoded)

    def event_routes(self) -> Iterator[Route]:
        self.imports = 0
        most = limits.TOURNAMENT
        yield self.grow(
            f"POST /api/v1/tournament — n players, {most.passen} Passen",
            lambda n: self.tournament(most.passen, n),
            start=8,
        )
        yield self.grow("POST /api/v1/tournament — n Passen, 100 players", lambda n: self.tournament(n, 100))
        yield self.grow(
            f"POST /api/v1/seating — n players, {most.passen} Passen",
            lambda n: self.api(
                "/api/v1/seating",
                {
                    "game": "schieber_tournament",
                    "passen": most.passen,
                    "players": [{"id": f"P{i}"} for i in range(n)],
                },
            ),
            start=8,
        )
        yield self.grow(
            "POST /events/import — n players",
            lambda n: self.importing(self.event_export(n)),
            start=8,
        )
        yield self.grow(
            "POST /events/import — nested n deep",
            lambda n: self.importing("[" * n + "]" * n),
            start=8,
        )
        yield self.encoded_bodies()
        # The largest event an import can hold, then everything that reads it.
        largest = self.event_export(most.players)
        route = Route(f"POST /events/import — {most.players} players, the most an event holds")
        route.sizes.append((most.players, *self.timed(self.importing(largest))))
        yield route
        event = self.imported(largest)
        route = Route(f"GET /events/<id>/print/ranking.pdf — {most.players} players, first print")
        start = time.perf_counter()
        status = self.client.get(f"{event}/print/ranking.pdf").status_code
        route.sizes.append((most.players, status, (time.perf_counter() - start) * 1000))
        yield route
        for label, path in (
            ("GET /events/<id>", ""),
            ("GET /events/<id>/ranking", "/ranking"),
            ("GET /events/<id>/results", "/results"),
            ("GET /events/<id>/print/ranking.pdf", "/print/ranking.pdf"),
            ("GET /events/<id>/export/ranking.csv", "/export/ranking.csv"),
            ("GET /events/<id>/export/ranking.xlsx", "/export/ranking.xlsx"),
            ("GET /events/<id>/export/standblatt.xlsx (a part)", "/export/standblatt.xlsx"),
            ("GET /events/<id>/export.json", "/export.json"),
        ):
            route = Route(f"{label} — {most.players} players, {most.passen} Passen")
            route.sizes.append((most.players, *self.timed(lambda p=path: self.client.get(f"{event}{p}"))))
            yield route
        yield self.draws(largest, most.players)
        yield from self.drawn_routes(most.players)
        yield from self.played_routes(most.players)
        yield self.series_register(most.players)
        yield from self.season_pages()
        for _ in range(40):  # more events than a page of the list, each the largest
            self.import_event(largest)
        route = Route(f"GET /events/ — {self.imports} events of {most.players} players")
        route.sizes.append((self.imports, *self.timed(lambda: self.client.get("/events/"))))
        yield route

    def imported(self, export: str) -> str:
        """A new event of ``export``: its address."""
        answer = self.import_event(export)
        assert answer.status_code == 303, answer.status_code
        return str(answer.headers["Location"])

    def draw_form(self, event: str) -> dict[str, str]:
        """The director's draw of the next round as the event's page offers it, confirmed."""
        page = self.client.get(event).get_data(as_text=True)
        form = page[page.index(f'action="{event}/draw"') :]
        return {"version": hidden(form, "version"), "idem": hidden(form, "idem"), "confirmed": "y"}

    def drawn_event(self, export: str) -> str:
        """A new event of ``export`` whose first round is drawn, nothing read of it since the draw."""
        event = self.imported(export)
        assert self.client.post(f"{event}/draw", data=self.draw_form(event)).status_code == 303
        return event

    def drawn_routes(self, players: int) -> Iterator[Route]:
        """What reads an event of ``players``, every name of its own at full length, first after
        a change (its first draw: the state derived again, the engine's ranking of the field not
        kept yet), each a new event: the pages, each printout's first part, the exports, as
        its director and as an anonymous reader."""
        names = [
            f"Spielerin {n:04d} ".ljust(limits.TOURNAMENT.name, "abcdefghij"[n % 10]) for n in range(players)
        ]
        from scorer.events import snapshot

        export = self.event_export(players, names=names)
        reader = self.app.test_client()
        reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        for who, client in (("the director", self.client), ("an anonymous reader", reader)):
            paths = [
                ("GET /events/<id>", ""),
                ("GET /events/<id>/ranking", "/ranking"),
                ("GET /events/<id>/results", "/results"),
                ("GET /events/<id>/prizes", "/prizes"),
                ("GET /events/<id>/seating", "/seating"),
                ("GET /events/<id>/players/<player>", "/players/P1"),
                ("GET /events/<id>/print/standblatt.pdf (a part)", "/print/standblatt.pdf"),
                ("GET /events/<id>/print/ranking.pdf (a part)", "/print/ranking.pdf"),
                ("GET /events/<id>/print/prizes.pdf (a part)", "/print/prizes.pdf"),
                ("GET /events/<id>/print/pads.pdf (a part)", "/print/pads.pdf"),
                ("GET /events/<id>/print/seating.pdf (a part)", "/print/seating.pdf"),
                ("GET /events/<id>/export/ranking.csv", "/export/ranking.csv"),
                ("GET /events/<id>/export/ranking.xlsx", "/export/ranking.xlsx"),
                ("GET /events/<id>/export/standblatt.xlsx (a part)", "/export/standblatt.xlsx"),
            ]
            if client is self.client:  # the director's alone
                paths += [
                    ("GET /events/<id>/print/tables.pdf (a part)", "/print/tables.pdf"),
                    ("GET /events/<id>/export.json", "/export.json"),
                ]
            for label, path in paths:
                route = Route(f"{label} — {players} players, first after their draw, as {who}")
                # A printout or export asked before its ranking is worked out answers "not yet"
                # (202, ``snapshot.answered_late``): the reader's browser asks again a second
                # later, and that request, which writes the file, is timed too.
                again = Route(
                    f"{label} — {players} players, asked again once its ranking is worked out, as {who}"
                )
                statuses, times, later, later_times = [], [], [], []
                for _ in range(self.rounds):
                    event = self.drawn_event(export)
                    scoring._CACHE.clear()
                    start = time.perf_counter()
                    response = client.get(f"{event}{path}")
                    times.append((time.perf_counter() - start) * 1000)
                    statuses.append(response.status_code)
                    response.close()  # as a server does once the answer is sent
                    if response.status_code == 202:
                        snapshot.settle()
                        start = time.perf_counter()
                        later.append(client.get(f"{event}{path}").status_code)
                        later_times.append((time.perf_counter() - start) * 1000)
                route.sizes.append((players, max(statuses), statistics.median(times)))
                yield route
                if later:
                    again.sizes.append((players, max(later), statistics.median(later_times)))
                    yield again

    def played_event(self, players: int) -> tuple[str, list[str]]:
        """An event of ``players`` played through every round (one game a Passe, each table's
        game entered as its tablet does): the event, and its tables' match paths."""
        names = [
            f"Spielerin {n:04d} ".ljust(limits.TOURNAMENT.name, "klmnopqrst"[n % 10]) for n in range(players)
        ]
        export = json.loads(self.event_export(players, names=names))
        export["settings"]["options"]["games_per_passe"] = 1
        event = self.imported(json.dumps(export))
        tables: list[str] = []
        for number in range(limits.TOURNAMENT.passen):
            assert self.client.post(f"{event}/draw", data=self.draw_form(event)).status_code == 303
            exported = self.client.get(f"{event}/export.json").get_json()
            for entry in exported["entries"]:
                if entry["kind"] == "round" and entry["record"]["round"] == number + 1:
                    for table in entry["record"]["tables"]:
                        match = f"/matches/{table['match_id']}"
                        tables.append(match)
                        self.enter(match, "deals/new", 40 + (len(tables) * 37) % 90)
        return event, tables

    def enter(self, match: str, path: str, points: int) -> None:
        """Team 1's trick points of a table's one game (Rosen trumps), new or corrected."""
        page = self.client.get(f"{match}/{path}").get_data(as_text=True)
        data = {
            "version": hidden(page, "version"),
            "idem": hidden(page, "idem"),
            "forehand": "1",
            "contract": "H",
            "team": "1",
            "points": str(points),
        }
        assert self.client.post(f"{match}/{path}", data=data).status_code == 303

    def played_routes(self, players: int) -> Iterator[Route]:
        """What reads an event of ``players`` played through every round, first after a game is
        corrected at one of its tables, as its director and as an anonymous reader. A reader is
        shown the ranking last worked out (``snapshot.answered_late``); the new one is worked
        out once his answer is sent, here outside the timing (``snapshot.settle``)."""
        from scorer.events import snapshot

        event, tables = self.played_event(players)
        reader = self.app.test_client()
        reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        rounds = limits.TOURNAMENT.passen
        for who, client in (("the director", self.client), ("an anonymous reader", reader)):
            for label, path in (
                ("GET /events/<id>", ""),
                ("GET /events/<id>/ranking", "/ranking"),
                ("GET /events/<id>/results", "/results"),
                ("GET /events/<id>/players/<player>", "/players/P1"),
                ("GET /events/<id>/print/ranking.pdf (a part)", "/print/ranking.pdf"),
                ("GET /events/<id>/export/ranking.csv", "/export/ranking.csv"),
            ):
                route = Route(
                    f"{label} — {players} players, {rounds} rounds played, first after a corrected game, as {who}"
                )
                statuses, times = [], []
                for attempt in range(self.rounds):
                    self.enter(tables[attempt * 97 % len(tables)], "deals/1/correct", 30 + attempt)
                    scoring._CACHE.clear()
                    start = time.perf_counter()
                    response = client.get(f"{event}{path}")
                    times.append((time.perf_counter() - start) * 1000)
                    statuses.append(response.status_code)
                    response.close()  # as a server does once the answer is sent
                    snapshot.settle()
                route.sizes.append((players, max(statuses), statistics.median(times)))
                yield route

    def series_register(self, players: int) -> Route:
        """The director's page of an evening of ``players`` of a series of as many evenings as
        its register reads, and one more, every name alike another: the page names the ones its
        series may know (SEASON.md Z2), the register read cold each time."""
        from scorer.season import views as season_views

        page = self.client.get("/series/new").get_data(as_text=True)
        made = self.client.post("/series/new", data={"idem": hidden(page, "idem"), "title": "Saison"})
        series = made.headers["Location"]
        events = []
        for number in range(season_views.NAMES_FROM + 2):
            names = [f"Spielerin Nummer {n + number * 7:04d}" for n in range(players)]
            events.append(self.imported(self.event_export(players, 12, names)))
            shown = self.client.get(series).get_data(as_text=True)
            version = re.search(r'name="version"[^>]*value="(\d+)"', shown)
            assert version is not None
            event_id = events[-1].rstrip("/").split("/")[-1]
            joined = self.client.post(
                f"{series}/events", data={"event": event_id, "weight": 1, "version": version[1]}
            )
            assert joined.status_code == 303, joined.status_code

        def cold() -> Any:
            season_views._PLAYERS.clear()
            season_views._MEMBERS.clear()
            return self.client.get(events[-1])

        route = Route(
            f"GET /events/<id> — the director's page of {players} players, their series of "
            f"{len(events)} such evenings read for names alike"
        )
        route.sizes.append((players, *self.timed(cold)))
        return route

    def office_form(self, page_path: str, action: str, **fields: str) -> int:
        """POST one of a series' or a club's office forms at the version its page shows."""
        shown = self.client.get(page_path).get_data(as_text=True)
        version = re.search(r'name="version"[^>]*value="(\d+)"', shown)
        assert version is not None
        return int(self.client.post(action, data={**fields, "version": version[1]}).status_code)

    def season_pages(self, evenings: int = 40, players: int = 32) -> Iterator[Route]:
        """A club's series of ``evenings`` evenings of ``players`` (each a new name three places
        on: the standing's widest, some 150 players over 40 evenings, six thousand cells, the
        bound), each one Passe of one game at every table, the club holding the series and both
        rating: its standing, its ratings, the club's page and its ratings, each first after a
        game corrected at one of its evenings, as the office and as an anonymous reader. Its
        standing is shown as last worked out while the next is worked out once the answer is
        sent (``standing.LATE_FROM``), here outside the timing (``snapshot.settle``)."""
        from scorer.events import snapshot

        page = self.client.get("/series/new").get_data(as_text=True)
        made = self.client.post(
            "/series/new",
            data={"idem": hidden(page, "idem"), "title": "Saison", "min_events": "1", "rating": "y"},
        )
        series = made.headers["Location"]
        tables: list[str] = []
        for number in range(evenings):
            names = [f"Spieler {n + number * 3:04d}" for n in range(players)]
            export = json.loads(self.event_export(players, 1, names))
            export["settings"]["options"]["games_per_passe"] = 1
            event = self.imported(json.dumps(export))
            assert self.client.post(f"{event}/draw", data=self.draw_form(event)).status_code == 303
            for entry in self.client.get(f"{event}/export.json").get_json()["entries"]:
                for table in entry["record"]["tables"] if entry["kind"] == "round" else ():
                    tables.append(f"/matches/{table['match_id']}")
                    self.enter(tables[-1], "deals/new", 40 + len(tables) % 90)
            event_id = event.rstrip("/").split("/")[-1]
            assert self.office_form(series, f"{series}/events", event=event_id, weight="1") == 303
        page = self.client.get("/clubs/new").get_data(as_text=True)
        made = self.client.post(
            "/clubs/new", data={"idem": hidden(page, "idem"), "name": "Club", "rating": "y"}
        )
        club = made.headers["Location"]
        assert self.office_form(club, f"{club}/series", series=series.rstrip("/").split("/")[-1]) == 303
        reader = self.app.test_client()
        reader.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
        corrected = 0
        for label, path in (
            ("GET /series/<id>", series),
            ("GET /series/<id>/rating", f"{series}/rating"),
            ("GET /clubs/<id>", club),
            ("GET /clubs/<id>/rating", f"{club}/rating"),
        ):
            for who, client in (("the office", self.client), ("an anonymous reader", reader)):
                route = Route(
                    f"{label} — {evenings} evenings of {players} players, {evenings * players // 4} tables, "
                    f"first after a corrected game, as {who}"
                )
                statuses, times = [], []
                for _ in range(self.rounds):
                    corrected += 1
                    # At the last evening's tables (the ones whose rights this browser still holds).
                    latest = tables[-(players // 4) :]
                    self.enter(latest[corrected % len(latest)], "deals/1/correct", 30 + corrected % 60)
                    start = time.perf_counter()
                    response = client.get(path)
                    times.append((time.perf_counter() - start) * 1000)
                    statuses.append(response.status_code)
                    response.close()  # as a server does once the answer is sent
                    snapshot.settle()  # the standing worked out after it, outside the timing
                route.sizes.append((evenings, max(statuses), statistics.median(times)))
                yield route

    def encoded_bodies(self) -> Route:
        """A form body of n KB, every byte percent-encoded (what decoding a hostile urlencoded
        POST costs), up to the app's body limit and one size past it."""
        route = Route(
            "POST /events/import — a body of n KB, every character percent-encoded (not JSON: 422; past 512 KB: 413)"
        )
        for kb in (64, 128, 256, 480, 1024):
            body = "text=" + "%C3%A9" * (kb * 1024 // 6)
            route.sizes.append(
                (
                    kb,
                    *self.timed(lambda b=body: self.client.post("/events/import", data=b, content_type=FORM)),
                )
            )
        return route

    def draws(self, export: str, players: int) -> Route:
        """The director's draw of each next round of an event of ``players`` (a new event of
        its own), the draw form's tokens read outside the timing."""
        event = self.imported(export)
        route = Route(f"POST /events/<id>/draw — {players} players, each next round")
        statuses, times = [], []
        for _ in range(self.rounds):
            data = self.draw_form(event)
            start = time.perf_counter()
            statuses.append(self.client.post(f"{event}/draw", data=data).status_code)
            times.append((time.perf_counter() - start) * 1000)
        route.sizes.append((players, max(statuses), statistics.median(times)))
        return route


def report(save: float, routes: list[Route], rounds: int) -> str:
    worst = max(routes, key=lambda r: r.ratio)
    ratio = worst.ratio
    saves = sorted(route.save for route in routes)
    failures = sum(r.failures for r in routes)
    lines = [
        BEGIN,
        "## Worst case per route (bench/abuse.py)",
        "",
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, Python {platform.python_version()}, {platform.machine()}, "
        f"SQLite file, Flask test client (server time, no network), median of {rounds} rounds per size; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs.",
        "",
        f"Ordinary save (POST of one deal in a 12-deal match): **{save:.2f} ms** at the start; measured "
        f"again after each route ({saves[0]:.2f}–{saves[-1]:.2f} ms over the run), and each route is "
        "compared with the saves just before and after it.",
        "",
        "| route — input grown | refused at | worst size | its status | worst ms | save beside it, ms | × ordinary save |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for route in routes:
        size, status, ms = route.worst
        refused = route.refused_at
        lines.append(
            f"| {route.name} | {refused if refused is not None else '—'} | {size} | {status} | {ms:.1f} "
            f"| {route.save:.2f} | {route.ratio:.1f} |"
        )
    lines += [
        "",
        f"Worst: {worst.name} at {worst.worst[2]:.1f} ms, **{ratio:.1f}×** an ordinary save; "
        f"**{failures}** answers 5xx. Goal (≤ {GOAL:.0f}×, 0 × 5xx): "
        + ("met." if ratio <= GOAL and failures == 0 else "not met."),
        END,
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    bench = Bench(args.rounds)
    save = before = bench.ordinary_save()
    routes = []
    for route in bench.routes():
        after = bench.ordinary_save(samples=9)
        route.save, before = (before + after) / 2, after
        size, status, ms = route.worst
        print(f"{route.name}: worst {ms:.1f} ms ({route.ratio:.1f}×) at {size}, status {status}", flush=True)
        routes.append(route)
    section = report(save, routes, args.rounds)
    print(section)
    if not args.no_write:
        write_section(ROOT / "bench" / "RESULTS.md", BEGIN, END, section)
    bench.app.extensions["tafel_engine"].dispose()


if __name__ == "__main__":
    main()
