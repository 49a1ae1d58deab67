"""A Coiffeur game: the grid filled deal by deal, totals, bounds, decided and winner (C3.4, C6-C8).

The record's ``deals`` is an append-only log of deals and scratches (C6.5). Each entry is
checked against the grid as it stands: a row is filled once per team (C9), a team with
no open row cannot choose and a player im Zwang must (C3.4), nothing comes after the
last cell (C7.1). The first entry that breaks a rule ends the check; the answer then
carries the entries' answers up to it and no totals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from rules_engine.coiffeur.answers import Bounds, Cell, DealAnswer, Decided, MatchAnswer, ScratchAnswer
from rules_engine.coiffeur.deal import (
    DEAL_FIELDS,
    PLAYERS,
    CoiffeurDeal,
    check_teams,
    evaluate_deal,
    parse_deal,
)
from rules_engine.coiffeur.options import DEAL_TOTAL, Row, coiffeur_options, tens, written_base
from rules_engine.errors import InvalidRecord, Reason
from rules_engine.options import RuleOptions
from rules_engine.records import Fields

__all__ = ["MATCH_FIELDS", "Scratch", "bounds", "score_match"]

MATCH_FIELDS: frozenset[str] = frozenset({"game", "options", "teams", "deals"})
_SCRATCH_FIELDS = frozenset({"team", "row", "reason"})


@dataclass(frozen=True, slots=True)
class Scratch:
    """A scratch entry (C6.5): a team's open cell struck with 0."""

    team: int
    row: int
    reason: str | None


def _parse_entry(data: object, index: int) -> CoiffeurDeal | Scratch:
    where = f"deals[{index}]"
    if isinstance(data, Mapping) and "scratch" in data:
        if set(data) != {"scratch"}:
            extra = sorted(str(key) for key in data if key != "scratch")
            raise InvalidRecord(
                f"{where}: a scratch entry has only 'scratch', not {extra[0]!r} too", where=where
            )
        fields = Fields(data["scratch"], f"{where}.scratch", _SCRATCH_FIELDS)
        if not fields.has("team") or not fields.has("row"):
            raise InvalidRecord(f"{where}.scratch needs a team and a row", where=f"{where}.scratch")
        reason = fields.raw("reason")
        if reason is not None and not isinstance(reason, str):
            raise InvalidRecord(
                f"{where}.scratch.reason must be text, not {reason!r}", where=f"{where}.scratch.reason"
            )
        return Scratch(fields.integer("team", minimum=1, maximum=2), fields.integer("row"), reason)
    try:
        return parse_deal(data, where, allowed=DEAL_FIELDS)
    except InvalidRecord as error:
        if error.deal is None:  # a fault its own message locates inside the deal only
            error.deal = index
        raise


class Grid:
    """The cells of both teams and their bonuses outside the grid, as the entries fill them."""

    def __init__(self, rows: tuple[Row, ...], options: RuleOptions) -> None:
        self.rows = rows
        self.options = options
        self.cells: list[list[Cell | None]] = [[None] * len(rows), [None] * len(rows)]
        self.bonus = [0, 0]

    def open_rows(self, team: int) -> list[int]:
        return [number for number, cell in enumerate(self.cells[team - 1], start=1) if cell is None]

    @property
    def finished(self) -> bool:
        return not self.open_rows(1) and not self.open_rows(2)

    def totals(self) -> list[int]:
        return [
            sum(cell["value"] for cell in self.cells[t] if cell is not None) + self.bonus[t] for t in (0, 1)
        ]

    def factor_sum(self, team: int) -> int:
        return sum(self.rows[number - 1].factor for number in self.open_rows(team))


def bounds(grid: Grid) -> Bounds:
    """C8.1: the least and the most each team can still end with."""
    options = grid.options
    totals = grid.totals()
    low, high = [0, 0], [0, 0]
    for team in (1, 2):
        other = 3 - team
        own_open, their_open = grid.factor_sum(team), grid.factor_sum(other)
        top = totals[team - 1] + tens(options, written_base(options)) * own_open
        if options["match_bonus"] == "flat":
            top += tens(options, int(options["match_bonus_points"])) * len(grid.open_rows(team))
        if options["konter"] == "award":
            top += tens(options, int(options["konter_award"])) * their_open
        if options["opponents_score"] == "lost":
            top += tens(options, DEAL_TOTAL) * their_open
        bottom = totals[team - 1]
        if options["konter"] == "penalty":
            bottom -= tens(options, int(options["konter_penalty"])) * own_open
        low[team - 1], high[team - 1] = bottom, top
    return {"min": low, "max": high}


def _clinched(limits: Bounds) -> int | None:
    """C8.2: the team whose minimum exceeds the other's maximum."""
    for team in (1, 2):
        if limits["min"][team - 1] > limits["max"][2 - team]:
            return team
    return None


def _seat_team(seat: int) -> int:
    return 1 if seat % 2 == 1 else 2


def zwang_reasons(deal: CoiffeurDeal, grid: Grid) -> list[Reason]:
    """C3.4 against the open rows: who chose could, and every forced pass was forced."""
    options = grid.options
    has_open = {team: bool(grid.open_rows(team)) for team in (1, 2)}
    chooser_team = _seat_team(deal.chooser)
    params: dict[str, Any] = {
        "chooser": deal.chooser,
        "team": chooser_team,
        "forehand": deal.forehand,
        "pushes": deal.pushes,
    }
    if not has_open[chooser_team]:
        return [
            Reason(
                "C3.4",
                "team_complete",
                "seat {chooser} cannot choose: team {team} has no open row and must pass",
                params,
                field="chooser",
            )
        ]
    reasons: list[Reason] = []
    if options["push"] == "round":
        # From the fifth pass on, whoever is reached is im Zwang: he passes only if his team is complete.
        for step in range(PLAYERS, deal.pushes):
            seat = (deal.forehand - 1 + step) % PLAYERS + 1
            if has_open[_seat_team(seat)]:
                reasons.append(
                    Reason(
                        "C3.4",
                        "zwang_passed",
                        "seat {seat} was im Zwang at pass {step} and his team {seat_team} had an open row: "
                        "he had to choose",
                        {**params, "seat": seat, "step": step + 1, "seat_team": _seat_team(seat)},
                        field="pushes",
                    )
                )
                break
    else:
        forced = deal.chooser != deal.forehand and deal.chooser != (deal.forehand + 1) % PLAYERS + 1
        forehand_open = has_open[_seat_team(deal.forehand)]
        if forehand_open and forced:
            reasons.append(
                Reason(
                    "C3.4",
                    "partner_push_only",
                    "forehand {forehand}'s team has an open row: he chooses or pushes to his partner, "
                    "not to seat {chooser}",
                    params,
                    field="chooser",
                )
            )
    return reasons


def score_match(record: Mapping[str, Any]) -> MatchAnswer:
    """Validate and score a whole Coiffeur game record (COIFFEUR.md, "Match (game) record").

    :raises InvalidRecord: the input is not a Coiffeur match record (any entry malformed included).
    """
    fields = Fields(record, "match", MATCH_FIELDS)
    if fields.raw("game") != "coiffeur":
        raise InvalidRecord(f"game: {fields.raw('game')!r} is not a Coiffeur record", where="game")
    check_teams(fields.raw("teams"), "match")
    options = coiffeur_options(fields.raw("options"))
    if not fields.has("deals"):
        raise InvalidRecord(
            "match.deals is missing (the list of entries, [] before the first)", where="match.deals"
        )
    entries = [_parse_entry(entry, index) for index, entry in enumerate(fields.sequence("deals"))]
    rows: tuple[Row, ...] = options["grid"]
    grid = Grid(rows, options)
    answers: list[DealAnswer | ScratchAnswer] = []
    errors: list[Reason] = []
    decided: Decided | None = None
    last_forehand: int | None = None
    for index, entry in enumerate(entries):
        if isinstance(entry, Scratch):
            reasons = _scratch_reasons(entry, grid)
            answer: DealAnswer | ScratchAnswer = {
                "valid": not reasons,
                "errors": [cast(Any, r.in_deal(index).to_json()) for r in reasons],
                "scratch": True,
                "team": entry.team,
                "row": entry.row,
                "reason": entry.reason,
                "index": index,
            }
            if not reasons:
                grid.cells[entry.team - 1][entry.row - 1] = {
                    "value": 0,
                    "written": 0,
                    "deal": index,
                    "match": False,
                    "scratch": True,
                }
        else:
            reasons = _deal_reasons_before(entry, grid)
            score = evaluate_deal(entry, options)
            reasons.extend(score.reasons)
            score.reasons = reasons
            answer = score.to_json()
            answer["index"] = index
            answer["errors"] = [cast(Any, r.in_deal(index).to_json()) for r in reasons]
            if not reasons:
                grid.cells[entry.team - 1][entry.row - 1] = {
                    "value": score.cell,
                    "written": score.written,
                    "deal": index,
                    "match": score.match,
                    "scratch": False,
                }
                grid.bonus[0] += score.bonus[0]
                grid.bonus[1] += score.bonus[1]
                last_forehand = entry.forehand
        answers.append(answer)
        if reasons:
            errors.extend(reason.in_deal(index) for reason in reasons)
            break
        if decided is None:
            team = _clinched(bounds(grid))
            if team is not None:
                decided = {"team": team, "after_deal": index}
    return _answer(grid, errors, answers, decided, last_forehand)


def _deal_reasons_before(deal: CoiffeurDeal, grid: Grid) -> list[Reason]:
    """What the grid's state says of a deal: C7.1, C3.4, and a row filled once per team (C9)."""
    if grid.finished:
        return [_after_end()]
    reasons = zwang_reasons(deal, grid)
    team = deal.team
    if 1 <= deal.row <= len(grid.rows) and grid.open_rows(team):
        cell = grid.cells[team - 1][deal.row - 1]
        if cell is not None:
            reasons.append(
                Reason(
                    "C9",
                    "row_filled",
                    "team {team} has already played row {row} ({label}) in deal {deal}",
                    {
                        "team": team,
                        "row": deal.row,
                        "label": grid.rows[deal.row - 1].label,
                        "deal": cell["deal"],
                        # The deal as a table counts it (from 1); ``deal`` is its 0-based index.
                        "deal_number": cell["deal"] + 1,
                        "scratch": cell["scratch"],
                    },
                    field="row",
                )
            )
    return reasons


def _after_end() -> Reason:
    return Reason("C7.1", "game_finished", "the game is finished: every cell of both teams is filled", {})


def _scratch_reasons(scratch: Scratch, grid: Grid) -> list[Reason]:
    if grid.finished:
        return [_after_end()]
    params: dict[str, Any] = {"team": scratch.team, "row": scratch.row, "rows": len(grid.rows)}
    if not 1 <= scratch.row <= len(grid.rows):
        return [
            Reason(
                "C9",
                "row_outside_grid",
                "row {row} is not in the grid (rows 1..{rows})",
                params,
                field="scratch.row",
            )
        ]
    cell = grid.cells[scratch.team - 1][scratch.row - 1]
    if cell is not None:
        return [
            Reason(
                "C9",
                "scratch_filled",
                "team {team}'s row {row} is already filled (deal {deal}); only an open cell can be struck",
                {**params, "deal": cell["deal"]},
                field="scratch.row",
            )
        ]
    return []


def _answer(
    grid: Grid,
    errors: Sequence[Reason],
    answers: list[DealAnswer | ScratchAnswer],
    decided: Decided | None,
    last_forehand: int | None,
) -> MatchAnswer:
    answer: MatchAnswer = {
        "valid": not errors,
        "errors": [cast(Any, reason.to_json()) for reason in errors],
        "grid": [cast(Any, row.to_json(number)) for number, row in enumerate(grid.rows, start=1)],
    }
    if errors:
        answer.update(
            {
                "cells": None,
                "totals": None,
                "bonus": None,
                "open_rows": None,
                "row_difference": None,
                "bounds": None,
                "catch_up": None,
                "decided": None,
                "finished": None,
                "winner": None,
                "next": None,
                "deals": answers,
            }
        )
        return answer
    totals = grid.totals()
    finished = grid.finished
    winner: int | str | None = None
    if finished:
        winner = "tie" if totals[0] == totals[1] else 1 if totals[0] > totals[1] else 2
    limits = bounds(grid)
    # C8.3, a hint: the average written value per open factor that draws level with the leader's minimum.
    catch_up: list[int | None] = [None, None]
    for team in (1, 2):
        behind = limits["min"][2 - team] - totals[team - 1]
        factors = grid.factor_sum(team)
        if behind > 0 and factors:
            catch_up[team - 1] = -(-behind // factors)
    difference: list[int | None] = []
    for first, second in zip(grid.cells[0], grid.cells[1], strict=True):
        difference.append(
            first["value"] - second["value"] if first is not None and second is not None else None
        )
    answer.update(
        {
            "cells": [list(grid.cells[0]), list(grid.cells[1])],
            "totals": totals,
            "bonus": list(grid.bonus),
            "open_rows": [grid.open_rows(1), grid.open_rows(2)],
            "row_difference": difference,
            "bounds": limits,
            "catch_up": catch_up,
            "decided": decided,
            "finished": finished,
            "winner": winner,
            # S2.3 [reading], as Schieber: the next dealer is the last deal's forehand; scratches do not move it.
            "next": None
            if finished or last_forehand is None
            else {"dealer": last_forehand, "forehand": last_forehand % PLAYERS + 1},
            "deals": answers,
        }
    )
    return answer
