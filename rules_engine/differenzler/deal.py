"""One Differenzler deal: reading its record, checking it (D2-D5, D8), scoring it (D6).

:func:`parse_deal` reads the shape (malformed input raises :class:`InvalidRecord`: arrays
of the wrong length, non-integer entries, unknown fields ...); :func:`evaluate_deal`
checks the rules and computes every player's made points, difference, credits and score.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from rules_engine.cards import Card, Rank, Suit, parse_cards
from rules_engine.differenzler.answers import DealAnswer
from rules_engine.differenzler.options import (
    DEAL_TOTAL,
    STOECK_POINTS,
    differenzler_options,
    estimate_maximum,
)
from rules_engine.errors import InvalidRecord, Reason
from rules_engine.options import RuleOptions
from rules_engine.records import Fields, check_integer, per_seat_cards
from rules_engine.schieber.trick_modes import TrickMode, mode_points, replay_modes

__all__ = [
    "DEAL_FIELDS",
    "RECORD_FIELDS",
    "DifferenzlerDeal",
    "DealScore",
    "evaluate_deal",
    "parse_deal",
    "read_players",
    "relabel",
    "relabel_json",
    "score_deal",
    "trick_mode",
    "tricks_per_deal",
    "TRUMPS",
]

DEAL_FIELDS: frozenset[str] = frozenset(
    {
        "players",
        "forehand",
        "trump",
        "estimates",
        "points",
        "tricks_won",
        "stoeck",
        "stoeck_counted",
        "penalties",
        "void",
        "announcements",
        "sealed_at",
        "weis",
        "hands",
        "tricks",
    }
)
RECORD_FIELDS: frozenset[str] = DEAL_FIELDS | {"game", "options"}
TRUMPS: tuple[str, ...] = ("H", "C", "D", "S", "obenabe", "undenufe")


def tricks_per_deal(players: int) -> int:
    """D1.1, D2.2: 9 tricks with four players, 12 with three (all 36 cards in play)."""
    return 36 // players


def read_players(value: object, where: str) -> int:
    """``players``: 4 (default) or 3 (D1.1).

    :raises InvalidRecord: any other value.
    """
    if value is None:
        return 4
    if isinstance(value, bool) or value not in (3, 4):
        raise InvalidRecord(f"{where}.players must be 3 or 4, not {value!r}", where=f"{where}.players")
    return int(value)


@dataclass(frozen=True, slots=True)
class DifferenzlerDeal:
    """A deal record as read (seats are numbers 1..players; arrays are per seat)."""

    players: int
    forehand: int
    void: bool
    penalties: tuple[int, ...]
    trump: str | None = None
    estimates: tuple[int | None, ...] = ()
    points: tuple[int, ...] | None = None
    tricks_won: tuple[int, ...] | None = None
    stoeck: int | None = None
    stoeck_counted: bool = False
    announcements: tuple[tuple[int, int], ...] | None = None
    sealed_at: tuple[tuple[dt.datetime | None, ...], dt.datetime | None] | None = None
    weis: object = None
    hands: Mapping[int, tuple[Card, ...]] | None = None
    tricks: tuple[tuple[Card, ...], ...] | None = None

    @property
    def dealer(self) -> int:
        """The seat before forehand (D2.1)."""
        return (self.forehand - 2) % self.players + 1


def _array(fields: Fields, key: str, players: int, *, nulls: bool = False) -> tuple[Any, ...]:
    raw = fields.sequence(key)
    if len(raw) != players:
        raise InvalidRecord(
            f"{fields.name(key)} must have one entry per seat ({players}), not {len(raw)}",
            where=fields.name(key),
        )
    items: list[Any] = []
    for index, item in enumerate(raw):
        if item is None and nulls:
            items.append(None)
        else:
            items.append(check_integer(item, f"{fields.name(key)}[{index}]"))
    return tuple(items)


def _time(value: object, what: str) -> dt.datetime:
    if not isinstance(value, str):
        raise InvalidRecord(f"{what} must be an ISO 8601 time, not {value!r}", where=what)
    try:
        moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise InvalidRecord(f"{what} must be an ISO 8601 time, not {value!r}", where=what) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment


def parse_deal(
    data: object,
    where: str = "deal",
    options: RuleOptions | None = None,
    *,
    allowed: frozenset[str] = RECORD_FIELDS,
    players: int | None = None,
) -> DifferenzlerDeal:
    """Read a deal's shape (``players`` is the Partie's, when the deal is one of its deals).

    :raises InvalidRecord: the input is not a Differenzler deal record.
    """
    deal = Fields(data, where, allowed)
    count = read_players(deal.raw("players"), where)
    if players is not None and deal.has("players") and count != players:
        raise InvalidRecord(
            f"{where}.players is {count}, but the Partie has {players} players", where=f"{where}.players"
        )
    count = players if players is not None else count
    forehand = deal.seat("forehand", count)
    if forehand is None:
        raise InvalidRecord(
            f"{deal.name('forehand')} is missing (the seat that leads)", where=deal.name("forehand")
        )
    penalties = _array(deal, "penalties", count) if deal.has("penalties") else (0,) * count
    for index, value in enumerate(penalties):
        if value < 0:
            raise InvalidRecord(
                f"{deal.name('penalties')}[{index}] must be >= 0, not {value}",
                where=f"{deal.name('penalties')}[{index}]",
            )
    void = deal.boolean("void") if deal.has("void") else False
    if void:
        # D6.4: a void deal needs only forehand, penalties and void; the rest is not checked.
        return DifferenzlerDeal(count, forehand.number, True, penalties)
    if not deal.has("trump"):
        raise InvalidRecord(f"{deal.name('trump')} is missing (a suit letter)", where=deal.name("trump"))
    trump = deal.raw("trump")
    if trump not in TRUMPS:
        raise InvalidRecord(
            f"{deal.name('trump')}: unknown trump {trump!r} (a suit letter, obenabe, undenufe)",
            where=deal.name("trump"),
        )
    if not deal.has("estimates"):
        raise InvalidRecord(
            f"{deal.name('estimates')} is missing (one estimate per seat)", where=deal.name("estimates")
        )
    estimates = _array(deal, "estimates", count, nulls=True)
    has_points, has_tricks = deal.has("points"), deal.has("tricks")
    if has_points and has_tricks:
        raise InvalidRecord(
            f"{where}: give 'points' or 'tricks', not both (with tricks the engine counts)", where=where
        )
    if not has_points and not has_tricks:
        raise InvalidRecord(f"{where}: 'points' is missing (or give the 'tricks')", where=where)
    points = _array(deal, "points", count) if has_points else None
    tricks_won = _array(deal, "tricks_won", count) if deal.has("tricks_won") else None
    stoeck = deal.seat("stoeck", count, None)
    counted = deal.boolean("stoeck_counted") if deal.has("stoeck_counted") else False
    form = options["form"] if options is not None else None
    announcements = None
    if deal.has("announcements"):
        if form == "hidden":
            raise InvalidRecord(
                f"{deal.name('announcements')}: announcements belong to the open form (D3.2)",
                where=deal.name("announcements"),
            )
        announcements = _announcements(deal.sequence("announcements"), count, deal.name("announcements"))
    sealed = None
    if deal.has("sealed_at"):
        if form == "open":
            raise InvalidRecord(
                f"{deal.name('sealed_at')}: sealed estimates belong to the hidden form (D3.3)",
                where=deal.name("sealed_at"),
            )
        sealed = _sealed(deal, count)
    hands = None
    if deal.has("hands"):
        hands = {s.number: cards for s, cards in per_seat_cards(deal.raw("hands"), count, "hands").items()}
    tricks = None
    if has_tricks:
        raw = deal.sequence("tricks")
        tricks = tuple(parse_cards(trick, what=f"{deal.name('tricks')}[{i}]") for i, trick in enumerate(raw))
    return DifferenzlerDeal(
        count,
        forehand.number,
        False,
        penalties,
        str(trump),
        estimates,
        points,
        tricks_won,
        stoeck.number if stoeck is not None else None,
        counted,
        announcements,
        sealed,
        deal.raw("weis"),
        hands,
        tricks,
    )


def _announcements(raw: Sequence[Any], players: int, what: str) -> tuple[tuple[int, int], ...]:
    pairs = []
    for index, pair in enumerate(raw):
        if isinstance(pair, (str, bytes)) or not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise InvalidRecord(
                f"{what}[{index}] must be a pair [seat, estimate], not {pair!r}", where=f"{what}[{index}]"
            )
        seat = check_integer(pair[0], f"{what}[{index}][0]", minimum=1, maximum=players)
        pairs.append((seat, check_integer(pair[1], f"{what}[{index}][1]")))
    return tuple(pairs)


def _sealed(deal: Fields, players: int) -> tuple[tuple[dt.datetime | None, ...], dt.datetime | None]:
    sealed = Fields(deal.raw("sealed_at"), deal.name("sealed_at"), {"estimates", "first_card"})
    times = sealed.sequence("estimates")
    if len(times) != players:
        raise InvalidRecord(
            f"{sealed.name('estimates')} must have one entry per seat ({players}), not {len(times)}",
            where=sealed.name("estimates"),
        )
    moments = tuple(
        None if t is None else _time(t, f"{sealed.name('estimates')}[{i}]") for i, t in enumerate(times)
    )
    first = sealed.raw("first_card")
    return moments, None if first is None else _time(first, sealed.name("first_card"))


@dataclass(slots=True)
class DealScore:
    """A checked deal: the reasons it breaks and, when it breaks none, its figures."""

    deal: DifferenzlerDeal
    options: RuleOptions
    reasons: list[Reason] = field(default_factory=list)
    points: tuple[int, ...] | None = None
    tricks_won: tuple[int, ...] | None = None
    trick_winners: tuple[int, ...] | None = None
    made: tuple[int, ...] = ()
    difference: tuple[int, ...] = ()
    exact: tuple[bool, ...] = ()
    credit: tuple[int, ...] = ()
    penalty: tuple[int, ...] = ()
    dealer_credit: int = 0
    score: tuple[int, ...] = ()
    stoeck_counted: bool = False

    @property
    def valid(self) -> bool:
        return not self.reasons

    def to_json(self) -> DealAnswer:
        deal = self.deal
        n = deal.players
        answer: DealAnswer = {
            "valid": self.valid,
            "errors": [cast(Any, reason.to_json()) for reason in self.reasons],
            "players": n,
            "forehand": deal.forehand,
            "dealer": deal.dealer,
            "void": deal.void,
            "trump": deal.trump,
            "estimates": list(deal.estimates) if not deal.void else None,
        }
        if not self.valid:
            answer.update(
                dict.fromkeys(  # type: ignore[typeddict-item]
                    (
                        "points",
                        "tricks_won",
                        "made",
                        "difference",
                        "exact",
                        "credit",
                        "penalty",
                        "dealer_credit",
                        "score",
                        "stoeck_counted",
                    )
                )
            )
            if deal.tricks is not None:
                answer["trick_winners"] = None
            return answer
        if deal.void:
            answer.update(
                {
                    "points": None,
                    "tricks_won": None,
                    "made": None,
                    "difference": [0] * n,
                    "exact": [False] * n,
                    "credit": [0] * n,
                    "penalty": list(self.penalty),
                    "dealer_credit": 0,
                    "score": list(self.penalty),
                    "stoeck_counted": False,
                }
            )
            return answer
        answer.update(
            {
                "points": list(self.points or ()),
                "tricks_won": list(self.tricks_won) if self.tricks_won is not None else None,
                "made": list(self.made),
                "difference": list(self.difference),
                "exact": list(self.exact),
                "credit": list(self.credit),
                "penalty": list(self.penalty),
                "dealer_credit": self.dealer_credit,
                "score": list(self.score),
                "stoeck_counted": self.stoeck_counted,
            }
        )
        if self.trick_winners is not None:
            answer["trick_winners"] = list(self.trick_winners)
        return answer


def trick_mode(trump: str) -> TrickMode:
    """D4: Schieber's play with trump, and undertrumping allowed to a player void in the led suit (D4.3)."""
    return TrickMode(trump, undertrump_when_void=len(trump) == 1)


#: Schieber's play rules -> Differenzler's (D4.2-D4.4); a card not held is a D8 rejection.
_RULE_IDS = {"S4.1": "D8", "S4.2": "D4.2", "S4.3": "D4.2", "S4.4": "D4.3", "S4.5": "D4.4"}
_UNDERTRUMP = (
    "{card}: you hold {held}; a trump lower than the {highest} in the trick is allowed only without the led "
    "suit; play one of {alternatives}"
)


def relabel(reason: Reason, mode: TrickMode, trick: int | None) -> Reason:
    """Schieber's card reason with Differenzler's rule id (D4.3 replaces S4.4 for undertrumping)."""
    rule = _RULE_IDS.get(reason.rule, reason.rule)
    params = dict(reason.params)
    params["play_rule"] = reason.rule
    template = reason.template
    if reason.code == "undertrump":
        led = params.get("led")
        held = [code for code in params.get("instead", ()) if isinstance(code, str) and code[0] == led]
        params["held"] = " ".join(held)
        template = _UNDERTRUMP
    return Reason(rule, reason.code, template, params, reason.field)


def relabel_json(reason: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`relabel` for a reason already in JSON (Schieber's fast ``legal_cards`` answers)."""
    play_rule = reason["rule"]
    params = dict(reason["params"])
    params["play_rule"] = play_rule
    message = reason["message"]
    if reason["code"] == "undertrump":
        led = params.get("led")
        params["held"] = " ".join(code for code in params.get("instead", ()) if code[0] == led)
        message = _UNDERTRUMP.format(**params)
    return {
        "rule": _RULE_IDS.get(play_rule, play_rule),
        "message": message,
        "code": reason["code"],
        "params": params,
    }


def _points_table(trump: str) -> tuple[Mapping[Card, int], ...]:
    # D5.1: trump contracts by S5.1/S5.2; Obenabe and Undenufe with the Swiss "six11" values.
    return (mode_points(trump, "six11"),)


def _d8(code: str, template: str, params: dict[str, Any], where: str | None = None) -> Reason:
    return Reason("D8", code, template, params, field=where)


def evaluate_deal(deal: DifferenzlerDeal, options: RuleOptions) -> DealScore:
    """Check one deal's rules and, when it breaks none, score it (D6)."""
    score = DealScore(deal, options)
    n = deal.players
    score.penalty = tuple(count * int(options["penalty_points"]) for count in deal.penalties)
    if deal.void:
        score.score = score.penalty
        return score
    reasons = score.reasons
    assert deal.trump is not None
    if deal.weis is not None and deal.weis != {}:
        reasons.append(
            Reason(
                "D5.3",
                "no_weis",
                "Differenzler is played without Weis; weis must be empty",
                {"weis": deal.weis},
                field="weis",
            )
        )
    trump = deal.trump
    mode = "suit" if len(trump) == 1 else trump
    if mode not in options["modes"]:
        reasons.append(
            Reason(
                "D2.3",
                "mode_not_allowed",
                "trump is a suit in Differenzler; {trump} needs the option modes to allow it",
                {"trump": trump, "modes": list(options["modes"])},
                field="trump",
            )
        )
    if deal.stoeck is not None:
        if options["stoeck"] == "none":
            reasons.append(
                Reason(
                    "D5.4",
                    "stoeck_not_counted",
                    "Stöck does not count in this Differenzler (option stoeck: none); stoeck must be null",
                    {"stoeck": deal.stoeck},
                    field="stoeck",
                )
            )
        elif mode != "suit":
            reasons.append(
                Reason(
                    "D5.4",
                    "stoeck_without_trump",
                    "Stöck needs a trump suit, not {trump}",
                    {"stoeck": deal.stoeck, "trump": trump},
                    field="stoeck",
                )
            )
    maximum = estimate_maximum(options)
    for index, estimate in enumerate(deal.estimates):
        seat = index + 1
        if estimate is None:
            reasons.append(
                _d8("no_estimate", "seat {seat} gave no estimate", {"seat": seat}, f"estimates[{index}]")
            )
        elif not 0 <= estimate <= maximum:
            reasons.append(
                _d8(
                    "estimate_range",
                    "seat {seat}'s estimate {estimate} is not in 0..{maximum}",
                    {"seat": seat, "estimate": estimate, "maximum": maximum},
                    f"estimates[{index}]",
                )
            )
    count = tricks_per_deal(n)
    points = deal.points
    tricks_won = deal.tricks_won
    if deal.tricks is not None:
        played = replay_modes(
            (trick_mode(trump),) * count,
            _points_table(trump) * count,
            n,
            deal.forehand,
            deal.tricks,
            deal.hands,
            relabel,
            "D8",
        )
        reasons.extend(played.reasons)
        points = played.seat_points
        score.trick_winners = played.winners
        if tricks_won is not None and tricks_won != played.tricks_won:
            reasons.append(
                _d8(
                    "tricks_won_differs",
                    "tricks_won {given} differs from the tricks played {played}",
                    {"given": list(tricks_won), "played": list(played.tricks_won)},
                    "tricks_won",
                )
            )
        tricks_won = played.tricks_won
        if deal.stoeck is not None and mode == "suit" and not played.reasons:
            holder = played.hands[deal.stoeck]
            needed = {Card(Suit(trump), Rank.KING), Card(Suit(trump), Rank.QUEEN)}
            if not needed <= set(holder):
                reasons.append(
                    Reason(
                        "D5.4",
                        "stoeck_not_held",
                        "seat {stoeck} claims the Stöck but did not hold trump König and Ober",
                        {"stoeck": deal.stoeck, "trump": trump},
                        field="stoeck",
                    )
                )
    else:
        assert points is not None
        reasons.extend(_points_reasons(points))
    assert points is not None
    if tricks_won is not None and deal.tricks is None:
        reasons.extend(
            _tricks_won_reasons(points, tricks_won, count, options["full_points"] == "zero_tricks")
        )
    score.points = tuple(points)
    score.tricks_won = tricks_won
    if options["form"] == "open" and deal.announcements is not None:
        reasons.extend(_announcement_reasons(deal))
    if options["form"] == "hidden" and deal.sealed_at is not None:
        reasons.extend(_sealed_reasons(deal))
    if reasons:
        return score
    _score(score, points, tricks_won)
    return score


def _points_reasons(points: Sequence[int]) -> list[Reason]:
    reasons = []
    for index, value in enumerate(points):
        params = {"seat": index + 1, "points": value, "total": DEAL_TOTAL}
        if not 0 <= value <= DEAL_TOTAL:
            reasons.append(
                _d8(
                    "points_range",
                    "seat {seat}'s points {points} are not in 0..{total}",
                    params,
                    f"points[{index}]",
                )
            )
        elif value in (1, DEAL_TOTAL - 1):
            reasons.append(
                _d8(
                    "impossible_points",
                    "seat {seat}: {points} is impossible (no card set is worth 1)",
                    params,
                    f"points[{index}]",
                )
            )
    if sum(points) != DEAL_TOTAL:
        reasons.append(
            _d8(
                "points_sum",
                "the players' points sum to {sum}, not {total}",
                {"sum": sum(points), "total": DEAL_TOTAL},
                "points",
            )
        )
    return reasons


def _tricks_won_reasons(
    points: Sequence[int], tricks_won: Sequence[int], count: int, zero_tricks: bool = False
) -> list[Reason]:
    """D8's checks of ``tricks_won`` against the points; ``zero_tricks`` admits 157 points with fewer
    than all tricks (the other tricks each worth 0)."""
    reasons = []
    if sum(tricks_won) != count or any(not 0 <= won <= count for won in tricks_won):
        return [
            _d8(
                "tricks_won_sum",
                "tricks_won {tricks_won} must be 0..{count} each and sum to {count}",
                {"tricks_won": list(tricks_won), "count": count},
                "tricks_won",
            )
        ]
    for index, (value, won) in enumerate(zip(points, tricks_won, strict=True)):
        params = {"seat": index + 1, "points": value, "tricks": won, "count": count, "total": DEAL_TOTAL}
        if won == 0 and value > 0:
            reasons.append(
                _d8(
                    "points_without_trick",
                    "seat {seat}: {points} points need at least one trick",
                    params,
                    f"tricks_won[{index}]",
                )
            )
        elif won == count and value != DEAL_TOTAL:
            reasons.append(
                _d8(
                    "all_tricks_not_157",
                    "seat {seat} took all {count} tricks: that is {total} points, not {points}",
                    params,
                    f"tricks_won[{index}]",
                )
            )
        elif value == DEAL_TOTAL and won != count and not zero_tricks:
            reasons.append(
                _d8(
                    "157_without_all_tricks",
                    "seat {seat}: {total} points need all {count} tricks, not {tricks}",
                    params,
                    f"tricks_won[{index}]",
                )
            )
    return reasons


def _announcement_reasons(deal: DifferenzlerDeal) -> list[Reason]:
    """D3.2: forehand to dealer, corrections only before the next player speaks, the last word stands."""
    assert deal.announcements is not None
    n = deal.players
    order = [(deal.forehand - 1 + step) % n + 1 for step in range(n)]
    spoken: list[int] = []
    for position, (seat, _) in enumerate(deal.announcements):
        if spoken and spoken[-1] == seat:
            continue  # a correction before the next player announced
        if seat in spoken:
            return [
                Reason(
                    "D3.2",
                    "late_correction",
                    "seat {seat} corrects its estimate after the next player announced",
                    {"seat": seat, "position": position},
                    field=f"announcements[{position}]",
                )
            ]
        spoken.append(seat)
    if spoken != order:
        return [
            Reason(
                "D3.2",
                "announcement_order",
                "the estimates are announced from forehand to dealer ({order}), not {spoken}",
                {"order": " ".join(map(str, order)), "spoken": " ".join(map(str, spoken))},
                field="announcements",
            )
        ]
    last = {seat: value for seat, value in deal.announcements}
    reasons = []
    for seat in order:
        if last[seat] != deal.estimates[seat - 1]:
            reasons.append(
                Reason(
                    "D3.2",
                    "announcement_estimate",
                    "seat {seat} last announced {announced}, but its estimate is {estimate}",
                    {"seat": seat, "announced": last[seat], "estimate": deal.estimates[seat - 1]},
                    field="announcements",
                )
            )
    return reasons


def _sealed_reasons(deal: DifferenzlerDeal) -> list[Reason]:
    """D3.3: a hidden estimate is sealed before the first card is played."""
    assert deal.sealed_at is not None
    times, first = deal.sealed_at
    if first is None:
        return []
    return [
        Reason(
            "D3.3",
            "sealed_late",
            "seat {seat}'s estimate was sealed at {sealed}, after the first card ({first})",
            {"seat": index + 1, "sealed": moment.isoformat(), "first": first.isoformat()},
            field=f"sealed_at.estimates[{index}]",
        )
        for index, moment in enumerate(times)
        if moment is not None and moment > first
    ]


def _score(score: DealScore, points: Sequence[int], tricks_won: Sequence[int] | None) -> None:
    """D5.4, D6: made points, difference, exact credit, penalties, dealer credit."""
    deal, options = score.deal, score.options
    assert deal.trump is not None
    stoeck_counts = deal.stoeck is not None and (
        options["stoeck"] == "counted" or (options["stoeck"] == "holder_choice" and deal.stoeck_counted)
    )
    made = [
        value + (STOECK_POINTS if stoeck_counts and seat == deal.stoeck else 0)
        for seat, value in enumerate(points, start=1)
    ]
    estimates = [int(cast(int, e)) for e in deal.estimates]
    exact = [estimate == value for estimate, value in zip(estimates, made, strict=True)]
    bonus = int(options["exact_bonus"])
    credit = []
    for index, hit in enumerate(exact):
        earns = hit
        if hit and estimates[index] == 0:  # D6.3
            rule = options["zero_exact"]
            if rule == "no_bonus":
                earns = False
            elif rule == "needs_zero_trick":
                if tricks_won is None:
                    score.reasons.append(
                        _d8(
                            "zero_needs_tricks",
                            "seat {seat} estimated 0 and made 0: with zero_exact needs_zero_trick, tricks_won "
                            "(or tricks) must say whether he won a trick",
                            {"seat": index + 1},
                            "tricks_won",
                        )
                    )
                    return
                earns = tricks_won[index] > 0
        credit.append(bonus if earns else 0)
    dealer_credit = 0
    if options["dealer_credit"] and options["form"] == "open":  # D6.5
        total = DEAL_TOTAL + (STOECK_POINTS if stoeck_counts else 0)
        dealer_credit = abs(sum(estimates) - total) // 5
    difference = [abs(estimate - value) for estimate, value in zip(estimates, made, strict=True)]
    scores = [d - c + p for d, c, p in zip(difference, credit, score.penalty, strict=True)]
    scores[deal.dealer - 1] -= dealer_credit
    score.made = tuple(made)
    score.difference = tuple(difference)
    score.exact = tuple(exact)
    score.credit = tuple(credit)
    score.dealer_credit = dealer_credit
    score.score = tuple(scores)
    score.stoeck_counted = stoeck_counts


def score_deal(record: Mapping[str, Any]) -> DealAnswer:
    """Validate and score one Differenzler deal record (DIFFERENZLER.md, "Deal record").

    :raises InvalidRecord: the input is not a Differenzler deal record.
    """
    fields = Fields(record, "deal", RECORD_FIELDS)
    if fields.raw("game") != "differenzler":
        raise InvalidRecord(f"game: {fields.raw('game')!r} is not a Differenzler record", where="game")
    options = differenzler_options(fields.raw("options"))
    return evaluate_deal(parse_deal(record, "deal", options), options).to_json()
