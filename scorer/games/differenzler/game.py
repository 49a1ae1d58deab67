"""The Differenzler game value: its parts put together (see the package's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint
from flask_babel import gettext as _

from scorer.games.base import Game, Offline, RuleFile
from scorer.games.differenzler import estimates
from scorer.games.differenzler.api import API
from scorer.games.differenzler.deal import DEAL
from scorer.games.differenzler.disputes import DESK
from scorer.games.differenzler.event import EVENT
from scorer.games.differenzler.match import MATCH
from scorer.games.differenzler.panel import PANEL
from scorer.games.differenzler.setup import SETUP
from scorer.games.differenzler.sheet import SHEET_PART
from scorer.games.differenzler.texts import TEXTS


@dataclass(frozen=True, slots=True)
class DifferenzlerGame(Game):
    """Differenzler, with a page of its own: each player's estimate from his phone (D3.3)."""

    def blueprint(self) -> Blueprint:
        return estimates.blueprint(Game.blueprint(self))


GAME = DifferenzlerGame(
    name="differenzler",
    title=lambda: _("Differenzler"),
    new_title=lambda: _("New Differenzler"),
    package="scorer.games.differenzler",
    deck="swiss",
    # Counter-clockwise as Schieber (D2.1): seat 2 is to seat 1's right.
    positions={4: ("bottom", "right", "top", "left"), 3: ("bottom", "right", "left")},
    setup=SETUP,
    deal=DEAL,
    match=MATCH,
    panel=PANEL,
    api=API,
    sheet=SHEET_PART,
    disputes=DESK,
    event=EVENT,
    rules=RuleFile("DIFFERENZLER.md", prefix="D"),
    texts=TEXTS,
    offline=Offline(module="scorer.games.differenzler.record", born=()),
    seat_page="game_differenzler.seat_estimate",
)
