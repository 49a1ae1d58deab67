"""Coiffeur on paper: the blank grid (C2.3) and the finished scoresheet of a game's entries."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.coiffeur.options import GRID_PRESETS
from scorer.games.sheet import (
    DEALER,
    INDEX,
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

#: The blank sheet is the grid itself: a row per contract, a cell per team (C2.1, C6.1).
PAD = (
    Column("contract", N_("Row"), "contract", width=2.0),
    Column("factor", N_("Factor"), "factor", width=0.8),
    Column("cell", N_("Cell"), "figure", per_side=True, width=1.6),
)
#: The blank pad's grids: C2.3's presets, official8 first (the default), as the set-up names them.
#: Made on the pad page's first read: their labels are the web stack's lazy translations,
#: which the command line's pads (no web stack) do not need.
_pad_grids: tuple[object, ...] | None = None


def pad_grids() -> tuple[object, ...]:
    global _pad_grids
    if _pad_grids is None:
        from flask_babel import lazy_gettext as _l

        from scorer.web.forms import choices

        _pad_grids = tuple(
            choices(
                ("official8", _l("official, 8 rows")),
                ("ten", _l("10 rows (with Slalom and Guschti)")),
                ("jasstafel11", _l("11 rows")),
                ("twelve", _l("12 rows")),
                ("six", _l("6 rows")),
            )
        )
    return _pad_grids


SHEET = (
    INDEX,
    DEALER,
    Column("chooser", N_("Chosen by"), "seat", width=1.3),
    Column("contract", N_("Row"), "contract", width=1.3),
    Column("factor", N_("Factor"), "factor", width=0.7),
    Column("points", N_("Points"), "figure", per_side=True),
    Column("cell", N_("Cell"), "figure", per_side=True),
    Column("running", N_("Total"), "figure", per_side=True, width=1.15),
    Column("marks", N_("Notes"), "marks", width=2.2),
)


def contract_key(contract: Any) -> str | None:
    """A deal's contract as the sheet names it: a suit letter, ``obenabe``, or an extra contract's type."""
    if isinstance(contract, Mapping):
        return str(contract.get("type"))
    return str(contract) if contract else None


#: C2.2: the grid's rows and extra contracts, by name.
CONTRACT_NAMES = {
    "wunsch": N_("Wunsch"),
    "slalom": N_("Slalom"),
    "guschti": N_("Guschti"),
    "3x3": N_("3×3"),
    "misere": N_("Misère"),
}


@dataclass(frozen=True, slots=True)
class CoiffeurSheet:
    """Coiffeur's part of the pads and scoresheets (:class:`scorer.games.sheet.SheetPart`)."""

    default_deck: str = "swiss"
    tables: tuple[int, ...] = (4,)
    #: A blank pad's "format" is its grid preset (C2.3).
    formats: tuple[str, ...] = tuple(GRID_PRESETS)
    #: The pad page's field (its query parameter) that :attr:`pad_choices` fill.
    pad_field: str = "grid"

    @property
    def pad_choices(self) -> tuple[object, ...]:
        """The pad page's choices of grid (:class:`scorer.sheets.views.PadForm`)."""
        return pad_grids()

    @property
    def contract_names(self) -> Mapping[str, str]:
        return CONTRACT_NAMES

    def title(self, lang: Lang, header: Header) -> str:
        return lang("Coiffeur")

    def pad(
        self, format: str | None, target: int | None, teams: Sequence[str], names: tuple[str | None, ...]
    ) -> PadView:
        preset = "official8" if format in (None, "coiffeur") else format
        if preset not in GRID_PRESETS:
            raise ValueError(f"format: Coiffeur has no grid {format!r} (use {', '.join(GRID_PRESETS)})")
        if len(names) > 4:
            raise ValueError(f"players: Coiffeur has 4 players, not {len(names)}")
        header = Header("coiffeur", None, players=4, sides=sides_of(4, teams, names))
        grid = tuple((row.suit or row.type, row.factor) for row in GRID_PRESETS[preset])
        return PadView(header, PAD, ("grid",), grid=grid)

    def players(self, record: Mapping[str, Any]) -> int:
        return 4

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
        decided = answer.get("decided") or {}
        out: list[RowFigures] = []
        for index, (deal, figures, state) in enumerate(zip(deals, answers, states)):
            team = figures.get("team")
            cell: list[int | None] = [None, None]
            marks: list[Mark] = []
            scratch = deal.get("scratch")
            if isinstance(scratch, Mapping):  # C6.5: a struck cell, 0
                team = scratch.get("team")
                if team in (1, 2):
                    cell[team - 1] = 0
                marks.append(Mark("scratch", team, scratch.get("reason")))
                values: dict[str, Any] = {"chooser": None, "contract": None, "factor": None}
                values["points"] = (None, None)
            else:
                if team in (1, 2):
                    cell[team - 1] = figures.get("cell")
                values = {
                    "chooser": deal.get("chooser"),
                    "contract": contract_key(deal.get("contract")),
                    "factor": figures.get("factor"),
                    "points": per_side(figures.get("trick_points"), 2),
                }
                if figures.get("match"):
                    marks.append(Mark("match", team, figures.get("cell")))
                if figures.get("konter"):
                    marks.append(Mark("konter", team))
            values["cell"] = tuple(cell)
            values["running"] = per_side(state.get("scores"), 2)
            if decided.get("after_deal") == index:
                marks.append(Mark("decided", decided.get("team")))
            out.append((values, marks))
        return out

    def result(self, header: Header, answer: Mapping[str, Any], sides: int) -> ResultFigures:
        marks: list[Mark] = []
        decided = answer.get("decided")
        if isinstance(decided, Mapping):
            marks.append(Mark("decided", decided.get("team")))
        figures: list[tuple[str, tuple[int | float, ...]]] = []
        bonus = answer.get("bonus")
        if isinstance(bonus, Sequence) and any(bonus):
            figures.append((N_("Outside the grid"), per_side(bonus, sides)))
        figures.append((N_("Points"), per_side(answer.get("totals"), sides)))
        return figures, marks

    def keeps_laube(self, record: Mapping[str, Any]) -> bool:
        return False

    def laube_by_deal(
        self, record: Mapping[str, Any], answer: Mapping[str, Any], count: int
    ) -> list[list[int] | None]:
        return [None] * count


SHEET_PART = CoiffeurSheet()
