"""Coiffeur's deal on the match page: who chose (forehand, unless he passed), the row — one tap
on it, the rows the chooser's team has played struck out (C3.4) — the contract's parts for the
grid's extra rows, the result, and the trick points with the number pad. A scratch (C6.5) and
passes that the chooser does not imply stay on the deal form of ``/deals/new``."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from scorer.games.base import Form, Panel, Settings
from scorer.games.coiffeur.record import grid, team_of

#: Rows whose contract is the row itself (C2.2): a suit, Obenabe, Undenufe.
PLAIN = frozenset({"suit", "obenabe", "undenufe"})


def context(settings: Settings) -> dict[str, Any]:
    return {
        "entry_more": _("Scratch or passes"),
        # Which rows ask for more of the contract (shown once such a row is chosen).
        "entry_needs": [row.type not in PLAIN for row in grid(settings)],
    }


def prepare(form: Form) -> None:
    """Forehand chooses for his team, as a deal goes when nobody passes (C3.3); the trick points
    asked are his team's."""
    forehand = form.forehand.data or "1"
    form.chooser.data = forehand
    form.team.data = str(team_of(int(forehand)))


PANEL = Panel(
    template="coiffeur/_panel.html",
    context=context,
    slots=frozenset({"chooser", "row", "contract", "points"}),
    prepare=prepare,
)
