"""The dispute desk's rulings: the engine decides, this module says what it decided and why.

Each ``*_ruling`` function takes the question as plain values (card codes, contract keys,
seat numbers), asks the rules engine, and returns a :class:`Ruling` view-model: a verdict,
the rule ids that decide it, translated explanation lines and the structured data the
screen draws. The same view-model feeds the HTML page, the one-page PDF and the tests.

Input the engine cannot read (an unknown card, a trick that is already full) raises
:class:`Unreadable` with the form field it concerns; a rule break is a ruling, never an
exception. Functions need an app context (translations).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

import rules_engine
from rules_engine.cards import NATURAL_INDEX, SCHIEBER_DECK, Card, Rank, Suit, format_cards
from rules_engine.errors import InvalidRecord, RuleBroken
from rules_engine.klammern import contracts as kc
from rules_engine.klammern import melds as km
from rules_engine.klammern import play as kplay
from rules_engine.schieber import play as splay
from rules_engine.schieber import weis as sweis
from rules_engine.schieber.contracts import DEAL_TOTAL, MATCH_BONUS, Contract, schieber_options
from rules_engine.seats import Seat, side_count
from rules_engine.tricks import Ranking
from scorer.web import display, i18n
from scorer.web.views import reason_text

SCHIEBER_CONTRACTS = ("H", "D", "S", "C", "obenabe", "undenufe")
KLAMMERN_TRUMPS = ("C", "S", "H", "D")
#: K1.1: four in two teams, or two or three each alone (K1.4).
KLAMMERN_PLAYERS = (2, 3, 4)


class Unreadable(ValueError):
    """The question cannot be asked as entered; ``field`` is the form field to mark."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(slots=True)
class Ruling:
    """What the desk rules, ready to draw, print and test."""

    screen: str
    verdict: str
    #: True: allowed / possible / valid; False: not; None: a plain answer (who takes it).
    ok: bool | None
    #: Rule ids cited, the deciding one first.
    rules: list[str] = field(default_factory=list)
    #: The question as asked: (label, value) pairs.
    facts: list[tuple[str, str]] = field(default_factory=list)
    #: The reasoning, one sentence a line.
    lines: list[str] = field(default_factory=list)
    #: Anything else the screen draws (tables of claims, tricks, comparison steps).
    data: dict[str, Any] = field(default_factory=dict)

    def cite(self, rule: str | None) -> None:
        if rule and rule not in self.rules:
            self.rules.append(rule)


# --------------------------------------------------------------------------- helpers


def contract_label(game: str, key: str) -> str:
    from scorer.web import display

    if game == "klammern":
        return _("Trump %(suit)s", suit=display.suit_name(key, "french"))
    deck = "swiss"
    if key in ("obenabe", "undenufe"):
        return display.contract_name(key, deck)
    return _("Trump %(suit)s", suit=display.suit_name(key, deck))


def _check_contract(game: str, key: str) -> None:
    allowed = SCHIEBER_CONTRACTS if game == "schieber" else KLAMMERN_TRUMPS
    if key not in allowed:
        raise Unreadable("contract", _("Choose the contract."))


def table_size(game: str, players: int | None) -> int:
    """The players at the table: Schieber four, Klammern 2, 3 or 4 (K1.1).

    :raises Unreadable: a Klammern table of another size (on the ``players`` field).
    """
    if game != "klammern" or players is None:
        return 4
    if players not in KLAMMERN_PLAYERS:
        raise Unreadable(
            "players", _("Klammern is played by 2, 3 or 4 players, not %(players)s (K1.1).", players=players)
        )
    return players


def check_seat(field_name: str, seat: int, players: int) -> None:
    """:raises Unreadable: ``seat`` (entered in ``field_name``) has no player at this table."""
    if not 1 <= seat <= players:
        raise Unreadable(
            field_name,
            _("Seat %(seat)s does not play at a table of %(players)s players.", seat=seat, players=players),
        )


def _players_fact(game: str, players: int) -> list[tuple[str, str]]:
    return [(_("Players"), str(players))] if game == "klammern" else []


def _ranking(game: str, key: str, profile: str = "seed", jappa_total: bool = False) -> Ranking:
    if game == "klammern":
        return kc.ranking(Suit(key), jappa_total)
    return Contract.parse(key).ranking(schieber_options(profile))


def _cards(codes: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def _codes(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


# --------------------------------------------------------------------------- 1. was that card allowed?


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
    ``players`` (Klammern: 2, 3 or 4) says when the trick is complete.
    """
    _check_contract(game, contract)
    players = table_size(game, players)
    if not card:
        raise Unreadable("card", _("Enter the card that was played."))
    if card in trick:
        raise Unreadable("card", _("%(card)s is already in the trick.", card=card))
    full_hand = list(hand) if card in hand else [card, *hand]
    if len(trick) >= players:
        if game == "schieber":
            raise Unreadable(
                "trick",
                _(
                    "The trick already has %(count)s cards; enter the cards played before this one.",
                    count=len(trick),
                ),
            )
        raise Unreadable(
            "trick",
            _(
                "With %(players)s players a trick holds %(players)s cards, and %(count)s are "
                "entered: enter only the cards played before this one.",
                players=players,
                count=len(trick),
            ),
        )
    position: dict[str, Any] = {"game": game, "hand": full_hand, "trick": list(trick)}
    if game == "schieber":
        position.update(contract=contract, profile=profile)
    else:
        position.update(trump=contract, players=players)
    try:
        answer = rules_engine.legal_cards(position)
    except InvalidRecord as error:
        raise Unreadable("hand", str(error)) from None
    if answer.get("valid") is False:
        raise Unreadable("hand", "; ".join(reason_text(e) for e in answer.get("errors", [])))
    legal: list[str] = list(answer["legal"])
    illegal: Mapping[str, Any] = answer["illegal"]
    facts = [
        (_("Game"), game.capitalize()),
        *_players_fact(game, players),
        (_("Contract"), contract_label(game, contract)),
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
        rule, why = _why_allowed(game, contract, full_hand, trick, card)
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


def _why_allowed(
    game: str, contract: str, hand: Sequence[str], trick: Sequence[str], card: str
) -> tuple[str, str]:
    """The rule that lets ``card`` be played, and the sentence that says so."""
    played = Card.parse(card)
    held = _cards(hand)
    if not trick:
        return ("S4.1" if game == "schieber" else "K4.1"), _(
            "%(card)s leads the trick: any card may be led.", card=card
        )
    led = Card.parse(trick[0]).suit
    trump: Suit | None = Suit(contract) if len(contract) == 1 else None
    if game == "klammern":
        assert trump is not None
        if played.suit is led:
            return "K4.2", _("%(card)s follows the suit led.", card=card)
        if played.suit is trump:
            return "K4.3", _(
                "%(card)s: the hand cannot follow suit, so it trumps (over the highest trump if it can).",
                card=card,
            )
        return "K4.3", _(
            "%(card)s: the hand holds neither the suit led nor a trump, so any card may be played.", card=card
        )
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
        trick_trumps = [c for c in _cards(trick) if c.suit is trump]
        if trick_trumps:
            ranking = _ranking("schieber", contract)
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


# --------------------------------------------------------------------------- 2. who takes this trick?


def trick_ruling(
    game: str,
    contract: str,
    cards: Sequence[str],
    leader: int | None = None,
    profile: str = "seed",
    players: int | None = None,
) -> Ruling:
    """Who takes the trick ``cards`` (in the order played), and why (S4.6, K4.4).

    ``players``: Klammern's table (2, 3 or 4, K1.1); None takes one player per card.
    """
    _check_contract(game, contract)
    count = len(cards)
    if game == "schieber" and count != 4:
        raise Unreadable("cards", _("A trick has four cards, not %(count)s.", count=count))
    if game == "klammern" and players is None and not 2 <= count <= 4:
        raise Unreadable(
            "cards", _("A trick has two to four cards (one per player), not %(count)s.", count=count)
        )
    players = table_size(game, count if players is None else players)
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
    ranking = _ranking(game, contract, profile)
    played = _cards(cards)
    index = ranking.winner_index(played)
    winner = played[index]
    led = played[0].suit
    rule = "S4.6" if game == "schieber" else "K4.4"
    trumps = [c for c in played if ranking.is_trump(c)]
    seat = ((leader - 1 + index) % players + 1) if leader else None
    facts = [
        (_("Game"), game.capitalize()),
        *_players_fact(game, players),
        (_("Contract"), contract_label(game, contract)),
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
    ruling.cite(rule)
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
    rows = []
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


# --------------------------------------------------------------------------- 3. whose Weis / melds count?


def weis_ruling(
    contract: str, claims: Mapping[int, Sequence[Sequence[str]]], forehand: int = 1, profile: str = "seed"
) -> Ruling:
    """Schieber: check each player's Weis, compare the best of each team by S6.5, award."""
    _check_contract("schieber", contract)
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
            (_("Contract"), contract_label("schieber", contract)),
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
                weis = sweis.read_weis(_cards(group), options)
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
    }
    return ruling


def _weis_kind(weis: sweis.Weis) -> str:
    if weis.kind is sweis.WeisKind.FOUR:
        return _("four of a kind")
    return _("a run of %(count)s", count=weis.length)


def step_name(name: str) -> str:
    names = {
        "points": _("points"),
        "cards": _("number of cards"),
        "rank": _("rank of the top card"),
        "trump": _("trump"),
        "play_order": _("play order"),
        "fifty": _("Fifty or Terz"),
        "top": _("top card"),
        "first_declared": _("first declared"),
        "suit_rank": _("suit rank"),
    }
    return names.get(name, name)


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


def melds_ruling(
    trump: str,
    claims: Mapping[int, Sequence[Sequence[str]]],
    forehand: int = 1,
    tiebreak: str = "first_declared",
    players: int = 4,
    bella: int | None = None,
) -> Ruling:
    """Klammern: check each meld (K5.1), compare by K5.2, award by K5.3; Bella by K5.5.

    Four players score as two teams; two or three players each alone, and only the
    player with the best meld scores (K1.4). ``bella``: the seat that announced Bella.

    :raises Unreadable: a claim or the forehand at a seat the table does not have.
    """
    _check_contract("klammern", trump)
    players = table_size("klammern", players)
    check_seat("forehand", forehand, players)
    for number, groups in claims.items():
        if groups:
            check_seat(f"seat_{number}", number, players)
    if bella is not None:
        check_seat("bella", bella, players)
    teams = players == 4
    trump_suit = Suit(trump)
    fore = Seat(forehand, players)
    declared = {Seat(n, players): [_cards(g) for g in groups] for n, groups in claims.items() if groups}
    melds, errors = km.check_melds(declared)
    ruling = Ruling(
        "weis",
        "",
        None,
        facts=[
            (_("Players"), str(players)),
            (_("Trump"), contract_label("klammern", trump)),
            (_("Forehand"), str(forehand)),
            (
                _("Equal melds"),
                _("first declared wins") if tiebreak == "first_declared" else _("higher suit wins"),
            ),
        ],
    )
    checked: list[dict[str, Any]] = []
    for meld in melds:
        checked.append(
            {
                "seat": meld.seat.number,
                "cards": _codes(meld.cards),
                "ok": True,
                "points": meld.points,
                "rule": "K5.1",
                "text": _("%(kind)s worth %(points)s", kind=meld.name, points=meld.points),
            }
        )
    for reason in errors:
        as_json = reason.to_json()
        params = as_json.get("params") or {}
        checked.append(
            {
                "seat": params.get("seat") or params.get("second"),
                "cards": str(params.get("cards", "")).split(),
                "ok": False,
                "points": 0,
                "rule": as_json["rule"],
                "text": reason_text(as_json),
            }
        )
        ruling.cite(as_json["rule"])
    bad_seats = {e["seat"] for e in checked if not e["ok"]}
    valid = [m for m in melds if not errors or m.seat.number not in bad_seats]
    score = km.score_melds(valid, side_count(players), trump_suit, fore, tiebreak)
    if not teams:
        ruling.cite("K1.4")
    ruling.cite("K5.2")
    ruling.cite("K5.3")
    steps: list[dict[str, Any]] = []
    columns = ("", "")
    if score.winner is None:
        ruling.verdict = (
            _("No valid meld: neither team scores melds.")
            if teams
            else _("No valid meld: nobody scores melds.")
        )
    else:
        assert score.best is not None
        points = score.points[score.winner - 1]
        best = format_cards(score.best.cards)
        if teams:
            ruling.verdict = _(
                "Team %(team)s scores the melds: %(points)s.", team=score.winner, points=points
            )
            ruling.lines.append(
                _(
                    "The best meld is %(cards)s of seat %(seat)s (team %(team)s).",
                    cards=best,
                    seat=score.best.seat.number,
                    team=score.winner,
                )
            )
        else:
            ruling.verdict = _(
                "Seat %(seat)s scores the melds: %(points)s.", seat=score.winner, points=points
            )
            ruling.lines.append(
                _("The best meld is %(cards)s of seat %(seat)s.", cards=best, seat=score.best.seat.number)
            )
        others = [m for m in valid if m.seat.side != score.winner]
        if others:
            rival = max(others, key=lambda m: km.meld_key(m, trump_suit, fore, tiebreak))
            steps = _meld_steps(score.best, rival, trump_suit, fore, tiebreak)
            columns = (
                _("Best: %(cards)s (seat %(seat)s)", cards=best, seat=score.best.seat.number),
                (
                    _(
                        "Other team's best: %(cards)s (seat %(seat)s)",
                        cards=format_cards(rival.cards),
                        seat=rival.seat.number,
                    )
                    if teams
                    else _(
                        "Other players' best: %(cards)s (seat %(seat)s)",
                        cards=format_cards(rival.cards),
                        seat=rival.seat.number,
                    )
                ),
            )
            ruling.lines.append(
                _(
                    "Decided at step %(step)s (%(name)s) of K5.2.",
                    step=steps[-1]["step"],
                    name=steps[-1]["name"],
                )
            )
        elif teams:
            ruling.lines.append(_("Only team %(team)s declared a valid meld.", team=score.winner))
        else:
            ruling.lines.append(_("Only seat %(seat)s declared a valid meld.", seat=score.winner))
        ruling.lines.append(
            _(
                "That team scores 20 for each Terz and 50 for each Fifty of both partners; the other "
                "team scores no melds."
            )
            if teams
            else _(
                "Each player plays alone (K1.4): that player scores 20 for each Terz and 50 for "
                "each Fifty; the other players score no melds."
            )
        )
    if errors:
        ruling.lines.append(
            _("Claims that are not melds score nothing and make the deal record invalid (K10).")
        )
    bella_points = _bella(ruling, bella, players, trump_suit, valid)
    scored = [m + b for m, b in zip(score.points, bella_points)]
    if teams:
        award = _("Scored: team 1 %(a)s, team 2 %(b)s", a=scored[0], b=scored[1])
    else:
        each = [_("seat %(n)s: %(points)s", n=side, points=p) for side, p in enumerate(scored, start=1)]
        award = _("Scored: %(scores)s", scores=", ".join(each))
    ruling.data = {
        "claims": checked,
        "steps": steps,
        "winner": score.winner,
        "points": list(score.points),
        "columns": columns,
        "players": players,
        "award": award,
        "bella": list(bella_points),
        "factor": 1,
        "scored": scored,
        "order": [],
        "undenufe": False,
    }
    return ruling


def _bella(
    ruling: Ruling, holder: int | None, players: int, trump: Suit, melds: Sequence[km.Meld]
) -> tuple[int, ...]:
    """K5.5: 20 for the announcer's side whatever the meld comparison — unless a meld shows its trump K or Q
    in another hand."""
    sides = side_count(players)
    if holder is None:
        return (0,) * sides
    seat = Seat(holder, players)
    ruling.cite("K5.5")
    problems = km.bella_errors(seat, trump, melds, None)
    for reason in problems:
        ruling.lines.append(reason_text(reason.to_json()))
    if problems:
        ruling.ok = False
        return (0,) * sides
    if players == 4:
        ruling.lines.append(
            _(
                "Bella of seat %(seat)s: 20 for team %(team)s, whatever the meld comparison (K5.5).",
                seat=holder,
                team=seat.side,
            )
        )
    else:
        ruling.lines.append(
            _("Bella of seat %(seat)s: 20 for that player, whatever the meld comparison (K5.5).", seat=holder)
        )
    return km.bella_points(seat, sides)


def _meld_steps(
    best: km.Meld, rival: km.Meld, trump: Suit, forehand: Seat, tiebreak: str
) -> list[dict[str, Any]]:
    a = km.meld_key(best, trump, forehand, tiebreak)
    b = km.meld_key(rival, trump, forehand, tiebreak)
    names = ("fifty", "top", "trump", tiebreak)
    explanations = (
        _("a Fifty always beats a Terz"),
        _("the higher top card wins"),
        _("at equal top card the one in trumps wins"),
        _("the first declared (earlier in play order from forehand) wins")
        if tiebreak == "first_declared"
        else _("the higher suit wins: clubs, spades, hearts, diamonds"),
    )
    shown = (
        lambda m, v: m.name,
        lambda m, v: i18n.native_digits(display.rank_name(m.top.rank.value, "french")),
        lambda m, v: _("yes") if v else _("no"),
        (lambda m, v: _("%(n)s. to play", n=1 - v))
        if tiebreak == "first_declared"
        else (lambda m, v: display.suit_name(m.suit.value, "french")),
    )
    steps = []
    for index, (name, explanation, x, y, show) in enumerate(zip(names, explanations, a, b, shown), start=1):
        winner = None if x == y else (1 if x > y else 2)
        steps.append(
            {
                "step": index,
                "name": step_name(name),
                "explanation": explanation,
                "first": show(best, x),
                "second": show(rival, y),
                "winner": winner,
                "first_cards": format_cards(best.cards),
                "second_cards": format_cards(rival.cards),
            }
        )
        if winner is not None:
            break
    return steps


# --------------------------------------------------------------------------- 4. is this count possible?


def count_ruling(
    game: str, contract: str, points: int, profile: str = "seed", jappa_total: bool = False, players: int = 4
) -> Ruling:
    """Can one team (Klammern with 2-3 players: one player) take ``points`` trick (card) points under the
    contract? With an example if so."""
    if game == "schieber":
        return _schieber_count(contract, points, profile)
    return _klammern_count(
        points, jappa_total, contract if contract in KLAMMERN_TRUMPS else "H", table_size(game, players)
    )


def _schieber_count(contract: str, points: int, profile: str) -> Ruling:
    _check_contract("schieber", contract)
    options = schieber_options(profile)
    the_contract = Contract.parse(contract)
    facts = [
        (_("Game"), "Schieber"),
        (_("Contract"), contract_label("schieber", contract)),
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
        ruling.data = {"example": _codes(SCHIEBER_DECK), "last_trick": True, "other": 0, "tricks": 9}
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
                contract=contract_label("schieber", contract),
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
        "example": _codes(cards),
        "last_trick": last,
        "other": DEAL_TOTAL - points,
        "tricks": len(cards) // 4,
        "card_sum": card_sum,
    }
    return ruling


def _klammern_count(points: int, jappa_total: bool, trump: str, players: int = 4) -> Ruling:
    total = kc.deal_total(jappa_total)
    teams = players == 4
    facts = [
        (_("Game"), "Klammern"),
        (_("Players"), str(players)),
        (_("Trump"), contract_label("klammern", trump)),
        (_("Trump J"), _("20 outright (162 a deal)") if jappa_total else _("2 + 20 (164 a deal)")),
        (_("One team's card points") if teams else _("One player's card points"), str(points)),
    ]
    # K1.4: with two or three players a trick has that many cards and only 8 tricks of them are in play.
    example = kc.example_take(Suit(trump), jappa_total, points, players) if 0 <= points <= total else None
    other = total - points if teams else None
    if example is None:
        ruling = Ruling("count", _("%(points)s is impossible.", points=points), False, facts=facts)
        ruling.cite("K10")
        if not teams:
            ruling.cite("K1.4")
        if not 0 <= points <= total:
            ruling.lines.append(_("Card points are between 0 and %(total)s.", total=total))
        else:
            impossible = sorted(kc.impossible_team_totals(jappa_total, players))
            ruling.lines.append(
                _(
                    "No set of tricks is worth %(points)s: the totals no set of tricks can make are "
                    "%(totals)s.",
                    points=points,
                    totals=", ".join(map(str, impossible)),
                )
            )
        if not teams:
            ruling.lines.append(_in_play(players))
        ruling.data = {"example": None, "other": other, "players": players}
        return ruling
    take, cards = example
    ruling = Ruling("count", _("%(points)s is possible.", points=points), True, facts=facts)
    ruling.cite("K2.4")
    if not teams:
        ruling.cite("K1.4")
    ruling.lines.append(
        _(
            "For example %(tricks)s tricks with these %(count)s cards, worth %(sum)s:",
            tricks=take.tricks,
            count=len(cards),
            sum=take.card_points,
        )
    )
    if take.last_trick:
        ruling.lines.append(
            _("plus the last trick's %(bonus)s = %(points)s.", bonus=kc.LAST_TRICK_BONUS, points=points)
        )
    if teams:
        ruling.lines.append(_("The other team has %(other)s.", other=total - points))
    else:
        ruling.lines.append(_in_play(players))
    ruling.data = {
        "example": _codes(cards),
        "last_trick": take.last_trick,
        "other": other,
        "tricks": take.tricks,
        "card_sum": take.card_points,
        "players": players,
    }
    return ruling


def _in_play(players: int) -> str:
    return _(
        "With %(players)s players a trick has %(players)s cards and only %(cards)s of the 32 cards are in play "
        "(K1.4): the other players' points do not follow from this count.",
        players=players,
        cards=players * kc.TRICKS_PER_DEAL,
    )


# --------------------------------------------------------------------------- 5. replay a deal


def replay_ruling(record: Mapping[str, Any]) -> Ruling:
    """Replay a deal record with ``tricks``: every card checked in order, the first wrong card, the score.

    :raises Unreadable: the record cannot be replayed (no tricks, a wrong shape).
    """
    game = record.get("game", "schieber")
    if game == "klammern":
        return _klammern_replay(record)
    if game != "schieber":
        raise Unreadable("record", _("Unknown game %(game)s.", game=str(game)))
    return _schieber_replay(record)


def _hands_of(record: Mapping[str, Any], players: int) -> dict[Seat, tuple[Card, ...]] | None:
    raw = record.get("hands")
    if not raw:
        return None
    if not isinstance(raw, Mapping):
        raise Unreadable("hands", _("hands must give each seat's cards."))
    hands: dict[Seat, tuple[Card, ...]] = {}
    for key, codes in raw.items():
        try:
            hands[Seat.parse(key, players)] = _cards(codes)
        except (InvalidRecord, TypeError):
            raise Unreadable(
                "hands", _("hands: %(seat)s is not a seat with a list of cards.", seat=str(key))
            ) from None
    return hands


def _tricks_of(record: Mapping[str, Any]) -> list[tuple[Card, ...]]:
    raw = record.get("tricks")
    if not raw or not isinstance(raw, Sequence) or isinstance(raw, str):
        raise Unreadable("tricks", _("Enter the tricks, one per line, each card in the order played."))
    try:
        return [_cards(trick) for trick in raw]
    except (InvalidRecord, TypeError, AttributeError):
        raise Unreadable("tricks", _("The tricks must be lists of card codes.")) from None


def _schieber_replay(record: Mapping[str, Any]) -> Ruling:
    contract_key = str(record.get("contract", ""))
    _check_contract("schieber", contract_key)
    try:
        options = schieber_options(record.get("profile"), record.get("options"))
        forehand = Seat.parse(record.get("forehand", 1))
    except InvalidRecord as error:
        raise Unreadable("record", str(error)) from None
    contract = Contract.parse(contract_key)
    tricks = _tricks_of(record)
    for number, trick in enumerate(tricks, start=1):
        if len(trick) != 4:
            raise Unreadable(
                "tricks", _("Trick %(n)s has %(count)s cards; every trick has 4.", n=number, count=len(trick))
            )
    if len(tricks) > 9:
        raise Unreadable("tricks", _("A deal has nine tricks, not %(count)s.", count=len(tricks)))
    hands = _hands_of(record, 4)
    try:
        replayed = splay.replay(contract, options, forehand, tricks, hands, partial=True)
    except InvalidRecord as error:
        raise Unreadable("tricks", str(error)) from None
    wrong: dict[tuple[int, int], dict[str, Any]] = {}
    other_errors: list[dict[str, Any]] = []
    for reason in replayed.reasons:
        as_json = reason.to_json()
        fld = reason.field or ""
        if fld.startswith("tricks["):
            t, i = (int(x) for x in fld[len("tricks[") : -1].split("]["))
            wrong.setdefault((t, i), as_json)
        else:
            other_errors.append(as_json)
    ranking = contract.ranking(options)
    rows = []
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
        (_("Contract"), contract_label("schieber", contract_key)),
        (_("Forehand"), str(forehand.number)),
        (_("Tricks entered"), str(len(tricks))),
    ]
    first = min(wrong) if wrong else None
    score: dict[str, Any] | None = None
    if len(tricks) == 9:
        full = {k: v for k, v in record.items() if k != "points"}
        try:
            score = rules_engine.score_deal(full)
        except InvalidRecord as problem:
            other_errors.append({"rule": None, "message": str(problem)})
    if first is not None:
        first_reason = wrong[first]
        t, i = first
        ruling = Ruling(
            "replay",
            _(
                "Trick %(n)s: %(card)s by seat %(seat)s was not allowed.",
                n=t + 1,
                card=str(tricks[t][i]),
                seat=rows[t]["cards"][i]["seat"],
            ),
            False,
            facts=facts,
        )
        ruling.cite(first_reason.get("rule"))
        ruling.lines.append(reason_text(first_reason))
        if len(wrong) > 1:
            ruling.lines.append(
                _("%(count)s more wrong cards follow; each is marked below.", count=len(wrong) - 1)
            )
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


def _klammern_replay(record: Mapping[str, Any]) -> Ruling:
    trump_key = str(record.get("trump", ""))
    _check_contract("klammern", trump_key)
    players = record.get("players", 4)
    if not isinstance(players, int) or isinstance(players, bool) or players not in KLAMMERN_PLAYERS:
        raise Unreadable(
            "record",
            _(
                "players: Klammern is played by 2, 3 or 4 players, not %(players)s (K1.1).",
                players=str(players),
            ),
        )
    try:
        options = kc.klammern_options(record.get("profile"), record.get("options"))
        forehand = Seat.parse(record.get("forehand", 1), players)
    except (InvalidRecord, TypeError, ValueError) as error:
        raise Unreadable("record", str(error)) from None
    rank = kc.ranking(Suit(trump_key), bool(options["jappa_total"]))
    tricks = _tricks_of(record)
    hands = _hands_of(record, players)
    for number, trick in enumerate(tricks, start=1):
        if not trick or len(trick) > players or (len(trick) < players and number < len(tricks)):
            raise Unreadable(
                "tricks",
                _(
                    "Trick %(n)s has %(count)s cards; every trick has %(players)s (only the "
                    "last, ended by a revoke, may have fewer).",
                    n=number,
                    count=len(trick),
                    players=players,
                ),
            )
    replayed = kplay.replay(tricks, players, forehand, rank, hands)
    rows = []
    leader = forehand.number
    for t, trick in enumerate(tricks):
        index = rank.winner_index(trick) if len(trick) == players else None
        cells = []
        for i, card in enumerate(trick):
            seat = (leader - 1 + i) % players + 1
            revoked = (
                replayed.revoke is not None and replayed.revoke.trick == t and replayed.revoke.card == card
            )
            cells.append(
                {
                    "card": str(card),
                    "seat": seat,
                    "ok": not revoked,
                    "reason": replayed.revoke.reason.to_json() if revoked and replayed.revoke else None,
                    "wins": index == i,
                }
            )
        winner = (leader - 1 + index) % players + 1 if index is not None else None
        rows.append(
            {
                "n": t + 1,
                "leader": leader,
                "winner": winner,
                "points": rank.card_points(trick) if index is not None else None,
                "cards": cells,
            }
        )
        if winner is not None:
            leader = winner
    facts = [
        (_("Game"), "Klammern"),
        (_("Players"), str(players)),
        (_("Trump"), contract_label("klammern", trump_key)),
        (_("Forehand"), str(forehand.number)),
        (_("Declarer"), str(record.get("declarer", ""))),
        (
            _("Revoke rule (K4.5)"),
            _("the side that had secured the deal keeps it")
            if options["revoke"] == "secured"
            else _("the clean side wins every point"),
        ),
    ]
    full = {k: v for k, v in record.items() if k not in ("points", "revoke")}
    try:
        score = rules_engine.score_deal(full)
    except InvalidRecord as error:
        raise Unreadable("record", str(error)) from None
    revoke = score.get("revoke") if score.get("valid") else None
    if replayed.revoke is not None:
        r = replayed.revoke
        ruling = Ruling(
            "replay",
            _(
                "Trick %(n)s: %(card)s by seat %(seat)s was a revoke.",
                n=r.trick + 1,
                card=str(r.card),
                seat=r.seat.number,
            ),
            False,
            facts=facts,
        )
        reason = r.reason.to_json()
        ruling.cite(reason["rule"])
        ruling.lines.append(reason_text(reason))
        ruling.cite("K4.5")
        ruling.lines.append(_("A revoke ends the deal at once (K4.5)."))
        if revoke:
            points = " : ".join(str(p) for p in revoke.get("points") or [])
            ruling.lines.append(
                _("Card points in each side's tricks at that moment: %(points)s.", points=points)
            )
            if options["revoke"] == "secured":
                if revoke.get("kept"):
                    ruling.lines.append(_("The revoking side had already secured the deal: it keeps it."))
                else:
                    ruling.lines.append(
                        _("The revoking side had not secured the deal: the other side wins it.")
                    )
            else:
                ruling.lines.append(
                    _(
                        "Variant clean_side_all: the side that did not revoke wins the deal and every "
                        "point of it."
                    )
                )
    elif score.get("valid"):
        ruling = Ruling("replay", _("Every card follows the rules."), True, facts=facts)
        ruling.cite("K4.4")
    else:
        ruling = Ruling("replay", _("The record breaks a rule."), False, facts=facts)
    for other in score.get("errors", []):
        ruling.cite(other.get("rule"))
        ruling.lines.append(reason_text(other))
    if score.get("valid"):
        ruling.lines.append(_outcome(score))
    ruling.data = {
        "rows": rows,
        "score": score,
        "first": (replayed.revoke.trick, 0) if replayed.revoke else None,
        "game": "klammern",
        "players": players,
    }
    return ruling


def _outcome(score: Mapping[str, Any]) -> str:
    cards = " : ".join(str(p) for p in score.get("card_points") or [])
    if score.get("declarer_wins"):
        text = _(
            "The playing side (seat %(seat)s) wins the deal: card points %(cards)s, Beet %(beet)s.",
            seat=score.get("declarer"),
            cards=cards,
            beet=score.get("beet"),
        )
    else:
        text = _(
            "The playing side (seat %(seat)s) loses the deal: card points %(cards)s, Beet %(beet)s.",
            seat=score.get("declarer"),
            cards=cards,
            beet=score.get("beet"),
        )
    for key, label in (("small_points", _("small points")), ("augen", _("Augen")), ("dice", _("dice"))):
        if score.get(key) is not None:
            text += " " + _(
                "Scored: %(figures)s %(label)s.", figures=" : ".join(map(str, score[key])), label=label
            )
    return text


NATURAL = "6789TJQKA"
__all__ = [
    "Ruling",
    "Unreadable",
    "card_ruling",
    "count_ruling",
    "melds_ruling",
    "replay_ruling",
    "trick_ruling",
    "weis_ruling",
    "NATURAL_INDEX",
]
