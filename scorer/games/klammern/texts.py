"""Klammern's sentences for the engine's reasons, found through its Game (:mod:`scorer.web.reason_texts`).

Each sentence is translatable, with the reason's params as ``%(name)s`` placeholders; a
sentence with a rule letter serves only reasons whose rule id starts so.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from scorer.web.reason_texts import GameTexts
from scorer.web.reason_texts import Sentence as S

TEXTS = GameTexts(
    sentences=(
        # --- Klammern: points ----------------------------------------------------------------------
        S("points_range", _l("Side %(side)s has %(value)s card points; a side takes 0 to %(total)s."), "K"),
        S("points_range", _l("Card points %(value)s are outside 0 to %(total)s."), "K"),
        S("impossible_total", _l("Side %(side)s: no set of tricks gives %(value)s card points."), "K"),
        S("split_total", _l("The teams' card points %(a)s + %(b)s make %(sum)s, not the deal's %(total)s.")),
        S(
            "table_total",
            _l("The sides' card points make %(sum)s: no deal of 8 tricks of %(players)s cards gives that."),
            "K",
        ),
        S(
            "table_total",
            _l("The sides' card points make %(sum)s; the hands dealt hold %(in_play)s with the last trick."),
            "K",
        ),
        S(
            "revoke_points",
            _l("Revoke: no set of tricks before the revoke gives side %(side)s %(value)s card points."),
        ),
        S("revoke_points", _l("Revoke: the points make %(sum)s; the cards hold only %(ceiling)s.")),
        # --- Klammern: contract, Kontra, Durchmarsch --------------------------------------------------
        S("besser_not_clubs", _l("A Besser is played in clubs, not in %(trump)s.")),
        S("re_without_kontra", _l("Re is said only after a Kontra.")),
        S("durchmarsch_format", _l("A Durchmarsch belongs to the Liga format, not to %(format)s.")),
        S(
            "durchmarsch_team",
            _l("The points name team %(team)s, but the marching side is %(side)s (seat %(seat)s)."),
        ),
        S(
            "durchmarsch_points",
            _l("A Durchmarsch deal gives its points as the marching side and whether it took every trick."),
        ),
        S(
            "all_tricks_without_march",
            _l('"Every trick taken" belongs to a Durchmarsch deal, and this deal has none.'),
        ),
        # --- Klammern: hands and tricks ---------------------------------------------------------------
        S("hand_size", _l("Seat %(seat)s holds %(count)s cards; a hand holds %(size)s."), "K"),
        S("hand_size", _l("A hand holds at most %(size)s cards, not %(count)s."), "K"),
        S("hand_missing", _l("Seat %(seat)s has no hand.")),
        S("card_in_two_hands", _l("%(card)s is in two hands: seats %(first)s and %(second)s."), "K"),
        S("card_twice", _l("%(card)s is played twice (trick %(trick)s)."), "K"),
        S("card_twice", _l("%(card)s appears twice in the position."), "K"),
        S("too_many_tricks", _l("A deal has %(expected)s tricks, not %(count)s.")),
        S(
            "trick_size",
            _l(
                "Trick %(trick)s has %(count)s cards; every trick has %(players)s (only the last, ended by a revoke, may have fewer)."
            ),
        ),
        S("not_in_hand", _l("Seat %(seat)s plays %(card)s, which is not in its hand."), "K"),
        S(
            "incomplete",
            _l(
                "The deal has %(count)s tricks of %(players)s cards and no revoke; a complete deal has %(expected)s."
            ),
        ),
        S(
            "revoke_mismatch",
            _l(
                "The revoke names seat %(seat)s with points %(points)s; the tricks show seat %(found)s revoking in trick %(trick)s with points %(found_points)s."
            ),
        ),
        S(
            "revoke_needs_hands",
            _l("With %(players)s players a revoked deal is judged from the cards dealt: enter every hand."),
        ),
        S(
            "revoke_not_found",
            _l("The revoke names seat %(seat)s, but no card in the tricks breaks K4.2–K4.3."),
        ),
        S(
            "deal_after_end",
            _l(
                "Deal %(deal)s comes after deal %(decided)s, which decided the match for side %(winner)s; a decided match takes no more deals."
            ),
            "K",
        ),
        # --- Klammern: play -----------------------------------------------------------------------------
        S("follow_suit", _l("%(card)s does not follow suit %(led)s: play one of %(allowed)s.")),
        S(
            "must_trump",
            _l("%(card)s: you cannot follow %(led)s, so you must trump with one of %(allowed)s."),
        ),
        S(
            "overtrump",
            _l("%(card)s does not overtrump %(highest)s: you must overtrump with one of %(allowed)s."),
        ),
        S(
            "undertrump",
            _l(
                "%(card)s: you cannot overtrump %(highest)s, but you must still trump with one of %(allowed)s."
            ),
            "K",
        ),
        S(
            "head_trump",
            _l("%(card)s does not head the trump %(highest)s: on a trump lead play one of %(allowed)s."),
        ),
        # --- Klammern: melds and Bella ----------------------------------------------------------------------
        S(
            "meld_too_short",
            _l("Seat %(seat)s: %(cards)s is no meld (a Terz has 3 cards, a Fifty 4 or more)."),
        ),
        S("meld_mixed_suits", _l("Seat %(seat)s: %(cards)s is no meld (a sequence is of one suit).")),
        S(
            "meld_not_consecutive",
            _l(
                "Seat %(seat)s: %(cards)s is no meld (the cards are not consecutive in the order 7 8 9 10 J Q K A)."
            ),
        ),
        S(
            "card_in_two_melds",
            _l("Seat %(seat)s: %(card)s counts in two melds (a card counts in one sequence only)."),
        ),
        S("meld_not_in_hand", _l("Seat %(seat)s melds %(card)s, which is not in its hand.")),
        S("bella_card_missing", _l("Bella: seat %(seat)s does not hold %(card)s.")),
        S(
            "bella_card_elsewhere",
            _l("Bella: seat %(seat)s cannot hold %(card)s, which seat %(other)s melds."),
        ),
        S(
            "meld_value_impossible",
            _l(
                "Side %(side)s: no single meld is worth %(value)s; a meld is worth %(allowed)s (Terz 20, Fifty 50)."
            ),
        ),
        S(
            "meld_values_too_many",
            _l(
                "Side %(side)s: the melds %(values)s do not fit into its hands of eight cards (a Terz takes three cards, a Fifty four, a card counts in one sequence only)."
            ),
        ),
        S(
            "meld_best_missing",
            _l(
                "The best melds of sides %(sides)s are each worth %(points)s: say whose melds count (the higher top card wins, then trump, then who declared first)."
            ),
        ),
        S(
            "meld_best_not_tied",
            _l("Only the melds of sides %(sides)s tie for the best, not those of side %(best)s."),
        ),
    ),
    formats={
        "small_big": _l("small and big points"),
        "liga": _l("Liga-Partie"),
        "hamburg": _l("Hamburg dice"),
    },
)
