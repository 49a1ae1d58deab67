"""The JSON Schemas the API's OpenAPI document states records with: a card, a seat, a team.

The shared document (:mod:`scorer.api.openapi`) and each game's records
(``scorer/games/<game>/api.py``) are written with them.
"""

from __future__ import annotations

CARD = {
    "type": "string",
    "pattern": "^[HCDS]([AKQJT9876]|10)$",
    "examples": ["HJ", "S9", "DT"],
    "description": "Suit letter (H C D S) + rank letter (A K Q J T 9 8 7 6; 10 accepted).",
}
SEAT = {"type": "integer", "minimum": 1, "maximum": 4}
TEAM = {"type": "integer", "minimum": 1, "maximum": 2}
#: A deal's points as a record states them: a team's trick points, or its Match.
POINTS = {
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
}
NULLABLE_SEAT = {"type": ["integer", "null"], "minimum": 1, "maximum": 4}
CARDS = {"type": "array", "items": {"$ref": "#/components/schemas/Card"}}
PER_SEAT_GROUPS = {
    "type": "object",
    "patternProperties": {"^[1-4]$": {"type": "array", "items": CARDS}},
    "additionalProperties": False,
}
PER_SEAT_CARDS = {"type": "object", "patternProperties": {"^[1-4]$": CARDS}, "additionalProperties": False}
PAIR = {"type": ["array", "null"], "items": {"type": "number"}}
