"""The Schieber game value: its parts put together (see the package's docstring)."""

from __future__ import annotations

from flask_babel import gettext as _

from scorer.games.base import Game, Offline, RuleFile
from scorer.games.schieber.api import API
from scorer.games.schieber.deal import DEAL
from scorer.games.schieber.disputes import DESK
from scorer.games.schieber.event import EVENT
from scorer.games.schieber.match import MATCH
from scorer.games.schieber.panel import PANEL
from scorer.games.schieber.setup import SETUP
from scorer.games.schieber.sheet import SHEET_PART
from scorer.games.schieber.texts import TEXTS

GAME = Game(
    name="schieber",
    title=lambda: _("Schieber"),
    new_title=lambda: _("New Schieber"),
    package="scorer.games.schieber",
    deck="swiss",
    # Seen from above, seat 2 is to seat 1's right: play goes counter-clockwise (S2.2).
    positions={4: ("bottom", "right", "top", "left")},
    setup=SETUP,
    deal=DEAL,
    match=MATCH,
    panel=PANEL,
    rules=RuleFile("SCHIEBER.md", prefix="S"),
    texts=TEXTS,
    api=API,
    sheet=SHEET_PART,
    disputes=DESK,
    event=EVENT,
    offline=Offline(
        module="scorer.games.schieber.record",
        born=((4, "swiss"), (4, "french")),
        stand_in=(("profile", "seed"), ("rosen7", "1")),
    ),
)
