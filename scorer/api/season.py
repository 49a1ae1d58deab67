"""A club's season in the JSON API (SEASON.md, "JSON records"): ``POST /api/v1/series`` and
``POST /api/v1/rating``, answered by :func:`rules_engine.score_series` and
:func:`rules_engine.rate_players`.

The schemas state the records' fields for the OpenAPI document; the engine reads every record
itself (its checks of form are SEASON.md Z11's, cross-field ones included), so a request is not
checked against them first. A season's log is longer than any match: these two addresses take
bodies up to :attr:`rules_engine.limits.SeasonLimits.text`.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import rules_engine
from rules_engine.limits import SEASON
from scorer import linalg
from scorer.games.event import Operation

ID = {"type": "string", "minLength": 1}
DATE = {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$", "description": "A calendar date, YYYY-MM-DD."}
NUMBER = {"type": "number"}
ERRORS = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["rule", "message"],
        "description": "A broken rule (Z11): its id, an English message, where it applies.",
        "properties": {
            "rule": {"type": "string"},
            "message": {"type": "string"},
            "code": {"type": "string"},
            "params": {"type": "object"},
            "event": {"type": "string"},
            "result": {"type": "string"},
            "player": {"type": "string"},
        },
    },
}
PLAYERS = {
    "type": "array",
    "maxItems": SEASON.players,
    "items": {
        "type": "object",
        "required": ["id", "name"],
        "additionalProperties": False,
        "properties": {
            "id": ID,
            "name": {"type": "string"},
            "aliases": {"type": ["array", "null"], "items": ID, "maxItems": SEASON.aliases},
        },
    },
    "description": "Every player once (Z2.1); a merged registration's ids as aliases (Z2.2).",
}
EVENT_ROW = {
    "type": "object",
    "required": ["event", "score", "absent", "status"],
    "properties": {
        "event": {"type": "string"},
        "score": {"type": ["integer", "null"]},
        "absent": {"type": "boolean"},
        "status": {"enum": ["counted", "dropped", "skipped"]},
    },
}
SERIES_ROW = {
    "type": "object",
    "required": ["id", "name", "total", "attended", "wins", "matches", "events"],
    "properties": {
        "rank": {"type": "integer"},
        "id": {"type": "string"},
        "name": {"type": "string"},
        "total": {"type": "integer"},
        "attended": {"type": "integer"},
        "wins": {"type": "integer"},
        "matches": {"type": "integer"},
        "events": {"type": "array", "items": EVENT_ROW},
        "shared": {"type": "boolean"},
        "decided_by": {"enum": ["best", "attendance", "wins", "last"]},
    },
}
RATING_ROW = {
    "type": "object",
    "required": ["id", "name", "mu", "sd", "rating", "rating_sd", "conservative", "games", "results"],
    "properties": {
        "rank": {"type": "integer"},
        "id": {"type": "string"},
        "name": {"type": "string"},
        **{key: NUMBER for key in ("mu", "sd", "rating", "rating_sd", "conservative")},
        "games": {"type": "integer"},
        "results": {"type": "integer"},
    },
}
PRIZE = {
    "type": ["object", "null"],
    "properties": {"ids": {"type": "array", "items": {"type": "string"}}},
}

SCHEMAS: dict[str, Any] = {
    "SeriesRecord": {
        "type": "object",
        "required": ["game", "players", "events"],
        "additionalProperties": False,
        "description": "A season or cup: its events' results and the club's options (SEASON.md Z3–Z8).",
        "properties": {
            "game": {"const": "series"},
            "name": {"type": ["string", "null"]},
            "planned_events": {"type": ["integer", "null"], "minimum": 1},
            "options": {
                "type": ["object", "null"],
                "additionalProperties": False,
                "properties": {
                    "counts": {"enum": ["total", "points_table", "rank_points", None]},
                    "points_table": {"type": ["array", "null"], "items": {"type": "integer", "minimum": 0}},
                    "points_beyond": {"type": ["integer", "null"], "minimum": 0},
                    "direction": {"enum": ["high", "low", None]},
                    "absent_counts": {"enum": ["zero", "skip", "fixed", "own_average", "event_worst", None]},
                    "absent_value": {"type": ["integer", "null"]},
                    "best_of": {"type": ["integer", "null"], "minimum": 1},
                    "drop_worst": {"type": ["integer", "null"], "minimum": 0},
                    "drop_early": {"type": ["boolean", "null"]},
                    "min_events": {"type": ["integer", "null"], "minimum": 1},
                    "tiebreak": {
                        "type": ["array", "null"],
                        "items": {"enum": ["best", "attendance", "wins", "last", "shared"]},
                    },
                },
            },
            "players": PLAYERS,
            "events": {
                "type": "array",
                "maxItems": SEASON.events,
                "items": {
                    "type": "object",
                    "required": ["id", "date", "results"],
                    "additionalProperties": False,
                    "properties": {
                        "id": ID,
                        "date": DATE,
                        "name": {"type": ["string", "null"]},
                        "weight": {"type": ["integer", "null"], "minimum": 1},
                        "direction": {"enum": ["high", "low", None]},
                        "participants": {"type": ["integer", "null"], "minimum": 1},
                        "results": {
                            "type": "array",
                            "maxItems": SEASON.results_per_event,
                            "items": {
                                "type": "object",
                                "required": ["player"],
                                "additionalProperties": False,
                                "description": "Present (rank and total) or absent (absent: true alone).",
                                "properties": {
                                    "player": ID,
                                    "rank": {"type": "integer", "minimum": 1},
                                    "total": {"type": "integer"},
                                    "matches": {"type": ["integer", "null"], "minimum": 0},
                                    "games": {"type": ["integer", "null"], "minimum": 0},
                                    "absent": {"enum": [True, None]},
                                },
                            },
                        },
                    },
                },
            },
        },
    },
    "SeriesAnswer": {
        "type": "object",
        "required": ["valid", "errors"],
        "description": "The standing; only valid and errors when the record breaks a rule (Z11).",
        "properties": {
            "valid": {"type": "boolean"},
            "errors": ERRORS,
            "events_held": {"type": "integer"},
            "events_planned": {"type": "integer"},
            "provisional": {"type": "boolean"},
            "standings": {"type": "array", "items": SERIES_ROW},
            "unranked": {"type": "array", "items": SERIES_ROW},
            "prizes": {
                "type": "object",
                "properties": {"most_matches": PRIZE, "booby": PRIZE},
            },
        },
    },
    "RatingRecord": {
        "type": "object",
        "required": ["game", "players", "results"],
        "additionalProperties": False,
        "description": "A club's log of results and its corrections (SEASON.md Z9), rated by Z10.",
        "properties": {
            "game": {"const": "rating"},
            "name": {"type": ["string", "null"]},
            "as_of": {"oneOf": [DATE, {"type": "null"}]},
            "options": {
                "type": ["object", "null"],
                "additionalProperties": False,
                "properties": {
                    **{
                        key: {"type": ["number", "null"], "exclusiveMinimum": 0}
                        for key in ("sigma", "tau", "scale", "individual_scale", "display_scale", "half_life")
                    },
                    "display_base": {"type": ["number", "null"]},
                    "unit": {"enum": ["game", "result", None]},
                    "min_games": {"type": ["integer", "null"], "minimum": 0},
                },
            },
            "players": PLAYERS,
            "results": {
                "type": "array",
                "maxItems": SEASON.results,
                "items": {
                    "type": "object",
                    "required": ["id"],
                    "additionalProperties": False,
                    "description": "A team result (teams, points), an individual one (players, scores), "
                    "or a void entry (replaces, void: true).",
                    "properties": {
                        "id": ID,
                        "date": DATE,
                        "teams": {
                            "type": "array",
                            "minItems": 2,
                            "maxItems": 2,
                            "items": {"type": "array", "minItems": 1, "maxItems": SEASON.team, "items": ID},
                        },
                        "points": {
                            "type": "array",
                            "minItems": 2,
                            "maxItems": 2,
                            "items": {"type": "integer"},
                        },
                        "players": {
                            "type": "array",
                            "minItems": 2,
                            "maxItems": SEASON.individual,
                            "items": ID,
                        },
                        "scores": {"type": "array", "items": {"type": "integer"}},
                        "games": {"type": ["integer", "null"], "minimum": 1, "maximum": SEASON.games},
                        "direction": {"enum": ["low", "high", None]},
                        "replaces": ID,
                        "void": {"enum": [True, None]},
                        "reason": {"type": ["string", "null"]},
                        "event": {"type": ["string", "null"]},
                    },
                },
            },
        },
    },
    "RatingAnswer": {
        "type": "object",
        "required": ["valid", "errors"],
        "description": "The ratings as of a date; only valid and errors when the record breaks a rule (Z11).",
        "properties": {
            "valid": {"type": "boolean"},
            "errors": ERRORS,
            "as_of": {"type": ["string", "null"]},
            "results_used": {"type": "integer"},
            "results_later": {"type": "integer"},
            "entries_replaced": {"type": "integer"},
            "ratings": {"type": "array", "items": RATING_ROW},
            "unrated": {"type": "array", "items": RATING_ROW},
        },
    },
}

EXAMPLES: dict[str, Any] = {
    "series": {
        "game": "series",
        "name": "Jahresmeisterschaft",
        "planned_events": 2,
        "options": {"best_of": 1},
        "players": [{"id": "A", "name": "Anna"}, {"id": "G", "name": "Gian", "aliases": ["G2"]}],
        "events": [
            {
                "id": "E1",
                "date": "2026-01-09",
                "results": [
                    {"player": "A", "rank": 1, "total": 3980, "matches": 1},
                    {"player": "G", "absent": True},
                ],
            },
            {
                "id": "E2",
                "date": "2026-02-06",
                "results": [
                    {"player": "G2", "rank": 1, "total": 3910},
                    {"player": "A", "rank": 2, "total": 3700},
                ],
            },
        ],
    },
    "rating": {
        "game": "rating",
        "options": {"min_games": 12},
        "players": [{"id": p, "name": p} for p in "ABCD"],
        "results": [
            {
                "id": "r1",
                "date": "2026-03-06",
                "teams": [["A", "B"], ["C", "D"]],
                "points": [1010, 874],
                "games": 12,
            },
            {
                "id": "r2",
                "date": "2026-03-06",
                "replaces": "r1",
                "teams": [["A", "B"], ["C", "D"]],
                "points": [1040, 844],
                "games": 12,
            },
        ],
    },
}

OPERATIONS = (
    Operation(
        "series",
        "scoreSeries",
        "A season's or cup's standing: counted and dropped results, tie-breaks, prizes (SEASON.md Z3–Z8)",
        "SeriesRecord",
        "SeriesAnswer",
        EXAMPLES["series"],
        rules_engine.score_series,
    ),
    Operation(
        "rating",
        "ratePlayers",
        "Players' ratings with their uncertainty from the whole corrected log (SEASON.md Z9, Z10)",
        "RatingRecord",
        "RatingAnswer",
        EXAMPLES["rating"],
        # Z10.4's solve by LAPACK: a club's 300 players within one request's bound.
        partial(rules_engine.rate_players, solve=linalg.posterior),
    ),
)
