"""The next round's draw for a tournament record (T5): :func:`seat_next_round`.

It reads the tournament record (its results are not needed), finds the active competitors
of the next round (T8.4) and the seating and sit-outs so far (a substitute counting as the
player he replaces, T8.1), and asks :func:`.seating.next_round` for the tables. The answer
writes the tables as the record's ``rounds`` do, with a substitute's id in the seat of the
player he replaces.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules_engine.errors import InvalidRecord
from rules_engine.limits import TOURNAMENT
from rules_engine.records import check_integer
from rules_engine.tournament.answers import SeatingAnswer, TableAnswer
from rules_engine.tournament.seating import balanced, next_round, seating_report, spread_counts
from rules_engine.tournament.tournament import Checked, check_rounds, read_tournament

__all__ = ["seat_next_round"]


def seat_next_round(record: Mapping[str, Any]) -> SeatingAnswer:
    """Propose the next round of a tournament record, plus an optional ``seed`` (default 0).

    The same record and seed always give the same round.

    :raises InvalidRecord: the input is not a tournament record, or every round is seated.
    """
    if not isinstance(record, Mapping):
        raise InvalidRecord(f"a record must be a JSON object, not {type(record).__name__}")
    data = dict(record)
    seed = check_integer(data.pop("seed", 0), "tournament.seed")
    strengths = _strengths(data.pop("strengths", None))
    t = read_tournament(data)
    number = len(t.rounds) + 1
    if number > t.passen:
        raise InvalidRecord(
            f"tournament.rounds: all {t.passen} rounds are seated (T4.3)", where="tournament.rounds"
        )
    checked = Checked()
    check_rounds(t, checked)
    if checked.findings:
        return {
            "valid": False,
            "errors": [f.to_json() for f in checked.findings],
            "round": number,
            "tables": [],
            "sitouts": [],
            "seating": seating_report([list(s.values()) for s in checked.seated], checked.sitout_history()),
        }
    history = [list(tables.values()) for tables in checked.seated]
    # T5.2: earlier sit-outs include a late entry's missed rounds when `late_entry` scores them as sit-outs.
    so_far = checked.sitout_history()
    counts = Counter(c for sitouts in so_far for c in sitouts)
    spread = spread_counts(history)
    tables, sitouts = next_round(
        t.active(number),
        history,
        counts,
        seed=seed,
        team_size=1 if t.partner else 2,
        rounds_left=t.passen - number,
        spread=spread,
    )
    if strengths and not t.partner:
        partners, opponents, _meetings = spread
        tables = [balanced(table, partners, opponents, strengths) for table in tables]

    def seated(player: str) -> str:
        substitute = t.substitute_in(player, number)
        return substitute.substitute if substitute is not None else player

    answer_tables: list[TableAnswer] = []
    for index, table in enumerate(tables, start=1):
        if t.partner:
            answer_tables.append({"table": index, "pairs": [table.team1[0], table.team2[0]]})
        else:
            (a, c), (b, d) = table.team1, table.team2
            seats = {"1": seated(a), "2": seated(b), "3": seated(c), "4": seated(d)}
            answer_tables.append({"table": index, "seats": seats})
    return {
        "valid": True,
        "errors": [],
        "round": number,
        "tables": answer_tables,
        "sitouts": sitouts,
        "seating": seating_report([tables], [*so_far, sitouts], spread),
    }


def _strengths(raw: object) -> dict[str, float]:
    """The record's ``strengths`` (an addition to TOURNAMENT.md's seating record): competitor id ->
    a number, higher stronger (a rating); the draw then seats each table of four strong with weak,
    after the partner and opponent rules (T5.3). Absent or null: no balancing."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise InvalidRecord(
            "tournament.strengths must be a JSON object of id -> number", where="tournament.strengths"
        )
    if len(raw) > TOURNAMENT.players * 2:
        raise InvalidRecord(
            "tournament.strengths names more competitors than an event holds", where="tournament.strengths"
        )
    found: dict[str, float] = {}
    for key, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise InvalidRecord(
                f"tournament.strengths.{key} must be a number, not {value!r}", where="tournament.strengths"
            )
        found[str(key)] = float(value)
    return found
