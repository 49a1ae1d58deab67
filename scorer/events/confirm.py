"""Confirmation by both teams, claims, office rulings and paper totals (TOURNAMENT.md T6).

A table's games are its Passe match's deals; what the teams and the office add to them lives in
the event's append-only log, so that every app server reads it from the database:

- ``confirm`` ``{"match_id", "slot", "version", "team"}``: the team confirms the game's figure
  as entered (T6.2 ``per_game``), or the office's ruling on a game it had confirmed.
- ``claim`` ``{"match_id", "slot", "version", "team", "points"}``: the team's own figure (T6.2
  ``double_entry``; under ``per_game`` a team rejects the entry by claiming, T6.3).
- ``sign`` ``{"match_id", "team", "version"}``: the team signs the Passe (T6.2 ``per_passe``) as
  its match's log stood at ``version``.
- ``ruling`` ``{"match_id", "slot", "points", "reason", "withdrew"}``: the office's figure (T6.4);
  ``withdrew`` names the teams whose confirmation of the game it set aside.
- ``reported`` ``{"match_id", "team_totals"}``: the totals written on a paper sheet (T6.6).

A confirmation, claim or signature also names the ``device`` it was made on (a keyed hash,
``scorer.events.devices``): a device confirms for one team of a table only.

A signature covers what was signed, never a flag that outlives it: a confirmation or claim holds
only while the version of the game it names is in force (``game_versions``: a correction, an undo
or a redo of the game is a new version), a Passe's signature only while its match's log is at the
version signed, and a ruling withdraws every signature of its table made before it (the log's
order says which). So any change asks both teams again under every mode (T6.2), and the ranking,
which takes a table's games and signatures from here, counts only what they confirm (T6.5, T7.5).
A ruling on a game both teams had confirmed waits for both teams to confirm it before it counts;
a ruling that settles a dispute needs no confirmation (T6.4).

A game is named by its slot (the seq of its first entry in the match's log), never by its
position, so that an undone game cannot shift a confirmation onto its neighbour.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scorer.events.state import EventState
from scorer.games.event import Office
from scorer.store import log

KINDS = frozenset({"confirm", "claim", "sign", "ruling", "reported"})


#: A mark that names no version. A claim without one is the team's own figure whatever the
#: entry's version (T6.3 compares them); a Passe's signature without one covers no version,
#: since nothing says what it signed.
UNVERSIONED = -1


@dataclass(slots=True)
class TableMarks:
    """What the event's log says about one table's Passe."""

    #: slot -> team -> the game version the team confirmed.
    confirmed: dict[int, dict[int, int]] = field(default_factory=dict)
    #: slot -> team -> its latest claim (the earlier stay in the log).
    claims: dict[int, dict[int, dict[str, Any]]] = field(default_factory=dict)
    #: slot -> team -> the game version its latest claim was made at.
    claimed_at: dict[int, dict[int, int]] = field(default_factory=dict)
    #: slot -> the office's latest ruling (``points``, ``reason``, ``seq``, ``withdrew``).
    rulings: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: team -> the match version it signed the Passe at (only signatures after the last ruling).
    signed: dict[int, int] = field(default_factory=dict)
    #: team -> the match version of a signature withdrawn by a ruling, for the office's queue.
    withdrawn: dict[int, int] = field(default_factory=dict)
    reported: tuple[int, int] | None = None
    #: device -> the teams it confirmed, signed or claimed for (``scorer.events.devices``).
    devices: dict[str, set[int]] = field(default_factory=dict)


def marks(entries: Iterable[Any]) -> dict[int, TableMarks]:
    """Each table's marks (by match id), in log order: a later entry supersedes an earlier one."""
    found: dict[int, TableMarks] = {}
    for entry in sorted(entries, key=lambda e: e.seq):
        if entry.kind in KINDS:
            mark(found.setdefault(int(dict(entry.record or {})["match_id"]), TableMarks()), entry)
    return found


def extended(known: Mapping[int, TableMarks], newer: Iterable[Any]) -> tuple[dict[int, TableMarks], set[int]]:
    """``known`` marks (as ``marks`` gave them) with the ``newer`` entries of the log applied, and
    the match ids they touched. ``known`` is left as it was: a touched table is copied first, so
    that a server's threads may go on reading the marks they hold."""
    found = dict(known)
    touched: set[int] = set()
    for entry in sorted(newer, key=lambda e: e.seq):
        if entry.kind not in KINDS:
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
        {slot: dict(teams) for slot, teams in table.claimed_at.items()},
        dict(table.rulings),
        dict(table.signed),
        dict(table.withdrawn),
        table.reported,
        {device: set(teams) for device, teams in table.devices.items()},
    )


def _version(record: Mapping[str, Any]) -> int:
    value = record.get("version")
    return int(value) if value is not None else UNVERSIONED


def mark(table: TableMarks, entry: Any) -> None:
    """Apply one entry of the log (of a kind in ``KINDS``) to its table's marks."""
    record = dict(entry.record or {})
    device = record.get("device")
    if isinstance(device, str) and entry.kind in ("confirm", "claim", "sign"):
        table.devices.setdefault(device, set()).add(int(record["team"]))
    if entry.kind == "confirm":
        table.confirmed.setdefault(int(record["slot"]), {})[int(record["team"])] = int(record["version"])
    elif entry.kind == "claim":
        slot, team = int(record["slot"]), int(record["team"])
        table.claims.setdefault(slot, {})[team] = dict(record["points"])
        table.claimed_at.setdefault(slot, {})[team] = _version(record)
    elif entry.kind == "sign":
        table.signed[int(record["team"])] = _version(record)
        table.withdrawn.pop(int(record["team"]), None)
    elif entry.kind == "ruling":
        slot = int(record["slot"])
        table.rulings[slot] = {
            "points": dict(record["points"]),
            "reason": str(record.get("reason") or ""),
            "seq": int(entry.seq),
            "withdrew": sorted(int(team) for team in record.get("withdrew") or ()),
        }
        # The ruling changes the Passe: the signatures made before it covered another one.
        table.withdrawn.update(table.signed)
        table.signed.clear()
        table.confirmed.pop(slot, None)
    elif entry.kind == "reported":
        totals = record.get("team_totals")
        table.reported = (int(totals[0]), int(totals[1])) if totals else None


def signatures(table: TableMarks | None, version: int) -> list[int]:
    """The teams whose signature covers the Passe as its match's log stands at ``version``."""
    if table is None:
        return []
    return sorted(team for team, signed in table.signed.items() if signed == version)


def stale_signatures(table: TableMarks | None, version: int) -> list[int]:
    """The teams whose signature a later change of the Passe withdrew (asked to sign again)."""
    if table is None:
        return []
    stale = {team for team, signed in table.signed.items() if signed != version}
    return sorted(stale | set(table.withdrawn))


def game_versions(state: log.State) -> dict[int, int]:
    """Each game's version: the seq of the latest entry of the match's log that changed it (its
    deal, a correction, an undo or a redo of either). An undo that brings an earlier figure back
    is a new version too: what was confirmed before it is not confirmed again by it."""
    owner = {version.seq: slot.slot for slot in state.slots for version in slot.versions}
    changed = {slot.slot: max(version.seq for version in slot.versions) for slot in state.slots}
    by_seq = {entry.seq: entry for entry in state.entries}
    for entry in state.entries:
        if entry.kind != "undo":
            continue
        target = by_seq.get(entry.target_seq or 0)
        # An undo of an undo (a redo) changes what that undo changed.
        while target is not None and target.kind == "undo":
            target = by_seq.get(target.target_seq or 0)
        slot = owner.get(target.seq) if target is not None else None
        if slot is not None:
            changed[slot] = max(changed[slot], entry.seq)
    return changed


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a table as the engine reads it, and where it sits in the match's log."""

    slot: int
    version: int
    record: dict[str, Any]
    #: The office's ruling on a game both teams had confirmed, until both confirm it.
    pending_ruling: dict[str, Any] | None = None


def games(state: log.State, table: TableMarks | None) -> list[Game]:
    """The table's games in force, each with the confirmations, claims and ruling that cover its
    version (T6.2-T6.4)."""
    found: list[Game] = []
    versions = game_versions(state)
    for slot in state.current_slots:
        current = slot.current
        if current is None:
            continue
        version = versions.get(slot.slot, current.seq)
        record = dict(current.record)
        pending: dict[str, Any] | None = None
        if table is not None:
            teams = sorted(
                team for team, confirmed in table.confirmed.get(slot.slot, {}).items() if confirmed == version
            )
            ruling = table.rulings.get(slot.slot)
            if ruling is not None and ruling["withdrew"] and teams != [1, 2]:
                pending = ruling
            if teams:
                record["confirmed_by"] = teams
            claimed_at = table.claimed_at.get(slot.slot, {})
            claims = {
                team: points
                for team, points in (table.claims.get(slot.slot) or {}).items()
                if claimed_at.get(team, UNVERSIONED) in (version, UNVERSIONED)
            }
            if claims and pending is None:
                record["claims"] = {str(team): points for team, points in sorted(claims.items())}
            if ruling is not None and pending is None:
                record["ruling"] = {"points": ruling["points"], "by": "office", "reason": ruling["reason"]}
        found.append(Game(slot.slot, version, record, pending))
    return found


def table_record(
    office: Office,
    options: Mapping[str, Any],
    played: list[Game],
    table: TableMarks | None,
    *,
    version: int = 0,
    reported: bool = False,
) -> dict[str, Any]:
    """The record of a table's games of one round, as the event's office reads it (the
    signatures that cover its match's log at ``version``, and the paper totals if asked)."""
    record: dict[str, Any] = {
        "game": office.record_game,
        "profile": "tournament",
        "options": dict(options),
        "games": [game.record for game in played],
    }
    signed = signatures(table, version)
    if signed:
        record["confirmed_by"] = signed
    if reported and table is not None and table.reported is not None:
        record["reported"] = {"team_totals": list(table.reported)}
    return record


def sign(
    office: Office | None,
    record: dict[str, Any],
    state: EventState,
    marks: Mapping[int, TableMarks],
    versions: Mapping[int, int],
) -> None:
    """Put each table's signature (T6.2 ``per_passe``) into a tournament record's results, as the
    event's office (its format's) puts it: only the signatures that cover the table's match at
    its version now (``versions``, by match id); an event without an office has none."""
    if office is None:
        return
    tables = {(each.number, t.table): t.match_id for each in state.rounds for t in each.tables}
    for result in record.get("results") or []:
        match_id = tables.get((result["round"], result["table"]), -1)
        signed = signatures(marks.get(match_id), versions.get(match_id, 0))
        if signed:
            office.sign(result, signed)
