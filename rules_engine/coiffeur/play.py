"""Coiffeur's legal cards: the position's contract and trick number give the trick's mode (C4, C5).

A position is ``{"game": "coiffeur", "options": {...}, "contract": ..., "trick_index": k,
"hand": [...], "trick": [...]}``; ``trick_index`` is the 0-based number of the trick
(0..8, default 0), so that a Slalom's second trick (``trick_index: 1``) is played in the
other direction (C5.1). The answer is Schieber's (``legal``, ``illegal`` with reasons)
plus the trick's ``mode``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

from rules_engine.cards import Card, parse_cards
from rules_engine.coiffeur.answers import LegalAnswer
from rules_engine.coiffeur.contracts import PLAY_RULE, TRICKS, CoiffeurContract
from rules_engine.coiffeur.deal import PLAYERS, relabel_for
from rules_engine.coiffeur.options import coiffeur_options
from rules_engine.errors import InvalidRecord
from rules_engine.records import Fields
from rules_engine.schieber.play import display_order
from rules_engine.schieber.play import legal_cards as schieber_legal_cards
from rules_engine.schieber.trick_modes import TrickMode, classify_mode, mode_reason

__all__ = ["POSITION_FIELDS", "careful_legal_cards", "legal_cards"]

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
    rule = PLAY_RULE[contract.type]
    illegal: dict[str, Any] = answer["illegal"]
    if illegal and rule.startswith("C5"):
        number = index + 1
        for code, reason in list(illegal.items()):
            play_rule = reason["rule"]
            params = dict(reason["params"])
            params.update(
                {"mode": key, "play_rule": play_rule, "contract_type": contract.type, "trick": number}
            )
            illegal[code] = {
                "rule": rule,
                "message": f"trick {number} is {key} ({play_rule}): {reason['message']}",
                "code": reason["code"],
                "params": params,
            }
    return {"legal": answer["legal"], "illegal": illegal, "trick_index": index, "mode": key}
