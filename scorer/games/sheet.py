"""A game's part of the printed pads and scoresheets (columns, pad boxes, row figures).

The PDFs' shared code (:mod:`scorer.sheets.pdf`) builds the header, numbers the deals and
names the dealer; everything that differs between games comes from the game's
:class:`SheetPart` (``scorer/games/<game>/sheet.py``), found through the registry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from scorer.sheets.pdf.model import Column, Header, Mark, PadView
    from scorer.sheets.pdf.text import Lang

#: The game's figures of one deal row (column key -> value) and its marks.
RowFigures = tuple[dict[str, Any], list["Mark"]]
#: The result's labelled per-side figures and its marks.
ResultFigures = tuple[list[tuple[str, tuple[int | float, ...]]], list["Mark"]]


class SheetPart(Protocol):
    """What the pads and scoresheets ask a game for."""

    #: The deck a sheet names its contracts in when the match states none.
    @property
    def default_deck(self) -> str: ...

    #: The table sizes a pad is printed for (K1.1: 2, 3 or 4).
    @property
    def tables(self) -> tuple[int, ...]: ...

    #: The scoring formats, each with its own columns; empty: the game has one.
    @property
    def formats(self) -> tuple[str, ...]: ...

    def title(self, lang: Lang, header: Header) -> str:
        """The game (and its scoring format) as the sheet's header names it."""
        ...

    def pad(
        self, format: str | None, target: int | None, teams: Sequence[str], names: tuple[str | None, ...]
    ) -> PadView:
        """The blank pad of this game.

        :raises ValueError: a format or a number of players the game does not have.
        """
        ...

    def players(self, record: Mapping[str, Any]) -> int:
        """The number of players of a match record."""
        ...

    def header_fields(self, record: Mapping[str, Any]) -> tuple[str | None, str | None, Any]:
        """The scoring format, the rules profile and the target the header shows."""
        ...

    def default_target(self, format: str | None) -> int | None:
        """The target to print when neither the record nor the engine states one."""
        ...

    def columns(self, header: Header) -> tuple[Column, ...]:
        """The scoresheet's columns."""
        ...

    def rows(
        self,
        deals: Sequence[Mapping[str, Any]],
        answers: Sequence[Mapping[str, Any]],
        states: Sequence[Mapping[str, Any]],
        answer: Mapping[str, Any],
        header: Header,
    ) -> list[RowFigures]:
        """The game's figures and marks of every deal, from the engine's answers."""
        ...

    def result(self, header: Header, answer: Mapping[str, Any], sides: int) -> ResultFigures:
        """The match result's figures and marks."""
        ...

    def keeps_laube(self, record: Mapping[str, Any]) -> bool:
        """Whether the match's format marks each deal's Laube (K7.5)."""
        ...

    def laube_by_deal(
        self, record: Mapping[str, Any], answer: Mapping[str, Any], count: int
    ) -> list[list[int] | None]:
        """The Laube after each deal from the engine's answers; None where they do not say."""
        ...
