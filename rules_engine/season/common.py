"""What the series and the rating records share (SEASON.md Z1, Z2, Z11): the JSON number and
date rules, the player register with its merged aliases, and the located rule break.

Everything that reads a record here raises :class:`InvalidRecord` (exit 2) for a record
that is not one; rule breaks (exit 1) are :class:`SeasonFinding` s, collected by the caller.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from rules_engine.errors import InvalidRecord, Reason
from rules_engine.limits import SEASON, RecordTooLarge

__all__ = [
    "Register",
    "SeasonFinding",
    "check_count",
    "finding",
    "identifier",
    "integer",
    "iso_date",
    "number",
    "read_object",
    "read_list",
    "read_register",
]

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
#: Dates read so far: a log names each club evening's date hundreds of times.
_DATES: dict[str, date] = {}


def read_object(value: object, where: str, allowed: Iterable[str]) -> Mapping[str, Any]:
    """A JSON object whose keys are all in ``allowed``; a key given as null counts as left out (Z11)."""
    if not isinstance(value, Mapping):
        raise InvalidRecord(f"{where} must be a JSON object, not {_kind(value)}", where=where)
    known = allowed if isinstance(allowed, frozenset) else frozenset(allowed)
    if not known.issuperset(value):
        unknown = sorted(str(key) for key in value if key not in known)
        raise InvalidRecord(
            f"{where}: unknown field {unknown[0]!r} (known fields: {', '.join(sorted(known))})",
            where=f"{where}.{unknown[0]}",
        )
    if None in value.values():
        return {key: item for key, item in value.items() if item is not None}
    return value


def read_list(value: object, where: str) -> Sequence[Any]:
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise InvalidRecord(f"{where} must be a JSON list, not {_kind(value)}", where=where)
    return value


def check_count(items: Sequence[Any], limit: int, where: str, why: str) -> None:
    """:raises RecordTooLarge: more than ``limit`` items, before any of them is read."""
    if len(items) > limit:
        raise RecordTooLarge(where, limit, len(items), why)


def integer(value: object, where: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """A JSON integer: a number with an integral value (``3.0`` is 3); ``true`` is no number (Z11)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidRecord(f"{where} must be a whole number, not {_kind(value)}", where=where)
    if isinstance(value, float):
        if not value.is_integer():
            raise InvalidRecord(f"{where} must be a whole number, not {value!r}", where=where)
        value = int(value)
    if minimum is not None and value < minimum:
        raise InvalidRecord(f"{where} must be at least {minimum}, not {value}", where=where)
    if maximum is not None and value > maximum:
        raise InvalidRecord(f"{where} must be at most {maximum}, not {value}", where=where)
    return value


def number(value: object, where: str, *, positive: bool = False) -> float:
    """A finite JSON number (``true`` is none); with ``positive``, one greater than 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise InvalidRecord(f"{where} must be a number, not {_kind(value)}", where=where)
    if positive and not value > 0:
        raise InvalidRecord(f"{where} must be greater than 0, not {value!r}", where=where)
    return float(value)


def identifier(value: object, where: str) -> str:
    """An id (player, alias, event, result): a non-empty string (Z11's last line)."""
    if not isinstance(value, str) or not value:
        raise InvalidRecord(f"{where} must be a non-empty string, not {_kind(value)}", where=where)
    return value


def iso_date(value: object, where: str) -> date:
    """A real calendar date written ``YYYY-MM-DD`` (Z3.1, Z9.1)."""
    if isinstance(value, str):
        known = _DATES.get(value)
        if known is not None:
            return known
        if _ISO_DATE.fullmatch(value):
            try:
                found = _DATES[value] = date.fromisoformat(value)
                if len(_DATES) > 10_000:  # a log's dates are few; a hostile one's are not kept
                    _DATES.clear()
                return found
            except ValueError:
                pass
    raise InvalidRecord(
        f"{where} must be a calendar date written YYYY-MM-DD, not {_kind(value)}", where=where
    )


def _kind(value: object) -> str:
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        text = repr(value)
        return text if len(text) <= 40 else text[:40] + "…"
    return "true" if value is True else "false" if value is False else type(value).__name__


@dataclass(frozen=True, slots=True)
class Register:
    """The record's players (Z2): who each id and alias stands for, and the players' names."""

    names: Mapping[str, str]
    #: Every id and alias -> the surviving player's id (Z2.2).
    resolve: Mapping[str, str]

    def __contains__(self, key: object) -> bool:
        return key in self.resolve


def read_register(raw: object, where: str = "players") -> Register:
    """The ``players`` list: ids once each (Z2.1), aliases that collide with nothing (Z2.2)."""
    players = read_list(raw, where)
    check_count(players, SEASON.players, where, "players (a national federation's register)")
    names: dict[str, str] = {}
    resolve: dict[str, str] = {}
    aliases: list[tuple[str, str, str]] = []
    for index, item in enumerate(players):
        at = f"{where}[{index}]"
        fields = read_object(item, at, ("id", "name", "aliases"))
        if "id" not in fields or "name" not in fields:
            missing = "id" if "id" not in fields else "name"
            raise InvalidRecord(f"{at}.{missing} is missing", where=f"{at}.{missing}")
        player = identifier(fields["id"], f"{at}.id")
        if not isinstance(fields["name"], str):
            raise InvalidRecord(
                f"{at}.name must be a string, not {_kind(fields['name'])}", where=f"{at}.name"
            )
        if player in names:
            raise InvalidRecord(f"{at}.id: the player id {player!r} is listed twice (Z2.1)", where=f"{at}.id")
        names[player] = fields["name"]
        resolve[player] = player
        listed = read_list(fields.get("aliases", []), f"{at}.aliases")
        check_count(listed, SEASON.aliases, f"{at}.aliases", "aliases of one player")
        for alias_index, alias in enumerate(listed):
            aliases.append(
                (identifier(alias, f"{at}.aliases[{alias_index}]"), player, f"{at}.aliases[{alias_index}]")
            )
    for alias, player, at in aliases:
        if alias in resolve:
            other = "a player's id" if resolve[alias] == alias else f"an alias of {resolve[alias]!r}"
            raise InvalidRecord(f"{at}: the alias {alias!r} is already {other} (Z2.2)", where=at)
        resolve[alias] = player
    return Register(names, resolve)


@dataclass(frozen=True, slots=True)
class SeasonFinding:
    """A broken rule located at an event, a rating result and/or a player (Z11)."""

    reason: Reason
    event: str | None = None
    result: str | None = None
    player: str | None = None

    def to_json(self) -> dict[str, Any]:
        answer: dict[str, Any] = {
            "rule": self.reason.rule,
            "message": self.reason.message,
            "code": self.reason.code,
            "params": dict(self.reason.params),
        }
        if self.event is not None:
            answer["event"] = self.event
        if self.result is not None:
            answer["result"] = self.result
        if self.player is not None:
            answer["player"] = self.player
        return answer


def finding(
    rule: str,
    code: str,
    template: str,
    params: Mapping[str, Any],
    *,
    event: str | None = None,
    result: str | None = None,
    player: str | None = None,
) -> SeasonFinding:
    return SeasonFinding(Reason(rule, code, template, dict(params)), event, result, player)


def identity_findings(
    written: Iterable[str], register: Register, *, event: str | None = None, result: str | None = None
) -> list[SeasonFinding]:
    """Z2.3 and Z2.4 for the player ids one event's results (``event``) or one rating result
    (``result``) name, in their order: an unknown id, and a player named twice (aliases count
    as their player)."""
    where = {"event": event} if event is not None else {"result": result}
    head = "event {event}" if event is not None else "result {result}"
    twice = "appears twice in its results" if event is not None else "appears twice in it"
    found: list[SeasonFinding] = []
    seen: set[str] = set()
    for name in written:
        player = register.resolve.get(name)
        if player is None:
            found.append(
                finding(
                    "Z2.3",
                    "unknown_player",
                    head
                    + ": {player} is neither a player's id nor an alias; register the person or remove the result",
                    {**where, "player": name},
                    event=event,
                    result=result,
                    player=name,
                )
            )
        elif player in seen:
            found.append(
                finding(
                    "Z2.4",
                    "player_twice",
                    head + ": {player} " + twice,
                    {**where, "player": player, "written": name},
                    event=event,
                    result=result,
                    player=player,
                )
            )
        else:
            seen.add(player)
    return found
