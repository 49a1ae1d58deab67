"""The event forms: shape only; the engine adjudicates seating and scores."""

from __future__ import annotations

import html
from typing import Any

from flask_babel import lazy_gettext as _l
from markupsafe import Markup
from wtforms import BooleanField, IntegerField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional
from wtforms.widgets import Select, html_params

from rules_engine.limits import TOURNAMENT
from scorer import games
from scorer.events import formats
from scorer.web.forms import KeyedForm, VersionedForm, choices, numeric


class NewEventForm(KeyedForm):
    title = StringField(_l("Name of the event"), validators=[DataRequired(), Length(max=TOURNAMENT.title)])
    #: The registry's games that have a tournament format (filled per form: the app's games).
    game = SelectField(_l("Game"), default=games.RECORD_DEFAULT)
    passen = IntegerField(
        _l("Passen (rounds)"),
        default=4,
        validators=[InputRequired(), NumberRange(min=1, max=TOURNAMENT.passen)],
        render_kw=numeric(),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game.choices = choices(*((name, each.title()) for name, each in formats.formats().items()))


def new_event_form() -> NewEventForm:
    """The new-event form with each tournament format's own fields."""
    own = {name: field for each in formats.formats().values() for name, field in each.form_fields}
    form: NewEventForm = type("NewEventForm", (NewEventForm,), own)()
    return form


class PlayersForm(VersionedForm):
    players = TextAreaField(
        _l(
            "Players, one a line: name; club; number (club and number optional). "
            "Partnerschieber: a pair a line, the two players split by /"
        ),
        validators=[DataRequired()],
        render_kw={"rows": 8},
    )


class PlayerSelect(Select):
    """A select of every player of the field: its options written in one pass, as wtforms'
    markup per option made a thousand of them most of the event page's time."""

    def __call__(self, field: Any, **kwargs: Any) -> Markup:
        kwargs.setdefault("id", field.id)
        if "required" not in kwargs and "required" in getattr(field, "flags", []):
            kwargs["required"] = True
        # html.escape writes plain strings (markupsafe's escape a Markup object per call).
        options = "".join(
            f'<option{" selected" if selected else ""} value="{html.escape(str(value))}">'
            f"{html.escape(str(label))}</option>"
            for value, label, selected, _render_kw in field.iter_choices()
        )
        return Markup(f"<select {html_params(name=field.name, **kwargs)}>{options}</select>")


class WithdrawForm(VersionedForm):
    player = SelectField(_l("Player"), validators=[InputRequired()], widget=PlayerSelect())
    substitute = StringField(
        _l("Substitute (optional)"), validators=[Optional(), Length(max=TOURNAMENT.name)]
    )


class DrawForm(VersionedForm):
    # A draw opens its tables at once (it can be undone only until a table enters a game): the
    # director says so with one more tap, which the view asks for by name (views.draw).
    confirmed = BooleanField(_l("Yes, draw it now"), render_kw={"required": True})


class UndrawForm(VersionedForm):
    """Take back the last round's draw, while none of its tables has entered a game (T5)."""

    confirmed = BooleanField(
        _l("Yes, undo this draw: its tables' links stop working"), render_kw={"required": True}
    )


class SwapForm(VersionedForm):
    """Two players of the last round change places, before their tables entered a game."""

    first = SelectField(_l("Player"), validators=[InputRequired()], widget=PlayerSelect())
    second = SelectField(_l("changes places with"), validators=[InputRequired()], widget=PlayerSelect())


class FreezeForm(VersionedForm):
    frozen = BooleanField(_l("Hold back the standings on the ranking page"))


class PlayerForm(VersionedForm):
    """A correction of a registered player (a new version in the event's log)."""

    name = StringField(_l("Name"), validators=[DataRequired(), Length(max=TOURNAMENT.name)])
    club = StringField(_l("Club"), validators=[Optional(), Length(max=TOURNAMENT.club)])
    number = StringField(_l("Number"), validators=[Optional(), Length(max=TOURNAMENT.number)])
