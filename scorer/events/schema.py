"""What an event stores, checked by a JSON Schema before anything is read or stored: its settings,
each kind of entry of its log, and an event's export as the import reads it.

The bounds are :data:`rules_engine.limits.TOURNAMENT`'s (README, "Bounds"); the set-up forms
use the same. A refusal names the field as a JSON pointer (``/entries/3/record/rounds``), so a
4xx can say what to fix; nothing is stored before the whole input passed. A reader of what is
stored already (written before these checks) asks :func:`entry_problem` and skips an entry
that fails, so that one malformed line never breaks a page.

>>> check_entry("freeze", {"frozen": True})
>>> check_entry("freeze", {"rounds": "x"})
Traceback (most recent call last):
...
scorer.events.schema.Refused: /record/rounds: "x" is not of type "integer"
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import jsonschema_rs

from rules_engine.limits import TOURNAMENT

L = TOURNAMENT

#: A player's, a substitute's or a pair's id as the log names them (``P12``, ``P7a``, ``S30``, ``T5``).
ID = {"type": "string", "pattern": "^[PST][0-9]{1,6}[ab]?$"}
MATCH_ID = {"type": "integer", "minimum": 1}
COUNT = {"type": "integer", "minimum": 0, "maximum": 1_000_000}
ROUND = {"type": "integer", "minimum": 1, "maximum": L.passen}
TEAM = {"type": "integer", "minimum": 1, "maximum": 2}
POINTS = {
    "type": "object",
    "required": ["team"],
    "additionalProperties": False,
    "properties": {
        "team": TEAM,
        "value": {"type": "integer", "minimum": -10_000, "maximum": 10_000},
        "match": {"type": "boolean"},
    },
}
#: A line a director types: no control characters (a tab, a bell), which no name holds and
#: which spreadsheets and PDFs cannot show.
LINE = r"^[^\x00-\x1f\x7f]*$"


def text(length: int) -> dict[str, Any]:
    """A line of at most ``length`` characters."""
    return {"type": "string", "maxLength": length, "pattern": LINE}


def printable(line: str) -> str:
    """``line`` without its control characters (what :data:`LINE` refuses)."""
    return line.translate(_CONTROL)


_CONTROL = dict.fromkeys([*range(32), 127])

#: The prizes a director lists (one per place, from the first down), and a prize's length.
PRIZES = 200
PRIZE_LINE = 80

PERSON: dict[str, Any] = {
    "type": "object",
    "required": ["name"],
    "additionalProperties": False,
    "properties": {
        "name": text(L.name),
        "club": text(L.club),
        "number": text(L.number),
    },
}
#: A device as the log names it (``scorer.events.devices``: a keyed hash, or none).
DEVICE = {"type": ["string", "null"], "maxLength": 64, "pattern": "^[0-9a-f]*$"}
SEATS = {
    "type": "object",
    "required": ["1", "2", "3", "4"],
    "additionalProperties": False,
    "patternProperties": {"^[1-4]$": ID},
}
#: An option's value: one scalar (``format``, ``confirm``, ``match_value`` …) or the factors.
OPTION = {
    "type": ["string", "integer", "boolean", "null", "object"],
    "maxLength": 32,
    "maxProperties": 16,
    "additionalProperties": {"type": ["integer", "number"]},
}
OPTIONS = {
    "type": "object",
    "maxProperties": 16,
    "propertyNames": {"maxLength": 32},
    "additionalProperties": OPTION,
    "properties": {
        "games_per_passe": {"type": "integer", "minimum": 1, "maximum": L.games_per_passe},
        "streich": {"type": "integer", "minimum": 0, "maximum": L.passen - 1},
        # T7.3: the tie-break steps in order (four steps and `shared`, none twice).
        "tiebreak": {"type": "array", "maxItems": 5, "items": {"type": "string", "maxLength": 16}},
        # T2.3: the contracts a Passe allows (the four suits, Obenabe, Undenufe, the Slalom).
        "contracts": {"type": "array", "maxItems": 7, "items": {"type": "string", "maxLength": 16}},
    },
}

#: Each kind of entry of an event's log: its record (``scorer.events.state``, ``scorer.events.confirm``).
CLOSING = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"reason": {"type": "string", "maxLength": 200}},
}

RECORDS: dict[str, dict[str, Any]] = {
    "player": {**PERSON, "properties": {**PERSON["properties"], "from_round": ROUND}},
    "pair": {
        "type": "object",
        "required": ["players"],
        "additionalProperties": False,
        "properties": {"players": {"type": "array", "items": PERSON, "minItems": 2, "maxItems": 2}},
    },
    "correction": {
        **PERSON,
        "properties": {**PERSON["properties"], "member": {"enum": ["", "a", "b"]}},
    },
    "withdrawal": {
        "type": "object",
        "required": ["player", "from_round"],
        "additionalProperties": False,
        "properties": {"player": ID, "from_round": ROUND},
    },
    "substitute": {
        "type": "object",
        "required": ["for", "name", "from_round"],
        "additionalProperties": False,
        "properties": {"for": ID, "name": text(L.name), "from_round": ROUND},
    },
    "round": {
        "type": "object",
        "required": ["round", "tables"],
        "additionalProperties": False,
        "properties": {
            "round": ROUND,
            "tables": {
                "type": "array",
                "maxItems": L.players,
                "items": {
                    "type": "object",
                    "required": ["table", "seats", "match_id"],
                    "additionalProperties": False,
                    "properties": {
                        "table": {"type": "integer", "minimum": 1, "maximum": L.players},
                        "seats": SEATS,
                        "match_id": MATCH_ID,
                        "pairs": {"type": "array", "items": ID, "minItems": 2, "maxItems": 2},
                    },
                },
            },
            "sitouts": {"type": "array", "items": ID, "maxItems": L.players},
        },
    },
    # The director's prizes, from the first place down (``scorer.events.prizes``): the latest counts.
    "prizes": {
        "type": "object",
        "required": ["prizes"],
        "additionalProperties": False,
        "properties": {"prizes": {"type": "array", "maxItems": PRIZES, "items": text(PRIZE_LINE)}},
    },
    # The director swapped two players' seats in a round before their tables entered a game.
    "swap": {
        "type": "object",
        "required": ["round", "players"],
        "additionalProperties": False,
        "properties": {
            "round": ROUND,
            "players": {"type": "array", "minItems": 2, "maxItems": 2, "items": ID},
        },
    },
    # The director took back the last round's draw before any of its tables entered a game.
    "undraw": {
        "type": "object",
        "required": ["round"],
        "additionalProperties": False,
        "properties": {"round": ROUND},
    },
    "freeze": {
        "type": "object",
        "required": ["frozen"],
        "additionalProperties": False,
        "properties": {
            "frozen": {"type": "boolean"},
            "rounds": {"type": "integer", "minimum": 0, "maximum": L.passen},
            # Each table's last entry at the moment the standings were held back.
            "tables": {
                "type": "array",
                "maxItems": L.passen * L.players,
                "items": {
                    "type": "object",
                    "required": ["match_id", "seq"],
                    "additionalProperties": False,
                    "properties": {"match_id": MATCH_ID, "seq": {"type": "integer", "minimum": 0}},
                },
            },
        },
    },
    # The director closes the event after the prize-giving, and may reopen it (with a reason).
    "close": CLOSING,
    "reopen": CLOSING,
    "revoke": {
        "type": "object",
        "required": ["link"],
        "additionalProperties": False,
        "properties": {"link": {"enum": ["office", "table"]}, "match_id": MATCH_ID},
    },
    "confirm": {
        "type": "object",
        "required": ["match_id", "slot", "version", "team"],
        "additionalProperties": False,
        "properties": {"match_id": MATCH_ID, "slot": COUNT, "version": COUNT, "team": TEAM, "device": DEVICE},
    },
    "claim": {
        "type": "object",
        "required": ["match_id", "slot", "team", "points"],
        "additionalProperties": False,
        "properties": {
            "match_id": MATCH_ID,
            "slot": COUNT,
            "version": COUNT,
            "team": TEAM,
            "points": POINTS,
            "device": DEVICE,
        },
    },
    "sign": {
        "type": "object",
        "required": ["match_id", "team"],
        "additionalProperties": False,
        "properties": {"match_id": MATCH_ID, "team": TEAM, "version": COUNT, "device": DEVICE},
    },
    "ruling": {
        "type": "object",
        "required": ["match_id", "slot", "points"],
        "additionalProperties": False,
        "properties": {
            "match_id": MATCH_ID,
            "slot": COUNT,
            "points": POINTS,
            "reason": {"type": "string", "maxLength": 500},
            "withdrew": {"type": "array", "items": TEAM, "maxItems": 2},
        },
    },
    "bind": {
        "type": "object",
        "required": ["match_id", "device"],
        "additionalProperties": False,
        "properties": {"match_id": MATCH_ID, "device": DEVICE},
    },
    "release": {
        "type": "object",
        "required": ["match_id"],
        "additionalProperties": False,
        "properties": {"match_id": MATCH_ID},
    },
    "reported": {
        "type": "object",
        "required": ["match_id"],
        "additionalProperties": False,
        "properties": {
            "match_id": MATCH_ID,
            "team_totals": {
                "type": ["array", "null"],
                "items": {"type": "integer", "minimum": 0, "maximum": 99_999},
                "minItems": 2,
                "maxItems": 2,
            },
        },
    },
}


def _entry(kinds: Mapping[str, Any]) -> dict[str, Any]:
    """An entry of a log whose record's schema follows its kind (``kinds``: kind -> record schema)."""
    return {
        "type": "object",
        "required": ["seq", "kind"],
        "additionalProperties": False,
        "properties": {
            "seq": {"type": "integer", "minimum": 1},
            "kind": {"enum": sorted(kinds)},
            "record": {"type": ["object", "null"]},
            "target_seq": {"type": ["integer", "null"], "minimum": 1},
        },
        "allOf": [
            {"if": {"properties": {"kind": {"const": kind}}}, "then": {"properties": {"record": schema}}}
            for kind, schema in kinds.items()
        ],
    }


def settings_schema(games: list[str]) -> dict[str, Any]:
    """An event's settings: its game (one of ``games``), its Passen and its options."""
    return {
        "type": "object",
        "required": ["passen"],
        "additionalProperties": False,
        "properties": {
            "game": {"enum": games},
            "passen": {"type": "integer", "minimum": 1, "maximum": L.passen},
            "options": OPTIONS,
        },
    }


#: A table's log: its games (the records the engine reads when it ranks the event), their
#: corrections, undos and a voided Passe.
TABLE_ENTRY = _entry(
    {
        "deal": {"type": "object", "maxProperties": 16},
        "correction": {"type": "object", "maxProperties": 16},
        "undo": {"type": ["object", "null"], "maxProperties": 4},
        "void": {"type": ["object", "null"], "maxProperties": 4},
    }
)


def export_schema(games: list[str]) -> dict[str, Any]:
    """An event's export as the import reads it (``scorer.events.exports``)."""
    return {
        "type": "object",
        "required": ["format", "version", "settings", "entries"],
        "properties": {
            "format": {"const": "tafel-event"},
            "version": {"const": 1},
            "title": {**text(L.title), "type": ["string", "null"]},
            "settings": settings_schema(games),
            "entries": {"type": "array", "maxItems": L.entries, "items": _entry(RECORDS)},
            "matches": {
                "type": "object",
                "maxProperties": L.players * L.passen,
                "propertyNames": {"pattern": "^[1-9][0-9]{0,8}$"},
                "additionalProperties": {
                    "type": "object",
                    "required": ["entries"],
                    "properties": {
                        "game": {"type": "string", "maxLength": 32},
                        "settings": {"type": "object"},
                        "entries": {"type": "array", "maxItems": L.table_entries, "items": TABLE_ENTRY},
                    },
                },
            },
        },
    }


class Refused(ValueError):
    """Input outside its schema: ``where`` is the field's JSON pointer, ``problem`` what is wrong."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


def _schema(name: str, games: tuple[str, ...]) -> dict[str, Any]:
    if name == "settings":
        return settings_schema(list(games))
    if name == "export":
        return export_schema(list(games))
    return {"properties": {"record": RECORDS[name.removeprefix("entry:")]}}


@functools.cache
def _validator(name: str, games: tuple[str, ...] = ()) -> Any:
    return jsonschema_rs.validator_for(_schema(name, games))


def _check(name: str, value: object, games: tuple[str, ...] = (), where: str = "") -> None:
    """:raises Refused: the first error of ``value`` against schema ``name``, the deepest field first."""
    validator = _validator(name, games)
    if validator.is_valid(value):  # the usual case, without building the errors' list
        return
    errors = list(validator.iter_errors(value))
    error = max(errors, key=lambda e: len(e.instance_path))
    pointer = where + "".join(f"/{part}" for part in error.instance_path) or "/"
    message = str(error.message)
    raise Refused(pointer, message if len(message) <= 200 else message[:200] + "…")


def check_settings(settings: object, games: list[str]) -> None:
    """:raises Refused: settings no set-up form produces (a game this app has not, too many Passen …)."""
    _check("settings", settings, tuple(games), "/settings")


def check_export(data: object, games: list[str]) -> None:
    """:raises Refused: not an event export within the bounds."""
    _check("export", data, tuple(games))


def check_entry(kind: str, record: object) -> None:
    """:raises Refused: a kind of entry the log has not, or a record outside its kind's schema."""
    if kind not in RECORDS:
        raise Refused("/kind", f"{kind!r} is not a kind of entry of an event's log")
    _check(f"entry:{kind}", {"record": record})


def entry_problem(kind: str, record: object) -> str | None:
    """Why a stored entry cannot be read (None: it can): its reader skips it rather than fail."""
    if kind not in RECORDS:
        return None  # a kind this reader does not read
    try:
        check_entry(kind, record)
    except Refused as refused:
        return str(refused)
    return None
