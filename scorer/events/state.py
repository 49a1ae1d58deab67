"""An event's state, derived from its append-only log, and the tournament record it states.

Entry kinds:
- ``player`` registers a player (``name``, optional ``club`` and ``number``; ``from_round``
  for a late entry after the first draw, the record's ``late_entries``); his id is ``P<seq>``. A ``correction`` (``target_seq`` = that seq) gives the player a new version.
- ``pair`` registers a pair of an event of fixed pairs (T4.2): ``{"players": [player, player]}``,
  the players ``P<seq>a`` and ``P<seq>b``, the pair ``T<seq>``.
- ``withdrawal`` ``{"player", "from_round"}`` (T8.4); ``substitute`` ``{"for", "name",
  "from_round"}`` (T8.1, the substitute's id is ``S<seq>``).
- ``round`` ``{"round", "tables": [{"table", "seats", "match_id"}], "sitouts"}``: a published
  draw (T5.4). It is stored as drawn and never recomputed.
- ``freeze`` ``{"frozen": bool, "rounds", "tables": [{"match_id", "seq"}]}``: the standings are
  held back as they stood then: the rounds drawn and each table's Passe up to that seq of its
  log (``scorer.events.standings``); ``{"frozen": false}`` releases them.
- ``close`` ``{"reason"}``, ``reopen`` ``{"reason"}``: the director closed the event after the
  prize-giving (its links read but never write, ``scorer.events.closing``) or reopened it.
- ``revoke`` ``{"link": "office"}`` or ``{"link": "table", "match_id"}``: the director withdrew
  that link and the rights it gave (``scorer.events.revoke``); the next link is a new one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import current_app
from flask_babel import lazy_gettext as _l
from sqlalchemy import event as orm_event
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from scorer.access import rights
from scorer.events import formats, schema
from scorer.store import log
from scorer.store.models import Event, EventEntry


class Conflict(Exception):
    """The event changed since the form was shown."""


class Duplicate(Exception):
    """The idempotency key was used already: the entry is stored once."""


class Closed(rights.EditRefused):
    """The event is closed: nothing but its reopening is appended (``scorer.events.closing``);
    answered as every refusal is (403, naming why)."""

    def __init__(self, match_id: int | None = None) -> None:
        super().__init__(
            _l("This event is closed: its results are final."),
            _l(
                "Its links read but no longer change anything. "
                "A correction needs the event's director to reopen it."
            ),
            match_id,
        )


def is_closed(db: Session, event_id: int) -> bool:
    """The event's latest close entry is newer than its latest reopen entry (as a match's log
    reads it when it writes, ``scorer.store.log.event_closed``)."""
    return bool(db.scalar(select(log.event_closed(event_id))))


@dataclass(slots=True)
class Player:
    id: str
    seq: int
    name: str
    club: str = ""
    number: str = ""
    #: The registered player this one substitutes for (T8.1), from round ``from_round``.
    substitutes_for: str | None = None
    from_round: int | None = None
    versions: int = 1
    #: A late entry (registered after the first draw): active from this round on.
    late_from: int | None = None


@dataclass(slots=True)
class Table:
    table: int
    seats: dict[str, str]
    match_id: int
    #: Fixed pairs (T4.2): the two pairs (the first in seats 1 and 3).
    pairs: list[str] | None = None


@dataclass(slots=True)
class Round:
    number: int
    tables: list[Table]
    sitouts: list[str]


@dataclass(slots=True)
class EventState:
    players: dict[str, Player] = field(default_factory=dict)
    #: Fixed pairs: pair id -> its two players (T4.2).
    pairs: dict[str, tuple[str, str]] = field(default_factory=dict)
    withdrawals: list[dict[str, Any]] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    frozen: bool = False
    closed: bool = False
    version: int = 0
    #: How often each link was withdrawn ("office", "table:<match id>"): its link's generation.
    revoked: dict[str, int] = field(default_factory=dict)
    #: The director's prizes from the first place down (``scorer.events.prizes``).
    prizes: list[str] = field(default_factory=list)
    #: The seqs of entries outside their kind's schema (``scorer.events.schema``), left unread.
    skipped: list[int] = field(default_factory=list)

    @property
    def registered(self) -> list[Player]:
        """The registered players (not substitutes), in registration order."""
        return [p for p in self.players.values() if p.substitutes_for is None]

    @property
    def substitutes(self) -> list[Player]:
        return [p for p in self.players.values() if p.substitutes_for is not None]

    def withdrawn(self, player_id: str) -> int | None:
        """The round from which ``player_id`` is withdrawn, if he is."""
        for withdrawal in self.withdrawals:
            if withdrawal["player"] == player_id:
                return int(withdrawal["from_round"])
        return None

    def replaced(self, player_id: str) -> Player | None:
        for each in self.substitutes:
            if each.substitutes_for == player_id:
                return each
        return None

    @property
    def competitors(self) -> list[str]:
        """Who is ranked: the pairs in an event of fixed pairs, else the registered players (T4)."""
        return list(self.pairs) if self.pairs else [p.id for p in self.registered]

    def pair_of(self, player_id: str) -> str | None:
        for pair, members in self.pairs.items():
            if player_id in members:
                return pair
        return None

    def name(self, player_id: str) -> str:
        """A player's name, or a pair's two names."""
        if player_id in self.pairs:
            return " & ".join(self.name(member) for member in self.pairs[player_id])
        player = self.players.get(player_id)
        return player.name if player is not None else player_id

    def seated(self, player_id: str, round_: int) -> str:
        """Who sits in ``player_id``'s seat in ``round_``: his substitute from the substitute's round (T8.1)."""
        substitute = self.replaced(player_id)
        if substitute is not None and substitute.from_round is not None and substitute.from_round <= round_:
            return substitute.id
        return player_id


#: The kinds ``derive`` reads; an entry of any other kind (a confirmation, the office's marks)
#: changes only the state's ``version``.
STATE_KINDS = frozenset(
    {
        "player",
        "pair",
        "correction",
        "withdrawal",
        "substitute",
        "round",
        "undraw",
        "swap",
        "prizes",
        "freeze",
        "revoke",
        "close",
        "reopen",
    }
)


def derive(entries: Sequence[EventEntry]) -> EventState:
    state = EventState()
    for entry in sorted(entries, key=lambda e: e.seq):
        state.version = entry.seq
        if entry.kind in STATE_KINDS and schema.entry_problem(entry.kind, entry.record) is not None:
            state.skipped.append(entry.seq)  # stored before its kind was checked: not read
            continue
        record = dict(entry.record or {})
        if entry.kind == "player":
            pid = f"P{entry.seq}"
            state.players[pid] = Player(
                pid, entry.seq, record.get("name", ""), record.get("club", ""), record.get("number", "")
            )
            if record.get("from_round"):
                state.players[pid].late_from = int(record["from_round"])
        elif entry.kind == "pair":
            members = []
            for suffix, member in zip("ab", record.get("players") or [], strict=False):
                pid = f"P{entry.seq}{suffix}"
                state.players[pid] = Player(
                    pid, entry.seq, member.get("name", ""), member.get("club", ""), member.get("number", "")
                )
                members.append(pid)
            if len(members) == 2:
                state.pairs[f"T{entry.seq}"] = (members[0], members[1])
        elif entry.kind == "correction":
            # A pair's player is P<seq>a / P<seq>b: the record names which (``member``).
            pid = f"P{entry.target_seq}{record.get('member', '')}"
            if pid in state.players:
                player = state.players[pid]
                player.name = record.get("name", player.name)
                player.club = record.get("club", "")
                player.number = record.get("number", "")
                player.versions += 1
        elif entry.kind == "withdrawal":
            state.withdrawals.append({"player": record["player"], "from_round": int(record["from_round"])})
        elif entry.kind == "substitute":
            sid = f"S{entry.seq}"
            state.players[sid] = Player(
                sid,
                entry.seq,
                record.get("name", ""),
                substitutes_for=record["for"],
                from_round=int(record["from_round"]),
            )
        elif entry.kind == "round":
            tables = [
                Table(int(t["table"]), dict(t["seats"]), int(t["match_id"]), t.get("pairs"))
                for t in record["tables"]
            ]
            state.rounds.append(Round(int(record["round"]), tables, list(record.get("sitouts") or [])))
        elif entry.kind == "undraw":
            # Only the last round drawn is ever taken back (``scorer.events.views.undraw``).
            if state.rounds and state.rounds[-1].number == int(record["round"]):
                state.rounds.pop()
        elif entry.kind == "swap":
            number = int(record["round"])
            if 0 < number <= len(state.rounds):
                swap_seats(state.rounds[number - 1], *record["players"])
        elif entry.kind == "prizes":
            state.prizes = list(record["prizes"])
        elif entry.kind == "freeze":
            state.frozen = bool(record.get("frozen"))
        elif entry.kind in ("close", "reopen"):
            state.closed = entry.kind == "close"
        elif entry.kind == "revoke":
            link = link_name(record.get("link"), record.get("match_id"))
            state.revoked[link] = state.revoked.get(link, 0) + 1
    return state


def swap_seats(round_: Round, first: str, second: str) -> None:
    """``first`` and ``second`` change places in ``round_``: their seats, or a seat and a sit-out
    (the director's hand on the draw, ``scorer.events.views.swap``)."""
    exchange = {first: second, second: first}
    for table in round_.tables:
        table.seats = {seat: exchange.get(player, player) for seat, player in table.seats.items()}
    round_.sitouts = [exchange.get(player, player) for player in round_.sitouts]


def link_name(link: object, match_id: object = None) -> str:
    """The key of ``EventState.revoked`` for the office's link or a table's."""
    return "office" if link == "office" else f"table:{match_id}"


def tournament_options(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The tournament record's options of an event's settings (TOURNAMENT.md, Rule options)."""
    return dict(settings.get("options") or {})


def tournament_record(
    event: Event,
    state: EventState,
    games_of: Callable[[int], list[dict[str, Any]]],
    rounds: int | None = None,
) -> dict[str, Any]:
    """The TOURNAMENT.md tournament record of the event: its first ``rounds`` rounds (default all),
    in its game's shape (its tournament format, ``scorer.events.formats``).

    ``games_of(match_id)`` gives the games in force of a table's Passe (its match's deals).
    """
    kept = state.rounds if rounds is None else state.rounds[:rounds]
    game = formats.of(event.settings)
    record: dict[str, Any] = {
        "game": game.record_game,
        "profile": "tournament",
        "options": tournament_options(event.settings),
        "passen": int(event.settings.get("passen", 4)),
        "players": [_player(p) for p in state.registered],
        "rounds": [
            {
                "tables": [
                    {"table": t.table, "pairs": t.pairs} if t.pairs else {"table": t.table, "seats": t.seats}
                    for t in each.tables
                ],
                "sitouts": each.sitouts,
            }
            for each in kept
        ],
        "results": [
            {"round": each.number, "table": t.table, **game.result(games_of(t.match_id))}
            for each in kept
            for t in each.tables
        ],
        "substitutes": [
            {"for": p.substitutes_for, "substitute": p.id, "from_round": p.from_round}
            for p in state.substitutes
        ],
        "withdrawals": [
            {"player": w["player"], "from_round": w["from_round"], "table_action": "reseat"}
            for w in state.withdrawals
        ],
    }
    late = [{"player": p.id, "from_round": p.late_from} for p in state.registered if p.late_from]
    if late:
        record["late_entries"] = late
    if (record["options"].get("format") == "partner") or state.pairs:
        record["pairs"] = [{"id": pair, "players": list(members)} for pair, members in state.pairs.items()]
    return {key: value for key, value in record.items() if key in game.fields}


def _player(player: Player) -> dict[str, Any]:
    found: dict[str, Any] = {"id": player.id, "name": player.name}
    if player.club:
        found["club"] = player.club
    if player.number:
        found["number"] = player.number
    return found


def find_key(db: Session, key: str | None) -> EventEntry | None:
    if not key:
        return None
    return db.scalars(select(EventEntry).where(EventEntry.idempotency_key == key)).first()


def last_seq(db: Session, event_id: int) -> int:
    """The event log's version: the seq of its last entry (0 for an empty log)."""
    return (
        db.scalar(
            select(EventEntry.seq)
            .where(EventEntry.event_id == event_id)
            .order_by(EventEntry.seq.desc())
            .limit(1)
        )
        or 0
    )


def append(
    db: Session,
    event: Event,
    *,
    expected_version: int,
    kind: str,
    record: dict[str, Any] | None = None,
    target_seq: int | None = None,
    key: str | None = None,
    commit: bool = True,
    checked: bool = False,
) -> EventEntry:
    """Append one entry as version ``expected_version + 1`` (as ``scorer.store.log.append``).

    ``checked``: the caller looked ``key`` up and read ``expected_version`` under the event's
    row lock just now, so neither is read again while the lock is held (a key stored meanwhile
    still fails at the commit, by its unique index).

    :raises Duplicate: an entry with ``key`` exists.
    :raises Conflict: another writer appended since ``expected_version``.
    :raises Closed: the event is closed and ``kind`` is not its reopening (read after the
        version: a closing stored meanwhile takes this entry's seq, and its retry sees it).
    :raises schema.Refused: a record outside its kind's schema (nothing is stored).
    """
    if kind in schema.RECORDS:
        schema.check_entry(kind, record)
    if not checked:
        if find_key(db, key) is not None:
            raise Duplicate(key)
        current = last_seq(db, event.id)
        if current != expected_version:
            raise Conflict(current)
    if kind != "reopen" and is_closed(db, event.id):
        raise Closed()
    entry = EventEntry(
        event_id=event.id,
        seq=expected_version + 1,
        kind=kind,
        record=record,
        target_seq=target_seq,
        idempotency_key=key or None,
    )
    db.add(entry)
    if commit:
        try:
            db.commit()
        except IntegrityError:
            db.rollback()
            if find_key(db, key) is not None:
                raise Duplicate(key) from None
            raise Conflict(expected_version) from None
    return entry


#: An event's settings read when its stored ones are outside the schema: the set-up form's defaults.
UNREADABLE_SETTINGS: dict[str, Any] = {"passen": 4, "options": {}}


@orm_event.listens_for(Event, "load")
def _readable_settings(event: Event, _context: object) -> None:
    """Settings stored before they were checked (:func:`scorer.events.schema.check_settings`) and
    outside the schema are read as the set-up form's defaults, and logged: one malformed event
    never breaks a page."""
    try:
        schema.check_settings(event.settings, sorted(formats.formats()))
    except schema.Refused as refused:
        current_app.logger.warning("event %s: stored settings not read (%s)", event.id, refused)
        set_committed_value(event, "settings", dict(UNREADABLE_SETTINGS))
