"""Hundred's records from its forms' posted fields, in the standard library alone: the
server's deal form builds with it, and the tablet runs it offline (``Game.offline``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.games.records import present
from scorer.web import posted
from scorer.web.posted import Fields, Record


def deal_record(fields: Fields, settings: Mapping[str, Any]) -> Record:
    """:raises ShapeError: a field the deal form refuses."""
    points = posted.integer(fields, "points")
    if points is None:
        raise posted.ShapeError("points", posted.WTFORMS_REQUIRED)
    return {"forehand": int(posted.choice(fields, "forehand", ("1", "2", "3", "4"))), "points": points}


def match_fields(settings: Mapping[str, Any]) -> Record:
    return present(settings, ("target",))


def setup_settings(fields: Fields) -> Record:
    stated: Record = {"game": "toy", "names": posted.names(fields, 4), "players": 4, "deck": "french"}
    stated["first_forehand"] = 1
    if (target := posted.integer(fields, "target")) is not None:
        stated["target"] = target
    return stated
