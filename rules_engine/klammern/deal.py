"""Score one Klammern deal (K1-K10): the record of DEAL_RECORD.md in, the answer out.

Answer of :func:`score_deal` (the match layer, ``match.py``, consumes exactly these names).
Per-side lists have one entry per side: ``[team 1, team 2]`` with four players, one per
seat with two or three players (K1.4).

Always present:

* ``valid`` (bool), ``errors`` (list of ``Reason.to_json()`` dicts). When ``valid`` is
  false the answer carries ONLY ``valid`` and ``errors`` (nothing is half-applied).

When valid:

* ``players`` (2|3|4), ``format`` (``small_big``|``liga``|``hamburg``), ``how``,
  ``trump`` (suit letter), ``forehand`` (seat number), ``dealer`` (the seat before
  forehand, K1.3), ``declarer`` (seat number),
  ``declarer_side`` (side number 1..S), ``kontra``/``re`` (bool), ``multiplier`` (1, 2, 4).
* ``total``: the deal's card total incl. last trick (164, or 162 with ``jappa_total``).
* ``card_points``: per side, card points incl. the last trick; with a revoke, the card
  points each side had in its tricks at that moment (no last trick). ``null`` only in a
  Durchmarsch deal whose march failed (nobody counts cards then).
* ``melds``: per side, the scored melds (K5.3); ``meld_winner``: side number or null.
* ``bella``: per side (K5.5).
* ``beet``: half of all points of the deal (int, or x.5 as float); null when card_points is.
* ``side_points``: per side, card points + scored melds + Bella (with a revoke: the
  counted points at that moment); null when card_points is.
* ``credited``: per side, the game points the deal credits after K8.3 / K4.5 (the
  defenders' "all points" when the playing team loses, 0 for a loser) — what Liga
  rounds into Augen. All 0 in a Durchmarsch deal.
* ``declarer_wins`` (bool; null in a Durchmarsch deal).
* ``winner_sides``: list of the sides that won the deal (the declarer's side, or every
  opponent of it); ``winner_side``: that side when there is exactly one, else null.
* ``revoke``: null, or ``{"seat", "side", "points", "kept": bool, "trick": i|null,
  "card": code|null, "rule": "K4.2"|"K4.3"|null, "message": str|null}`` — ``kept`` says
  whether the revoking side kept the deal (K4.5); ``trick``/``card``/``rule`` are set
  when the engine found the revoke itself in ``tricks``.
* ``durchmarsch``: null, or ``{"seat": s, "side": T, "all_tricks": bool}`` (Liga only,
  K8.4). The deal then scores no Augen (``augen`` all 0); the match layer decides.
* ``trick_winners`` (only when the record gives ``tricks``): the seat number that took
  each trick, in order (K4.1, K4.4), as in the Schieber answer. With a revoke found in
  the tricks the list stops before the trick of the revoke (K4.5 ends the deal there:
  that trick is taken by nobody).
* The format's figure (only that one):
  ``small_points`` per side (small_big, K7.1/K7.2, x Kontra/Re; K1.4 with 2-3 players),
  ``augen`` per side (liga, K8.1/K8.3, rounded half up, then x Kontra/Re),
  ``dice`` per side (hamburg, K9.2, x Kontra/Re).

Readings taken here (KLAMMERN.md leaves them open):

* Kontra "by the playing team" cannot be expressed by the record (it has booleans only);
  ``kontra: true`` always means the defenders said it.
* 2-3 players: 8 tricks of N cards each. Without ``hands``/``tricks`` the cards in play
  are unknown: each side's points must be a sum of whole tricks of deck cards, and all
  sides together a sum of ``8 N`` deck cards plus the last trick (``rules_engine.totals``).

Settled by KLAMMERN.md:

* K1.4.1, 2-3 players, revoke: the revoker is one side, every other player together the
  clean side. The Beet is half of the card points dealt (the hands, with the last trick,
  as 164 is for four players) plus scored melds and Bella, so a revoked deal needs every
  hand (else ``revoke_needs_hands``). A defender who keeps the deal scores alone; when the
  clean side wins, a revoking declarer's opponents each score their own counted points
  (Liga) and a revoking defender's declarer all points of the deal.
* K8.4: a revoke ends a march. One by the other side before the marching side lost a
  trick lets the march stand (``all_tricks`` true); one by the marching side loses it.
  The answer's ``revoke`` then says who revoked (``kept`` false: nobody keeps a march).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, TypeAlias

from rules_engine.cards import Card, Suit, parse_cards
from rules_engine.errors import InvalidRecord, Reason
from rules_engine.klammern.contracts import (
    BESSER_TRUMP,
    DECK,
    DECK_BY_INDEX,
    DICE,
    FORMATS,
    GAME,
    GAME_POINTS_PER_AUGE,
    HOWS,
    LAST_TRICK_BONUS,
    MULTIPLIER,
    SMALL_LOST,
    SMALL_WON,
    TRICKS_PER_DEAL,
    deal_total,
    deck_values,
    hand_errors,
    klammern_options,
    parse_trump,
    ranking,
)
from rules_engine.klammern.melds import Meld, MeldScore, bella_errors, bella_points, check_melds, score_melds
from rules_engine.options import RuleOptions
from rules_engine.records import Fields, check_deck, check_integer, per_seat, per_seat_card_groups
from rules_engine.seats import Seat, side_count
from rules_engine.totals import achievable_totals
from rules_engine.tricks import Ranking

# The trick replay and the melds given by value are imported where a deal has them: most
# deals have neither, and the command line's start-up should not pay for them.
if TYPE_CHECKING:
    from rules_engine.klammern.answers import KlammernDealAnswer, RevokeJSON
    from rules_engine.klammern.play import Replay, Revoke

__all__ = ["DealRecord", "augen_of", "parse_deal", "score_deal"]

Answer: TypeAlias = "KlammernDealAnswer"

DEAL_FIELDS: tuple[str, ...] = (
    "game",
    "profile",
    "options",
    "players",
    "format",
    "forehand",
    "trump",
    "declarer",
    "how",
    "kontra",
    "re",
    "melds",
    "bella",
    "points",
    "revoke",
    "durchmarsch",
    "tricks",
    "hands",
    "meld_values",
    "meld_best",
)


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A Klammern deal record, read and shape-checked (no rule checked yet)."""

    options: RuleOptions
    players: int
    format: str
    forehand: Seat
    trump: Suit
    declarer: Seat
    how: str
    kontra: bool
    re: bool
    melds: Mapping[Seat, tuple[tuple[Card, ...], ...]]
    bella: Seat | None
    #: ``{"team": T, "value": v}`` (4 players) or ``{"sides": [...]}``.
    points_team: int | None
    points_value: int | None
    points_sides: tuple[int, ...] | None
    #: ``{"team": T, "all_tricks": b}`` of a Durchmarsch deal.
    all_tricks: bool | None
    revoke_seat: Seat | None
    revoke_points: tuple[int, ...] | None
    durchmarsch: Seat | None
    tricks: tuple[tuple[Card, ...], ...] | None
    hands: Mapping[Seat, tuple[Card, ...]] | None
    #: Melds given by value only, per side (meld_values.py); never beside ``melds``.
    meld_values: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    #: The side whose melds count when the best melds tie on value (K5.2).
    meld_best: int | None = None

    @property
    def sides(self) -> int:
        return side_count(self.players)


#: The canonical spelling of every card: a complete deal's 32-64 codes are looked up, not parsed.
_CODES: dict[str, Card] = {str(card): card for card in DECK_BY_INDEX}


def _cards(raw: object, what: str) -> tuple[Card, ...]:
    """Card codes of the 32-card deck; other spellings go through the full parser.

    :raises InvalidNotation: not card codes, or a card outside the deck (a 6).
    """
    if isinstance(raw, list):
        try:
            return tuple([_CODES[code] for code in raw])
        except (KeyError, TypeError):
            pass
    cards = parse_cards(raw, what=what)
    check_deck(cards, DECK, GAME, what)
    return cards


def _int_list(value: object, length: int, what: str) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidRecord(f"{what} must be a list of {length} whole numbers, not {value!r}", where=what)
    if len(value) != length:
        raise InvalidRecord(f"{what} must give {length} numbers (one per side), not {len(value)}", where=what)
    return tuple(check_integer(v, f"{what}[{i}]") for i, v in enumerate(value))


def parse_deal(record: Mapping[str, Any]) -> DealRecord:
    """Read a Klammern deal record (DEAL_RECORD.md).

    :raises InvalidRecord: not a deal record: unknown field or value, a card outside the
        32-card deck (a 6), ``points`` together with ``tricks`` or ``revoke``.
    """
    fields = Fields(record, "deal", DEAL_FIELDS)
    game = fields.raw("game", GAME)
    if game != GAME:
        raise InvalidRecord(f"deal.game: a Klammern deal has game {GAME!r}, not {game!r}", field="game")
    options = klammern_options(fields.raw("profile"), fields.raw("options"))
    players: int = fields.choice("players", (2, 3, 4), 4)
    sides = side_count(players)
    format_name: str = fields.choice("format", FORMATS, "small_big")
    forehand: Seat = fields.seat("forehand", players, Seat(1, players))
    if forehand is None:
        forehand = Seat(1, players)
    trump = parse_trump(fields.raw("trump"), "deal.trump")
    declarer: Seat | None = fields.seat("declarer", players)
    if declarer is None:
        raise InvalidRecord("deal.declarer is missing: the seat that made trump", field="declarer")
    how: str = fields.choice("how", HOWS, "orgi")
    kontra: bool = fields.boolean("kontra", False)
    re: bool = fields.boolean("re", False)
    melds = per_seat_card_groups(fields.raw("melds"), players, "deal.melds")
    for seat, groups in melds.items():
        for index, group in enumerate(groups):
            check_deck(group, DECK, GAME, f"deal.melds.{seat}[{index}]")
    bella: Seat | None = fields.seat("bella", players, None)
    raw_meld_values = fields.raw("meld_values")
    meld_values: dict[int, tuple[int, ...]] = {}
    if raw_meld_values is not None:
        from rules_engine.klammern.meld_values import parse_meld_values

        meld_values = parse_meld_values(raw_meld_values, sides, "deal.meld_values")
    if any(meld_values.values()) and any(melds.values()):
        raise InvalidRecord(
            "deal: give the melds by their cards ('melds') or by value ('meld_values'), not both",
            field="meld_values",
        )
    meld_best = fields.integer("meld_best", minimum=1, maximum=sides) if fields.has("meld_best") else None
    durchmarsch: Seat | None = fields.seat("durchmarsch", players, None)

    tricks: tuple[tuple[Card, ...], ...] | None = None
    if fields.has("tricks"):
        raw_tricks = fields.sequence("tricks")
        parsed = []
        for index, trick in enumerate(raw_tricks):
            parsed.append(_cards(trick, f"deal.tricks[{index}]"))
        tricks = tuple(parsed)
    hands: dict[Seat, tuple[Card, ...]] | None = None
    if fields.has("hands"):
        hands = {
            seat: _cards(value, f"deal.hands.{seat}")
            for seat, value in per_seat(fields.raw("hands"), players, "deal.hands").items()
        }

    revoke_seat = revoke_points = None
    if fields.has("revoke"):
        revoke = Fields(fields.mapping("revoke"), "deal.revoke", ("seat", "points"))
        revoke_seat = revoke.seat("seat", players)
        if revoke_seat is None:
            raise InvalidRecord("deal.revoke.seat is missing: the seat that revoked", field="revoke.seat")
        revoke_points = _int_list(revoke.raw("points"), sides, "deal.revoke.points")

    points_team = points_value = points_sides = all_tricks = None
    if fields.has("points"):
        if tricks is not None:
            raise InvalidRecord(
                "deal.points must be omitted when deal.tricks is given (the engine counts the tricks)",
                field="points",
            )
        if revoke_seat is not None:
            raise InvalidRecord(
                "deal.points must be omitted with a revoke (deal.revoke.points gives the points)",
                field="points",
            )
        points = Fields(fields.mapping("points"), "deal.points", ("team", "value", "sides", "all_tricks"))
        if points.has("sides"):
            if points.has("team") or points.has("value") or points.has("all_tricks"):
                raise InvalidRecord(
                    "deal.points gives either sides or team with value/all_tricks, not both", field="points"
                )
            points_sides = _int_list(points.raw("sides"), sides, "deal.points.sides")
        else:
            points_team = points.integer("team", minimum=1, maximum=sides)
            if durchmarsch is not None or points.has("all_tricks"):
                if points.has("value"):
                    raise InvalidRecord(
                        "deal.points: a Durchmarsch gives team and all_tricks, not value",
                        field="points.value",
                    )
                all_tricks = points.boolean("all_tricks")
            else:
                if players != 4:
                    raise InvalidRecord(
                        f'deal.points: with {players} players give every side\'s points as {{"sides": [...]}}',
                        field="points",
                    )
                if "value" not in points.data:
                    raise InvalidRecord("deal.points.value is missing", field="points.value")
                points_value = check_integer(points.raw("value"), "deal.points.value")
    elif tricks is None and revoke_seat is None:
        raise InvalidRecord("deal.points is missing (give points, revoke or tricks)", field="points")

    return DealRecord(
        options,
        players,
        format_name,
        forehand,
        trump,
        declarer,
        how,
        kontra,
        re,
        melds,
        bella,
        points_team,
        points_value,
        points_sides,
        all_tricks,
        revoke_seat,
        revoke_points,
        durchmarsch,
        tricks,
        hands,
        meld_values,
        meld_best,
    )


# -- totals a side can take (K10), from the card values via rules_engine.totals ----------


@cache
def _side_totals(players: int, jappa_total: bool, last_trick: bool | None) -> frozenset[int]:
    """Totals one side can take with ``players`` cards a trick (``last_trick`` None: either way)."""
    takes = achievable_totals(deck_values(jappa_total), players, TRICKS_PER_DEAL, LAST_TRICK_BONUS)
    return frozenset(
        total
        for total, ways in takes.items()
        if any(last_trick is None or w.last_trick is last_trick for w in ways)
    )


@cache
def _table_totals(players: int, jappa_total: bool) -> frozenset[int]:
    """Totals of all sides together: every trick of the deal (8 N cards) and the last trick."""
    takes = achievable_totals(deck_values(jappa_total), players, TRICKS_PER_DEAL, LAST_TRICK_BONUS)
    return frozenset(total for total, ways in takes.items() if any(w.tricks == TRICKS_PER_DEAL for w in ways))


def _points_error(
    code: str, template: str, field: str = "points", rule: str = "K10", **params: Any
) -> Reason:
    return Reason(rule, code, template, params, field=field)


def _check_card_points(points: Sequence[int], players: int, jappa_total: bool) -> list[Reason]:
    """K10: each side's card points within 0..total, a possible total; 4 players: the split adds up."""
    total = deal_total(jappa_total)
    errors: list[Reason] = []
    for side, value in enumerate(points, start=1):
        if not 0 <= value <= total:
            errors.append(
                _points_error(
                    "points_range",
                    "side {side} has {value} card points; a side takes 0..{total}",
                    side=side,
                    value=value,
                    total=total,
                )
            )
        elif value not in _side_totals(players, jappa_total, None):
            errors.append(
                _points_error(
                    "impossible_total",
                    "side {side}: no set of tricks gives {value} card points",
                    side=side,
                    value=value,
                )
            )
    if errors:
        return errors
    if players == 4:
        if sum(points) != total:
            errors.append(
                _points_error(
                    "split_total",
                    "the teams' card points {a} + {b} make {sum}, not the deal's {total}",
                    rule="K2.5" if jappa_total else "K2.4",
                    a=points[0],
                    b=points[1],
                    sum=sum(points),
                    total=total,
                )
            )
    elif sum(points) not in _table_totals(players, jappa_total):
        errors.append(
            _points_error(
                "table_total",
                "the sides' card points make {sum}: no deal of 8 tricks of {players} cards gives that",
                rule="K1.4",
                sum=sum(points),
                players=players,
            )
        )
    return errors


def _check_revoke_points(points: Sequence[int], players: int, jappa_total: bool) -> list[Reason]:
    """K4.5: points in the tricks before a revoke: whole tricks, no last trick."""
    ceiling = deal_total(jappa_total) - LAST_TRICK_BONUS
    errors: list[Reason] = []
    for side, value in enumerate(points, start=1):
        if not 0 <= value <= ceiling or value not in _side_totals(players, jappa_total, False):
            errors.append(
                _points_error(
                    "revoke_points",
                    "revoke.points: no set of tricks before the revoke gives side {side} {value} card points",
                    field="revoke",
                    side=side,
                    value=value,
                )
            )
    if not errors and sum(points) > ceiling:
        errors.append(
            _points_error(
                "revoke_points",
                "revoke.points make {sum}; the cards hold only {ceiling}",
                field="revoke",
                sum=sum(points),
                ceiling=ceiling,
            )
        )
    return errors


def _rule_checks(deal: DealRecord) -> list[Reason]:
    errors: list[Reason] = []
    if deal.how == "besser" and deal.trump is not BESSER_TRUMP:
        errors.append(
            Reason(
                "K3.3",
                "besser_not_clubs",
                "a Besser is played in clubs (C), not {trump}",
                {"trump": deal.trump.value},
                field="trump",
            )
        )
    if deal.re and not deal.kontra:
        errors.append(Reason("K5.6", "re_without_kontra", "Re is said only after a Kontra", {}, field="re"))
    if deal.durchmarsch is not None:
        if deal.format != "liga":
            errors.append(
                Reason(
                    "K8.4",
                    "durchmarsch_format",
                    "a Durchmarsch belongs to the Liga format, not {format}",
                    {"format": deal.format},
                    field="durchmarsch",
                )
            )
        if deal.points_team is not None and deal.points_team != deal.durchmarsch.side:
            errors.append(
                Reason(
                    "K8.4",
                    "durchmarsch_team",
                    "points.team {team} is not the marching side {side} of seat {seat}",
                    {
                        "team": deal.points_team,
                        "side": deal.durchmarsch.side,
                        "seat": deal.durchmarsch.number,
                    },
                    field="points",
                )
            )
        if deal.points_value is not None or deal.points_sides is not None:
            errors.append(
                Reason(
                    "K8.4",
                    "durchmarsch_points",
                    "a Durchmarsch deal gives points as team and all_tricks",
                    {},
                    field="points",
                )
            )
    elif deal.all_tricks is not None:
        errors.append(
            Reason(
                "K8.4",
                "all_tricks_without_march",
                "points.all_tricks belongs to a Durchmarsch deal; durchmarsch is null",
                {},
                field="points",
            )
        )
    return errors


def _beet_json(pool: int) -> int | float:
    """The Beet, half the pool (K6), as the answer states it: whole when it is whole."""
    # Integer arithmetic, not ``fractions``: the module's import is a tenth of the command
    # line's start-up. ``pool / 2`` of an odd pool is exact in a float, as Fraction's was.
    return pool // 2 if pool % 2 == 0 else pool / 2


def augen_of(points: int) -> int:
    """K8.1: ten game points are one Auge, rounded half up (55 -> 6, 54 -> 5)."""
    return (points + GAME_POINTS_PER_AUGE // 2) // GAME_POINTS_PER_AUGE


@dataclass(slots=True)
class _Facts:
    """What the record establishes about a deal once its claims are checked."""

    errors: list[Reason]
    hands: Mapping[Seat, frozenset[Card]] | None = None
    melds: list[Meld] = field(default_factory=list)
    #: Who scores melds given by value (K5.3); None when they are given by cards.
    meld_score: MeldScore | None = None
    card_points: tuple[int, ...] | None = None
    revoke_seat: Seat | None = None
    revoke_points: tuple[int, ...] | None = None
    #: The revoke the engine found itself in the tricks, if it did.
    revoke_found: Revoke | None = None
    all_tricks: bool | None = None
    #: Seat numbers that took the tricks, when the record gives them.
    trick_winners: list[int] | None = None


def score_deal(record: Mapping[str, Any]) -> Answer:
    """Validate and score one Klammern deal (the answer is described in the module docstring).

    :raises InvalidRecord: the input is not a Klammern deal record (exit 2). Rule breaks
        are answered with ``valid: false`` and their reasons.
    """
    deal = parse_deal(record)
    rank = ranking(deal.trump, bool(deal.options.jappa_total))
    facts = _establish(deal, rank)
    if facts.errors:
        return {"valid": False, "errors": [e.to_json() for e in facts.errors]}

    sides = deal.sides
    meld_score = facts.meld_score or score_melds(
        facts.melds, sides, deal.trump, deal.forehand, str(deal.options.meld_tiebreak)
    )
    bella = bella_points(deal.bella, sides)
    multiplier = MULTIPLIER[(deal.kontra, deal.re)]
    answer: Answer = {
        "valid": True,
        "errors": [],
        "players": deal.players,
        "format": deal.format,
        "how": deal.how,
        "trump": deal.trump.value,
        "forehand": deal.forehand.number,
        "dealer": deal.forehand.previous.number,
        "declarer": deal.declarer.number,
        "declarer_side": deal.declarer.side,
        "kontra": deal.kontra,
        "re": deal.re,
        "multiplier": multiplier,
        "total": deal_total(bool(deal.options.jappa_total)),
        "melds": list(meld_score.points),
        "meld_winner": meld_score.winner,
        "bella": list(bella),
        "revoke": None,
        "durchmarsch": None,
    }
    if facts.trick_winners is not None:
        answer["trick_winners"] = facts.trick_winners
    extras = [meld_score.points[i] + bella[i] for i in range(sides)]
    if deal.durchmarsch is not None:
        winners = _march_outcome(deal, facts, answer)
    elif facts.revoke_seat is not None:
        winners = _revoke_outcome(deal, facts, extras, _all_points(deal, facts, rank, sum(extras)), answer)
    else:
        winners = _plain_outcome(deal, facts, extras, answer)
    augen = [augen_of(points) * multiplier for points in answer["credited"]]
    return _finish(answer, deal, winners, augen, multiplier)


def _establish(deal: DealRecord, rank: Ranking) -> _Facts:
    """Check every claim of the record (K3.3, K5, K8.4, K10) and read its card points."""
    facts = _Facts(_rule_checks(deal))
    _read_claims(deal, rank, facts)
    if (
        deal.players != 4
        and facts.revoke_seat is not None
        and deal.durchmarsch is None
        and (deal.hands is None or len(deal.hands) != deal.players)
    ):
        facts.errors.append(
            Reason(
                "K1.4.1",
                "revoke_needs_hands",
                "with {players} players a revoked deal is judged from the cards dealt: give every hand",
                {"players": deal.players},
                field="hands",
            )
        )
    return facts


def _read_claims(deal: DealRecord, rank: Ranking, facts: _Facts) -> None:
    errors = facts.errors
    rep: Replay | None = None
    if deal.tricks is not None:
        from rules_engine.klammern.play import replay

        rep = replay(deal.tricks, deal.players, deal.forehand, rank, deal.hands)
        errors.extend(rep.errors)
        facts.trick_winners = list(rep.winners)
        if deal.melds or deal.bella is not None or deal.players != 4:
            facts.hands = rep.hands
    elif deal.hands is not None:
        errors.extend(hand_errors(deal.hands))
        facts.hands = {seat: frozenset(cards) for seat, cards in deal.hands.items()}

    facts.melds, meld_errors = check_melds(deal.melds, facts.hands)
    errors.extend(meld_errors)
    if deal.bella is not None:
        errors.extend(bella_errors(deal.bella, deal.trump, facts.melds, facts.hands))
    if deal.meld_values or deal.meld_best is not None:
        _read_meld_values(deal, facts)

    facts.revoke_seat, facts.revoke_points = deal.revoke_seat, deal.revoke_points
    facts.all_tricks = deal.all_tricks
    if rep is not None:
        if not rep.errors:
            _read_replay(deal, rep, facts)
        return

    jappa = bool(deal.options.jappa_total)
    total = deal_total(jappa)
    if facts.revoke_seat is not None and facts.revoke_points is not None:
        errors.extend(_check_revoke_points(facts.revoke_points, deal.players, jappa))
    if deal.durchmarsch is not None:
        if facts.revoke_seat is not None and facts.revoke_points is not None:
            facts.all_tricks = _march_stands(deal.durchmarsch.side, facts.revoke_seat, facts.revoke_points)
        return
    if facts.revoke_seat is not None:
        return
    if deal.points_sides is not None:
        facts.card_points = deal.points_sides
    elif deal.points_value is not None and deal.points_team is not None:
        value = deal.points_value
        if not 0 <= value <= total:
            errors.append(
                _points_error(
                    "points_range",
                    "points.value {value} is outside 0..{total}",
                    value=value,
                    total=total,
                )
            )
            return
        facts.card_points = (value, total - value) if deal.points_team == 1 else (total - value, value)
    if facts.card_points is not None:
        errors.extend(_check_card_points(facts.card_points, deal.players, jappa))
        in_play = _points_in_play(deal, facts, rank)
        if in_play is not None and sum(facts.card_points) != in_play:
            errors.append(
                _points_error(
                    "table_total",
                    "the sides' card points make {sum}; the hands dealt hold {in_play} with the last trick",
                    rule="K1.4",
                    sum=sum(facts.card_points),
                    in_play=in_play,
                )
            )


def _read_meld_values(deal: DealRecord, facts: _Facts) -> None:
    """Check melds given by value (K5.1, K5.3) and settle who scores them (K5.2)."""
    from rules_engine.klammern.meld_values import award_values, team_reasons

    reasons = [
        reason
        for side, values in sorted(deal.meld_values.items())
        for reason in team_reasons(side, values, players=deal.players)
    ]
    if not reasons:
        points, winner, reasons = award_values(deal.meld_values, deal.meld_best, deal.sides)
        facts.meld_score = MeldScore(points, winner, None)
    facts.errors.extend(reasons)


def _read_replay(deal: DealRecord, rep: Replay, facts: _Facts) -> None:
    """Take the card points, the first revoke or the march's result from a replayed deal."""
    found = rep.revoke
    if deal.durchmarsch is not None:
        marcher = deal.durchmarsch.side
        # K8.4: a march fails at the first trick the others take; a revoke by the others
        # before that leaves it standing (K4.5 ends the deal there), one by the marching
        # side loses it.
        clean_so_far = sum(rep.tricks_won) == rep.tricks_won[marcher - 1]
        facts.all_tricks = clean_so_far and (found is None or found.seat.side != marcher)
    if found is None:
        if deal.revoke_seat is not None:
            facts.errors.append(
                Reason(
                    "K4.5",
                    "revoke_not_found",
                    "revoke names seat {seat}, but no card in the tricks breaks K4.2-K4.3",
                    {"seat": deal.revoke_seat.number},
                    field="revoke",
                )
            )
        if deal.durchmarsch is None:
            facts.card_points = rep.card_points
        return
    if deal.revoke_seat is not None and (
        deal.revoke_seat != found.seat or tuple(deal.revoke_points or ()) != found.points
    ):
        facts.errors.append(
            Reason(
                "K4.5",
                "revoke_mismatch",
                "revoke says seat {seat} with points {points}; the tricks show seat {found} revoking "
                "in trick {trick} with points {found_points}",
                {
                    "seat": deal.revoke_seat.number,
                    "points": list(deal.revoke_points or ()),
                    "found": found.seat.number,
                    "trick": found.trick + 1,
                    "found_points": list(found.points),
                },
                field="revoke",
            )
        )
    facts.revoke_seat, facts.revoke_points = found.seat, found.points
    facts.revoke_found = found


def _march_stands(marcher: int, revoker: Seat, points: Sequence[int]) -> bool:
    """K8.4: a revoke ends a march like any deal. One by the other side before the marching
    side lost a trick lets the march stand; one by the marching side loses it. Card points
    for another side before the revoke show a trick it took: the march had failed already."""
    clean_so_far = all(value == 0 for side, value in enumerate(points, 1) if side != marcher)
    return clean_so_far and revoker.side != marcher


def _points_in_play(deal: DealRecord, facts: _Facts, rank: Ranking) -> int | None:
    """2-3 players with every hand known: the card points dealt plus the last trick."""
    hands = facts.hands
    if deal.players == 4 or hands is None or len(hands) != deal.players:
        return None
    return sum(rank.points(card) for cards in hands.values() for card in cards) + LAST_TRICK_BONUS


def _all_points(deal: DealRecord, facts: _Facts, rank: Ranking, extras: int) -> int:
    """All points of the deal (K6.2, K4.5): 164 (162) or the cards in play, plus melds and Bella."""
    in_play = _points_in_play(deal, facts, rank)
    return (deal_total(bool(deal.options.jappa_total)) if in_play is None else in_play) + extras


def _opponents(deal: DealRecord) -> list[int]:
    return [side for side in range(1, deal.sides + 1) if side != deal.declarer.side]


def _march_outcome(deal: DealRecord, facts: _Facts, answer: Answer) -> list[int]:
    """K8.4: a march adds no Augen; the match layer decides what it means."""
    assert deal.durchmarsch is not None
    marcher = deal.durchmarsch.side
    succeeded = bool(facts.all_tricks)
    sides = range(1, deal.sides + 1)
    answer.update(
        {
            "card_points": [answer["total"] if s == marcher else 0 for s in sides] if succeeded else None,
            "beet": None,
            "side_points": None,
            "credited": [0] * deal.sides,
            "declarer_wins": None,
            "durchmarsch": {"seat": deal.durchmarsch.number, "side": marcher, "all_tricks": succeeded},
        }
    )
    if facts.revoke_seat is not None and facts.revoke_points is not None:
        # K8.4: the revoker never keeps a march deal (it stands against it, or it fails).
        answer["revoke"] = _revoke_json(facts, kept=False)
    return [marcher] if succeeded else [s for s in sides if s != marcher]


def _revoke_outcome(
    deal: DealRecord, facts: _Facts, extras: list[int], pool: int, answer: Answer
) -> list[int]:
    """K4.5: who keeps a revoked deal, and what a Liga side is credited with."""
    assert facts.revoke_seat is not None and facts.revoke_points is not None
    declarer_side = deal.declarer.side
    revoker = facts.revoke_seat.side
    counted = [points + extra for points, extra in zip(facts.revoke_points, extras)]
    if deal.options.revoke == "secured":
        # The playing team needs strictly more than the Beet (pool / 2), the defenders at least
        # the Beet; compared doubled, in whole numbers.
        doubled = 2 * counted[revoker - 1]
        kept = doubled > pool if revoker == declarer_side else doubled >= pool
    else:
        kept = False
    declarer_wins = kept if revoker == declarer_side else not kept
    if declarer_wins:
        winners = [declarer_side]
    elif kept:
        winners = [revoker]  # K1.4.1: a defender who keeps the deal alone; every other player 0
    else:
        winners = _opponents(deal)
    credited = [0] * deal.sides
    if kept or len(winners) > 1:
        # The revoker scores what it counted; with 2-3 players a losing declarer's
        # opponents each score their own (K1.4).
        for side in winners:
            credited[side - 1] = counted[side - 1]
    else:
        credited[winners[0] - 1] = pool  # the clean side: all points of the deal
    answer.update(
        {
            "card_points": list(facts.revoke_points),
            "beet": _beet_json(pool),
            "side_points": counted,
            "credited": credited,
            "declarer_wins": declarer_wins,
            "revoke": _revoke_json(facts, kept),
        }
    )
    return winners


def _revoke_json(facts: _Facts, kept: bool) -> RevokeJSON:
    assert facts.revoke_seat is not None and facts.revoke_points is not None
    found = facts.revoke_found
    return {
        "seat": facts.revoke_seat.number,
        "side": facts.revoke_seat.side,
        "points": list(facts.revoke_points),
        "kept": kept,
        "trick": None if found is None else found.trick,
        "card": None if found is None else str(found.card),
        "rule": None if found is None else found.reason.rule,
        "message": None if found is None else found.reason.message,
    }


def _plain_outcome(deal: DealRecord, facts: _Facts, extras: list[int], answer: Answer) -> list[int]:
    """K6: strictly more than the Beet wins; K8.3 / K1.4: what a Liga side is credited with."""
    assert facts.card_points is not None
    declarer_side = deal.declarer.side
    own = [points + extra for points, extra in zip(facts.card_points, extras)]
    pool = sum(own)
    declarer_wins = 2 * own[declarer_side - 1] > pool  # more than the Beet (pool / 2), doubled
    winners = [declarer_side] if declarer_wins else _opponents(deal)
    if declarer_wins:
        credited = list(own)
    elif deal.players == 4:
        credited = [0] * deal.sides
        credited[winners[0] - 1] = pool  # K8.3: the defenders score all points
    else:
        credited = [
            0 if side == declarer_side else own[side - 1] for side in range(1, deal.sides + 1)
        ]  # K1.4
    answer.update(
        {
            "card_points": list(facts.card_points),
            "beet": _beet_json(pool),
            "side_points": own,
            "credited": credited,
            "declarer_wins": declarer_wins,
        }
    )
    return winners


def _finish(
    answer: Answer, deal: DealRecord, winners: list[int], augen: list[int], multiplier: int
) -> Answer:
    """Winner fields and the figure of the record's format (K7.1-K7.2, K8, K9.2)."""
    sides = deal.sides
    answer["winner_sides"] = winners
    answer["winner_side"] = winners[0] if len(winners) == 1 else None
    if deal.format == "liga":
        answer["augen"] = augen
        return answer
    won = bool(answer["declarer_wins"])
    if deal.format == "small_big":
        award = (SMALL_WON if won else SMALL_LOST) * multiplier
        answer["small_points"] = _award(sides, winners, award)
    else:
        won_award, lost_award = DICE["orgi" if deal.how == "orgi" else "little"]
        answer["dice"] = _award(sides, winners, (won_award if won else lost_award) * multiplier)
    return answer


def _award(sides: int, winners: Sequence[int], award: int) -> list[int]:
    """The award to every winning side (each opponent of a lost declarer with 2-3 players, K1.4, K9.2)."""
    return [award if side in winners else 0 for side in range(1, sides + 1)]
