"""Klammern's records in the API's OpenAPI document (DEAL_RECORD.md, field by field)."""

from __future__ import annotations

from typing import Any

from scorer.api.openapi import CARDS, NULLABLE_SEAT, PER_SEAT_GROUPS, SEAT, TEAM
from scorer.games.base import ApiSchemas

SUITS = ["H", "C", "D", "S"]
PLAYERS = [2, 3, 4]
FORMATS = ["small_big", "liga", "hamburg"]


def deal(in_match: bool) -> dict[str, Any]:
    """A Klammern deal record: of its own, or inside a match record (without the match's fields)."""
    properties: dict[str, Any] = {
        "forehand": SEAT,
        "trump": {"enum": SUITS},
        "declarer": SEAT,
        "how": {"enum": ["orgi", "kleines", "besser"]},
        "kontra": {"type": "boolean"},
        "re": {"type": "boolean"},
        "melds": PER_SEAT_GROUPS,
        "bella": NULLABLE_SEAT,
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
                    "required": ["sides"],
                    "additionalProperties": False,
                    "properties": {
                        "sides": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 3}
                    },
                },
                {
                    "type": "object",
                    "required": ["team", "all_tricks"],
                    "additionalProperties": False,
                    "properties": {
                        "team": {"type": "integer", "minimum": 1, "maximum": 3},
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
                    "properties": {"seat": SEAT, "points": {"type": "array", "items": {"type": "integer"}}},
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
            "players": {"enum": PLAYERS},
            "format": {"enum": FORMATS},
            **properties,
        }
        required = ["game", *required]
    return {"type": "object", "required": required, "properties": properties, "additionalProperties": False}


API = ApiSchemas(
    deal=deal(False),
    match={
        "type": "object",
        "required": ["game", "deals"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "klammern"},
            "profile": {"const": "seed"},
            "options": {"type": "object"},
            "players": {"enum": PLAYERS},
            "format": {"enum": FORMATS},
            "target": {"type": "integer", "minimum": 1},
            "target_big": {"type": "integer", "minimum": 1},
            "deals": {"type": "array", "items": deal(True), "maxItems": 12},
        },
    },
    position={"trump": {"enum": SUITS}, "players": {"enum": PLAYERS}},
    examples={
        "deal": {"game": "klammern", "trump": "S", "declarer": 1, "points": {"team": 1, "value": 82}},
        "match": {
            "game": "klammern",
            "format": "liga",
            "deals": [{"forehand": 1, "trump": "S", "declarer": 1, "points": {"team": 1, "value": 82}}],
        },
        "position": {"game": "klammern", "trump": "S", "hand": ["S7", "HA", "HK"], "trick": ["SA"]},
    },
)
