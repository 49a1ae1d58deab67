"""Differenzler's deal on the match page: the trump, each player's estimate (masked while typed
under hidden estimates, D3.3; a seat sealed from its phone is left empty) and each player's card
points, the last filled as 157 minus the others (D5.1), all typed on the number pad. Stöck,
penalties, a void deal and corrections stay on the deal form of ``/deals/new``."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from scorer.games.base import Panel, Settings
from scorer.games.differenzler.record import hidden, players, tricks_asked


def context(settings: Settings) -> dict[str, Any]:
    return {
        "entry_more": _("Stöck, penalties, a void deal"),
        "entry_players": players(settings),
        "entry_hidden": hidden(settings),
        "entry_tricks": tricks_asked(settings),
    }


PANEL = Panel(
    template="differenzler/_panel.html",
    context=context,
    slots=frozenset({"trump", "estimates", "points", "tricks_won"}),
)
