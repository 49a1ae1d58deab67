"""Replay a deal: every card of a record checked in order, the first wrong card, the score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer import games
from scorer.disputes.desk import desk
from scorer.games.ruling import Ruling


def replay_ruling(record: Mapping[str, Any]) -> Ruling:
    """Replay a deal record with ``tricks``: every card checked in order, the first wrong card, the score.

    :raises Unreadable: the record cannot be replayed (an unknown game, no tricks, a wrong shape).
    """
    return desk(str(record.get("game", games.RECORD_DEFAULT)), "record").replay(record)
