"""A tournament: rounds, seating, results, substitutes, withdrawals and the ranking (TOURNAMENT.md T4–T8).

:func:`read_tournament` reads a tournament record's shape (malformed input raises
:class:`InvalidRecord`); :func:`score_tournament` checks every round's seating (T5.1,
T5.2), every result (the embedded Passe as :mod:`.passe` checks it, or results-only
totals against T3.5), and answers the ranking (T7), the seating report (T5.3) and each
competitor's Standblatt (T1.4). A record that breaks a rule yields no ranking and no
Standblatt (null), but its errors, ``rounds_complete`` and seating report.
"""

from __future__ import annotations

import json
import threading
from collections import Counter, OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_engine.errors import InvalidRecord
from rules_engine.options import RuleOptions
from rules_engine.records import Fields, check_integer, check_list
from rules_engine.tournament.answers import StandblattLine, TournamentAnswer
from rules_engine.tournament.findings import Finding, finding
from rules_engine.tournament.office import paper_control
from rules_engine.tournament.options import factors_all_one, half_control, passe_options
from rules_engine.tournament.passe import (
    EMBEDDED_FIELDS,
    PasseResult,
    evaluate_passe,
    read_pair,
    read_passe_body,
)
from rules_engine.tournament.ranking import NULL, Entry, Standing, rank
from rules_engine.tournament.seating import SeatedTable, seating_report

__all__ = ["TOURNAMENT_FIELDS", "Tournament", "read_tournament", "score_tournament"]

TOURNAMENT_FIELDS: frozenset[str] = frozenset(
    {
        "game",
        "profile",
        "options",
        "passen",
        "players",
        "pairs",
        "rounds",
        "results",
        "substitutes",
        "withdrawals",
        "late_entries",
        "lots",
    }
)
MAX_PASSEN = 1000
_PLAYER_FIELDS = frozenset({"id", "name", "club", "number"})
_RESULT_FIELDS = frozenset({"round", "table", "passe", "team_totals", "matches"})
_SEATS = ("1", "2", "3", "4")


@dataclass(frozen=True, slots=True)
class Substitute:
    """T8.1: ``substitute`` takes the place of player ``replaced`` in rounds ``first``..``last``."""

    replaced: str
    substitute: str
    first: int
    last: int

    def covers(self, round: int) -> bool:
        return self.first <= round <= self.last


@dataclass(frozen=True, slots=True)
class LateEntry:
    """A competitor registered after the first draw: active from round ``first`` on (the
    reverse of T8.4); his earlier rounds score by option ``late_entry``."""

    competitor: str
    first: int


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """T8.4: ``competitor`` is no longer active from round ``first`` on."""

    competitor: str
    first: int
    table_action: str


@dataclass(frozen=True, slots=True)
class Table:
    """A seated table as the record writes it: its number and the ids in seats 1..4 (None: empty)."""

    number: int
    ids: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class Round:
    tables: tuple[Table, ...]
    sitouts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Result:
    round: int
    table: int
    where: str
    passe: Mapping[str, Any] | None
    team_totals: tuple[int, int] | None
    matches: tuple[int, int]


@dataclass(slots=True)
class Tournament:
    """A tournament record as read, before any rule is checked."""

    options: RuleOptions
    passen: int
    players: tuple[str, ...]
    #: Pair id -> its two players (Partnerschieber), empty in the Einzelschieber.
    pairs: dict[str, tuple[str, str]]
    rounds: tuple[Round, ...]
    results: tuple[Result, ...]
    substitutes: tuple[Substitute, ...]
    withdrawals: tuple[Withdrawal, ...]
    lots: dict[str, int]
    late_entries: tuple[LateEntry, ...] = ()
    #: Read once from the fields above: a thousand players asked about seat by seat made the
    #: list scans quadratic (every lookup below answers as the scan it replaces).
    partner: bool = field(init=False)
    competitors: tuple[str, ...] = field(init=False)
    player_set: frozenset[str] = field(init=False)
    competitor_set: frozenset[str] = field(init=False)
    _withdrawal_of: dict[str, Withdrawal] = field(init=False)
    _late_of: dict[str, LateEntry] = field(init=False)

    def __post_init__(self) -> None:
        self.partner = bool(self.options.format == "partner")
        self.competitors = tuple(self.pairs) if self.partner else self.players
        self.player_set = frozenset(self.players)
        self.competitor_set = frozenset(self.competitors)
        # The first of each competitor, as the scans found it (the reader refuses a second).
        self._withdrawal_of = {}
        for withdrawal in self.withdrawals:
            self._withdrawal_of.setdefault(withdrawal.competitor, withdrawal)
        self._late_of = {}
        for late in self.late_entries:
            self._late_of.setdefault(late.competitor, late)

    def active(self, round: int) -> list[str]:
        """T8.4: the competitors still in play in ``round`` (1-based)."""
        gone = {w.competitor for w in self.withdrawals if w.first <= round}
        gone |= {late.competitor for late in self.late_entries if late.first > round}
        return [c for c in self.competitors if c not in gone]

    def late_entry(self, competitor: str) -> LateEntry | None:
        return self._late_of.get(competitor)

    def substitute_in(self, player: str, round: int) -> Substitute | None:
        if not self.substitutes:
            return None
        for substitute in self.substitutes:
            if substitute.replaced == player and substitute.covers(round):
                return substitute
        return None

    def withdrawal(self, competitor: str) -> Withdrawal | None:
        return self._withdrawal_of.get(competitor)


def _id(raw: object, where: str) -> str:
    if not isinstance(raw, str) or not raw:
        raise InvalidRecord(f"{where} must be an id (text), not {raw!r}", where=where)
    return raw


def read_tournament(record: object) -> Tournament:
    """Read a tournament record's shape (TOURNAMENT.md, "Tournament record").

    :raises InvalidRecord: the input is not a tournament record (T9's malformed list).
    """
    fields = Fields(record, "tournament", TOURNAMENT_FIELDS)
    game = fields.raw("game", "schieber_tournament")
    if game != "schieber_tournament":
        raise InvalidRecord(
            f"game: {game!r} is not a tournament record (use 'schieber_tournament')", where="game"
        )
    options = passe_options(fields.raw("profile"), fields.raw("options"))
    # Any number of rounds is a rule value (T4.3); the cap only keeps a typo from sizing every answer.
    passen = fields.integer("passen", minimum=1, maximum=MAX_PASSEN) if fields.has("passen") else 4
    if options.streich >= passen:
        raise InvalidRecord(
            f"options.streich: {options.streich} strikes every Passe of {passen} (T7.2)",
            where="options.streich",
        )
    players: list[str] = []
    registered: set[str] = set()
    for index, raw in enumerate(check_list(fields.raw("players"), "tournament.players")):
        player = Fields(raw, f"tournament.players[{index}]", _PLAYER_FIELDS)
        player_id = _id(player.raw("id"), player.name("id"))
        if player_id in registered:
            raise InvalidRecord(
                f"{player.name('id')}: {player_id!r} is registered twice", where=player.name("id")
            )
        players.append(player_id)
        registered.add(player_id)
    pairs: dict[str, tuple[str, str]] = {}
    if options.format == "partner":
        if not fields.has("pairs"):
            raise InvalidRecord(
                "tournament.pairs is missing (the Partnerschieber ranks pairs, T4.2)",
                where="tournament.pairs",
            )
        paired: set[str] = set()
        for index, raw in enumerate(check_list(fields.raw("pairs"), "tournament.pairs")):
            pair = Fields(raw, f"tournament.pairs[{index}]", {"id", "players"})
            pair_id = _id(pair.raw("id"), pair.name("id"))
            members = check_list(pair.raw("players"), pair.name("players"))
            if len(members) != 2 or any(m not in registered for m in members) or members[0] == members[1]:
                raise InvalidRecord(
                    f"{pair.name('players')} must be two registered players, not {members!r}",
                    where=pair.name("players"),
                )
            if pair_id in pairs or paired & set(members):
                raise InvalidRecord(
                    f"{pair.name('id')}: a pair or one of its players is given twice", where=pair.name("id")
                )
            paired.update(members)
            pairs[pair_id] = (members[0], members[1])
    elif fields.has("pairs"):
        raise InvalidRecord(
            "tournament.pairs is for the Partnerschieber (format 'partner', T4.2)", where="tournament.pairs"
        )
    competitors = set(pairs) if options.format == "partner" else set(players)
    substitutes = _read_substitutes(fields, players, passen)
    withdrawals = _read_withdrawals(fields, competitors, passen)
    late_entries = _read_late_entries(fields, competitors, passen)
    lots: dict[str, int] = {}
    for key, value in (fields.mapping("lots", None) or {}).items():
        if key not in competitors:
            raise InvalidRecord(
                f"tournament.lots: {key!r} is not a competitor of this tournament", where="tournament.lots"
            )
        lots[key] = check_integer(value, f"tournament.lots.{key}")
    rounds = tuple(
        _read_round(raw, f"tournament.rounds[{index}]", options.format == "partner")
        for index, raw in enumerate(check_list(fields.raw("rounds"), "tournament.rounds"))
    )
    results = _read_results(fields, options)
    return Tournament(
        options, passen, tuple(players), pairs, rounds, results, substitutes, withdrawals, lots, late_entries
    )


def _read_late_entries(fields: Fields, competitors: set[str], passen: int) -> tuple[LateEntry, ...]:
    """``late_entries``: ``{"player": id, "from_round": r}``, r ≥ 2 (an entry for round 1 is not late)."""
    late: list[LateEntry] = []
    for index, raw in enumerate(check_list(fields.raw("late_entries"), "tournament.late_entries")):
        entry = Fields(raw, f"tournament.late_entries[{index}]", {"player", "from_round"})
        competitor = _id(entry.raw("player"), entry.name("player"))
        if competitor not in competitors:
            raise InvalidRecord(
                f"{entry.name('player')}: {competitor!r} is not a competitor of this tournament",
                where=entry.name("player"),
            )
        if any(e.competitor == competitor for e in late):
            raise InvalidRecord(
                f"{entry.name('player')}: {competitor!r} enters late twice", where=entry.name("player")
            )
        late.append(LateEntry(competitor, entry.integer("from_round", minimum=2, maximum=passen)))
    return tuple(late)


def _read_substitutes(fields: Fields, players: Sequence[str], passen: int) -> tuple[Substitute, ...]:
    substitutes: list[Substitute] = []
    for index, raw in enumerate(check_list(fields.raw("substitutes"), "tournament.substitutes")):
        entry = Fields(
            raw, f"tournament.substitutes[{index}]", {"for", "substitute", "from_round", "to_round"}
        )
        replaced = _id(entry.raw("for"), entry.name("for"))
        if replaced not in players:
            raise InvalidRecord(
                f"{entry.name('for')}: {replaced!r} is not a registered player (T8.1)",
                where=entry.name("for"),
            )
        substitute = _id(entry.raw("substitute"), entry.name("substitute"))
        if substitute in players:
            raise InvalidRecord(
                f"{entry.name('substitute')}: {substitute!r} is a registered player's id (T8.1)",
                where=entry.name("substitute"),
            )
        first = entry.integer("from_round", minimum=1, maximum=passen)
        last = entry.integer("to_round", minimum=1, maximum=passen) if entry.has("to_round") else passen
        if last < first:
            raise InvalidRecord(
                f"{entry.name('to_round')}: round {last} is before from_round {first} (T8.1)",
                where=entry.name("to_round"),
            )
        substitutes.append(Substitute(replaced, substitute, first, last))
    return tuple(substitutes)


def _read_withdrawals(fields: Fields, competitors: set[str], passen: int) -> tuple[Withdrawal, ...]:
    withdrawals: list[Withdrawal] = []
    for index, raw in enumerate(check_list(fields.raw("withdrawals"), "tournament.withdrawals")):
        entry = Fields(raw, f"tournament.withdrawals[{index}]", {"player", "from_round", "table_action"})
        competitor = _id(entry.raw("player"), entry.name("player"))
        if competitor not in competitors:
            raise InvalidRecord(
                f"{entry.name('player')}: {competitor!r} is not a competitor of this tournament",
                where=entry.name("player"),
            )
        if any(w.competitor == competitor for w in withdrawals):
            raise InvalidRecord(
                f"{entry.name('player')}: {competitor!r} withdraws twice", where=entry.name("player")
            )
        first = entry.integer("from_round", minimum=1, maximum=passen)
        action = entry.choice("table_action", ("reseat", "sitout_score"))
        withdrawals.append(Withdrawal(competitor, first, action))
    return tuple(withdrawals)


_ROUND_FIELDS = frozenset({"tables", "sitouts"})


def _read_round(raw: object, where: str, partner: bool) -> Round:
    plain = None if partner else _read_plain_round(raw)
    return plain if plain is not None else _read_round_carefully(raw, where, partner)


def _read_round_carefully(raw: object, where: str, partner: bool) -> Round:
    round_fields = Fields(raw, where, _ROUND_FIELDS)
    tables: list[Table] = []
    numbers: set[int] = set()
    for index, table_raw in enumerate(check_list(round_fields.raw("tables"), f"{where}.tables")):
        name = f"{where}.tables[{index}]"
        table = Fields(table_raw, name, {"table", "pairs"} if partner else {"table", "seats"})
        number = table.integer("table", minimum=1)
        if number in numbers:
            raise InvalidRecord(
                f"{table.name('table')}: table {number} is seated twice in one round",
                where=table.name("table"),
            )
        if partner:
            names = check_list(table.raw("pairs"), table.name("pairs"))
            ids: tuple[str | None, ...] = tuple(_id(p, f"{table.name('pairs')}[]") for p in names)
        else:
            seats = table.mapping("seats", None) or {}
            for key in seats:
                if key not in _SEATS:
                    raise InvalidRecord(
                        f"{table.name('seats')}: {key!r} is not a seat (1, 2, 3 or 4)",
                        where=table.name("seats"),
                    )
            ids = tuple(
                None if seats.get(seat) is None else _id(seats[seat], f"{table.name('seats')}.{seat}")
                for seat in _SEATS
            )
        tables.append(Table(number, ids))
        numbers.add(number)
    sitouts = tuple(
        _id(c, f"{where}.sitouts[]") for c in check_list(round_fields.raw("sitouts"), f"{where}.sitouts")
    )
    return Round(tuple(tables), sitouts)


def _read_plain_round(raw: object) -> Round | None:
    """A round as the draw writes it (every table numbered once, its four seats' ids given),
    read in one pass without naming each field; None for anything else, which the careful path
    reads and, where it refuses, names the field."""
    if type(raw) is not dict or not _ROUND_FIELDS.issuperset(raw):
        return None
    tables_raw, sitouts_raw = raw.get("tables"), raw.get("sitouts")
    if type(tables_raw) is not list or not (sitouts_raw is None or type(sitouts_raw) is list):
        return None
    tables: list[Table] = []
    numbers: set[int] = set()
    for table in tables_raw:
        if type(table) is not dict or len(table) != 2:
            return None
        number, seats = table.get("table"), table.get("seats")
        if (
            type(number) is not int
            or number < 1
            or number in numbers
            or type(seats) is not dict
            or len(seats) != 4
        ):
            return None
        a, b, c, d = seats.get("1"), seats.get("2"), seats.get("3"), seats.get("4")
        if not (
            type(a) is str and a and type(b) is str and b and type(c) is str and c and type(d) is str and d
        ):
            return None
        numbers.add(number)
        tables.append(Table(number, (a, b, c, d)))
    sitouts = tuple(sitouts_raw or ())
    for competitor in sitouts:
        if type(competitor) is not str or not competitor:
            return None
    return Round(tuple(tables), sitouts)


def _read_results(fields: Fields, options: RuleOptions) -> tuple[Result, ...]:
    results: list[Result] = []
    given: set[tuple[int, int]] = set()
    for index, raw in enumerate(check_list(fields.raw("results"), "tournament.results")):
        where = f"tournament.results[{index}]"
        entry = Fields(raw, where, _RESULT_FIELDS)
        round_number = entry.integer("round", minimum=1)
        table = entry.integer("table", minimum=1)
        if (round_number, table) in given:
            raise InvalidRecord(
                f"{where}: a second result for table {table} of round {round_number}", where=where
            )
        has_passe, has_totals = entry.has("passe"), entry.has("team_totals")
        if has_passe == has_totals:
            raise InvalidRecord(f"{where}: give either the 'passe' or the Passe's 'team_totals'", where=where)
        passe: Mapping[str, Any] | None = None
        totals: tuple[int, int] | None = None
        matches = (0, 0)
        if has_passe:
            passe = entry.mapping("passe")
            carried = sorted(k for k in passe if k not in EMBEDDED_FIELDS)
            if carried:
                raise InvalidRecord(
                    f"{where}.passe: {carried[0]!r} comes from the tournament and its round, not the Passe (T9)",
                    where=f"{where}.passe",
                )
            if entry.has("matches"):
                raise InvalidRecord(
                    f"{where}.matches: the Passe's games give its Matches", where=f"{where}.matches"
                )
        else:
            if (
                not factors_all_one(options)
                or options.weis
                or options.stoeck
                or options.mixed_points != "opening"
            ):
                raise InvalidRecord(
                    f"{where}: totals alone cannot be checked under these options (factors, Weis, Stöck "
                    "or per-trick Slalom points); give the Passe's games (T9)",
                    where=where,
                )
            totals = read_pair(entry.raw("team_totals"), entry.name("team_totals"))
            if entry.has("matches"):
                matches = read_pair(entry.raw("matches"), entry.name("matches"))
                for team in (0, 1):
                    check_integer(
                        matches[team],
                        f"{entry.name('matches')}[{team}]",
                        minimum=0,
                        maximum=options.games_per_passe,
                    )
        results.append(Result(round_number, table, where, passe, totals, matches))
        given.add((round_number, table))
    return tuple(results)


@dataclass(slots=True)
class TableScore:
    """A seated table's Passe: team totals and Matches once it has a figure; complete or not."""

    team_totals: tuple[int, int] | None = None
    matches: tuple[int, int] = (0, 0)
    complete: bool = False
    #: A game is entered: an open Passe's totals so far mean something (T6.5).
    started: bool = False


@dataclass(slots=True)
class Checked:
    findings: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    #: (round, table number) -> its Passe.
    tables: dict[tuple[int, int], TableScore] = field(default_factory=dict)
    #: Per round: table number -> ((team 1 competitors), (team 2 competitors)), substitutes mapped.
    seated: list[dict[int, SeatedTable]] = field(default_factory=list)
    sitouts: list[set[str]] = field(default_factory=list)
    #: Per round: the late entries not yet active whose missed round is a sit-out (option
    #: ``late_entry`` other than ``zero``). They are not listed in ``sitouts`` (that breaks T5.1),
    #: but T5.2's "earlier sit-outs" and T5.3's ``sitout_counts`` count them.
    missed: list[set[str]] = field(default_factory=list)

    def sitout_history(self) -> list[set[str]]:
        """Per round, every competitor whose round counts as a sit-out: listed, or a late entry's missed round."""
        return [listed | missed for listed, missed in zip(self.sitouts, self.missed, strict=True)]


def _resolve(t: Tournament, seat_id: str, round: int, table: int, checked: Checked) -> str | None:
    """The competitor a seat's id stands for in ``round`` (T5.1, T8.1); None with a finding if none."""
    where = {"id": seat_id, "round": round, "table": table}
    if t.partner:
        if seat_id not in t.pairs:
            checked.findings.append(
                finding(
                    "T5.1", "unknown_id", "{id} is not a registered pair", where, round=round, table=table
                )
            )
            return None
        return seat_id
    if seat_id in t.player_set:
        if t.substitute_in(seat_id, round) is not None:
            checked.findings.append(
                finding(
                    "T5.1",
                    "replaced_player_seated",
                    "{id} is seated in round {round}, but his substitute plays for him in this round (T8.1)",
                    where,
                    round=round,
                    table=table,
                )
            )
            return None
        return seat_id
    for substitute in t.substitutes:
        if substitute.substitute == seat_id and substitute.covers(round):
            return substitute.replaced
    checked.findings.append(
        finding(
            "T5.1",
            "unknown_id",
            "{id} is not a registered player or a substitute of round {round}",
            where,
            round=round,
            table=table,
        )
    )
    return None


def check_rounds(t: Tournament, checked: Checked) -> None:
    """T4.3, T5.1 and T5.2 for every seated round."""
    if len(t.rounds) > t.passen:
        checked.findings.append(
            finding(
                "T4.3",
                "too_many_rounds",
                "the record has {rounds} rounds; the tournament plays {passen}",
                {"rounds": len(t.rounds), "passen": t.passen},
                round=t.passen + 1,
            )
        )
    per_table = 2 if t.partner else 4
    earlier: Counter[str] = Counter()
    for number, seated_round in enumerate(t.rounds, start=1):
        active = t.active(number)
        active_set = set(active)
        withdrawn = t.competitor_set - active_set
        seen: Counter[str] = Counter()
        tables: dict[int, SeatedTable] = {}
        for table in seated_round.tables:
            present = [i for i in table.ids if i is not None]
            if len(present) != per_table:
                checked.findings.append(
                    finding(
                        "T5.1",
                        "table_size",
                        "table {table} seats {count}; a table seats "
                        + ("two pairs" if t.partner else "four players"),
                        {"table": table.number, "count": len(present)},
                        round=number,
                        table=table.number,
                    )
                )
            resolved = [
                None if i is None else _resolve(t, i, number, table.number, checked) for i in table.ids
            ]
            for competitor in resolved:
                if competitor is None:
                    continue
                seen[competitor] += 1
                late = t.late_entry(competitor)
                if late is not None and late.first > number:
                    checked.findings.append(
                        finding(
                            "T5.1",
                            "late_seated",
                            "{id} enters in round {first} and is seated in round {round}",
                            {"id": competitor, "first": late.first, "round": number},
                            round=number,
                            table=table.number,
                        )
                    )
                elif competitor in withdrawn:
                    checked.findings.append(
                        finding(
                            "T5.1",
                            "withdrawn_seated",
                            "{id} has withdrawn and is seated",
                            {"id": competitor},
                            round=number,
                            table=table.number,
                        )
                    )
            if len(present) == per_table and all(c is not None for c in resolved):
                names = [c for c in resolved if c is not None]
                if t.partner:
                    tables[table.number] = SeatedTable((names[0],), (names[1],))
                else:
                    tables[table.number] = SeatedTable((names[0], names[2]), (names[1], names[3]))
        sitouts = set()
        for competitor in seated_round.sitouts:
            params = {"id": competitor, "round": number}
            if competitor not in t.competitor_set:
                checked.findings.append(
                    finding(
                        "T5.1",
                        "unknown_id",
                        "{id} in the sit-outs of round {round} is not a competitor",
                        params,
                        round=number,
                    )
                )
            elif (late := t.late_entry(competitor)) is not None and late.first > number:
                checked.findings.append(
                    finding(
                        "T5.1",
                        "late_listed",
                        "{id} enters in round {first} and is listed as sitting out in round {round}",
                        {**params, "first": late.first},
                        round=number,
                    )
                )
            elif competitor in withdrawn:
                checked.findings.append(
                    finding(
                        "T5.1",
                        "withdrawn_listed",
                        "{id} has withdrawn and is listed as sitting out",
                        params,
                        round=number,
                    )
                )
            elif competitor in sitouts:
                checked.findings.append(
                    finding(
                        "T5.1", "sitout_twice", "{id} is listed twice in the sit-outs", params, round=number
                    )
                )
            sitouts.add(competitor)
        for competitor in active:
            params = {"id": competitor, "round": number}
            times = seen[competitor]
            if times > 1:
                checked.findings.append(
                    finding(
                        "T5.1",
                        "seated_twice",
                        "{id} is seated {times} times in round {round}",
                        {**params, "times": times},
                        round=number,
                    )
                )
            if times and competitor in sitouts:
                checked.findings.append(
                    finding(
                        "T5.1",
                        "sitout_seated",
                        "{id} is listed as sitting out and is seated",
                        params,
                        round=number,
                    )
                )
            if not times and competitor not in sitouts:
                checked.findings.append(
                    finding(
                        "T5.1",
                        "not_seated",
                        "{id} is neither seated nor listed as sitting out",
                        params,
                        round=number,
                    )
                )
        checked.seated.append(tables)
        # A late entry's missed round is a sit-out when `late_entry` scores it as one (T5.5), so it
        # counts among his earlier sit-outs (T5.2); under `zero` it is a played 0, not a sit-out.
        missed = (
            {late.competitor for late in t.late_entries if late.first > number}
            if t.options.late_entry != "zero"
            else set()
        )
        checked.sitouts.append(sitouts & active_set)
        checked.missed.append(missed)
        _check_sitouts(t, number, active, sitouts & active_set, earlier, checked)
        earlier.update(sitouts & active_set)
        earlier.update(missed)


def _check_sitouts(
    t: Tournament,
    number: int,
    active: Sequence[str],
    sitouts: set[str],
    earlier: Counter[str],
    checked: Checked,
) -> None:
    """T5.2: N mod 4 (pairs: N mod 2) sit out, and nobody sits out again before the others."""
    if any(w.first == number and w.table_action == "sitout_score" for w in t.withdrawals):
        return  # T8.4: the short table's players sit out; this round's count and order are not checked
    expected = len(active) % (2 if t.partner else 4)
    if len(sitouts) != expected:
        checked.findings.append(
            finding(
                "T5.2",
                "sitout_count",
                "{count} sit out in round {round}; with {active} active competitors {expected} do",
                {"count": len(sitouts), "round": number, "active": len(active), "expected": expected},
                round=number,
            )
        )
    playing = [c for c in active if c not in sitouts]
    for competitor in sorted(sitouts):
        fewer = [q for q in playing if earlier[q] < earlier[competitor]]
        if fewer:
            checked.findings.append(
                finding(
                    "T5.2",
                    "sitout_order",
                    "{id} sits out again (sat out {times} times before) while {other} plays (sat out {other_times})",
                    {
                        "id": competitor,
                        "times": earlier[competitor],
                        "other": fewer[0],
                        "other_times": earlier[fewer[0]],
                        "round": number,
                    },
                    round=number,
                )
            )


def check_results(t: Tournament, checked: Checked) -> None:
    """Every result belongs to a seated table; each Passe is checked as a Passe (T3, T6)."""
    options = t.options
    numbers = [{tb.number for tb in each.tables} for each in t.rounds]
    named = repr(options)  # the options' part of every Passe's key, spelled once
    for result in t.results:
        seated = checked.seated[result.round - 1] if result.round <= len(checked.seated) else None
        exists = result.round <= len(t.rounds) and result.table in numbers[result.round - 1]
        if not exists:
            checked.findings.append(
                finding(
                    "T5.1",
                    "result_not_seated",
                    "a result for table {table} of round {round}, which is not seated",
                    {"table": result.table, "round": result.round},
                    round=result.round,
                    table=result.table,
                )
            )
            continue
        if result.passe is not None:
            table = seated.get(result.table) if seated is not None else None
            passe = _checked_passe(result, options, named)
            checked.findings.extend(f.at(result.round, result.table) for f in passe.findings)
            checked.warnings.extend(f.at(result.round, result.table) for f in passe.warnings)
            if table is not None and passe.valid:
                checked.tables[(result.round, result.table)] = TableScore(
                    passe.team_totals, passe.matches, passe.complete, bool(result.passe.get("games"))
                )
        else:
            assert result.team_totals is not None
            broken = _check_totals(t, result)
            checked.findings.extend(broken)
            if not broken:
                checked.tables[(result.round, result.table)] = TableScore(
                    result.team_totals, result.matches, True
                )


#: Checked Passen by what was read (see ``_checked_passe``); the oldest go first.
_PASSEN: OrderedDict[Hashable, PasseResult] = OrderedDict()
_PASSEN_SIZE = 4096
_PASSEN_LOCK = threading.Lock()


def _checked_passe(result: Result, options: RuleOptions, named: str | None = None) -> PasseResult:
    """A result's Passe read and checked, or the same Passe's answer checked before.

    A ranking is asked for again and again while most tables' Passen stay as they were; checking
    each one anew made every ranking cost every game of the event. The answer depends only on the
    Passe as given, where it stands in the record and the options, so those are the key; a Passe
    holding something that cannot be a key (no JSON value) is simply checked. What is kept is
    never changed by its readers (findings are frozen, ``at`` gives new ones).
    """
    key: Hashable | None
    try:
        key = (result.where, repr(options) if named is None else named, _frozen(result.passe))
        hash(key)
    except (TypeError, ValueError, RecursionError):
        key = None
    if key is not None:
        with _PASSEN_LOCK:
            kept = _PASSEN.get(key)
            if kept is not None:
                _PASSEN.move_to_end(key)
                return kept
    passe_fields = Fields(result.passe, f"{result.where}.passe", EMBEDDED_FIELDS)
    games, confirmed, reported = read_passe_body(passe_fields, options)
    passe = evaluate_passe(games, options, confirmed_by=confirmed, reported=reported)
    if key is not None:
        with _PASSEN_LOCK:
            _PASSEN[key] = passe
            while len(_PASSEN) > _PASSEN_SIZE:
                _PASSEN.popitem(last=False)
    return passe


def _frozen(value: Any) -> str:
    """``value`` as a key that tells apart whatever the reader tells apart: its ``repr`` (a list
    from a tuple, 1 from 1.0 and True, -0.0 from 0.0, a key 1 from "1"), once ``json`` has
    found only JSON's own kinds of value in it (any other object's repr need not show what it
    holds: such a Passe is not kept). Both run in C: the key costs a fraction of the check."""
    json.dumps(value, default=_foreign)
    return repr(value)


def _foreign(value: object) -> Any:
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def _check_totals(t: Tournament, result: Result) -> list[Finding]:
    """T3.5 on Passe totals kept on paper: each team in 0..games × match_value, never 1, the control sum."""
    assert result.team_totals is not None
    findings = paper_control(result.team_totals, result.matches, t.options)
    return [f.at(result.round, result.table) for f in findings]


def _standings(t: Tournament, checked: Checked) -> tuple[list[Standing], dict[str, list[StandblattLine]]]:
    """Each competitor's round entries (T5.5, T8) and Standblatt lines (T1.4)."""
    options = t.options
    sheets: dict[str, list[StandblattLine]] = {c: [] for c in t.competitors}
    raw: dict[str, list[Entry]] = {c: [NULL] * t.passen for c in t.competitors}
    matches: Counter[str] = Counter()
    #: Each competitor's open Passe: its round and his team's total so far (T6.5), shown apart.
    running: dict[str, tuple[int, int]] = {}
    sitout_rounds: dict[str, list[int]] = {c: [] for c in t.competitors}
    late_rounds: dict[str, list[int]] = {c: [] for c in t.competitors}
    for index in range(t.passen):
        number = index + 1
        for competitor in t.competitors if t.withdrawals or t.late_entries else ():
            withdrawal = t.withdrawal(competitor)
            if withdrawal is not None and withdrawal.first <= number:
                raw[competitor][index] = Entry("played", 0)  # T8.4: 0, never null
            late = t.late_entry(competitor)
            if late is not None and number < late.first:
                late_rounds[competitor].append(index)
                # `late_entry`: T8.4's played 0, or a sit-out (valued below).
                raw[competitor][index] = (
                    Entry("played", 0) if options.late_entry == "zero" else Entry("sitout", None)
                )
        if index >= len(t.rounds):
            continue
        for table in t.rounds[index].tables:
            seated = checked.seated[index].get(table.number)
            if seated is None:
                continue
            score = checked.tables.get((number, table.number))
            ids = [i or "" for i in table.ids]
            for team_index, team in enumerate((seated.team1, seated.team2)):
                other = (seated.team2, seated.team1)[team_index]
                value = (
                    score.team_totals[team_index]
                    if score is not None and score.complete and score.team_totals
                    else None
                )
                team_matches = score.matches[team_index] if score is not None and score.complete else 0
                so_far = (
                    score.team_totals[team_index]
                    if score is not None and score.started and not score.complete and score.team_totals
                    else None
                )
                for position, competitor in enumerate(team):
                    entry, counts = _played_entry(t, competitor, number, value)
                    raw[competitor][index] = entry
                    if counts:
                        matches[competitor] += team_matches
                        if so_far is not None:
                            running[competitor] = (number, so_far)
                    line: StandblattLine
                    if t.partner:
                        line = {
                            "round": number,
                            "table": table.number,
                            "opponents": other[0],
                            "score": entry.value,
                        }
                    else:
                        seat = (0, 2)[position] if team_index == 0 else (1, 3)[position]
                        line = {
                            "round": number,
                            "table": table.number,
                            "partner": ids[(seat + 2) % 4],
                            "opponents": [ids[1], ids[3]] if team_index == 0 else [ids[0], ids[2]],
                            "score": entry.value,
                        }
                    sheets[competitor].append(line)
        if options.sitout_from == "round_complete" and not _round_complete(t, checked, index):
            # Its sit-outs stay null (T7.5) until the round's last table is complete.
            for competitor in sorted(checked.sitouts[index]):
                sheets[competitor].append({"round": number, "table": None, "sitout": True, "score": None})
            continue
        for competitor in sorted(checked.sitouts[index]):
            raw[competitor][index] = Entry("sitout", None)
            sitout_rounds[competitor].append(index)
    standings = []

    def standing(competitor: str, entries: Sequence[Entry]) -> Standing:
        return Standing(
            competitor, tuple(entries), matches[competitor], t.lots.get(competitor), running.get(competitor)
        )

    for competitor in t.competitors:
        entries = raw[competitor]
        if not sitout_rounds[competitor] and not late_rounds[competitor]:
            # Seated every round so far (most of a field): no sit-out to value, his lines in round order.
            standings.append(standing(competitor, entries))
            continue
        sitout_value = _sitout_value(options, entries)
        late_value = _late_value(options, entries, sitout_value)
        missed = set(late_rounds[competitor])
        entries = [
            Entry("sitout", late_value if i in missed else sitout_value) if e.kind == "sitout" else e
            for i, e in enumerate(entries)
        ]
        for index in sitout_rounds[competitor]:
            sheets[competitor].append(
                {"round": index + 1, "table": None, "sitout": True, "score": sitout_value}
            )
        for index in late_rounds[competitor]:
            sheets[competitor].append(
                {
                    "round": index + 1,
                    "table": None,
                    "sitout": options.late_entry != "zero",
                    "late_entry": True,
                    "score": entries[index].value,
                }
            )
        sheets[competitor].sort(key=lambda line: line["round"])
        standings.append(standing(competitor, entries))
    return standings, sheets


def _round_complete(t: Tournament, checked: Checked, index: int) -> bool:
    """Every table of round ``index`` (0-based) has a complete Passe (T3.5, T6)."""
    number = index + 1
    for table in t.rounds[index].tables:
        score = checked.tables.get((number, table.number))
        if score is None or not score.complete:
            return False
    return True


def _played_entry(t: Tournament, competitor: str, round: int, value: int | None) -> tuple[Entry, bool]:
    """A seated competitor's entry (T8.2, T8.3): his team's score, or 0 for a substitute's Passe."""
    options = t.options
    if t.partner:
        replaced = any(t.substitute_in(player, round) for player in t.pairs[competitor])
        excluded = replaced and options.pair_substitute == "excluded"
    else:
        replaced = t.substitute_in(competitor, round) is not None
        excluded = replaced and options.substitute_scores == "none"
    if excluded:
        return Entry("played", 0), False
    return (Entry("played", value) if value is not None else NULL), True


def _sitout_value(options: RuleOptions, entries: Sequence[Entry]) -> int:
    """T5.5: the sit-out score under option `sitout_score`."""
    rule = options.sitout_score
    if rule == "half_control":
        return half_control(options.games_per_passe)
    if rule == "fixed":
        return int(options.sitout_points)
    if rule == "streich":
        return 0
    # own_average: his played Passen, not sit-outs, nulls or the zeros of T8.2/T8.4 (kept as played 0).
    played = [e.value for e in entries if e.kind == "played" and e.value]
    return (2 * sum(played) + len(played)) // (2 * len(played)) if played else 0


def _late_value(options: RuleOptions, entries: Sequence[Entry], sitout_value: int) -> int:
    """A late entry's missed round under `late_entry` (zero is kept as a played 0 before this)."""
    if options.late_entry == "own_average":
        played = [e.value for e in entries if e.kind == "played" and e.value]
        return (2 * sum(played) + len(played)) // (2 * len(played)) if played else 0
    return sitout_value


def score_tournament(record: Mapping[str, Any]) -> TournamentAnswer:
    """Validate a tournament record and rank it (TOURNAMENT.md T4–T8).

    :raises InvalidRecord: the input is not a tournament record (exit 2). A record that
        breaks a rule is answered with ``valid: false`` and its reasons.
    """
    t = read_tournament(record)
    checked = Checked()
    check_rounds(t, checked)
    check_results(t, checked)
    rounds_complete = []
    for index in range(t.passen):
        if index >= len(t.rounds):
            rounds_complete.append(False)
            continue
        rounds_complete.append(
            all(
                (score := checked.tables.get((index + 1, table.number))) is not None and score.complete
                for table in t.rounds[index].tables
            )
        )
    report = seating_report(
        [list(tables.values()) for tables in checked.seated], [sorted(s) for s in checked.sitout_history()]
    )
    valid = not checked.findings
    answer: TournamentAnswer = {
        "valid": valid,
        "errors": [f.to_json() for f in checked.findings],
        "warnings": [f.to_json() for f in checked.warnings],
        "rounds_complete": rounds_complete,
        "ranking": None,
        "seating": report,
        "standblatt": None,
    }
    if valid:
        standings, sheets = _standings(t, checked)
        options = t.options
        answer["ranking"] = rank(
            standings, options.streich, options.tiebreak, options.sitout_score == "streich"
        )
        answer["standblatt"] = sheets
    return answer
