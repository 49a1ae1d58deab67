"""A game's part of the printed pads and scoresheets (columns, pad boxes, row figures).

The PDFs' shared code (:mod:`scorer.sheets.pdf`) builds the header, numbers the deals and
names the dealer; everything that differs between games comes from the game's
:class:`SheetPart` (``scorer/games/<game>/sheet.py``), found through the registry.

The data of the PDFs are plain, language-neutral values, tested as data (STYLE.md 13),
shared by pads and scoresheets: sides are numbered 1..S and per-side values are tuples with
side 1 first. Labels are English source strings marked with ``N_``; the renderers translate
them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from rules_engine.seats import seats_of_side, side_count
from scorer.web.pdf_text import N_

if TYPE_CHECKING:
    from scorer.web.pdf_text import Lang


@dataclass(frozen=True, slots=True)
class Column:
    """One column: its key in the rows, English label, how its values print, width weight.

    Kinds: ``index`` (deal number), ``seat``, ``contract``, ``factor``, ``figure`` (a score,
    0 printed), ``bonus`` (Weis/Stöck/melds/Bella, 0 left blank), ``how``, ``kr`` (Kontra/Re),
    ``check`` (an empty box on pads), ``marks`` (state marks and corrections).
    """

    key: str
    label: str
    kind: str
    per_side: bool = False
    width: float = 1.0


@dataclass(frozen=True, slots=True)
class Mark:
    """A state mark on a deal or result: ``code`` plus the side/value it is about.

    Codes: ``match`` (value = bonus), ``schneider``, ``kalte``, ``laube``, ``must_play``,
    ``durchmarsch`` (value = all tricks taken), ``revoke`` (value = seat), ``lost``
    (the declarer's side lost the deal), ``ended_on`` (the match ended on this deal's
    ``stoeck``/``weis``/``trick_points``, S7.2), ``must_play_missed`` (K7.5), ``pushed``.
    """

    code: str
    side: int | None = None
    value: int | float | bool | str | None = None


@dataclass(frozen=True, slots=True)
class Row:
    """One deal: column key -> value (per-side columns hold a tuple)."""

    number: int
    values: Mapping[str, Any]
    marks: tuple[Mark, ...] = ()
    corrected_at: Any = None  # datetime.datetime | datetime.date | None

    def __getitem__(self, key: str) -> Any:
        return self.values[key]


@dataclass(frozen=True, slots=True)
class Side:
    number: int
    name: str | None
    seats: tuple[int, ...]
    players: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class Header:
    game: str
    format: str | None = None
    profile: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    target: int | None = None
    players: int = 4
    sides: tuple[Side, ...] = ()
    date: Any = None
    place: str | None = None
    event: str | None = None
    deck: str = "swiss"

    def seat_name(self, seat: int) -> str | None:
        for side in self.sides:
            if seat in side.seats:
                return side.players[side.seats.index(seat)]
        return None


@dataclass(frozen=True, slots=True)
class Result:
    """The match's end (or its state so far): labelled per-side figures, winner, marks."""

    finished: bool
    winner: int | None
    figures: tuple[tuple[str, tuple[int | float, ...]], ...]
    marks: tuple[Mark, ...] = ()


@dataclass(frozen=True, slots=True)
class SheetView:
    header: Header
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    result: Result


@dataclass(frozen=True, slots=True)
class PadView:
    header: Header
    columns: tuple[Column, ...]
    #: Extra boxes: ``chalkboard`` (S1.3), ``big_tally`` (K7), ``rounding`` (K8.1), ``dice`` (K9),
    #: ``grid`` (C2.3: :attr:`grid`'s rows with a cell per side).
    extras: tuple[str, ...] = ()
    schneider: int | None = None
    rounding: tuple[tuple[int, int, int], ...] = field(default=())
    #: A grid of contracts (C2.3): each row's contract key (a suit letter, ``obenabe``, ``wunsch`` …) and factor.
    grid: tuple[tuple[str, int], ...] = ()


# --- shared columns and helpers ----------------------------------------------------------

#: The deal's number and its dealer open every sheet and pad.
INDEX = Column("n", N_("#"), "index", width=0.55)
DEALER = Column("dealer", N_("Dealer"), "seat", width=1.3)


def sides_of(
    players: int, teams: Sequence[str], names: Sequence[str | None], alone: bool = False
) -> tuple[Side, ...]:
    """The sides of a table of ``players``, named by ``teams`` (alone: by the player's name).

    ``alone``: every player is his own side also at four (D1.1).
    """
    if alone:
        return tuple(
            Side(
                n,
                names[n - 1] if n - 1 < len(names) else None,
                (n,),
                (names[n - 1] if n - 1 < len(names) else None,),
            )
            for n in range(1, players + 1)
        )
    sides: list[Side] = []
    for number in range(1, side_count(players) + 1):
        seats = tuple(seat.number for seat in seats_of_side(number, players))
        player_names = tuple(names[s - 1] if s - 1 < len(names) else None for s in seats)
        team = teams[number - 1] if number - 1 < len(teams) else None
        if team is None and players != 4:
            team = player_names[0]
        sides.append(Side(number, team or None, seats, player_names))
    return tuple(sides)


def per_side(value: Any, sides: int) -> tuple[Any, ...]:
    """A per-side figure of the engine as a tuple; missing: one None per side."""
    if isinstance(value, Sequence) and not isinstance(value, str):
        return tuple(value)
    return (None,) * sides


#: A game's :attr:`SheetPart.contract_names` when it has no contracts of its own.
NO_CONTRACT_NAMES: Mapping[str, str] = MappingProxyType({})

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

    #: The English names (marked ``N_``) of its contracts beyond the suits, Obenabe and Undenufe.
    @property
    def contract_names(self) -> Mapping[str, str]: ...

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

    def target_unit(self, lang: Lang, format: str | None) -> str:
        """What a target under ``format`` counts ("" a plain number); a pad without a target
        leaves a blank for one where there is a unit and no default target."""
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
