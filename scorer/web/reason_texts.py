"""Engine reasons as translated sentences, built from rule id, code and params.

The engine (pure, English) gives every :class:`~rules_engine.errors.Reason` a stable
``code`` and named ``params``; this table holds one translatable sentence per code, with
the same names as ``%(name)s`` placeholders, formatted *after* translation. Where one code
is used with different params (``hand_size`` in Schieber and Klammern), the first sentence
whose placeholders the params can fill is taken. An unknown code, or params that fit no
sentence, fall back to the engine's English message: never a traceback for a player.

Card codes (``H6``, ``CJ``) stay as they are (STYLE.md practice 8); suit letters, contracts
and Klammern formats given as params are shown by their display names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

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
        "durchmarsch_revoke",
        _l("A Durchmarsch deal is recorded by whether every trick was taken, not by a revoke."),
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
    S("revoke_not_found", _l("The revoke names seat %(seat)s, but no card in the tricks breaks K4.2–K4.3.")),
    S(
        "revoke_needs_hands",
        _l("With %(players)s players a deal with a revoke is judged from the cards dealt: enter every hand."),
        "K",
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
)

#: A reason located in a trick (Schieber's replay puts "trick N, seat M: " before it).
IN_TRICK = _l("Trick %(trick)s, seat %(seat)s: %(sentence)s")

_FORMATS = {"small_big": _l("small and big points"), "liga": _l("Liga-Partie"), "hamburg": _l("Hamburg dice")}
#: Params that are points (grouped like every score); other integers are labels (seat 3).
_POINTS = frozenset(
    {"target", "total", "deal_total", "match_total", "sum", "value", "ceiling", "in_play", "a", "b"}
)
_NAME = re.compile(r"%\((\w+)\)")
_TEAM = re.compile(r"team (\d+)")


def _names(text: str) -> set[str]:
    return set(_NAME.findall(text))


def _deck(prefix: str) -> str:
    """The deck of the game whose rule ids start with ``prefix`` (``S``: Schieber's Swiss cards)."""
    from scorer import games

    for each in games.registry().values():
        if each.rules is not None and each.rules.prefix == prefix:
            return each.deck
    return "french"


def _shown(name: str, value: Any, game: str) -> Any:
    """A param as the player reads it: suit letters and contracts by name, lists joined."""
    from scorer.web import display, i18n

    if isinstance(value, int) and not isinstance(value, bool):
        return i18n.number(value) if name in _POINTS else i18n.digits(value)
    deck = _deck(game)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    if name in ("led", "trump", "contract") and isinstance(value, str):
        if value in display.SUITS:
            return display.suit_name(value, deck)
        if value in display.CONTRACT_NAMES:
            return display.contract_name(value, deck)
    if name == "format" and value in _FORMATS:
        return str(_FORMATS[value])
    if name == "winner_team" and isinstance(value, str) and (team := _TEAM.fullmatch(value)):
        return gettext("team %(number)s", number=team.group(1))
    return value


def sentence(error: Mapping[str, Any]) -> str:
    """The reason ``error`` (a :meth:`Reason.to_json` dict) as a sentence in the current language."""
    code = str(error.get("code") or "")
    rule = str(error.get("rule") or "")
    raw: Mapping[str, Any] = error.get("params") or {}
    game = rule[:1]
    params = {name: _shown(name, value, game) for name, value in raw.items()}
    for candidate in SENTENCES:
        if candidate.code != code or not rule.startswith(candidate.rule):
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
