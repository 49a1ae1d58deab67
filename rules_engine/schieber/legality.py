"""Which cards may be played to a Schieber trick, and why the others may not (S4.2-S4.5).

The python-chess / pokerkit triad: :func:`legal_plays` answers with the legal cards and a
:class:`Reason` for every other card of the hand, :func:`verify_play` raises
:class:`RuleBroken` with that reason, :func:`can_play` only says yes or no.

The rules, as SCHIEBER.md states them:

* S4.2 Obenabe, Undenufe: follow suit if you can, else any card.
* S4.3 Trump contract, a plain suit led: follow suit or play a trump (even when you could
  follow); a plain card of another suit only when you cannot follow.
* S4.4 With a trump in a trick whose led suit is not trump, no trump lower than the
  highest trump in the trick, unless every card of the hand is a trump. Following suit
  is always allowed.
* S4.5 Trump led: follow with a trump if you hold one, unless the only trump you hold
  is the Under (Buur): then any card.

Reason ids and codes: ``S4.2 must_follow_suit`` (Obenabe, Undenufe), ``S4.3
must_follow_suit`` (trump contracts: the duty there is "follow or trump", so the reason
cites S4.3 and offers the trumps too), ``S4.4 undertrump``, ``S4.5 must_follow_trump``.
A card that is not in the hand at all is ``S4.1 not_in_hand``: S4.1 is the rule of who
plays when, and a player can only play from their own hand. Every reason's params:
``card``, ``contract``, ``trump``, ``led``, ``led_card``, ``instead`` (the legal card
codes), ``alternatives`` (the same as one string), and ``highest`` for undertrumping.
Hands may be partial (a dispute screen may know only some cards); the rules are applied
to the cards given.

Hot path: nothing here depends on the rule options (card points do not change legality),
so everything is precomputed per contract key, and a :class:`Reason` is only built when
somebody reads it (the ``illegal`` mapping is lazy).

>>> from rules_engine.cards import Card
>>> from rules_engine.schieber.contracts import Contract, schieber_options
>>> cards = lambda text: tuple(Card.parse(c) for c in text.split())
>>> plays = legal_plays(Contract.parse("H"), schieber_options(), cards("H6 C6 CA"), cards("CK H9"))
>>> [str(c) for c in plays.legal]
['C6', 'CA']
>>> plays.illegal[Card.parse("H6")].rule
'S4.4'
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Final

from rules_engine.answers import ReasonJSON
from rules_engine.cards import Card, Rank, Suit
from rules_engine.errors import Reason, RuleBroken
from rules_engine.options import RuleOptions
from rules_engine.schieber.contracts import ALL_CONTRACTS, SCHIEBER_DECK, Contract

# Why a card is illegal, as a small code; the Reason is built from it on demand.
NOT_IN_HAND: Final = 0
MUST_FOLLOW_SUIT: Final = 1
UNDERTRUMP: Final = 2
MUST_FOLLOW_TRUMP: Final = 3

_JACK = Rank.JACK


@dataclass(frozen=True, slots=True)
class PlayRules:
    """What legality and trick winners need of one contract: the trump and card strengths."""

    key: str
    trump: Suit | None
    #: Strength of every card; within a suit, higher beats lower (Ranking.power).
    power: Mapping[Card, int]
    #: The same strengths keyed by rank, for trumps and for plain suits: ranks hash in C,
    #: cards in Python, and the hot path looks strengths up a lot.
    trump_power: Mapping[Rank, int]
    plain_power: Mapping[Rank, int]


def _build_rules(contract: Contract) -> PlayRules:
    # Strength does not depend on the options (only card points do), so any options will do.
    ranking = contract.ranking(_NO_OPTIONS)
    power = {card: ranking.power(card) for card in SCHIEBER_DECK}
    trump = contract.trump
    plain_suit = next(suit for suit in Suit if suit is not trump)
    trump_power = {} if trump is None else {rank: power[Card(trump, rank)] for rank in Rank}
    plain_power = {rank: power[Card(plain_suit, rank)] for rank in Rank}
    return PlayRules(contract.key, trump, MappingProxyType(power), trump_power, plain_power)


_NO_OPTIONS = RuleOptions({"undenufe_points": "ace11"})
_RULES: dict[str, PlayRules] = {contract.key: _build_rules(contract) for contract in ALL_CONTRACTS}


def play_rules(contract: Contract) -> PlayRules:
    """The precomputed play rules of ``contract``."""
    return _RULES[contract.key]


# --------------------------------------------------------------------------- reasons

_TEMPLATES: Mapping[int, tuple[str, str, str]] = MappingProxyType(
    {
        NOT_IN_HAND: (
            "S4.1",
            "not_in_hand",
            "{card} is not in the hand ({hand}); play one of {alternatives}",
        ),
        MUST_FOLLOW_SUIT: (
            "S4.2",
            "must_follow_suit",
            "{card} does not follow suit: {led_card} led {led} and the hand holds {led}; "
            "play one of {alternatives}",
        ),
        UNDERTRUMP: (
            "S4.4",
            "undertrump",
            "{card} would undertrump {highest}: no trump lower than the highest in the trick "
            "while the hand holds other cards; play one of {alternatives}",
        ),
        MUST_FOLLOW_TRUMP: (
            "S4.5",
            "must_follow_trump",
            "{card} does not follow trump: {led_card} led trump {led} and the hand holds a trump "
            "other than the Under; play one of {alternatives}",
        ),
    }
)
#: In a trump contract the duty to follow a plain suit is S4.3's: follow, or play a trump.
_FOLLOW_OR_TRUMP = (
    "S4.3",
    "must_follow_suit",
    "{card} does not follow suit: {led_card} led {led} and the hand holds {led}; "
    "follow suit or play a trump: one of {alternatives}",
)


def _highest_trump(rules: PlayRules, trick: Sequence[Card]) -> Card | None:
    trump = rules.trump
    power = rules.trump_power
    best: Card | None = None
    for card in trick:
        if card.suit is trump and (best is None or power[card.rank] > power[best.rank]):
            best = card
    return best


def make_reason(
    why: int,
    contract: Contract,
    card: Card,
    hand: Sequence[Card],
    trick: Sequence[Card],
    legal: Sequence[Card],
) -> Reason:
    """The :class:`Reason` for an illegal ``card`` (``why`` is one of the codes above).

    Parameters: ``card``, ``led`` (suit letter), ``led_card``, ``trump`` (suit letter or
    null), ``highest`` (highest trump in the trick, undertrumping only), ``instead`` (the
    legal card codes) and ``alternatives`` (the same, as one string for the message).
    """
    rules = _RULES[contract.key]
    if why == MUST_FOLLOW_SUIT and rules.trump is not None:
        rule, code, template = _FOLLOW_OR_TRUMP
    else:
        rule, code, template = _TEMPLATES[why]
    instead = [str(c) for c in legal]
    params: dict[str, object] = {
        "card": str(card),
        "contract": contract.key,
        "trump": rules.trump.value if rules.trump is not None else None,
        "instead": instead,
        "alternatives": " ".join(instead) if instead else "(none)",
    }
    if trick:
        params["led"] = trick[0].suit.value
        params["led_card"] = str(trick[0])
    if why == UNDERTRUMP:
        highest = _highest_trump(rules, trick)
        params["highest"] = str(highest)
    if why == NOT_IN_HAND:
        params["hand"] = " ".join(str(c) for c in hand)
    return Reason(rule, code, template, params)


class IllegalCards(Mapping[Card, Reason]):
    """The hand's illegal cards -> the reason each may not be played; reasons are built lazily."""

    __slots__ = ("_pairs", "_contract", "_hand", "_trick", "_legal", "_why", "_built")

    def __init__(
        self,
        pairs: list[tuple[Card, int]],
        contract: Contract,
        hand: Sequence[Card],
        trick: Sequence[Card],
        legal: tuple[Card, ...],
    ) -> None:
        self._pairs = pairs
        self._contract = contract
        self._hand = hand
        self._trick = trick
        self._legal = legal
        self._why: dict[Card, int] | None = None
        self._built: dict[Card, Reason] = {}

    def codes(self) -> Mapping[Card, int]:
        """The illegal cards with the numeric code of why (no Reason built)."""
        if self._why is None:
            self._why = dict(self._pairs)
        return self._why

    def __getitem__(self, card: Card) -> Reason:
        reason = self._built.get(card)
        if reason is None:
            why = self.codes()[card]
            reason = make_reason(why, self._contract, card, self._hand, self._trick, self._legal)
            self._built[card] = reason
        return reason

    def __iter__(self) -> Iterator[Card]:
        return (card for card, _ in self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)

    def __contains__(self, card: object) -> bool:
        return card in self.codes()

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{c}: {_TEMPLATES[w][1]}" for c, w in self._pairs) + "}"


@dataclass(frozen=True, slots=True)
class LegalPlays:
    """The legal cards of a hand (in hand order) and, for each other card, why not."""

    legal: tuple[Card, ...]
    illegal: Mapping[Card, Reason]

    def __contains__(self, card: object) -> bool:
        return card in self.legal


_new = object.__new__
_set_legal = LegalPlays.__dict__["legal"].__set__
_set_illegal = LegalPlays.__dict__["illegal"].__set__


# --------------------------------------------------------------------------- the rules


def classify(
    rules: PlayRules, hand: Sequence[Card], trick: Sequence[Card]
) -> tuple[tuple[Card, ...], list[tuple[Card, int]]]:
    """Split ``hand`` into the legal cards (hand order) and the illegal ones with their code.

    The one implementation of S4.2-S4.5; :func:`is_legal` is its single-card shortcut.
    """
    if not trick:
        return tuple(hand), []
    led = trick[0].suit
    trump = rules.trump
    legal: list[Card] = []
    illegal: list[tuple[Card, int]] = []
    if trump is None:
        # S4.2
        for card in hand:
            if card.suit is led:
                break
        else:
            return tuple(hand), []
        for card in hand:
            if card.suit is led:
                legal.append(card)
            else:
                illegal.append((card, MUST_FOLLOW_SUIT))
        return tuple(legal), illegal
    if led is trump:
        # S4.5: only a bare Buur may be held back.
        for card in hand:
            if card.suit is trump and card.rank is not _JACK:
                break
        else:
            return tuple(hand), []
        for card in hand:
            if card.suit is trump:
                legal.append(card)
            else:
                illegal.append((card, MUST_FOLLOW_TRUMP))
        return tuple(legal), illegal
    # S4.3 and S4.4: a plain suit led in a trump contract.
    power = rules.trump_power
    top = -1
    for card in trick:
        if card.suit is trump:
            strength = power[card.rank]
            if strength > top:
                top = strength
    can_follow = False
    only_trumps = True
    for card in hand:
        suit = card.suit
        if suit is led:
            can_follow = True
            only_trumps = False
            break
        if suit is not trump:
            only_trumps = False
    if not can_follow and (top < 0 or only_trumps):
        return tuple(hand), []
    for card in hand:
        suit = card.suit
        if suit is led:
            legal.append(card)
        elif suit is trump:
            if top < 0 or only_trumps or power[card.rank] > top:
                legal.append(card)
            else:
                illegal.append((card, UNDERTRUMP))
        elif can_follow:
            illegal.append((card, MUST_FOLLOW_SUIT))
        else:
            legal.append(card)
    return tuple(legal), illegal


def is_legal(rules: PlayRules, hand: Collection[Card], trick: Sequence[Card], card: Card) -> bool:
    """Whether ``card`` (assumed to be in ``hand``) may be played: :func:`classify` for one card."""
    if not trick:
        return True
    led = trick[0].suit
    suit = card.suit
    if suit is led:
        return True
    trump = rules.trump
    if trump is None:
        for other in hand:
            if other.suit is led:
                return False
        return True
    if led is trump:
        for other in hand:
            if other.suit is trump and other.rank is not _JACK:
                return False
        return True
    if suit is trump:
        power = rules.trump_power
        strength = power[card.rank]
        for other in trick:
            if other.suit is trump and power[other.rank] > strength:
                # Undertrumping: allowed only with nothing but trumps in the hand.
                for held in hand:
                    if held.suit is not trump:
                        return False
                return True
        return True
    for other in hand:
        if other.suit is led:
            return False
    return True


_NONE_ILLEGAL: Mapping[Card, Reason] = MappingProxyType({})


def legal_plays(
    contract: Contract, options: RuleOptions, hand: Sequence[Card], trick: Sequence[Card]
) -> LegalPlays:
    """The cards of ``hand`` that may be played to ``trick`` (0-3 cards), and why not the others.

    ``options`` is accepted for symmetry with the other rule functions; no Schieber option
    changes which cards are legal.

    :raises ValueError: when ``trick`` already holds four cards.
    """
    if len(trick) > 3:
        raise ValueError(f"a trick holds at most 4 cards; {len(trick)} are already played")
    legal, why = classify(_RULES[contract.key], hand, trick)
    # The frozen dataclass __init__ is a large part of a fast call; fill the slots directly.
    plays = _new(LegalPlays)
    _set_legal(plays, legal)
    if why:
        # Snapshots: the caller's lists may change before a reason is read.
        _set_illegal(plays, IllegalCards(why, contract, tuple(hand), tuple(trick), legal))
    else:
        _set_illegal(plays, _NONE_ILLEGAL)
    return plays


def play_reason(
    contract: Contract, options: RuleOptions, hand: Sequence[Card], trick: Sequence[Card], card: Card
) -> Reason | None:
    """Why ``card`` may not be played from ``hand`` to ``trick``, or None when it may."""
    rules = _RULES[contract.key]
    if card not in hand:
        legal, _ = classify(rules, hand, trick)
        return make_reason(NOT_IN_HAND, contract, card, hand, trick, legal)
    if is_legal(rules, hand, trick, card):
        return None
    return legal_plays(contract, options, hand, trick).illegal[card]


def verify_play(
    contract: Contract, options: RuleOptions, hand: Sequence[Card], trick: Sequence[Card], card: Card
) -> None:
    """Check that ``card`` may be played from ``hand`` to ``trick``.

    :raises RuleBroken: with the reason (S4.1-S4.5) when it may not.
    """
    reason = play_reason(contract, options, hand, trick, card)
    if reason is not None:
        raise RuleBroken(reason)


def can_play(
    contract: Contract, options: RuleOptions, hand: Sequence[Card], trick: Sequence[Card], card: Card
) -> bool:
    """Whether ``card`` is in ``hand`` and may be played to ``trick``."""
    return card in hand and is_legal(_RULES[contract.key], hand, trick, card)


def trick_winner(contract: Contract, trick: Sequence[Card]) -> int:
    """Index (0-based, in play order) of the card that takes ``trick`` (S4.6)."""
    rules = _RULES[contract.key]
    trump = rules.trump
    trump_power = rules.trump_power
    plain_power = rules.plain_power
    best = trick[0]
    best_index = 0
    for index in range(1, len(trick)):
        card = trick[index]
        suit = card.suit
        if suit is best.suit:
            table = trump_power if suit is trump else plain_power
            if table[card.rank] > table[best.rank]:
                best, best_index = card, index
        elif suit is trump:
            best, best_index = card, index
    return best_index


# --------------------------------------------------------------------------- the same rules on card codes
#
# Turning codes into Card values and back costs more than the rules themselves (a Card
# hashes and prints in Python, a code in C), so these apply the rules to the codes
# directly: the same S4.2-S4.5 as classify(), which the tests hold them to. The JSON entry
# (play.legal_cards) goes one step further, on bitmasks (next section).

_TRUMP_POWER_BY_LETTER: dict[str, Mapping[str, int]] = {
    key: {rank.value: power for rank, power in rules.trump_power.items()} for key, rules in _RULES.items()
}
_TRUMP_LETTER: dict[str, str | None] = {
    key: (rules.trump.value if rules.trump is not None else None) for key, rules in _RULES.items()
}


def classify_codes(
    key: str, hand: Sequence[str], trick: Sequence[str]
) -> tuple[list[str], list[tuple[str, int]], str | None]:
    """:func:`classify` for canonical card codes (``"HJ"``) under contract ``key``.

    Returns the legal codes (hand order), the illegal ones with their code, and the
    highest trump in the trick (for the undertrump reason), or None.
    """
    if not trick:
        return list(hand), [], None
    led = trick[0][0]
    trump = _TRUMP_LETTER[key]
    legal: list[str] = []
    illegal: list[tuple[str, int]] = []
    if trump is None:
        for code in hand:
            if code[0] == led:
                break
        else:
            return list(hand), [], None
        for code in hand:
            if code[0] == led:
                legal.append(code)
            else:
                illegal.append((code, MUST_FOLLOW_SUIT))
        return legal, illegal, None
    if led == trump:
        for code in hand:
            if code[0] == trump and code[1] != "J":
                break
        else:
            return list(hand), [], None
        for code in hand:
            if code[0] == trump:
                legal.append(code)
            else:
                illegal.append((code, MUST_FOLLOW_TRUMP))
        return legal, illegal, None
    power = _TRUMP_POWER_BY_LETTER[key]
    top = -1
    highest: str | None = None
    for code in trick:
        if code[0] == trump:
            strength = power[code[1]]
            if strength > top:
                top, highest = strength, code
    can_follow = False
    only_trumps = True
    for code in hand:
        suit = code[0]
        if suit == led:
            can_follow = True
            only_trumps = False
            break
        if suit != trump:
            only_trumps = False
    if not can_follow and (top < 0 or only_trumps):
        return list(hand), [], highest
    for code in hand:
        suit = code[0]
        if suit == led:
            legal.append(code)
        elif suit == trump:
            if top < 0 or only_trumps or power[code[1]] > top:
                legal.append(code)
            else:
                illegal.append((code, UNDERTRUMP))
        elif can_follow:
            illegal.append((code, MUST_FOLLOW_SUIT))
        else:
            legal.append(code)
    return legal, illegal, highest


# --------------------------------------------------------------------------- the same rules on bitmasks
#
# The JSON answer itself (play.legal_cards) is built from bitmasks of the hand and the
# trick: bit i is the card at display index i (suits H C D S, ranks A K Q J T 9 8 7 6), so
# a mask's cards come out in the answers' order, a trick context's legal and illegal cards
# are a few ``&`` away, and everything a reason needs beyond the card, the legal cards and
# the alternatives is made at import, once per contract and led card: a call formats no
# template and fills no cache (its first pass is as fast as any other).

_SUIT_LETTERS: Final = tuple(suit.value for suit in Suit)
_RANK_LETTERS: Final = tuple(rank.value for rank in Rank)
#: Card codes by display index.
CODES: Final = tuple(suit + rank for suit in _SUIT_LETTERS for rank in _RANK_LETTERS)
#: Card code -> its bit; a code that is not canonical is missing (KeyError).
CODE_BIT: Final[Mapping[str, int]] = {code: 1 << index for index, code in enumerate(CODES)}
_SUIT_MASK: Final = {suit: 0b111111111 << 9 * index for index, suit in enumerate(_SUIT_LETTERS)}


def _chunk_codes(suit: int) -> tuple[tuple[str, ...], ...]:
    # Each chunk is its lowest card before the chunk without it: one step per chunk, so
    # that importing the engine stays cheap.
    codes = CODES[9 * suit : 9 * suit + 9]
    chunks: list[tuple[str, ...]] = [()]
    for chunk in range(1, 512):
        low = chunk & -chunk
        chunks.append((codes[low.bit_length() - 1], *chunks[chunk ^ low]))
    return tuple(chunks)


#: Per suit (H C D S), the codes of each 9-bit chunk of a mask: a mask's codes in display
#: order are ``[*HEARTS[m & 511], *CLUBS[m >> 9 & 511], *DIAMONDS[m >> 18 & 511], *SPADES[m >> 27]]``.
HEARTS, CLUBS, DIAMONDS, SPADES = (_chunk_codes(suit) for suit in range(4))


@cache
def wide_chunks() -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The codes of each 12-bit chunk of a mask, for its three chunks (bits 0-11, 12-23,
    24-35): a mask's codes in display order are ``[*low[m & 4095], *middle[m >> 12 & 4095],
    *high[m >> 24]]``, a lookup fewer than by suit. Made on first use: a command that
    checks no position does not pay for them."""
    tables = []
    for part in range(3):
        codes = CODES[12 * part : 12 * part + 12]
        chunks: list[tuple[str, ...]] = [()]
        for chunk in range(1, 4096):
            low = chunk & -chunk
            chunks.append((codes[low.bit_length() - 1], *chunks[chunk ^ low]))
        tables.append(tuple(chunks))
    return tuple(tables)


_CARD = "{card}"
_ALTERNATIVES = "{alternatives}"


def _tail(template: str, led_card: str, highest: str | None = None) -> str:
    """The message between the card and the alternatives: every template starts with the
    card and ends with the alternatives, and nothing between depends on either."""
    assert template.startswith(_CARD) and template.endswith(_ALTERNATIVES), template
    middle = template[len(_CARD) : -len(_ALTERNATIVES)]
    assert _CARD not in middle and _ALTERNATIVES not in middle, template
    return middle.format(led_card=led_card, led=led_card[0], highest=highest)


_ALL: Final = (1 << 36) - 1
#: The tops of a led card where S4.4 does not apply: none (an empty table, so that the
#: fast path skips the lookup).
_NO_TOPS: Final[tuple[tuple[str | None, int], ...]] = ()


@cache
def _tops(key: str) -> tuple[tuple[str | None, int], ...]:
    """Per trump chunk of a trick (9 bits): the highest trump and the mask of the trumps
    below it (the undertrumps), for the trump contract ``key``."""
    rules = _RULES[key]
    assert rules.trump is not None
    suit = _SUIT_LETTERS.index(rules.trump.value)
    strength = [rules.trump_power[Rank(rank)] for rank in _RANK_LETTERS]
    tops: list[tuple[str | None, int]] = []
    for chunk in range(512):
        held = [rank for rank in range(9) if chunk >> rank & 1]
        if not held:
            tops.append((None, 0))
            continue
        best = max(held, key=strength.__getitem__)
        under = sum(1 << rank for rank in range(9) if strength[rank] < strength[best])
        tops.append((CODES[9 * suit + best], under << 9 * suit))
    return tuple(tops)


#: What the reasons of one led card under one contract need beyond the hand and the
#: highest trump in the trick: the mask of the suits before the trump suit (display order
#: of the reasons), the trump chunk's shift, the message tail, the reason and params
#: prototypes; for the undertrump reason the message tails and params prototypes by
#: highest trump and the reason prototype.
ReasonParts = tuple[
    int,
    int,
    str,
    ReasonJSON,
    dict[str, object],
    Mapping["str | None", str],
    Mapping["str | None", dict[str, object]],
    ReasonJSON,
]

#: One led card under one contract, as ``play._fast_legal_cards`` classifies a hand
#: ``held`` (a mask) against a trick of mask ``table`` by one rule for S4.2-S4.5:
#:
#: * ``follow = held & duty``: the cards that oblige (the led suit; with trump led, the
#:   trumps but the Under, S4.5); when there are some, the cards of ``others`` are illegal
#:   (S4.2, S4.3: neither the led suit nor trump; S4.5: not trump);
#: * ``highest, below = tops[table >> shift & 511]``: the highest trump in the trick and
#:   the trumps below it, illegal (S4.4) unless the hand holds only trumps (``held &
#:   not_trump`` is 0) or can follow suit; ``tops`` is empty where S4.4 does not apply (no
#:   trump, or trump led), and its entry for a trick without trump is ``(None, 0)``.
#:
#: (duty, others, not trump, shift, tops, reason parts, the led card's bit: the trick's
#: mask before its other cards)
Context = tuple[int, int, int, int, tuple[tuple["str | None", int], ...], ReasonParts, int]


def _prototypes(
    why: int, trump: str | None, key: str, led_card: str, highest: str | None = None
) -> tuple[ReasonJSON, dict[str, object]]:
    # Key order as Reason.to_json() and make_reason() give it; "", {} and None mark what a
    # call fills. Copying a dict of the same keys is cheaper than building one.
    rule, code, _ = _FOLLOW_OR_TRUMP if why == MUST_FOLLOW_SUIT and trump is not None else _TEMPLATES[why]
    reason: ReasonJSON = {"rule": rule, "message": "", "code": code, "params": {}}
    params: dict[str, object] = {
        "card": None,
        "contract": key,
        "trump": trump,
        "instead": None,
        "alternatives": None,
        "led": led_card[0],
        "led_card": led_card,
    }
    if why == UNDERTRUMP:
        params["highest"] = highest
    return reason, params


def _context(key: str, led_card: str) -> Context:
    trump = _TRUMP_LETTER[key]
    led = led_card[0]
    led_mask = _SUIT_MASK[led]
    tops = _NO_TOPS
    if trump is None:  # S4.2: follow suit if you can
        why, duty, others, not_trump, before, shift = MUST_FOLLOW_SUIT, led_mask, _ALL ^ led_mask, _ALL, 0, 0
    else:
        trump_mask = _SUIT_MASK[trump]
        shift = 9 * _SUIT_LETTERS.index(trump)
        before = (1 << shift) - 1
        not_trump = _ALL ^ trump_mask
        if led == trump:  # S4.5: follow trump, but a bare Under may be held back
            why, duty, others = MUST_FOLLOW_TRUMP, trump_mask & ~CODE_BIT[trump + _JACK.value], not_trump
        else:  # S4.3: follow suit or trump; S4.4: no undertrump
            why, duty, others = MUST_FOLLOW_SUIT, led_mask, not_trump ^ led_mask
            tops = _tops(key)
    template = (_FOLLOW_OR_TRUMP if why == MUST_FOLLOW_SUIT and trump is not None else _TEMPLATES[why])[2]
    reason, params = _prototypes(why, trump, key, led_card)
    under_tails: dict[str | None, str] = {}
    under_params: dict[str | None, dict[str, object]] = {}
    under_reason, _ = _prototypes(UNDERTRUMP, trump, key, led_card)
    for highest, _ in tops:
        if highest is not None and highest not in under_tails:
            under_tails[highest] = _tail(_TEMPLATES[UNDERTRUMP][2], led_card, highest)
            under_params[highest] = _prototypes(UNDERTRUMP, trump, key, led_card, highest)[1]
    parts: ReasonParts = (
        before,
        shift,
        _tail(template, led_card),
        reason,
        params,
        under_tails,
        under_params,
        under_reason,
    )
    return duty, others, not_trump, shift, tops, parts, CODE_BIT[led_card]


class _ContractContexts(dict[str, Mapping[str, Context]]):
    """Contract key -> led card code -> its context, each contract's built on its first
    position: a command that checks one deal does not pay for the six contracts' tables."""

    def __missing__(self, key: str) -> Mapping[str, Context]:
        if key not in _RULES:  # not a contract key: the caller's KeyError
            raise KeyError(key)
        contexts = {led_card: _context(key, led_card) for led_card in CODES}
        self[key] = contexts
        return contexts


#: contract key -> led card code -> its context (built on first use).
CONTEXTS: Final[Mapping[str, Mapping[str, Context]]] = _ContractContexts()
