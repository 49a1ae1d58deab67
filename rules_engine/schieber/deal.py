"""One Schieber deal: reading its record (DEAL_RECORD.md), checking every claim, scoring it.

:func:`parse_deal` reads the record's shape (malformed input raises :class:`InvalidRecord`);
:func:`evaluate_deal` checks the rules (S5, S6, S8; S4 through the replay when ``tricks``
are given) and computes the raw figures; :func:`score_deal` answers in JSON.

An invalid deal "yields no score" (DEAL_RECORD.md): its answer keeps every key of a valid
answer, with ``valid: false``, the ``errors``, and **null** in every figure (trick points,
Match bonus, Weis, Weis winner, Stöck, total, raw figures, trick winners, Match team).
``factor``, ``contract`` and ``forehand`` describe the record, not its score, and stay.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain
from typing import TYPE_CHECKING, Any

from rules_engine.cards import CARD_BY_CODE, Card, format_cards, parse_cards
from rules_engine.errors import InvalidNotation, InvalidRecord, Reason, RuleBroken
from rules_engine.options import RuleOptions
from rules_engine.records import Fields, per_seat_card_groups, per_seat_cards
from rules_engine.schieber.contracts import (
    ALL_CONTRACTS,
    DEAL_TOTAL,
    PLAYERS,
    TRICKS_PER_DEAL,
    Contract,
    schieber_options,
)
from rules_engine.schieber.points import check_trick_points, match_value
from rules_engine.schieber.stoeck import check_stoeck, stoeck_cards, stoeck_points
from rules_engine.seats import Seat

# The Weis modules are imported where a deal has Weis: most deals have none, and the command
# line's start-up (``python -m rules_engine deal``) should not pay for them.
if TYPE_CHECKING:
    from rules_engine.schieber.answers import SchieberDealAnswer
    from rules_engine.schieber.weis import Weis, WeisAward

__all__ = [
    "DEAL_FIELDS",
    "DealRecord",
    "DealScore",
    "PointsClaim",
    "RECORD_FIELDS",
    "evaluate_deal",
    "parse_deal",
    "parse_points",
    "score_deal",
]

CARDS_PER_HAND = 9
#: The fields of a deal inside a match record (DEAL_RECORD.md); `reached_first` is S7.3's.
DEAL_FIELDS: frozenset[str] = frozenset(
    {
        "forehand",
        "contract",
        "pushed",
        "points",
        "weis",
        "stoeck",
        "hands",
        "tricks",
        "reached_first",
        "weis_values",
        "weis_best",
    }
)
#: A deal record on its own also names its game, profile and options.
RECORD_FIELDS: frozenset[str] = DEAL_FIELDS | {"game", "profile", "options"}
_POINTS_FIELDS = frozenset({"team", "value", "match"})

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class PointsClaim:
    """The record's ``points``: one team's raw trick points, or that it took every trick."""

    team: int
    value: int | None
    match: bool


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal record as read, before any rule is checked."""

    forehand: Seat
    contract: Contract
    pushed: bool
    points: PointsClaim | None
    weis: Mapping[Seat, tuple[tuple[Card, ...], ...]]
    stoeck: Seat | None
    hands: Mapping[Seat, tuple[Card, ...]] | None
    tricks: tuple[tuple[Card, ...], ...] | None
    reached_first: int | None
    #: Weis given by value only, per team (weis_values.py); never beside ``weis``.
    weis_values: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    #: The team whose Weis counts when both teams' best Weis are worth the same (S6.5).
    weis_best: int | None = None


def parse_points(data: object, where: str) -> PointsClaim:
    """The record's ``points`` at ``where`` (a Schieber deal's, and each game's that writes
    its points the same way).

    :raises InvalidRecord: not a points object, or both or neither of ``match`` and ``value``.
    """
    points = Fields(data, where, _POINTS_FIELDS)
    team = points.integer("team", minimum=1, maximum=2)
    # null is read as "not given" for every optional field, as DEAL_RECORD.md writes `"hands": null`.
    match = points.boolean("match") if points.has("match") else False
    if match:
        if points.has("value"):
            raise InvalidRecord(f"{where}: give either 'match': true or a 'value', not both", where=where)
        return PointsClaim(team, None, True)
    if not points.has("value"):
        raise InvalidRecord(f"{where}.value is missing (or say 'match': true)", where=f"{where}.value")
    # Range errors are rule breaks (S8), so any whole number is read here.
    return PointsClaim(team, points.integer("value"), False)


_PLAIN_TRICK_TYPES = frozenset({list})
_FOUR = {PLAYERS}


def _parse_tricks(raw: object, name: str) -> tuple[tuple[Card, ...], ...]:
    if type(raw) is list and len(raw) == TRICKS_PER_DEAL and _PLAIN_TRICK_TYPES.issuperset(map(type, raw)):
        # Nine lists of four canonical codes: looked up in one go and cut into tricks.
        # Anything else is read trick by trick below, which gives the same tricks or the
        # precise error.
        if set(map(len, raw)) == _FOUR:
            try:
                stream = iter(tuple(map(CARD_BY_CODE.__getitem__, chain.from_iterable(raw))))
            except (KeyError, TypeError):
                pass
            else:
                return tuple(zip(stream, stream, stream, stream))
    if isinstance(raw, (str, bytes)) or not isinstance(raw, (list, tuple)):
        raise InvalidRecord(f"{name} must be a list of the {TRICKS_PER_DEAL} tricks, not {raw!r}", where=name)
    if len(raw) != TRICKS_PER_DEAL:
        raise InvalidRecord(
            f"{name} must be the {TRICKS_PER_DEAL} tricks of the deal, not {len(raw)}", where=name
        )
    tricks = []
    for index, trick in enumerate(raw):
        cards = parse_cards(trick, what=f"{name}[{index}]")
        if len(cards) != PLAYERS:
            raise InvalidRecord(
                f"{name}[{index}] must hold the {PLAYERS} cards played, not {len(cards)}",
                where=f"{name}[{index}]",
            )
        tricks.append(cards)
    return tuple(tricks)


#: Contracts by their canonical key, as records write them.
_CONTRACTS: dict[str, Contract] = {contract.key: contract for contract in ALL_CONTRACTS}


def parse_deal(data: object, where: str = "deal", *, allowed: Iterable[str] = RECORD_FIELDS) -> DealRecord:
    """Read a deal's shape: every field known, cards and seats in notation, no contradictory fields.

    :raises InvalidRecord: the input is not a deal record.
    """
    return _read_fields(Fields(data, where, allowed), where)


def _read_fields(deal: Fields, where: str) -> DealRecord:
    forehand = deal.seat("forehand")
    if forehand is None:
        raise InvalidRecord(
            f"{deal.name('forehand')} is missing (the seat that leads the first trick)",
            where=deal.name("forehand"),
        )
    raw_contract = deal.raw("contract")
    contract = _CONTRACTS.get(raw_contract) if type(raw_contract) is str else None
    if contract is None and "contract" in deal.data:
        try:
            contract = Contract.parse(raw_contract)
        except InvalidRecord as error:
            raise InvalidNotation(str(error), where=deal.name("contract")) from None
    if contract is None:
        raise InvalidRecord(f"{deal.name('contract')} is missing", where=deal.name("contract"))
    pushed = deal.boolean("pushed") if deal.has("pushed") else False
    has_points, has_tricks = deal.has("points"), deal.has("tricks")
    if has_points and has_tricks:
        raise InvalidRecord(
            f"{where}: give 'points' or 'tricks', not both (with tricks the engine counts the points)",
            where=deal.name("points"),
        )
    if not has_points and not has_tricks:
        raise InvalidRecord(
            f"{where}: 'points' is missing (or give the nine 'tricks')", where=deal.name("points")
        )
    points = parse_points(deal.raw("points"), deal.name("points")) if has_points else None
    tricks = _parse_tricks(deal.raw("tricks"), deal.name("tricks")) if has_tricks else None
    weis = per_seat_card_groups(deal.mapping("weis", None), PLAYERS, deal.name("weis"))
    stoeck = deal.seat("stoeck", PLAYERS, None)
    hands = per_seat_cards(deal.raw("hands"), PLAYERS, deal.name("hands")) if deal.has("hands") else None
    reached_first = deal.integer("reached_first", minimum=1, maximum=2) if deal.has("reached_first") else None
    raw_weis_values = deal.raw("weis_values")
    weis_values: dict[int, tuple[int, ...]] = {}
    if raw_weis_values is not None:
        from rules_engine.schieber.weis_values import parse_weis_values

        weis_values = parse_weis_values(raw_weis_values, deal.name("weis_values"))
    if any(weis_values.values()) and any(weis.values()):
        raise InvalidRecord(
            f"{where}: give the Weis by their cards ('weis') or by value ('weis_values'), not both",
            where=deal.name("weis_values"),
        )
    weis_best = deal.integer("weis_best", minimum=1, maximum=2) if deal.has("weis_best") else None
    return DealRecord(
        forehand, contract, pushed, points, weis, stoeck, hands, tricks, reached_first, weis_values, weis_best
    )


@dataclass(slots=True)
class DealScore:
    """A checked deal: the reasons it breaks and, when it breaks none, its raw figures.

    Raw figures are per team before the factor; the ``scaled`` helpers apply it.
    """

    record: DealRecord
    options: RuleOptions
    factor: int
    reasons: list[Reason] = field(default_factory=list)
    declared: dict[Seat, tuple[Weis, ...]] = field(default_factory=dict)
    raw_trick_points: Pair = (0, 0)
    match_team: int | None = None
    award: WeisAward | None = None
    raw_stoeck: Pair = (0, 0)
    trick_winners: tuple[Seat, ...] | None = None
    #: Raw trick points per team after each trick (from the replay), when tricks were given.
    running: tuple[Pair, ...] | None = None

    @property
    def valid(self) -> bool:
        return not self.reasons

    @property
    def raw_match_bonus(self) -> Pair:
        if self.match_team is None:
            return (0, 0)
        bonus = match_value(self.options) - DEAL_TOTAL  # S5.5, or the option `match_value` (T2.4)
        return (bonus, 0) if self.match_team == 1 else (0, bonus)

    @property
    def raw_weis(self) -> Pair:
        return self.award.points if self.award is not None else (0, 0)

    @property
    def raw_total(self) -> Pair:
        parts = (self.raw_trick_points, self.raw_match_bonus, self.raw_weis, self.raw_stoeck)
        return (sum(p[0] for p in parts), sum(p[1] for p in parts))

    def scaled(self, pair: Pair) -> Pair:
        return (pair[0] * self.factor, pair[1] * self.factor)

    @property
    def stoeck(self) -> Pair:
        return self.scaled(self.raw_stoeck)

    @property
    def weis(self) -> Pair:
        return self.scaled(self.raw_weis)

    @property
    def trick_points(self) -> Pair:
        return self.scaled(self.raw_trick_points)

    @property
    def match_bonus(self) -> Pair:
        return self.scaled(self.raw_match_bonus)

    @property
    def total(self) -> Pair:
        return self.scaled(self.raw_total)

    def to_json(self) -> SchieberDealAnswer:
        """The DEAL_RECORD.md answer, with added fields (see the module docstring for invalid deals)."""
        record = self.record
        errors = [reason.to_json() for reason in self.reasons]
        forehand = record.forehand
        if errors:
            invalid: SchieberDealAnswer = {
                "valid": False,
                "errors": errors,
                "factor": self.factor,
                "contract": str(record.contract),
                "forehand": forehand.number,
                "dealer": forehand.previous.number,
                "pushed": record.pushed,
                "trick_points": None,
                "match_bonus": None,
                "weis": None,
                "weis_winner": None,
                "stoeck": None,
                "total": None,
                "raw": None,
                "match_team": None,
                "weis_declared": None,
                "weis_best": None,
                "weis_comparison": None,
            }
            if record.tricks is not None:
                invalid["trick_winners"] = None
            return invalid
        award = self.award
        # The figures are read once here: the properties recompute them on every read.
        factor = self.factor
        tp1, tp2 = self.raw_trick_points
        mb1, mb2 = self.raw_match_bonus
        w1, w2 = self.raw_weis
        st1, st2 = self.raw_stoeck
        total1, total2 = tp1 + mb1 + w1 + st1, tp2 + mb2 + w2 + st2
        declared = self.declared
        answer: SchieberDealAnswer = {
            "valid": True,
            "errors": errors,
            "factor": factor,
            "contract": str(record.contract),
            "forehand": forehand.number,
            "dealer": forehand.previous.number,
            "pushed": record.pushed,
            "trick_points": [tp1 * factor, tp2 * factor],
            "match_bonus": [mb1 * factor, mb2 * factor],
            "weis": [w1 * factor, w2 * factor],
            "weis_winner": award.winner if award is not None else None,
            "stoeck": [st1 * factor, st2 * factor],
            "total": [total1 * factor, total2 * factor],
            "raw": {
                "trick_points": [tp1, tp2],
                "match_bonus": [mb1, mb2],
                "weis": [w1, w2],
                "stoeck": [st1, st2],
                "total": [total1, total2],
            },
            "match_team": self.match_team,
            "weis_declared": (
                {str(seat.number): [w.to_json() for w in items] for seat, items in sorted(declared.items())}
                if declared
                else {}
            ),
            "weis_best": award.best.to_json() if award is not None and award.best is not None else None,
            "weis_comparison": (
                award.comparison.to_json() if award is not None and award.comparison is not None else None
            ),
        }
        if self.trick_winners is not None:
            answer["trick_winners"] = [seat.number for seat in self.trick_winners]
        return answer


def _team_pair(team: int, value: int, other: int) -> Pair:
    return (value, other) if team == 1 else (other, value)


def _check_weis_claims(score: DealScore) -> dict[Seat, set[Card]]:
    """Read every claimed Weis (S6.1, S6.2), then each player's set (S6.3); the cards claimed per seat."""
    claimed: dict[Seat, set[Card]] = {}
    if not score.record.weis:
        return claimed
    from rules_engine.schieber.weis import check_declaration, read_weis

    for seat, groups in sorted(score.record.weis.items()):
        valid: list[Weis] = []
        claimed[seat] = {card for group in groups for card in group}
        for index, group in enumerate(groups):
            try:
                valid.append(read_weis(group, score.options))
            except RuleBroken as broken:
                score.reasons.extend(_located(r, f"weis.{seat}[{index}]") for r in broken.reasons)
        score.reasons.extend(check_declaration(seat, valid, score.options))
        score.declared[seat] = tuple(valid)
    return claimed


def _located(reason: Reason, where: str) -> Reason:
    return Reason(reason.rule, reason.code, reason.template, reason.params, where, reason.deal)


def _check_claims_against_cards(
    score: DealScore, claimed: Mapping[Seat, set[Card]], hands: Mapping[Seat, Sequence[Card]] | None
) -> None:
    """One card, one hand (S8): Weis of different players, the dealt hands, nine cards per hand."""
    if not claimed:
        return  # nothing claimed, nothing to hold against the cards
    record = score.record
    known = hands or {}
    # Who holds each card, needed only for a claim by a seat whose hand is not given.
    owner: dict[Card, Seat] | None = None
    for seat, cards in sorted(claimed.items()):
        if seat in known:
            missing = sorted(cards - set(known[seat]), key=str)
            if missing:
                score.reasons.append(
                    Reason(
                        "S8",
                        "weis_card_not_dealt",
                        "seat {seat} declares {cards} in its Weis but was not dealt it ({hand})",
                        {
                            "seat": seat.number,
                            "cards": format_cards(missing),
                            "hand": format_cards(known[seat]),
                        },
                        field=f"weis.{seat}",
                    )
                )
            continue
        if owner is None:
            owner = {card: holder for holder, hand in known.items() for card in hand}
        clashes: dict[Seat, list[Card]] = {}
        for card in sorted(cards, key=str):
            other = owner.get(card)
            if other is not None and other != seat:
                clashes.setdefault(other, []).append(card)
            else:
                owner[card] = seat
        for other, shared in sorted(clashes.items()):
            source = "hand" if other in known else "Weis"
            score.reasons.append(
                Reason(
                    "S8",
                    "same_card_two_players",
                    "{cards} in the Weis of seat {seat} is also in the "
                    + source
                    + " of seat {other}; one card, one hand",
                    {"cards": format_cards(shared), "seat": seat.number, "other": other.number},
                    field=f"weis.{seat}",
                )
            )
    stoeck = record.stoeck
    for seat, cards in sorted(claimed.items()):
        held = set(cards)
        if stoeck == seat:
            held.update(stoeck_cards(record.contract))
        if len(held) > CARDS_PER_HAND:
            score.reasons.append(
                Reason(
                    "S8",
                    "too_many_cards",
                    "seat {seat} would hold {count} cards ({cards}) by its Weis and Stöck; a hand has nine",
                    {"seat": seat.number, "count": len(held), "cards": format_cards(sorted(held, key=str))},
                    field=f"weis.{seat}",
                )
            )


def _play_out(score: DealScore) -> Mapping[Seat, tuple[Card, ...]] | None:
    """With tricks: replay them (S4), take points, winners and Match from the cards; the hands."""
    # The play layer (legal-card tables, the replay) is imported by the deals that have
    # tricks: a deal entered by its points starts the command line without it.
    from rules_engine.schieber.replay import replay

    record = score.record
    assert record.tricks is not None
    try:
        played = replay(record.contract, score.options, record.forehand, record.tricks, record.hands)
    except RuleBroken as broken:
        score.reasons.extend(broken.reasons)
        return dict(record.hands) if record.hands is not None else None
    score.reasons.extend(played.reasons)
    points = played.trick_points
    score.raw_trick_points = (int(points[0]), int(points[1]))
    score.match_team = played.match_team
    score.trick_winners = played.winners
    # The replay's running score is already a tuple of int pairs.
    score.running = played.running
    return played.hands  # read-only already: no copy


def _take_points(score: DealScore) -> None:
    """Without tricks: the claimed team's points, the other team's derived (S5.4, S5.5), checked (S8)."""
    claim = score.record.points
    assert claim is not None
    if claim.match:
        score.raw_trick_points = _team_pair(claim.team, DEAL_TOTAL, 0)
        score.match_team = claim.team
        return
    assert claim.value is not None
    score.raw_trick_points = _team_pair(claim.team, claim.value, DEAL_TOTAL - claim.value)
    score.reasons.extend(check_trick_points(score.record.contract, score.options, claim.value, False))


def _without_uncounted(score: DealScore) -> DealRecord:
    """Options `weis`/`stoeck` false (TOURNAMENT.md T2.1): a claim of either breaks T2.1 and scores nothing.

    An empty ``weis`` and a null ``stoeck`` are allowed; the record checked on is the one
    without the claims that cannot count.
    """
    record = score.record
    if not score.options.get("weis", True) and any(record.weis.values()):
        seats = [seat.number for seat, groups in sorted(record.weis.items()) if groups]
        score.reasons.append(
            Reason(
                "T2.1",
                "weis_not_counted",
                "no Weis under the {profile} profile (option weis is false); seat {seats} declares one",
                {"profile": score.options.profile, "seats": ", ".join(map(str, seats))},
                field="weis",
            )
        )
    if not score.options.get("weis", True) and any(record.weis_values.values()):
        teams = [str(team) for team, values in sorted(record.weis_values.items()) if values]
        score.reasons.append(
            Reason(
                "T2.1",
                "weis_values_not_counted",
                "no Weis under the {profile} profile (option weis is false); team {teams} declares one",
                {"profile": score.options.profile, "teams": ", ".join(teams)},
                field="weis_values",
            )
        )
    if not score.options.get("stoeck", True) and record.stoeck is not None:
        score.reasons.append(
            Reason(
                "T2.1",
                "stoeck_not_counted",
                "no Stöck under the {profile} profile (option stoeck is false); seat {seat} claims it",
                {"profile": score.options.profile, "seat": record.stoeck.number},
                field="stoeck",
            )
        )
    weis = record.weis if score.options.get("weis", True) else {}
    stoeck = record.stoeck if score.options.get("stoeck", True) else None
    weis_values = record.weis_values if score.options.get("weis", True) else {}
    score.record = replace(record, weis=weis, stoeck=stoeck, weis_values=weis_values)
    return score.record


def evaluate_deal(record: DealRecord, options: RuleOptions) -> DealScore:
    """Check every rule a deal record can break and compute its raw figures."""
    score = DealScore(record, options, record.contract.factor(options))
    hands: Mapping[Seat, Sequence[Card]] | None
    if record.tricks is not None:
        hands = _play_out(score)
    else:
        _take_points(score)
        hands = record.hands
        if hands is not None:
            # Dealt hands without tricks: the replay's check of given hands (S2.1, S2.2, S8).
            from rules_engine.schieber.replay import hand_reasons

            score.reasons.extend(hand_reasons(hands))
    if not options.get("weis", True) or not options.get("stoeck", True):
        record = _without_uncounted(score)
    claimed = _check_weis_claims(score)
    _check_claims_against_cards(score, claimed, hands)
    if record.stoeck is not None:
        score.reasons.extend(check_stoeck(record.contract, record.stoeck, claimed, hands))
        if record.contract.is_trump_contract:
            score.raw_stoeck = stoeck_points(record.stoeck)
    if any(record.weis_values.values()):
        score.award = _award_values(score)
    elif score.declared:  # nobody declared: no award (None reads as S6.5's nothing to award)
        from rules_engine.schieber.weis import award_weis

        score.award = award_weis(score.declared, record.contract, options, record.forehand)
    if score.reasons:
        score.reasons[:] = _unique(score.reasons)
    return score


def _award_values(score: DealScore) -> WeisAward:
    """Weis given by value: each team's values checked (S8, S6.3), then awarded (S6.5)."""
    from rules_engine.schieber.weis import WeisAward
    from rules_engine.schieber.weis_values import award_values, team_reasons

    values = score.record.weis_values
    for team, items in sorted(values.items()):
        score.reasons.extend(team_reasons(team, items, score.options))
    award, reasons = award_values(values, score.record.weis_best)
    score.reasons.extend(reasons)
    return WeisAward(award.points, award.winner, None, None)


def _unique(reasons: Iterable[Reason]) -> list[Reason]:
    seen: set[tuple[str, str, str]] = set()
    result = []
    for reason in reasons:
        key = (reason.rule, reason.code, reason.message)
        if key not in seen:
            seen.add(key)
            result.append(reason)
    return result


_OPTIONS: dict[tuple[object, ...], RuleOptions] = {}
_OPTIONS_LIMIT = 256
_SCALARS = (str, int, bool)


def _options_key(profile: object, overrides: object) -> tuple[object, ...] | None:
    """A hashable key telling every options value apart, or None when the input is unusual.

    Types are part of the key: ``True == 1`` and they hash alike, but only one is valid.
    """
    if profile is not None and type(profile) is not str:
        return None
    if overrides is None:
        return (profile, None)
    if type(overrides) is not dict:
        return None
    key: list[object] = [profile]
    for name, value in overrides.items():
        kind = type(value)
        if kind is dict:
            inner = []
            for item, inner_value in value.items():
                if type(inner_value) not in _SCALARS:
                    return None
                inner.append((type(item), item, type(inner_value), inner_value))
            key.append((type(name), name, dict, tuple(inner)))
        elif kind in _SCALARS:
            key.append((type(name), name, kind, value))
        else:
            return None
    return tuple(key)


def cached_options(profile: object, overrides: object) -> RuleOptions:
    """:func:`schieber_options`, resolved once per distinct ``profile`` and ``options``.

    Every deal of a bench or a match carries the same few; resolving them is a good share
    of a deal's cost. Invalid options are not cached, so they raise every time.
    """
    key = _options_key(profile, overrides)
    if key is None:
        return schieber_options(profile, overrides)
    try:
        return _OPTIONS[key]
    except KeyError:
        pass
    except TypeError:  # an unhashable key inside the options: resolve it as it comes
        return schieber_options(profile, overrides)
    options = schieber_options(profile, overrides)
    if len(_OPTIONS) >= _OPTIONS_LIMIT:
        _OPTIONS.clear()
    _OPTIONS[key] = options
    return options


def read_deal_record(record: object) -> tuple[DealRecord, RuleOptions]:
    """A stand-alone deal record and the options in force.

    :raises InvalidRecord: not a Schieber deal record.
    """
    fields = Fields(record, "deal", RECORD_FIELDS)
    game = fields.raw("game", "schieber")
    if game != "schieber":
        raise InvalidRecord(f"game: {game!r} is not a Schieber record", field="game")
    options = cached_options(fields.raw("profile"), fields.raw("options"))
    # The same fields parse_deal(record, "deal") would read: checked once, not twice.
    return _read_fields(fields, "deal"), options


def score_deal(record: Mapping[str, Any]) -> SchieberDealAnswer:
    """Validate and score one Schieber deal record (DEAL_RECORD.md).

    :raises InvalidRecord: the input is not a deal record. Rule breaks are answered
        with ``valid: false``.
    """
    deal, options = read_deal_record(record)
    return evaluate_deal(deal, options).to_json()
