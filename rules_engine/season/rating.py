"""Players' strengths from a club's log of results (SEASON.md Z9, Z10): :func:`rate_players`.

The log is append-only: a correction replaces an earlier entry, a void entry removes one
(Z9.2), and the rating is always computed afresh over the effective results up to ``as_of``
(Z9.3), so that no correction can leave a figure stale. Each result gives observations of a
Gaussian linear model of the margin per game (Z10.1, Z10.2); the posterior is solved exactly
(:mod:`.linalg`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, NamedTuple, TypeGuard

from rules_engine.errors import InvalidRecord
from rules_engine.limits import SEASON, RecordTooLarge
from rules_engine.season.answers import RatingAnswer, RatingRow
from rules_engine.season.common import (
    Register,
    SeasonFinding,
    check_count,
    finding,
    identifier,
    identity_findings,
    integer,
    iso_date,
    number,
    read_list,
    read_object,
    read_register,
)
from rules_engine.season.linalg import Solver, posterior

__all__ = ["RatingOptions", "rate_players"]

_RESULT_FIELDS = frozenset(
    (
        "id",
        "date",
        "teams",
        "points",
        "players",
        "scores",
        "games",
        "direction",
        "replaces",
        "void",
        "reason",
        "event",
    )
)
_VOID_FIELDS = frozenset(("id", "replaces", "void", "reason"))
#: The fields of a result in its common form, read at once by :func:`_plain_result`.
_PLAIN_FIELDS = _RESULT_FIELDS - {"void"}


@dataclass(frozen=True, slots=True)
class RatingOptions:
    """Z10's options (defaults in Z10.7)."""

    sigma: float = 0.35
    tau: float = 0.04
    scale: float = 157.0
    individual_scale: float = 25.0
    unit: str = "game"
    half_life: float | None = None
    min_games: int = 12
    display_base: float = 1500.0
    display_scale: float = 1570.0


class LogEntry(NamedTuple):
    """One entry of the log as written (player ids as written: an alias or an unknown id). A
    tuple: a log of thousands of entries is built at the speed of tuples."""

    id: str
    #: Where the log lists it (results[position]).
    position: int
    date: date | None
    games: int
    replaces: str | None
    void: bool
    teams: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    points: tuple[int, int] | None = None
    players: tuple[str, ...] | None = None
    scores: tuple[int, ...] | None = None
    #: +1 when a higher score is better, -1 when lower is (Z10.2's d).
    sign: int = -1

    def named(self) -> tuple[str, ...]:
        if self.teams is not None:
            return self.teams[0] + self.teams[1]
        return self.players or ()


def _read_options(raw: object) -> RatingOptions:
    given = read_object(raw if raw is not None else {}, "options", RatingOptions.__dataclass_fields__)
    values: dict[str, Any] = {}
    for key in ("sigma", "tau", "scale", "individual_scale", "display_scale"):
        if key in given:
            values[key] = number(given[key], f"options.{key}", positive=True)
    if "display_base" in given:
        values["display_base"] = number(given["display_base"], "options.display_base")
    if "half_life" in given:
        values["half_life"] = number(given["half_life"], "options.half_life", positive=True)
    if "min_games" in given:
        values["min_games"] = integer(given["min_games"], "options.min_games", minimum=0)
    if "unit" in given:
        if given["unit"] not in ("game", "result"):
            raise InvalidRecord(
                f"options.unit: unknown value {given['unit']!r} (use one of 'game', 'result')",
                where="options.unit",
            )
        values["unit"] = given["unit"]
    return RatingOptions(**values)


def _ids(raw: object, where: str, least: int, most: int, why: str) -> tuple[str, ...]:
    if type(raw) is list and least <= len(raw) <= most and all(type(item) is str and item for item in raw):
        return tuple(raw)  # the common case, read at once
    listed = read_list(raw, where)
    check_count(listed, most, where, why)
    if len(listed) < least:
        raise InvalidRecord(
            f"{where} must list at least {least} player{'s' if least > 1 else ''}", where=where
        )
    return tuple(identifier(item, f"{where}[{i}]") for i, item in enumerate(listed))


def _ids_as_written(raw: object, least: int, most: int) -> TypeGuard[list[str]]:
    """Players in their common form: a list of ``least`` to ``most`` non-empty ids."""
    return (
        type(raw) is list
        and least <= len(raw) <= most
        and all(type(player) is str for player in raw)
        and "" not in raw
    )


def _plain_result(raw: object, index: int) -> LogEntry | None:
    """A result whose every field has its common form (plain ints, ids as strings), read without
    building a field's name; ``None`` for any other entry, which :func:`_read_entry` reads field
    by field and names what is wrong. A club's log is almost all of these."""
    if type(raw) is not dict or not raw.keys() <= _PLAIN_FIELDS:
        return None
    entry_id, games, played = raw.get("id"), raw.get("games", 1), raw.get("date")
    replaces, event, reason = raw.get("replaces"), raw.get("event"), raw.get("reason")
    if not (
        type(entry_id) is str
        and entry_id
        and played is not None
        and type(games) is int
        and 1 <= games <= SEASON.games
        and (replaces is None or (type(replaces) is str and replaces != ""))
        and (event is None or type(event) is str)
        and (reason is None or type(reason) is str)
    ):
        return None
    # What every result has, read as the careful reader reads it (its date last, as there).
    head = (entry_id, index, iso_date(played, f"results[{index}].date"), games, replaces, False)
    teams, points = raw.get("teams"), raw.get("points")
    players, scores, direction = raw.get("players"), raw.get("scores"), raw.get("direction")
    if (
        players is None
        and scores is None
        and direction is None
        and type(teams) is list
        and len(teams) == 2
        and _ids_as_written(teams[0], 1, SEASON.team)
        and _ids_as_written(teams[1], 1, SEASON.team)
        and type(points) is list
        and len(points) == 2
        and type(points[0]) is int
        and type(points[1]) is int
    ):
        return LogEntry(*head, teams=(tuple(teams[0]), tuple(teams[1])), points=(points[0], points[1]))
    if (
        teams is None
        and points is None
        and _ids_as_written(players, 2, SEASON.individual)
        and type(scores) is list
        and len(scores) == len(players)
        and all(type(score) is int for score in scores)
        and direction in (None, "low", "high")
    ):
        sign = 1 if direction == "high" else -1
        return LogEntry(*head, players=tuple(players), scores=tuple(scores), sign=sign)
    return None


def _read_entry(raw: object, index: int) -> LogEntry:
    at = f"results[{index}]"
    if not isinstance(raw, Mapping):
        raise InvalidRecord(f"{at} must be a JSON object", where=at)
    if raw.get("void") is not None:
        fields = read_object(raw, at, _VOID_FIELDS)
        if fields["void"] is not True:
            raise InvalidRecord(f"{at}.void must be true", where=f"{at}.void")
        for key in ("id", "replaces"):
            if key not in fields:
                raise InvalidRecord(
                    f"{at}.{key} is missing: a void entry names the entry it removes (Z9.2)",
                    where=f"{at}.{key}",
                )
        _reason(fields, at)
        return LogEntry(
            identifier(fields["id"], f"{at}.id"),
            index,
            None,
            0,
            identifier(fields["replaces"], f"{at}.replaces"),
            True,
        )
    fields = read_object(raw, at, _RESULT_FIELDS)
    for key in ("id", "date"):
        if key not in fields:
            raise InvalidRecord(f"{at}.{key} is missing", where=f"{at}.{key}")
    entry_id = identifier(fields["id"], f"{at}.id")
    played = iso_date(fields["date"], f"{at}.date")
    games = integer(fields.get("games", 1), f"{at}.games", minimum=1, maximum=SEASON.games)
    replaces = identifier(fields["replaces"], f"{at}.replaces") if "replaces" in fields else None
    _reason(fields, at)
    if "event" in fields and not isinstance(fields["event"], str):
        raise InvalidRecord(f"{at}.event must be a string (a label)", where=f"{at}.event")
    if ("teams" in fields) == ("players" in fields):
        raise InvalidRecord(f"{at}: give either teams and points or players and scores (Z9.1)", where=at)
    if "teams" in fields:
        for key in ("scores", "direction"):
            if key in fields:
                raise InvalidRecord(
                    f"{at}.{key} belongs to an individual result, not a team result (Z9.1)",
                    where=f"{at}.{key}",
                )
        teams = read_list(fields["teams"], f"{at}.teams")
        if len(teams) != 2:
            raise InvalidRecord(f"{at}.teams must list two teams, not {len(teams)}", where=f"{at}.teams")
        side_a, side_b = (
            _ids(team, f"{at}.teams[{side}]", 1, SEASON.team, "players in one team")
            for side, team in enumerate(teams)
        )
        if "points" not in fields:
            raise InvalidRecord(f"{at}.points is missing", where=f"{at}.points")
        points = read_list(fields["points"], f"{at}.points")
        if len(points) != 2:
            raise InvalidRecord(
                f"{at}.points must give two teams' points, not {len(points)}", where=f"{at}.points"
            )
        pair = (integer(points[0], f"{at}.points[0]"), integer(points[1], f"{at}.points[1]"))
        return LogEntry(entry_id, index, played, games, replaces, False, teams=(side_a, side_b), points=pair)
    if "points" in fields:
        raise InvalidRecord(
            f"{at}.points belongs to a team result, not an individual result (Z9.1)", where=f"{at}.points"
        )
    players = _ids(
        fields["players"], f"{at}.players", 2, SEASON.individual, "players in one individual result"
    )
    if "scores" not in fields:
        raise InvalidRecord(f"{at}.scores is missing", where=f"{at}.scores")
    scores = read_list(fields["scores"], f"{at}.scores")
    if len(scores) != len(players):
        raise InvalidRecord(
            f"{at}.scores must give one score per player ({len(players)}), not {len(scores)}",
            where=f"{at}.scores",
        )
    direction = fields.get("direction", "low")
    if direction not in ("low", "high"):
        raise InvalidRecord(
            f"{at}.direction: unknown value {direction!r} (use one of 'low', 'high')", where=f"{at}.direction"
        )
    return LogEntry(
        entry_id,
        index,
        played,
        games,
        replaces,
        False,
        players=players,
        scores=tuple(integer(s, f"{at}.scores[{i}]") for i, s in enumerate(scores)),
        sign=1 if direction == "high" else -1,
    )


def _reason(fields: Mapping[str, Any], at: str) -> None:
    if "reason" in fields and not isinstance(fields["reason"], str):
        raise InvalidRecord(f"{at}.reason must be a string", where=f"{at}.reason")


def read_log(raw: object) -> tuple[list[LogEntry], int]:
    """The log's entries and the effective ones among them (Z9.2), with how many were replaced.

    :raises InvalidRecord: an entry of the wrong form, a repeated id, a ``replaces`` that names
        no earlier entry, an entry replaced twice.
    """
    listed = read_list(raw, "results")
    check_count(
        listed,
        SEASON.results,
        "results",
        "entries of a rating log (a club's seasons, each Passe by its totals)",
    )
    entries: list[LogEntry] = []
    seen: dict[str, LogEntry] = {}
    replaced: set[str] = set()
    for index, item in enumerate(listed):
        entry = _plain_result(item, index) or _read_entry(item, index)
        if entry.id in seen:
            raise InvalidRecord(
                f"results[{index}].id: the result id {entry.id!r} is listed twice",
                where=f"results[{index}].id",
            )
        if entry.replaces is not None:
            if entry.replaces not in seen:
                raise InvalidRecord(
                    f"results[{index}].replaces: no earlier entry has the id {entry.replaces!r} (Z9.2)",
                    where=f"results[{index}].replaces",
                )
            if entry.replaces in replaced:
                raise InvalidRecord(
                    f"results[{index}].replaces: {entry.replaces!r} is already replaced by an earlier entry (Z9.2)",
                    where=f"results[{index}].replaces",
                )
            replaced.add(entry.replaces)
        seen[entry.id] = entry
        entries.append(entry)
    effective = [e for e in entries if e.id not in replaced and not e.void]
    return effective, len(replaced)


def _check(entry: LogEntry, register: Register) -> list[SeasonFinding]:
    """Z2.3, Z2.4 and Z9.4 for one effective result."""
    named = entry.named()
    resolve = register.resolve
    if (
        (entry.points is None or min(entry.points) >= 0)
        and all(player in resolve for player in named)
        and len({resolve[player] for player in named}) == len(named)
    ):
        return []
    found = identity_findings(entry.named(), register, result=entry.id)
    if entry.points is not None:
        for side, points in enumerate(entry.points):
            if points < 0:
                found.append(
                    finding(
                        "Z9.4",
                        "negative_points",
                        "result {result}: team {team} has {points} points; a team's points are never negative",
                        {"result": entry.id, "team": "AB"[side], "points": points},
                        result=entry.id,
                    )
                )
    return found


def rate_players(record: Mapping[str, Any], *, solve: Solver = posterior) -> RatingAnswer:
    """Validate a rating log and rate its players as of a date (SEASON.md Z9, Z10).

    ``solve`` gives μ and the sds of Z10.4's A and b: by default the engine's own, standard-library
    Python, whose dense Cholesky grows with the cube of the players rated at once.

    :raises InvalidRecord: the input is not a rating record (exit 2). A record that breaks a
        rule is answered ``{"valid": false, "errors": [...]}`` (Z11).

    >>> answer = rate_players({"game": "rating", "players": [{"id": "A", "name": "Anna"}], "results": []})
    >>> row = answer["unrated"][0]
    >>> row["rating"], round(row["rating_sd"], 6), round(row["conservative"], 6), answer["as_of"]
    (1500.0, 62.8, 1374.4, None)
    """
    top = read_object(record, "rating", ("game", "name", "as_of", "options", "players", "results"))
    if top.get("game") != "rating":
        raise InvalidRecord(f"game: a rating record has game 'rating', not {top.get('game')!r}", field="game")
    for key in ("players", "results"):
        if key not in top:
            raise InvalidRecord(f"{key} is missing", field=key)
    if "name" in top and not isinstance(top["name"], str):
        raise InvalidRecord("name must be a string", field="name")
    as_of = iso_date(top["as_of"], "as_of") if "as_of" in top else None
    options = _read_options(top.get("options"))
    register = read_register(top["players"])
    effective, replaced = read_log(top["results"])
    errors = [error for entry in effective for error in _check(entry, register)]
    if errors:
        return {"valid": False, "errors": [e.to_json() for e in errors]}
    if as_of is None and effective:
        as_of = max(e.date for e in effective if e.date is not None)
    used = [e for e in effective if as_of is not None and e.date is not None and e.date <= as_of]
    rows = _rate(register, used, options, as_of, solve)
    rated = sorted(
        (row for row in rows if row["games"] >= options.min_games),
        key=lambda row: (-round(row["conservative"], 6), row["id"]),
    )
    for rank, row in enumerate(rated, start=1):
        row["rank"] = rank
    return {
        "valid": True,
        "errors": [],
        "as_of": as_of.isoformat() if as_of is not None else None,
        "results_used": len(used),
        "results_later": len(effective) - len(used),
        "entries_replaced": replaced,
        "ratings": [_ranked_first(row) for row in rated],
        "unrated": sorted(
            (row for row in rows if row["games"] < options.min_games), key=lambda row: row["id"]
        ),
    }


def _ranked_first(row: RatingRow) -> RatingRow:
    """The row with ``rank`` as its first key, as the answer lists it."""
    return {"rank": row["rank"], **row}


def _rate(
    register: Register, used: Sequence[LogEntry], options: RatingOptions, as_of: date | None, solve: Solver
) -> list[RatingRow]:
    games = dict.fromkeys(register.names, 0)
    results = dict.fromkeys(register.names, 0)
    resolve = register.resolve
    for entry in used:
        played = entry.games
        for player in map(resolve.__getitem__, entry.named()):
            games[player] += played
            results[player] += 1
    observed = sorted(p for p in register.names if results[p])
    if len(observed) > SEASON.rated_players:
        raise RecordTooLarge(
            "players", SEASON.rated_players, len(observed), "players with results to rate at once"
        )
    index = {player: i for i, player in enumerate(observed)}
    size = len(observed)
    precision = 1.0 / options.tau**2
    noise = 1.0 / options.sigma**2
    a = [[0.0] * size for _ in range(size)]
    for i in range(size):
        a[i][i] = precision
    b = [0.0] * size
    for entry in used:
        unit = entry.games if options.unit == "game" else 1
        decay = 1.0
        if options.half_life is not None and as_of is not None and entry.date is not None:
            decay = 0.5 ** ((as_of - entry.date).days / options.half_life)
        weight = unit * decay * noise
        if entry.teams is not None and entry.points is not None:
            # Z10.1's x is +1 for one team and -1 for the other: x xᵀ adds the weight between
            # partners and takes it away between opponents.
            plus = [index[resolve[p]] for p in entry.teams[0]]
            minus = [index[resolve[p]] for p in entry.teams[1]]
            pulled = weight * (entry.points[0] - entry.points[1]) / (options.scale * entry.games)
            for side, other, sign in ((plus, minus, 1.0), (minus, plus, -1.0)):
                for i in side:
                    row = a[i]
                    b[i] += sign * pulled
                    for j in side:
                        row[j] += weight
                    for j in other:
                        row[j] -= weight
            continue
        # Z10.2: player j's observation has x_j = e_j - 1/k over the k players; summed over j,
        # x_j x_jᵀ is I - J/k, and Σ y_j x_j is y itself, since the deviations y_j sum to 0.
        seated = [index[resolve[p]] for p in entry.players or ()]
        scores = entry.scores or ()
        k = len(seated)
        mean = sum(scores) / k
        per_point = weight * entry.sign / (options.individual_scale * entry.games)
        shared = weight / k
        for i, score in zip(seated, scores):
            row = a[i]
            b[i] += per_point * (score - mean)
            row[i] += weight
            for j in seated:
                row[j] -= shared
    mu, sd = solve(a, b) if size else ([], [])
    strength = {player: (mu[i], sd[i]) for player, i in index.items()}
    rows: list[RatingRow] = []
    for player, name in register.names.items():
        m, s = strength.get(player, (0.0, options.tau))
        rating = options.display_base + options.display_scale * m
        rating_sd = options.display_scale * s
        rows.append(
            {
                "id": player,
                "name": name,
                "mu": m,
                "sd": s,
                "rating": rating,
                "rating_sd": rating_sd,
                "conservative": rating - 2 * rating_sd,
                "games": games[player],
                "results": results[player],
            }
        )
    return rows
