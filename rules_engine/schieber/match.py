"""A Schieber match: running totals, the target, who won, Schneider and who deals next (S1, S2.3, S7).

Within a deal points count in the order Stöck, Weis, trick points (S7.2), and the match
ends the moment a team reaches the target (S7.1): a deal that ends it on Stöck adds only
that Stöck, on Weis the Stöck and the Weis, on trick points everything of the deal.
When both teams cross by trick points, the deal's ``reached_first`` decides (S7.3); with
the tricks entered card by card the engine checks that claim.

The answer adds ``target``, ``points_needed`` and ``schneider_threatened`` (S1.3: the
teams that would be Schneider if the match ended now). ``next`` is null before the first
deal unless the record gives ``first_forehand`` (who holds Rosen 7, S2.3).

An invalid match record "yields no score": ``scores``, ``finished`` and ``winner`` are
null and neither ``schneider`` nor ``next`` is given. Each deal's own answer is still in
``deals`` (with its own validity); ``counted`` and ``scores_after`` are null from the
first deal that breaks a rule on, since nothing after it can be summed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from rules_engine.errors import InvalidRecord, Reason
from rules_engine.options import RuleOptions
from rules_engine.records import Fields
from rules_engine.resume import MatchState, header_of, json_copy, kept_deals
from rules_engine.schieber.answers import SchieberDealAnswer, SchieberMatchAnswer
from rules_engine.schieber.contracts import DEFAULT_TARGET, TRICKS_PER_DEAL
from rules_engine.schieber.deal import (
    DEAL_FIELDS,
    DealRecord,
    DealScore,
    cached_options,
    evaluate_deal,
    parse_deal,
)
from rules_engine.seats import Seat

__all__ = ["MATCH_FIELDS", "DealOutcome", "State", "crossing_trick", "resume_match", "score_match"]

MATCH_FIELDS: frozenset[str] = frozenset({"game", "profile", "options", "target", "first_forehand", "deals"})

Pair = tuple[int, int]

#: The stage of a deal at which the match ended (S7.2): Stöck, Weis or trick points.
EndedOn = Literal["stoeck", "weis", "trick_points"]
STOECK: Final = "stoeck"
WEIS: Final = "weis"
TRICK_POINTS: Final = "trick_points"


def _add(a: Pair, b: Pair) -> Pair:
    return (a[0] + b[0], a[1] + b[1])


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What one valid deal adds to the match, and whether it ended it (S7.1, S7.2)."""

    counted: Pair
    ended_on: EndedOn | None
    winner: int | None
    reasons: tuple[Reason, ...] = ()


def crossing_trick(score: DealScore, before: Pair, target: int, team: int) -> int | None:
    """The 0-based trick after which ``team`` reached ``target`` by trick points, from the replay.

    ``before`` holds the match score plus this deal's Stöck and Weis; the running raw
    trick points are multiplied by the factor, and a Match bonus counts with the last trick.
    """
    if score.running is None:
        return None
    index = team - 1
    for trick, running in enumerate(score.running):
        points = running[index]
        if trick == TRICKS_PER_DEAL - 1 and score.match_team == team:
            points += score.raw_match_bonus[index]
        if before[index] + points * score.factor >= target:
            return trick
    return None


def deal_outcome(score: DealScore, before: Pair, target: int) -> DealOutcome:
    """Count one valid deal into the match in the order Stöck, Weis, trick points (S7.2)."""
    counted: Pair = (0, 0)
    stages: tuple[tuple[EndedOn, Pair], ...] = ((STOECK, score.stoeck), (WEIS, score.weis))
    for stage, part in stages:
        counted = _add(counted, part)
        after = _add(before, counted)
        # Only one team scores Stöck and only one Weis, so one team at most crosses here.
        for team in (1, 2):
            if part[team - 1] and after[team - 1] >= target:
                return DealOutcome(counted, stage, team)
    partial_before = _add(before, counted)
    counted = _add(counted, _add(score.trick_points, score.match_bonus))
    after = _add(before, counted)
    crossed = [team for team in (1, 2) if after[team - 1] >= target]
    if not crossed:
        return DealOutcome(counted, None, None)
    if len(crossed) == 1:
        return DealOutcome(counted, TRICK_POINTS, crossed[0])
    return _both_crossed(score, partial_before, target, counted)


def _both_crossed(score: DealScore, before: Pair, target: int, counted: Pair) -> DealOutcome:
    """Both teams reached the target by trick points: ``reached_first`` decides (S7.3)."""
    claim = score.record.reached_first
    by_tricks: int | None = None
    if score.running is not None:
        when = {team: crossing_trick(score, before, target, team) for team in (1, 2)}
        reached = {team: trick for team, trick in when.items() if trick is not None}
        if reached:
            by_tricks = min(reached, key=reached.__getitem__)
    if claim is None:
        params: dict[str, Any] = {"target": target, "by_tricks": by_tricks}
        template = "both teams reach {target} by trick points in this deal; say which reached it first (reached_first)"
        if by_tricks is not None:
            template += " — by the tricks it was team {by_tricks}"
        reason = Reason("S7.3", "reached_first_missing", template, params, field="reached_first")
        return DealOutcome(counted, TRICK_POINTS, None, (reason,))
    if by_tricks is not None and by_tricks != claim:
        trick = crossing_trick(score, before, target, by_tricks)
        assert trick is not None
        reason = Reason(
            "S7.3",
            "reached_first_wrong",
            "reached_first says team {claim}, but by the tricks team {by_tricks} reached {target} "
            "first (after trick {trick})",
            {"claim": claim, "by_tricks": by_tricks, "target": target, "trick": trick + 1},
            field="reached_first",
        )
        return DealOutcome(counted, TRICK_POINTS, None, (reason,))
    return DealOutcome(counted, TRICK_POINTS, claim)


def _read_match(record: object) -> tuple[RuleOptions, int, Seat | None, list[Any]]:
    fields = Fields(record, "match", MATCH_FIELDS)
    game = fields.raw("game", "schieber")
    if game != "schieber":
        raise InvalidRecord(f"game: {game!r} is not a Schieber record", field="game")
    options = cached_options(fields.raw("profile"), fields.raw("options"))
    if fields.has("target"):
        target = fields.integer("target", minimum=1)
    elif options.profile in DEFAULT_TARGET:
        target = DEFAULT_TARGET[options.profile]
    else:  # TOURNAMENT.md T2.6: a Passe has no target; a match under its profile must name one
        raise InvalidRecord(
            f"match.target is missing (the {options.profile!r} profile has no target)", where="match.target"
        )
    if not fields.has("deals"):
        raise InvalidRecord("match.deals is missing (the list of deals, [] before the first)", field="deals")
    deals = fields.sequence("deals")
    first_forehand: Seat | None = fields.seat("first_forehand", 4, None)
    return options, int(target), first_forehand, list(deals)


def _parse_deal(deal: object, index: int) -> DealRecord:
    try:
        return parse_deal(deal, f"deals[{index}]", allowed=DEAL_FIELDS)
    except InvalidRecord as error:
        if error.deal is None:  # a fault its own message locates by value only (a card code)
            error.deal = index
        raise


def score_match(record: Mapping[str, Any]) -> SchieberMatchAnswer:
    """Validate and score a whole Schieber match record (DEAL_RECORD.md).

    :raises InvalidRecord: the input is not a match record (any deal malformed included).
    """
    return resume_match(record, None)[0]


@dataclass(frozen=True, slots=True)
class _After:
    """The match after one deal: that deal's answer and what the next deal continues from."""

    answer: SchieberDealAnswer
    #: Every reason found up to this deal (the same tuple as the last deal's when none is new).
    errors: tuple[Reason, ...]
    forehand: Seat
    scores: Pair
    summing: bool
    winner: int | None
    decided_at: int | None


#: The Schieber scoring of a match so far, to continue from (:mod:`rules_engine.resume`).
State = MatchState[_After]


def resume_match(
    record: Mapping[str, Any], state: MatchState[Any] | None, same_start: int | None = None
) -> tuple[SchieberMatchAnswer, State]:
    """:func:`score_match`, scoring only the deals after those ``state`` has scored already.

    The answer is the full re-score's; the state returned continues from this record.
    ``same_start``: see :func:`rules_engine.resume.kept_deals`.

    :raises InvalidRecord: the input is not a match record (any deal malformed included).
    """
    options, target, first_forehand, raw_deals = _read_match(record)
    header = header_of(record)
    kept = kept_deals(state, "schieber", header, raw_deals, same_start)
    checkpoints: list[_After] = list(state.checkpoints[:kept]) if state is not None and kept else []
    # Every new deal is read before any is scored: a malformed one is malformed input (exit 2).
    parsed = [_parse_deal(raw_deals[index], index) for index in range(kept, len(raw_deals))]
    last = checkpoints[-1] if checkpoints else None
    errors: tuple[Reason, ...] = last.errors if last else ()
    scores: Pair = last.scores if last else (0, 0)
    summing = last.summing if last else True
    winner = last.winner if last else None
    decided_at = last.decided_at if last else None
    for index, deal in enumerate(parsed, kept):
        score = evaluate_deal(deal, options)
        answer = score.to_json()
        answer["index"] = index
        found = [reason.in_deal(index) for reason in score.reasons]
        if decided_at is not None:
            if index == decided_at + 1:
                found.append(
                    Reason(
                        "S7.1",
                        "deal_after_end",
                        "deal {deal} comes after the match ended in deal {decided} ({winner_team} reached {target})",
                        {
                            "deal": index,
                            "decided": decided_at,
                            "winner_team": f"team {winner}",
                            "target": target,
                        },
                        deal=index,
                    )
                )
            summing = False
        if not score.valid:
            summing = False
        if summing:
            outcome = deal_outcome(score, scores, target)
            found.extend(reason.in_deal(index) for reason in outcome.reasons)
            if outcome.reasons:
                summing = False
            else:
                scores = _add(scores, outcome.counted)
                if outcome.winner is not None:
                    winner, decided_at = outcome.winner, index
            answer["counted"] = list(outcome.counted) if summing else None
            answer["scores_after"] = list(scores) if summing else None
            answer["ended_on"] = outcome.ended_on if summing else None
        else:
            answer["counted"] = answer["scores_after"] = None
            answer["ended_on"] = None
        if found:
            errors += tuple(found)
        checkpoints.append(_After(answer, errors, deal.forehand, scores, summing, winner, decided_at))
    deals = state.deals[:kept] if state is not None else ()
    deals += tuple(json_copy(raw_deals[index]) for index in range(kept, len(raw_deals)))
    after: State = MatchState("schieber", header, deals, tuple(checkpoints))
    answers = [checkpoint.answer for checkpoint in checkpoints]
    last_forehand = checkpoints[-1].forehand if checkpoints else None
    answered = _answer(errors, answers, scores, winner, target, last_forehand, first_forehand, options)
    return answered, after


def _answer(
    errors: Sequence[Reason],
    deals: list[SchieberDealAnswer],
    scores: Pair,
    winner: int | None,
    target: int,
    last_forehand: Seat | None,
    first_forehand: Seat | None,
    options: RuleOptions,
) -> SchieberMatchAnswer:
    if errors:
        return {
            "valid": False,
            "errors": [reason.to_json() for reason in errors],
            "profile": options.profile,
            "target": target,
            "scores": None,
            "finished": None,
            "winner": None,
            "points_needed": None,
            "schneider_threatened": None,
            "deals": deals,
        }
    finished = winner is not None
    answer: SchieberMatchAnswer = {
        "valid": True,
        "errors": [],
        "profile": options.profile,
        "target": target,
        "scores": list(scores),
        "finished": finished,
        "winner": winner,
        "points_needed": [max(0, target - s) for s in scores],
        "schneider_threatened": [] if finished else schneider_threatened(scores, target),
        "deals": deals,
    }
    if finished:
        loser = scores[1] if winner == 1 else scores[0]
        answer["schneider"] = 2 * loser < target  # S1.3: under half the target
    elif last_forehand is not None:
        # S2.3 [reading]: the next dealer is this deal's forehand, the next forehand the seat after.
        answer["next"] = {"dealer": last_forehand.number, "forehand": last_forehand.next.number}
    elif first_forehand is not None:
        # S2.3: the first deal's forehand holds Rosen 7; the table says who, the dealer sits before.
        answer["next"] = {"dealer": first_forehand.previous.number, "forehand": first_forehand.number}
    else:
        answer["next"] = None  # First deal: forehand is whoever holds Rosen 7 (S2.3).
    return answer


def schneider_threatened(scores: Pair, target: int) -> list[int]:
    """The teams that would be Schneider if the match ended now (S1.3): under half the
    target while the other team has reached half of it.

    >>> schneider_threatened((1600, 900), 3000), schneider_threatened((1600, 1500), 3000)
    ([2], [])
    """
    return [
        team
        for team, (own, other) in ((1, scores), (2, (scores[1], scores[0])))
        if 2 * own < target <= 2 * other
    ]
