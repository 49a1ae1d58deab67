"""The shapes of Coiffeur's JSON answers (COIFFEUR.md, "JSON records"), for the app and the tests.

Every answer is a plain JSON-like dict; these TypedDicts name its fields. Figures are
null in an answer whose record breaks a rule ("an invalid record yields no score").
"""

from __future__ import annotations

from typing import Any, TypedDict

from rules_engine.answers import ReasonJSON


class DealAnswer(TypedDict, total=False):
    """``score_deal`` for ``game: "coiffeur"``: one deal, or one entry of a match's ``deals``."""

    valid: bool
    errors: list[ReasonJSON]
    #: The choosing team, the 1-based row, its factor (null when the row is outside the grid).
    team: int
    row: int
    factor: int | None
    chooser: int
    forehand: int
    pushes: int
    #: The contract as the record would write it (a suit letter, "obenabe", or an object).
    contract: Any
    #: The mode of each of the nine tricks ("H", "obenabe", "undenufe").
    modes: list[str]
    #: Per team, before the factor (under ``mixed_points: "per_trick"``: what the cards give).
    trick_points: list[int] | None
    #: C6.1-C6.3 (C6.6 when rounding): the value before the factor.
    written: int | None
    match: bool | None
    konter: bool | None
    #: written × factor, or the Konter value (C6.4).
    cell: int | None
    #: What this deal adds outside the grid, per team (C6.2, C6.4, C6.7).
    bonus: list[int] | None
    #: With ``tricks``: the seat that took each trick.
    trick_winners: list[int] | None
    #: In a match answer: the entry's 0-based index.
    index: int


class ScratchAnswer(TypedDict, total=False):
    """An entry of a match's ``deals`` that struck a cell (C6.5)."""

    valid: bool
    errors: list[ReasonJSON]
    scratch: bool
    team: int
    row: int
    reason: str | None
    index: int


class GridRow(TypedDict, total=False):
    row: int
    type: str
    suit: str
    factor: int


class Cell(TypedDict):
    """A filled cell: ``cells[t][r]`` of the match answer."""

    value: int
    written: int
    deal: int
    match: bool
    scratch: bool


class Bounds(TypedDict):
    """C8.1 per team."""

    min: list[int]
    max: list[int]


class Decided(TypedDict):
    team: int
    after_deal: int


class Next(TypedDict):
    dealer: int
    forehand: int


class MatchAnswer(TypedDict, total=False):
    """``score_match`` for ``game: "coiffeur"``: a whole game (a "Partie")."""

    valid: bool
    errors: list[ReasonJSON]
    grid: list[GridRow]
    #: cells[team - 1][row - 1]: null while open.
    cells: list[list[Cell | None]] | None
    totals: list[int] | None
    bonus: list[int] | None
    open_rows: list[list[int]] | None
    #: C7.3, for display: cell(team 1) − cell(team 2) per row, null unless both are filled.
    row_difference: list[int | None] | None
    bounds: Bounds | None
    #: C8.3 (a hint): per team behind, ⌈(the leader's minimum − its total) / its open factors⌉.
    catch_up: list[int | None] | None
    decided: Decided | None
    finished: bool | None
    winner: int | str | None
    next: Next | None
    deals: list[DealAnswer | ScratchAnswer]


class IllegalAnswer(TypedDict, total=False):
    rule: str
    message: str
    code: str
    params: dict[str, Any]


class LegalAnswer(TypedDict):
    """``legal_cards`` for ``game: "coiffeur"``."""

    legal: list[str]
    illegal: dict[str, IllegalAnswer]
    #: The 0-based trick and its mode.
    trick_index: int
    mode: str
