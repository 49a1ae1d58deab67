"""The engine's verdict on a match record as the app reads it, in the standard library and
``rules_engine`` alone: the server's scoring (:mod:`scorer.scoring`) and the tablet under
Pyodide (:mod:`scorer.offline.tablet`) say the same reasons in the same places."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rules_engine.errors import InvalidRecord

_FIELD_PREFIX = re.compile(r"^(?:match\.)?(?:deals\[(\d+)\]\.|deals\.(\d+)\.)?([a-z_]+(?:[.\[][^:\s]*)?):")


def invalid_record_error(error: InvalidRecord) -> dict[str, Any]:
    """An InvalidRecord as an error dict that says where, like a Reason (``field``, ``deal``).

    The engine's errors carry their place; one raised without it is read from its
    message's ``field:`` prefix.
    """
    message = str(error)
    answer: dict[str, Any] = {"rule": None, "code": "invalid_record", "message": message, "params": {}}
    if error.field is not None or error.deal is not None:
        answer.update({k: v for k, v in error.to_json().items() if k != "message"})
        return answer
    found = _FIELD_PREFIX.match(message)
    if found:
        deal = found.group(1) or found.group(2)
        if deal is not None:
            answer["deal"] = int(deal)
        answer["field"] = found.group(3)
    return answer


def errors_of(answer: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The reasons an answer gives; one that says invalid without a reason still refuses."""
    errors = list(answer.get("errors") or [])
    if answer.get("valid") is False and not errors:
        errors = [{"rule": None, "code": "invalid", "params": {}, "message": "invalid"}]
    return errors
