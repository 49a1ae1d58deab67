"""Hundred on paper: the scoresheet's and the pad's columns, found through the registry.

A row per deal: its number, dealer and forehand (X3), each team's points of the deal (X1)
and the running totals the engine states after it; the result is each team's points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.games.sheet import (
    DEALER,
    INDEX,
    NO_CONTRACT_NAMES,
    Column,
    Header,
    PadView,
    ResultFigures,
    RowFigures,
    per_side,
    sides_of,
)
from scorer.web.pdf_text import N_, Lang
from tests.toygame.engine import DEAL_POINTS, TARGET

SHEET = (
    INDEX,
    DEALER,
    Column("forehand", N_("Forehand"), "seat", width=1.3),
    Column("points", N_("Deal"), "figure", per_side=True),
    Column("running", N_("Total"), "figure", per_side=True, width=1.15),
)
#: X1: a deal's two figures add up to 100, the box to tick when they do.
PAD = (
    INDEX,
    DEALER,
    Column("points", N_("Deal"), "figure", per_side=True, width=1.1),
    Column("running", N_("Total"), "figure", per_side=True, width=1.3),
    Column("check", f"= {DEAL_POINTS}", "check", width=1.0),
)


@dataclass(frozen=True, slots=True)
class HundredSheet:
    """Hundred's part of the pads and scoresheets (:class:`scorer.games.sheet.SheetPart`)."""

    default_deck: str = "french"
    tables: tuple[int, ...] = (4,)
    formats: tuple[str, ...] = ()

    @property
    def contract_names(self) -> Mapping[str, str]:
        return NO_CONTRACT_NAMES

    def title(self, lang: Lang, header: Header) -> str:
        return lang("Hundred")

    def pad(
        self, format: str | None, target: int | None, teams: Sequence[str], names: tuple[str | None, ...]
    ) -> PadView:
        if format not in (None, "toy"):
            raise ValueError(f"format: Hundred has no format {format!r}")
        if len(names) > 4:
            raise ValueError(f"players: Hundred has 4 players, not {len(names)}")
        header = Header(
            "toy", None, target=target or TARGET, players=4, sides=sides_of(4, teams, names), deck="french"
        )
        return PadView(header, PAD)

    def players(self, record: Mapping[str, Any]) -> int:
        return 4

    def header_fields(self, record: Mapping[str, Any]) -> tuple[str | None, str | None, Any]:
        return None, None, record.get("target")

    def target_unit(self, lang: Lang, format: str | None) -> str:
        return ""  # X2: the target counts the deals' points, a plain number

    def default_target(self, format: str | None) -> int | None:
        return TARGET  # X2

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
        return [
            (
                {
                    "forehand": deal.get("forehand"),
                    "points": per_side(figures.get("total"), sides),
                    "running": per_side(state.get("scores"), sides),
                },
                [],
            )
            for deal, figures, state in zip(deals, answers, states)
        ]

    def result(self, header: Header, answer: Mapping[str, Any], sides: int) -> ResultFigures:
        return [(N_("Points"), per_side(answer.get("scores"), sides))], []

    def keeps_laube(self, record: Mapping[str, Any]) -> bool:
        return False

    def laube_by_deal(
        self, record: Mapping[str, Any], answer: Mapping[str, Any], count: int
    ) -> list[list[int] | None]:
        return [None] * count


SHEET_PART = HundredSheet()
