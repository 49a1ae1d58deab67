"""Klammern (KLAMMERN.md): public entry points of the game.

``score_deal`` (:mod:`.deal`), ``legal_cards`` (:mod:`.play`), ``score_match`` and
``resume_match`` (:mod:`.match`), found by :mod:`rules_engine.api` through the record's
``game``. Each module is imported when one of its names is first asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules_engine.klammern.deal import score_deal
    from rules_engine.klammern.match import resume_match, score_match
    from rules_engine.klammern.play import legal_cards

#: Public name -> the module defining it.
_HOMES = {
    "score_deal": "deal",
    "score_match": "match",
    "resume_match": "match",
    "legal_cards": "play",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = ["legal_cards", "resume_match", "score_deal", "score_match"]
