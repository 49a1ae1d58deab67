"""A Passe on paper: the Jasszettel's columns (no Weis, no Stöck: T2.1) and the control sum (T3.5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.games.passe.engine import score
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
    Column("points", N_("Points"), "figure", per_side=True),
    Column("running", N_("Total"), "figure", per_side=True, width=1.15),
    Column("control", N_("Control"), "figure", width=1.1),
    Column("marks", N_("Notes"), "marks", width=2.0),
)
PAD = (
    INDEX,
    DEALER,
    Column("contract", N_("Contract"), "contract", width=1.5),
    Column("points", N_("Points"), "figure", per_side=True, width=1.1),
    Column("running", N_("Total"), "figure", per_side=True, width=1.3),
    Column("check", N_("= 157 × factor"), "check", width=1.2),
)


@dataclass(frozen=True, slots=True)
class PasseSheet:
    """The Passe's part of the pads and scoresheets (:class:`scorer.games.sheet.SheetPart`)."""

    default_deck: str = "swiss"
    tables: tuple[int, ...] = (4,)
    formats: tuple[str, ...] = ()

    @property
    def contract_names(self) -> Mapping[str, str]:
        return NO_CONTRACT_NAMES

    def title(self, lang: Lang, header: Header) -> str:
        return lang("Passe")

    def pad(
        self, format: str | None, target: int | None, teams: Sequence[str], names: tuple[str | None, ...]
    ) -> PadView:
        if format not in (None, "passe"):
            raise ValueError(f"format: a Passe has no format {format!r}")
        if len(names) > 4:
            raise ValueError(f"players: a Passe has 4 players, not {len(names)}")
        # T2.6: no target, no Schneider, no chalk board.
        header = Header("passe", None, profile="tournament", players=4, sides=sides_of(4, teams, names))
        return PadView(header, PAD)

    def players(self, record: Mapping[str, Any]) -> int:
        return 4

    def header_fields(self, record: Mapping[str, Any]) -> tuple[str | None, str | None, Any]:
        return None, "tournament", None

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
            control = figures.get("control") or {}
            values = {
                "forehand": deal.get("forehand"),
                "contract": deal.get("contract"),
                "points": per_side(figures.get("total"), sides),
                "running": per_side(state.get("scores"), sides),
                # T3.5 after this game: both teams' figures so far, as the engine adds them up.
                "control": control.get("actual"),
            }
            marks: list[Mark] = []
            if deal.get("pushed"):
                marks.append(Mark("pushed"))
            for side, took_all in enumerate(figures.get("match") or [], start=1):
                if took_all:
                    # T2.4: the Match is recorded even when it carries no bonus.
                    marks.append(
                        Mark("match", side, max(0, int((figures.get("total") or [0, 0])[side - 1]) - 157))
                    )
            out.append((values, marks))
        return out

    def result(self, header: Header, answer: Mapping[str, Any], sides: int) -> ResultFigures:
        return [(N_("Points"), per_side(answer.get("scores"), sides))], []

    def keeps_laube(self, record: Mapping[str, Any]) -> bool:
        return False

    def laube_by_deal(
        self, record: Mapping[str, Any], answer: Mapping[str, Any], count: int
    ) -> list[list[int] | None]:
        return [None] * count


SHEET_PART = PasseSheet()
#: The Passe's own engine entry (``Game.score``), read here by the printed sheets (no pages).
SCORE = score
