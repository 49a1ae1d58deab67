"""Klammern at the dispute desk: its trumps and tables of 2-4 players (K1), its reasons a card
is allowed (K4), melds and Bella (K5), counts (K2, K10) and replays with revokes (K4.5)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, SelectField

import rules_engine
from rules_engine.cards import Card, Suit, format_cards
from rules_engine.errors import InvalidRecord
from rules_engine.klammern import contracts as kc
from rules_engine.klammern import melds as km
from rules_engine.klammern import play as kplay
from rules_engine.klammern.contracts import KLAMMERN_DECK
from rules_engine.seats import Seat, side_count
from rules_engine.tricks import Ranking
from scorer.games.disputes import ClaimsQuestion, FormFields, ReplayForm
from scorer.games.ruling import (
    Ruling,
    Unreadable,
    cards,
    check_seat,
    codes,
    comparison_table,
    hands_of,
    step_name,
    tricks_of,
)
from scorer.web import display, i18n
from scorer.web.forms import choices
from scorer.web.reasons import reason_text

TRUMPS = ("C", "S", "H", "D")
#: K1.1: four in two teams, or two or three each alone (K1.4).
PLAYERS = (2, 3, 4)
_OPTIONAL_SEATS = choices(("", "\u2014"), ("1", "1"), ("2", "2"), ("3", "3"), ("4", "4"))
_SEATS = choices(("1", "1"), ("2", "2"), ("3", "3"), ("4", "4"))

#: The table's size on every question (a link without it means four).
PLAYERS_FIELD = SelectField(
    _l("Players (Klammern)"), choices=choices(("4", "4"), ("3", "3"), ("2", "2")), default="4"
)

#: Klammern's own fields of the desk's forms: equal melds (K5.2), Bella (K5.5), the Jass
#: counting 20 (K2), and a replay's declarer, scoring, trump making and revoke rule (K4.5).
FORM_FIELDS: FormFields = {
    "*": {"players": PLAYERS_FIELD},
    "weis": {
        "tiebreak": SelectField(
            _l("Equal melds (Klammern)"),
            default="first_declared",
            choices=choices(
                ("first_declared", _l("first declared wins")), ("suit_rank", _l("higher suit wins"))
            ),
        ),
        "bella": SelectField(_l("Bella announced by seat (Klammern)"), choices=_OPTIONAL_SEATS, default=""),
    },
    "count": {"jappa_total": BooleanField(_l("Klammern: the trump J counts 20 outright (162 a deal)"))},
    "replay": {
        # The description names the group the replay page folds these fields into.
        "declarer": SelectField(
            _l("Declarer (Klammern)"),
            choices=_SEATS,
            default="1",
            description=_l("Klammern: declarer, scoring, revoke rule"),
        ),
        "format": SelectField(
            _l("Scoring (Klammern)"),
            default="small_big",
            choices=choices(
                ("small_big", _l("small and big points")),
                ("liga", _l("Liga (Augen)")),
                ("hamburg", _l("Hamburg dice")),
            ),
        ),
        "how": SelectField(
            _l("Trump made by (Klammern)"),
            default="orgi",
            choices=choices(
                ("orgi", _l("Orgi (turned-up suit)")), ("kleines", _l("Kleines")), ("besser", _l("Besser"))
            ),
        ),
        "revoke": SelectField(
            _l("Revoke (Klammern K4.5)"),
            default="secured",
            choices=choices(
                ("secured", _l("the side that had secured the deal keeps it")),
                ("clean_side_all", _l("the clean side wins every point")),
            ),
        ),
    },
}


def _check_contract(key: str) -> None:
    if key not in TRUMPS:
        raise Unreadable("contract", _("Choose the contract."))


def contract_label(key: str) -> str:
    return _("Trump %(suit)s", suit=display.suit_name(key, "french"))


def table_size(players: int | None) -> int:
    """The players at the table: 2, 3 or 4 (K1.1); None: four.

    :raises Unreadable: a table of another size (on the ``players`` field).
    """
    if players is None:
        return 4
    if players not in PLAYERS:
        raise Unreadable(
            "players", _("Klammern is played by 2, 3 or 4 players, not %(players)s (K1.1).", players=players)
        )
    return players


def why_allowed(contract: str, hand: Sequence[str], trick: Sequence[str], card: str) -> tuple[str, str]:
    """The rule that lets ``card`` be played (K4), and the sentence that says so."""
    played = Card.parse(card)
    if not trick:
        return "K4.1", _("%(card)s leads the trick: any card may be led.", card=card)
    led = Card.parse(trick[0]).suit
    trump = Suit(contract)
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


# --------------------------------------------------------------------------- whose melds count?


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
    _check_contract(trump)
    players = table_size(players)
    check_seat("forehand", forehand, players)
    for number, groups in claims.items():
        if groups:
            check_seat(f"seat_{number}", number, players)
    if bella is not None:
        check_seat("bella", bella, players)
    teams = players == 4
    trump_suit = Suit(trump)
    fore = Seat(forehand, players)
    declared = {Seat(n, players): [cards(g) for g in groups] for n, groups in claims.items() if groups}
    melds, errors = km.check_melds(declared)
    ruling = Ruling(
        "weis",
        "",
        None,
        facts=[
            (_("Players"), str(players)),
            (_("Trump"), contract_label(trump)),
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
                "cards": codes(meld.cards),
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
        "comparison": comparison_table(steps, columns),
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
    shown: tuple[Callable[[km.Meld, Any], str], ...] = (
        lambda m, v: m.name,
        lambda m, v: i18n.native_digits(display.rank_name(m.top.rank.value, "french")),
        lambda m, v: _("yes") if v else _("no"),
        (lambda m, v: _("%(n)s. to play", n=1 - v))
        if tiebreak == "first_declared"
        else (lambda m, v: display.suit_name(m.suit.value, "french")),
    )
    steps: list[dict[str, Any]] = []
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


# --------------------------------------------------------------------------- is this count possible?


def count_ruling(points: int, jappa_total: bool, trump: str, players: int = 4) -> Ruling:
    total = kc.deal_total(jappa_total)
    teams = players == 4
    facts = [
        (_("Game"), "Klammern"),
        (_("Players"), str(players)),
        (_("Trump"), contract_label(trump)),
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
        "example": codes(cards),
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


# --------------------------------------------------------------------------- replay a deal


def replay_ruling(record: Mapping[str, Any]) -> Ruling:
    trump_key = str(record.get("trump", ""))
    _check_contract(trump_key)
    players = record.get("players", 4)
    if not isinstance(players, int) or isinstance(players, bool) or players not in PLAYERS:
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
    tricks = tricks_of(record)
    hands = hands_of(record, players)
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
    rows: list[dict[str, Any]] = []
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
        (_("Trump"), contract_label(trump_key)),
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
        score = cast(dict[str, Any], rules_engine.score_deal(full))
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


# --------------------------------------------------------------------------- the desk's questions


@dataclass(frozen=True, slots=True)
class KlammernDesk:
    """Klammern's answers to the dispute desk (:class:`scorer.games.disputes.DisputesPart`)."""

    title: str = "Klammern"
    contracts: tuple[str, ...] = TRUMPS
    deck: tuple[Card, ...] = KLAMMERN_DECK
    trick_rule: str = "K4.4"
    tables: tuple[int, ...] = PLAYERS
    bella: bool = True
    declarer: bool = True
    contract_key: str = "trump"

    @property
    def form_fields(self) -> FormFields:
        return FORM_FIELDS

    def deck_error(self, word: str) -> str:
        return _("%(card)s is not a card of the Klammern deck (it has no 6s).", card=word)

    def contract_label(self, key: str) -> str:
        return contract_label(key)

    def table_size(self, players: int | None) -> int:
        return table_size(players)

    def players_fact(self, players: int) -> list[tuple[str, str]]:
        return [(_("Players"), str(players))]

    def ranking(self, contract: str, profile: str) -> Ranking:
        return kc.ranking(Suit(contract), False)

    def full_trick(self, players: int, count: int) -> str:
        return _(
            "With %(players)s players a trick holds %(players)s cards, and %(count)s are "
            "entered: enter only the cards played before this one.",
            players=players,
            count=count,
        )

    def position(self, contract: str, profile: str, players: int) -> dict[str, Any]:
        return {"trump": contract, "players": players}

    def why_allowed(
        self, contract: str, hand: Sequence[str], trick: Sequence[str], card: str
    ) -> tuple[str, str]:
        return why_allowed(contract, hand, trick, card)

    def trick_table(self, count: int, players: int | None) -> int:
        if players is None and not 2 <= count <= 4:
            raise Unreadable(
                "cards", _("A trick has two to four cards (one per player), not %(count)s.", count=count)
            )
        return table_size(count if players is None else players)

    def claims(
        self, contract: str, claims: Mapping[int, Sequence[Sequence[str]]], question: ClaimsQuestion
    ) -> Ruling:
        return melds_ruling(
            contract, claims, question.forehand, question.tiebreak, question.players, question.bella
        )

    def count(self, contract: str, points: int, profile: str, jappa_total: bool, players: int) -> Ruling:
        # The count does not depend on the trump suit's name: a contract key of another game reads as H.
        return count_ruling(points, jappa_total, contract if contract in TRUMPS else "H", table_size(players))

    def replay(self, record: Mapping[str, Any]) -> Ruling:
        return replay_ruling(record)

    def replay_fields(self, form: ReplayForm, players: int) -> dict[str, Any]:
        check_seat("declarer", int(form.declarer.data), players)
        fields: dict[str, Any] = {
            "trump": form.contract.data,
            "players": players,
            "format": form.format.data,
            "how": form.how.data,
            "declarer": int(form.declarer.data),
        }
        if form.revoke.data and form.revoke.data != "secured":
            fields["options"] = {"revoke": form.revoke.data}
        return fields


DESK = KlammernDesk()
