"""Coiffeur at the dispute desk: a card of a Slalom, Guschti, 3×3 or Misère trick (C5), and
whether a count is possible (C4.3, C5.6, C6.3). A desk contract names the trick's mode."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from flask_babel import gettext as _

import rules_engine
from rules_engine.cards import Card, Suit
from rules_engine.coiffeur.contracts import CoiffeurContract
from rules_engine.coiffeur.deal import relabel_for
from rules_engine.coiffeur.options import coiffeur_options
from rules_engine.errors import InvalidRecord
from rules_engine.schieber import play as splay
from rules_engine.schieber.contracts import DEAL_TOTAL, SCHIEBER_DECK, Contract, schieber_options
from rules_engine.schieber.trick_modes import ModeReplay
from rules_engine.seats import Seat
from rules_engine.tricks import Ranking
from scorer.games.coiffeur.deal import contract_label as type_label
from scorer.games.disputes import ClaimsQuestion, FormFields, ReplayForm
from scorer.games.ruling import Ruling, Unreadable, codes, hands_of, tricks_of
from scorer.games.schieber import disputes as schieber
from scorer.games.schieber.modes import ModesDeal, replay_modes_ruling
from scorer.web.reasons import reason_text

SUITS = ("D", "H", "S", "C")
MODES = ("obenabe", "undenufe")
#: The desk's contracts: Schieber's six, then each extra contract in the mode of the trick asked about.
CONTRACTS: tuple[str, ...] = (
    "H",
    "D",
    "S",
    "C",
    "obenabe",
    "undenufe",
    *(f"{kind}_{mode}" for kind in ("slalom", "guschti", "misere") for mode in MODES),
    *(f"3x3_{suit}" for suit in SUITS),
    # C5.4: a Misère with trump, when the table's ``misere_modes`` allow it.
    *(f"misere_{suit}" for suit in SUITS),
)
#: The rule each extra contract's play follows.
PLAY_RULES = {"slalom": "C5.1", "guschti": "C5.2", "3x3": "C5.3", "misere": "C5.4"}
#: C4.2: Coiffeur's Undenufe counts the 6 as 11 (Schieber's ``six11``).
OPTIONS = {"undenufe_points": "six11"}
#: The desk asks about every Misère mode, a trump suit included (C5.4 ``misere_modes``).
ALL_MISERE_MODES = ["obenabe", "undenufe", "slalom", *SUITS]


def split(key: str) -> tuple[str | None, str]:
    """A desk contract as (extra contract type or None, the trick's mode: a suit or Obenabe/Undenufe)."""
    if key not in CONTRACTS:
        raise Unreadable("contract", _("Choose the contract."))
    if "_" in key:
        kind, mode = key.split("_", 1)
        return kind, mode
    return None, key


def label(key: str) -> str:
    kind, mode = split(key)
    played = schieber.contract_label(mode)
    if kind is None:
        return played
    if kind == "3x3":
        return _(
            "%(contract)s, a trick of its trump part (%(trump)s)",
            contract=type_label(kind, "swiss"),
            trump=played,
        )
    return _("%(contract)s, a trick in %(mode)s", contract=type_label(kind, "swiss"), mode=played)


def position(key: str) -> dict[str, Any]:
    """The engine's position keys: the contract, and a trick played in the asked mode (C5)."""
    kind, mode = split(key)
    if kind in ("slalom", "guschti"):
        return {"contract": {"type": kind, "start": mode}, "trick_index": 0}
    if kind == "misere":
        return {"contract": {"type": "misere", "mode": mode}, "options": {"misere_modes": ALL_MISERE_MODES}}
    if kind == "3x3":
        return {"contract": {"type": "3x3", "trump": mode}, "trick_index": 0}
    return {"contract": mode}


def count_ruling(key: str, points: int) -> Ruling:
    """Whether the choosing team can take ``points`` (C4.3, C5.6 ``opening``); a Misère's written value (C6.3)."""
    kind, mode = split(key)
    contract = Contract.parse(mode)
    options = schieber_options("seed", OPTIONS)
    facts = [
        (_("Game"), _("Coiffeur")),
        (_("Contract"), label(key)),
        (_("The choosing team's trick points"), str(points)),
    ]
    reasons = splay.check_trick_points(contract, options, points, False)
    if reasons:
        reason = reasons[0].to_json()
        ruling = Ruling("count", _("%(points)s is impossible.", points=points), False, facts=facts)
        ruling.cite("C9")
        ruling.cite(reason["rule"])
        ruling.lines.append(reason_text(reason))
        ruling.lines.append(
            _(
                "In %(contract)s the totals no set of tricks can make are: %(totals)s.",
                contract=label(key),
                totals=", ".join(map(str, splay.impossible_trick_totals(contract, options))),
            )
        )
        ruling.data = {"example": None, "other": DEAL_TOTAL - points}
        return ruling
    cards = splay.example_take(contract, options, points)
    assert cards is not None
    ruling = Ruling("count", _("%(points)s is possible.", points=points), True, facts=facts)
    ruling.cite("C4.3")
    if kind in ("slalom", "guschti", "3x3"):
        ruling.cite("C5.6")
        ruling.lines.append(
            _("The opening trick's mode fixes the card values for the whole deal: it totals 157.")
        )
    ruling.lines.append(
        _(
            "For example %(tricks)s tricks with these %(count)s cards.",
            tricks=len(cards) // 4,
            count=len(cards),
        )
    )
    ruling.lines.append(_("The other team has %(other)s.", other=DEAL_TOTAL - points))
    if kind == "misere":
        ruling.cite("C6.3")
        ruling.lines.append(
            _(
                "In a Misère the cell is the opponents' points: %(written)s times the row's factor.",
                written=DEAL_TOTAL - points,
            )
        )
    ruling.data = {"example": codes(cards), "other": DEAL_TOTAL - points, "tricks": len(cards) // 4}
    return ruling


# --------------------------------------------------------------------------- replay a deal


def _row_for(contract: CoiffeurContract) -> dict[str, Any]:
    """A one-row grid of factor 1 that fits ``contract``: the desk knows no row (C2.2)."""
    if contract.type == "suit":
        return {"type": "suit", "suit": contract.trump, "factor": 1}
    return {"type": contract.type, "factor": 1}


def replay_ruling(record: Mapping[str, Any]) -> Ruling:
    """Replay a Coiffeur deal: each trick in its mode (C4, C5), the chooser leading (C3.6).

    ``record`` is a Coiffeur deal record (``contract`` in the record's form, ``chooser``) or the
    desk's fields (``contract`` a desk contract, ``forehand`` the seat that leads).

    :raises Unreadable: a contract, option, seat or trick the desk cannot read.
    """
    raw = record.get("contract")
    options_raw: Any = record.get("options")
    if isinstance(raw, str) and raw in CONTRACTS:
        asked = position(raw)
        raw = asked["contract"]
        options_raw = {
            **(options_raw if isinstance(options_raw, Mapping) else {}),
            **asked.get("options", {}),
        }
    try:
        contract = CoiffeurContract.parse(raw)
        options = coiffeur_options(
            {k: v for k, v in (options_raw or {}).items() if k != "grid"}
            if isinstance(options_raw, Mapping)
            else None
        )
        leader = Seat.parse(record.get("chooser", record.get("forehand", 1))).number
    except (InvalidRecord, TypeError, ValueError) as error:
        raise Unreadable("record", str(error)) from None
    tricks = tricks_of(record)
    hands = hands_of(record, 4)
    facts = [
        (_("Game"), _("Coiffeur")),
        (_("Contract"), contract_text(contract)),
        (_("Leads the first trick (the chooser, C3.6)"), str(leader)),
    ]
    deal = ModesDeal(
        modes=contract.modes(options),
        points=contract.points(options),
        players=4,
        first_leader=leader,
        relabel=relabel_for(contract),
        deck_rule="C9",
        winner_rule="S4.6",
    )
    seat_hands = {seat.number: cards for seat, cards in hands.items()} if hands else None

    def score(replayed: ModeReplay) -> tuple[list[str], list[str]]:
        # The engine writes the cell: the chooser's team, on a one-row grid of factor 1 (C6).
        lone = {
            "game": "coiffeur",
            "options": {
                **({} if not isinstance(options_raw, Mapping) else dict(options_raw)),
                "grid": [_row_for(contract)],
            },
            "forehand": leader,
            "chooser": leader,
            "row": 1,
            "contract": contract.to_json(),
            "tricks": [[str(card) for card in trick] for trick in tricks],
        }
        if seat_hands:
            lone["hands"] = {str(seat): [str(c) for c in held] for seat, held in seat_hands.items()}
        answer = cast(dict[str, Any], rules_engine.score_deal(lone))
        if not answer.get("valid"):
            return [reason_text(e) for e in answer.get("errors", [])], [
                e.get("rule") for e in answer["errors"]
            ]
        team = 1 if leader % 2 == 1 else 2
        points = answer["trick_points"]
        lines = [_("Trick points: team 1 %(a)s, team 2 %(b)s.", a=points[0], b=points[1])]
        rules = ["C6.1"]
        if contract.is_misere:
            rules.append("C6.3")
            lines.append(
                _(
                    "A Misère writes the opponents' points: team %(team)s writes %(written)s times the row's factor.",
                    team=team,
                    written=answer["written"],
                )
            )
        else:
            lines.append(
                _(
                    "Team %(team)s writes %(written)s times the row's factor.",
                    team=team,
                    written=answer["written"],
                )
            )
        if answer.get("match"):
            rules.append("C6.2")
            lines.append(_("A Match: the written value is the Match value."))
        if answer.get("konter"):
            rules.append("C6.4")
            lines.append(_("A Konter-Match (C6.4)."))
        return lines, rules

    return replay_modes_ruling(deal, tricks, seat_hands, facts, "coiffeur", score)


def contract_text(contract: CoiffeurContract) -> str:
    """The contract as the desk names it: its type, and its trump, start or mode."""
    name = type_label(contract.type, "swiss")
    if contract.type == "suit" or contract.type in MODES:
        return schieber.contract_label(str(contract.to_json()))
    if contract.type == "3x3":
        order = " – ".join(contract.order or ())
        return f"{name} ({schieber.contract_label(str(contract.trump))}: {order})"
    if contract.type == "misere":
        detail = schieber.contract_label(str(contract.mode)) if contract.mode != "slalom" else name
        if contract.start:
            detail = f"{type_label('slalom', 'swiss')}, {schieber.contract_label(contract.start)}"
        return f"{name} ({detail})"
    return f"{name} ({schieber.contract_label(str(contract.start))})"


@dataclass(frozen=True, slots=True)
class CoiffeurDesk:
    """Coiffeur's answers to the dispute desk (:class:`scorer.games.disputes.DisputesPart`)."""

    title: str = "Coiffeur"
    contracts: tuple[str, ...] = CONTRACTS
    deck: tuple[Card, ...] = SCHIEBER_DECK
    trick_rule: str = "S4.6"
    tables: tuple[int, ...] = (4,)
    bella: bool = False
    declarer: bool = False
    contract_key: str = "contract"

    @property
    def form_fields(self) -> FormFields:
        return {}

    def deck_error(self, word: str) -> str:
        return schieber.DESK.deck_error(word)

    def contract_label(self, key: str) -> str:
        return label(key)

    def table_size(self, players: int | None) -> int:
        return 4

    def players_fact(self, players: int) -> list[tuple[str, str]]:
        return []

    def ranking(self, contract: str, profile: str) -> Ranking:
        return Contract.parse(split(contract)[1]).ranking(schieber_options("seed", OPTIONS))

    def full_trick(self, players: int, count: int) -> str:
        return schieber.DESK.full_trick(players, count)

    def position(self, contract: str, profile: str, players: int) -> dict[str, Any]:
        return position(contract)

    def why_allowed(
        self, contract: str, hand: Sequence[str], trick: Sequence[str], card: str
    ) -> tuple[str, str]:
        kind, mode = split(contract)
        rule, why = schieber.why_allowed(mode, hand, trick, card)
        if kind == "misere" and mode in SUITS and rule == "S4.4" and trick:
            # C5.4: in a trump Misère a player without the led suit may undertrump.
            played, led = Card.parse(card), Card.parse(trick[0]).suit
            if played.suit is Suit(mode) and not any(Card.parse(c).suit is led for c in hand):
                return "C5.4", _(
                    "%(card)s: in a Misère with trump a hand without the suit led may undertrump.", card=card
                )
        if kind in ("slalom", "guschti", "misere") and rule == "S4.2":
            rule = PLAY_RULES[kind]  # the extra contract's trick plays as its mode (C5.1, C5.2, C5.4)
        return rule, why

    def trick_table(self, count: int, players: int | None) -> int:
        return schieber.DESK.trick_table(count, players)

    def claims(
        self, contract: str, claims: Mapping[int, Sequence[Sequence[str]]], question: ClaimsQuestion
    ) -> Ruling:
        ruling = Ruling("weis", _("No Weis counts in Coiffeur."), False, facts=[(_("Game"), _("Coiffeur"))])
        ruling.cite("C1.3")
        ruling.lines.append(_("Coiffeur is played without Weis and without Stöck."))
        ruling.data = {"claims": [], "steps": [], "award": _("Scored: nothing")}
        return ruling

    def count(self, contract: str, points: int, profile: str, jappa_total: bool, players: int) -> Ruling:
        return count_ruling(contract, points)

    def replay(self, record: Mapping[str, Any]) -> Ruling:
        return replay_ruling(record)

    def replay_fields(self, form: ReplayForm, players: int) -> dict[str, Any]:
        return {"contract": form.contract.data}


DESK = CoiffeurDesk()
