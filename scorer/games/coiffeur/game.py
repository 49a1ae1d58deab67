"""The Coiffeur game value: its parts put together (see the package's docstring)."""

from __future__ import annotations

from flask_babel import gettext as _

from rules_engine.coiffeur.options import GRID_PRESETS
from scorer.games.base import Game, Offline, RuleFile
from scorer.games.coiffeur.api import API
from scorer.games.coiffeur.deal import DEAL
from scorer.games.coiffeur.disputes import DESK
from scorer.games.coiffeur.match import MATCH
from scorer.games.coiffeur.panel import PANEL
from scorer.games.coiffeur.setup import SETUP
from scorer.games.coiffeur.sheet import SHEET_PART
from scorer.games.coiffeur.texts import TEXTS

GAME = Game(
    name="coiffeur",
    title=lambda: _("Coiffeur"),
    new_title=lambda: _("New Coiffeur"),
    package="scorer.games.coiffeur",
    deck="swiss",
    # As in Schieber: seat 2 is to seat 1's right, play goes counter-clockwise (C3.1, S2.2).
    positions={4: ("bottom", "right", "top", "left")},
    setup=SETUP,
    deal=DEAL,
    match=MATCH,
    panel=PANEL,
    api=API,
    sheet=SHEET_PART,
    disputes=DESK,
    rules=RuleFile("COIFFEUR.md", prefix="C"),
    texts=TEXTS,
    # A Coiffeur's grid and options are chosen on its set-up page, with the network: the tablet
    # goes on with a match it knows and starts none (no born forms).
    offline=Offline(
        module="scorer.games.coiffeur.record",
        born=((4, "swiss"), (4, "french")),
        stand_in=(("grid", "official8"), ("first_forehand", "1")),
        # Each preset grid draws its own rows (C2.3); a grid of own rows is set up online.
        variants=tuple(((("grid", name),) if name != "official8" else ()) for name in GRID_PRESETS),
    ),
)
