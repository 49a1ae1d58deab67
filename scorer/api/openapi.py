"""The OpenAPI 3.1 document of the JSON API (``GET /api/openapi.json``).

Request schemas state DEAL_RECORD.md's records field by field (the engine may still reject
a schema-valid record: a rule break is a 200 with ``valid: false``; a record the engine
cannot read at all, such as a card twice in a position, is a 400). Response schemas state
the contract's fixed fields and allow the fields the engine adds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorer.games.event import Operation

from scorer.api import season
from scorer.games.schemas import CARD, PAIR

#: The schemas every game shares; each game adds its own (:func:`schemas`).
SHARED: dict[str, Any] = {
    "Card": CARD,
    "Reason": {
        "type": "object",
        "required": ["message"],
        "description": "Why a rule rejects something: the rule id (a game's letter and number) and an "
        "English message.",
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
                "description": "The totals in the game's own shape (see its match record); null when invalid."
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
        "description": "The body is larger than the server accepts (MAX_CONTENT_LENGTH, 512 KB); "
        "a body larger than any record (128 KB) is a 400.",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    },
}


def _operation(
    op_id: str, summary: str, request: str, response: str, example: Mapping[str, Any]
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


def tournament_operations() -> dict[str, Operation]:
    """The records of the games' tournament formats that the API answers, by address segment."""
    from scorer import games

    return {
        operation.name: operation
        for game in games.registry().values()
        if game.event is not None and game.event.api is not None
        for operation in game.event.api.operations
    }


def schemas() -> dict[str, Any]:
    """The document's schemas: the shared ones, each game's deal, match and position, and the
    records of each game's tournament format."""
    from scorer import games

    described = [(each.name.title(), each.api) for each in games.registry().values() if each.api is not None]
    found: dict[str, Any] = {name: SHARED[name] for name in ("Card", "Reason", "Error")}
    for title, api in described:
        found[f"{title}Deal"] = api.deal
    found["DealRecord"] = {"anyOf": [{"$ref": f"#/components/schemas/{title}Deal"} for title, _ in described]}
    for title, api in described:
        found[f"{title}Match"] = api.match
    found["MatchRecord"] = {
        "anyOf": [{"$ref": f"#/components/schemas/{title}Match"} for title, _ in described]
    }
    for title, api in described:
        found[f"{title}Position"] = api.position
    found["LegalPosition"] = {
        "description": "Each game's own position, with the fields of its own deal record.",
        "oneOf": [{"$ref": f"#/components/schemas/{title}Position"} for title, _ in described],
    }
    found.update({name: schema for name, schema in SHARED.items() if name not in found})
    for each in games.registry().values():
        if each.event is not None and each.event.api is not None:
            found.update(each.event.api.schemas)
    found.update(season.SCHEMAS)
    return found


def document(server: str = "") -> dict[str, Any]:
    """The OpenAPI 3.1 document; ``server`` is the base URL it is served from."""
    from scorer import games

    registered = games.registry().values()
    described = [each.api for each in registered if each.api is not None]
    examples = described[0].examples if described else {"deal": {}, "match": {}, "position": {}}
    rule_files = [each.rules for each in registered if each.rules is not None]
    cited = ", ".join(f"rules/{rules.file} ({rules.prefix}…)" for rules in rule_files)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Tafel rules engine API",
            "version": "1.0.0",
            "description": "Score keeper and rules referee for "
            + ", ".join(each.name.title() for each in registered)
            + ". Records and answers follow DEAL_RECORD.md; rule ids cite "
            + cited
            + "; a club's series and ratings, rules/SEASON.md (Z…).",
        },
        "servers": [{"url": server or "/"}],
        "paths": {
            "/api/v1/deal": {
                "post": _operation(
                    "scoreDeal",
                    "Validate and score one deal",
                    "DealRecord",
                    "DealAnswer",
                    examples["deal"],
                )
            },
            "/api/v1/match": {
                "post": _operation(
                    "scoreMatch",
                    "Validate and score a whole match",
                    "MatchRecord",
                    "MatchAnswer",
                    examples["match"],
                )
            },
            "/api/v1/legal": {
                "post": _operation(
                    "legalCards",
                    "Which cards may be played, and why the others may not",
                    "LegalPosition",
                    "LegalAnswer",
                    examples["position"],
                )
            },
            **{
                f"/api/v1/{operation.name}": {
                    "post": _operation(
                        operation.operation_id,
                        operation.summary,
                        operation.request,
                        operation.response,
                        operation.example,
                    )
                }
                for operation in (*tournament_operations().values(), *season.OPERATIONS)
            },
        },
        "components": {"schemas": schemas()},
    }
