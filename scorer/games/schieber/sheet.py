"""Schieber on paper: the scoresheet's and the pad's columns, the chalk board, the figures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.schieber.contracts import DEFAULT_TARGET
from scorer.games.sheet import (
    DEALER,
    INDEX,
    NO_CONTRACT_NAMES,
    Column,
    Header,
    Mark,
    PadView,
    ResultFigures,
    RowFigures,
    per_side,
    sides_of,
)
from scorer.web.pdf_text import N_, Lang

SHEET = (
    INDEX,
    DEALER,
    Column("forehand", N_("Forehand"), "seat", width=1.3),
    Column("contract", N_("Contract"), "contract", width=1.4),
    Column("factor", N_("Factor"), "factor", width=0.7),
    Column("points", N_("Points"), "figure", per_side=True),
    Column("weis", N_("Weis"), "bonus", per_side=True),
    Column("stoeck", N_("Stöck"), "bonus", per_side=True),
    Column("total", N_("Deal"), "figure", per_side=True),
    Column("running", N_("Total"), "figure", per_side=True, width=1.15),
    Column("marks", N_("Notes"), "marks", width=2.2),
)
PAD = (
    INDEX,
    DEALER,
    Column("contract", N_("Contract"), "contract", width=1.5),
    Column("factor", N_("Factor"), "factor", width=0.8),
    Column("points", N_("Points"), "figure", per_side=True, width=1.1),
    Column("weis", N_("Weis"), "bonus", per_side=True),
    Column("stoeck", N_("Stöck"), "bonus", per_side=True),
    Column("running", N_("Total"), "figure", per_side=True, width=1.3),
    Column("check", N_("= 157 × factor"), "check", width=1.2),
)


@dataclass(frozen=True, slots=True)
class SchieberSheet:
    """Schieber's part of the pads and scoresheets (:class:`scorer.games.sheet.SheetPart`)."""

    default_deck: str = "swiss"
    tables: tuple[int, ...] = (4,)
    formats: tuple[str, ...] = ()

    @property
    def contract_names(self) -> Mapping[str, str]:
        return NO_CONTRACT_NAMES

    def title(self, lang: Lang, header: Header) -> str:
        return lang("Schieber")

    def pad(
        self, format: str | None, target: int | None, teams: Sequence[str], names: tuple[str | None, ...]
    ) -> PadView:
        if format not in (None, "schieber"):
            raise ValueError(f"format: Schieber has no format {format!r} (formats are Klammern's)")
        if len(names) > 4:
            raise ValueError(f"players: Schieber has 4 players, not {len(names)}")
        # S1.2/S1.3: the seed default target; Schneider is under half the target.
        goal = target if target is not None else DEFAULT_TARGET["seed"]
        header = Header("schieber", None, target=goal, players=4, sides=sides_of(4, teams, names))
        return PadView(header, PAD, ("chalkboard",), schneider=goal // 2 + goal % 2)

    def players(self, record: Mapping[str, Any]) -> int:
        return 4

    def header_fields(self, record: Mapping[str, Any]) -> tuple[str | None, str | None, Any]:
        profile = str(record["profile"]) if record.get("profile") else "seed"
        return None, profile, record.get("target")

    def target_unit(self, lang: Lang, format: str | None) -> str:
        return ""

    def default_target(self, format: str | None) -> int | None:
        return None

    def columns(self, header: Header) -> tuple[Column, ...]:
        return SHEET

    def rows(
        self,
        deals: Sequence[Mapping[str, Any]],
        answers: Sequence[Mapping[str, Any]],
        states: Sequence[Mapping[str, Any]],
        answer: Mapping[str, Any],
        header: Header,
    ) -> list[RowFigures]:
        sides = len(header.sides)
        out: list[RowFigures] = []
        for deal, figures, state in zip(deals, answers, states):
            values = {
                "forehand": deal.get("forehand"),
                "contract": deal.get("contract"),
                "factor": figures.get("factor"),
                "points": per_side(figures.get("trick_points"), sides),
                "weis": per_side(figures.get("weis"), sides),
                "stoeck": per_side(figures.get("stoeck"), sides),
                # S7.1: the deciding deal counts only up to the moment the target is reached.
                "total": per_side(
                    figures["counted"] if figures.get("counted") is not None else figures.get("total"), sides
                ),
                "running": per_side(state.get("scores"), sides),
            }
            marks: list[Mark] = []
            if deal.get("pushed"):
                marks.append(Mark("pushed"))
            for side, bonus in enumerate(per_side(figures.get("match_bonus"), sides), start=1):
                if bonus:
                    marks.append(Mark("match", side, bonus))
            if figures.get("ended_on"):
                marks.append(Mark("ended_on", answer.get("winner"), str(figures["ended_on"])))
            out.append((values, marks))
        return out

    def result(self, header: Header, answer: Mapping[str, Any], sides: int) -> ResultFigures:
        winner = answer.get("winner")
        marks: list[Mark] = []
        if answer.get("finished") and answer.get("schneider") and isinstance(winner, int):
            marks.append(Mark("schneider", 3 - winner))
        return [(N_("Points"), per_side(answer.get("scores"), sides))], marks

    def keeps_laube(self, record: Mapping[str, Any]) -> bool:
        return False

    def laube_by_deal(
        self, record: Mapping[str, Any], answer: Mapping[str, Any], count: int
    ) -> list[list[int] | None]:
        return [None] * count


SHEET_PART = SchieberSheet()
