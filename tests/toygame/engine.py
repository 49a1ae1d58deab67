"""The toy game's rules engine, found by name through the engine's registry (``rules_engine.games``).

Rules of "Hundred" (ids X…):
- X1 A deal has 100 points: team 1 takes ``points`` of them, team 2 the rest.
- X2 The first team to reach the target (300 unless the match says otherwise) wins;
  no deal follows the one that decides the match.
- X3 The seat after the forehand is the next deal's forehand; the forehand deals it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.errors import InvalidRecord
from rules_engine.limits import GameLimits

TARGET = 300
DEAL_POINTS = 100

#: Hundred is written down by its points alone (X1): a record names no card, no Weis.
LIMITS = GameLimits(deck=0, melds_per_seat=0, meld_cards=0, played_cards=0)


def _reason(rule: str, code: str, message: str, deal: int, **params: Any) -> dict[str, Any]:
    return {"rule": rule, "code": code, "message": message, "params": params, "field": "points", "deal": deal}


def score_match(record: Mapping[str, Any]) -> dict[str, Any]:
    """Validate and score a match of Hundred.

    :raises InvalidRecord: not a match record of this game (a deal without integer points).
    """
    deals = record.get("deals")
    if not isinstance(deals, list):
        raise InvalidRecord("deals: a list of deal records")
    target = record.get("target", TARGET)
    if not isinstance(target, int) or target < 1:
        raise InvalidRecord(f"target: a positive integer, not {target!r}")
    scores = [0, 0]
    answers: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    winner: int | None = None
    forehand = 1
    for index, deal in enumerate(deals):
        if not isinstance(deal, Mapping) or not isinstance(deal.get("points"), int):
            raise InvalidRecord(f"deals[{index}].points: an integer")
        if not isinstance(deal.get("forehand"), int) or not 1 <= deal["forehand"] <= 4:
            raise InvalidRecord(f"deals[{index}].forehand: a seat 1 to 4")
        points = deal["points"]
        forehand = deal["forehand"]
        if not 0 <= points <= DEAL_POINTS:
            errors.append(
                _reason("X1", "toy_points", f"a deal has 100 points, not {points}", index, points=points)
            )
            answers.append({"valid": False, "index": index})
            continue
        if winner is not None:
            errors.append(_reason("X2", "toy_after_end", "the match is over", index))
        total = [points, DEAL_POINTS - points]
        scores = [scores[0] + total[0], scores[1] + total[1]]
        answers.append({"valid": True, "index": index, "total": total, "scores_after": list(scores)})
        if winner is None and max(scores) >= target:
            winner = 1 if scores[0] >= scores[1] else 2
    answer: dict[str, Any] = {
        "valid": not errors,
        "errors": errors,
        "scores": None if errors else scores,
        "finished": winner is not None,
        "winner": winner,
        "deals": answers,
    }
    if winner is None:
        answer["next"] = {"dealer": forehand if deals else 4, "forehand": forehand % 4 + 1 if deals else 1}
    return answer
