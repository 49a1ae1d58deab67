"""Schieber at the dispute desk: its contracts, its reasons a card is allowed, Weis (S6),
counts (S5) and replays (S4, S8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import SelectField

import rules_engine
from rules_engine.cards import Card, Rank, Suit
from rules_engine.errors import InvalidRecord, RuleBroken
from rules_engine.schieber import play as splay
from rules_engine.schieber import weis as sweis
from rules_engine.schieber.contracts import (
    CONTRACT_KEYS,
    DEAL_TOTAL,
    MATCH_BONUS,
    SCHIEBER_DECK,
    Contract,
    schieber_options,
)
from rules_engine.seats import Seat
from rules_engine.tricks import Ranking
from scorer.games.disputes import ClaimsQuestion, FormFields, ReplayForm
from scorer.games.replay import wrong_card_ruling
from scorer.games.ruling import (
    Ruling,
    Unreadable,
    cards,
    codes,
    comparison_table,
    hands_of,
    step_name,
    tricks_of,
)
from scorer.web import display, i18n
from scorer.web.forms import choices
from scorer.web.reasons import reason_text

CONTRACTS = CONTRACT_KEYS


def _check_contract(key: str) -> None:
    if key not in CONTRACTS:
        raise Unreadable("contract", _("Choose the contract."))


def contract_label(key: str) -> str:
    deck = "swiss"
    if key in ("obenabe", "undenufe"):
        return display.contract_name(key, deck)
    return _("Trump %(suit)s", suit=display.suit_name(key, deck))


def _ranking(key: str, profile: str = "seed") -> Ranking:
    return Contract.parse(key).ranking(schieber_options(profile))


def why_allowed(contract: str, hand: Sequence[str], trick: Sequence[str], card: str) -> tuple[str, str]:
    """The rule that lets ``card`` be played (S4), and the sentence that says so."""
    played = Card.parse(card)
    held = cards(hand)
    if not trick:
        return "S4.1", _("%(card)s leads the trick: any card may be led.", card=card)
    led = Card.parse(trick[0]).suit
    trump: Suit | None = Suit(contract) if len(contract) == 1 else None
    if trump is None:
        if played.suit is led:
            return "S4.2", _("%(card)s follows the suit led.", card=card)
        return "S4.2", _("%(card)s: the hand cannot follow suit, so any card may be played.", card=card)
    if led is trump:
        if played.suit is trump:
            return "S4.5", _("%(card)s follows trump.", card=card)
        trumps = [c for c in held if c.suit is trump]
        if trumps and all(c.rank is Rank.JACK for c in trumps):
            return "S4.5", _(
                "%(card)s: the only trump in the hand is the Under (Buur), which may be held back.", card=card
            )
        return "S4.5", _("%(card)s: the hand holds no trump, so any card may be played.", card=card)
    if played.suit is led:
        return "S4.3", _("%(card)s follows the suit led (following suit is always allowed).", card=card)
    if played.suit is trump:
        trick_trumps = [c for c in cards(trick) if c.suit is trump]
        if trick_trumps:
            ranking = _ranking(contract)
            highest = max(trick_trumps, key=ranking.power)
            if ranking.power(played) < ranking.power(highest):
                return "S4.4", _(
                    "%(card)s is lower than %(highest)s, but the hand holds nothing but trumps, so "
                    "undertrumping is allowed.",
                    card=card,
                    highest=str(highest),
                )
            return "S4.4", _(
                "%(card)s is higher than the highest trump in the trick (%(highest)s).",
                card=card,
                highest=str(highest),
            )
        return "S4.3", _(
            "%(card)s is a trump: a trump may be played even when the hand could follow suit.", card=card
        )
    return "S4.3", _(
        "%(card)s: the hand cannot follow suit, so any card may be played (there is no duty to trump).",
        card=card,
    )


# --------------------------------------------------------------------------- whose Weis counts?


def weis_ruling(
    contract: str, claims: Mapping[int, Sequence[Sequence[str]]], forehand: int = 1, profile: str = "seed"
) -> Ruling:
    """Schieber: check each player's Weis, compare the best of each team by S6.5, award."""
    _check_contract(contract)
    options = schieber_options(profile)
    the_contract = Contract.parse(contract)
    factor = the_contract.factor(options)
    fore = Seat(forehand)
    checked: list[dict[str, Any]] = []
    declared: dict[Seat, list[sweis.Weis]] = {}
    holder: dict[str, int] = {}
    ruling = Ruling(
        "weis",
        "",
        None,
        facts=[
            (_("Contract"), contract_label(contract)),
            (_("Forehand"), str(forehand)),
            (_("Rules profile"), profile),
        ],
    )
    problems = 0
    for number in sorted(claims):
        seat = Seat(number)
        for group in claims[number]:
            entry: dict[str, Any] = {
                "seat": number,
                "cards": list(group),
                "ok": True,
                "points": 0,
                "rule": "S6.1",
                "text": "",
            }
            clash = [c for c in group if holder.get(c, number) != number]
            try:
                weis = sweis.read_weis(cards(group), options)
            except RuleBroken as broken:
                claim_reason = broken.reasons[0].to_json()
                entry.update(ok=False, rule=claim_reason["rule"], text=reason_text(claim_reason))
                ruling.cite(claim_reason["rule"])
                problems += 1
            else:
                if clash:
                    entry.update(
                        ok=False,
                        rule="S8",
                        text=_(
                            "%(cards)s is also claimed by seat %(seat)s: one card, two hands.",
                            cards=" ".join(clash),
                            seat=holder[clash[0]],
                        ),
                    )
                    ruling.cite("S8")
                    problems += 1
                else:
                    declared.setdefault(seat, []).append(weis)
                    entry.update(
                        points=weis.points,
                        rule="S6.2" if weis.kind is sweis.WeisKind.FOUR else "S6.1",
                        text=_("%(kind)s worth %(points)s", kind=_weis_kind(weis), points=weis.points),
                    )
            for code in group:
                holder.setdefault(code, number)
            checked.append(entry)
    for seat, items in declared.items():
        for reason in sweis.check_declaration(seat, items, options):
            as_json = reason.to_json()
            checked.append(
                {
                    "seat": seat.number,
                    "cards": [],
                    "ok": False,
                    "points": 0,
                    "rule": as_json["rule"],
                    "text": reason_text(as_json),
                }
            )
            ruling.cite(as_json["rule"])
            problems += 1
    award = sweis.award_weis(declared, the_contract, options, fore)
    ruling.cite("S6.5")
    steps: list[dict[str, Any]] = []
    columns = ("", "")
    if award.comparison is not None:
        steps = [_step_row(step, contract) for step in award.comparison.steps]
        columns = (
            _(
                "Team 1: %(cards)s (seat %(seat)s)",
                cards=str(award.comparison.first.weis),
                seat=award.comparison.first.seat.number,
            ),
            _(
                "Team 2: %(cards)s (seat %(seat)s)",
                cards=str(award.comparison.second.weis),
                seat=award.comparison.second.seat.number,
            ),
        )
    if award.winner is None:
        ruling.verdict = _("No valid Weis: neither team scores Weis.")
        ruling.ok = problems == 0 if problems else None
    else:
        raw = award.points[award.winner - 1]
        ruling.verdict = _(
            "Team %(team)s scores the Weis: %(raw)s × %(factor)s = %(points)s.",
            team=award.winner,
            raw=raw,
            factor=factor,
            points=raw * factor,
        )
        ruling.ok = None
        assert award.best is not None
        ruling.lines.append(
            _(
                "The best Weis is %(cards)s of seat %(seat)s (team %(team)s).",
                cards=str(award.best.weis),
                seat=award.best.seat.number,
                team=award.winner,
            )
        )
        if award.comparison is not None:
            deciding = award.comparison.deciding
            ruling.lines.append(
                _(
                    "Decided at step %(step)s (%(name)s) of S6.5.",
                    step=deciding.step,
                    name=step_name(deciding.name),
                )
            )
        else:
            ruling.lines.append(_("Only team %(team)s declared a valid Weis.", team=award.winner))
        ruling.lines.append(
            _(
                "Team %(team)s scores every valid Weis of both its players; the other team scores none.",
                team=award.winner,
            )
        )
        ruling.cite("S6.7")
    if contract == "undenufe":
        ruling.lines.append(
            _(
                "Undenufe reverses the rank step: the lower top card wins (6-7-8 is the best three-card "
                "run, four Könige beat four Asses)."
            )
        )
    if problems:
        ruling.lines.append(
            _("Claims that are not valid Weis score nothing and make the deal record invalid (S8).")
        )
        ruling.cite("S8")
    ranked = sorted(
        (
            (d, sweis.weis_key(sweis.Declared(s, w), the_contract, options, fore))
            for s, items in declared.items()
            for w in items
            for d in [(s, w)]
        ),
        key=lambda pair: pair[1],
        reverse=True,
    )
    ruling.data = {
        "claims": checked,
        "steps": steps,
        "winner": award.winner,
        "columns": columns,
        "points": list(award.points),
        "factor": factor,
        "scored": [p * factor for p in award.points],
        "order": [{"seat": s.number, "cards": str(w), "points": w.points} for (s, w), _key in ranked],
        "undenufe": contract == "undenufe",
        "comparison": comparison_table(steps, columns),
    }
    return ruling


def _weis_kind(weis: sweis.Weis) -> str:
    if weis.kind is sweis.WeisKind.FOUR:
        return _("four of a kind")
    return _("a run of %(count)s", count=weis.length)


def _step_row(step: sweis.ComparisonStep, contract: str) -> dict[str, Any]:
    explanations = {
        "points": _("the higher value wins"),
        "cards": _("at equal points the Weis with more cards wins"),
        "rank": (
            _("Undenufe: the lower top card wins")
            if contract == "undenufe"
            else _("the higher top card wins")
        ),
        "trump": _("a run in the trump suit beats an equal run in another suit"),
        "play_order": _("the player who plays earlier in the first trick wins"),
    }
    first, second = step.first, step.second
    shown_first, shown_second = str(first), str(second)
    if step.name == "rank":
        # The top cards' ranks as players name them (Ober, König), not their letters (Q, K).
        order = "6789TJQKA"
        shown_first = i18n.native_digits(display.rank_name(order[abs(first)], "swiss"))
        shown_second = i18n.native_digits(display.rank_name(order[abs(second)], "swiss"))
    elif step.name == "play_order":
        shown_first = _("%(n)s. to play", n=1 - first)
        shown_second = _("%(n)s. to play", n=1 - second)
    elif step.name == "cards" and max(first, second) >= 100:
        # weis_equal_points: quartet_first puts a four of a kind (marked +100) before any run.
        shown_first = _("four of a kind") if first >= 100 else str(first)
        shown_second = _("four of a kind") if second >= 100 else str(second)
    elif step.name == "trump":
        shown_first = _("yes") if first else _("no")
        shown_second = _("yes") if second else _("no")
    return {
        "step": step.step,
        "name": step_name(step.name),
        "explanation": explanations.get(step.name, ""),
        "first": shown_first,
        "second": shown_second,
        "winner": step.winner,
    }


# --------------------------------------------------------------------------- is this count possible?


def count_ruling(contract: str, points: int, profile: str) -> Ruling:
    _check_contract(contract)
    options = schieber_options(profile)
    the_contract = Contract.parse(contract)
    facts = [
        (_("Game"), "Schieber"),
        (_("Contract"), contract_label(contract)),
        (_("Rules profile"), profile),
        (_("One team's trick points"), str(points)),
    ]
    if points == DEAL_TOTAL + MATCH_BONUS:
        ruling = Ruling(
            "count", _("%(points)s is possible only as a Match.", points=points), True, facts=facts
        )
        ruling.cite("S5.5")
        ruling.lines.append(
            _(
                "A team that takes all nine tricks has 157 and adds the Match bonus of 100; the other "
                "team has 0."
            )
        )
        ruling.data = {"example": codes(SCHIEBER_DECK), "last_trick": True, "other": 0, "tricks": 9}
        return ruling
    reasons = splay.check_trick_points(the_contract, options, points, False)
    if reasons:
        reason = reasons[0].to_json()
        ruling = Ruling("count", _("%(points)s is impossible.", points=points), False, facts=facts)
        ruling.cite(reason["rule"])
        ruling.lines.append(reason_text(reason))
        impossible = splay.impossible_trick_totals(the_contract, options)
        ruling.lines.append(
            _(
                "In %(contract)s the totals no set of tricks can make are: %(totals)s.",
                contract=contract_label(contract),
                totals=", ".join(map(str, impossible)),
            )
        )
        if 0 <= points <= DEAL_TOTAL:
            ruling.lines.append(
                _(
                    "Every card set of one team is worth whole card values: the other team's %(other)s "
                    "cannot be taken by any set of its tricks either.",
                    other=DEAL_TOTAL - points,
                )
            )
        ruling.data = {"example": None, "other": DEAL_TOTAL - points}
        return ruling
    cards = splay.example_take(the_contract, options, points)
    assert cards is not None
    table = splay.card_points_table(the_contract, options)
    card_sum = sum(table[c] for c in cards)
    last = card_sum != points
    ruling = Ruling("count", _("%(points)s is possible.", points=points), True, facts=facts)
    ruling.cite("S5.4")
    ruling.cite("S8")
    ruling.lines.append(
        _(
            "For example %(tricks)s tricks with these %(count)s cards, worth %(sum)s:",
            tricks=len(cards) // 4,
            count=len(cards),
            sum=card_sum,
        )
    )
    if last:
        ruling.lines.append(
            _("plus the last trick's %(bonus)s = %(points)s.", bonus=points - card_sum, points=points)
        )
    ruling.lines.append(_("The other team has %(other)s.", other=DEAL_TOTAL - points))
    if points == DEAL_TOTAL:
        ruling.lines.append(_("157 : 0 without a Match: the other team took tricks worth nothing."))
    ruling.data = {
        "example": codes(cards),
        "last_trick": last,
        "other": DEAL_TOTAL - points,
        "tricks": len(cards) // 4,
        "card_sum": card_sum,
    }
    return ruling


# --------------------------------------------------------------------------- replay a deal


def replay_ruling(record: Mapping[str, Any]) -> Ruling:
    contract_key = str(record.get("contract", ""))
    _check_contract(contract_key)
    try:
        options = schieber_options(record.get("profile"), record.get("options"))
        forehand = Seat.parse(record.get("forehand", 1))
    except InvalidRecord as error:
        raise Unreadable("record", str(error)) from None
    contract = Contract.parse(contract_key)
    tricks = tricks_of(record)
    for number, trick in enumerate(tricks, start=1):
        if len(trick) != 4:
            raise Unreadable(
                "tricks", _("Trick %(n)s has %(count)s cards; every trick has 4.", n=number, count=len(trick))
            )
    if len(tricks) > 9:
        raise Unreadable("tricks", _("A deal has nine tricks, not %(count)s.", count=len(tricks)))
    hands = hands_of(record, 4)
    try:
        replayed = splay.replay(contract, options, forehand, tricks, hands, partial=True)
    except InvalidRecord as error:
        raise Unreadable("tricks", str(error)) from None
    wrong: dict[tuple[int, int], Mapping[str, Any]] = {}
    other_errors: list[Mapping[str, Any]] = []
    for reason in replayed.reasons:
        as_json = cast(dict[str, Any], reason.to_json())
        fld = reason.field or ""
        if fld.startswith("tricks["):
            t, i = (int(x) for x in fld[len("tricks[") : -1].split("]["))
            wrong.setdefault((t, i), as_json)
        else:
            other_errors.append(as_json)
    ranking = contract.ranking(options)
    rows: list[dict[str, Any]] = []
    for t, trick in enumerate(tricks):
        leader = replayed.leaders[t].number
        cells = []
        for i, card in enumerate(trick):
            cell_reason = wrong.get((t, i))
            cells.append(
                {
                    "card": str(card),
                    "seat": (leader - 1 + i) % 4 + 1,
                    "ok": cell_reason is None,
                    "reason": cell_reason,
                    "wins": replayed.winners[t].number == (leader - 1 + i) % 4 + 1,
                }
            )
        rows.append(
            {
                "n": t + 1,
                "leader": leader,
                "winner": replayed.winners[t].number,
                "points": replayed.points_per_trick[t],
                "cards": cells,
            }
        )
    facts = [
        (_("Game"), "Schieber"),
        (_("Contract"), contract_label(contract_key)),
        (_("Forehand"), str(forehand.number)),
        (_("Tricks entered"), str(len(tricks))),
    ]
    first = min(wrong) if wrong else None
    score: Mapping[str, Any] | None = None
    if len(tricks) == 9:
        full = {k: v for k, v in record.items() if k != "points"}
        try:
            score = cast(dict[str, Any], rules_engine.score_deal(full))
        except InvalidRecord as problem:
            other_errors.append({"rule": None, "message": str(problem)})
    if first is not None:
        ruling = wrong_card_ruling(tricks, rows, wrong, facts)
        ruling.lines.append(_("A deal with a card played against the rules yields no score (S8)."))
        ruling.cite("S8")
    elif other_errors or (score is not None and not score.get("valid")):
        ruling = Ruling(
            "replay", _("Every card follows the rules, but the record breaks a rule."), False, facts=facts
        )
    else:
        ruling = Ruling("replay", _("Every card follows the rules."), True, facts=facts)
        ruling.cite("S4.6")
    errors = other_errors + [
        e for e in (score or {}).get("errors", []) if not str(e.get("field", "")).startswith("tricks[")
    ]
    for other in errors:
        ruling.cite(other.get("rule"))
        ruling.lines.append(reason_text(other))
    raw = list(replayed.trick_points)
    if len(tricks) < 9:
        ruling.lines.append(
            _(
                "Trick points so far: %(a)s : %(b)s (before the factor). Enter all nine tricks for the "
                "score.",
                a=raw[0],
                b=raw[1],
            )
        )
    elif score is not None and score.get("valid"):
        ruling.lines.append(
            _(
                "Score: %(a)s : %(b)s (trick points %(ta)s : %(tb)s × %(factor)s).",
                a=score["total"][0],
                b=score["total"][1],
                ta=raw[0],
                tb=raw[1],
                factor=score["factor"],
            )
        )
        ruling.cite("S5.6")
    ruling.data = {
        "rows": rows,
        "score": score,
        "raw": raw,
        "first": first,
        "game": "schieber",
        "ranking_last": ranking.last_trick,
    }
    return ruling


# --------------------------------------------------------------------------- the desk's questions


#: Schieber's own field of every desk question: the rules profile the answer follows.
FORM_FIELDS: FormFields = {
    "*": {
        "profile": SelectField(
            _l("Rules profile (Schieber)"),
            choices=choices(
                ("seed", _l("seed (the rule book)")), ("official", _l("official (Swiss regulation)"))
            ),
            default="seed",
        )
    }
}


@dataclass(frozen=True, slots=True)
class SchieberDesk:
    """Schieber's answers to the dispute desk (:class:`scorer.games.disputes.DisputesPart`)."""

    title: str = "Schieber"
    contracts: tuple[str, ...] = CONTRACTS
    deck: tuple[Card, ...] = SCHIEBER_DECK
    trick_rule: str = "S4.6"
    tables: tuple[int, ...] = (4,)
    bella: bool = False
    declarer: bool = False
    contract_key: str = "contract"

    @property
    def form_fields(self) -> FormFields:
        return FORM_FIELDS

    def deck_error(self, word: str) -> str:
        # Every card of the notation is in the Schieber deck.
        return _(
            "%(word)s is not a card: write suit + rank, e.g. HJ, S9, DT (H C D S; A K Q J T 9 8 7 6).",
            word=word,
        )

    def contract_label(self, key: str) -> str:
        return contract_label(key)

    def table_size(self, players: int | None) -> int:
        return 4

    def players_fact(self, players: int) -> list[tuple[str, str]]:
        return []

    def ranking(self, contract: str, profile: str) -> Ranking:
        return _ranking(contract, profile)

    def full_trick(self, players: int, count: int) -> str:
        return _(
            "The trick already has %(count)s cards; enter the cards played before this one.", count=count
        )

    def position(self, contract: str, profile: str, players: int) -> dict[str, Any]:
        return {"contract": contract, "profile": profile}

    def why_allowed(
        self, contract: str, hand: Sequence[str], trick: Sequence[str], card: str
    ) -> tuple[str, str]:
        return why_allowed(contract, hand, trick, card)

    def trick_table(self, count: int, players: int | None) -> int:
        if count != 4:
            raise Unreadable("cards", _("A trick has four cards, not %(count)s.", count=count))
        return 4

    def claims(
        self, contract: str, claims: Mapping[int, Sequence[Sequence[str]]], question: ClaimsQuestion
    ) -> Ruling:
        return weis_ruling(contract, claims, question.forehand, question.profile)

    def count(self, contract: str, points: int, profile: str, jappa_total: bool, players: int) -> Ruling:
        return count_ruling(contract, points, profile)

    def replay(self, record: Mapping[str, Any]) -> Ruling:
        return replay_ruling(record)

    def replay_fields(self, form: ReplayForm, players: int) -> dict[str, Any]:
        return {"contract": form.contract.data, "profile": form.profile.data or "seed"}


DESK = SchieberDesk()
