"""A match record from a match's settings and its deals in force, in the standard library
alone: the server's (:func:`scorer.scoring.match_record`) and the tablet's under Pyodide
(:mod:`scorer.offline.tablet`), each with the game's own match-level fields."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Record = dict[str, Any]


def present(settings: Mapping[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
    """The ``fields`` of ``settings`` that hold a value (neither None nor an empty object)."""
    return {key: settings[key] for key in fields if settings.get(key) is not None and settings.get(key) != {}}


def match_record(game: str, fields: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]) -> Record:
    """The DEAL_RECORD.md match record of ``game`` with its match-level ``fields`` and ``deals``."""
    record: Record = {"game": game, **fields}
    if deals:
        # The first deal states its own forehand (S2.3, K1.3): the set-up's is only what
        # lets the engine name the first turn, so a match with deals reads as it always did.
        record.pop("first_forehand", None)
    record["deals"] = [dict(d) for d in deals]
    return record
