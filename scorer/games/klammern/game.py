"""The Klammern game value: its parts put together (see the package's docstring)."""

from __future__ import annotations

from flask_babel import gettext as _

from scorer.games.base import Game, Offline, RuleFile
from scorer.games.klammern.api import API
from scorer.games.klammern.deal import DEAL
from scorer.games.klammern.disputes import DESK
from scorer.games.klammern.match import MATCH
from scorer.games.klammern.panel import PANEL
from scorer.games.klammern.setup import SETUP
from scorer.games.klammern.sheet import GAME_FORMATS, SHEET_PART
from scorer.games.klammern.texts import TEXTS

GAME = Game(
    name="klammern",
    title=lambda: _("Klammern"),
    new_title=lambda: _("New Klammern"),
    package="scorer.games.klammern",
    deck="french",
    # Seen from above, seat 2 is to seat 1's left: play goes clockwise (K1.3).
    positions={
        4: ("bottom", "left", "top", "right"),
        3: ("bottom", "left", "right"),
        2: ("bottom", "top"),
    },
    setup=SETUP,
    deal=DEAL,
    match=MATCH,
    panel=PANEL,
    rules=RuleFile("KLAMMERN.md", prefix="K"),
    texts=TEXTS,
    api=API,
    formats=GAME_FORMATS,  # K9
    sheet=SHEET_PART,
    disputes=DESK,
    offline=Offline(
        module="scorer.games.klammern.record",
        born=((4, "french"), (3, "french"), (2, "french")),
        # Seat 4, the form's default first dealer, is the last seat at any table (K1.3).
        stand_in=(("format", "liga"), ("first_dealer", "4")),
    ),
)
