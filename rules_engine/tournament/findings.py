"""A broken rule located in a Passe or a tournament: the :class:`Reason` plus game, round and table."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules_engine.errors import Reason
from rules_engine.tournament.answers import ErrorAnswer

__all__ = ["Finding", "finding"]


@dataclass(frozen=True, slots=True)
class Finding:
    """Where a reason applies: ``game`` 0-based in its Passe; ``round`` and ``table`` 1-based (T7.5)."""

    reason: Reason
    game: int | None = None
    round: int | None = None
    table: int | None = None

    def at(self, round: int | None, table: int | None) -> Finding:
        """The same finding, in a Passe seated at ``table`` of ``round``."""
        return replace(self, round=round, table=table)

    def to_json(self) -> ErrorAnswer:
        reason = self.reason
        answer: ErrorAnswer = {
            "rule": reason.rule,
            "message": reason.message,
            "code": reason.code,
            "params": dict(reason.params),
        }
        if reason.field is not None:
            answer["field"] = reason.field
        if self.game is not None:
            answer["game"] = self.game
        if self.round is not None:
            answer["round"] = self.round
        if self.table is not None:
            answer["table"] = self.table
        return answer


def finding(
    rule: str,
    code: str,
    template: str,
    params: dict[str, Any] | None = None,
    *,
    field: str | None = None,
    game: int | None = None,
    round: int | None = None,
    table: int | None = None,
) -> Finding:
    """A :class:`Finding` of a new :class:`Reason` (the rule id first, as every message cites it)."""
    return Finding(Reason(rule, code, template, params or {}, field), game, round, table)
