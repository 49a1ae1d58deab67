"""The toy game's tournament, engine side: pure functions on a tournament record, as the
engine's tournament entry points are (TOURNAMENT.md's record shape: ``players``, ``rounds``,
``results``).

Rules of a Hundred tournament (ids X…):
- X4 Each round draws the players to tables of four with the engine's seating generator (T5.3);
  the rest sit out and score nothing that round.
- X5 A player's round is his team's points at his table (team 1: seats 1 and 3), X1 deal by
  deal; the most points over the rounds ranks first, equal totals share the rank.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules_engine.errors import InvalidRecord
from rules_engine.tournament.seating import SeatedTable, next_round
from tests.toygame.engine import DEAL_POINTS

RECORD_GAME = "toy_tournament"
FIELDS = frozenset({"game", "options", "passen", "players", "rounds", "results"})


def _players(record: Mapping[str, Any]) -> list[str]:
    if record.get("game") != RECORD_GAME:
        raise InvalidRecord(f"game: {RECORD_GAME!r}, not {record.get('game')!r}")
    return [str(player["id"]) for player in record.get("players") or []]


def score_toy_tournament(record: Mapping[str, Any]) -> dict[str, Any]:
    """The ranking of a Hundred tournament (X5).

    :raises InvalidRecord: not a record of this tournament.
    """
    players = _players(record)
    passen = int(record.get("passen") or 1)
    results = {(int(r["round"]), int(r["table"])): r.get("deals") or [] for r in record.get("results") or []}
    rounds: dict[str, list[int | None]] = {player: [None] * passen for player in players}
    for number, each in enumerate(record.get("rounds") or [], start=1):
        for table in each["tables"]:
            deals = results.get((number, int(table["table"]))) or []
            team1 = sum(int(deal["points"]) for deal in deals)
            for seat, player in table["seats"].items():
                rounds[player][number - 1] = team1 if int(seat) % 2 else DEAL_POINTS * len(deals) - team1
    totals = {player: sum(points or 0 for points in rounds[player]) for player in players}
    ranked = sorted(players, key=lambda player: -totals[player])
    ranking = [
        {
            "rank": 1 + sum(1 for other in players if totals[other] > totals[player]),
            "id": player,
            "total": totals[player],
            "passen": rounds[player],
            "shared": any(other != player and totals[other] == totals[player] for other in players),
            "provisional": False,
        }
        for player in ranked
    ]
    return {"valid": True, "errors": [], "ranking": ranking, "standblatt": {}}


def seat_next_toy_round(record: Mapping[str, Any]) -> dict[str, Any]:
    """The next round of a Hundred tournament record, plus an optional ``seed`` (X4).

    :raises InvalidRecord: not a record of this tournament.
    """
    players = _players(record)
    rounds = list(record.get("rounds") or [])
    number = len(rounds) + 1
    history = [
        [
            SeatedTable((t["seats"]["1"], t["seats"]["3"]), (t["seats"]["2"], t["seats"]["4"]))
            for t in each["tables"]
        ]
        for each in rounds
    ]
    sitouts = Counter(player for each in rounds for player in each["sitouts"])
    tables, out = next_round(players, history, sitouts, seed=int(record.get("seed") or 0))
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
