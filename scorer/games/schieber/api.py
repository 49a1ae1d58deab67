"""Schieber's records in the API's OpenAPI document (DEAL_RECORD.md, field by field)."""

from __future__ import annotations

from typing import Any

from rules_engine.schieber.contracts import CONTRACT_KEYS
from scorer.games.base import ApiSchemas
from scorer.games.schemas import CARDS, NULLABLE_SEAT, PER_SEAT_GROUPS, POINTS, SEAT, TEAM

CONTRACTS = list(CONTRACT_KEYS)
PROFILES = ["seed", "official", "tournament"]


def deal(in_match: bool) -> dict[str, Any]:
    """A Schieber deal record: of its own, or inside a match record (without game, profile, options)."""
    properties: dict[str, Any] = {
        "forehand": SEAT,
        "contract": {"enum": CONTRACTS},
        "pushed": {"type": "boolean"},
        "points": POINTS,
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
            "profile": {"enum": PROFILES},
            "options": {"type": "object"},
            **properties,
        }
    return {
        "type": "object",
        "required": ["forehand", "contract"],
        "properties": properties,
        "additionalProperties": False,
    }


API = ApiSchemas(
    deal=deal(False),
    match={
        "type": "object",
        "required": ["deals"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "schieber"},
            "profile": {"enum": PROFILES},
            "options": {"type": "object"},
            # null is "not given" (the profile's target), as the engine reads it.
            "target": {"type": ["integer", "null"], "minimum": 1},
            "deals": {"type": "array", "items": deal(True), "maxItems": 12},
        },
    },
    position={
        "type": "object",
        "required": ["contract", "hand"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "schieber"},
            "profile": {"enum": PROFILES},
            "options": {"type": "object"},
            "contract": {"enum": CONTRACTS},
            "hand": {**CARDS, "maxItems": 9},
            "trick": {**CARDS, "maxItems": 3},
        },
    },
    examples={
        "deal": {
            "game": "schieber",
            "forehand": 1,
            "contract": "H",
            "points": {"team": 1, "value": 98},
            "weis": {"1": [["H6", "H7", "H8"]]},
            "stoeck": 3,
        },
        "match": {
            "game": "schieber",
            "target": 3000,
            "deals": [{"forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}}],
        },
        "position": {"game": "schieber", "contract": "H", "hand": ["H6", "C6", "CA"], "trick": ["CK", "H9"]},
    },
)
