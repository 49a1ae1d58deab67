"""A season's or cup's standing (SEASON.md Z3–Z8): :func:`score_series`.

Each event's ranks and totals are taken as the event gave them (TOURNAMENT.md, DIFFERENZLER.md
or a paper ranking); this module checks only that they are a ranking (Z3), turns each into an
event score (Z4, Z5), strikes the surplus (Z6) and orders the players (Z7).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import groupby
from typing import Any, NamedTuple

from rules_engine.errors import InvalidRecord
from rules_engine.limits import SEASON, RecordTooLarge
from rules_engine.season.answers import (
    SeriesAnswer,
    SeriesPrizes,
    SeriesRow,
    SeriesStanding,
)
from rules_engine.season.common import (
    Register,
    SeasonFinding,
    check_count,
    finding,
    identifier,
    identity_findings,
    integer,
    iso_date,
    read_list,
    read_object,
    read_register,
)

__all__ = ["DEFAULT_POINTS_TABLE", "TIEBREAK_STEPS", "score_series"]

#: Z4.2's default points table (the MotoGP scale) and what a rank beyond it is worth.
DEFAULT_POINTS_TABLE: tuple[int, ...] = (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
DEFAULT_POINTS_BEYOND = 0
#: Z7.3's steps; ``shared`` ends every list.
TIEBREAK_STEPS = ("best", "attendance", "wins", "last", "shared")
DEFAULT_TIEBREAK = ("best", "shared")

_OPTIONS = (
    "counts",
    "points_table",
    "points_beyond",
    "direction",
    "absent_counts",
    "absent_value",
    "best_of",
    "drop_worst",
    "drop_early",
    "min_events",
    "tiebreak",
)
_COUNTS = ("total", "points_table", "rank_points")
_DIRECTIONS = ("high", "low")
_ABSENT = ("zero", "skip", "fixed", "own_average", "event_worst")
#: The keys of a present result without ``games`` (read by the fast path of :func:`_read_event`).
_PLAIN_KEYS = frozenset({"player", "rank", "total", "matches"})


@dataclass(frozen=True, slots=True)
class SeriesOptions:
    counts: str
    points_table: tuple[int, ...]
    points_beyond: int
    direction: str
    absent_counts: str
    absent_value: int | None
    #: K of Z6.1: how many entries count once dropping applies; None: all count.
    counted: int | None
    drop_early: bool
    min_events: int
    tiebreak: tuple[str, ...]

    @property
    def lower_is_better(self) -> bool:
        """Z1.5: only totals added up under direction ``low`` are better when lower."""
        return self.counts == "total" and self.direction == "low"


class Present(NamedTuple):
    """A present result as listed (tuples: an answer builds one per player and event)."""

    player: str
    rank: int
    total: int
    matches: int
    games: int | None
    #: Where its event lists it (results[listed_at]).
    listed_at: int


@dataclass(frozen=True, slots=True)
class Event:
    id: str
    date: date
    weight: int
    direction: str
    participants: int | None
    #: Every result as listed, with its player id as written (an alias or an unknown id).
    present: tuple[Present, ...]
    absent: tuple[tuple[str, int], ...]


class Entry(NamedTuple):
    """One player's event score at one event (Z1.4): None for a ``skip`` absence."""

    event: int
    score: int | None
    absent: bool
    status: str = "counted"


def _choice(value: object, where: str, choices: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise InvalidRecord(
            f"{where}: unknown value {value!r} (use one of {', '.join(map(repr, choices))})", where=where
        )
    return value


def _read_options(raw: object, planned: int) -> SeriesOptions:
    given = read_object(raw if raw is not None else {}, "options", _OPTIONS)
    counts = _choice(given.get("counts", "total"), "options.counts", _COUNTS)
    direction = _choice(given.get("direction", "high"), "options.direction", _DIRECTIONS)
    table = DEFAULT_POINTS_TABLE
    beyond = DEFAULT_POINTS_BEYOND
    for key in ("points_table", "points_beyond"):
        if key in given and counts != "points_table":
            raise InvalidRecord(
                f"options.{key} is given only with counts 'points_table' (Z4.2)", where=f"options.{key}"
            )
    if "points_table" in given:
        listed = read_list(given["points_table"], "options.points_table")
        check_count(listed, SEASON.players, "options.points_table", "places")
        table = tuple(integer(v, f"options.points_table[{i}]", minimum=0) for i, v in enumerate(listed))
        if not table:
            raise InvalidRecord(
                "options.points_table must list at least one place (Z4.2)", where="options.points_table"
            )
        if any(later > earlier for earlier, later in zip(table, table[1:])):
            raise InvalidRecord(
                "options.points_table must never increase (Z4.2)", where="options.points_table"
            )
    if "points_beyond" in given:
        beyond = integer(given["points_beyond"], "options.points_beyond", minimum=0, maximum=table[-1])
    lower = counts == "total" and direction == "low"
    absent = _choice(
        given.get("absent_counts", "event_worst" if lower else "zero"), "options.absent_counts", _ABSENT
    )
    if absent == "zero" and lower:
        raise InvalidRecord(
            "options.absent_counts: 'zero' would be the best total of all under counts 'total' with direction "
            "'low' (Z5.1); use 'event_worst' (the default there) or another",
            where="options.absent_counts",
        )
    absent_value: int | None = None
    if absent == "fixed":
        if "absent_value" not in given:
            raise InvalidRecord(
                "options.absent_value is required with absent_counts 'fixed' (Z5.3)",
                where="options.absent_value",
            )
        absent_value = integer(given["absent_value"], "options.absent_value")
    elif "absent_value" in given:
        raise InvalidRecord(
            "options.absent_value is given only with absent_counts 'fixed' (Z5.3)",
            where="options.absent_value",
        )
    if "best_of" in given and "drop_worst" in given:
        raise InvalidRecord(
            "options: give best_of or drop_worst, not both (Z6.1)", where="options.drop_worst"
        )
    counted: int | None = None
    if "best_of" in given:
        if planned < 1:
            raise InvalidRecord(
                "options.best_of needs at least one planned event (Z6.1)", where="options.best_of"
            )
        counted = integer(given["best_of"], "options.best_of", minimum=1, maximum=planned)
    if "drop_worst" in given:
        if planned < 1:
            raise InvalidRecord(
                "options.drop_worst needs at least one planned event (Z6.1)", where="options.drop_worst"
            )
        counted = planned - integer(given["drop_worst"], "options.drop_worst", minimum=0, maximum=planned - 1)
    early = given.get("drop_early", False)
    if not isinstance(early, bool):
        raise InvalidRecord(
            f"options.drop_early must be true or false, not {early!r}", where="options.drop_early"
        )
    min_events = integer(given.get("min_events", 1), "options.min_events", minimum=1)
    tiebreak = DEFAULT_TIEBREAK
    if "tiebreak" in given:
        steps = read_list(given["tiebreak"], "options.tiebreak")
        for index, step in enumerate(steps):
            _choice(step, f"options.tiebreak[{index}]", TIEBREAK_STEPS)
        if not steps or steps[-1] != "shared" or len(set(steps)) != len(steps):
            raise InvalidRecord(
                "options.tiebreak must list distinct steps of best, attendance, wins, last, ending with 'shared' (Z7.3)",
                where="options.tiebreak",
            )
        tiebreak = tuple(steps)
    return SeriesOptions(
        counts, table, beyond, direction, absent, absent_value, counted, early, min_events, tiebreak
    )


def _read_event(raw: object, index: int, option_direction: str, counts: str) -> Event:
    at = f"events[{index}]"
    fields = read_object(raw, at, ("id", "date", "results", "name", "weight", "direction", "participants"))
    for key in ("id", "date", "results"):
        if key not in fields:
            raise InvalidRecord(f"{at}.{key} is missing", where=f"{at}.{key}")
    event_id = identifier(fields["id"], f"{at}.id")
    played = iso_date(fields["date"], f"{at}.date")
    if "name" in fields and not isinstance(fields["name"], str):
        raise InvalidRecord(f"{at}.name must be a string", where=f"{at}.name")
    weight = integer(fields.get("weight", 1), f"{at}.weight", minimum=1)
    direction = _choice(fields.get("direction", option_direction), f"{at}.direction", _DIRECTIONS)
    if counts == "total" and direction != option_direction:
        raise InvalidRecord(
            f"{at}.direction: totals of direction {direction!r} cannot be added to a series of direction "
            f"{option_direction!r} under counts 'total' (Z4.5)",
            where=f"{at}.direction",
        )
    participants = (
        integer(fields["participants"], f"{at}.participants", minimum=1) if "participants" in fields else None
    )
    results = read_list(fields["results"], f"{at}.results")
    check_count(results, SEASON.results_per_event, f"{at}.results", "results of one event")
    present: list[Present] = []
    absent: list[tuple[str, int]] = []
    for number, item in enumerate(results):
        if type(item) is dict and item.keys() <= _PLAIN_KEYS:
            # The common case read at once: a present result of plain values (ints, a named player).
            player, rank, total = item.get("player"), item.get("rank"), item.get("total")
            matches = item.get("matches", 0)
            if (
                type(player) is str
                and player
                and type(rank) is int
                and rank >= 1
                and type(total) is int
                and type(matches) is int
                and matches >= 0
            ):
                present.append(Present(player, rank, total, matches, None, number))
                continue
        where = f"{at}.results[{number}]"
        if not isinstance(item, Mapping):
            raise InvalidRecord(f"{where} must be a JSON object", where=where)
        if item.get("absent") is not None:
            result = read_object(item, where, ("player", "absent"))
            if result["absent"] is not True:
                raise InvalidRecord(
                    f"{where}.absent must be true (a present result leaves it out)", where=f"{where}.absent"
                )
            if "player" not in result:
                raise InvalidRecord(f"{where}.player is missing", where=f"{where}.player")
            absent.append((identifier(result["player"], f"{where}.player"), number))
            continue
        result = read_object(item, where, ("player", "rank", "total", "matches", "games", "absent"))
        for key in ("player", "rank", "total"):
            if key not in result:
                raise InvalidRecord(f"{where}.{key} is missing", where=f"{where}.{key}")
        present.append(
            Present(
                player=identifier(result["player"], f"{where}.player"),
                rank=integer(result["rank"], f"{where}.rank", minimum=1),
                total=integer(result["total"], f"{where}.total"),
                matches=integer(result.get("matches", 0), f"{where}.matches", minimum=0),
                games=integer(result["games"], f"{where}.games", minimum=0) if "games" in result else None,
                listed_at=number,
            )
        )
    return Event(event_id, played, weight, direction, participants, tuple(present), tuple(absent))


def _check_identities(event: Event, register: Register) -> list[SeasonFinding]:
    """Z2.3 and Z2.4 for one event's results, in the order listed."""
    resolve = register.resolve
    written = [p.player for p in event.present] + [name for name, _ in event.absent]
    if all(name in resolve for name in written) and len(set(map(resolve.__getitem__, written))) == len(
        written
    ):
        return []
    names = [(p.player, p.listed_at) for p in event.present] + list(event.absent)
    return identity_findings(
        (name for name, _ in sorted(names, key=lambda pair: pair[1])), register, event=event.id
    )


def _check_ranking(event: Event, register: Register) -> list[SeasonFinding]:
    """Z3.3–Z3.6 and Z3.8 for one event whose results name players once each."""
    found: list[SeasonFinding] = []
    present = event.present
    if not present:
        return [
            finding(
                "Z3.8",
                "no_present_result",
                "event {event} has no present result",
                {"event": event.id},
                event=event.id,
            )
        ]
    count = len(present)
    participants = count if event.participants is None else event.participants
    if participants < count:
        found.append(
            finding(
                "Z3.5",
                "too_few_participants",
                "event {event}: participants {participants} is fewer than its {present} present results",
                {"event": event.id, "participants": participants, "present": count},
                event=event.id,
            )
        )
    else:
        ranks = sorted(p.rank for p in present)
        smaller: dict[int, int] = {}
        for position, rank in enumerate(ranks):
            smaller.setdefault(rank, position)
        for result in present:
            player = register.resolve[result.player]
            lower = smaller[result.rank]
            if not (result.rank <= participants and lower <= result.rank - 1 <= lower + participants - count):
                found.append(
                    finding(
                        "Z3.3",
                        "not_a_ranking",
                        "event {event}: {player}'s rank {rank} does not fit a ranking of {participants} "
                        "participants ({ahead} results are ranked ahead of it)",
                        {
                            "event": event.id,
                            "player": player,
                            "rank": result.rank,
                            "participants": participants,
                            "ahead": lower,
                        },
                        event=event.id,
                        player=player,
                    )
                )
        found.extend(_check_totals(event, register))
    for result in present:
        if result.games is not None and result.matches > result.games:
            player = register.resolve[result.player]
            found.append(
                finding(
                    "Z3.6",
                    "matches_over_games",
                    "event {event}: {player} has {matches} Matches in {games} games",
                    {"event": event.id, "player": player, "matches": result.matches, "games": result.games},
                    event=event.id,
                    player=player,
                )
            )
    return found


def _check_totals(event: Event, register: Register) -> list[SeasonFinding]:
    """Z3.4: a better rank never has a worse total, a shared rank one total (reported on the worse-ranked)."""
    sign = 1 if event.direction == "high" else -1
    found: list[SeasonFinding] = []
    by_rank = sorted(event.present, key=lambda p: (p.rank, p.listed_at))
    worst_ahead: Present | None = None
    for _rank, tied in groupby(by_rank, key=lambda p: p.rank):
        group = list(tied)
        for result in group:
            player = register.resolve[result.player]
            if result.total != group[0].total:
                found.append(
                    finding(
                        "Z3.4",
                        "shared_rank_totals",
                        "event {event}: {player} shares rank {rank} with {other} but has the total {total}, "
                        "not {other_total}",
                        {
                            "event": event.id,
                            "player": player,
                            "rank": result.rank,
                            "total": result.total,
                            "other": register.resolve[group[0].player],
                            "other_total": group[0].total,
                        },
                        event=event.id,
                        player=player,
                    )
                )
            elif worst_ahead is not None and sign * result.total > sign * worst_ahead.total:
                found.append(
                    finding(
                        "Z3.4",
                        "better_total_worse_rank",
                        "event {event}: {player} is ranked {rank} with the total {total}, behind {other} "
                        "(rank {other_rank}) with the worse total {other_total}",
                        {
                            "event": event.id,
                            "player": player,
                            "rank": result.rank,
                            "total": result.total,
                            "other": register.resolve[worst_ahead.player],
                            "other_rank": worst_ahead.rank,
                            "other_total": worst_ahead.total,
                        },
                        event=event.id,
                        player=player,
                    )
                )
        for result in group:
            if worst_ahead is None or sign * result.total < sign * worst_ahead.total:
                worst_ahead = result
    return found


def _base_score(options: SeriesOptions, result: Present, participants: int) -> int:
    """Z4.1: what a present result's rank or total is worth."""
    if options.counts == "total":
        return result.total
    if options.counts == "points_table":
        table = options.points_table
        return table[result.rank - 1] if result.rank <= len(table) else options.points_beyond
    return participants - result.rank + 1


def _goodness(options: SeriesOptions, score: int) -> int:
    return -score if options.lower_is_better else score


def score_series(record: Mapping[str, Any]) -> SeriesAnswer:
    """Validate a series record and give its standing (SEASON.md Z2–Z8).

    :raises InvalidRecord: the input is not a series record (exit 2). A record that breaks a
        rule is answered ``{"valid": false, "errors": [...]}`` (Z11).

    >>> answer = score_series({"game": "series", "players": [{"id": "A", "name": "Anna"}],
    ...     "events": [{"id": "E1", "date": "2026-01-09",
    ...                 "results": [{"player": "A", "rank": 1, "total": 3980}]}]})
    >>> answer["standings"][0]["total"], answer["provisional"]
    (3980, False)
    """
    top = read_object(record, "series", ("game", "name", "planned_events", "options", "players", "events"))
    if top.get("game") != "series":
        raise InvalidRecord(f"game: a series record has game 'series', not {top.get('game')!r}", field="game")
    for key in ("players", "events"):
        if key not in top:
            raise InvalidRecord(f"{key} is missing", field=key)
    if "name" in top and not isinstance(top["name"], str):
        raise InvalidRecord("name must be a string", field="name")
    register = read_register(top["players"])
    raw_events = read_list(top["events"], "events")
    check_count(raw_events, SEASON.events, "events", "events of a series")
    cells = len(register.names) * len(raw_events)
    if cells > SEASON.cells:
        raise RecordTooLarge(
            "events",
            SEASON.cells,
            cells,
            f"players' entries in the standing (one per player and event: {len(register.names)} players "
            f"× {len(raw_events)} events)",
        )
    planned = (
        integer(top["planned_events"], "planned_events", minimum=1)
        if "planned_events" in top
        else len(raw_events)
    )
    options = _read_options(top.get("options"), planned)
    events: list[Event] = []
    listed = 0
    for index, raw in enumerate(raw_events):
        event = _read_event(raw, index, options.direction, options.counts)
        listed += len(event.present) + len(event.absent)
        if listed > SEASON.cells:
            raise RecordTooLarge(
                f"events[{index}].results",
                SEASON.cells,
                listed,
                "results over the series' events (one per player and event)",
            )
        if any(event.id == earlier.id for earlier in events):
            raise InvalidRecord(
                f"events[{index}].id: the event id {event.id!r} is listed twice (Z3.1)",
                where=f"events[{index}].id",
            )
        if events and event.date < events[-1].date:
            raise InvalidRecord(
                f"events[{index}].date: {event.date.isoformat()} is earlier than the event before it (Z3.1)",
                where=f"events[{index}].date",
            )
        events.append(event)
    errors: list[SeasonFinding] = []
    if len(events) > planned:
        errors.append(
            finding(
                "Z3.7",
                "more_events_than_planned",
                "the series lists {events} events, more than the {planned} planned",
                {"events": len(events), "planned": planned},
            )
        )
    for event in events:
        identities = _check_identities(event, register)
        errors.extend(identities or _check_ranking(event, register))
    if errors:
        return {"valid": False, "errors": [e.to_json() for e in errors]}
    return _standing(register, events, options, planned)


def _standing(register: Register, events: list[Event], options: SeriesOptions, planned: int) -> SeriesAnswer:
    entries: dict[str, list[Entry]] = {player: [] for player in register.names}
    present_at: dict[str, dict[int, Present]] = {player: {} for player in register.names}
    base: dict[str, list[int]] = {player: [] for player in register.names}
    #: Each event's base score of each present player (Z4).
    scored_at: list[dict[str, int]] = []
    for index, event in enumerate(events):
        participants = len(event.present) if event.participants is None else event.participants
        scores: dict[str, int] = {}
        for result in event.present:
            player = register.resolve[result.player]
            present_at[player][index] = result
            scores[player] = score = _base_score(options, result, participants)
            base[player].append(score)
        scored_at.append(scores)
    averages = {
        player: ((2 * sum(scores) + len(scores)) // (2 * len(scores)) if scores else 0)
        for player, scores in base.items()
    }
    for index, event in enumerate(events):
        scores = scored_at[index]
        weight = event.weight
        absent_base: int | None
        if options.absent_counts == "event_worst":
            absent_base = min(scores.values(), key=lambda score: _goodness(options, score))
        else:
            absent_base = {"zero": 0, "skip": None, "fixed": options.absent_value}.get(options.absent_counts)
        own_average = options.absent_counts == "own_average"
        skipped = Entry(index, None, True, "skipped")
        absent = None if absent_base is None else Entry(index, absent_base * weight, True)
        for player, listed in entries.items():
            present = scores.get(player)
            if present is not None:
                listed.append(Entry(index, present * weight, False))
            elif own_average:
                listed.append(Entry(index, averages[player] * weight, True))
            else:
                listed.append(absent or skipped)
    dropping = options.counted is not None and (len(events) >= planned or options.drop_early)
    sign = -1 if options.lower_is_better else 1
    event_ids = [event.id for event in events]
    rows: dict[str, SeriesRow] = {}
    kept: dict[str, list[Entry]] = {}
    for player, listed in entries.items():
        scored = [e for e in listed if e.score is not None]
        if dropping and options.counted is not None and len(scored) > options.counted:
            worst_first = sorted(scored, key=lambda e: (sign * (e.score or 0), not e.absent, e.event))
            dropped = {e.event for e in worst_first[: len(scored) - options.counted]}
            listed = [
                Entry(e.event, e.score, e.absent, "dropped") if e.event in dropped else e for e in listed
            ]
        kept[player] = listed
        results = present_at[player].values()
        rows[player] = {
            "id": player,
            "name": register.names[player],
            "total": sum(e.score or 0 for e in listed if e.status == "counted"),
            "attended": len(results),
            "wins": sum(1 for result in results if result.rank == 1),
            "matches": sum(result.matches for result in results),
            "events": [
                {"event": event_ids[e.event], "score": e.score, "absent": e.absent, "status": e.status}
                for e in listed
            ],
        }
    ranked = [p for p in rows if rows[p]["attended"] >= options.min_events]
    unranked = sorted(p for p in rows if rows[p]["attended"] < options.min_events)
    # Z7.3's keys split only players with equal totals: they are built for those alone.
    sharing = Counter(rows[p]["total"] for p in ranked)
    keys = {
        player: _tiebreak_keys(options, kept[player], rows[player]["attended"], rows[player]["wins"])
        for player in ranked
        if sharing[rows[player]["total"]] > 1
    }
    steps = [step for step in options.tiebreak if step != "shared"]

    def order(player: str) -> tuple[Any, ...]:
        shared = keys.get(player)
        tied = () if shared is None else tuple(shared[step] for step in steps)
        return (sign * rows[player]["total"], *tied)

    # Best first; players left tied after every step by id (Z7.5): a stable sort keeps the ids' order.
    ordered = sorted(sorted(ranked), key=order, reverse=True)
    standings: list[SeriesStanding] = []
    for _, tied in groupby(ordered, key=order):
        group = list(tied)
        rank = len(standings) + 1
        for player in group:
            standing: SeriesStanding = {"rank": rank, **rows[player], "shared": len(group) > 1}  # type: ignore[typeddict-item]
            standings.append(standing)
    for better, worse in zip(standings, standings[1:]):
        if better["total"] == worse["total"] and better["rank"] != worse["rank"]:
            for step in steps:
                if keys[better["id"]][step] != keys[worse["id"]][step]:
                    better["decided_by"] = step
                    break
    most = max((rows[p]["matches"] for p in rows), default=0)
    last = max((s["rank"] for s in standings), default=0)
    prizes: SeriesPrizes = {
        "most_matches": {"matches": most, "ids": sorted(p for p in rows if rows[p]["matches"] == most)}
        if most >= 1
        else None,
        "booby": {"rank": last, "ids": sorted(s["id"] for s in standings if s["rank"] == last)}
        if last > 1
        else None,
    }
    return {
        "valid": True,
        "errors": [],
        "events_held": len(events),
        "events_planned": planned,
        "provisional": len(events) < planned,
        "standings": standings,
        "unranked": [rows[p] for p in unranked],
        "prizes": prizes,
    }


def _tiebreak_keys(options: SeriesOptions, listed: list[Entry], attended: int, wins: int) -> dict[str, Any]:
    """Each Z7.3 step's key for one player: a greater key is better."""
    present = sorted((_goodness(options, e.score or 0) for e in listed if not e.absent), reverse=True)
    absent = sorted(
        (_goodness(options, e.score) for e in listed if e.absent and e.score is not None), reverse=True
    )
    by_event = {e.event: e for e in listed}
    last = []
    for index in sorted(by_event, reverse=True):
        entry = by_event[index]
        if entry.score is None:
            last.append((0, 0))
        else:
            last.append((1 if entry.absent else 2, _goodness(options, entry.score)))
    return {
        "best": [(1, g) for g in present] + [(0, g) for g in absent],
        "attendance": attended,
        "wins": wins,
        "last": last,
    }
