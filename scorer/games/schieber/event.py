"""The Schieber tournament (TOURNAMENT.md): each table plays a Passe of Schieber games, the teams
confirm them, and the engine ranks the players (Einzelschieber) or pairs (Partnerschieber)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, SelectField
from wtforms.validators import InputRequired, NumberRange, Optional

import rules_engine
from rules_engine.limits import TOURNAMENT
from rules_engine.tournament.options import TOURNAMENT_OPTIONS, WITH_SLALOM
from rules_engine.tournament.tournament import TOURNAMENT_FIELDS
from scorer.games.event import Office, Record, TournamentFormat
from scorer.games.schieber.forms import SLALOM_CHOICES
from scorer.games.schieber.tournament_api import API
from scorer.web.forms import choices, numeric

#: The Passe's options the table's match keeps; the rest are the tournament's (TOURNAMENT.md).
PASSE_OPTIONS = (
    "games_per_passe",
    "match_value",
    "confirm",
    "weis",
    "stoeck",
    "contracts",
    "mixed_points",
    "undenufe_points",
    "rotation",
)
#: The table's own match adds no confirmation step: the teams confirm on the event's table page
#: (``scorer.events.office``), and the event's record judges it (T6.2).
CONFIRM = "none"
#: The options of a table's Passe record that come from the tournament (TOURNAMENT.md, Rule options).
PASSE_KEYS = (
    "games_per_passe",
    "match_value",
    "confirm",
    "weis",
    "stoeck",
    "factors",
    "contracts",
    "mixed_points",
    "undenufe_points",
    "rotation",
)
#: A Match's value when the event names none (T3.4).
MATCH_VALUE = "157"
#: T7.3's tie-break orders a director picks from (the first is the rule file's default), each
#: ending with ``shared``: the stored option is the list, the form's value its steps joined.
TIEBREAKS = (
    ("best_passe shared", _l("the better Passe, then shared")),
    ("last_passe shared", _l("the later Passen, then shared")),
    ("best_passe matches shared", _l("the better Passe, more Matches, then shared")),
    ("matches best_passe shared", _l("more Matches, the better Passe, then shared")),
    ("best_passe lot shared", _l("the better Passe, a lot by the office, then shared")),
    ("shared", _l("none: equal totals share the rank")),
)


#: The new-event form's fields of the Schieber tournament; ``options`` reads them.
FORM_FIELDS = (
    (
        "format",
        SelectField(
            _l("Format"),
            choices=choices(
                ("einzel", _l("Einzelschieber (a new partner every Passe)")),
                ("partner", _l("Partnerschieber (fixed pairs)")),
            ),
            default="einzel",
        ),
    ),
    (
        "games_per_passe",
        IntegerField(
            _l("Games per Passe"),
            default=12,
            validators=[InputRequired(), NumberRange(min=1, max=TOURNAMENT.games_per_passe)],
            render_kw=numeric(),
        ),
    ),
    (
        "streich",
        IntegerField(
            _l("Struck Passen (Streichpasse)"),
            default=0,
            validators=[InputRequired(), NumberRange(min=0, max=TOURNAMENT.passen - 1)],
            render_kw=numeric(),
        ),
    ),
    (
        # T5.5: what a round sat out scores.
        "sitout_score",
        SelectField(
            _l("A round sat out scores"),
            choices=choices(
                ("half_control", _l("half the Passe's control sum (T5.5)")),
                ("fixed", _l("the points below")),
                ("own_average", _l("the player's own average Passe")),
                ("streich", _l("0, struck first (needs a Streichpasse)")),
            ),
            default="half_control",
        ),
    ),
    (
        "sitout_points",
        IntegerField(
            _l("Points for a round sat out (with \u201cthe points below\u201d)"),
            # Five digits: a Joker of 1,000 for a 12-game Passe (T5.5) with room to spare.
            validators=[Optional(), NumberRange(min=0, max=99_999)],
            render_kw=numeric(),
        ),
    ),
    (
        # T7.5 and docs/DEAL_RECORD_ADDITIONS.md: when a round sat out enters the live ranking.
        # The form proposes the round's end: from the draw, a player sitting out tops the live
        # ranking all round.
        "sitout_from",
        SelectField(
            _l("A round sat out counts"),
            choices=choices(
                ("round_complete", _l("once every table of its round is done")),
                ("seated", _l("from the draw (T7.5)")),
            ),
            default="round_complete",
        ),
    ),
    (
        # T7.3: what splits equal totals.
        "tiebreak",
        SelectField(_l("Equal totals are split by"), choices=choices(*TIEBREAKS), default=TIEBREAKS[0][0]),
    ),
    (
        # T8.2: what a substitute's Passen score for the player he stands in for.
        "substitute_scores",
        SelectField(
            _l("A substitute's Passen count for his player"),
            choices=choices(
                ("none", _l("no: 0 for the player (T8.2)")), ("original", _l("yes, as the player's own"))
            ),
            default="none",
        ),
    ),
    (
        # T8.4: what the rounds before a late arrival score for him.
        "late_entry",
        SelectField(
            _l("A late arrival's earlier rounds score"),
            choices=choices(
                ("zero", _l("0 (T8.4)")),
                ("sitout_score", _l("as a round sat out")),
                ("own_average", _l("his own average Passe")),
            ),
            default="zero",
        ),
    ),
    (
        "match_value",
        SelectField(
            _l("A Match counts"),
            choices=choices(("157", "157"), ("207", "207 (157 + 50)"), ("257", "257 (157 + 100)")),
            default=MATCH_VALUE,
        ),
    ),
    (
        # T2.1: the Weis and the Stöck, entered with each game and outside the control sum (T3.5).
        "weis",
        SelectField(
            _l("Weis counts (T2.1)"),
            choices=choices(("no", _l("no: tricks only")), ("yes", _l("yes"))),
            default="no",
        ),
    ),
    (
        "stoeck",
        SelectField(
            _l("Stöck count (T2.1)"),
            choices=choices(("no", _l("no")), ("yes", _l("yes: 20 for king and queen of trump"))),
            default="no",
        ),
    ),
    (
        # T2.3: the Slalom, which one rulebook allows; its card points those of its first trick's
        # mode (C5.6 `opening`, the engine's default), so a game entered by points totals 157.
        "slalom",
        SelectField(_l("Slalom (T2.3)"), choices=SLALOM_CHOICES, default="no"),
    ),
    (
        # T2.3: the card points of Undenufe.
        "undenufe_points",
        SelectField(
            _l("In Undenufe"),
            choices=choices(
                ("six11", _l("the 6 counts 11, the Ace 0 (T2.3)")), ("ace11", _l("the Ace counts 11"))
            ),
            default="six11",
        ),
    ),
    (
        # T3.3: forehand passes to the right, game by game.
        "rotation",
        SelectField(
            _l("A forehand out of turn"),
            choices=choices(
                ("warn", _l("is pointed out (T3.3)")),
                ("strict", _l("is refused")),
                ("off", _l("is not checked")),
            ),
            default="warn",
        ),
    ),
    (
        # T8.3: a pair's Passen with a substitute partner.
        "pair_substitute",
        SelectField(
            _l("A pair's Passen with a substitute partner"),
            choices=choices(
                ("counts", _l("count for the pair (T8.3)")), ("excluded", _l("score 0 for the pair"))
            ),
            default="counts",
        ),
    ),
    (
        # T6.2: who confirms a game's figure.
        "confirm",
        SelectField(
            _l("Confirmation"),
            choices=choices(
                ("per_game", _l("each team confirms every game")),
                ("per_passe", _l("each team signs the Passe")),
                ("double_entry", _l("each team enters its own figure")),
                ("none", _l("the table's entry counts alone")),
            ),
            default="per_game",
        ),
    ),
)


def options(form: Any) -> Record:
    """The tournament's options the new-event form states."""
    stated: Record = {
        "format": form.format.data,
        "games_per_passe": form.games_per_passe.data,
        "confirm": form.confirm.data,
        "streich": form.streich.data,
    }
    if form.match_value.data != MATCH_VALUE:
        stated["match_value"] = int(form.match_value.data)
    for name in ("weis", "stoeck"):
        if form[name].data == "yes":
            stated[name] = True
    if form.slalom.data == "yes":
        stated["contracts"] = list(WITH_SLALOM)
    # The other choices, stated only when they differ from the engine's defaults (the rule
    # file's readings).
    for name in STATED_CHOICES:
        if form[name].data != TOURNAMENT_OPTIONS[name].default:
            stated[name] = form[name].data
    if form.sitout_score.data == "fixed" and form.sitout_points.data is not None:
        stated["sitout_points"] = form.sitout_points.data
    if form.tiebreak.data != TIEBREAKS[0][0]:
        stated["tiebreak"] = str(form.tiebreak.data).split()
    return stated


#: The form's choices stored as the option's value itself (when not the engine's default).
STATED_CHOICES = (
    "sitout_score",
    "sitout_from",
    "substitute_scores",
    "late_entry",
    "undenufe_points",
    "rotation",
    "pair_substitute",
)


def option_problem(field: str, rule: str | None) -> str | None:
    """Why the rules refuse the form's options (T9), said at the field in the reader's language."""
    if field == "sitout_points":
        return _("Enter the points a round sat out scores (T5.5).")
    if field == "streich" and rule == "T5.5":
        return _("A round sat out that scores 0, struck first, needs at least one struck Passe (T5.5).")
    if field == "streich":
        return _("Strike fewer Passen than the event has (T7.2).")
    return None


def sign(result: Record, teams: list[int]) -> None:
    """The Passe signed by these teams (T6.2 ``per_passe``), in its result of the tournament record."""
    result["passe"]["confirmed_by"] = teams


def table_settings(options: Mapping[str, Any]) -> Record:
    """A table's Passe: the tournament profile, the event's Passe options."""
    kept = {key: options[key] for key in PASSE_OPTIONS if key in options}
    kept["confirm"] = CONFIRM
    return {"game": "passe", "profile": "tournament", "options": kept, "deck": "swiss"}


EVENT = TournamentFormat(
    title=lambda: _("Schieber (TOURNAMENT.md)"),
    label=lambda: _("Schieber"),
    record_game="schieber_tournament",
    score=rules_engine.score_tournament,
    seat=rules_engine.seat_next_round,
    fields=TOURNAMENT_FIELDS,
    options=options,
    result=lambda games: {"passe": {"games": games}},
    table_game="passe",
    table_settings=table_settings,
    games_per_passe=lambda options: int(options.get("games_per_passe", 12)),
    pads_title=lambda: _("Jasszettel (PDF)"),
    office=Office(
        record_game="schieber_passe",
        score=rules_engine.score_passe,
        options=PASSE_KEYS,
        desk_game="schieber",
        sign=sign,
    ),
    teams=True,
    substitutes=True,
    api=API,
    form_fields=FORM_FIELDS,
    error_field="streich",
    option_problem=option_problem,
)
