"""Confirmation by both teams, claims, office rulings and paper totals (TOURNAMENT.md T6).

A table's games are its Passe match's deals; what the teams and the office add to them lives in
the event's append-only log, so that every app server reads it from the database:

- ``confirm`` ``{"match_id", "slot", "version", "team"}``: the team confirms the game's figure
  as entered (T6.2 ``per_game``). It holds only while that version of the game is in force:
  a correction of the game asks both teams again.
- ``claim`` ``{"match_id", "slot", "team", "points"}``: the team's own figure (T6.2
  ``double_entry``; under ``per_game`` a team rejects the entry by claiming, T6.3).
- ``sign`` ``{"match_id", "team"}``: the team signs the Passe (T6.2 ``per_passe``).
- ``ruling`` ``{"match_id", "slot", "points", "reason"}``: the office's figure (T6.4).
- ``reported`` ``{"match_id", "team_totals"}``: the totals written on a paper sheet (T6.6).

A game is named by its slot (the seq of its first entry in the match's log), never by its
position, so that an undone game cannot shift a confirmation onto its neighbour.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scorer.events import schema
from scorer.events.state import EventState
from scorer.games.event import Office
from scorer.store import log

KINDS = frozenset({"confirm", "claim", "sign", "ruling", "reported"})


@dataclass(slots=True)
class TableMarks:
    """What the event's log says about one table's Passe."""

    #: slot -> team -> the match version the team confirmed.
    confirmed: dict[int, dict[int, int]] = field(default_factory=dict)
    #: slot -> team -> its latest claim (the earlier stay in the log).
    claims: dict[int, dict[int, dict[str, Any]]] = field(default_factory=dict)
    #: slot -> the office's latest ruling (``points`` and ``reason``).
    rulings: dict[int, dict[str, Any]] = field(default_factory=dict)
    signed: set[int] = field(default_factory=set)
    reported: tuple[int, int] | None = None


def marks(entries: Iterable[Any]) -> dict[int, TableMarks]:
    """Each table's marks (by match id), in log order: a later entry supersedes an earlier one."""
    found: dict[int, TableMarks] = {}
    for entry in sorted(entries, key=lambda e: e.seq):
        if entry.kind in KINDS and schema.entry_problem(entry.kind, entry.record) is None:
            mark(found.setdefault(int(dict(entry.record or {})["match_id"]), TableMarks()), entry)
    return found


def extended(known: Mapping[int, TableMarks], newer: Iterable[Any]) -> tuple[dict[int, TableMarks], set[int]]:
    """``known`` marks (as ``marks`` gave them) with the ``newer`` entries of the log applied, and
    the match ids they touched. ``known`` is left as it was: a touched table is copied first, so
    that a server's threads may go on reading the marks they hold."""
    found = dict(known)
    touched: set[int] = set()
    for entry in sorted(newer, key=lambda e: e.seq):
        if entry.kind not in KINDS or schema.entry_problem(entry.kind, entry.record) is not None:
            continue
        match_id = int(dict(entry.record or {})["match_id"])
        if match_id not in touched:
            found[match_id] = _copy(found.get(match_id))
            touched.add(match_id)
        mark(found[match_id], entry)
    return found, touched


def _copy(table: TableMarks | None) -> TableMarks:
    if table is None:
        return TableMarks()
    return TableMarks(
        {slot: dict(teams) for slot, teams in table.confirmed.items()},
        {slot: dict(teams) for slot, teams in table.claims.items()},
        dict(table.rulings),
        set(table.signed),
        table.reported,
    )


def mark(table: TableMarks, entry: Any) -> None:
    """Apply one entry of the log (of a kind in ``KINDS``) to its table's marks."""
    record = dict(entry.record or {})
    if entry.kind == "confirm":
        table.confirmed.setdefault(int(record["slot"]), {})[int(record["team"])] = int(record["version"])
    elif entry.kind == "claim":
        table.claims.setdefault(int(record["slot"]), {})[int(record["team"])] = dict(record["points"])
    elif entry.kind == "sign":
        table.signed.add(int(record["team"]))
    elif entry.kind == "ruling":
        table.rulings[int(record["slot"])] = {
            "points": dict(record["points"]),
            "reason": str(record.get("reason") or ""),
        }
    elif entry.kind == "reported":
        totals = record.get("team_totals")
        table.reported = (int(totals[0]), int(totals[1])) if totals else None


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a table as the engine reads it, and where it sits in the match's log."""

    slot: int
    version: int
    record: dict[str, Any]


def games(state: log.State, table: TableMarks | None) -> list[Game]:
    """The table's games in force, each with its confirmations, claims and ruling (T6.2-T6.4)."""
    found: list[Game] = []
    for slot in state.current_slots:
        current = slot.current
        if current is None:
            continue
        record = dict(current.record)
        if table is not None:
            teams = sorted(
                team for team, version in table.confirmed.get(slot.slot, {}).items() if version == current.seq
            )
            if teams:
                record["confirmed_by"] = teams
            claims = table.claims.get(slot.slot)
            if claims:
                record["claims"] = {str(team): points for team, points in sorted(claims.items())}
            ruling = table.rulings.get(slot.slot)
            if ruling is not None:
                record["ruling"] = {"points": ruling["points"], "by": "office", "reason": ruling["reason"]}
        found.append(Game(slot.slot, current.seq, record))
    return found


def table_record(
    office: Office,
    options: Mapping[str, Any],
    played: list[Game],
    table: TableMarks | None,
    *,
    reported: bool = False,
) -> dict[str, Any]:
    """The record of a table's games of one round, as the event's office reads it (its signature,
    and the paper totals if asked)."""
    record: dict[str, Any] = {
        "game": office.record_game,
        "profile": "tournament",
        "options": dict(options),
        "games": [game.record for game in played],
    }
    if table is not None and table.signed:
        record["confirmed_by"] = sorted(table.signed)
    if reported and table is not None and table.reported is not None:
        record["reported"] = {"team_totals": list(table.reported)}
    return record


def sign(
    office: Office | None, record: dict[str, Any], state: EventState, marks: Mapping[int, TableMarks]
) -> None:
    """Put each table's signature (T6.2 ``per_passe``) into a tournament record's results, as the
    event's office (its format's) puts it; an event without an office has none."""
    if office is None:
        return
    tables = {(each.number, t.table): t.match_id for each in state.rounds for t in each.tables}
    for result in record.get("results") or []:
        table = marks.get(tables.get((result["round"], result["table"]), -1))
        if table is not None and table.signed:
            office.sign(result, sorted(table.signed))
