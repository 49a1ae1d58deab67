"""The next round's draw for a tournament record (T5): :func:`seat_next_round`.

It reads the tournament record (its results are not needed), finds the active competitors
of the next round (T8.4) and the seating and sit-outs so far (a substitute counting as the
player he replaces, T8.1), and asks :func:`.seating.next_round` for the tables. The answer
writes the tables as the record's ``rounds`` do, with a substitute's id in the seat of the
player he replaces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules_engine.errors import InvalidRecord
from rules_engine.records import check_integer
from rules_engine.tournament.answers import SeatingAnswer, TableAnswer
from rules_engine.tournament.seating import next_round, seating_report
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
    tables, sitouts = next_round(
        t.active(number),
        history,
        counts,
        seed=seed,
        team_size=1 if t.partner else 2,
        rounds_left=t.passen - number,
    )

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
        "seating": seating_report([*history, tables], [*so_far, sitouts]),
    }
