"""The Passe game value: its parts put together (see the package's docstring)."""

from __future__ import annotations

from flask_babel import gettext as _

from scorer.games.base import Game, Offline, RuleFile
from scorer.games.passe.deal import DEAL
from scorer.games.passe.engine import score
from scorer.games.passe.match import MATCH
from scorer.games.passe.setup import SETUP
from scorer.games.passe.sheet import SHEET_PART
from scorer.games.passe.texts import TEXTS
from scorer.games.schieber.panel import PANEL  # T6.1: the Passe is entered on Schieber's deal form

GAME = Game(
    name="passe",
    title=lambda: _("Passe"),
    new_title=lambda: _("New Passe"),
    package="scorer.games.passe",
    deck="swiss",
    # Seen from above, seat 2 is to seat 1's right: play goes counter-clockwise (S2.2).
    positions={4: ("bottom", "right", "top", "left")},
    setup=SETUP,
    deal=DEAL,
    match=MATCH,
    panel=PANEL,
    sheet=SHEET_PART,
    score=score,
    rules=RuleFile("TOURNAMENT.md", prefix="T"),
    texts=TEXTS,
    # A Passe is drawn by its event (or set up) with the network; its table goes on without.
    offline=Offline(module="scorer.games.passe.record", born=()),
)
