"""Klammern's deal on the match page: trump, declarer, card points (per player with two or
three), melds by value and Bella. Melds by their cards, a revoke and a Durchmarsch go on the
whole deal form."""

from __future__ import annotations

from typing import Any

from rules_engine.klammern import meld_values
from scorer.games.base import Form, Panel, Settings
from scorer.games.klammern.record import players, sides_of


def context(settings: Settings) -> dict[str, Any]:
    count = players(settings)
    return {
        "entry_players": count,
        # K1.1: two teams with four players; with two or three every seat is a side.
        "entry_sides": sides_of(settings),
        "entry_values": meld_values.possible_values(),
        # K10: no Bella with two players.
        "entry_bella": count > 2,
    }


def prepare(form: Form) -> None:
    """Forehand declares unless the table says otherwise."""
    form.declarer.data = form.forehand.data


PANEL = Panel(
    template="klammern/_panel.html",
    context=context,
    slots=frozenset({"trump", "how", "declarer", "points", "bella", "kontra", "meld_values", "meld_best"}),
    prepare=prepare,
)
