"""What a game is to the events (TOURNAMENT.md's format): its tournament format, one part of its
:class:`~scorer.games.base.Game`.

An event draws its players to tables round by round; each table plays a match of a game, and
the engine ranks the players over the rounds. A game that can be played so declares how: the
engine's entry points on its tournament record, each table's match, and which of the events'
steps it has. The events feature asks the registry for the games that have this part and never
names one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.tournament.answers import PasseAnswer

#: A JSON-like record or answer of the engine.
Record = dict[str, Any]
#: An engine entry point: a record in, its JSON answer out.
Entry = Callable[[Mapping[str, Any]], Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class Operation:
    """One of the format's records answered by the JSON API: ``POST /api/v1/<name>``."""

    name: str
    operation_id: str
    summary: str
    #: The request's and the answer's schema names (in :attr:`TournamentApi.schemas`).
    request: str
    response: str
    example: Mapping[str, Any]
    entry: Entry


@dataclass(frozen=True, slots=True)
class TournamentApi:
    """The format's records in the JSON API and its OpenAPI document."""

    #: JSON Schemas by name, added to the document's components.
    schemas: Mapping[str, Any]
    operations: tuple[Operation, ...]


@dataclass(frozen=True, slots=True)
class Office:
    """The teams' confirmation of a table's games and the office's rulings (TOURNAMENT.md T6):
    each table's games of a round make one record the engine checks (control sum, states)."""

    #: The table's record's ``game``, and the engine's answer to such a record.
    record_game: str
    score: Callable[[Mapping[str, Any]], PasseAnswer]
    #: The event's options the table's record takes (the rest are the tournament's).
    options: tuple[str, ...]
    #: The game whose dispute desk the office's queue opens, prefilled with a game's contract.
    desk_game: str
    #: Put the teams' signature of a table's games (T6.2 ``per_passe``) into the table's result
    #: in the tournament record.
    sign: Callable[[Record, list[int]], None]


@dataclass(frozen=True, slots=True)
class TournamentFormat:
    """How a game is played at an event, and which of the events' steps it has."""

    #: The new-event form's choice, and the short name the event's page shows (translated).
    title: Callable[[], str]
    label: Callable[[], str]
    #: The tournament record's ``game``, and the engine's ranking and draw of such a record.
    record_game: str
    score: Entry
    seat: Entry
    #: The tournament record's fields the game's engine reads (the others are left out).
    fields: frozenset[str]
    #: The event's options (``settings["options"]``) the new-event form states.
    options: Callable[[Any], Record]
    #: A table's result in the tournament record, from the deals in force of its match.
    result: Callable[[list[Record]], Record]
    #: The game of a table's match, and its settings from the event's options.
    table_game: str
    table_settings: Callable[[Mapping[str, Any]], Record]
    #: The deals a table plays in one round.
    games_per_passe: Callable[[Mapping[str, Any]], int]
    #: The paper pads' button on the event's page (translated).
    pads_title: Callable[[], str]
    #: The teams' confirmation and the office (TOURNAMENT.md T6), if the format has them.
    office: Office | None = None
    #: Teams of two at each table: the pads per team, the team labels of the table cards.
    teams: bool = False
    #: Withdrawals, substitutes and late entries (T8, the record's ``late_entries``).
    substitutes: bool = False
    #: Which totals its ranking counts better (SEASON.md Z4.5): ``high`` (Schieber's points) or
    #: ``low`` (Differenzler's differences); a season adds up totals of one direction only.
    direction: str = "high"
    api: TournamentApi | None = None
    #: The format's own fields of the new-event form (name, unbound WTForms field), shown in its
    #: section of the form; :attr:`options` reads them.
    form_fields: tuple[tuple[str, Any], ...] = ()
    #: A sentence about the format in its section of the form (translated), if any.
    about: Callable[[], str] | None = None
    #: The new-event form's field that shows the engine's reason against the event's options.
    error_field: str = "passen"
    #: That reason in the reader's language, from the option's field and the rule the engine
    #: cites (the engine's own message is English), if the format words it.
    option_problem: Callable[[str, str | None], str | None] | None = None

    @property
    def confirms(self) -> bool:
        """Whether the teams confirm their games and the event has an office."""
        return self.office is not None
