"""Differenzler on paper: the pad (a column group per player) and the finished Partie's scoresheet."""

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
    Mark,
    PadView,
    ResultFigures,
    RowFigures,
    per_side,
    sides_of,
)
from scorer.web.pdf_text import N_, Lang

COLUMNS = (
    INDEX,
    DEALER,
    Column("trump", N_("Trump"), "contract", width=1.2),
    Column("estimate", N_("Estimate"), "figure", per_side=True, width=0.9),
    Column("points", N_("Points"), "figure", per_side=True, width=0.9),
    Column("score", N_("Score"), "figure", per_side=True, width=0.8),
    Column("running", N_("Total"), "figure", per_side=True, width=0.9),
)
SHEET = (*COLUMNS, Column("marks", N_("Notes"), "marks", width=1.6))


@dataclass(frozen=True, slots=True)
class DifferenzlerSheet:
    """Differenzler's part of the pads and scoresheets (:class:`scorer.games.sheet.SheetPart`)."""

    default_deck: str = "swiss"
    tables: tuple[int, ...] = (4, 3)
    formats: tuple[str, ...] = ()
    #: D1.1: every player is his own side, also at four.
    alone: bool = True

    @property
    def contract_names(self) -> Mapping[str, str]:
        return NO_CONTRACT_NAMES

    def title(self, lang: Lang, header: Header) -> str:
        return lang("Differenzler")

    def pad(
        self, format: str | None, target: int | None, teams: Sequence[str], names: tuple[str | None, ...]
    ) -> PadView:
        if format not in (None, "differenzler"):
            raise ValueError(f"format: Differenzler has no format {format!r}")
        if len(names) > 4:
            raise ValueError(f"players: Differenzler has 3 or 4 players, not {len(names)}")
        count = 3 if len(names) == 3 else 4
        header = Header("differenzler", None, players=count, sides=sides_of(count, (), names, alone=True))
        return PadView(header, COLUMNS)

    def players(self, record: Mapping[str, Any]) -> int:
        return int(record.get("players") or 4)

    def header_fields(self, record: Mapping[str, Any]) -> tuple[str | None, str | None, Any]:
        return None, None, None

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
            void = bool(deal.get("void"))
            values = {
                "trump": None if void else deal.get("trump"),
                "estimate": (None,) * sides if void else per_side(deal.get("estimates"), sides),
                "points": per_side(figures.get("made"), sides),
                "score": per_side(figures.get("score"), sides),
                "running": per_side(state.get("scores"), sides),
            }
            marks = [Mark("void")] if void else []
            for seat, exact in enumerate(figures.get("exact") or [], start=1):
                if exact:
                    marks.append(Mark("exact", seat))
            out.append((values, marks))
        return out

    def result(self, header: Header, answer: Mapping[str, Any], sides: int) -> ResultFigures:
        marks = [Mark("rank", entry["seat"], entry["rank"]) for entry in answer.get("ranking") or []]
        return [(N_("Points"), per_side(answer.get("totals"), sides))], marks

    def keeps_laube(self, record: Mapping[str, Any]) -> bool:
        return False

    def laube_by_deal(
        self, record: Mapping[str, Any], answer: Mapping[str, Any], count: int
    ) -> list[list[int] | None]:
        return [None] * count


SHEET_PART = DifferenzlerSheet()
