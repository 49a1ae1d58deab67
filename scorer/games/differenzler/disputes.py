"""Differenzler at the dispute desk: was a card allowed (D4, with D4.3's undertrumping), who takes
a trick, can one player have made a count (D5.1, D8); no Weis (D5.3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from flask_babel import gettext as _

import rules_engine
from rules_engine.cards import Card, Suit
from rules_engine.differenzler.deal import relabel, trick_mode, tricks_per_deal
from rules_engine.errors import InvalidRecord
from rules_engine.schieber import play as splay
from rules_engine.schieber.contracts import (
    CONTRACT_KEYS,
    DEAL_TOTAL,
    SCHIEBER_DECK,
    Contract,
    schieber_options,
)
from rules_engine.schieber.trick_modes import ModeReplay, mode_points
from rules_engine.seats import Seat
from rules_engine.tricks import Ranking
from scorer.games.disputes import ClaimsQuestion, FormFields, ReplayForm
from scorer.games.klammern.disputes import PLAYERS_FIELD
from scorer.games.ruling import Ruling, Unreadable, cards, codes, hands_of, tricks_of
from scorer.games.schieber import disputes as schieber
from scorer.games.schieber.modes import ModesDeal, replay_modes_ruling
from scorer.web.reasons import reason_text

#: D2.3: trump is a suit (Obenabe and Undenufe only under the ``modes`` option).
CONTRACTS = CONTRACT_KEYS
TABLES = (4, 3)
#: D5.1: Obenabe and Undenufe count as in the tournament profile (the 6 counts 11 in Undenufe).
OPTIONS = {"undenufe_points": "six11"}


def _check(key: str) -> None:
    if key not in CONTRACTS:
        raise Unreadable("contract", _("Choose the contract."))


def table_size(players: int | None) -> int:
    """D1.1: four players, or three with ``players: 3``.

    :raises Unreadable: another table (on ``players``).
    """
    if players is None:
        return 4
    if players not in TABLES:
        raise Unreadable(
            "players", _("Differenzler is played by 3 or 4 players, not %(players)s (D1.1).", players=players)
        )
    return players


def why_allowed(contract: str, hand: Sequence[str], trick: Sequence[str], card: str) -> tuple[str, str]:
    """Schieber's reasons (D4 cites S4), except that a void player may undertrump (D4.3)."""
    rule, why = schieber.why_allowed(contract, hand, trick, card)
    if rule == "S4.4" and trick and len(contract) == 1:
        played, led = Card.parse(card), Card.parse(trick[0]).suit
        if played.suit is Suit(contract) and not any(c.suit is led for c in cards(hand)):
            return "D4.3", _(
                "%(card)s: the hand has no card of the suit led, so it may undertrump.", card=card
            )
    return {"S4.2": "D4.2", "S4.3": "D4.2", "S4.5": "D4.4", "S4.1": "D4.1"}.get(rule, rule), why


def count_ruling(contract: str, points: int, players: int) -> Ruling:
    """Whether one player can have made ``points`` card points (D5.1, D8)."""
    _check(contract)
    the_contract = Contract.parse(contract)
    options = schieber_options("seed", OPTIONS)
    facts = [
        (_("Game"), _("Differenzler")),
        (_("Players"), str(players)),
        (_("Contract"), schieber.contract_label(contract)),
        (_("One player's card points"), str(points)),
    ]
    reasons = splay.check_trick_points(the_contract, options, points, False)
    if reasons:
        reason = reasons[0].to_json()
        ruling = Ruling("count", _("%(points)s is impossible.", points=points), False, facts=facts)
        ruling.cite("D8")
        ruling.lines.append(reason_text(reason))
        ruling.data = {"example": None, "other": DEAL_TOTAL - points}
        return ruling
    taken = splay.example_take(the_contract, options, points)
    assert taken is not None
    ruling = Ruling("count", _("%(points)s is possible.", points=points), True, facts=facts)
    ruling.cite("D5.1")
    ruling.lines.append(
        _(
            "For example %(tricks)s tricks with these %(count)s cards.",
            tricks=len(taken) // 4,
            count=len(taken),
        )
    )
    ruling.lines.append(_("The other players have %(other)s together.", other=DEAL_TOTAL - points))
    ruling.data = {"example": codes(taken), "other": DEAL_TOTAL - points, "tricks": len(taken) // 4}
    return ruling


# --------------------------------------------------------------------------- replay a deal


def replay_ruling(record: Mapping[str, Any]) -> Ruling:
    """Replay a Differenzler deal: forehand leads (D4.1), every card by D4, each seat's points (D5.1).

    A record with ``estimates`` is scored by the engine as well (D6).

    :raises Unreadable: a trump, seat, table or trick the desk cannot read.
    """
    trump = str(record.get("trump", ""))
    _check(trump)
    raw_players = record.get("players", 4)
    players = table_size(
        raw_players if isinstance(raw_players, int) and not isinstance(raw_players, bool) else 0
    )
    try:
        forehand = Seat.parse(record.get("forehand", 1), players).number
    except (InvalidRecord, TypeError, ValueError) as error:
        raise Unreadable("record", str(error)) from None
    tricks = tricks_of(record)
    hands = hands_of(record, players)
    seat_hands = {seat.number: held for seat, held in hands.items()} if hands else None
    count = tricks_per_deal(players)
    mode = trick_mode(trump)
    deal = ModesDeal(
        modes=(mode,) * count,
        points=(mode_points(trump, "six11"),) * count,
        players=players,
        first_leader=forehand,
        relabel=relabel,
        deck_rule="D8",
        winner_rule="D4.5",
    )
    facts = [
        (_("Game"), _("Differenzler")),
        (_("Players"), str(players)),
        (_("Trump"), schieber.contract_label(trump)),
        (_("Forehand"), str(forehand)),
    ]

    def score(replayed: ModeReplay) -> tuple[list[str], list[str]]:
        lines = [
            _(
                "Points by seat: %(points)s; tricks by seat: %(tricks)s.",
                points=" : ".join(map(str, replayed.seat_points)),
                tricks=" : ".join(map(str, replayed.tricks_won)),
            )
        ]
        if record.get("estimates") is None:
            return lines, ["D5.1"]
        full = {k: v for k, v in record.items() if k not in ("points", "tricks_won")}
        full.setdefault("game", "differenzler")
        try:
            answer = cast(dict[str, Any], rules_engine.score_deal(full))
        except InvalidRecord as error:
            raise Unreadable("record", str(error)) from None
        if not answer.get("valid"):
            errors = answer.get("errors", [])
            return [*lines, *(reason_text(e) for e in errors)], [str(e.get("rule")) for e in errors]
        lines.append(_("Scores by seat: %(scores)s.", scores=" : ".join(map(str, answer["score"]))))
        return lines, ["D5.1", "D6.6"]

    return replay_modes_ruling(deal, tricks, seat_hands, facts, "differenzler", score)


@dataclass(frozen=True, slots=True)
class DifferenzlerDesk:
    """Differenzler's answers to the dispute desk (:class:`scorer.games.disputes.DisputesPart`)."""

    title: str = "Differenzler"
    contracts: tuple[str, ...] = CONTRACTS
    deck: tuple[Card, ...] = SCHIEBER_DECK
    trick_rule: str = "D4.5"
    tables: tuple[int, ...] = TABLES
    bella: bool = False
    declarer: bool = False
    contract_key: str = "trump"

    @property
    def form_fields(self) -> FormFields:
        # D1.1: three or four at the table, asked with the same field as Klammern's tables.
        return {"*": {"players": PLAYERS_FIELD}}

    def deck_error(self, word: str) -> str:
        return schieber.DESK.deck_error(word)

    def contract_label(self, key: str) -> str:
        return schieber.contract_label(key)

    def table_size(self, players: int | None) -> int:
        return table_size(players)

    def players_fact(self, players: int) -> list[tuple[str, str]]:
        return [(_("Players"), str(players))]

    def ranking(self, contract: str, profile: str) -> Ranking:
        _check(contract)
        return Contract.parse(contract).ranking(schieber_options("seed", OPTIONS))

    def full_trick(self, players: int, count: int) -> str:
        return _(
            "With %(players)s players a trick holds %(players)s cards, and %(count)s are "
            "entered: enter only the cards played before this one.",
            players=players,
            count=count,
        )

    def position(self, contract: str, profile: str, players: int) -> dict[str, Any]:
        _check(contract)
        stated: dict[str, Any] = {"trump": contract, "players": players}
        if contract in ("obenabe", "undenufe"):
            stated["options"] = {"modes": ["suit", "obenabe", "undenufe"]}
        return stated

    def why_allowed(
        self, contract: str, hand: Sequence[str], trick: Sequence[str], card: str
    ) -> tuple[str, str]:
        return why_allowed(contract, hand, trick, card)

    def trick_table(self, count: int, players: int | None) -> int:
        if players is None and count not in TABLES:
            raise Unreadable(
                "cards", _("A trick has three or four cards (one per player), not %(count)s.", count=count)
            )
        return table_size(count if players is None else players)

    def claims(
        self, contract: str, claims: Mapping[int, Sequence[Sequence[str]]], question: ClaimsQuestion
    ) -> Ruling:
        ruling = Ruling(
            "weis", _("No Weis counts in Differenzler."), False, facts=[(_("Game"), _("Differenzler"))]
        )
        ruling.cite("D5.3")
        ruling.data = {"claims": [], "steps": [], "award": _("Scored: nothing")}
        return ruling

    def count(self, contract: str, points: int, profile: str, jappa_total: bool, players: int) -> Ruling:
        return count_ruling(contract, points, players)

    def replay(self, record: Mapping[str, Any]) -> Ruling:
        return replay_ruling(record)

    def replay_fields(self, form: ReplayForm, players: int) -> dict[str, Any]:
        return {"trump": form.contract.data, "players": table_size(players)}


DESK = DifferenzlerDesk()
