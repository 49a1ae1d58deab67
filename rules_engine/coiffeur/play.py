"""Coiffeur's legal cards: the position's contract and trick number give the trick's mode (C4, C5).

A position is ``{"game": "coiffeur", "options": {...}, "contract": ..., "trick_index": k,
"hand": [...], "trick": [...]}``; ``trick_index`` is the 0-based number of the trick
(0..8, default 0), so that a Slalom's second trick (``trick_index: 1``) is played in the
other direction (C5.1). The answer is Schieber's (``legal``, ``illegal`` with reasons)
plus the trick's ``mode``.
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from rules_engine.cards import Card, parse_cards
from rules_engine.coiffeur.answers import LegalAnswer
from rules_engine.coiffeur.contracts import PLAY_RULE, TRICKS, CoiffeurContract
from rules_engine.coiffeur.deal import PLAYERS, relabel_for
from rules_engine.coiffeur.options import coiffeur_options
from rules_engine.errors import InvalidRecord
from rules_engine.lazy import PLACEHOLDER, LazyDict
from rules_engine.records import Fields
from rules_engine.schieber.legality import CODE_BIT
from rules_engine.schieber.play import TRICK_CONTEXTS, display_order, trick_answer
from rules_engine.schieber.play import legal_cards as schieber_legal_cards
from rules_engine.schieber.trick_modes import TrickMode, classify_mode, mode_reason

__all__ = ["POSITION_FIELDS", "careful_legal_cards", "legal_cards", "legal_cards_fast"]

POSITION_FIELDS = frozenset({"game", "options", "contract", "trick_index", "hand", "trick"})


_CONTRACTS: dict[str, CoiffeurContract] = {}


def _contract(raw: object) -> CoiffeurContract:
    """:meth:`CoiffeurContract.parse`, once per distinct contract (positions repeat a few)."""
    try:
        key = json.dumps(raw, sort_keys=True)
    except (TypeError, ValueError):
        return CoiffeurContract.parse(raw)
    found = _CONTRACTS.get(key)
    if found is None:
        found = CoiffeurContract.parse(raw)
        if len(_CONTRACTS) < 256:
            _CONTRACTS[key] = found
    return found


def legal_cards(position: Mapping[str, Any]) -> LegalAnswer:
    """Which cards of the hand may be played to the trick, and why the others may not.

    :raises InvalidRecord: not a Coiffeur position (unknown field, contract or card; a card
        twice; a trick of four or more cards; a trick_index outside 0..8).
    """
    fields = Fields(position, "position", POSITION_FIELDS)
    if fields.raw("game") != "coiffeur":
        raise InvalidRecord(
            f"position.game: expected 'coiffeur', not {fields.raw('game')!r}", where="position.game"
        )
    options = coiffeur_options(fields.raw("options"))
    if "contract" not in position:
        raise InvalidRecord("position.contract is missing", where="position.contract")
    contract = _contract(fields.raw("contract"))
    index = fields.integer("trick_index", minimum=0, maximum=TRICKS - 1) if fields.has("trick_index") else 0
    if not fields.has("hand"):
        raise InvalidRecord(
            "position.hand is missing (the player's cards, e.g. ['H6', 'CA'])", where="position.hand"
        )
    hand = parse_cards(fields.sequence("hand"), what="position.hand")
    trick = parse_cards(fields.sequence("trick", None) or (), what="position.trick")
    if len(trick) >= PLAYERS:
        raise InvalidRecord(
            f"position.trick: {len(trick)} cards are already played; a trick to play to has 0-3",
            where="position.trick",
        )
    if len(hand) > TRICKS - index:
        raise InvalidRecord(
            f"position.hand: {len(hand)} cards; at trick {index + 1} a hand has at most {TRICKS - index}",
            where="position.hand",
        )
    # Cards are frozen values: their codes (hashed in C) tell duplicates apart as well.
    if len({str(card) for card in (*hand, *trick)}) != len(hand) + len(trick):
        raise InvalidRecord("position: a card is given twice (in the hand or the trick)", where="position")
    mode = contract.modes(options)[index]
    if not mode.undertrump_when_void:
        return _as_schieber(contract, mode.key, index, hand, trick)
    return careful_legal_cards(contract, mode, index, hand, trick)


def careful_legal_cards(
    contract: CoiffeurContract, mode: TrickMode, index: int, hand: Sequence[Card], trick: Sequence[Card]
) -> LegalAnswer:
    """The answer built card by card from :func:`classify_mode` and the contract's reasons: every
    position goes this way when its trick allows undertrumping (a trump Misère); the tests hold
    the Schieber-based path of the others to it."""
    ordered = tuple(sorted(hand, key=display_order))
    legal, illegal = classify_mode(mode, ordered, trick)
    relabel = relabel_for(contract)
    return {
        "legal": [str(card) for card in legal],
        "illegal": {
            str(card): cast(
                Any, relabel(mode_reason(mode, why, card, ordered, trick, legal), mode, index).to_json()
            )
            for card, why in illegal
        },
        "trick_index": index,
        "mode": mode.key,
    }


def _as_schieber(
    contract: CoiffeurContract, key: str, index: int, hand: Sequence[Card], trick: Sequence[Card]
) -> LegalAnswer:
    """A trick played as one of Schieber's contracts: Schieber's answer (its fast path), with the
    extra contracts' reasons citing their own rule and naming the trick's mode, as
    :func:`~rules_engine.coiffeur.deal.relabel_for` does."""
    answer = schieber_legal_cards(
        {"contract": key, "hand": [str(card) for card in hand], "trick": [str(card) for card in trick]}
    )
    return _answer(answer["legal"], answer["illegal"], _own_rule(contract), contract.type, key, index)


def _own_rule(contract: CoiffeurContract) -> str | None:
    """The rule an extra contract's card reasons cite (C5.1-C5.4); None for the fixed contracts,
    whose reasons are Schieber's own (C4.1, C4.2)."""
    rule = PLAY_RULE[contract.type]
    return rule if rule.startswith("C5") else None


def _answer(
    legal: list[str], illegal: dict[str, Any], rule: str | None, contract_type: str, key: str, index: int
) -> LegalAnswer:
    """Schieber's answer to the trick as Coiffeur's: the reasons relabelled when first read."""
    if illegal and rule is not None:
        illegal = LazyDict.of(len(illegal), _relabelled, illegal, rule, contract_type, key, index + 1)
    return {"legal": legal, "illegal": illegal, "trick_index": index, "mode": key}


def _relabelled(
    illegal: Mapping[str, Any], rule: str, contract_type: str, key: str, number: int
) -> dict[str, Any]:
    """Schieber's reasons as an extra contract's: its rule, naming the trick and its mode."""
    relabelled = {}
    for code, reason in illegal.items():
        play_rule = reason["rule"]
        params = dict(reason["params"])
        params.update({"mode": key, "play_rule": play_rule, "contract_type": contract_type, "trick": number})
        relabelled[code] = {
            "rule": rule,
            "message": f"trick {number} is {key} ({play_rule}): {reason['message']}",
            "code": reason["code"],
            "params": params,
        }
    return relabelled


@dataclass(frozen=True, slots=True)
class _Plain:
    """What a position's options and contract give every trick (:func:`legal_cards_fast`)."""

    #: Each trick's Schieber contract key.
    modes: tuple[str, ...]
    #: Whether a player void in the led suit may play any card in each trick (a trump Misère's,
    #: C5.4: undertrumping allowed).
    void_plays_any: tuple[bool, ...]
    rule: str | None
    contract_type: str


#: By a position's options and contract as marshal writes them (a contract key alone: itself):
#: what they give, checked once each.
_PLAIN: dict[object, _Plain] = {}
_ONLY_KNOWN_FIELDS = POSITION_FIELDS.issuperset


def _plain(options: object, contract: object) -> _Plain | None:
    """:class:`_Plain` of valid options and contract; None when the careful path has to say why not."""
    try:
        parsed = _contract(contract)
        modes = parsed.modes(coiffeur_options(options))
    except InvalidRecord:
        return None
    return _Plain(
        tuple(mode.key for mode in modes),
        tuple(mode.undertrump_when_void for mode in modes),
        _own_rule(parsed),
        parsed.type,
    )


def legal_cards_fast(position: dict[str, Any]) -> LegalAnswer | None:
    """The answer to a plainly written Coiffeur position (known fields, canonical codes), or
    None: :func:`legal_cards` then answers it, or says what is wrong (a KeyError or TypeError
    this raises means the same). The same answer as
    :func:`legal_cards` gives (the tests hold it to it): Schieber's fast answer to the trick's
    mode, its reasons relabelled when first read; in a trick that allows undertrumping (a trump
    Misère), a player void in the led suit plays any card."""
    if position.get("game") != "coiffeur" or not _ONLY_KNOWN_FIELDS(position):
        return None
    options, contract = position.get("options"), position["contract"]
    # The options and contract as written name their modes: checked once per serialised form
    # (marshal writes values with their types, True apart from 1; a caller's own object
    # raises ValueError and goes the careful way).
    key: object = contract
    if options is not None or type(contract) is not str:  # a suit or direction alone names itself
        try:
            key = marshal.dumps((options, contract))
        except ValueError:
            return None
    plain = _PLAIN.get(key)
    if plain is None:
        plain = _plain(options, contract)
        if plain is None:
            return None
        if len(_PLAIN) < 256:
            _PLAIN[key] = plain
    index = position.get("trick_index", 0)
    if type(index) is not int or not 0 <= index < TRICKS:
        return None
    mode = plain.modes[index]
    hand = position["hand"]
    trick = position.get("trick")
    if trick is None:
        trick = []
    if type(hand) is not list or type(trick) is not list or len(trick) >= PLAYERS:
        return None
    answer = trick_answer(TRICK_CONTEXTS[mode], hand, trick, TRICKS - index)
    if answer is None:
        return None
    illegal: dict[str, Any] = answer["illegal"]
    count = len(illegal)
    if count and plain.void_plays_any[index]:
        led = trick[0][0]
        if led != mode and led not in "".join(hand)[::2]:  # void in the led suit: any card
            # The hand in display order (the cards' bits rise in it; the codes were read above).
            return {
                "legal": sorted(hand, key=CODE_BIT.__getitem__),
                "illegal": {},
                "trick_index": index,
                "mode": mode,
            }
    rule = plain.rule
    if count and rule is not None:  # _answer's, written out on the hot path
        relabelled = LazyDict(PLACEHOLDER)
        relabelled.lazy = (count, _relabelled, illegal, rule, plain.contract_type, mode, index + 1)
        illegal = relabelled
    return {"legal": answer["legal"], "illegal": illegal, "trick_index": index, "mode": mode}
