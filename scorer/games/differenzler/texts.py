"""Differenzler's sentences for the engine's reasons, found through its Game (:mod:`scorer.web.reason_texts`).

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
            "undertrump",
            _l(
                "%(card)s: the hand holds %(held)s; a trump lower than %(highest)s is allowed only without the led suit; play one of %(alternatives)s."
            ),
            "D",
        ),
        S("hand_size", _l("Seat %(seat)s holds %(size)s cards; every player is dealt %(expected)s."), "D"),
        S(
            "card_in_two_hands",
            _l("%(card)s is held by seats %(other)s and %(seat)s; the deck has each card once."),
            "D",
        ),
        # --- Differenzler: estimates, points, tricks ----------------------------------------------------------
        S("no_weis", _l("Differenzler is played without Weis: leave the Weis empty."), "D"),
        S("mode_not_allowed", _l("In this Differenzler trump is a suit; %(trump)s is not allowed.")),
        S("no_estimate", _l("Seat %(seat)s gave no estimate.")),
        S(
            "estimate_range",
            _l("The estimate %(estimate)s of seat %(seat)s is not between 0 and %(maximum)s."),
        ),
        S(
            "announcement_order",
            _l(
                "The estimates are announced from forehand to dealer (seats %(order)s), not in the order %(spoken)s."
            ),
        ),
        S("late_correction", _l("Seat %(seat)s corrects its estimate after the next player has announced.")),
        S(
            "announcement_estimate",
            _l("Seat %(seat)s last announced %(announced)s, but its estimate is %(estimate)s."),
        ),
        S(
            "sealed_late",
            _l("The estimate of seat %(seat)s was sealed at %(sealed)s, after the first card (%(first)s)."),
        ),
        S("points_sum", _l("The players' points make %(sum)s, not %(total)s.")),
        S(
            "impossible_points",
            _l("Seat %(seat)s: %(points)s points are impossible (no set of cards is worth 1)."),
        ),
        S(
            "tricks_won_sum",
            _l("Tricks won %(tricks_won)s: each must be 0 to %(count)s, and together they make %(count)s."),
        ),
        S(
            "tricks_won_differs",
            _l("The tricks won as entered (%(given)s) differ from the tricks played (%(played)s)."),
        ),
        S("points_without_trick", _l("Seat %(seat)s: %(points)s points need at least one trick.")),
        S(
            "all_tricks_not_157",
            _l("Seat %(seat)s took all %(count)s tricks: that is %(total)s points, not %(points)s."),
        ),
        S(
            "zero_needs_tricks",
            _l(
                "Seat %(seat)s estimated 0 and made 0: enter the tricks won (or the tricks), since an exact 0 counts only with a trick won."
            ),
        ),
        S("partie_complete", _l("The Partie of %(deal_count)s deals is complete; no deal comes after it.")),
        S("stoeck_not_counted", _l("Stöck does not count in this Differenzler: leave Stöck empty."), "D"),
    ),
)
