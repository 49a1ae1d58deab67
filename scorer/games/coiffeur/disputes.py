"""Coiffeur at the dispute desk: a card of a Slalom, Guschti, 3×3 or Misère trick (C5), and
whether a count is possible (C4.3, C5.6, C6.3). A desk contract names the trick's mode."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask_babel import gettext as _

from rules_engine.cards import SCHIEBER_DECK, Card
from rules_engine.schieber import play as splay
from rules_engine.schieber.contracts import DEAL_TOTAL, Contract, schieber_options
from rules_engine.tricks import Ranking
from scorer.disputes.ruling import Ruling, Unreadable, codes
from scorer.games.coiffeur.deal import contract_label as type_label
from scorer.games.disputes import ClaimsQuestion
from scorer.games.schieber import disputes as schieber
from scorer.web.views import reason_text

if TYPE_CHECKING:
    from scorer.disputes.forms import ReplayForm

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
)
#: The rule each extra contract's play follows.
PLAY_RULES = {"slalom": "C5.1", "guschti": "C5.2", "3x3": "C5.3", "misere": "C5.4"}
#: C4.2: Coiffeur's Undenufe counts the 6 as 11 (Schieber's ``six11``).
OPTIONS = {"undenufe_points": "six11"}


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
        return {"contract": {"type": "misere", "mode": mode}}
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
        raise Unreadable(
            "contract", _("The desk replays Schieber and Klammern deals; enter a Coiffeur deal in a match.")
        )

    def replay_fields(self, form: ReplayForm, players: int) -> dict[str, Any]:
        return {"contract": form.contract.data}


DESK = CoiffeurDesk()
