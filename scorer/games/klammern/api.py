"""Klammern's records in the API's OpenAPI document (DEAL_RECORD.md, field by field)."""

from __future__ import annotations

from typing import Any

from scorer.games.base import ApiSchemas
from scorer.games.schemas import CARDS, NULLABLE_SEAT, PER_SEAT_GROUPS, SEAT, TEAM

SUITS = ["H", "C", "D", "S"]
PLAYERS = [2, 3, 4]
FORMATS = ["small_big", "liga", "hamburg"]


#: Sides per table size (K1.4: with 2 or 3 players each is a side; 4 play in teams).
SIDES = {2: 2, 3: 3, 4: 2}


def deal(in_match: bool, players: int = 4) -> dict[str, Any]:
    """A Klammern deal record at a table of ``players``: of its own, or inside a match record
    (without the match's fields). Per-side lists give one number per side (K1.4)."""
    sides = SIDES[players]
    per_side = {"type": "array", "items": {"type": "integer"}, "minItems": sides, "maxItems": sides}
    by_team = {
        "type": "object",
        "required": ["team", "value"],
        "additionalProperties": False,
        "properties": {"team": TEAM, "value": {"type": "integer"}},
    }
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
                # K1.4: with 2 or 3 players every side's points are given.
                *([by_team] if players == 4 else []),
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
            "format": {"enum": FORMATS},
            **properties,
        }
        # Four players is the default: only a smaller table must say so.
        required = ["game", *(["players"] if players != 4 else []), *required]
    return {"type": "object", "required": required, "properties": properties, "additionalProperties": False}


def match(players: int, format_name: str) -> dict[str, Any]:
    """A Klammern match of one table size and format: only its format's target may be given
    (``target`` Liga, K8.2; ``target_big`` small/big, K7.6); null is the default."""
    properties: dict[str, Any] = {
        "game": {"const": "klammern"},
        "profile": {"const": "seed"},
        "options": {"type": "object"},
        "players": {"const": players},
        "format": {"const": format_name},
        "target": {"type": "null"},
        "target_big": {"type": "null"},
        "deals": {"type": "array", "items": deal(True, players), "maxItems": 12},
    }
    own = {"liga": "target", "small_big": "target_big"}.get(format_name)
    if own is not None:
        properties[own] = {"type": ["integer", "null"], "minimum": 1}
    required = ["game", "deals"]
    if players != 4:
        required.append("players")
    if format_name != "small_big":
        required.append("format")
    return {"type": "object", "required": required, "additionalProperties": False, "properties": properties}


def position(players: int) -> dict[str, Any]:
    """A Klammern position at a table of ``players``: a trick to play to has fewer cards."""
    return {
        "type": "object",
        "required": ["game", "trump", "hand", *(["players"] if players != 4 else [])],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "klammern"},
            "profile": {"const": "seed"},
            "options": {"type": "object"},
            "trump": {"enum": SUITS},
            "players": {"const": players},
            # A hand past eight cards is judged (K10, valid: false); past the deck it is refused.
            "hand": {**CARDS, "maxItems": 32},
            "trick": {**CARDS, "maxItems": players - 1},
        },
    }


API = ApiSchemas(
    deal={"oneOf": [deal(False, players) for players in (4, 2, 3)]},
    match={
        "oneOf": [match(players, name) for players in (4, 2, 3) for name in ("small_big", "liga", "hamburg")]
    },
    position={"oneOf": [position(players) for players in (4, 2, 3)]},
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
