"""Coiffeur's sentences for the engine's reasons, found through its Game (:mod:`scorer.web.reason_texts`).

Each sentence is translatable, with the reason's params as ``%(name)s`` placeholders; a
sentence with a rule letter serves only reasons whose rule id starts so.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from scorer.web.reason_texts import GameTexts
from scorer.web.reason_texts import Sentence as S

TEXTS = GameTexts(
    sentences=(
        # --- Coiffeur and Differenzler: the deck (C9, D8) -----------------------------------------------------
        S("hand_size", _l("Seat %(seat)s holds %(size)s cards; every player is dealt %(expected)s."), "C"),
        S(
            "card_in_two_hands",
            _l("%(card)s is held by seats %(other)s and %(seat)s; the deck has each card once."),
            "C",
        ),
        # --- Coiffeur: the grid, choosing and pushing -------------------------------------------------------
        S("no_weis", _l("Coiffeur is played without Weis: leave the Weis empty."), "C"),
        S("no_stoeck", _l("Coiffeur is played without Stöck: leave the Stöck empty."), "C"),
        S("row_outside_grid", _l("Row %(row)s is not in the grid (rows 1 to %(rows)s).")),
        S(
            "row_filled",
            _l("Team %(team)s has already played row %(row)s (%(label)s) in deal %(deal_number)s."),
        ),
        S(
            "scratch_filled",
            _l(
                "Row %(row)s of team %(team)s is already filled (deal %(deal)s); only an open row can be struck out."
            ),
        ),
        S("game_finished", _l("The game is finished: every row of both teams is filled.")),
        S("contract_not_row", _l("Row %(row)s is %(label)s; %(contract_key)s cannot be played in it.")),
        S(
            "not_a_wunsch_contract",
            _l(
                "Row %(row)s (%(label)s) is a Wunsch row; %(contract_key)s is not one of its contracts (%(allowed)s)."
            ),
        ),
        S(
            "order_not_permutation",
            _l("A 3×3 plays each of trump, Undenufe and Obenabe once; %(order)s is not such an order."),
        ),
        S("misere_mode", _l("A Misère in %(mode)s is not allowed here; the Misère modes are %(modes)s.")),
        S(
            "per_trick_needs_tricks",
            _l(
                "With card points counted trick by trick, a %(type)s must be entered card by card: its total is not 157."
            ),
        ),
        S(
            "pushes_range",
            _l(
                "Pushed %(pushes)s times: the choice can be pushed 0 to 7 times when pushing round, 0 to 2 times when pushing to the partner."
            ),
        ),
        S(
            "chooser_not_after_pushes",
            _l(
                "Seat %(chooser)s cannot be the chooser: forehand is seat %(forehand)s and the choice was pushed %(pushes)s times, so seat %(expected)s chooses."
            ),
        ),
        S(
            "team_complete",
            _l("Seat %(chooser)s cannot choose: team %(team)s has no open row and must push."),
        ),
        S(
            "zwang_passed",
            _l(
                "Seat %(seat)s was im Zwang at push %(step)s and team %(seat_team)s had an open row: seat %(seat)s had to choose."
            ),
        ),
        S(
            "partner_push_only",
            _l(
                "The team of forehand (seat %(forehand)s) has an open row: forehand chooses or pushes to the partner, not to seat %(chooser)s."
            ),
        ),
    ),
    #: Coiffeur's contracts beyond the suits, Obenabe and Undenufe (a 3×3 segment "trump" too).
    contracts={
        "slalom": _l("Slalom"),
        "guschti": _l("Guschti"),
        "3x3": _l("3×3"),
        "misere": _l("Misère"),
        "wunsch": _l("Wunsch"),
        "trump": _l("trump"),
    },
    #: A team's number shown with its name or players ("1 (Uri)"): a Coiffeur team is named at the set-up.
    team_params=frozenset({"team"}),
)
