"""Coiffeur's records in the API's OpenAPI document (COIFFEUR.md, "JSON records", field by field)."""

from __future__ import annotations

from typing import Any

from scorer.games.base import ApiSchemas
from scorer.games.schemas import CARDS, POINTS, SEAT, TEAM

SUITS = ["D", "H", "S", "C"]
START = {"enum": ["obenabe", "undenufe"]}
#: A contract: a suit letter, Obenabe or Undenufe, or an extra contract's object (C5).
CONTRACT: dict[str, Any] = {
    "anyOf": [
        {"enum": [*SUITS, "obenabe", "undenufe"]},
        {
            "type": "object",
            "required": ["type", "start"],
            "additionalProperties": False,
            "properties": {"type": {"enum": ["slalom", "guschti"]}, "start": START},
        },
        {
            "type": "object",
            "required": ["type", "trump"],
            "additionalProperties": False,
            "properties": {
                "type": {"const": "3x3"},
                "trump": {"enum": SUITS},
                "order": {
                    "type": "array",
                    "items": {"enum": ["trump", "undenufe", "obenabe"]},
                    "minItems": 3,
                    "maxItems": 3,
                    "uniqueItems": True,
                },
            },
        },
        {
            "type": "object",
            "required": ["type", "mode"],
            "additionalProperties": False,
            "properties": {
                "type": {"const": "misere"},
                "mode": {"enum": [*SUITS, "obenabe", "undenufe", "slalom"]},
                "start": START,
            },
        },
    ]
}


def deal(in_match: bool) -> dict[str, Any]:
    """A Coiffeur deal record: of its own, or inside a match record (without game and options)."""
    properties: dict[str, Any] = {
        "teams": {"const": 2},
        "forehand": SEAT,
        "pushes": {"type": "integer", "minimum": 0, "maximum": 7},
        "chooser": SEAT,
        "row": {"type": "integer", "minimum": 1},
        "contract": CONTRACT,
        "points": POINTS,
        "hands": {
            "type": ["object", "null"],
            "patternProperties": {"^[1-4]$": CARDS},
            "additionalProperties": False,
        },
        "tricks": {"type": ["array", "null"], "items": CARDS},
        "weis": {"type": "object", "maxProperties": 0},
        "stoeck": {"type": "null"},
    }
    required = ["forehand", "chooser", "row", "contract"]
    if not in_match:
        properties = {"game": {"const": "coiffeur"}, "options": {"type": "object"}, **properties}
        required = ["game", *required]
    return {"type": "object", "required": required, "properties": properties, "additionalProperties": False}


SCRATCH = {
    "type": "object",
    "required": ["scratch"],
    "additionalProperties": False,
    "properties": {
        "scratch": {
            "type": "object",
            "required": ["team", "row"],
            "additionalProperties": False,
            "properties": {
                "team": TEAM,
                "row": {"type": "integer", "minimum": 1},
                "reason": {"type": "string"},
            },
        }
    },
}

API = ApiSchemas(
    deal=deal(False),
    match={
        "type": "object",
        "required": ["game", "deals"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "coiffeur"},
            "options": {"type": "object", "description": "COIFFEUR.md, rule options: grid, push, konter …"},
            "teams": {"const": 2},
            "deals": {"type": "array", "items": {"anyOf": [deal(True), SCRATCH]}},
        },
    },
    # Coiffeur's contract includes Schieber's six: the position's contract is the wider schema.
    position={
        "type": "object",
        "required": ["game", "contract", "hand"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "coiffeur"},
            "options": {"type": "object"},
            "contract": CONTRACT,
            "trick_index": {"type": "integer", "minimum": 0, "maximum": 8},
            "hand": {**CARDS, "maxItems": 9},
            "trick": {**CARDS, "maxItems": 3},
        },
    },
    examples={
        "deal": {
            "game": "coiffeur",
            "options": {"grid": "official8"},
            "forehand": 1,
            "pushes": 1,
            "chooser": 2,
            "row": 5,
            "contract": "obenabe",
            "points": {"team": 2, "value": 112},
        },
        "match": {
            "game": "coiffeur",
            "options": {"grid": "official8"},
            "deals": [
                {
                    "forehand": 1,
                    "chooser": 1,
                    "row": 6,
                    "contract": "undenufe",
                    "points": {"team": 1, "value": 121},
                },
                {"scratch": {"team": 2, "row": 3, "reason": "office penalty: cards shown"}},
            ],
        },
        "position": {
            "game": "coiffeur",
            "contract": {"type": "slalom", "start": "obenabe"},
            "trick_index": 1,
            "hand": ["S9", "D6"],
            "trick": ["S8"],
        },
    },
)
