"""A third game, "Hundred", added as a newcomer would: this folder and one registry line.

The folder holds the game's engine module (``engine.py``), its forms, parts and templates
(``templates/toy/``), its columns of the printed sheets (``sheet.py``), and its pure record
module (``record.py``) that the tablet runs offline. The registry line is the app's configuration:
``create_app({"GAMES": [*games.MODULES, "tests.toygame"]})``; the engine finds
``engine.py`` by its line in ``rules_engine.api.GAMES``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wtforms import IntegerField, SelectField
from wtforms.validators import InputRequired, NumberRange

from scorer.games.base import DealEntry, Form, Game, MatchPage, Offline, Record, RowCells, Settings, Setup
from scorer.games.board import Side, item
from scorer.games.common import kept_fields, name_seats, typed_names
from scorer.web import display
from scorer.web.forms import SEATS_4, KeyedForm, NamesMixin, VersionedForm, optional_int
from scorer.web.posted import of_form
from tests.toygame import record
from tests.toygame.event import EVENT
from tests.toygame.sheet import SHEET_PART

if TYPE_CHECKING:
    from scorer.games.board import MatchView

TARGET = 300


class NewToyForm(NamesMixin, KeyedForm):
    target = optional_int("Target", minimum=1, maximum=10_000)


class ToyDealForm(VersionedForm):
    forehand = SelectField("Forehand", choices=SEATS_4, validators=[InputRequired()])
    points = IntegerField("Points of team 1", validators=[InputRequired(), NumberRange(min=0, max=1000)])


def settings(form: Form) -> Settings:
    return record.setup_settings(of_form(form))


def from_record(record: Mapping[str, Any], form: Form) -> Settings:
    return kept_fields(record, ("target",), {"game": "toy", "players": 4, "names": typed_names(form, 4)})


def deal_record(form: Form, settings: Settings) -> Record:
    return record.deal_record(of_form(form), settings)


def fill(record: Mapping[str, Any]) -> dict[str, Any]:
    return {"forehand": str(record.get("forehand", 1)), "points": record.get("points")}


def sides(loaded: MatchView) -> list[Side]:
    target = int(loaded.settings.get("target") or TARGET)
    result = []
    for i in range(2):
        side = Side(i + 1, display.side_label(i + 1, loaded.settings), item(loaded.answer.get("scores"), i))
        if isinstance(side.score, int):
            side.needed = max(target - side.score, 0)
        result.append(side)
    return result


def cells(loaded: MatchView, seat_names: Sequence[str]) -> RowCells:
    def row(index: int, record: Mapping[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
        return {"points": " : ".join(str(p) for p in answer.get("total") or [])}

    return row


GAME = Game(
    name="toy",
    title=lambda: "Hundred",
    new_title=lambda: "New Hundred",
    package=__name__,
    deck="french",
    positions={4: ("bottom", "right", "top", "left")},
    setup=Setup(
        form=NewToyForm,
        settings=settings,
        check=lambda form, settings: True,
        error_fields={"target": "target"},
        record_fields=record.match_fields,
        from_record=from_record,
    ),
    deal=DealEntry(
        form=ToyDealForm,
        prepare=lambda form, settings: name_seats(form, settings, ("forehand",)),
        record=deal_record,
        fill=fill,
        slots=lambda settings: frozenset({"forehand", "points"}),
        error_fields={"forehand": "forehand", "points": "points"},
        melds=None,
        total=lambda settings: 100,
    ),
    match=MatchPage(
        sides=sides,
        cells=cells,
        context=lambda loaded: {},
        words=lambda record, settings, deck: [f"{record.get('points')}"],
    ),
    sheet=SHEET_PART,
    event=EVENT,
    offline=Offline(module="tests.toygame.record", born=((4, "french"),)),
)
