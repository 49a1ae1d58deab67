"""One Coiffeur deal: reading its record, checking its rules, writing its cell (C3-C6, C9).

:func:`parse_deal` reads the shape (malformed input raises :class:`InvalidRecord`);
:func:`evaluate_deal` checks the rules a lone record can check (C1.3, C3.3, the row and
its contract, the points or the cards) and computes the written value, the cell and the
bonuses; the match (:mod:`.match`) adds what needs the grid's state (C3.4, C7.1, a row
filled once per team).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.cards import Card, parse_cards
from rules_engine.coiffeur.answers import DealAnswer
from rules_engine.coiffeur.contracts import PLAY_RULE, TRICKS, CoiffeurContract, row_reason
from rules_engine.coiffeur.options import DEAL_TOTAL, Row, coiffeur_options, tens, written_base
from rules_engine.errors import InvalidRecord, Reason
from rules_engine.options import RuleOptions
from rules_engine.records import Fields, per_seat_cards
from rules_engine.schieber.contracts import Contract
from rules_engine.schieber.deal import PointsClaim, parse_points
from rules_engine.schieber.play import check_trick_points
from rules_engine.schieber.trick_modes import Relabel, TrickMode, replay_modes

__all__ = ["DEAL_FIELDS", "CoiffeurDeal", "DealScore", "evaluate_deal", "parse_deal", "score_deal"]

PLAYERS = 4
#: COIFFEUR.md "Deal record": the fields of a deal inside a match, and nothing else.
DEAL_FIELDS: frozenset[str] = frozenset(
    {
        "teams",
        "forehand",
        "pushes",
        "chooser",
        "row",
        "contract",
        "points",
        "tricks",
        "hands",
        "weis",
        "stoeck",
    }
)
RECORD_FIELDS: frozenset[str] = DEAL_FIELDS | {"game", "options"}


@dataclass(frozen=True, slots=True)
class CoiffeurDeal:
    """A deal record as read, before any rule is checked (seats are numbers 1..4)."""

    forehand: int
    pushes: int
    chooser: int
    row: int
    contract: CoiffeurContract
    points: PointsClaim | None
    tricks: tuple[tuple[Card, ...], ...] | None
    hands: Mapping[int, tuple[Card, ...]] | None
    weis: object
    stoeck: object

    @property
    def team(self) -> int:
        """The choosing team (seats 1 and 3 are team 1)."""
        return 1 if self.chooser % 2 == 1 else 2


def check_teams(value: object, where: str) -> None:
    """C1.1: two teams only."""
    if value is not None and (isinstance(value, bool) or value != 2):
        raise InvalidRecord(
            f"{where}: teams must be 2 (three-team Coiffeur is not supported), not {value!r}", where=where
        )


def parse_deal(data: object, where: str = "deal", *, allowed: frozenset[str] = RECORD_FIELDS) -> CoiffeurDeal:
    """Read a deal's shape.

    :raises InvalidRecord: an unknown field, a missing or non-integer ``forehand``,
        ``chooser`` or ``row``, a non-integer ``pushes``, a contract not in one of the
        forms, ``points`` with ``tricks`` or neither, ``match: true`` with a ``value``.
    """
    deal = Fields(data, where, allowed)
    check_teams(deal.raw("teams"), where)
    forehand = deal.seat("forehand")
    chooser = deal.seat("chooser")
    if forehand is None or chooser is None:
        raise InvalidRecord(
            f"{deal.name('forehand' if forehand is None else 'chooser')} is missing",
            where=deal.name("forehand" if forehand is None else "chooser"),
        )
    pushes = deal.integer("pushes") if deal.has("pushes") else 0
    row = deal.integer("row")
    if "contract" not in deal.data:
        raise InvalidRecord(f"{deal.name('contract')} is missing", where=deal.name("contract"))
    contract = CoiffeurContract.parse(deal.raw("contract"))
    has_points, has_tricks = deal.has("points"), deal.has("tricks")
    if has_points and has_tricks:
        raise InvalidRecord(
            f"{where}: give 'points' or 'tricks', not both (with tricks the engine counts)", where=where
        )
    if not has_points and not has_tricks:
        raise InvalidRecord(f"{where}: 'points' is missing (or give the nine 'tricks')", where=where)
    points = parse_points(deal.raw("points"), deal.name("points")) if has_points else None
    tricks = None
    if has_tricks:
        raw = deal.sequence("tricks")
        tricks = tuple(parse_cards(trick, what=f"{deal.name('tricks')}[{i}]") for i, trick in enumerate(raw))
    hands = None
    if deal.has("hands"):
        hands = {
            seat.number: cards for seat, cards in per_seat_cards(deal.raw("hands"), PLAYERS, "hands").items()
        }
    return CoiffeurDeal(
        forehand.number,
        pushes,
        chooser.number,
        row,
        contract,
        points,
        tricks,
        hands,
        deal.raw("weis"),
        deal.raw("stoeck"),
    )


@dataclass(slots=True)
class DealScore:
    """A checked deal: the reasons it breaks and, when it breaks none, its figures."""

    deal: CoiffeurDeal
    options: RuleOptions
    row: Row | None
    reasons: list[Reason] = field(default_factory=list)
    trick_points: tuple[int, int] = (0, 0)
    #: The team that took all nine tricks, if one did.
    all_tricks: int | None = None
    written: int = 0
    cell: int = 0
    match: bool = False
    konter: bool = False
    bonus: tuple[int, int] = (0, 0)
    trick_winners: tuple[int, ...] | None = None

    @property
    def valid(self) -> bool:
        return not self.reasons

    def to_json(self) -> DealAnswer:
        deal = self.deal
        answer: DealAnswer = {
            "valid": self.valid,
            "errors": [reason.to_json() for reason in self.reasons],
            "team": deal.team,
            "row": deal.row,
            "factor": self.row.factor if self.row is not None else None,
            "chooser": deal.chooser,
            "forehand": deal.forehand,
            "pushes": deal.pushes,
            "contract": deal.contract.to_json(),
            "modes": [mode.key for mode in deal.contract.modes(self.options)],
        }
        if not self.valid:
            answer.update(
                {
                    "trick_points": None,
                    "written": None,
                    "match": None,
                    "konter": None,
                    "cell": None,
                    "bonus": None,
                }
            )
            if deal.tricks is not None:
                answer["trick_winners"] = None
            return answer
        answer.update(
            {
                "trick_points": list(self.trick_points),
                "written": self.written,
                "match": self.match,
                "konter": self.konter,
                "cell": self.cell,
                "bonus": list(self.bonus),
            }
        )
        if self.trick_winners is not None:
            answer["trick_winners"] = list(self.trick_winners)
        return answer


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}es"


def chooser_reason(deal: CoiffeurDeal, options: RuleOptions) -> Reason | None:
    """C3.3: ``pushes`` in range and the chooser the seat they lead to (a lone record's check)."""
    forehand, pushes, chooser = deal.forehand, deal.pushes, deal.chooser
    params: dict[str, Any] = {
        "forehand": forehand,
        "pushes": pushes,
        "chooser": chooser,
        "push": options["push"],
    }
    if options["push"] == "round":
        if not 0 <= pushes <= 2 * PLAYERS - 1:
            return Reason(
                "C3.3",
                "pushes_range",
                "pushes must be 0..7 when pushing round, not {pushes}",
                params,
                field="pushes",
            )
        expected = {(forehand - 1 + pushes) % PLAYERS + 1}
    else:
        if not 0 <= pushes <= 2:
            return Reason(
                "C3.3",
                "pushes_range",
                "pushes must be 0..2 when pushing to the partner, not {pushes}",
                params,
                field="pushes",
            )
        # 1: to the partner, or a forced pass to the next player; 2: forced, then to that player's partner.
        offsets = {0: (0,), 1: (2, 1), 2: (3,)}[pushes]
        expected = {(forehand - 1 + offset) % PLAYERS + 1 for offset in offsets}
    if chooser in expected:
        return None
    params["expected"] = sorted(expected)
    params["pushes_text"] = _plural(pushes, "push")
    return Reason(
        "C3.3",
        "chooser_not_after_pushes",
        "chooser {chooser} is not {pushes_text} after forehand {forehand}",
        params,
        field="chooser",
    )


def relabel_for(contract: CoiffeurContract) -> Relabel:
    """Card reasons: Schieber's own for the fixed contracts (C4.1, C4.2); for the extra
    contracts the contract's rule (C5.1-C5.4), naming the trick's mode."""
    rule = PLAY_RULE[contract.type]

    def relabel(reason: Reason, mode: TrickMode, trick: int | None) -> Reason:
        if reason.code == "not_in_hand":  # C9: a card not in the player's hand
            params = {**reason.params, "play_rule": reason.rule}
            return Reason("C9", reason.code, reason.template, params, reason.field)
        if not rule.startswith("C5"):
            return reason
        params = dict(reason.params)
        params.update({"mode": mode.key, "play_rule": reason.rule, "contract_type": contract.type})
        if trick is None:
            return Reason(rule, reason.code, "{mode} ({play_rule}): " + reason.template, params, reason.field)
        params["trick"] = trick + 1
        return Reason(
            rule,
            reason.code,
            "trick {trick} is {mode} ({play_rule}): " + reason.template,
            params,
            reason.field,
        )

    return relabel


def evaluate_deal(deal: CoiffeurDeal, options: RuleOptions) -> DealScore:
    """Check a deal's own rules and, when it breaks none, write its cell (C6)."""
    grid: tuple[Row, ...] = options["grid"]
    row = grid[deal.row - 1] if 1 <= deal.row <= len(grid) else None
    score = DealScore(deal, options, row)
    reasons = score.reasons
    if deal.weis is not None and deal.weis != {}:
        reasons.append(
            Reason(
                "C1.3",
                "no_weis",
                "Coiffeur is played without Weis; weis must be empty",
                {"weis": deal.weis},
                field="weis",
            )
        )
    if deal.stoeck is not None:
        reasons.append(
            Reason(
                "C1.3",
                "no_stoeck",
                "Coiffeur is played without Stöck; stoeck must be null",
                {"stoeck": deal.stoeck},
                field="stoeck",
            )
        )
    why = chooser_reason(deal, options)
    if why is not None:
        reasons.append(why)
    if row is None:
        reasons.append(
            Reason(
                "C9",
                "row_outside_grid",
                "row {row} is not in the grid (rows 1..{rows})",
                {"row": deal.row, "rows": len(grid)},
                field="row",
            )
        )
    else:
        why = row_reason(row, deal.row, deal.contract, options)
        if why is not None:
            reasons.append(why)
    contract = deal.contract
    opening = Contract(contract.opening_key(options))
    per_trick = options["mixed_points"] == "per_trick" and contract.is_mixed
    if deal.points is not None:
        if per_trick:
            reasons.append(
                Reason(
                    "C5.6",
                    "per_trick_needs_tricks",
                    "with mixed_points per_trick a {type} must be entered card by card (tricks): its total is not 157",
                    {"type": contract.type},
                    field="points",
                )
            )
        else:
            _take_points(score, deal.points, opening)
    else:
        assert deal.tricks is not None
        played = replay_modes(
            contract.modes(options),
            contract.points(options),
            PLAYERS,
            deal.chooser,
            deal.tricks,
            deal.hands,
            relabel_for(contract),
            "C9",
        )
        reasons.extend(played.reasons)
        seat_points = played.seat_points
        score.trick_points = (seat_points[0] + seat_points[2], seat_points[1] + seat_points[3])
        teams = {1 if seat % 2 == 1 else 2 for seat in played.winners}
        score.all_tricks = teams.pop() if len(teams) == 1 else None
        score.trick_winners = played.winners
    if score.valid and row is not None:
        _write(score, row)
    return score


def _take_points(score: DealScore, claim: PointsClaim, opening: Contract) -> None:
    """The claimed team's points, the other's derived (C4.3), checked against the card values (S8)."""
    if claim.match:
        score.all_tricks = claim.team
        score.trick_points = (DEAL_TOTAL, 0) if claim.team == 1 else (0, DEAL_TOTAL)
        return
    assert claim.value is not None
    reasons = check_trick_points(opening, score.options, claim.value, False)
    score.reasons.extend(reasons)
    if not reasons:
        other = DEAL_TOTAL - claim.value
        score.trick_points = (claim.value, other) if claim.team == 1 else (other, claim.value)


def _write(score: DealScore, row: Row) -> None:
    """C6.1-C6.7: the written value, the cell and the bonuses outside the grid."""
    options = score.options
    deal = score.deal
    team = deal.team
    other = 3 - team
    own, theirs = score.trick_points[team - 1], score.trick_points[other - 1]
    factor = row.factor
    bonus = [0, 0]
    match_written = tens(options, written_base(options))
    if deal.contract.is_misere:
        # C6.3: the opponents' points are written; all nine to the opponents is a Misère
        # Match, all nine to the choosing team a Konter-Match.
        score.match = score.all_tricks == other
        score.konter = score.all_tricks == team
        written = match_written if score.match else 0 if score.konter else tens(options, theirs)
    else:
        score.match = score.all_tricks == team
        score.konter = score.all_tricks == other
        written = match_written if score.match else 0 if score.konter else tens(options, own)
        # C6.7: a lost contract credits the opponents outside the grid.
        if options["opponents_score"] == "lost" and own < DEAL_TOTAL - own:
            bonus[other - 1] += tens(options, theirs) * factor
    cell = written * factor
    if score.match and options["match_bonus"] == "flat":
        bonus[team - 1] += tens(options, int(options["match_bonus_points"]))
    if score.konter:
        if options["konter"] == "penalty":
            cell = -tens(options, int(options["konter_penalty"])) * factor
        elif options["konter"] == "award":
            bonus[other - 1] += tens(options, int(options["konter_award"])) * factor
    score.written = written
    score.cell = cell
    score.bonus = (bonus[0], bonus[1])


def score_deal(record: Mapping[str, Any]) -> DealAnswer:
    """Validate and score one Coiffeur deal record (COIFFEUR.md, "Deal record").

    :raises InvalidRecord: the input is not a Coiffeur deal record.
    """
    fields = Fields(record, "deal", RECORD_FIELDS)
    if fields.raw("game") != "coiffeur":
        raise InvalidRecord(f"game: {fields.raw('game')!r} is not a Coiffeur record", where="game")
    options = coiffeur_options(fields.raw("options"))
    deal = parse_deal(record)
    return evaluate_deal(deal, options).to_json()


__all__ += ["PointsClaim", "RECORD_FIELDS", "TRICKS", "chooser_reason", "check_teams"]
