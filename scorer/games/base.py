"""What a game is to the table app: one frozen value, grouped into the parts pages ask for.

A shared page never asks *which* game a match plays; it asks the match's :class:`Game`
for the part it needs (the set-up form, the deal form, the match row's cells …). Each
game's folder (``scorer/games/<game>/``) builds its ``GAME`` from these parts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

from scorer.games.disputes import DisputesPart
from scorer.games.event import TournamentFormat
from scorer.games.sheet import SheetPart

if TYPE_CHECKING:
    from flask import Blueprint

    from scorer.games.board import MatchView, Side
    from scorer.web.reason_texts import GameTexts

#: A match's settings as stored (``Match.settings``): game, names, deck, players, options …
Settings = dict[str, Any]
#: A JSON-like record or answer of the engine (DEAL_RECORD.md).
Record = dict[str, Any]
#: A form instance of the game's own form class (WTForms forms are not generic).
Form = Any
#: The cells of a deal's row on the match screen: (deal index, deal record, deal answer) -> cells.
RowCells = Callable[[int, Mapping[str, Any], Mapping[str, Any]], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Setup:
    """The new-match page and the match settings it states."""

    #: The set-up form's class (a ``KeyedForm``).
    form: type[Any]
    #: The match settings a valid, submitted form states.
    settings: Callable[[Form], Settings]
    #: Cross-field checks the engine cannot make (a seat the table does not have); puts its
    #: message on the field and answers False.
    check: Callable[[Form, Settings], bool]
    #: Engine field of a match-level error -> the set-up form's field.
    error_fields: Mapping[str, str]
    #: The engine's match-level fields of these settings (``game`` and ``deals`` aside).
    record_fields: Callable[[Settings], Record]
    #: The settings of an imported (valid) match record; names and deck from the import form.
    from_record: Callable[[Mapping[str, Any], Form], Settings]


@dataclass(frozen=True, slots=True)
class Melds:
    """The deal form's meld section (Weis, Terz and Fifty …)."""

    #: Form fields are ``{prefix}_{seat}_{slot}_{kind|suit|top}`` and ``{prefix}_{seat}_cards``.
    prefix: str
    #: The section's legend (translated when shown).
    legend: Callable[[], str]
    #: Seats that may declare.
    seats: Callable[[Settings], int]


@dataclass(frozen=True, slots=True)
class DealEntry:
    """The deal form: its fields, the record it states, and where the engine's reasons go."""

    #: The deal form's class (a ``VersionedForm``).
    form: type[Any]
    #: Fill the form's per-match choices (seat names, contracts in the match's deck).
    prepare: Callable[[Form, Settings], None]
    #: The deal record (inside a match record) the submitted form states.
    #: :raises ShapeError: a value that cannot become a record.
    record: Callable[[Form, Settings], Record]
    #: Form data that states a stored deal record again (to correct it).
    fill: Callable[[Mapping[str, Any]], dict[str, Any]]
    #: The error slots the form shows; the engine's other reasons go to the top.
    slots: Callable[[Settings], frozenset[str]]
    #: Engine field of a deal (the first part of its path) -> the form's error slot.
    error_fields: Mapping[str, str]
    #: The meld section, if the game has melds.
    melds: Melds | None
    #: The card points of a whole deal, for the "other side has …" hint while typing.
    total: Callable[[Settings], int]


@dataclass(frozen=True, slots=True)
class Panel:
    """The match page's deal entry: the deal form cut to what a deal at the table needs, posting
    the whole form's field names to ``/deals/new`` (which stays for cards and corrections)."""

    #: The panel's template, in the game's folder (it includes the match page's shared
    #: ``matches/_panel_points.html``, ``_panel_pad.html`` and ``_panel_save.html``).
    template: str
    #: The names its template uses beyond the form, its errors and the deal's total: the
    #: rules in force for what it offers (Weis value buttons, Stöck, Bella …).
    context: Callable[[Settings], dict[str, Any]]
    #: The error slots it shows beside their fields; the engine's other reasons go to its top.
    slots: frozenset[str]
    #: Set a fresh form's fields as a deal at the table usually goes, once the match page has
    #: set its version and forehand (who declares, when forehand does).
    prepare: Callable[[Form], None] | None = None


@dataclass(frozen=True, slots=True)
class MatchPage:
    """The match screen: the scoreboard's sides and the cells of each deal's row."""

    #: The scoreboard's sides with the game's marks (the app adds the winner's).
    sides: Callable[[MatchView], list[Side]]
    #: Given the match and its seat names, the cells of one deal's row from its index, record
    #: and answer (what a row needs translated, it translates once per page).
    cells: Callable[[MatchView, Sequence[str]], RowCells]
    #: Further names the game's match template uses (e.g. Schieber's contract factors).
    context: Callable[[MatchView], dict[str, Any]]
    #: A deal's record in words, part by part (:mod:`scorer.games.words`), given the match's
    #: settings and the game's deck: for a corrected deal's history and an undo's message.
    words: Callable[[Mapping[str, Any], Mapping[str, Any], str], list[str]]


@dataclass(frozen=True, slots=True)
class ApiSchemas:
    """The game's records in the JSON API's OpenAPI document (JSON Schemas)."""

    #: A deal record of its own (``POST /api/v1/deal``).
    deal: Mapping[str, Any]
    #: A match record (``POST /api/v1/match``).
    match: Mapping[str, Any]
    #: A legal-play position of this game (``POST /api/v1/legal``): a whole schema, so that
    #: no game's fields are accepted in another game's position.
    position: Mapping[str, Any]
    #: Example requests (``deal``, ``match``, ``position``); the document shows the first game's.
    examples: Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class RuleFile:
    """The game's rules in the rule book (``/rules``) and in every cited reason."""

    #: The file in ``scorer/rules/`` (translations in ``scorer/rules/<lang>/``).
    file: str
    #: The letter its rule ids start with (``S4.4``).
    prefix: str


@dataclass(frozen=True, slots=True)
class Game:
    """One game the app keeps the score of; found by ``name`` in the registry."""

    #: The record's ``game`` value and the address segment (``/matches/new/<name>``).
    name: str
    #: The game's name for people, and the button that starts a match of it (translated).
    title: Callable[[], str]
    new_title: Callable[[], str]
    #: The importable package of the game's folder: its ``templates/`` (and ``static/``).
    package: str
    #: The deck a new match uses when its set-up names none (``swiss`` or ``french``).
    deck: str
    #: Where each seat sits on the drawn table (CSS grid area), per number of players.
    positions: Mapping[int, tuple[str, ...]]
    setup: Setup
    deal: DealEntry
    match: MatchPage
    #: The deal entry on the match page; None: deals are entered on the deal form only.
    panel: Panel | None = None
    #: The scoring formats a match may choose (the record's ``format``), if the game has any.
    formats: tuple[str, ...] = ()
    rules: RuleFile | None = None
    api: ApiSchemas | None = None
    sheet: SheetPart | None = None
    disputes: DisputesPart | None = None
    #: The sentences of the engine's reasons under its rules, and the names their params use.
    texts: GameTexts | None = None
    #: How the game is played at an event, if it can be.
    event: TournamentFormat | None = None
    #: The engine's answer to a match record of this game, in ``score_match``'s shape, when
    #: another entry point answers it (a Passe: ``score_passe``); None: ``score_match``.
    #: :raises InvalidRecord: as the engine does.
    score: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    #: How the tablet keeps the game's deals without network; None: only online.
    offline: Offline | None = None
    #: The endpoint of the page a player opens with his seat's own link (``match_id`` and
    #: ``seat``), if the game has one: what only that seat may do (``scorer.access.seats``).
    seat_page: str | None = None

    def template(self, page: str) -> str:
        """The game's own template of ``page`` (``new``, ``show``, ``deal``), in its folder."""
        return f"{self.name}/{page}.html"

    def blueprint(self) -> Blueprint:
        """A blueprint that only serves the game folder's templates (and static files, if any)."""
        from flask import Blueprint  # here: the printed sheets read games without the web stack

        return Blueprint(f"game_{self.name}", self.package, template_folder="templates")


def built_on_first_read(package: str) -> Callable[[str], Game]:
    """A game package's module ``__getattr__``: its ``GAME`` is built from ``<package>.game`` on
    first read, so that the printed sheets can import the game's ``sheet`` module (through the
    package) without the pages' forms and the web stack that ``game.py`` imports."""

    def module_getattr(name: str) -> Game:
        if name == "GAME":
            game: Game = importlib.import_module(f"{package}.game").GAME
            return game
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return module_getattr


class RecordModule(Protocol):
    """A game's pure record module (:class:`Offline`): standard library, ``rules_engine`` and
    the app's pure modules only; the server's forms and the tablet build their records with it.

    It may also offer ``scores(answer)``: each side's score in the engine's answer to a match,
    where the answer does not hold them as ``scores`` (the tablet's big figures offline); and
    ``score(record)``: the game's answer to its match record where ``score_match`` does not
    give it (``Game.score``); ``born_variant(settings)``: the fields of the variant of
    :attr:`Offline.variants` a match started offline with these settings is played on (none:
    the plain one). The app's modules it imports are shipped with it."""

    def deal_record(self, fields: Mapping[str, str], settings: Mapping[str, Any]) -> Record:
        """The deal record a deal form's posted ``fields`` state.

        :raises ShapeError: a field the form refuses (``scorer.web.posted``).
        """
        ...

    def match_fields(self, settings: Mapping[str, Any]) -> Record:
        """The engine's match-level fields of these settings (``game`` and ``deals`` aside)."""
        ...

    def setup_settings(self, fields: Mapping[str, str]) -> Settings:
        """The settings a set-up form's posted ``fields`` state.

        :raises ShapeError: a field the form refuses.
        """
        ...


@dataclass(frozen=True, slots=True)
class Offline:
    """The game on a tablet without network: the offline bundle ships its record module to
    the browser, where the tablet judges each entry with the engine before it keeps it."""

    #: The importable name of the game's :class:`RecordModule`.
    module: str
    #: The deal forms a match started offline is played on until the server adopts it, one
    #: per table size and deck: ``(players, deck)``.
    born: tuple[tuple[int, str], ...]
    #: The set-up fields, beyond its table size and deck, of the stand-in match a born deal
    #: form is drawn for: what the record module's ``setup_settings`` requires of a set-up form.
    stand_in: tuple[tuple[str, str], ...] = ()
    #: Set-up fields whose values draw another deal form (a Coiffeur's grid): one born form per
    #: table size, deck and variant, which names its fields in the form's query. The record
    #: module's ``born_variant(settings)`` says which a born match plays on.
    variants: tuple[tuple[tuple[str, str], ...], ...] = ((),)

    def records(self) -> RecordModule:
        return cast(RecordModule, importlib.import_module(self.module))
