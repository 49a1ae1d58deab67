"""The Passe's answer for the table app: ``rules_engine.score_passe``, in the shape of a match's.

The shared match pages read a match answer (``scores``, ``finished``, ``next``, ``deals``);
a Passe is answered by :func:`rules_engine.score_passe` (TOURNAMENT.md). This module builds
the Passe record from the app's record of the Passe (its games are the match's deals) and
arranges the engine's answer under those keys. Every figure is the engine's: the running
totals and the control sum after each game are its answers for the Passe so far.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import rules_engine
from rules_engine.errors import InvalidRecord
from rules_engine.tournament.answers import ErrorAnswer, PasseAnswer

#: TOURNAMENT.md T3.1: a Passe has 12 games unless its options say otherwise.
DEFAULT_GAMES = 12


def passe_record(record: Mapping[str, Any], games: int | None = None) -> dict[str, Any]:
    """The TOURNAMENT.md Passe record of the app's record (its first ``games`` games)."""
    deals = list(record.get("deals") or [])
    options = dict(record.get("options") or {})
    if games is not None:
        deals = deals[:games]
        options["games_per_passe"] = games
    passe: dict[str, Any] = {
        "game": "schieber_passe",
        "profile": record.get("profile", "tournament"),
        "options": options,
        "games": deals,
    }
    for key in ("seats", "round", "table"):
        if key in record:
            passe[key] = record[key]
    return passe


def games_per_passe(record: Mapping[str, Any]) -> int:
    options = record.get("options") or {}
    stated = options.get("games_per_passe") if isinstance(options, Mapping) else None
    return stated if isinstance(stated, int) and not isinstance(stated, bool) else DEFAULT_GAMES


def _error(error: ErrorAnswer) -> dict[str, Any]:
    """An engine reason with its game index where the deal pages look for it (``deal``)."""
    found: dict[str, Any] = {k: v for k, v in error.items() if k != "game"}
    if "game" in error:
        found["deal"] = error["game"]
    return found


def _invalid(error: InvalidRecord) -> InvalidRecord:
    """The engine's ``passe.games[i].field`` path as the match record's ``deals[i].field``."""
    message = str(error).replace("passe.games[", "deals[")
    field = (error.field or "").replace("passe.games[", "deals[")
    if field and field not in message:
        message = f"{field}: {message}"
    return InvalidRecord(message, field=error.field, deal=error.deal)


def score(record: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's answer to the Passe, shaped as a match answer.

    :raises InvalidRecord: the record is not a Passe record (a game's path as ``deals[i]``).
    """
    try:
        answer: PasseAnswer = rules_engine.score_passe(passe_record(record))
    except InvalidRecord as error:
        raise _invalid(error) from None
    games = answer["games"]
    count = games_per_passe(record)
    errors = [_error(e) for e in answer["errors"]]
    deals: list[dict[str, Any]] = []
    for index, game in enumerate(games):
        mine = [e for e in errors if e.get("deal") == index]
        deal: dict[str, Any] = {"valid": not mine, "errors": mine, **game}
        if answer["valid"]:
            # The Passe after this game, as the engine adds it up: its totals and its control
            # sum over the games so far (T3.5: n × 157 for n games, plus any Match bonus).
            so_far = rules_engine.score_passe(passe_record(record, index + 1))
            deal["scores_after"] = so_far["team_totals"]
            deal["control"] = so_far["control"]
        deals.append(deal)
    finished = answer["valid"] and len(games) >= count
    shaped: dict[str, Any] = {
        "valid": answer["valid"],
        "errors": errors,
        "warnings": [_error(w) for w in answer["warnings"]],
        "scores": answer["team_totals"] if answer["valid"] else None,
        "finished": finished if answer["valid"] else None,
        "winner": None,  # a Passe has no winner: its scores go to the Standblatt (T2.6, T3.6)
        "deals": deals,
        "status": answer["status"],
        "control": answer["control"],
        "matches": answer["matches"],
        "forehand_counts": answer["forehand_counts"],
        "player_totals": answer.get("player_totals"),
        "games_per_passe": count,
        "passe": answer,
    }
    if answer["valid"] and not finished:
        shaped["next"] = next_turn(record)
    return shaped


def next_turn(record: Mapping[str, Any]) -> dict[str, int]:
    """The next game's dealer and forehand: the deal passes to the right (T3.3, S2.3)."""
    deals = list(record.get("deals") or [])
    if deals and isinstance(deals[-1].get("forehand"), int):
        forehand = deals[-1]["forehand"] % 4 + 1
    else:
        forehand = int(record.get("first_forehand") or 1)
    return {"dealer": (forehand - 2) % 4 + 1, "forehand": forehand}
