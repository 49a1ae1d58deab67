"""Coiffeur (COIFFEUR.md): public entry points of the game.

``score_deal`` (:mod:`.deal`), ``score_match`` (:mod:`.match`) and ``legal_cards``
(:mod:`.play`) take the records of COIFFEUR.md, "JSON records"; the answers' shapes are
the TypedDicts of :mod:`.answers`.
"""

from rules_engine.coiffeur.deal import score_deal
from rules_engine.coiffeur.match import score_match
from rules_engine.coiffeur.play import legal_cards, legal_cards_fast
from rules_engine.schieber import LIMITS as SCHIEBER_LIMITS

#: Played with Schieber's 36 cards (C1), so a record is bounded as Schieber's. There
#: is no Weis (C1.3): a claim is a rule broken, judged up to the same bound.
LIMITS = SCHIEBER_LIMITS

__all__ = ["LIMITS", "legal_cards", "legal_cards_fast", "score_deal", "score_match"]
