"""A series' ratings (SEASON.md Z9, Z10): the Passen its evenings' tables played, as a rating
log, rated by the engine from scratch on every reading (a corrected game re-rates).

Each table's complete Passe is one result over the Passe's games: where the format plays in
teams, the two teams' players and their Passe totals (Z10.1: a Passe by its totals weighs its
games); where each player scores alone (a Differenzler Passe), each player's total, lower
better (Z10.2, on its own scale, as worked example 2 mixes them). A Passe where a guest played is
left out of the rating (the office can count the guest again), and the page says how many were.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import lazyload

import rules_engine
from rules_engine.limits import RecordTooLarge
from scorer import linalg
from scorer.events import formats, snapshot, standings
from scorer.events import views as events
from scorer.season import register
from scorer.season.log import SeriesState
from scorer.store import db
from scorer.store.models import Event


@dataclass(slots=True)
class RatingLog:
    record: dict[str, Any]
    names: dict[str, str]
    #: The evenings with a rated Passe, in order: each one's date and how many of the log's
    #: results were played by its end (a player's course is drawn after each).
    evenings: list[tuple[date, int]]
    with_guests: int
    #: The game rated (its tournament record's ``game``): each discipline is rated apart.
    discipline: str = ""


def _ordered_events(state: SeriesState) -> list[Event]:
    # The events' rows alone, in one query: their logs are read as this server keeps them.
    joined = db.session().scalars(
        select(Event).options(lazyload(Event.entries)).where(Event.id.in_(list(state.events)))
    )
    return sorted(joined, key=lambda e: (e.created, e.id))


def discipline_of(event: Event) -> str:
    return formats.of(event.settings).record_game


def disciplines(state: SeriesState) -> list[tuple[str, str]]:
    """The games the series' evenings played, each with its label, by the evenings that played
    it (most first): a Schieber's and a Differenzler's Passen are rated apart, since a margin of
    team points and a deviation from the table's mean are not one scale (Z10.1, Z10.2)."""
    counted: dict[str, int] = {}
    labels: dict[str, str] = {}
    for event in _ordered_events(state):
        game = formats.of(event.settings)
        counted[game.record_game] = counted.get(game.record_game, 0) + 1
        labels.setdefault(game.record_game, game.label())
    return [(game, labels[game]) for game in sorted(counted, key=lambda g: -counted[g])]


#: One table's complete Passe: its round and table, and each side's players (their names, in
#: the order of their ids) with its points.
PlayedTable = tuple[int, int, list[tuple[tuple[str, ...], int]]]


def _played_tables(event: Event) -> list[PlayedTable]:
    """Each table's complete Passe of ``event`` (Z9.1) as this reader is shown the standings: its
    two teams where the format plays in teams, else each player alone."""
    # A series adds up each event's answer as it stands, never the last one shown late.
    with snapshot.answered_now():
        _event, event_state, answer, _held = events.shown_now(event.id)
    if not answer.get("valid"):
        return []
    game = formats.of(event.settings)
    tables: dict[tuple[int, int], dict[frozenset[str], int]] = {}
    for competitor, lines in (answer.get("standblatt") or {}).items():
        for line in lines:
            if line.get("table") is None or line.get("score") is None or line.get("sitout"):
                continue
            if competitor in event_state.pairs:
                seated = frozenset(event_state.pairs[competitor])
            elif game.teams:
                seated = frozenset((competitor, str(line.get("partner"))))
            else:
                seated = frozenset((competitor,))
            tables.setdefault((int(line["round"]), int(line["table"])), {})[seated] = int(line["score"])
    found: list[PlayedTable] = []
    for (round_number, table), scored in sorted(tables.items()):
        if (game.teams and len(scored) != 2) or (not game.teams and len(scored) < 2):
            continue
        sides = [
            (tuple(event_state.name(p) for p in sorted(seated)), points)
            for seated, points in sorted(scored.items(), key=lambda item: sorted(item[0]))
        ]
        found.append((round_number, table, sides))
    return found


#: Each event's table Passen by its version (``snapshot.event_versions``) and whether the reader
#: sees it live: a correction at one evening reads that evening again, not the forty others.
_TABLES_PLAYED: OrderedDict[tuple[Any, ...], list[PlayedTable]] = OrderedDict()


def _tables_played(event: Event, version: tuple[Any, ...]) -> list[PlayedTable]:
    key = (version, standings.sees_live(event))
    with _LOCK:
        kept = _TABLES_PLAYED.get(key)
        if kept is not None:
            _TABLES_PLAYED.move_to_end(key)
            return kept
    found = _played_tables(event)
    with _LOCK:
        _TABLES_PLAYED[key] = found
        snapshot.trim(_TABLES_PLAYED, lambda played: len(played) + 1)
    return found


def _table_results(
    event: Event, state: SeriesState, names: dict[str, str], version: tuple[Any, ...]
) -> tuple[list[dict[str, Any]], int]:
    """Each table's complete Passe of ``event`` as a rating result (Z9.1): the two teams and their
    points where the format plays in teams, else each player's score (an individual result,
    lower better, as a Differenzler Passe), over the Passe's games; and how many were left out
    for a guest."""
    game = formats.of(event.settings)
    games = game.games_per_passe(event.settings.get("options") or {})

    def person(name: str) -> str:
        key = register.key_of(name)
        names.setdefault(key, name)
        return state.person(key)

    results: list[dict[str, Any]] = []
    left_out = 0
    for round_number, table, raw_sides in _tables_played(event, version):
        sides = [([person(name) for name in seated], points) for seated, points in raw_sides]
        if any(p in state.guests for persons, _ in sides for p in persons):
            left_out += 1
            continue
        result: dict[str, Any] = {
            "id": f"E{event.id}-R{round_number}-T{table}",
            "date": event.created.date().isoformat(),
            "event": event.title,
            "games": games,
        }
        if game.teams:
            result |= {"teams": [sides[0][0], sides[1][0]], "points": [sides[0][1], sides[1][1]]}
        else:
            result |= {
                "players": [persons[0] for persons, _ in sides],
                "scores": [points for _, points in sides],
            }
            result["direction"] = game.direction
        results.append(result)
    return results, left_out


def rating_log(state: SeriesState, discipline: str) -> RatingLog:
    """The rating log of the series' Passen of one game (:func:`disciplines`)."""
    found = [event for event in _ordered_events(state) if discipline_of(event) == discipline]
    versions = snapshot.event_versions(found)
    names: dict[str, str] = {}
    results: list[dict[str, Any]] = []
    evenings: list[tuple[date, int]] = []
    with_guests = 0
    for event in found:
        made, left_out = _table_results(event, state, names, versions[event.id])
        results.extend(made)
        with_guests += left_out
        if made:
            evenings.append((event.created.date(), len(results)))
    persons = sorted(
        {
            p
            for result in results
            for p in [*result.get("players", ()), *(q for t in result.get("teams", ()) for q in t)]
        }
    )
    # A person met here only under a merged spelling: the club's spelling, else that one.
    for key, name in list(names.items()):
        names.setdefault(state.person(key), state.club_names.get(state.person(key)) or name)
    record = {
        "game": "rating",
        "players": [{"id": p, "name": names.get(p, p)} for p in persons],
        "results": results,
    }
    return RatingLog(record, names, evenings, with_guests, discipline)


#: Answers by their record's digest: a season's pages ask for the same ratings again and again
#: (each player's course asks for one rating per evening, every player's page the same ones). A
#: record changes with any correction, so an answer kept is never stale.
_ANSWERS: OrderedDict[str, dict[str, Any]] = OrderedDict()
_ANSWERS_KEPT = 64
_LOCK = threading.Lock()


#: Every player's course by the digest of its evenings (``_evenings``): each evening's rating lists
#: every player, so one reading of a series' courses serves every player's page until a correction.
_COURSES: OrderedDict[str, dict[str, list[tuple[date, float, float]]]] = OrderedDict()
_COURSES_KEPT = 4

#: Each evening's ratings (id -> rating and its sd) by the digest of the log up to that evening's
#: end, as of its date: a new evening, or a correction of the last one, rates only the evenings
#: whose log changed. Each is still rated from its whole log, never patched.
_EVENINGS: OrderedDict[str, dict[str, tuple[float, float]]] = OrderedDict()
_EVENINGS_KEPT = 160


def _digest(record: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()


def _answer(record: dict[str, Any]) -> dict[str, Any]:
    try:
        return dict(rules_engine.rate_players(record, solve=linalg.posterior))
    except RecordTooLarge as error:
        # A season past what one rating reads (README, "Bounds"): the page says which bound.
        return {"valid": False, "errors": [], "too_large": str(error), "ratings": [], "unrated": []}


T = TypeVar("T")


def kept(store: OrderedDict[str, T], most: int, digest: str, read: Callable[[], T]) -> T:
    """What ``store`` keeps for ``digest``, else ``read()`` kept there (the ``most`` last read)."""
    with _LOCK:
        found = store.get(digest)
        if found is not None:
            store.move_to_end(digest)
            return found
    found = read()
    with _LOCK:
        store[digest] = found
        while len(store) > most:
            store.popitem(last=False)
    return found


def rated(made: RatingLog, as_of: date | None = None) -> dict[str, Any]:
    record = dict(made.record)
    if as_of is not None:
        record["as_of"] = as_of.isoformat()
    return kept(_ANSWERS, _ANSWERS_KEPT, _digest(record), lambda: _answer(record))


@dataclass(frozen=True, slots=True)
class _Evening:
    """One point of the courses: the log up to an evening's end, as of its date, naming the
    players who played by then (their ids in the order first met)."""

    digest: str
    day: date
    played: int
    ids: tuple[str, ...]

    def record(self, made: RatingLog) -> dict[str, Any]:
        names = {row["id"]: row["name"] for row in made.record["players"]}
        head = {key: value for key, value in made.record.items() if key not in ("players", "results")}
        return {
            **head,
            "players": [{"id": p, "name": names.get(p, p)} for p in sorted(self.ids)],
            "results": made.record["results"][: self.played],
            "as_of": self.day.isoformat(),
        }


def _evenings(made: RatingLog) -> list[_Evening]:
    """The courses' evenings, each named by the digest of its record: one hash over the log's
    head, its results and each player as first met, each result serialized once (not once per
    evening); an evening's record is written only when it is rated."""
    record = made.record
    names = {row["id"]: row["name"] for row in record["players"]}
    head = {key: value for key, value in record.items() if key not in ("players", "results")}
    running = hashlib.sha256(json.dumps(head, sort_keys=True).encode())
    seen: dict[str, None] = {}
    evenings = []
    done = 0
    for day, played in made.evenings:
        for result in record["results"][done:played]:
            running.update(json.dumps(result, sort_keys=True).encode() + b"\n")
            for player in [
                *result.get("players", ()),
                *(p for team in result.get("teams", ()) for p in team),
            ]:
                if player not in seen:
                    seen[player] = None
                    # An array, where a result is an object: the two never read alike.
                    running.update(json.dumps([player, names.get(player, player)]).encode() + b"\n")
        done = played
        evenings.append(_Evening(f"{running.copy().hexdigest()}:{day.isoformat()}", day, played, tuple(seen)))
    return evenings


def _evening_ratings(evening: dict[str, Any]) -> dict[str, tuple[float, float]]:
    answer = _answer(evening)
    return {
        row["id"]: (float(row["rating"]), float(row["rating_sd"]))
        for row in answer.get("ratings", []) + answer.get("unrated", [])
    }


def course(made: RatingLog, player: str) -> list[tuple[date, float, float]]:
    """The player's rating and its sd after each evening from the first they played: the log up
    to that evening's end, as of its date (Z9.3), rated from scratch; every player's at once,
    kept for the record, and each evening's rating kept for its own log."""
    points, _until = course_within(made, player, budget=None)
    return points


#: Seconds of a thread's CPU a reading spends on a course not kept yet: a large club's evening takes
#: a good part of it (``bench/rating.py``), so the reader is shown the latest evenings and the rest
#: is rated once the page is sent (``finish_course``).
COURSE_BUDGET = 0.012


def course_within(
    made: RatingLog, player: str, *, budget: float | None
) -> tuple[list[tuple[date, float, float]], date | None]:
    """The player's course (:func:`course`) as far as ``budget`` seconds of this thread's CPU rate
    the evenings not kept yet, the latest first (at least one each reading), and the last evening
    left unrated: the points start after it (None: the whole course). The reader is shown that
    much; the rest is rated by :func:`finish_course` once the page is sent, or by the next reading."""
    started = time.thread_time()
    evenings, digest = _course_key(made)
    return _course(made, player, budget, started, evenings, digest)


def _course_key(made: RatingLog) -> tuple[list[_Evening], str]:
    """The courses' evenings and the digest that names all of them at once."""
    evenings = _evenings(made)
    return evenings, hashlib.sha256(" ".join(e.digest for e in evenings).encode()).hexdigest()


def _course(
    made: RatingLog,
    player: str,
    budget: float | None,
    started: float,
    evenings: list[_Evening],
    digest: str,
) -> tuple[list[tuple[date, float, float]], date | None]:
    with _LOCK:
        whole = _COURSES.get(digest)
    if whole is not None:
        return list(whole.get(player, [])), None
    rated: dict[int, dict[str, tuple[float, float]]] = {}
    rated_now = False
    left: date | None = None
    for index in reversed(range(len(evenings))):
        evening = evenings[index]
        with _LOCK:
            found = _EVENINGS.get(evening.digest)
        if found is None:
            if budget is not None and rated_now and time.thread_time() - started > budget:
                left = evening.day
                break
            found = kept(
                _EVENINGS, _EVENINGS_KEPT, evening.digest, partial(_evening_ratings, evening.record(made))
            )
            rated_now = True
        rated[index] = found
    courses: dict[str, list[tuple[date, float, float]]] = {}
    for index in sorted(rated):
        day = evenings[index].day
        for rated_id, (rating, sd) in rated[index].items():
            courses.setdefault(rated_id, []).append((day, rating, sd))
    if left is None:
        kept(_COURSES, _COURSES_KEPT, digest, lambda: courses)
    return list(courses.get(player, [])), left


#: The records whose courses a server is rating after a page showed part of one.
_FINISHING: set[str] = set()


def finish_course(made: RatingLog) -> None:
    """Rate every evening of the record's courses not kept yet (once at a time per record): what a
    reading left to be rated after its page was sent."""
    evenings, digest = _course_key(made)
    with _LOCK:
        if digest in _FINISHING:
            return
        _FINISHING.add(digest)
    try:
        _course(made, "", None, time.thread_time(), evenings, digest)
    finally:
        with _LOCK:
            _FINISHING.discard(digest)


def chart(points: Sequence[tuple[date, float, float]], width: int = 640, height: int = 240) -> dict[str, Any]:
    """The course as SVG coordinates: the rating's line and the band of ±1 sd around it."""
    if not points:
        return {}
    low = min(r - s for _, r, s in points)
    high = max(r + s for _, r, s in points)
    span = max(high - low, 1.0)
    pad = 32

    def x(index: int) -> float:
        return pad + (width - 2 * pad) * (index / max(len(points) - 1, 1))

    def y(value: float) -> float:
        return height - pad - (height - 2 * pad) * (value - low) / span

    line = " ".join(f"{x(i):.1f},{y(r):.1f}" for i, (_, r, _s) in enumerate(points))
    upper = [f"{x(i):.1f},{y(r + s):.1f}" for i, (_, r, s) in enumerate(points)]
    lower = [f"{x(i):.1f},{y(r - s):.1f}" for i, (_, r, s) in reversed(list(enumerate(points)))]
    return {
        "width": width,
        "height": height,
        "line": line,
        "band": " ".join(upper + lower),
        "marks": [(x(i), y(r), day, r, s) for i, (day, r, s) in enumerate(points)],
        "low": low,
        "high": high,
        "y_low": y(low),
        "y_high": y(high),
    }
