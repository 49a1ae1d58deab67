"""Schieber's sentences for the engine's reasons, found through its Game (:mod:`scorer.web.reason_texts`).

Each sentence is translatable, with the reason's params as ``%(name)s`` placeholders; a
sentence with a rule letter serves only reasons whose rule id starts so.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from scorer.web.reason_texts import GameTexts
from scorer.web.reason_texts import Sentence as S

TEXTS = GameTexts(
    sentences=(
        # --- Schieber: cards, hands, points ----------------------------------------------------
        S("hand_size", _l("Seat %(seat)s holds %(count)s cards; every player is dealt %(expected)s."), "S"),
        S(
            "duplicate_card",
            _l("%(card)s is twice in the hand of seat %(seat)s; the deck has each card once."),
        ),
        S(
            "card_in_two_hands",
            _l("%(card)s is held by seats %(other)s and %(seat)s; the deck has each card once."),
            "S",
        ),
        S(
            "same_card_two_players",
            _l("%(cards)s in the Weis of seat %(seat)s is also held by seat %(other)s: one card, one hand."),
        ),
        S(
            "too_many_cards",
            _l(
                "Seat %(seat)s would hold %(count)s cards (%(cards)s) by its Weis and Stöck; a hand has nine."
            ),
        ),
        S(
            "weis_card_not_dealt",
            _l("Seat %(seat)s declares %(cards)s in its Weis but was not dealt it (%(hand)s)."),
        ),
        S(
            "impossible_total",
            _l("No set of tricks is worth %(total)s in %(contract)s (the other team would have %(other)s)."),
            "S",
        ),
        # --- Schieber: play ----------------------------------------------------------------------
        S("not_in_hand", _l("%(card)s is not in the hand (%(hand)s); play one of %(alternatives)s."), "S"),
        S(
            "must_follow_suit",
            _l(
                "%(card)s does not follow suit: %(led_card)s led %(led)s and the hand holds %(led)s; follow suit or play a trump: one of %(alternatives)s."
            ),
            "S4.3",
        ),
        S(
            "must_follow_suit",
            _l(
                "%(card)s does not follow suit: %(led_card)s led %(led)s and the hand holds %(led)s; play one of %(alternatives)s."
            ),
            "S",
        ),
        S(
            "undertrump",
            _l(
                "%(card)s would undertrump %(highest)s: no trump lower than the highest in the trick while the hand holds other cards; play one of %(alternatives)s."
            ),
            "S",
        ),
        S(
            "must_follow_trump",
            _l(
                "%(card)s does not follow trump: %(led_card)s led trump %(led)s and the hand holds a trump other than the Under; play one of %(alternatives)s."
            ),
            "S",
        ),
        # --- Schieber: Weis and Stöck --------------------------------------------------------------
        S("weis_repeats_card", _l("Weis %(cards)s names the same card twice.")),
        S(
            "four_not_scoring",
            _l("Four %(rank)s (%(cards)s) are not a Weis under these rules (they score nothing)."),
        ),
        S("weis_too_short", _l("%(cards)s is not a Weis: a run needs at least 3 cards of one suit.")),
        S(
            "run_mixed_suits",
            _l(
                "%(cards)s is not a Weis: a run's cards must all be of one suit (a four of a kind is 4 cards of one rank)."
            ),
        ),
        S(
            "run_not_consecutive",
            _l("%(cards)s is not a Weis: a run's cards must be consecutive in the order 6 7 8 9 T J Q K A."),
        ),
        S("weis_declared_twice", _l("Seat %(seat)s declares the Weis %(weis)s twice.")),
        # Weis entered by value only (the match page's quick entry).
        S(
            "weis_value_impossible",
            _l("Team %(team)s: no single Weis is worth %(value)s; a Weis is worth %(allowed)s."),
        ),
        S(
            "weis_values_too_many",
            _l(
                "Team %(team)s: the Weis %(values)s do not fit into two hands of nine cards (a card counts in one Weis)."
            ),
        ),
        S(
            "weis_best_missing",
            _l(
                "Both teams' best Weis are worth %(points)s: say whose Weis counts (more cards, then the higher top card, then trump, then who plays first)."
            ),
        ),
        S(
            "card_in_two_weis",
            _l(
                "Seat %(seat)s uses %(shared)s in two Weis (%(first)s and %(second)s); a card may count in only one Weis of its holder."
            ),
        ),
        S(
            "stoeck_card_in_other_weis",
            _l("Seat %(seat)s claims Stöck, but %(cards)s is in the Weis of seat %(other)s."),
        ),
        S(
            "stoeck_card_dealt_elsewhere",
            _l("Seat %(seat)s claims Stöck, but %(cards)s was dealt to seat %(other)s."),
        ),
        # --- Schieber: the match -----------------------------------------------------------------
        S(
            "reached_first_missing",
            _l(
                "Both teams reach %(target)s by trick points in this deal; say which team reached it first. By the tricks it was team %(by_tricks)s."
            ),
            "S",
        ),
        S(
            "reached_first_missing",
            _l("Both teams reach %(target)s by trick points in this deal; say which team reached it first."),
            "S",
        ),
        S(
            "reached_first_wrong",
            _l(
                "You say team %(claim)s reached %(target)s first, but by the tricks it was team %(by_tricks)s (after trick %(trick)s)."
            ),
        ),
        S(
            "deal_after_end",
            _l(
                "Deal %(deal)s comes after the match ended in deal %(decided)s (%(winner_team)s reached %(target)s)."
            ),
            "S",
        ),
        S(
            "card_twice",
            _l(
                "%(card)s is played twice (trick %(trick)s, first in trick %(first)s); the deck has each card once."
            ),
            "S",
        ),
    ),
    #: Team params shown with the side's players ("1 (Anna & Cla)").
    team_params=frozenset({"claim", "by_tricks"}),
)
