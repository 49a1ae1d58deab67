"""The answers' shared parts as types: what every game's JSON answer may hold.

Every answer stays a plain dict (what ``json.dumps`` prints and the command line writes),
so nothing changes for a caller that reads it as JSON; :class:`~typing.TypedDict` s say
which keys it has and what they hold (``docs/DEAL_RECORD.md`` plus the additions in
``docs/DEAL_RECORD_ADDITIONS.md``). Each game types its own answers in its ``answers``
module (``rules_engine.<game>.answers``); these are the parts they
share: a broken rule's reason and who deals next. The generic entry points answer the union
of the registered games' answers (:mod:`rules_engine.games`).
"""

from __future__ import annotations

from typing import Any, Required, TypedDict

__all__ = ["NextTurn", "ReasonJSON"]


class ReasonJSON(TypedDict, total=False):
    """A broken rule (``Reason.to_json``): rule id, English message, stable code, where."""

    rule: Required[str]
    message: Required[str]
    code: Required[str]
    #: 0-based index of the deal in a match record.
    deal: int
    #: The offending field inside the deal (``points``, ``tricks[3][1]``, ``weis.2``).
    field: str
    #: The values that fill the code's sentence (absent where a game's reason has none).
    params: dict[str, Any]


class NextTurn(TypedDict):
    """Who deals and who leads the next deal (S2.3, K1.3)."""

    dealer: int
    forehand: int
