"""The engine's small error family and the reason a rule gives.

Two kinds of failure, as the command line tells them apart (DEAL_RECORD.md):

* :class:`InvalidRecord` — the input is not a record (bad JSON shape, an unknown field
  value, a card outside the deck). Exit status 2.
* :class:`RuleBroken` — a well-formed record breaks a rule. Exit status 1 and
  ``valid: false``; it carries one :class:`Reason` per broken rule.

Every :class:`Reason` names its rule id (``S4.4``), a stable ``code``, an English
``template`` with named placeholders and the ``params`` that fill it, so that the web
layer can translate the sentence; ``message`` is the English text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class TafelError(ValueError):
    """Base of every error the rules engine raises on purpose."""


class InvalidRecord(TafelError):
    """The input is not a record: wrong type, unknown value, missing field (exit 2)."""


class InvalidNotation(InvalidRecord):
    """A card, suit, rank or seat written in a notation the engine does not know."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a rule rejects something: rule id, stable code, English template and parameters.

    >>> Reason("S4.4", "undertrump", "{card} would undertrump {highest}",
    ...        {"card": "H6", "highest": "H9"}).message
    'H6 would undertrump H9'
    """

    rule: str
    code: str
    template: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)
    field: str | None = None
    deal: int | None = None

    @property
    def message(self) -> str:
        return self.template.format(**self.params)

    def in_deal(self, deal: int) -> Reason:
        """The same reason, located in deal ``deal`` (0-based) of a match record."""
        return Reason(self.rule, self.code, self.template, self.params, self.field, deal)

    def to_json(self) -> dict[str, Any]:
        answer: dict[str, Any] = {"rule": self.rule, "message": self.message, "code": self.code}
        if self.deal is not None:
            answer["deal"] = self.deal
        if self.field is not None:
            answer["field"] = self.field
        answer["params"] = dict(self.params)
        return answer


class RuleBroken(TafelError):
    """A well-formed record, position or action breaks one or more rules (exit 1)."""

    def __init__(self, reasons: Reason | list[Reason] | tuple[Reason, ...]) -> None:
        self.reasons: tuple[Reason, ...] = (reasons,) if isinstance(reasons, Reason) else tuple(reasons)
        super().__init__("; ".join(f"{r.rule}: {r.message}" for r in self.reasons))
