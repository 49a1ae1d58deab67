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

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules_engine.answers import ReasonJSON


class TafelError(ValueError):
    """Base of every error the rules engine raises on purpose."""


class InvalidRecord(TafelError):
    """The input is not a record: wrong type, unknown value, missing field (exit 2).

    Like a :class:`Reason` it says where: ``field`` is the offending field's path inside
    its deal (``points.value``, ``tricks[3]``, ``hands.2``) or the match's own field
    (``target``), ``deal`` the 0-based index of the deal in a match record. Either is None
    when the error is about the whole input. ``where`` is the path the message names
    (``deals[2].points.value``); it gives both unless they are given.

    >>> error = InvalidRecord("deals[2].points.value is missing", where="deals[2].points.value")
    >>> error.field, error.deal, str(error)
    ('points.value', 2, 'deals[2].points.value is missing')
    """

    def __init__(
        self, message: str, *, field: str | None = None, deal: int | None = None, where: str | None = None
    ) -> None:
        super().__init__(message)
        if where is not None:
            found_field, found_deal = locate(where)
            field = found_field if field is None else field
            deal = found_deal if deal is None else deal
        self.field: str | None = field
        self.deal: int | None = deal

    def in_deal(self, deal: int, prefix: str) -> InvalidRecord:
        """The same error located in deal ``deal`` of a match, its message after ``prefix``."""
        return type(self)(f"{prefix}: {self}", field=self.field, deal=deal)

    def to_json(self) -> dict[str, Any]:
        """``{"message", "field"?, "deal"?}``: what an answer about a malformed input says."""
        answer: dict[str, Any] = {"message": str(self)}
        if self.deal is not None:
            answer["deal"] = self.deal
        if self.field is not None:
            answer["field"] = self.field
        return answer


class InvalidNotation(InvalidRecord):
    """A card, suit, rank or seat written in a notation the engine does not know."""


#: The roots a record path starts with: the record itself, not a field of it.
_ROOTS: tuple[str, ...] = ("match", "deal", "position", "passe", "tournament")
_DEAL_INDEX = re.compile(r"deals\[(\d+)\]\.?")


def locate(where: str) -> tuple[str | None, int | None]:
    """The field path and deal index a record path names (the engine's own paths).

    >>> locate("match.deals[3].tricks[1]"), locate("deal.points.value"), locate("position")
    (('tricks[1]', 3), ('points.value', None), (None, None))
    """
    rest = where.split(" ", 1)[0]
    for root in _ROOTS:
        if rest == root:
            rest = ""
            break
        if rest.startswith(root + "."):
            rest = rest[len(root) + 1 :]
            break
    deal = None
    found = _DEAL_INDEX.match(rest)
    if found is not None:
        deal = int(found[1])
        rest = rest[found.end() :]
    return (rest or None), deal


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

    def to_json(self) -> ReasonJSON:
        answer: ReasonJSON = {"rule": self.rule, "message": self.message, "code": self.code}
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
