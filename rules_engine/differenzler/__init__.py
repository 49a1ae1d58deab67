"""Differenzler (DIFFERENZLER.md): public entry points of the game.

``score_deal`` (:mod:`.deal`), ``score_match`` (:mod:`.match`) and ``legal_cards``
(:mod:`.play`) take the records of DIFFERENZLER.md, "JSON records"; the answers' shapes
are the TypedDicts of :mod:`.answers`.
"""

from rules_engine.differenzler.deal import score_deal
from rules_engine.differenzler.match import score_match
from rules_engine.differenzler.play import legal_cards

__all__ = ["legal_cards", "score_deal", "score_match"]
