"""Who takes this trick? The winner by the contract's rank order (S4.6, K4.4), card by card."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext as _

from scorer.disputes.desk import check_contract, desk
from scorer.games import ruling as _ruling
from scorer.games.ruling import Ruling, Unreadable, check_seat


def trick_ruling(
    game: str,
    contract: str,
    cards: Sequence[str],
    leader: int | None = None,
    profile: str = "seed",
    players: int | None = None,
) -> Ruling:
    """Who takes the trick ``cards`` (in the order played), and why (S4.6, K4.4).

    ``players``: the table's size (2, 3 or 4 where the game has such tables); None takes one player per card.
    """
    rules = desk(game)
    check_contract(rules, contract)
    count = len(cards)
    players = rules.trick_table(count, players)
    if count != players:
        raise Unreadable(
            "cards",
            _(
                "With %(players)s players a trick has %(players)s cards, not %(count)s.",
                players=players,
                count=count,
            ),
        )
    if leader:
        check_seat("leader", leader, players)
    ranking = rules.ranking(contract, profile)
    played = _ruling.cards(cards)
    index = ranking.winner_index(played)
    winner = played[index]
    led = played[0].suit
    trumps = [c for c in played if ranking.is_trump(c)]
    seat = ((leader - 1 + index) % players + 1) if leader else None
    facts = [
        (_("Game"), rules.title),
        *rules.players_fact(players),
        (_("Contract"), rules.contract_label(contract)),
        (_("Cards in the order played"), " ".join(cards)),
    ]
    if leader:
        facts.append((_("Led by seat"), str(leader)))
    verdict = (
        _("%(card)s takes the trick (seat %(seat)s).", card=str(winner), seat=seat)
        if seat
        else _("%(card)s takes the trick.", card=str(winner))
    )
    ruling = Ruling("trick", verdict, None, facts=facts)
    ruling.cite(rules.trick_rule)
    if trumps:
        ruling.lines.append(_("%(card)s is the highest trump in the trick.", card=str(winner)))
    elif contract == "undenufe":
        ruling.lines.append(
            _(
                "No trump: the lowest card of the suit led wins in Undenufe; %(card)s is the lowest "
                "%(suit)s.",
                card=str(winner),
                suit=led.value,
            )
        )
    else:
        ruling.lines.append(
            _(
                "No trump in the trick: the highest card of the suit led (%(suit)s) wins; %(card)s is "
                "the highest.",
                card=str(winner),
                suit=led.value,
            )
        )
    rows: list[dict[str, Any]] = []
    for position, card in enumerate(played):
        if position == 0:
            role = _("led")
        elif ranking.is_trump(card) and card.suit is not led:
            role = _("trumps")
        elif card.suit is led:
            role = _("follows suit")
        else:
            role = _("discards (cannot win)")
        rows.append(
            {
                "position": position + 1,
                "card": str(card),
                "role": role,
                "points": ranking.points(card),
                "wins": position == index,
                "seat": ((leader - 1 + position) % players + 1) if leader else None,
            }
        )
    total = ranking.card_points(played)
    ruling.lines.append(
        _(
            "The trick is worth %(points)s card points (before the factor; the last trick adds %(bonus)s).",
            points=total,
            bonus=ranking.last_trick,
        )
    )
    ruling.data = {"rows": rows, "winner": str(winner), "index": index, "seat": seat, "points": total}
    return ruling
