"""Was that card allowed? The engine's legal cards for the position, and the rule that decides."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from flask_babel import gettext as _

import rules_engine
from rules_engine.errors import InvalidRecord
from scorer.disputes.desk import check_contract, desk
from scorer.games.ruling import Ruling, Unreadable
from scorer.web.reasons import reason_text


def card_ruling(
    game: str,
    contract: str,
    hand: Sequence[str],
    trick: Sequence[str],
    card: str,
    profile: str = "seed",
    players: int = 4,
) -> Ruling:
    """Was ``card`` allowed, played from ``hand`` (as much as known) to ``trick``?

    The played card belongs to the hand it came from, so it is added when missing.
    ``players`` (2, 3 or 4 where the game has such tables) says when the trick is complete.
    """
    rules = desk(game)
    check_contract(rules, contract)
    players = rules.table_size(players)
    if not card:
        raise Unreadable("card", _("Enter the card that was played."))
    if card in trick:
        raise Unreadable("card", _("%(card)s is already in the trick.", card=card))
    full_hand = list(hand) if card in hand else [card, *hand]
    if len(trick) >= players:
        raise Unreadable("trick", rules.full_trick(players, len(trick)))
    position: dict[str, Any] = {"game": game, "hand": full_hand, "trick": list(trick)}
    position.update(rules.position(contract, profile, players))
    try:
        # Read as JSON: each game's legal answer has its own keys beside legal/illegal.
        answer = cast(dict[str, Any], rules_engine.legal_cards(position))
    except InvalidRecord as error:
        raise Unreadable("hand", str(error)) from None
    if answer.get("valid") is False:
        raise Unreadable("hand", "; ".join(reason_text(e) for e in answer.get("errors", [])))
    legal: list[str] = list(answer["legal"])
    illegal: Mapping[str, Any] = answer["illegal"]
    facts = [
        (_("Game"), rules.title),
        *rules.players_fact(players),
        (_("Contract"), rules.contract_label(contract)),
        (_("Trick so far"), " ".join(trick) or _("(leading)")),
        (_("Hand (as known)"), " ".join(full_hand)),
        (_("Card played"), card),
    ]
    if card in illegal:
        reason = illegal[card]
        ruling = Ruling("card", _("%(card)s was not allowed.", card=card), False, facts=facts)
        ruling.cite(reason.get("rule"))
        ruling.lines.append(reason_text(reason))
        ruling.lines.append(_("Could have been played instead: %(cards)s", cards=" ".join(legal) or "\u2014"))
    else:
        rule, why = rules.why_allowed(contract, full_hand, trick, card)
        ruling = Ruling("card", _("%(card)s was allowed.", card=card), True, facts=facts)
        ruling.cite(rule)
        ruling.lines.append(why)
        if legal != [card]:
            others = [c for c in legal if c != card]
            if others:
                ruling.lines.append(_("Also allowed: %(cards)s", cards=" ".join(others)))
        ruling.lines.append(
            _("Judged on the cards entered: a card of the hand that was not entered can change the ruling.")
        )
    ruling.data = {
        "legal": legal,
        "illegal": {c: dict(r) for c, r in illegal.items()},
        "hand": full_hand,
        "trick": list(trick),
        "card": card,
    }
    return ruling
