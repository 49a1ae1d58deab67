"""Schieber (SCHIEBER.md): public entry points of the game.

``score_deal`` (:mod:`.deal`), ``score_match`` and ``resume_match`` (:mod:`.match`) and
``legal_cards`` (:mod:`.play`) take DEAL_RECORD.md records and answer in JSON; :mod:`.weis`
offers ``find_weis``, ``best_declaration`` and ``compare_weis`` for the app and the dispute
desk. Each module is imported when one of its names is first asked for, so that a command
that scores one deal does not define the match's or the legal-card layer's types.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules_engine.schieber.deal import score_deal
    from rules_engine.schieber.match import resume_match, score_match
    from rules_engine.schieber.play import legal_cards
    from rules_engine.schieber.weis import best_declaration, compare_weis, find_weis

#: Public name -> the module defining it.
_HOMES = {
    "score_deal": "deal",
    "score_match": "match",
    "resume_match": "match",
    "legal_cards": "play",
    "legal_cards_fast": "play",
    "best_declaration": "weis",
    "compare_weis": "weis",
    "find_weis": "weis",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "best_declaration",
    "compare_weis",
    "find_weis",
    "legal_cards",
    "resume_match",
    "score_deal",
    "score_match",
]
