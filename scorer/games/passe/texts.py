"""Passe's sentences for the engine's reasons, found through its Game (:mod:`scorer.web.reason_texts`).

Each sentence is translatable, with the reason's params as ``%(name)s`` placeholders; a
sentence with a rule letter serves only reasons whose rule id starts so.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from scorer.web.reason_texts import GameTexts
from scorer.web.reason_texts import Sentence as S

TEXTS = GameTexts(
    sentences=(
        S(
            "weis_values_not_counted",
            _l("No Weis counts in this game (the rule option Weis is off), but team %(teams)s declares one."),
            "T",
        ),
        # --- Tournament profile and Passe (TOURNAMENT.md) ------------------------------------------
        S(
            "weis_not_counted",
            _l("No Weis counts in this game (the rule option Weis is off), but seat %(seats)s declares one."),
            "T",
        ),
        S(
            "stoeck_not_counted",
            _l("No Stöck counts in this game (the rule option Stöck is off), but seat %(seat)s claims it."),
            "T",
        ),
        S("outside_range", _l("%(value)s is outside 0 to 157, the points of one game."), "T"),
        S(
            "impossible_total",
            _l("%(value)s is impossible: the other team would have %(other)s, which no set of tricks makes."),
            "T",
        ),
        S("contract_not_allowed", _l("A Slalom is not among this Passe's contracts.")),
        S(
            "per_trick_needs_tricks",
            _l("With card points per trick (C5.6), a Slalom is entered card by card: its total is not 157."),
            "T",
        ),
        S("too_many_games", _l("A Passe has %(games_per_passe)s games; game %(number)s is one too many.")),
        S(
            "forehand_out_of_turn",
            _l("Seat %(forehand)s is forehand out of turn: after seat %(previous)s it is seat %(expected)s."),
        ),
        S(
            "rotation_uneven",
            _l(
                "The seats were forehand %(counts)s times; in %(games)s games they differ by at most %(allowed)s."
            ),
        ),
        S(
            "reported_total",
            _l("Team %(team)s: the reported total is %(reported)s, but the games make %(actual)s."),
        ),
        S(
            "passe_total_impossible",
            _l("Team %(team)s: a Passe total of %(total)s is impossible (0 to %(top)s, never 1)."),
        ),
        S("control_sum", _l("The Passe totals make %(actual)s, not the control sum %(expected)s.")),
        S(
            "replaced_player_seated",
            _l("%(id)s is seated in round %(round)s, but a substitute plays in that place this round."),
        ),
        S("table_size", _l("Table %(table)s seats %(count)s; a table seats four players (two pairs).")),
        S(
            "result_not_seated",
            _l("There is a result for table %(table)s of round %(round)s, which is not seated."),
        ),
        S("seated_twice", _l("%(id)s is seated %(times)s times in round %(round)s.")),
        S("withdrawn_seated", _l("%(id)s has withdrawn and is seated.")),
        S("withdrawn_listed", _l("%(id)s has withdrawn and is listed as sitting out.")),
        S("late_seated", _l("%(id)s enters in round %(first)s and is seated in round %(round)s.")),
        S(
            "late_listed",
            _l("%(id)s enters in round %(first)s and is listed as sitting out in round %(round)s."),
        ),
        S("sitout_twice", _l("%(id)s is listed twice among those sitting out.")),
        S("sitout_seated", _l("%(id)s is listed as sitting out and is seated.")),
        S("not_seated", _l("%(id)s is neither seated nor listed as sitting out.")),
    ),
)
