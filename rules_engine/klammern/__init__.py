"""Klammern (KLAMMERN.md): public entry points of the game.

``score_deal`` (:mod:`.deal`), ``legal_cards`` (:mod:`.play`) and ``score_match``
(:mod:`.match`), found by :mod:`rules_engine.api` through the record's ``game``.
"""

from rules_engine.klammern.deal import score_deal
from rules_engine.klammern.match import resume_match, score_match
from rules_engine.klammern.play import legal_cards

__all__ = ["legal_cards", "resume_match", "score_deal", "score_match"]
