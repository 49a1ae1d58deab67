"""The engine's public entry points (DEAL_RECORD.md): records in, JSON answers out.

Each game is a module offering ``score_deal``, ``score_match`` and ``legal_cards``; the
record's ``game`` field (default ``schieber``) finds it by name. A module may also offer
``legal_cards_fast(position)``: the answer for a plainly written position, or None (or a
KeyError or TypeError) when it is not one; ``legal_cards`` then answers. Positions are
small and many, so their dispatch skips a call where it can.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, cast

from rules_engine import limits
from rules_engine.errors import InvalidRecord

#: Game name -> module implementing it. Modules are imported on first use.
GAMES: dict[str, str] = {
    "schieber": "rules_engine.schieber",
    "klammern": "rules_engine.klammern",
}

Answer = dict[str, Any]


#: (game, entry) -> the function, once imported: dispatch is on every call's hot path.
_RESOLVED: dict[tuple[str, str], Callable[[Mapping[str, Any]], Answer]] = {}
_Fast = Callable[[Mapping[str, Any]], "Answer | None"]
#: Game -> (its ``legal_cards_fast`` or None, its ``legal_cards``), once imported.
_LEGAL_CARDS: dict[object, tuple[_Fast | None, Callable[[Mapping[str, Any]], Answer]]] = {}


def _entry(record: object, entry: str) -> Callable[[Mapping[str, Any]], Answer]:
    if type(record) is not dict and not isinstance(record, Mapping):
        raise InvalidRecord(f"a record must be a JSON object, not {type(record).__name__}")
    game = record.get("game", "schieber")
    if isinstance(game, str):
        found = _RESOLVED.get((game, entry))
        if found is not None:
            return found
    if not isinstance(game, str) or game not in GAMES:
        raise InvalidRecord(f"game: unknown game {game!r} (use one of {', '.join(map(repr, GAMES))})")
    module = importlib.import_module(GAMES[game])
    function = cast(Callable[[Mapping[str, Any]], Answer], getattr(module, entry))
    _RESOLVED[(game, entry)] = function
    if entry == "legal_cards":
        _LEGAL_CARDS[game] = (getattr(module, "legal_cards_fast", None), function)
    return function


def score_deal(record: Mapping[str, Any]) -> Answer:
    """Validate and score one deal.

    :raises InvalidRecord: the input is not a deal record (exit 2), or larger than any
        table's (:mod:`rules_engine.limits`). A record that breaks a rule is answered with
        ``valid: false`` and its reasons, never raised.
    """
    function = _entry(record, "score_deal")
    limits.check_deal(record)
    return function(record)


def score_match(record: Mapping[str, Any]) -> Answer:
    """Validate and score a whole match: running score, states, winner.

    :raises InvalidRecord: the input is not a match record, or larger than any table's.
    """
    function = _entry(record, "score_match")
    limits.check_match(record)
    return function(record)


def legal_cards(position: Mapping[str, Any]) -> Answer:
    """Which cards of ``position['hand']`` may be played, and why the others may not.

    :raises InvalidRecord: the input is not a position, or its hand or trick is longer
        than the deck.
    """
    if type(position) is dict:
        limits.check_position(position)
        try:
            fast, function = _LEGAL_CARDS[position.get("game", "schieber")]
        except (KeyError, TypeError):  # not resolved yet, unknown or not a name: _entry says
            pass
        else:
            if fast is not None:
                try:
                    answer = fast(position)
                except (KeyError, TypeError):  # not a plain position: legal_cards says why
                    answer = None
                if answer is not None:
                    return answer
            return function(position)
    function = _entry(position, "legal_cards")
    limits.check_position(position)
    return function(position)
