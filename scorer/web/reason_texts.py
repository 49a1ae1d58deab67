"""Engine reasons as translated sentences, built from rule id, code and params.

The engine (pure, English) gives every :class:`~rules_engine.errors.Reason` a stable
``code`` and named ``params``; this table holds one translatable sentence per code, with
the same names as ``%(name)s`` placeholders, formatted *after* translation. Where one code
is used with different params (``hand_size`` in Schieber and Klammern), the first sentence
whose placeholders the params can fill is taken. Coiffeur and Differenzler give Schieber's
card reasons under their own rule ids with Schieber's in ``play_rule``; Schieber's sentence
serves them unless the game has its own. An unknown code, or params that fit no
sentence, fall back to the engine's English message: never a traceback for a player.

Card codes (``H6``, ``CJ``) stay as they are (STYLE.md practice 8); suit letters, contracts
(Coiffeur's rows and modes too) and Klammern formats given as params are shown by their
display names, with the Swiss deck's names except in Klammern.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import g, has_request_context
from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString


@dataclass(frozen=True, slots=True)
class Sentence:
    code: str
    text: LazyString
    #: Only for reasons whose rule id starts so ("S" = Schieber, "K" = Klammern, "K4.5" …).
    rule: str = ""


S = Sentence
# In these sentences %(card)s, %(cards)s, %(allowed)s, %(alternatives)s, %(hand)s, %(shared)s
# and %(weis)s are card codes such as "H6 HJ"; %(led)s, %(trump)s, %(contract)s are names.
SENTENCES: tuple[Sentence, ...] = (
    # --- the app's own -------------------------------------------------------------------
    S("engine_failure", _l("The rules engine could not judge this record.")),
    # --- Schieber: cards, hands, points ----------------------------------------------------
    S("hand_size", _l("Seat %(seat)s holds %(count)s cards; every player is dealt %(expected)s."), "S"),
    S("duplicate_card", _l("%(card)s is twice in the hand of seat %(seat)s; the deck has each card once.")),
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
        _l("Seat %(seat)s would hold %(count)s cards (%(cards)s) by its Weis and Stöck; a hand has nine."),
    ),
    S(
        "weis_card_not_dealt",
        _l("Seat %(seat)s declares %(cards)s in its Weis but was not dealt it (%(hand)s)."),
    ),
    S(
        "match_points",
        _l(
            "A Match takes all nine tricks, worth %(deal_total)s (%(match_total)s with the Match bonus), not %(total)s."
        ),
    ),
    S(
        "match_total_without_match",
        _l("%(total)s trick points are only possible as a Match (all nine tricks)."),
    ),
    S("trick_points_range", _l("Trick points must be between 0 and %(deal_total)s, not %(total)s.")),
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
            "%(card)s: the hand holds %(held)s; a trump lower than %(highest)s is allowed only without the led suit; play one of %(alternatives)s."
        ),
        "D",
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
        "weis_values_not_counted",
        _l("No Weis counts in this game (the rule option Weis is off), but team %(teams)s declares one."),
        "T",
    ),
    S(
        "card_in_two_weis",
        _l(
            "Seat %(seat)s uses %(shared)s in two Weis (%(first)s and %(second)s); a card may count in only one Weis of its holder."
        ),
    ),
    S(
        "stoeck_without_trump",
        _l("Stöck (seat %(seat)s) exists only in trump contracts, not in %(contract)s."),
    ),
    S(
        "stoeck_card_in_other_weis",
        _l("Seat %(seat)s claims Stöck, but %(cards)s is in the Weis of seat %(other)s."),
    ),
    S("stoeck_not_held", _l("Seat %(seat)s claims Stöck but was not dealt %(cards)s.")),
    S(
        "stoeck_card_dealt_elsewhere",
        _l("Seat %(seat)s claims Stöck, but %(cards)s was dealt to seat %(other)s."),
    ),
    # --- Coiffeur and Differenzler: the deck (C9, D8) -----------------------------------------------------
    S(
        "card_played_twice",
        _l(
            "%(card)s is played twice: in trick %(first)s and in trick %(trick)s; the deck has each card once."
        ),
    ),
    S("hand_size", _l("Seat %(seat)s holds %(size)s cards; every player is dealt %(expected)s."), "C"),
    S("hand_size", _l("Seat %(seat)s holds %(size)s cards; every player is dealt %(expected)s."), "D"),
    S(
        "card_in_two_hands",
        _l("%(card)s is held by seats %(other)s and %(seat)s; the deck has each card once."),
        "C",
    ),
    S(
        "card_in_two_hands",
        _l("%(card)s is held by seats %(other)s and %(seat)s; the deck has each card once."),
        "D",
    ),
    # --- Coiffeur: the grid, choosing and pushing -------------------------------------------------------
    S("no_weis", _l("Coiffeur is played without Weis: leave the Weis empty."), "C"),
    S("no_stoeck", _l("Coiffeur is played without Stöck: leave the Stöck empty."), "C"),
    S("row_outside_grid", _l("Row %(row)s is not in the grid (rows 1 to %(rows)s).")),
    S("row_filled", _l("Team %(team)s has already played row %(row)s (%(label)s) in deal %(deal)s.")),
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
    S("stoeck_not_counted", _l("Stöck does not count in this Differenzler: leave Stöck empty."), "D"),
    S("outside_range", _l("%(value)s is outside 0 to 157, the points of one game."), "T"),
    S("contract_not_allowed", _l("A Slalom is not among this Passe's contracts.")),
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
    S("too_many_rounds", _l("The record has %(rounds)s rounds; the tournament plays %(passen)s.")),
    S("unknown_id", _l("%(id)s is not a registered player, pair or substitute (round %(round)s).")),
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
    S("late_listed", _l("%(id)s enters in round %(first)s and is listed as sitting out in round %(round)s.")),
    S("sitout_twice", _l("%(id)s is listed twice among those sitting out.")),
    S("sitout_seated", _l("%(id)s is listed as sitting out and is seated.")),
    S("not_seated", _l("%(id)s is neither seated nor listed as sitting out.")),
    S(
        "sitout_count",
        _l("%(count)s sit out in round %(round)s; with %(active)s active competitors, %(expected)s do."),
    ),
    S(
        "sitout_order",
        _l(
            "%(id)s sits out again (sat out %(times)s times before) while %(other)s plays (sat out %(other_times)s times)."
        ),
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
    S(
        "card_twice",
        _l(
            "%(card)s is played twice (trick %(trick)s, first in trick %(first)s); the deck has each card once."
        ),
        "S",
    ),
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
    S("revoke_not_found", _l("The revoke names seat %(seat)s, but no card in the tricks breaks K4.2–K4.3.")),
    S(
        "deal_after_end",
        _l(
            "Deal %(deal)s comes after deal %(decided)s, which decided the match for side %(winner)s; a decided match takes no more deals."
        ),
        "K",
    ),
    # --- Klammern: play -----------------------------------------------------------------------------
    S("follow_suit", _l("%(card)s does not follow suit %(led)s: play one of %(allowed)s.")),
    S("must_trump", _l("%(card)s: you cannot follow %(led)s, so you must trump with one of %(allowed)s.")),
    S(
        "overtrump",
        _l("%(card)s does not overtrump %(highest)s: you must overtrump with one of %(allowed)s."),
    ),
    S(
        "undertrump",
        _l("%(card)s: you cannot overtrump %(highest)s, but you must still trump with one of %(allowed)s."),
        "K",
    ),
    S(
        "head_trump",
        _l("%(card)s does not head the trump %(highest)s: on a trump lead play one of %(allowed)s."),
    ),
    # --- Klammern: melds and Bella ----------------------------------------------------------------------
    S("meld_too_short", _l("Seat %(seat)s: %(cards)s is no meld (a Terz has 3 cards, a Fifty 4 or more).")),
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
    S("bella_card_elsewhere", _l("Bella: seat %(seat)s cannot hold %(card)s, which seat %(other)s melds.")),
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
)

#: A reason located in a trick (Schieber's replay puts "trick N, seat M: " before it).
IN_TRICK = _l("Trick %(trick)s, seat %(seat)s: %(sentence)s")

#: Coiffeur's contracts beyond the suits, Obenabe and Undenufe (a 3×3 segment "trump" too).
_CONTRACTS = {
    "slalom": _l("Slalom"),
    "guschti": _l("Guschti"),
    "3x3": _l("3×3"),
    "misere": _l("Misère"),
    "wunsch": _l("Wunsch"),
    "trump": _l("trump"),
}
#: Params that name contracts, one or several (Coiffeur's ``modes``, ``allowed``, ``order``; a row's ``label``).
_CONTRACT_PARAMS = frozenset({"led", "trump", "contract", "contract_key", "mode", "type", "suit"})
_CONTRACT_LISTS = frozenset({"modes", "allowed", "order"})
_FORMATS = {"small_big": _l("small and big points"), "liga": _l("Liga-Partie"), "hamburg": _l("Hamburg dice")}
#: Params that are points (grouped like every score); other integers are labels (seat 3).
_POINTS = frozenset(
    {
        "target",
        "total",
        "deal_total",
        "match_total",
        "sum",
        "value",
        "ceiling",
        "in_play",
        "a",
        "b",
        "reported",
        "actual",
        "top",
    }
)
_NAME = re.compile(r"%\((\w+)\)")
_TEAM = re.compile(r"team (\d+)")


def _names(text: str) -> set[str]:
    return set(_NAME.findall(text))


#: Params that are seats, teams and cards (as codes "H7 H8" or lists of codes). "first" and
#: "second" are seats in some sentences and tricks in others: they keep their numbers.
_SEATS = frozenset({"seat", "other", "found"})
_TEAMS = frozenset({"claim", "by_tricks"})
_CARDS = frozenset(
    {
        "card",
        "cards",
        "allowed",
        "alternatives",
        "hand",
        "shared",
        "weis",
        "led_card",
        "highest",
        "first",
        "second",
    }
)
_CARD = re.compile(r"^[HDSC](?:10|[6-9TJQKA])$")


def at_table(settings: Mapping[str, Any]) -> None:
    """Reasons given on this request are about this match: name its players and its cards
    in its deck ("Seat 2 (Beat)", "Rosen 7, Rosen 8" instead of "Seat 2", "H7 H8")."""
    from scorer import games  # the games' modules import this one

    if has_request_context():
        g.tafel_table = {
            "names": [str(n) for n in settings.get("names") or []],
            "deck": settings.get("deck") or games.deck_of(settings),
            "settings": dict(settings),
        }


def _table() -> dict[str, Any] | None:
    return g.get("tafel_table") if has_request_context() else None


def _card_names(value: Any, deck: str) -> str | None:
    """Card codes as card names ("Rosen Ass, Rosen König"), a run as "Rosen 6–8"; None when
    ``value`` is not a list of card codes."""
    from scorer.web import display, i18n

    codes = value.split() if isinstance(value, str) else value
    if not isinstance(codes, (list, tuple)) or not codes:
        return None
    codes = [str(c).replace("10", "T") for c in codes]
    if not all(_CARD.match(c) for c in codes):
        return None
    if len(codes) >= 3:
        as_meld = display.meld_text(codes, deck)
        if as_meld != " ".join(codes):
            return i18n.native_digits(as_meld)
    comma = "\u060c " if i18n.direction() == "rtl" else ", "  # the Arabic-script comma
    return i18n.native_digits(comma.join(display.card_name(c, deck) for c in codes))


def _deck(prefix: str) -> str:
    """The deck of the game whose rule ids start with ``prefix`` (``K``: Klammern's French cards)."""
    from scorer import games

    for each in games.registry().values():
        if each.rules is not None and each.rules.prefix == prefix:
            return each.deck
    # Rules of no registered game (Coiffeur, Differenzler, the tournament's) are Schieber's
    # relatives, played with the Swiss deck's names.
    return "swiss"


def _contract(key: str, deck: str) -> str | None:
    """A suit letter or contract key by its name, or None for anything else."""
    from scorer.web import display

    if key in display.SUITS:
        return display.suit_name(key, deck)
    if key in display.CONTRACT_NAMES:
        return display.contract_name(key, deck)
    return str(_CONTRACTS[key]) if key in _CONTRACTS else None


def _shown(name: str, value: Any, game: str) -> Any:
    """A param as the player reads it: suit letters and contracts by name, lists joined."""
    from scorer.web import display, i18n

    table = _table()
    if table is not None:
        if name in _SEATS and isinstance(value, int) and not isinstance(value, bool):
            seat = display.seat_label(value, table["names"])
            return i18n.digits(value) + (f" ({seat})" if seat != display.seat_label(value, []) else "")
        if name in _TEAMS and isinstance(value, int) and game == "S":
            return f"{i18n.digits(value)} ({display.side_label(value, table['settings'])})"
        if name in _CARDS and (cards := _card_names(value, table["deck"])) is not None:
            return cards
        if name == "rank" and isinstance(value, str) and value in display.NATURAL:
            return display.rank_name(value, table["deck"])
    if isinstance(value, int) and not isinstance(value, bool):
        return i18n.number(value) if name in _POINTS else i18n.digits(value)
    # The match's own deck (the one it is shown with); without a match, the game's.
    deck = table["deck"] if table is not None else _deck(game)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    if name in _CONTRACT_PARAMS and isinstance(value, str) and (named := _contract(value, deck)):
        return named
    if name in _CONTRACT_LISTS and isinstance(value, str) and value:
        names = [_contract(key, deck) for key in value.split()]
        if all(names):
            return ", ".join(str(n) for n in names)
    if name == "label" and isinstance(value, str) and "×" in value:  # a Coiffeur row: "D×1"
        key, _, factor = value.partition("×")
        if named := _contract(key, deck):
            return f"{named} ×{factor}"
    if name == "format" and value in _FORMATS:
        return str(_FORMATS[value])
    if name == "winner_team" and isinstance(value, str) and (team := _TEAM.fullmatch(value)):
        return gettext("team %(number)s", number=team.group(1))
    return value


def sentence(error: Mapping[str, Any]) -> str:
    """The reason ``error`` (a :meth:`Reason.to_json` dict) as a sentence in the current language."""
    code = str(error.get("code") or "")
    rule = str(error.get("rule") or "")
    # A param the engine could not know (None: "by the tricks it was team None") is absent:
    # the sentence without it is taken.
    raw: Mapping[str, Any] = {k: v for k, v in (error.get("params") or {}).items() if v is not None}
    game = rule[:1]
    params = {name: _shown(name, value, game) for name, value in raw.items()}
    # Coiffeur and Differenzler give Schieber's card reasons under their own rule ids and
    # keep Schieber's in ``play_rule``: Schieber's sentence fits when the game has none of its own.
    play_rule = str(raw.get("play_rule") or "")
    for candidate in SENTENCES:
        if candidate.code != code or not (
            rule.startswith(candidate.rule) or (play_rule and play_rule.startswith(candidate.rule))
        ):
            continue
        template = str(candidate.text)
        wanted = _names(template)
        if not wanted <= params.keys():
            continue
        try:
            text = template % {name: params[name] for name in wanted}
        except (TypeError, ValueError):
            continue
        if {"trick", "seat"} <= params.keys() and not {"trick", "seat"} & wanted:
            text = str(IN_TRICK) % {"trick": params["trick"], "seat": params["seat"], "sentence": text}
        return text
    return str(error.get("message") or code)
