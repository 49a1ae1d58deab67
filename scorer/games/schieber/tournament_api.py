"""The Schieber tournament's records and answers in the JSON API and its OpenAPI document
(TOURNAMENT.md, "JSON records"): a table's Passe, the tournament, the next round's draw.

The schemas state the records' fields; the engine still adjudicates (a schema-valid Passe
may break T3.4 and be answered ``valid: false``, or name an unknown option and be a 400).
"""

from __future__ import annotations

from typing import Any

import rules_engine
from rules_engine.limits import TOURNAMENT
from scorer.games.event import Operation, TournamentApi
from scorer.games.schemas import POINTS, TEAM
from scorer.games.schieber import api

ID = {"type": "string", "minLength": 1, "maxLength": 32}
INTS = {"type": "array", "items": {"type": "integer"}}
NULLABLE_INTS = {"type": ["array", "null"], "items": {"type": "integer"}}
CONTRACT = {
    "oneOf": [
        {"enum": ["H", "D", "S", "C", "obenabe", "undenufe"]},
        {
            "type": "object",
            "required": ["type", "start"],
            "properties": {"type": {"const": "slalom"}, "start": {"enum": ["obenabe", "undenufe"]}},
        },
    ]
}
TEAMS = {"type": "array", "items": TEAM, "maxItems": 2}
ISSUE = {
    "type": "object",
    "required": ["rule", "message"],
    "description": "A broken rule or a warning: the rule id (T3.5, S8), an English message, where it applies.",
    "properties": {
        "rule": {"type": ["string", "null"]},
        "message": {"type": "string"},
        "code": {"type": "string"},
        "params": {"type": "object"},
        "field": {"type": "string"},
        "game": {"type": "integer"},
        "round": {"type": "integer"},
        "table": {"type": "integer"},
    },
}
ISSUES = {"type": "array", "items": {"$ref": "#/components/schemas/TournamentIssue"}}
SEATS = {
    "type": "object",
    "patternProperties": {"^[1-4]$": ID},
    "additionalProperties": False,
    "description": "Seat number -> player id (team 1 = seats 1 and 3).",
}


def _game() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["forehand", "contract"],
        "additionalProperties": False,
        "description": "A Schieber deal record without game, profile and options (TOURNAMENT.md T6).",
        "properties": {
            # A match's deal, whose contract may also be a Slalom (T2.3), and what the table's
            # confirmation and the office add to it (T6).
            **api.deal(in_match=True)["properties"],
            "contract": CONTRACT,
            "confirmed_by": TEAMS,
            "claims": {
                "type": "object",
                "patternProperties": {"^[12]$": POINTS},
                "additionalProperties": False,
            },
            "ruling": {
                "type": "object",
                "required": ["points", "by"],
                "properties": {"points": POINTS, "by": {"const": "office"}, "reason": {"type": "string"}},
            },
        },
    }


def _passe_body() -> dict[str, Any]:
    return {
        "games": {
            "type": "array",
            "maxItems": TOURNAMENT.games_per_passe,
            "items": {"$ref": "#/components/schemas/PasseGame"},
        },
        "reported": {
            "type": "object",
            "properties": {"team_totals": {"type": "array", "items": {"type": "integer"}}},
        },
        "confirmed_by": TEAMS,
    }


#: A list of at most one change per player (substitutes, withdrawals, late entries), or none.
_PER_PLAYER = {"type": ["array", "null"], "maxItems": TOURNAMENT.players, "items": {"type": "object"}}

SCHEMAS: dict[str, Any] = {
    "TournamentIssue": ISSUE,
    "PasseGame": _game(),
    "PasseRecord": {
        "type": "object",
        "required": ["games"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "schieber_passe"},
            "profile": {"const": "tournament"},
            "options": {"type": "object", "description": "TOURNAMENT.md's option keys (games_per_passe …)."},
            "round": {"type": "integer", "minimum": 1},
            "table": {"type": "integer", "minimum": 1},
            "seats": SEATS,
            **_passe_body(),
        },
    },
    "PasseAnswer": {
        "type": "object",
        "required": ["valid", "errors", "warnings", "status", "games", "control", "forehand_counts"],
        "properties": {
            "valid": {"type": "boolean"},
            "errors": ISSUES,
            "warnings": ISSUES,
            "status": {"enum": ["open", "complete", "disputed", None]},
            "games": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["total", "match", "state"],
                    "properties": {
                        "total": NULLABLE_INTS,
                        "match": {"type": ["array", "null"], "items": {"type": "boolean"}},
                        "state": {"type": "string"},
                        "weis": NULLABLE_INTS,
                        "stoeck": NULLABLE_INTS,
                    },
                },
            },
            "team_totals": NULLABLE_INTS,
            "player_totals": {"type": ["object", "null"], "additionalProperties": {"type": "integer"}},
            "matches": NULLABLE_INTS,
            "control": {
                "type": "object",
                "required": ["expected", "actual", "ok"],
                "description": "T3.5: n × 157 (+ Match bonuses) for n games; Weis and Stöck outside it.",
                "properties": {
                    "expected": {"type": "integer"},
                    "actual": {"type": ["integer", "null"]},
                    "ok": {"type": ["boolean", "null"]},
                },
            },
            "forehand_counts": {"type": "object", "additionalProperties": {"type": "integer"}},
            "disputed": INTS,
        },
    },
    "TournamentRecord": {
        "type": "object",
        "required": ["players"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "schieber_tournament"},
            "profile": {"const": "tournament"},
            "options": {"type": "object", "description": "TOURNAMENT.md's option keys (format, streich …)."},
            "passen": {"type": "integer", "minimum": 1, "maximum": TOURNAMENT.passen},
            "players": {
                "type": "array",
                "maxItems": TOURNAMENT.players,
                "items": {
                    "type": "object",
                    "required": ["id"],
                    "properties": {
                        "id": ID,
                        "name": {"type": "string", "maxLength": TOURNAMENT.name},
                        "club": {"type": "string", "maxLength": TOURNAMENT.club},
                        "number": {"type": ["string", "integer"], "maxLength": TOURNAMENT.number},
                    },
                },
            },
            "pairs": {
                "type": ["array", "null"],
                "maxItems": TOURNAMENT.players,
                "items": {
                    "type": "object",
                    "required": ["id", "players"],
                    "properties": {"id": ID, "players": {"type": "array", "items": ID}},
                },
            },
            "rounds": {
                "type": "array",
                "maxItems": TOURNAMENT.passen,
                "items": {
                    "type": "object",
                    "required": ["tables"],
                    "properties": {
                        "tables": {
                            "type": "array",
                            "maxItems": TOURNAMENT.players,
                            "items": {"$ref": "#/components/schemas/SeatedTable"},
                        },
                        "sitouts": {"type": "array", "maxItems": TOURNAMENT.players, "items": ID},
                    },
                },
            },
            "results": {
                "type": "array",
                "maxItems": TOURNAMENT.players * TOURNAMENT.passen,
                "items": {
                    "type": "object",
                    "required": ["round", "table"],
                    "properties": {
                        "round": {"type": "integer", "minimum": 1},
                        "table": {"type": "integer", "minimum": 1},
                        "passe": {"type": "object", "properties": _passe_body()},
                        "team_totals": INTS,
                        "matches": INTS,
                    },
                },
            },
            "substitutes": _PER_PLAYER,
            "withdrawals": _PER_PLAYER,
            "late_entries": _PER_PLAYER,
            "lots": {
                "type": ["object", "null"],
                "maxProperties": TOURNAMENT.players,
                "additionalProperties": {"type": "integer"},
            },
        },
    },
    "SeatedTable": {
        "type": "object",
        "required": ["table"],
        "properties": {
            "table": {"type": "integer", "minimum": 1},
            "seats": SEATS,
            "pairs": {"type": "array", "items": ID},
        },
    },
    "SeatingReport": {
        "type": "object",
        "required": ["partner_repeats", "opponent_repeats", "meeting_repeats", "sitout_counts"],
        "properties": {
            "partner_repeats": {"type": "integer"},
            "opponent_repeats": {"type": "integer"},
            "meeting_repeats": {"type": "integer"},
            "sitout_counts": {"type": "object", "additionalProperties": {"type": "integer"}},
        },
    },
    "TournamentAnswer": {
        "type": "object",
        "required": ["valid", "errors", "warnings", "rounds_complete", "ranking", "seating", "standblatt"],
        "properties": {
            "valid": {"type": "boolean"},
            "errors": ISSUES,
            "warnings": ISSUES,
            "rounds_complete": {"type": "array", "items": {"type": "boolean"}},
            "ranking": {
                "type": ["array", "null"],
                "items": {
                    "type": "object",
                    "required": [
                        "rank",
                        "id",
                        "total",
                        "passen",
                        "struck",
                        "sitouts",
                        "shared",
                        "provisional",
                    ],
                    "properties": {
                        "rank": {"type": "integer"},
                        "id": {"type": "string"},
                        "total": {"type": "integer"},
                        "passen": {"type": "array", "items": {"type": ["integer", "null"]}},
                        "struck": INTS,
                        "sitouts": INTS,
                        "shared": {"type": "boolean"},
                        "provisional": {"type": "boolean"},
                        "matches": {"type": "integer"},
                        "decided_by": {"type": "string"},
                        # An open Passe's team total so far (T6.5), never counted (T7.5).
                        "running": {
                            "type": "object",
                            "required": ["round", "score"],
                            "properties": {"round": {"type": "integer"}, "score": {"type": "integer"}},
                        },
                    },
                },
            },
            "seating": {"$ref": "#/components/schemas/SeatingReport"},
            "standblatt": {"type": ["object", "null"], "additionalProperties": {"type": "array"}},
        },
    },
    "SeatingAnswer": {
        "type": "object",
        "required": ["valid", "errors", "round", "tables", "sitouts", "seating"],
        "properties": {
            "valid": {"type": "boolean"},
            "errors": ISSUES,
            "round": {"type": "integer"},
            "tables": {"type": "array", "items": {"$ref": "#/components/schemas/SeatedTable"}},
            "sitouts": {"type": "array", "items": {"type": "string"}},
            "seating": {"$ref": "#/components/schemas/SeatingReport"},
        },
    },
}

SCHEMAS["SeatingRecord"] = {
    **SCHEMAS["TournamentRecord"],
    "description": "A tournament record, an optional `seed` (the same record and seed give the same round) "
    "and optional `strengths` (competitor id -> a rating: each table of four is then seated strong with weak, "
    "after the partner and opponent rules of T5.3).",
    "properties": {
        **SCHEMAS["TournamentRecord"]["properties"],
        "seed": {"type": "integer"},
        "strengths": {"type": ["object", "null"], "additionalProperties": {"type": "number"}},
    },
}

#: Worked examples of TOURNAMENT.md, shortened to what a reader tries first.
EXAMPLES: dict[str, dict[str, Any]] = {
    "passe": {
        "game": "schieber_passe",
        "options": {"games_per_passe": 2, "confirm": "none"},
        "seats": {"1": "A", "2": "C", "3": "B", "4": "D"},
        "games": [
            {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}},
            {"forehand": 2, "contract": "obenabe", "pushed": True, "points": {"team": 2, "value": 112}},
        ],
    },
    "tournament": {
        "game": "schieber_tournament",
        "options": {"games_per_passe": 12},
        "passen": 1,
        "players": [{"id": p} for p in "ABCD"],
        "rounds": [
            {"tables": [{"table": 1, "seats": {"1": "A", "2": "C", "3": "B", "4": "D"}}], "sitouts": []}
        ],
        "results": [{"round": 1, "table": 1, "team_totals": [1010, 874]}],
    },
    "seating": {
        "game": "schieber_tournament",
        "passen": 3,
        "players": [{"id": p} for p in "ABCDEFGHI"],
        "seed": 1,
    },
}

API = TournamentApi(
    schemas=SCHEMAS,
    operations=(
        Operation(
            "passe",
            "scorePasse",
            "Validate and score one tournament Passe (control sum, forehand counts, status)",
            "PasseRecord",
            "PasseAnswer",
            EXAMPLES["passe"],
            rules_engine.score_passe,
        ),
        Operation(
            "tournament",
            "scoreTournament",
            "Validate a tournament and rank it (Streichpasse, sit-outs, tie-breaks, Standblätter)",
            "TournamentRecord",
            "TournamentAnswer",
            EXAMPLES["tournament"],
            rules_engine.score_tournament,
        ),
        Operation(
            "seating",
            "seatNextRound",
            "The next round's tables and sit-outs, proposed by the seating generator",
            "SeatingRecord",
            "SeatingAnswer",
            EXAMPLES["seating"],
            rules_engine.seat_next_round,
        ),
    ),
)
