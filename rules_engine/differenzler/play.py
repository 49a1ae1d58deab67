"""Differenzler's legal cards (D4): Schieber's play, with undertrumping allowed to a player void
in the led suit (D4.3); the reasons cite D4.2-D4.4.

A position is ``{"game": "differenzler", "options": {...}, "players": 4, "trump": "C",
"hand": [...], "trick": [...]}``.
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping, Sequence
from typing import Any, cast

from rules_engine.cards import Card, parse_cards
from rules_engine.differenzler.answers import LegalAnswer
from rules_engine.differenzler.deal import (
    TRUMPS,
    read_players,
    relabel,
    relabel_json,
    trick_mode,
    tricks_per_deal,
)
from rules_engine.differenzler.options import differenzler_options
from rules_engine.errors import InvalidRecord
from rules_engine.lazy import LazyDict
from rules_engine.records import Fields
from rules_engine.schieber.legality import CODE_BIT
from rules_engine.schieber.play import TRICK_CONTEXTS, display_order, trick_answer
from rules_engine.schieber.play import legal_cards as schieber_legal_cards
from rules_engine.schieber.trick_modes import TrickMode, classify_mode, mode_reason

__all__ = ["POSITION_FIELDS", "careful_legal_cards", "legal_cards", "legal_cards_fast"]

SCHIEBER_HAND = 9
POSITION_FIELDS = frozenset({"game", "options", "players", "trump", "hand", "trick"})


def legal_cards(position: Mapping[str, Any]) -> LegalAnswer:
    """Which cards of the hand may be played to the trick, and why the others may not.

    :raises InvalidRecord: not a Differenzler position.
    """
    fields = Fields(position, "position", POSITION_FIELDS)
    if fields.raw("game") != "differenzler":
        raise InvalidRecord(
            f"position.game: expected 'differenzler', not {fields.raw('game')!r}", where="position.game"
        )
    differenzler_options(fields.raw("options"))
    players = read_players(fields.raw("players"), "position")
    trump = fields.raw("trump")
    if trump not in TRUMPS:
        raise InvalidRecord(
            f"position.trump must be a suit letter (or obenabe, undenufe), not {trump!r}",
            where="position.trump",
        )
    if not fields.has("hand"):
        raise InvalidRecord(
            "position.hand is missing (the player's cards, e.g. ['H6', 'CA'])", where="position.hand"
        )
    hand = parse_cards(fields.sequence("hand"), what="position.hand")
    trick = parse_cards(fields.sequence("trick", None) or (), what="position.trick")
    if len(trick) >= players:
        raise InvalidRecord(
            f"position.trick: {len(trick)} cards are already played; a trick to play to has 0-{players - 1}",
            where="position.trick",
        )
    if len(hand) > tricks_per_deal(players):
        raise InvalidRecord(
            f"position.hand: {len(hand)} cards; a hand has at most {tricks_per_deal(players)}",
            where="position.hand",
        )
    if len(set(hand) | set(trick)) != len(hand) + len(trick):
        raise InvalidRecord("position: a card is given twice (in the hand or the trick)", where="position")
    mode = trick_mode(str(trump))
    if trick and len(str(trump)) == 1 and trick[0].suit.value != trump:
        led = trick[0].suit
        if all(card.suit is not led for card in hand):  # D4.3: void in the led suit, any card
            return {"legal": [str(card) for card in sorted(hand, key=display_order)], "illegal": {}}
    if len(hand) > SCHIEBER_HAND:  # three players hold up to 12 cards; Schieber's positions 9
        return careful_legal_cards(mode, hand, trick)
    # Otherwise the trick is played as Schieber's contract: its answer, with D4's rule ids.
    answer = schieber_legal_cards(
        {"contract": mode.key, "hand": [str(card) for card in hand], "trick": [str(card) for card in trick]}
    )
    return {"legal": answer["legal"], "illegal": _relabelled_later(answer["illegal"])}


def _relabelled_later(illegal: dict[str, Any]) -> dict[str, Any]:
    """Schieber's reasons with D4's rule ids, made when first read."""
    return LazyDict.of(len(illegal), _relabelled, illegal) if illegal else illegal


def _relabelled(illegal: Mapping[str, Any]) -> dict[str, Any]:
    return {code: relabel_json(reason) for code, reason in illegal.items()}


#: The options checked already, as marshal writes them (with their types: True apart from 1).
_CHECKED_OPTIONS: set[bytes] = set()
_ONLY_KNOWN_FIELDS = POSITION_FIELDS.issuperset
_SUIT_TRUMPS = frozenset(trump for trump in TRUMPS if len(trump) == 1)


def legal_cards_fast(position: dict[str, Any]) -> LegalAnswer | None:
    """The answer to a plainly written Differenzler position (known fields, canonical codes), or
    None: :func:`legal_cards` then answers it, or says what is wrong (a KeyError or TypeError
    this raises means the same). The same answer as :func:`legal_cards` gives (the tests hold
    it to it): D4.3's void player plays any card; otherwise Schieber's fast answer to the trick
    (also to a hand of twelve at three players), its reasons relabelled when first read."""
    if position.get("game") != "differenzler" or not _ONLY_KNOWN_FIELDS(position):
        return None
    options = position.get("options")
    if options:
        if type(options) is not dict:
            return None
        try:
            key = marshal.dumps(options)
        except ValueError:  # a caller's own object: the careful way says what is wrong
            return None
        if key not in _CHECKED_OPTIONS:
            try:
                differenzler_options(options)
            except InvalidRecord:
                return None
            if len(_CHECKED_OPTIONS) < 256:
                _CHECKED_OPTIONS.add(key)
    players = position.get("players")
    if players is None:
        players = 4
    elif type(players) is not int or players not in (3, 4):
        return None
    trump = position["trump"]
    hand = position["hand"]
    trick = position.get("trick")
    if trick is None:
        trick = []
    if type(trump) is not str or type(hand) is not list or type(trick) is not list or len(trick) >= players:
        return None
    answer = trick_answer(TRICK_CONTEXTS[trump], hand, trick, 36 // players)  # not a trump: KeyError
    if answer is None:
        return None
    if trick and trump in _SUIT_TRUMPS:
        led = trick[0][0]
        if led != trump and led not in "".join(hand)[::2]:  # D4.3: void, any card
            if not answer["illegal"]:
                return {"legal": answer["legal"], "illegal": {}}
            # The hand in display order (the cards' bits rise in it; the codes were read above).
            return {"legal": sorted(hand, key=CODE_BIT.__getitem__), "illegal": {}}
    return {"legal": answer["legal"], "illegal": _relabelled_later(answer["illegal"])}


def careful_legal_cards(mode: TrickMode, hand: Sequence[Card], trick: Sequence[Card]) -> LegalAnswer:
    """The answer built card by card from :func:`classify_mode` and :func:`relabel`; the tests
    hold :func:`legal_cards` (Schieber's fast path, relabelled) to it."""
    ordered = tuple(sorted(hand, key=display_order))
    legal, illegal = classify_mode(mode, ordered, trick)
    return {
        "legal": [str(card) for card in legal],
        "illegal": {
            str(card): cast(
                Any, relabel(mode_reason(mode, why, card, ordered, trick, legal), mode, None).to_json()
            )
            for card, why in illegal
        },
    }
