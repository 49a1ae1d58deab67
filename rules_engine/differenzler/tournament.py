"""A Differenzler tournament (D7.3) in TOURNAMENT.md's format: rounds of tables of four, redrawn
after each Passe (T5), each table's Passe a Differenzler Partie of one deal per player (D7.1),
and the ranking by the sum of each player's Passe scores, lowest first (D1.2, D7.3).

DIFFERENZLER.md D7.3 describes this tournament without adjudicating it, and keeps
``score_tournament`` with ``"game": "differenzler_tournament"`` malformed. This module is the
addition docs/DEAL_RECORD_ADDITIONS.md describes, under its own entry point
:func:`score_differenzler_tournament`:

- T5.1 and T5.2 apply as written: tables of four, every player seated once or sitting out,
  nobody sitting out again while another has sat out fewer times;
- a Passe is scored by :func:`rules_engine.differenzler.match.score_match` with ``deal_count``
  4 and the tournament's Differenzler options;
- a sit-out scores by option ``sitout_score``: **[reading]** ``own_average`` (T5.5's
  ``own_average``: the mean of his played Passen, rounded half up, 0 while he has none; the
  only value of T5.5 that carries over to a score where lower is better), or ``fixed``
  (``sitout_points``);
- equal totals by D7.4's ``tie`` (``shared``; ``exact_hits``: more exact hits first; ``lot``:
  the record's ``lots``, lower first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, cast

from rules_engine.differenzler.match import score_match
from rules_engine.differenzler.options import differenzler_options
from rules_engine.errors import InvalidRecord, Reason
from rules_engine.records import Fields, check_integer, check_list
from rules_engine.tournament.seating import SeatedTable, next_round, seating_report

__all__ = ["score_differenzler_tournament", "seat_next_differenzler_round"]

RECORD_FIELDS = frozenset({"game", "options", "passen", "players", "rounds", "results", "lots"})
TOURNAMENT_KEYS = frozenset({"sitout_score", "sitout_points"})
SEATS = ("1", "2", "3", "4")
TABLE = 4


def _id(raw: object, where: str) -> str:
    if not isinstance(raw, str) or not raw:
        raise InvalidRecord(f"{where} must be a player id (a non-empty string), not {raw!r}", where=where)
    return raw


def _finding(rule: str, code: str, template: str, params: dict[str, Any], **where: Any) -> dict[str, Any]:
    answer = cast(dict[str, Any], Reason(rule, code, template, params).to_json())
    answer.update({k: v for k, v in where.items() if v is not None})
    return answer


def score_differenzler_tournament(record: Mapping[str, Any]) -> dict[str, Any]:
    """Validate a Differenzler tournament record and rank it (lowest total first).

    :raises InvalidRecord: the input is not such a record (exit 2).
    """
    fields = Fields(record, "tournament", RECORD_FIELDS)
    if fields.raw("game") != "differenzler_tournament":
        raise InvalidRecord(
            f"game: {fields.raw('game')!r} is not a Differenzler tournament record", where="game"
        )
    raw_options = dict(fields.mapping("options", None) or {})
    sitout_score = raw_options.pop("sitout_score", "own_average")
    if sitout_score not in ("own_average", "fixed"):
        raise InvalidRecord(
            f"options.sitout_score must be 'own_average' or 'fixed', not {sitout_score!r}",
            where="options.sitout_score",
        )
    sitout_points = raw_options.pop("sitout_points", None)
    if sitout_score == "fixed":
        sitout_points = check_integer(sitout_points, "options.sitout_points", minimum=0)
    elif sitout_points is not None:
        raise InvalidRecord(
            "options.sitout_points is for sitout_score 'fixed'", where="options.sitout_points"
        )
    options = differenzler_options(raw_options)
    passen = fields.integer("passen", minimum=1, maximum=1000) if fields.has("passen") else 4
    players: list[str] = []
    for index, raw in enumerate(check_list(fields.raw("players"), "tournament.players")):
        listed_player = Fields(raw, f"tournament.players[{index}]", {"id", "name", "club", "number"})
        player = _id(listed_player.raw("id"), listed_player.name("id"))
        if player in players:
            raise InvalidRecord(
                f"{listed_player.name('id')}: {player!r} is registered twice", where=listed_player.name("id")
            )
        players.append(player)
    lots = {
        _id(key, "tournament.lots"): check_integer(value, f"tournament.lots.{key}")
        for key, value in (fields.mapping("lots", None) or {}).items()
    }
    rounds = check_list(fields.raw("rounds"), "tournament.rounds")
    errors: list[dict[str, Any]] = []
    if len(rounds) > passen:
        errors.append(
            _finding(
                "T4.3",
                "too_many_rounds",
                "{rounds} rounds are seated; the tournament has {passen}",
                {"rounds": len(rounds), "passen": passen},
            )
        )
    seated_rounds: list[dict[int, tuple[str, ...]]] = []
    sitouts: list[list[str]] = []
    earlier: Counter[str] = Counter()
    for number, raw_round in enumerate(rounds, start=1):
        where = f"tournament.rounds[{number - 1}]"
        round_fields = Fields(raw_round, where, {"tables", "sitouts"})
        tables: dict[int, tuple[str, ...]] = {}
        seen: Counter[str] = Counter()
        for t_index, raw_table in enumerate(check_list(round_fields.raw("tables"), f"{where}.tables")):
            table_fields = Fields(raw_table, f"{where}.tables[{t_index}]", {"table", "seats"})
            table = table_fields.integer("table", minimum=1)
            seats = table_fields.mapping("seats")
            if set(seats) != set(SEATS):
                raise InvalidRecord(
                    f"{table_fields.name('seats')} must name seats 1 to 4", where=table_fields.name("seats")
                )
            ids = tuple(_id(seats[s], f"{table_fields.name('seats')}.{s}") for s in SEATS)
            tables[table] = ids
            seen.update(ids)
        listed = [
            _id(p, f"{where}.sitouts") for p in check_list(round_fields.raw("sitouts"), f"{where}.sitouts")
        ]
        for player in [*seen, *listed]:
            if player not in players:
                errors.append(
                    _finding("T5.1", "unknown_id", "{id} is not a player", {"id": player}, round=number)
                )
        for player in players:
            times = seen[player] + listed.count(player)
            if times != 1:
                errors.append(
                    _finding(
                        "T5.1",
                        "not_seated_once",
                        "{id} is seated or listed {times} times in round {round}; every player once",
                        {"id": player, "times": times, "round": number},
                        round=number,
                    )
                )
        expected = len(players) % TABLE
        if len(listed) != expected:
            errors.append(
                _finding(
                    "T5.2",
                    "sitout_count",
                    "{count} sit out in round {round}; with {active} players, {expected} do",
                    {"count": len(listed), "round": number, "active": len(players), "expected": expected},
                    round=number,
                )
            )
        playing = [p for p in players if seen[p]]
        for player in listed:
            fewer = [p for p in playing if earlier[p] < earlier[player]]
            if fewer:
                errors.append(
                    _finding(
                        "T5.2",
                        "sitout_order",
                        "{id} sits out again while {other} has sat out fewer times",
                        {"id": player, "other": fewer[0]},
                        round=number,
                    )
                )
        earlier.update(listed)
        seated_rounds.append(tables)
        sitouts.append(listed)
    # Each table's Passe: a Partie of four deals (D7.1), scored with the tournament's options.
    passe: dict[tuple[int, int], dict[str, Any]] = {}
    for index, raw in enumerate(check_list(fields.raw("results"), "tournament.results")):
        result = Fields(raw, f"tournament.results[{index}]", {"round", "table", "deals"})
        number = result.integer("round", minimum=1)
        table = result.integer("table", minimum=1)
        if number > len(seated_rounds) or table not in seated_rounds[number - 1]:
            errors.append(
                _finding(
                    "T5.1",
                    "no_such_table",
                    "round {round} has no table {table}",
                    {"round": number, "table": table},
                    round=number,
                    table=table,
                )
            )
            continue
        partie = {
            "game": "differenzler",
            "options": raw_options,
            "players": TABLE,
            "deal_count": TABLE,
            "deals": result.sequence("deals"),
        }
        answer = cast(dict[str, Any], score_match(partie))
        for error in answer.get("errors", []):
            errors.append({**error, "round": number, "table": table})
        passe[(number, table)] = answer
    # Each player's Passen: his table's total, a sit-out, or null while not played.
    entries: dict[str, list[int | None]] = {p: [None] * passen for p in players}
    kinds: dict[str, list[str]] = {p: ["null"] * passen for p in players}
    hits: Counter[str] = Counter()
    for index, tables in enumerate(seated_rounds):
        for table, ids in tables.items():
            scored = passe.get((index + 1, table))
            if scored is None or not scored.get("valid") or not scored.get("finished"):
                continue
            for seat, player in enumerate(ids):
                if player in entries:
                    entries[player][index] = int(scored["totals"][seat])
                    kinds[player][index] = "played"
                    hits[player] += int(scored["exact_hits"][seat])
        for player in sitouts[index]:
            if player in kinds:
                kinds[player][index] = "sitout"
    standings: list[dict[str, Any]] = []
    for player in players:
        played = [
            v for v, k in zip(entries[player], kinds[player], strict=True) if k == "played" and v is not None
        ]
        if sitout_score == "fixed":
            sitout_value = int(sitout_points or 0)
        else:
            sitout_value = (2 * sum(played) + len(played)) // (2 * len(played)) if played else 0
        passen_values = [
            sitout_value if kind == "sitout" else value
            for value, kind in zip(entries[player], kinds[player], strict=True)
        ]
        total = sum(v for v in passen_values if v is not None)
        standings.append(
            {
                "id": player,
                "total": total,
                "passen": passen_values,
                "sitouts": [i for i, kind in enumerate(kinds[player]) if kind == "sitout"],
                "exact_hits": hits[player],
                "provisional": any(v is None for v in passen_values),
            }
        )
    # T1.4's Standblatt: one line per round a player is seated in or sits out, his Passe score
    # (null while not played); a Differenzler player has no partner, his opponents are the other three.
    standblatt: dict[str, list[dict[str, Any]]] = {p: [] for p in players}
    values = {entry["id"]: entry["passen"] for entry in standings}
    for index, tables in enumerate(seated_rounds):
        for table, ids in sorted(tables.items()):
            for player in ids:
                if player in standblatt:
                    others = [other for other in ids if other != player]
                    standblatt[player].append(
                        {
                            "round": index + 1,
                            "table": table,
                            "opponents": others,
                            "score": values[player][index],
                        }
                    )
        for player in sitouts[index]:
            if player in standblatt:
                standblatt[player].append(
                    {"round": index + 1, "table": None, "sitout": True, "score": values[player][index]}
                )
    tie = options["tie"]

    def key(entry: dict[str, Any]) -> tuple[int, ...]:
        if tie == "exact_hits":
            return (entry["total"], -entry["exact_hits"])
        if tie == "lot" and entry["id"] in lots:
            return (entry["total"], lots[entry["id"]])
        return (entry["total"],)

    standings.sort(key=lambda e: (key(e), players.index(str(e["id"]))))
    for standing in standings:
        standing["rank"] = 1 + sum(1 for other in standings if key(other) < key(standing))
        standing["shared"] = any(other is not standing and key(other) == key(standing) for other in standings)
    history = [
        [SeatedTable((ids[0], ids[2]), (ids[1], ids[3])) for ids in tables.values()]
        for tables in seated_rounds
    ]
    return {
        "valid": not errors,
        "errors": errors,
        "ranking": standings,
        "finished": len(seated_rounds) == passen and not any(e["provisional"] for e in standings),
        "seating": dict(seating_report(history, sitouts)),
        "standblatt": standblatt,
    }


def seat_next_differenzler_round(record: Mapping[str, Any]) -> dict[str, Any]:
    """Propose the next round of a Differenzler tournament record, plus an optional ``seed``.

    The seating generator of TOURNAMENT.md T5.3 (``seat_next_round``'s) draws tables of four and
    the N mod 4 sit-outs of T5.2. **[reading]** It seats a Differenzler table as an Einzelschieber
    table: its partner and opponent counts are both meetings of players who play alone, and
    seats 1 to 4 are the table's order of play. The same record and seed give the same round.

    :raises InvalidRecord: the input is not such a record, or every round is seated.
    """
    if not isinstance(record, Mapping):
        raise InvalidRecord(f"a record must be a JSON object, not {type(record).__name__}")
    data = dict(record)
    seed = check_integer(data.pop("seed", 0), "tournament.seed")
    checked = score_differenzler_tournament(data)
    passen = int(data.get("passen") or 4)
    rounds = list(data.get("rounds") or [])
    number = len(rounds) + 1
    if number > passen:
        raise InvalidRecord(
            f"tournament.rounds: all {passen} rounds are seated (T4.3)", where="tournament.rounds"
        )
    seating_errors = [e for e in checked["errors"] if str(e.get("rule", "")).startswith(("T4", "T5"))]
    if seating_errors:
        return {"valid": False, "errors": seating_errors, "round": number, "tables": [], "sitouts": []}
    history = [
        [
            SeatedTable((t["seats"]["1"], t["seats"]["3"]), (t["seats"]["2"], t["seats"]["4"]))
            for t in each["tables"]
        ]
        for each in rounds
    ]
    counts = Counter(p for each in rounds for p in each["sitouts"])
    players = [str(p["id"]) for p in data["players"]]
    tables, out = next_round(players, history, counts, seed=seed, rounds_left=passen - number)
    return {
        "valid": True,
        "errors": [],
        "round": number,
        "tables": [
            {"table": index, "seats": {"1": t.team1[0], "2": t.team2[0], "3": t.team1[1], "4": t.team2[1]}}
            for index, t in enumerate(tables, start=1)
        ],
        "sitouts": out,
    }
