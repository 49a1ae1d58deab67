"""The Schieber play layer: legal cards, trick winners, replaying deals, trick-point totals.

One import for everything the game's scoring needs of play (the concepts live in small
modules: :mod:`.legality` S4.1-S4.6, :mod:`.replay` full deals, :mod:`.points` S8
totals), plus :func:`legal_cards`, the public JSON entry for a ``legal`` position
(DEAL_RECORD.md, "Legal-play position").

>>> answer = legal_cards({"game": "schieber", "contract": "H",
...                       "hand": ["H6", "C6", "CA"], "trick": ["CK", "H9"]})
>>> answer["legal"], answer["illegal"]["H6"]["rule"]
(['CA', 'C6'], 'S4.4')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.answers import ReasonJSON
from rules_engine.cards import Card, Rank, Suit, parse_cards
from rules_engine.errors import InvalidNotation, InvalidRecord
from rules_engine.lazy import PLACEHOLDER, LazyDict
from rules_engine.options import RuleOptions
from rules_engine.records import Fields
from rules_engine.schieber.answers import SchieberLegalAnswer
from rules_engine.schieber.contracts import (
    PLAYERS,
    SCHIEBER_PROFILES,
    TRICKS_PER_DEAL,
    Contract,
    card_points_table,
    schieber_options,
)
from rules_engine.schieber.legality import (
    CLUBS,
    CODE_BIT,
    CONTEXTS,
    DIAMONDS,
    HEARTS,
    SPADES,
    Context,
    IllegalCards,
    LegalPlays,
    PlayRules,
    ReasonParts,
    can_play,
    classify_codes,
    is_legal,
    legal_plays,
    play_reason,
    play_rules,
    trick_winner,
    verify_play,
    wide_chunks,
)
from rules_engine.schieber.points import (
    check_trick_points,
    example_take,
    impossible_trick_totals,
    trick_point_takes,
)
from rules_engine.schieber.replay import Replay, replay

__all__ = [
    "IllegalCards",
    "LegalPlays",
    "PlayRules",
    "Replay",
    "can_play",
    "card_points_table",
    "check_trick_points",
    "classify_codes",
    "display_order",
    "example_take",
    "impossible_trick_totals",
    "is_legal",
    "legal_cards",
    "legal_plays",
    "play_reason",
    "play_rules",
    "replay",
    "trick_point_takes",
    "trick_winner",
    "verify_play",
]

POSITION_FIELDS = frozenset({"game", "profile", "options", "contract", "hand", "trick"})

#: Answers list cards suit by suit (H C D S) and, within a suit, A K Q J T 9 8 7 6 — the
#: order of DEAL_RECORD.md's conventions — whatever order the hand was entered in.
_DISPLAY_INDEX: dict[Card, int] = {
    Card(suit, rank): index for index, (suit, rank) in enumerate((s, r) for s in Suit for r in Rank)
}


def display_order(card: Card) -> int:
    """Sort key of the answers' card order (suits H C D S, ranks A K Q J T 9 8 7 6)."""
    return _DISPLAY_INDEX[card]


#: Card codes as records write them -> cards, so that positions skip the parser.
_CARD_BY_CODE: dict[str, Card] = {str(card): card for card in _DISPLAY_INDEX}


def _cards(items: Any, what: str) -> tuple[Card, ...]:
    try:
        return tuple(_CARD_BY_CODE[item] for item in items)
    except (KeyError, TypeError):
        return parse_cards(items, what=what)


_OPTIONS_BY_PROFILE: dict[object, RuleOptions] = {}


def _options(profile: object, overrides: object) -> RuleOptions:
    # Positions usually carry no options: resolve each profile once.
    if overrides is None or (isinstance(overrides, Mapping) and not overrides):
        if isinstance(profile, (str, type(None))):
            cached = _OPTIONS_BY_PROFILE.get(profile)
            if cached is None:
                cached = schieber_options(profile, None)
                _OPTIONS_BY_PROFILE[profile] = cached
            return cached
    return schieber_options(profile, overrides)


for _profile in (None, *SCHIEBER_PROFILES):
    _options(_profile, None)


def read_position(
    position: Mapping[str, Any],
) -> tuple[Contract, RuleOptions, tuple[Card, ...], tuple[Card, ...]]:
    """Read a Schieber legal-play position: contract, options, hand and trick.

    :raises InvalidRecord: not a position (unknown field, contract or card; a card twice;
        a trick of four or more cards; more than nine cards in the hand).
    """
    fields = Fields(position, "position", POSITION_FIELDS)
    game = fields.raw("game", "schieber")
    if game != "schieber":
        raise InvalidRecord(f"position.game: expected 'schieber', not {game!r}", field="game")
    options = _options(fields.raw("profile"), fields.raw("options"))
    if not fields.has("contract"):
        raise InvalidRecord(
            "position.contract is missing (a suit letter, 'obenabe' or 'undenufe')", field="contract"
        )
    try:
        contract = Contract.parse(fields.raw("contract"))
    except InvalidRecord as error:
        raise InvalidNotation(str(error), field="contract") from None
    if not fields.has("hand"):
        raise InvalidRecord("position.hand is missing (the player's cards, e.g. ['H6', 'CA'])", field="hand")
    hand = _cards(fields.sequence("hand"), "position.hand")
    trick = _cards(fields.sequence("trick", None) or (), "position.trick")
    if len(trick) >= PLAYERS:
        raise InvalidRecord(
            f"position.trick: {len(trick)} cards are already played; a trick to play to has 0-3",
            field="trick",
        )
    if len(hand) > TRICKS_PER_DEAL:
        raise InvalidRecord(
            f"position.hand: {len(hand)} cards; a hand has at most {TRICKS_PER_DEAL}", field="hand"
        )
    seen: dict[Card, str] = {}
    for what, cards in (("hand", hand), ("trick", trick)):
        for card in cards:
            first = seen.get(card)
            if first is not None:
                where = (
                    f"twice in position.{what}"
                    if first == what
                    else "in both position.hand and position.trick"
                )
                raise InvalidRecord(f"position: {card} is {where}", field=what)
            seen[card] = what
    return contract, options, hand, trick


# The bitmask tables list cards in the answers' order.
assert list(CODE_BIT) == [str(card) for card in _DISPLAY_INDEX]
_SUIT_CHUNKS = (HEARTS, CLUBS, DIAMONDS, SPADES)
#: The 12-bit chunk tables of ``legality.wide_chunks``, set with a contract's contexts
#: (:class:`_Contexts`): the fast path reads them only after its contract's.
_LOW: tuple[tuple[str, ...], ...] = ()
_MIDDLE: tuple[tuple[str, ...], ...] = ()
_HIGH: tuple[tuple[str, ...], ...] = ()


class _Contexts(dict[str, Mapping[str, Context]]):
    """``legality.CONTEXTS``, and on its first contract the 12-bit chunk tables."""

    def __missing__(self, key: str) -> Mapping[str, Context]:
        global _LOW, _MIDDLE, _HIGH  # noqa: PLW0603 - made once, read on the hot path
        contexts = CONTEXTS[key]  # not a contract key: the caller's KeyError
        _LOW, _MIDDLE, _HIGH = wide_chunks()
        self[key] = contexts
        return contexts


_CONTEXTS = _Contexts()
#: Each contract's contexts by its key, for :func:`trick_answer` (a key not a contract: KeyError).
TRICK_CONTEXTS: Mapping[str, Mapping[str, Context]] = _CONTEXTS
_ONLY_KNOWN_FIELDS = POSITION_FIELDS.issuperset
#: The size of a position that names all it may but its options (game, profile, contract,
#: hand, trick): reading those five keys proves it has no other.
_PLAIN_SIZE = len(POSITION_FIELDS) - 1


def _fast_legal_cards(position: dict[str, Any]) -> SchieberLegalAnswer | None:
    """The answer for a plainly written Schieber position (canonical codes, known fields),
    or None, also for another game's position. The caller has seen that ``position`` is a
    ``dict``.

    Anything unusual (aliases such as ``10``, lower case, options, an error to report)
    goes the careful way through :func:`read_position`, which gives the same answer or
    the precise error; so do the KeyError and TypeError this raises on such input.

    The same S4.2-S4.5 as :func:`classify` and the same reasons as :func:`make_reason`
    (the tests hold it to both), on bitmasks of the cards by one rule for every contract
    and led card (see ``legality.Context``); written out in one function because this is
    the public entry's hot path.
    """
    if len(position) == _PLAIN_SIZE:
        # Five keys, and these five are there (else KeyError): there is no other.
        if position["game"] != "schieber":
            return None
        profile = position["profile"]
        trick = position["trick"]
        if type(trick) is not list:
            return None
    else:
        if not _ONLY_KNOWN_FIELDS(position) or position.get("game", "schieber") != "schieber":
            return None
        options = position.get("options")
        if options is not None and (type(options) is not dict or options):
            return None
        profile = position.get("profile")
        trick = position.get("trick")
        if trick is None:
            trick = []
        elif type(trick) is not list:
            return None
    contexts = _CONTEXTS[position["contract"]]  # a contract not written as its key: KeyError
    hand = position["hand"]  # missing: KeyError
    if profile not in _OPTIONS_BY_PROFILE or type(hand) is not list:
        return None
    return trick_answer(contexts, hand, trick, TRICKS_PER_DEAL)


def trick_answer(
    contexts: Mapping[str, Context], hand: list[Any], trick: list[Any], most: int
) -> SchieberLegalAnswer | None:
    """The fast answer to a hand of at most ``most`` canonical codes playing to ``trick`` (0-3
    codes) under the contract of ``contexts`` (:data:`_CONTEXTS`' value); None when the cards are
    not that (a card twice, more than ``most``); KeyError for a code that is not canonical.

    The games that play their tricks as Schieber's contracts (Coiffeur's modes, Differenzler,
    up to 12 cards at three players) answer with it too."""
    # One bit per card: a code that is not canonical ("h6", "H10") raises KeyError, and
    # the cards are all different exactly when the sum of their bits has one bit per card.
    # Written out by the hand's size: sum(map(...)) adds a call per card and one for the map.
    bit = CODE_BIT
    size = len(hand)
    if size > most:
        return None
    if size > 4:
        if size > 6:
            if size == 9:
                a, b, c, d, e, f, g, h, i = hand
                held = bit[a] + bit[b] + bit[c] + bit[d] + bit[e] + bit[f] + bit[g] + bit[h] + bit[i]
            elif size == 8:
                a, b, c, d, e, f, g, h = hand
                held = bit[a] + bit[b] + bit[c] + bit[d] + bit[e] + bit[f] + bit[g] + bit[h]
            elif size == 7:
                a, b, c, d, e, f, g = hand
                held = bit[a] + bit[b] + bit[c] + bit[d] + bit[e] + bit[f] + bit[g]
            else:  # a Differenzler hand of three players
                held = sum(map(bit.__getitem__, hand))
        elif size == 6:
            a, b, c, d, e, f = hand
            held = bit[a] + bit[b] + bit[c] + bit[d] + bit[e] + bit[f]
        else:
            a, b, c, d, e = hand
            held = bit[a] + bit[b] + bit[c] + bit[d] + bit[e]
    elif size > 2:
        if size == 4:
            a, b, c, d = hand
            held = bit[a] + bit[b] + bit[c] + bit[d]
        else:
            a, b, c = hand
            held = bit[a] + bit[b] + bit[c]
    elif size == 2:
        a, b = hand
        held = bit[a] + bit[b]
    else:
        held = bit[hand[0]] if size else 0
    if not trick:
        if held.bit_count() != size:
            return None
        return {"legal": [*_LOW[held & 4095], *_MIDDLE[held >> 12 & 4095], *_HIGH[held >> 24]], "illegal": {}}
    duty, others, not_trump, shift, tops, parts, table = contexts[trick[0]]
    played = len(trick)
    highest = None
    under = 0
    if played > 1:  # the trick's other cards, written out: a trick has at most three
        table += bit[trick[1]]
        if played > 2:
            if played >= PLAYERS:
                return None
            table += bit[trick[2]]
        if tops:  # S4.4 (the led card alone is never a trump here)
            highest, below = tops[table >> shift & 511]
            under = held & below
    if (held + table).bit_count() != size + played:  # (a sum: a card twice carries)
        return None
    if held & duty:  # S4.2, S4.3, S4.5
        plain = held & others
    elif under and held & not_trump:
        plain = 0
    else:
        return {"legal": [*_LOW[held & 4095], *_MIDDLE[held >> 12 & 4095], *_HIGH[held >> 24]], "illegal": {}}
    if not (plain or under):
        return {"legal": [*_LOW[held & 4095], *_MIDDLE[held >> 12 & 4095], *_HIGH[held >> 24]], "illegal": {}}
    ok = held ^ plain ^ under
    legal = [*_LOW[ok & 4095], *_MIDDLE[ok >> 12 & 4095], *_HIGH[ok >> 24]]
    # The reasons, and the illegal cards' codes, are made when the answer's "illegal" is
    # first read (rules_engine.lazy).
    illegal = LazyDict(PLACEHOLDER)
    illegal.lazy = (size - len(legal), _reasons, legal, plain, under, highest, parts)
    return {"legal": legal, "illegal": illegal}


def _reasons(
    legal: list[str], plain: int, under: int, highest: str | None, parts: ReasonParts
) -> dict[str, ReasonJSON]:
    """The reasons of :func:`_fast_legal_cards`' illegal cards (``plain``: those that do not
    follow suit, ``under``: the undertrumps), the same as :func:`make_reason`'s.

    Every reason is a fresh dict; the reasons of one answer share its ``instead`` list.
    Copying a prototype that holds every key is cheaper than building a dict. Display
    order: the plain cards of the suits before the trump suit, the undertrumps, the rest.
    """
    before, shift, tail, reason, params, under_tails, under_params, under_reason = parts
    first: list[str] = []
    undertrumps: list[str] = []
    if under:
        undertrumps = [*_SUIT_CHUNKS[shift // 9][under >> shift & 511]]  # all in the trump suit
        if plain:
            early = plain & before
            plain ^= early
            first = [*HEARTS[early & 511], *CLUBS[early >> 9 & 511], *DIAMONDS[early >> 18 & 511]]
    rest = (
        [*HEARTS[plain & 511], *CLUBS[plain >> 9 & 511], *DIAMONDS[plain >> 18 & 511], *SPADES[plain >> 27]]
        if plain
        else []
    )
    instead = [*legal]
    alternatives = " ".join(legal)  # never empty: some card is always playable
    illegal: dict[str, ReasonJSON] = {}
    if first or rest:
        filled = params.copy()
        filled["instead"] = instead
        filled["alternatives"] = alternatives
        ending = tail + alternatives
        for card in first:
            one = filled.copy()
            one["card"] = card
            answer = reason.copy()
            answer["message"] = card + ending
            answer["params"] = one
            illegal[card] = answer
    if undertrumps:
        assert highest is not None
        under_filled = under_params[highest].copy()
        under_filled["instead"] = instead
        under_filled["alternatives"] = alternatives
        under_ending = under_tails[highest] + alternatives
        for card in undertrumps:
            one = under_filled.copy()
            one["card"] = card
            answer = under_reason.copy()
            answer["message"] = card + under_ending
            answer["params"] = one
            illegal[card] = answer
    for card in rest:
        one = filled.copy()
        one["card"] = card
        answer = reason.copy()
        answer["message"] = card + ending
        answer["params"] = one
        illegal[card] = answer
    return illegal


#: For rules_engine.api's dispatch, which then skips legal_cards' own call of it.
legal_cards_fast = _fast_legal_cards


def legal_cards(position: Mapping[str, Any]) -> SchieberLegalAnswer:
    """Which cards of the position's hand may be played, and why the others may not.

    Answer: ``{"legal": [codes], "illegal": {code: Reason.to_json()}}`` with the cards in
    display order (:func:`display_order`).

    :raises InvalidRecord: the input is not a position (see :func:`read_position`).
    """
    if type(position) is dict and position.get("game", "schieber") == "schieber":
        try:
            fast = _fast_legal_cards(position)
        except (KeyError, TypeError):  # not a plain position: the careful path says why
            fast = None
        if fast is not None:
            return fast
    contract, options, hand, trick = read_position(position)
    ordered = tuple(sorted(hand, key=_DISPLAY_INDEX.__getitem__))
    plays = legal_plays(contract, options, ordered, trick)
    return {
        "legal": [str(card) for card in plays.legal],
        "illegal": {str(card): reason.to_json() for card, reason in plays.illegal.items()},
    }
