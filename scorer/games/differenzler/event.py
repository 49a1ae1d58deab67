"""A Differenzler tournament (D7 in TOURNAMENT.md's format): players drawn to tables of four,
redrawn each Passe of four deals, the lowest total first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import SelectField

from rules_engine.differenzler.tournament import (
    RECORD_FIELDS,
    score_differenzler_tournament,
    seat_next_differenzler_round,
)
from scorer.games.event import Record, TournamentFormat
from scorer.web.forms import choices

#: The options of a Differenzler tournament that are the tournament's, not every table's Partie.
TOURNAMENT_KEYS = ("sitout_score", "sitout_points")
#: D7.1, D7.3: a Passe is one deal per player at a table of four.
PASSE = 4


#: D7.4 (its ``lot`` needs the office's draw, which events do not record yet).
TIE = SelectField(
    _l("Equal totals (Differenzler)"),
    choices=choices(("", _l("share the rank")), ("exact_hits", _l("more exact hits rank higher"))),
    default="",
)


def options(form: Any) -> Record:
    """The tournament's options the new-event form states: how equal totals rank (D7.4)."""
    return {"tie": form.tie.data} if form.tie.data else {}


def table_settings(options: Mapping[str, Any]) -> Record:
    """A table's Partie of one Passe, with the event's options (the tournament's left out)."""
    kept = {key: value for key, value in options.items() if key not in TOURNAMENT_KEYS}
    return {"game": "differenzler", "players": PASSE, "deal_count": PASSE, "options": kept, "deck": "swiss"}


EVENT = TournamentFormat(
    title=lambda: _("Differenzler (D7.3: four deals a Passe, lowest total wins)"),
    label=lambda: _("Differenzler"),
    record_game="differenzler_tournament",
    score=score_differenzler_tournament,
    seat=seat_next_differenzler_round,
    fields=RECORD_FIELDS,
    options=options,
    result=lambda deals: {"deals": deals},
    table_game="differenzler",
    table_settings=table_settings,
    games_per_passe=lambda options: PASSE,
    direction="low",
    pads_title=lambda: _("Differenzler pads (PDF)"),
    form_fields=(("tie", TIE),),
    about=lambda: _(
        "Four deals a Passe, one per player; the tables are redrawn after each Passe and the lowest "
        "total wins (D7)."
    ),
)
