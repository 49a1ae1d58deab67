"""The OpenAPI 3.1 document of the JSON API (``GET /api/openapi.json``).

Request schemas state DEAL_RECORD.md's records field by field (the engine may still reject
a schema-valid record: a rule break is a 200 with ``valid: false``; a record the engine
cannot read at all, such as a card twice in a position, is a 400). Response schemas state
the contract's fixed fields and allow the fields the engine adds.
"""

from __future__ import annotations

from typing import Any

CARD = {
    "type": "string",
    "pattern": "^[HCDS]([AKQJT9876]|10)$",
    "examples": ["HJ", "S9", "DT"],
    "description": "Suit letter (H C D S) + rank letter (A K Q J T 9 8 7 6; 10 accepted).",
}
SEAT = {"type": "integer", "minimum": 1, "maximum": 4}
TEAM = {"type": "integer", "minimum": 1, "maximum": 2}
NULLABLE_SEAT = {"type": ["integer", "null"], "minimum": 1, "maximum": 4}
CARDS = {"type": "array", "items": {"$ref": "#/components/schemas/Card"}}
PER_SEAT_GROUPS = {
    "type": "object",
    "patternProperties": {"^[1-4]$": {"type": "array", "items": CARDS}},
    "additionalProperties": False,
}
PER_SEAT_CARDS = {"type": "object", "patternProperties": {"^[1-4]$": CARDS}, "additionalProperties": False}
PAIR = {"type": ["array", "null"], "items": {"type": "number"}}


def _schieber_deal(in_match: bool) -> dict[str, Any]:
    properties: dict[str, Any] = {
        "forehand": SEAT,
        "contract": {"enum": ["H", "D", "S", "C", "obenabe", "undenufe"]},
        "pushed": {"type": "boolean"},
        "points": {
            "oneOf": [
                {
                    "type": "object",
                    "required": ["team", "value"],
                    "additionalProperties": False,
                    "properties": {"team": TEAM, "value": {"type": "integer"}},
                },
                {
                    "type": "object",
                    "required": ["team", "match"],
                    "additionalProperties": False,
                    "properties": {"team": TEAM, "match": {"const": True}},
                },
            ]
        },
        "weis": PER_SEAT_GROUPS,
        "stoeck": NULLABLE_SEAT,
        "hands": {
            "type": ["object", "null"],
            "patternProperties": {"^[1-4]$": CARDS},
            "additionalProperties": False,
        },
        "tricks": {"type": ["array", "null"], "items": CARDS},
        "reached_first": TEAM,
    }
    if not in_match:
        properties = {
            "game": {"const": "schieber"},
            "profile": {"enum": ["seed", "official"]},
            "options": {"type": "object"},
            **properties,
        }
    return {
        "type": "object",
        "required": ["forehand", "contract"],
        "properties": properties,
        "additionalProperties": False,
    }


#: Klammern sides per table size (K1.4: with 2 or 3 players each is a side; 4 play in teams).
SIDES = {2: 2, 3: 3, 4: 2}


def _klammern_deal(in_match: bool, players: int = 4) -> dict[str, Any]:
    """A Klammern deal at a table of ``players``: per-side lists have one number per side."""
    sides = SIDES[players]
    per_side = {"type": "array", "items": {"type": "integer"}, "minItems": sides, "maxItems": sides}
    points_by_team = [
        {
            "type": "object",
            "required": ["team", "value"],
            "additionalProperties": False,
            "properties": {"team": TEAM, "value": {"type": "integer"}},
        }
    ]
    properties: dict[str, Any] = {
        "forehand": SEAT,
        "trump": {"enum": ["H", "C", "D", "S"]},
        "declarer": SEAT,
        "how": {"enum": ["orgi", "kleines", "besser"]},
        "kontra": {"type": "boolean"},
        "re": {"type": "boolean"},
        "melds": PER_SEAT_GROUPS,
        "bella": NULLABLE_SEAT,
        "points": {
            "oneOf": [
                # K1.4: with 2 or 3 players every side's points are given.
                *(points_by_team if players == 4 else []),
                {
                    "type": "object",
                    "required": ["sides"],
                    "additionalProperties": False,
                    "properties": {"sides": per_side},
                },
                {
                    "type": "object",
                    "required": ["team", "all_tricks"],
                    "additionalProperties": False,
                    "properties": {
                        "team": {"type": "integer", "minimum": 1, "maximum": sides},
                        "all_tricks": {"type": "boolean"},
                    },
                },
            ]
        },
        "revoke": {
            "oneOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "required": ["seat", "points"],
                    "additionalProperties": False,
                    "properties": {"seat": SEAT, "points": per_side},
                },
            ]
        },
        "durchmarsch": NULLABLE_SEAT,
        "hands": {
            "type": ["object", "null"],
            "patternProperties": {"^[1-4]$": CARDS},
            "additionalProperties": False,
        },
        "tricks": {"type": ["array", "null"], "items": CARDS},
    }
    required = ["trump", "declarer"]
    if not in_match:
        properties = {
            "game": {"const": "klammern"},
            "profile": {"const": "seed"},
            "options": {"type": "object"},
            "players": {"const": players},
            "format": {"enum": ["small_big", "liga", "hamburg"]},
            **properties,
        }
        # Four players is the default: only a smaller table must say so.
        required = ["game", *(["players"] if players != 4 else []), *required]
    return {"type": "object", "required": required, "properties": properties, "additionalProperties": False}


def _klammern_match(players: int, format_name: str) -> dict[str, Any]:
    """A Klammern match of one table size and format: only its format's target may be given
    (``target`` Liga, K8.2; ``target_big`` small/big, K7.6); null is the default."""
    targets = {"liga": "target", "small_big": "target_big"}
    properties: dict[str, Any] = {
        "game": {"const": "klammern"},
        "profile": {"const": "seed"},
        "options": {"type": "object"},
        "players": {"const": players},
        "format": {"const": format_name},
        "target": {"type": "null"},
        "target_big": {"type": "null"},
        "deals": {
            "type": "array",
            "items": _klammern_deal(True, players),
            "maxItems": 12,
        },
    }
    if format_name in targets:
        properties[targets[format_name]] = {"type": ["integer", "null"], "minimum": 1}
    required = ["game", "deals"]
    if players != 4:
        required.append("players")
    if format_name != "small_big":
        required.append("format")
    return {"type": "object", "required": required, "additionalProperties": False, "properties": properties}


def _schieber_position() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["contract", "hand"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "schieber"},
            "profile": {"enum": ["seed", "official"]},
            "options": {"type": "object"},
            "contract": {"enum": ["H", "D", "S", "C", "obenabe", "undenufe"]},
            "hand": {**CARDS, "maxItems": 9},
            "trick": {**CARDS, "maxItems": 3},
        },
    }


def _klammern_position(players: int) -> dict[str, Any]:
    """A Klammern position at a table of ``players``: a trick to play to has fewer cards."""
    return {
        "type": "object",
        "required": ["game", "trump", "hand", *(["players"] if players != 4 else [])],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "klammern"},
            "profile": {"const": "seed"},
            "options": {"type": "object"},
            "trump": {"enum": ["H", "C", "D", "S"]},
            "players": {"const": players},
            # A hand past eight cards is judged (K10, valid: false); past the deck it is refused.
            "hand": {**CARDS, "maxItems": 32},
            "trick": {**CARDS, "maxItems": players - 1},
        },
    }


SCHEMAS: dict[str, Any] = {
    "Card": CARD,
    "Reason": {
        "type": "object",
        "required": ["message"],
        "description": "Why a rule rejects something: the rule id (S4.4, K5.2) and an English message.",
        "properties": {
            "rule": {"type": ["string", "null"]},
            "message": {"type": "string"},
            "code": {"type": "string"},
            "field": {"type": "string"},
            "deal": {"type": "integer"},
            "params": {"type": "object"},
        },
    },
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {"error": {"type": "string"}},
        "description": "The input is not a record (what the command line rejects with exit 2).",
    },
    "SchieberDeal": _schieber_deal(False),
    "KlammernDeal": {"oneOf": [_klammern_deal(False, players) for players in (4, 2, 3)]},
    "DealRecord": {
        "anyOf": [
            {"$ref": "#/components/schemas/SchieberDeal"},
            {"$ref": "#/components/schemas/KlammernDeal"},
        ]
    },
    "SchieberMatch": {
        "type": "object",
        "required": ["deals"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "schieber"},
            "profile": {"enum": ["seed", "official"]},
            "options": {"type": "object"},
            "target": {"type": ["integer", "null"], "minimum": 1},
            "deals": {"type": "array", "items": _schieber_deal(True), "maxItems": 12},
        },
    },
    "KlammernMatch": {
        "oneOf": [
            _klammern_match(players, format_name)
            for players in (4, 2, 3)
            for format_name in ("small_big", "liga", "hamburg")
        ]
    },
    "MatchRecord": {
        "anyOf": [
            {"$ref": "#/components/schemas/SchieberMatch"},
            {"$ref": "#/components/schemas/KlammernMatch"},
        ]
    },
    "SchieberPosition": _schieber_position(),
    "KlammernPosition": {"oneOf": [_klammern_position(players) for players in (4, 2, 3)]},
    "LegalPosition": {
        "description": "`contract` for Schieber, `trump` for Klammern.",
        "oneOf": [
            {"$ref": "#/components/schemas/SchieberPosition"},
            {"$ref": "#/components/schemas/KlammernPosition"},
        ],
    },
    "DealAnswer": {
        "type": "object",
        "required": ["valid", "errors"],
        "description": "Figures are null (or absent) when the record breaks a rule: nothing is half-applied.",
        "properties": {
            "valid": {"type": "boolean"},
            "errors": {"type": "array", "items": {"$ref": "#/components/schemas/Reason"}},
            "factor": {"type": ["integer", "null"]},
            "trick_points": PAIR,
            "match_bonus": PAIR,
            "weis": PAIR,
            "stoeck": PAIR,
            "total": {},
            "weis_winner": {"type": ["integer", "null"]},
            "card_points": PAIR,
            "melds": PAIR,
            "bella": PAIR,
            "meld_winner": {"type": ["integer", "null"]},
            "beet": {"type": ["number", "null"]},
            "declarer_wins": {"type": ["boolean", "null"]},
            "small_points": PAIR,
            "augen": PAIR,
            "dice": PAIR,
        },
    },
    "MatchAnswer": {
        "type": "object",
        "required": ["valid", "errors", "deals"],
        "properties": {
            "valid": {"type": "boolean"},
            "errors": {"type": "array", "items": {"$ref": "#/components/schemas/Reason"}},
            "scores": {
                "description": "Schieber [a, b]; Klammern {small, big}, Augen or dice; null when invalid."
            },
            "finished": {"type": ["boolean", "null"]},
            "winner": {"type": ["integer", "null"]},
            "deals": {"type": "array", "items": {"$ref": "#/components/schemas/DealAnswer"}},
        },
    },
    "LegalAnswer": {
        "type": "object",
        "required": ["legal", "illegal"],
        "properties": {
            "valid": {"type": "boolean"},
            "errors": {"type": "array", "items": {"$ref": "#/components/schemas/Reason"}},
            "legal": {"type": "array", "items": {"type": "string"}},
            "illegal": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Reason"}},
        },
    },
}

_ERRORS = {
    "400": {
        "description": "Not JSON, not a JSON object, or not a record.",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    },
    "413": {
        "description": "The body is larger than any record (rules_engine.limits.MAX_RECORD_BYTES).",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    },
}


def _operation(
    op_id: str, summary: str, request: str, response: str, example: dict[str, Any]
) -> dict[str, Any]:
    return {
        "operationId": op_id,
        "summary": summary,
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {"$ref": f"#/components/schemas/{request}"},
                    "example": example,
                }
            },
        },
        "responses": {
            "200": {
                "description": "The engine's answer. A record that breaks a rule is answered 200 too, with "
                "`valid: false` and the cited `errors` (a rule break is a ruling, not a failed "
                "request).",
                "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{response}"}}},
            },
            **_ERRORS,
        },
    }


def document(server: str = "") -> dict[str, Any]:
    """The OpenAPI 3.1 document; ``server`` is the base URL it is served from."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Tafel rules engine API",
            "version": "1.0.0",
            "description": "Score keeper and rules referee for Schieber and Klammern. Records and answers "
            "follow DEAL_RECORD.md; rule ids cite rules/SCHIEBER.md (S…) and "
            "rules/KLAMMERN.md (K…).",
        },
        "servers": [{"url": server or "/"}],
        "paths": {
            "/api/v1/deal": {
                "post": _operation(
                    "scoreDeal",
                    "Validate and score one deal",
                    "DealRecord",
                    "DealAnswer",
                    {
                        "game": "schieber",
                        "forehand": 1,
                        "contract": "H",
                        "points": {"team": 1, "value": 98},
                        "weis": {"1": [["H6", "H7", "H8"]]},
                        "stoeck": 3,
                    },
                )
            },
            "/api/v1/match": {
                "post": _operation(
                    "scoreMatch",
                    "Validate and score a whole match",
                    "MatchRecord",
                    "MatchAnswer",
                    {
                        "game": "schieber",
                        "target": 3000,
                        "deals": [{"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}}],
                    },
                )
            },
            "/api/v1/legal": {
                "post": _operation(
                    "legalCards",
                    "Which cards may be played, and why the others may not",
                    "LegalPosition",
                    "LegalAnswer",
                    {"game": "schieber", "contract": "H", "hand": ["H6", "C6", "CA"], "trick": ["CK", "H9"]},
                )
            },
        },
        "components": {"schemas": SCHEMAS},
    }
