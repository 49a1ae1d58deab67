"""A Differenzler Partie: totals, exact hits, ranking, who deals next (D6.4, D7).

The record's ``deals`` is the log of deals played; void deals (D6.4) score only their
penalties and do not count toward ``deal_count``. A deal after the Partie is complete
breaks D7.2. The first deal that breaks a rule ends the check; the answer then carries
the deals' answers up to it and no totals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rules_engine.differenzler.answers import DealAnswer, MatchAnswer, Next, RankEntry
from rules_engine.differenzler.deal import DEAL_FIELDS, evaluate_deal, parse_deal, read_players
from rules_engine.differenzler.options import differenzler_options
from rules_engine.errors import InvalidRecord, Reason
from rules_engine.options import RuleOptions
from rules_engine.records import Fields, check_integer, per_seat

__all__ = ["MATCH_FIELDS", "ranking", "score_match"]

MATCH_FIELDS: frozenset[str] = frozenset(
    {"game", "options", "players", "deal_count", "names", "lots", "deals"}
)
#: D7.2 [reading]: four Passen.
DEFAULT_DEAL_COUNT = 16


def ranking(
    totals: Sequence[int], exact_hits: Sequence[int], lots: Mapping[int, int], options: RuleOptions
) -> list[RankEntry]:
    """D1.2, D7.4: lowest total first; equal totals share a rank unless the ``tie`` option splits them."""
    seats = range(1, len(totals) + 1)
    tie = options["tie"]

    def key(seat: int) -> tuple[int, ...]:
        total = totals[seat - 1]
        if tie == "exact_hits":
            return (total, -exact_hits[seat - 1])
        if tie == "lot":
            group = [other for other in seats if totals[other - 1] == total]
            if len(group) > 1 and all(other in lots for other in group):
                return (total, lots[seat])
        return (total,)

    keys = {seat: key(seat) for seat in seats}
    ranks = {seat: 1 + sum(1 for other in seats if keys[other] < keys[seat]) for seat in seats}
    return [
        {
            "rank": ranks[seat],
            "seat": seat,
            "total": totals[seat - 1],
            "shared": any(ranks[other] == ranks[seat] for other in seats if other != seat),
        }
        for seat in sorted(seats, key=lambda s: (ranks[s], s))
    ]


def _names(value: object, players: int) -> list[str | None] | None:
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)) or len(value) != players:
        raise InvalidRecord(
            f"match.names must be a list of {players} names, not {value!r}", where="match.names"
        )
    if any(name is not None and not isinstance(name, str) for name in value):
        raise InvalidRecord(f"match.names must hold text, not {value!r}", where="match.names")
    return list(value)


def score_match(record: Mapping[str, Any]) -> MatchAnswer:
    """Validate and score a Differenzler Partie record (DIFFERENZLER.md, "Partie (match) record").

    :raises InvalidRecord: the input is not a Differenzler Partie record.
    """
    fields = Fields(record, "match", MATCH_FIELDS)
    if fields.raw("game") != "differenzler":
        raise InvalidRecord(f"game: {fields.raw('game')!r} is not a Differenzler record", where="game")
    options = differenzler_options(fields.raw("options"))
    players = read_players(fields.raw("players"), "match")
    deal_count = fields.integer("deal_count", minimum=1) if fields.has("deal_count") else DEFAULT_DEAL_COUNT
    names = _names(fields.raw("names"), players)
    lots = {
        seat.number: check_integer(value, f"match.lots.{seat}")
        for seat, value in per_seat(fields.mapping("lots", None), players, "match.lots").items()
    }
    if not fields.has("deals"):
        raise InvalidRecord(
            "match.deals is missing (the list of deals, [] before the first)", where="match.deals"
        )
    deals = []
    for index, deal in enumerate(fields.sequence("deals")):
        try:
            deals.append(parse_deal(deal, f"deals[{index}]", options, allowed=DEAL_FIELDS, players=players))
        except InvalidRecord as error:
            if error.deal is None:  # a fault its own message locates inside the deal only
                error.deal = index
            raise
    totals = [0] * players
    hits = [0] * players
    counted = 0
    errors: list[Reason] = []
    answers: list[DealAnswer] = []
    following: Next | None = None
    for index, deal in enumerate(deals):
        score = evaluate_deal(deal, options)
        if counted >= deal_count:
            score.reasons.insert(
                0,
                Reason(
                    "D7.2",
                    "partie_complete",
                    "the Partie of {deal_count} deals is complete; no deal comes after it",
                    {"deal_count": deal_count},
                ),
            )
        answer = score.to_json()
        answer["index"] = index
        answer["errors"] = [cast(Any, reason.in_deal(index).to_json()) for reason in score.reasons]
        answers.append(answer)
        if score.reasons:
            errors.extend(reason.in_deal(index) for reason in score.reasons)
            break
        for seat in range(players):
            totals[seat] += score.score[seat]
            hits[seat] += 1 if score.exact and score.exact[seat] else 0
        if deal.void:
            # D6.4: the replay is dealt by the same dealer, led by the same forehand.
            following = {"dealer": deal.dealer, "forehand": deal.forehand}
        else:
            counted += 1
            following = {"dealer": deal.forehand, "forehand": deal.forehand % players + 1}
    answer_: MatchAnswer = {
        "valid": not errors,
        "errors": [cast(Any, reason.to_json()) for reason in errors],
        "players": players,
        "deal_count": deal_count,
        "names": names,
    }
    if errors:
        answer_.update(
            {
                "deals_counted": None,
                "totals": None,
                "exact_hits": None,
                "ranking": None,
                "finished": None,
                "next": None,
                "deals": answers,
            }
        )
        return answer_
    finished = counted >= deal_count
    answer_.update(
        {
            "deals_counted": counted,
            "totals": totals,
            "exact_hits": hits,
            "ranking": ranking(totals, hits, lots, options),
            "finished": finished,
            "next": None if finished else following,
            "deals": answers,
        }
    )
    return answer_
