"""The forms of the tables' confirmation and of the office: shape only; the engine adjudicates."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, HiddenField, IntegerField, SelectField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from scorer.web.forms import KeyedForm, choices, numeric

TEAMS = choices(("1", _l("Team 1")), ("2", _l("Team 2")))


class ConfirmForm(KeyedForm):
    """A team confirms a game as entered (T6.2 ``per_game``), or signs the Passe (``per_passe``)."""

    slot = HiddenField()
    version = HiddenField()
    team = SelectField(_l("Team"), choices=TEAMS, validators=[InputRequired()])
    #: Where the table goes on: "match" is its match screen, anything else the table's page.
    back = HiddenField()
    #: Every game the team confirms at once, "slot:version" each, comma-separated (instead of
    #: ``slot`` and ``version``): the Passe's games as the team saw them.
    games = HiddenField()


class ClaimForm(KeyedForm):
    """A team's own figure for a game (T6.2 ``double_entry``; under ``per_game`` it rejects the entry)."""

    slot = HiddenField(validators=[InputRequired()])
    team = SelectField(_l("Team"), choices=TEAMS, validators=[InputRequired()])
    value = IntegerField(
        _l("Our trick points"), validators=[Optional(), NumberRange(min=0, max=157)], render_kw=numeric()
    )
    match = BooleanField(_l("We made a Match"))


class RulingForm(KeyedForm):
    """The office's figure for a disputed game, with its reason (T6.4)."""

    match_id = HiddenField(validators=[InputRequired()])
    slot = HiddenField(validators=[InputRequired()])
    team = SelectField(_l("Points of"), choices=TEAMS, validators=[InputRequired()])
    value = IntegerField(
        _l("Trick points"), validators=[Optional(), NumberRange(min=0, max=157)], render_kw=numeric()
    )
    match = BooleanField(_l("Match"))
    reason = TextAreaField(
        _l("Reason of the ruling"), validators=[DataRequired(), Length(max=500)], render_kw={"rows": 2}
    )


class ReportedForm(KeyedForm):
    """The totals a paper Jasszettel states, for the transcription check (T6.6)."""

    match_id = HiddenField(validators=[InputRequired()])
    team_1 = IntegerField(
        _l("Team 1 on paper"),
        validators=[InputRequired(), NumberRange(min=0, max=99_999)],
        render_kw=numeric(),
    )
    team_2 = IntegerField(
        _l("Team 2 on paper"),
        validators=[InputRequired(), NumberRange(min=0, max=99_999)],
        render_kw=numeric(),
    )


class RevokeForm(KeyedForm):
    """The director withdraws the office's link or a table's (``scorer.events.revoke``)."""

    link = SelectField(
        choices=choices(("office", "office"), ("table", "table")), validators=[InputRequired()]
    )
    match_id = HiddenField()


class MoveForm(KeyedForm):
    """The director moves a table's entry to another device (``scorer.events.devices``)."""


class ImportEventForm(KeyedForm):
    text = TextAreaField(_l("Event export (JSON)"), validators=[DataRequired()], render_kw={"rows": 8})
