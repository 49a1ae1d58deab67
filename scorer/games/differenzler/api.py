"""Differenzler's records in the API's OpenAPI document (DIFFERENZLER.md, "JSON records", field by field)."""

from __future__ import annotations

from typing import Any

from scorer.games.base import ApiSchemas
from scorer.games.schemas import CARDS, SEAT

TRUMPS = ["D", "H", "S", "C", "obenabe", "undenufe"]
PER_SEAT_INT = {"type": "array", "items": {"type": "integer"}, "minItems": 3, "maxItems": 4}


def deal(in_match: bool) -> dict[str, Any]:
    """A Differenzler deal record: of its own, or inside a Partie record (without game and options)."""
    properties: dict[str, Any] = {
        "players": {"enum": [3, 4]},
        "forehand": SEAT,
        "trump": {"enum": TRUMPS},
        "estimates": {"type": "array", "items": {"type": ["integer", "null"]}, "minItems": 3, "maxItems": 4},
        "points": PER_SEAT_INT,
        "tricks_won": PER_SEAT_INT,
        "stoeck": {"type": ["integer", "null"], "minimum": 1, "maximum": 4},
        "stoeck_counted": {"type": ["boolean", "null"]},
        "penalties": PER_SEAT_INT,
        "void": {"type": "boolean"},
        "announcements": {
            "type": ["array", "null"],
            "items": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
        },
        "sealed_at": {
            "type": ["object", "null"],
            "additionalProperties": False,
            "properties": {
                "estimates": {"type": "array", "items": {"type": ["string", "null"]}},
                "first_card": {"type": ["string", "null"]},
            },
        },
        "weis": {"type": ["object", "null"], "maxProperties": 0},
        "hands": {
            "type": ["object", "null"],
            "patternProperties": {"^[1-4]$": CARDS},
            "additionalProperties": False,
        },
        "tricks": {"type": ["array", "null"], "items": CARDS},
    }
    required = ["forehand"]
    if not in_match:
        properties = {"game": {"const": "differenzler"}, "options": {"type": "object"}, **properties}
        required = ["game", *required]
    return {"type": "object", "required": required, "properties": properties, "additionalProperties": False}


API = ApiSchemas(
    deal=deal(False),
    match={
        "type": "object",
        "required": ["game", "deals"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "differenzler"},
            "options": {
                "type": "object",
                "description": "DIFFERENZLER.md, rule options: form, exact_bonus …",
            },
            "players": {"enum": [3, 4]},
            "deal_count": {"type": "integer", "minimum": 1},
            "names": {"type": ["array", "null"], "items": {"type": ["string", "null"]}},
            "lots": {"type": ["object", "null"]},
            "deals": {"type": "array", "items": deal(True)},
        },
    },
    # Klammern's trump key, widened: Obenabe and Undenufe under ``modes`` (D2.3).
    position={
        "oneOf": [
            {
                "type": "object",
                "required": ["game", "trump", "hand", *(["players"] if players == 3 else [])],
                "additionalProperties": False,
                "properties": {
                    "game": {"const": "differenzler"},
                    "options": {"type": "object"},
                    "players": {"const": players},
                    "trump": {"enum": TRUMPS},
                    # D2.1, D2.2: nine cards each at four, twelve at three.
                    "hand": {**CARDS, "maxItems": 36 // players},
                    "trick": {**CARDS, "maxItems": players - 1},
                },
            }
            for players in (4, 3)
        ]
    },
    examples={
        "deal": {
            "game": "differenzler",
            "forehand": 1,
            "trump": "C",
            "estimates": [40, 0, 65, 50],
            "points": [43, 0, 65, 49],
        },
        "match": {
            "game": "differenzler",
            "deal_count": 16,
            "deals": [{"forehand": 1, "trump": "C", "estimates": [40, 0, 65, 50], "points": [43, 0, 65, 49]}],
        },
        "position": {"game": "differenzler", "trump": "C", "hand": ["C7", "HA"], "trick": ["H9", "C9"]},
    },
)
