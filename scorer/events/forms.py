"""The event forms: shape only; the engine adjudicates seating and scores."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, IntegerField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from scorer import games
from scorer.events import formats
from scorer.web.forms import KeyedForm, VersionedForm, choices, numeric


class NewEventForm(KeyedForm):
    title = StringField(_l("Name of the event"), validators=[DataRequired(), Length(max=120)])
    #: The registry's games that have a tournament format (filled per form: the app's games).
    game = SelectField(_l("Game"), default=games.RECORD_DEFAULT)
    format = SelectField(
        _l("Format"),
        choices=choices(
            ("einzel", _l("Einzelschieber (a new partner every Passe)")),
            ("partner", _l("Partnerschieber (fixed pairs)")),
        ),
        default="einzel",
    )
    passen = IntegerField(
        _l("Passen (rounds)"),
        default=4,
        validators=[InputRequired(), NumberRange(min=1, max=12)],
        render_kw=numeric(),
    )
    games_per_passe = IntegerField(
        _l("Games per Passe"),
        default=12,
        validators=[InputRequired(), NumberRange(min=1, max=48)],
        render_kw=numeric(),
    )
    streich = IntegerField(
        _l("Struck Passen (Streichpasse)"),
        default=0,
        validators=[InputRequired(), NumberRange(min=0, max=11)],
        render_kw=numeric(),
    )
    match_value = SelectField(
        _l("A Match counts"),
        choices=choices(("157", "157"), ("207", "207 (157 + 50)"), ("257", "257 (157 + 100)")),
        default="157",
    )
    #: T6.2: who confirms a game's figure.
    confirm = SelectField(
        _l("Confirmation"),
        choices=choices(
            ("per_game", _l("each team confirms every game")),
            ("per_passe", _l("each team signs the Passe")),
            ("double_entry", _l("each team enters its own figure")),
            ("none", _l("the table's entry counts alone")),
        ),
        default="per_game",
    )
    #: Differenzler's D7.4 (its ``lot`` needs the office's draw, which events do not record yet).
    tie = SelectField(
        _l("Equal totals (Differenzler)"),
        choices=choices(("", _l("share the rank")), ("exact_hits", _l("more exact hits rank higher"))),
        default="",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game.choices = choices(*((name, each.title()) for name, each in formats.formats().items()))


class PlayersForm(VersionedForm):
    players = TextAreaField(
        _l(
            "Players, one a line: name; club; number (club and number optional). "
            "Partnerschieber: a pair a line, the two players split by /"
        ),
        validators=[DataRequired()],
        render_kw={"rows": 8},
    )


class WithdrawForm(VersionedForm):
    player = SelectField(_l("Player"), validators=[InputRequired()])
    substitute = StringField(_l("Substitute (optional)"), validators=[Optional(), Length(max=60)])


class DrawForm(VersionedForm):
    pass


class FreezeForm(VersionedForm):
    frozen = BooleanField(_l("Hold back the standings on the ranking page"))


class PlayerForm(VersionedForm):
    """A correction of a registered player (a new version in the event's log)."""

    name = StringField(_l("Name"), validators=[DataRequired(), Length(max=60)])
    club = StringField(_l("Club"), validators=[Optional(), Length(max=60)])
    number = StringField(_l("Number"), validators=[Optional(), Length(max=20)])
