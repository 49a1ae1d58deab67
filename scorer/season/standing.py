"""A series' standing: its events' rankings, as every reader is shown them, turned into a series
record (SEASON.md, "Series record") and scored by the engine.

Each ranked competitor of an event gives its players a present result (the two players of a
fixed pair each get the pair's place and total; ranks are counted over persons, so that they
stay a competition ranking, Z3.3). A name set apart as a guest gives none, but still counts
among the event's participants (Z3.3, Z4.3). An event whose ranking the engine refuses, or
that has no ranked player yet, is not counted, and the page says so.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, cast

from flask import abort, current_app
from sqlalchemy import select
from sqlalchemy.orm import lazyload

import rules_engine
from rules_engine.errors import InvalidRecord
from scorer.events import formats, snapshot, standings
from scorer.events import views as events
from scorer.season import club, register
from scorer.season.log import SeriesState
from scorer.store import db
from scorer.store.models import Event, Series
from scorer.web.memo import each_once


@dataclass(slots=True)
class EventPart:
    """One evening of the series as the standing uses it: an event of the app, or a ranking
    from outside it (``paper``: its entry's seq in the series' log)."""

    title: str
    date: str
    weight: int
    counted: bool
    provisional: bool
    direction: str
    event_id: int | None = None
    paper: int | None = None
    #: Why it is not counted (translated by the page), if it is not.
    problem: str | None = None


@dataclass(slots=True)
class Standing:
    record: dict[str, Any]
    answer: dict[str, Any] | None
    events: list[EventPart]
    #: key -> the name shown.
    names: dict[str, str] = field(default_factory=dict)
    #: Why the engine refused the record (the series' options and its events disagree), if it did.
    refused: str | None = None
    #: When this standing was worked out, if it is not the one of the evenings as they stand
    #: (``standing``'s late answer: the next is being worked out).
    as_of: float | None = None


#: An event's results by name key, the names, its participants and whether a round is open.
EventRead = tuple[list[dict[str, Any]], dict[str, str], int, bool] | None


def event_results(event: Event, live: bool | None = None) -> EventRead:
    """An event's results by name key, the names, its participants and whether a round is open
    (``live``: as its director sees them, not held back; by default as this reader sees them)."""
    # A series adds up each event's answer as it stands, never the last one shown late.
    with snapshot.answered_now():
        _event, state, answer, _held = events.shown_now(event.id, live)
    ranking: Sequence[dict[str, Any]] = answer.get("ranking") or [] if answer.get("valid") else []
    if not ranking:
        return None
    per_competitor = 2 if state.pairs else 1
    results: list[dict[str, Any]] = []
    names: dict[str, str] = {}
    for entry in ranking:
        members = list(state.pairs[entry["id"]]) if entry["id"] in state.pairs else [entry["id"]]
        for member in members:
            name = state.name(member)
            key = register.key_of(name)
            names[key] = name
            results.append(
                {
                    "player": key,
                    "rank": (int(entry["rank"]) - 1) * per_competitor + 1,
                    "total": int(entry["total"]),
                    "matches": int(entry.get("matches") or 0),
                }
            )
    provisional = any(entry.get("provisional") for entry in ranking)
    return results, names, len(ranking) * per_competitor, provisional


def _sources(state: SeriesState) -> list[tuple[str, int, Event | dict[str, Any]]]:
    """The series' evenings in the order played (Z3.1): by date and, on one day, by the time the
    event was created (an imported ranking keeps its event's, ``played``), then as added."""
    # The events' rows alone, in one query: each event's log is read as this server keeps it
    # (``snapshot.event_and_log``), never loaded whole with its row.
    joined = db.session().scalars(
        select(Event).options(lazyload(Event.entries)).where(Event.id.in_(list(state.events)))
    )
    found: list[tuple[str, str, int, Event | dict[str, Any]]] = [
        (event.created.date().isoformat(), moment_of(event.created), event.id, event) for event in joined
    ]
    found += [
        (str(record["date"]), str(record.get("played") or ""), -seq, {**record, "seq": seq})
        for seq, record in state.papers.items()
    ]
    found.sort(key=lambda item: (item[0], item[1], item[2] < 0, abs(item[2])))
    return [(day, order, source) for day, _moment_played, order, source in found]


def moment_of(created: datetime) -> str:
    """When an event was created, as an imported ranking keeps it (``played``): UTC, to the microsecond."""
    moment = created if created.tzinfo is not None else created.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")


#: Each evening's results as a series reads them, by the event's version (``snapshot.event_versions``)
#: and whether the reader sees its standings live; and each standing by everything it is made
#: of: a club's standing of forty evenings is read again only where an evening changed.
_RESULTS: OrderedDict[tuple[Any, ...], EventRead] = OrderedDict()
_STANDINGS: OrderedDict[tuple[Any, ...], Standing] = OrderedDict()
_STANDINGS_KEPT = 32
_LOCK = threading.Lock()


def _results_of(event: Event, version: tuple[Any, ...]) -> EventRead:
    """The event's results at ``version`` (``standing``'s: its last item, whether they are read live)."""
    key = version
    with _LOCK:
        found = _RESULTS.get(key, _MISSING)
        if found is not _MISSING:
            _RESULTS.move_to_end(key)
            return cast(EventRead, found)
    read = event_results(event, live=bool(version[-1]))
    with _LOCK:
        _RESULTS[key] = read
        snapshot.trim(_RESULTS, lambda kept: len(kept[0]) if kept is not None else 1)
    return read


_MISSING = object()


#: Cells of a standing (players × evenings) from which its readers are shown the last standing
#: worked out, told its time, while the next is worked out once their answer is sent
#: (``SERIES_LATE_FROM``): at the bound, six thousand cells, the engine's standing and its reading
#: of the evenings are some ten ordinary saves. Printouts and the office's changes ask for it now.
LATE_FROM = 2000
#: The newest standing kept per series and view: its key in ``_STANDINGS`` and when it was made.
_LATEST: OrderedDict[tuple[Any, ...], tuple[tuple[Any, ...], float]] = OrderedDict()


def standing(series: Series, state: SeriesState, late: bool = False) -> Standing:
    """The series' standing (kept while nothing it is made of changed: its log, its club's merges
    and guests, each evening's version and title, and whether the reader sees each live).

    ``late``: a large series' reader (from :data:`LATE_FROM` cells) is shown the newest standing
    kept of his view, marked with its time (``as_of``), while the one of the evenings as they
    stand is worked out once his answer is sent."""
    sources = _sources(state)
    events = [source for _day, _order, source in sources if isinstance(source, Event)]
    live = {event.id: standings.sees_live(event) for event in events}
    return _standing_at(series, state, sources, live, late)


def _standing_at(
    series: Series,
    state: SeriesState,
    sources: list[tuple[str, int, Event | dict[str, Any]]],
    live: dict[int, bool],
    late: bool,
) -> Standing:
    events = [source for _day, _order, source in sources if isinstance(source, Event)]
    # Whether the reader sees each evening live (its director, its office) is part of its
    # version here: they are shown other results than the public.
    versions = {
        event_id: (*version, live.get(event_id, False))
        for event_id, version in snapshot.event_versions(events).items()
    }
    database = snapshot.database_name()
    key = (
        database,
        series.id,
        str(series.created),
        series.title,
        state.version,
        json.dumps(
            [sorted(state.merged.items()), sorted(state.club_merged.items()), sorted(state.guests)],
        ),
        tuple((versions[event.id], event.title) for event in events),
    )
    scope = (database, series.id, str(series.created), tuple(live.get(event.id, False) for event in events))
    with _LOCK:
        kept = _STANDINGS.get(key)
        if kept is not None:
            _STANDINGS.move_to_end(key)
            return kept
        latest = _LATEST.get(scope)
        earlier = _STANDINGS.get(latest[0]) if latest is not None else None
    if late and latest is not None and earlier is not None and _answered_late(earlier):
        series_id, seen = series.id, dict(live)

        def again() -> None:
            found = db.session().get(Series, series_id)
            if found is not None:
                now = club.series_state(found)
                _standing_at(found, now, _sources(now), seen, late=False)

        snapshot.work_soon(("series standing", *scope), again, "a series' standing could not be worked out")
        return replace(earlier, as_of=latest[1])
    found = _standing(series, state, sources, versions)
    with _LOCK:
        _STANDINGS[key] = found
        while len(_STANDINGS) > _STANDINGS_KEPT:
            _STANDINGS.popitem(last=False)
        _LATEST[scope] = (key, time.time())
        _LATEST.move_to_end(scope)
        while len(_LATEST) > _STANDINGS_KEPT:
            _LATEST.popitem(last=False)
    return found


def _answered_late(kept: Standing) -> bool:
    """Whether a standing of ``kept``'s size is shown late rather than waited for."""
    late_from = int(current_app.config.get("SERIES_LATE_FROM", LATE_FROM))
    cells = len(kept.record.get("players") or ()) * max(1, len(kept.record.get("events") or ()))
    return cells >= late_from


def _standing(
    series: Series,
    state: SeriesState,
    sources: list[tuple[str, int, Event | dict[str, Any]]],
    versions: dict[int, tuple[Any, ...]],
) -> Standing:
    parts: list[EventPart] = []
    # Each name's person looked up once (a name recurs at every evening of the season).
    person_of = each_once(state.person)
    #: key -> spelling -> [evenings written so, the order it was first met].
    spellings: dict[str, dict[str, list[int]]] = {}
    listed: list[dict[str, Any]] = []
    for day, _order, source in sources:
        if isinstance(source, Event):
            weight = state.events[source.id]
            part = EventPart(
                source.title, day, weight, True, False, formats.of(source.settings).direction, source.id
            )
            read = _results_of(source, versions[source.id])
            if read is None:
                part.counted, part.provisional, part.problem = False, True, "no_ranking"
                parts.append(part)
                continue
            results, event_names, participants, part.provisional = read
            record_id = f"E{source.id}"
        else:
            weight = int(source.get("weight") or 1)
            part = EventPart(
                str(source["title"]), day, weight, True, False, str(source["direction"]), paper=source["seq"]
            )
            event_names = {register.key_of(row["name"]): row["name"] for row in source["results"]}
            results = [
                {
                    "player": register.key_of(row["name"]),
                    "rank": row["rank"],
                    "total": row["total"],
                    "matches": row["matches"],
                }
                for row in source["results"]
            ]
            participants = int(source.get("participants") or len(results))
            record_id = f"P{source['seq']}"
        for key, name in event_names.items():
            spellings.setdefault(key, {}).setdefault(name, [0, len(spellings[key])])[0] += 1
        by_person: dict[str, dict[str, Any]] = {}
        for result in results:
            person = person_of(result["player"])
            if person in state.guests:
                continue
            by_person.setdefault(person, {**result, "player": person})
        if not by_person:
            part.counted, part.problem = False, "only_guests"
            parts.append(part)
            continue
        parts.append(part)
        listed.append(
            {
                "id": record_id,
                "date": day,
                "name": part.title,
                "weight": weight,
                "direction": part.direction,
                "participants": participants,
                "results": list(by_person.values()),
            }
        )
    # The name shown: the spelling most evenings wrote, the first met among equals.
    names = {
        key: max(written, key=lambda name: (written[name][0], -written[name][1]))
        for key, written in spellings.items()
    }
    persons = sorted({person_of(key) for key in names} - state.guests)
    aliases: dict[str, list[str]] = {person: [] for person in persons}
    for key in list(names):
        person = person_of(key)
        if person != key and person in aliases:
            aliases[person].append(key)
            # A person this series met only under another spelling (merged by its club): the
            # club's spelling, else the one written here.
            names.setdefault(person, state.club_names.get(person) or names[key])
    options = dict(state.options)
    directions = {part.direction for part in parts if part.counted}
    if options.get("counts", "total") == "total" and len(directions) == 1:
        options.setdefault("direction", directions.pop())
    record: dict[str, Any] = {
        "game": "series",
        "name": series.title,
        "options": options,
        "players": [
            {
                "id": person,
                "name": names.get(person, person),
                **({"aliases": aliases[person]} if aliases[person] else {}),
            }
            for person in persons
        ],
        "events": listed,
    }
    if state.planned_events is not None:
        record["planned_events"] = max(state.planned_events, 1)
    try:
        answer: dict[str, Any] = dict(rules_engine.score_series(record))
    except InvalidRecord as error:
        return Standing(record, None, parts, names, str(error))
    titles = {event["id"]: event["name"] for event in listed}
    for found_error in answer.get("errors", []):
        # The reader knows the evening by its name, a player by his.
        params = found_error.get("params") or {}
        if params.get("event") in titles:
            params["event"] = titles[params["event"]]
        for key in ("player", "other"):
            if params.get(key) in names:
                params[key] = names[params[key]]
    return Standing(record, answer, parts, names)


def load(series_id: int) -> Series:
    series = db.session().get(Series, series_id)
    if series is None:
        abort(404)
    return series
